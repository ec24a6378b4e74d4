package main

import (
	"encoding/json"
	"math"
	"strings"
	"testing"

	"agree/segmentation"
)

func segJSON(t *testing.T, stdin string, args ...string) map[string]any {
	t.Helper()
	out, errs, code := agree(t, stdin, append([]string{"segmentation", "--format", "json"}, args...)...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var got map[string]any
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("bad JSON: %v\n%s", err, out)
	}
	return got
}

func num(t *testing.T, v any, path string) float64 {
	t.Helper()
	f, ok := v.(float64)
	if !ok {
		t.Fatalf("%s = %v, want a number", path, v)
	}
	return f
}

// TestSegmentationHearst checks the dataset figures of sheet §8.2 for
// HEARST_1997_STARGAZER through the CLI (JSON keys are the contract of
// issue 5).
func TestSegmentationHearst(t *testing.T) {
	got := segJSON(t, "", "testdata/segmentation/hearst1997.json")
	ag := got["agreement"].(map[string]any)
	for k, want := range map[string]float64{"actual": 0.530054644809, "pi": 0.464449737674, "kappa": 0.465320197263, "bias": 0.001428571429} {
		if v := num(t, ag[k], "agreement."+k); math.Abs(v-want) > 1e-11 {
			t.Errorf("agreement.%s = %.12f, want %.12f", k, v, want)
		}
	}
	if n := len(got["pairs"].([]any)); n != 21 {
		t.Errorf("%d pairs, want 21", n)
	}
	sum := got["summary"].(map[string]any)
	b := sum["b"].(map[string]any)
	pk := sum["pk"].(map[string]any)
	if v := num(t, b["mean"], "summary.b.mean"); math.Abs(v-0.533686353329) > 1e-11 || b["n"] != 21.0 {
		t.Errorf("summary.b = %v, want mean 0.533686353329, n 21", b)
	}
	if v := num(t, pk["mean"], "summary.pk.mean"); math.Abs(v-0.325814536341) > 1e-11 || pk["n"] != 42.0 {
		t.Errorf("summary.pk = %v, want mean 0.325814536341, n 42", pk)
	}
	// π with S (sheet §8.2): 0.766653099986.
	gotS := segJSON(t, "", "testdata/segmentation/hearst1997.json", "--similarity", "s")
	if v := num(t, gotS["agreement"].(map[string]any)["pi"], "pi"); math.Abs(v-0.766653099986) > 1e-11 {
		t.Errorf("π with S = %.12f, want 0.766653099986", v)
	}
}

// TestSegmentationPair checks one pair read as CSV from stdin against sheet
// §8.1 row 1: (2,3,6) against (5,6): B 0.5, S 0.9, 1 addition, Pk = WD =
// 0.25 (k = 3), WD Lamprier 0.2. In the other direction k = 2 (mean 11/3 /
// 2 rounds to 2) and by hand Pk = WD = 2/9.
func TestSegmentationPair(t *testing.T) {
	in := "item,coder,masses\ndoc1,coderA,2 3 6\ndoc1,coderB,5 6\n"
	got := segJSON(t, in, "-")
	p := got["pairs"].([]any)[0].(map[string]any)
	want := map[string]float64{"b": 0.5, "s": 0.9, "additions": 1, "substitutions": 0, "transpositions": 0, "matches": 1,
		"pk": 0.25, "window_diff": 0.25, "window_size": 3, "pk_ba": 2.0 / 9, "window_diff_ba": 2.0 / 9, "window_size_ba": 2,
		"bed": 1, "precision": 0.5, "recall": 1, "f": 2.0 / 3, "units": 11}
	for k, w := range want {
		if v := num(t, p[k], k); math.Abs(v-w) > 1e-12 {
			t.Errorf("%s = %v, want %v", k, v, w)
		}
	}
	// GHD with NLTK defaults: one extra hypothesis boundary costs del = 2.
	if v := num(t, p["ghd"], "ghd"); v != 2 {
		t.Errorf("ghd = %v, want 2", v)
	}
	if p["item"] != "doc1" || p["coder_a"] != "coderA" || p["coder_b"] != "coderB" {
		t.Errorf("pair names: %v", p)
	}
	got = segJSON(t, in, "-", "--lamprier")
	p = got["pairs"].([]any)[0].(map[string]any)
	if v := num(t, p["window_diff"], "window_diff"); math.Abs(v-0.2) > 1e-12 {
		t.Errorf("WD Lamprier = %v, want 0.2", v)
	}
	got = segJSON(t, in, "-", "--window", "2")
	p = got["pairs"].([]any)[0].(map[string]any)
	if v := num(t, p["pk"], "pk"); math.Abs(v-2.0/9) > 1e-12 {
		// k = 2 by hand: hyp slots {1,4}, ref {4}; windows 0…8 of slots
		// i, i+1 differ at i = 0, 1 → 2/9.
		t.Errorf("pk with --window 2 = %v, want 2/9", v)
	}
}

// TestSegmentationUndefined: with 2 units and k = 2 there is no window, so
// Pk and WD are null with a reason, not a number.
func TestSegmentationUndefined(t *testing.T) {
	got := segJSON(t, "d,A,1 1\nd,B,2\n", "-")
	p := got["pairs"].([]any)[0].(map[string]any)
	if p["pk"] != nil || p["window_diff_ba"] != nil {
		t.Errorf("pk = %v, window_diff_ba = %v; want null", p["pk"], p["window_diff_ba"])
	}
	r, _ := p["undefined_reason"].(map[string]any)
	if s, _ := r["pk"].(string); !strings.Contains(s, "no window") {
		t.Errorf("undefined_reason = %v", r)
	}
	// Recall undefined: coder B places no boundary.
	if p["recall"] != nil || r["recall"] == nil {
		t.Errorf("recall = %v (%v), want null with a reason", p["recall"], r["recall"])
	}
}

// TestSegmentationMerge reads two files into one dataset and compares with
// the library on the same data built directly.
func TestSegmentationMerge(t *testing.T) {
	got := segJSON(t, "", "testdata/segmentation/g5_ch1.csv", "testdata/segmentation/g5_ch3.json")
	var d segmentation.Dataset
	add := func(item, coder string, m ...int) {
		s, err := segmentation.FromMasses(m)
		if err != nil {
			t.Fatal(err)
		}
		if err := d.Add(item, coder, s); err != nil {
			t.Fatal(err)
		}
	}
	add("ch1", "an4", 2, 8, 2, 1)
	add("ch1", "an1", 11, 2)
	add("ch1", "an2", 2, 1, 7, 2, 1)
	add("ch1", "an3", 9, 4)
	add("ch3", "an4", 2, 3, 4, 2, 5, 17, 4, 1)
	add("ch3", "an1", 6, 5, 27)
	add("ch3", "an2", 3, 8, 2, 3, 17, 2, 2, 1)
	add("ch3", "an3", 3, 15, 15, 5)
	want, err := segmentation.DatasetAgreement(&d, segmentation.AgreementOptions{})
	if err != nil {
		t.Fatal(err)
	}
	ag := got["agreement"].(map[string]any)
	if num(t, ag["actual"], "actual") != want.Actual || num(t, ag["kappa"], "kappa") != want.Kappa {
		t.Errorf("merged agreement %v, want %+v", ag, want)
	}
	if n := len(got["pairs"].([]any)); n != 12 {
		t.Errorf("%d pairs, want 12 (2 items × 6 coder pairs)", n)
	}
	// The same file twice: duplicate segmentations are an error.
	_, errs, code := agree(t, "", "segmentation", "testdata/segmentation/g5_ch1.csv", "testdata/segmentation/g5_ch1.csv")
	if code != 1 || !strings.Contains(errs, "already given in") {
		t.Errorf("duplicate files: exit %d, %s", code, errs)
	}
}

// TestSegmentationGolden fixes the table and markdown output.
func TestSegmentationGolden(t *testing.T) {
	for _, c := range []struct {
		golden string
		args   []string
	}{
		{"segmentation-g2-ch2.txt", []string{"segmentation", "testdata/segmentation/g2_ch2.csv"}},
		{"segmentation-g5-ch1.md", []string{"segmentation", "--format", "markdown", "testdata/segmentation/g5_ch1.csv"}},
	} {
		out, errs, code := agree(t, "", c.args...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", c.args, code, errs)
		}
		golden(t, c.golden, out)
	}
	// The golden G2 ch2 table shows the figures of sheet §8.2.
	out, _, _ := agree(t, "", "segmentation", "testdata/segmentation/g2_ch2.csv")
	for _, s := range []string{"0.5465", "0.5336", "0.5340", "0.0009", "0.5667"} {
		if !strings.Contains(out, s) {
			t.Errorf("table lacks %s (A_a 0.546512, π 0.533555, κ 0.533990, bias 0.000907, mean B 0.566667)", s)
		}
	}
}

// TestSegmentationErrors: bad input exits 1 with file:line:col, bad usage 2.
func TestSegmentationErrors(t *testing.T) {
	cases := []struct {
		stdin string
		args  []string
		code  int
		want  string
	}{
		{"d,A,2 3\nd,B,4\n", []string{"-"}, 1, `<stdin>:2:1: item "d": coder "B" has 4 units but coder "A" has 5`},
		{"d,A,2 -3\nd,B,4\n", []string{"-"}, 1, `<stdin>:1:7: item "d", coder "A": mass -3 must be a positive integer`},
		{`{"items":{"d":{"A":[2,0]}}}`, []string{"-"}, 1, `<stdin>:1:23: item "d", coder "A": mass 0`},
		{"d,A,2\n", []string{"-"}, 1, "1 coder; agreement needs at least two"},
		{"", []string{"testdata/segmentation/nope.csv"}, 1, "nope.csv"},
		{"", nil, 2, "no input file"},
		{"", []string{"--nt", "1", "-"}, 2, "--nt 1"},
		{"", []string{"--window", "-1", "-"}, 2, "--window -1"},
		{"", []string{"--similarity", "x", "-"}, 2, "--similarity"},
		{"", []string{"--ghd", "1,2", "-"}, 2, "--ghd"},
		{"", []string{"--format", "xml", "-"}, 2, "xml"},
		{"", []string{"--input", "xml", "-"}, 2, "xml"},
	}
	for _, c := range cases {
		_, errs, code := agree(t, c.stdin, append([]string{"segmentation"}, c.args...)...)
		if code != c.code || !strings.Contains(errs, c.want) {
			t.Errorf("%v: exit %d, stderr %q; want exit %d containing %q", c.args, code, errs, c.code, c.want)
		}
	}
}

package main

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCompareCommand: agree compare of a table with itself is paired (the
// same item ids) and differs by 0 with p = 1; the estimates are agree
// coding's values of each table (two paths); a table against another of
// other items is unpaired; errors are named.
func TestCompareCommand(t *testing.T) {
	out, errs, code := agree(t, "", "compare", "--bootstrap", "200", "--format", "json", "examples/krippendorff.csv", "examples/krippendorff.csv")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var r struct {
		Measure, Method string
		Paired          bool
		SharedItems     int `json:"shared_items"`
		A               struct{ Value float64 }
		Difference      struct {
			Value, P float64
			CI       struct{ Low, High float64 }
		}
		PerLabel []struct{ Label string } `json:"per_label"`
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	if !r.Paired || r.SharedItems != 12 || r.Difference.Value != 0 || r.Difference.P != 1 || r.Difference.CI.Low != 0 || !strings.Contains(r.Method, "paired") || len(r.PerLabel) == 0 {
		t.Errorf("a table against itself: %+v", r)
	}
	if math.Abs(r.A.Value-0.743421052631579) > 1e-12 { // Krippendorff's α of his example (agree coding's test)
		t.Errorf("α %v", r.A.Value)
	}
	dir := t.TempDir()
	src, _ := os.ReadFile("testdata/rounds.csv")
	var a, b []string
	for i, l := range strings.Split(strings.TrimSpace(string(src)), "\n") {
		f := strings.Split(l, ",")
		row := strings.Join(append([]string{f[0]}, f[2:]...), ",")
		switch {
		case i == 0:
			a, b = append(a, row), append(b, row)
		case f[1] <= "2":
			a = append(a, row)
		default:
			b = append(b, row)
		}
	}
	pa, pb := filepath.Join(dir, "a.csv"), filepath.Join(dir, "b.csv")
	os.WriteFile(pa, []byte(strings.Join(a, "\n")+"\n"), 0o644)
	os.WriteFile(pb, []byte(strings.Join(b, "\n")+"\n"), 0o644)
	out, errs, code = agree(t, "", "compare", "--format", "json", "--measure", "fleiss_kappa", pa, pb)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	json.Unmarshal([]byte(out), &r)
	ca, _, _ := agree(t, "", "coding", "--format", "json", pa)
	var cj struct {
		Coefficients map[string]struct{ Value float64 }
	}
	json.Unmarshal([]byte(ca), &cj)
	if r.Paired || r.Measure != "fleiss_kappa" || math.Abs(r.A.Value-cj.Coefficients["fleiss_kappa"].Value) > 1e-12 {
		t.Errorf("rounds 1–2 against 3–4: %+v (coding's κ %v)", r, cj.Coefficients["fleiss_kappa"].Value)
	}
	for _, c := range []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"compare", "--measure", "beta", pa, pb}, 2, "--measure \"beta\": want one of"},
		{[]string{"compare", pa}, 2, "want"},
		{[]string{"compare", "--paired", "yes", pa, pb}, 2, "--paired must be auto or no"},
		{[]string{"compare", "--bootstrap", "0", pa, pb}, 2, "--bootstrap 0"},
	} {
		_, errs, code := agree(t, "", c.args...)
		if code != c.code || !strings.Contains(errs, c.msg) {
			t.Errorf("agree %s: exit %d, %q; want %d, %q", strings.Join(c.args, " "), code, errs, c.code, c.msg)
		}
	}
}

// TestCodingCompare: coding --compare round=1,4 compares the groups of
// --by round (two paths: its A and B are the groups' α), unpaired.
func TestCodingCompare(t *testing.T) {
	out, errs, code := agree(t, "", "coding", "--compare", "round=1,4", "--format", "json", "testdata/rounds.csv")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var r struct {
		Compare struct {
			Paired bool
			A, B   struct{ Value float64 }
		}
	}
	json.Unmarshal([]byte(out), &r)
	byOut, _, _ := agree(t, "", "coding", "--by", "round", "--format", "json", "testdata/rounds.csv")
	var by struct {
		PerGroup []struct {
			Group        string
			Coefficients map[string]float64
		} `json:"per_group"`
	}
	json.Unmarshal([]byte(byOut), &by)
	if r.Compare.Paired || r.Compare.A.Value != by.PerGroup[0].Coefficients["krippendorff_alpha"] || r.Compare.B.Value != by.PerGroup[3].Coefficients["krippendorff_alpha"] {
		t.Errorf("--compare %+v, --by %+v", r.Compare, by.PerGroup)
	}
	for _, c := range []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"coding", "--compare", "round=1", "testdata/rounds.csv"}, 2, "want COLUMN=A,B"},
		{[]string{"coding", "--compare", "round=1,2", "--by", "round", "testdata/rounds.csv"}, 2, "choose one"},
		{[]string{"coding", "--compare", "round=1,9", "testdata/rounds.csv"}, 1, `no item has round "9"`},
		{[]string{"coding", "--compare", "batch=1,2", "testdata/rounds.csv"}, 2, `no column "batch"`},
	} {
		_, errs, code := agree(t, "", c.args...)
		if code != c.code || !strings.Contains(errs, c.msg) {
			t.Errorf("agree %s: exit %d, %q; want %d, %q", strings.Join(c.args, " "), code, errs, c.code, c.msg)
		}
	}
}

// TestCodingLightKappa: Light's κ is the mean of the pairwise table's
// Cohen's κ (two paths), Cohen's κ for two coders, and undefined when
// --max-rows leaves pairs out.
func TestCodingLightKappa(t *testing.T) {
	get := func(args ...string) (map[string]any, map[string]any) {
		out, errs, code := agree(t, "", append([]string{"coding", "--format", "json"}, args...)...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errs)
		}
		var v map[string]any
		json.Unmarshal([]byte(out), &v)
		return v, v["light_kappa"].(map[string]any)
	}
	v, l := get("examples/krippendorff.csv")
	var sum, n float64
	for _, p := range v["pairwise"].([]any) {
		if k, ok := p.(map[string]any)["cohen_kappa"].(float64); ok {
			sum, n = sum+k, n+1
		}
	}
	if math.Abs(l["value"].(float64)-sum/n) > 1e-15 || l["pairs"].(float64) != 6 {
		t.Errorf("Light's κ %v, mean of the pairs %v", l, sum/n)
	}
	v2, l2 := get("examples/table6.csv")
	if c := v2["coefficients"].(map[string]any)["cohen_kappa"].(map[string]any)["value"]; l2["value"] != c {
		t.Errorf("two coders: Light's κ %v, Cohen's κ %v", l2["value"], c)
	}
	if _, l3 := get("--max-rows", "1", "examples/krippendorff.csv"); l3["value"] != nil || l3["undefined_reason"] == "" {
		t.Errorf("--max-rows 1: %v", l3)
	}
}

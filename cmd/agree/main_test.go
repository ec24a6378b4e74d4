package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/golden")

// agree runs the command line and returns stdout, stderr and the exit code.
func agree(t *testing.T, stdin string, args ...string) (string, string, int) {
	t.Helper()
	var out, errb bytes.Buffer
	err := run(args, strings.NewReader(stdin), &out, &errb)
	code := exitCode(err, &errb)
	return out.String(), errb.String(), code
}

// golden compares got with testdata/golden/name, or rewrites it with -update.
func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", "golden", name)
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./cmd/agree -update to create it)", err)
	}
	if got != string(want) {
		t.Errorf("output differs from %s (rerun with -update if the change is intended)\n--- got\n%s\n--- want\n%s", path, got, want)
	}
}

func TestDemo(t *testing.T) {
	out, errs, code := agree(t, "")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	golden(t, "demo.txt", out)
}

func TestCodingGolden(t *testing.T) {
	cases := []struct {
		golden string
		args   []string
	}{
		{"krippendorff-interval.txt", []string{"coding", "--metric", "interval", "examples/krippendorff.csv"}},
		{"krippendorff-nominal.json", []string{"coding", "--format", "json", "examples/krippendorff.csv"}},
		{"table6-matrix.md", []string{"coding", "--format", "markdown", "--metric", "matrix:examples/table6-distances.csv", "examples/table6.csv"}},
		{"table6.csv", []string{"coding", "examples/table6.csv", "--format", "csv"}},
	}
	for _, c := range cases {
		t.Run(c.golden, func(t *testing.T) {
			out, errs, code := agree(t, "", c.args...)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errs)
			}
			golden(t, c.golden, out)
		})
	}
}

func TestCodingJSONContract(t *testing.T) {
	// The JSON names are a contract for scripts (issue 2): check them and the
	// published values rather than only the golden file.
	out, errs, code := agree(t, "", "coding", "--format", "json", "--metric", "interval", "examples/krippendorff.csv")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var v struct {
		Items          int `json:"items"`
		Coders         int `json:"coders"`
		PairableValues int `json:"pairable_values"`
		Coefficients   map[string]struct {
			Value           *float64 `json:"value"`
			UndefinedReason string   `json:"undefined_reason"`
		} `json:"coefficients"`
	}
	if err := json.Unmarshal([]byte(out), &v); err != nil {
		t.Fatal(err)
	}
	if v.Items != 12 || v.Coders != 4 || v.PairableValues != 40 {
		t.Errorf("items/coders/pairable = %d/%d/%d, want 12/4/40", v.Items, v.Coders, v.PairableValues)
	}
	for _, k := range []string{"percent_agreement", "bennett_s", "scott_pi", "cohen_kappa", "fleiss_kappa", "multi_kappa",
		"krippendorff_alpha", "weighted_kappa", "alpha_kappa", "gwet_ac", "brennan_prediger"} {
		c, ok := v.Coefficients[k]
		if !ok {
			t.Errorf("coefficient %q missing", k)
			continue
		}
		twoOnly := k == "scott_pi" || k == "cohen_kappa" || k == "weighted_kappa"
		if twoOnly && (c.Value != nil || c.UndefinedReason == "") {
			t.Errorf("%s: want null with a reason for 4 coders, got %v %q", k, c.Value, c.UndefinedReason)
		}
		if !twoOnly && c.Value == nil {
			t.Errorf("%s: null (%s)", k, c.UndefinedReason)
		}
	}
	if a := v.Coefficients["krippendorff_alpha"].Value; a == nil || *a < 0.8486 || *a > 0.8496 {
		t.Errorf("interval α = %v, want 0.849 (Krippendorff 2004)", a)
	}
}

func TestCodingStdinAndLayouts(t *testing.T) {
	// Komen's ';' layout from standard input: John and Mary, κ ≈ 0.09.
	in := "1;0;0\n2;1;1\n3;1;0\n4;0;0\n5;0;0\n6;1;0\n7;0;0\n8;1;0\n9;0;1\n10;0;0\n"
	out, errs, code := agree(t, in, "coding", "--sep", ";", "--columns", "2,3", "--format", "csv", "-")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if !strings.Contains(out, "Cohen's κ,cohen_kappa,0.0909,") {
		t.Errorf("want κ 0.0909 in:\n%s", out)
	}
	// Long layout.
	out, errs, code = agree(t, "item,coder,value\n1,a,x\n1,b,x\n2,a,y\n2,b,y\n3,a,x\n3,b,y\n", "coding", "--format", "json", "-")
	if code != 0 || !strings.Contains(out, `"coders": 2`) {
		t.Errorf("long layout: exit %d, %s %s", code, errs, out)
	}
}

func TestCodingErrors(t *testing.T) {
	dir := t.TempDir()
	write := func(name, s string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	ragged := write("ragged.csv", "item,a,b\n1,x,y\n2,x\n")
	one := write("one.csv", "item,a\n1,x\n2,y\n")
	nopair := write("nopair.csv", "item,a,b\n1,x,\n2,,y\n")
	words := write("words.csv", "item,a,b\n1,1,2\n2,3,high\n")
	matrix := write("m.csv", ",x,y\nx,0,1\ny,1,0\n")
	unknown := write("unknown.csv", "item,a,b\n1,x,z\n")
	cases := []struct {
		name string
		args []string
		code int
		want string
	}{
		{"ragged rows", []string{"coding", ragged}, 1, "ragged.csv:3: 2 fields, want 3"},
		{"one coder", []string{"coding", one}, 1, "one.csv: 1 coder; agreement needs at least two"},
		{"no pairable item", []string{"coding", nopair}, 1, "no item has values from two or more coders"},
		{"a word under --metric interval", []string{"coding", "--metric", "interval", words}, 1, `words.csv:3:5: interval distance: value "high": not a number`},
		{"unknown category in a matrix", []string{"coding", "--metric", "matrix:" + matrix, unknown}, 1, `unknown.csv:2:5: matrix:` + matrix + ` distance: value "z": category not in the distance matrix`},
		{"missing file", []string{"coding", filepath.Join(dir, "none.csv")}, 1, "no such file"},
		{"unknown metric", []string{"coding", "--metric", "cosine", ragged}, 2, `distance "cosine": unknown distance`},
		{"unknown flag", []string{"coding", "--bogus", ragged}, 2, "flag provided but not defined"},
		{"no file", []string{"coding"}, 2, "want one FILE"},
		{"unknown command", []string{"frobnicate"}, 2, `unknown command "frobnicate"`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, errs, code := agree(t, "", c.args...)
			if code != c.code || !strings.Contains(errs, c.want) {
				t.Errorf("exit %d, stderr %q; want exit %d and %q", code, errs, c.code, c.want)
			}
		})
	}
}

package main

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func corefRun(t *testing.T, stdin string, args ...string) map[string]any {
	t.Helper()
	out, errs, code := agree(t, stdin, append([]string{"coref", "--format", "json"}, args...)...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var v map[string]any
	if err := json.Unmarshal([]byte(out), &v); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	return v
}

func pair0(t *testing.T, v map[string]any) map[string]any {
	t.Helper()
	ps := v["pairs"].([]any)
	return ps[0].(map[string]any)
}

func near(t *testing.T, what string, got any, want, tol float64) {
	t.Helper()
	g, ok := got.(float64)
	if !ok || math.Abs(g-want) > tol {
		t.Errorf("%s = %v, want %v (±%g)", what, got, want, tol)
	}
}

// TestCorefPassonneau: seed 001, Figure 2 / Table 2 (Passonneau 1997). CA1
// did not mark D′: by default the scorer metrics are printed, the link
// table and chains as sets are left out with the difference listed in a
// note (issue 14: the scorer's metrics take any mentions); --missing singletons
// adds it as the paper does and gives a=6, b=c=1, d=2, κ = 11/21 ≈ .52
// (the paper's α, link_alpha, is the same), Krippendorff's α = 23/42; MUC
// R = P = 6/7 ≈ .86 (eqs. 18–19).
func TestCorefPassonneau(t *testing.T) {
	v := corefRun(t, "", "testdata/coref/passonneau.csv")
	notes := strings.Join(toStrings(v["notes"]), "\n")
	if !strings.Contains(notes, `only "CA3": testdata/coref/passonneau.csv: D'`) || !strings.Contains(notes, "--missing singletons") {
		t.Errorf("default run: notes %q do not list the difference and the remedy", notes)
	}
	p := pair0(t, v)
	near(t, "MUC recall without D′ in the key", p["muc"].(map[string]any)["recall"], 6.0/7, 1e-12)
	if p["link_table"] != nil || p["undefined_reason"].(map[string]any)["link_table"] == nil {
		t.Errorf("default run: link table %v, reasons %v", p["link_table"], p["undefined_reason"])
	}
	if cs := v["chains_as_sets"].(map[string]any); cs["masi"] != nil || cs["undefined_reason"] == nil {
		t.Errorf("default run: chains as sets %v", cs)
	}
	v = corefRun(t, "", "testdata/coref/passonneau.csv", "--missing", "singletons")
	p = pair0(t, v)
	// the JSON contract of the issue
	for _, k := range []string{"annotators", "muc", "b3", "ceafm", "ceafe", "blanc", "lea", "conll_f1", "link_table", "link_kappa", "link_alpha", "chains_as_sets"} {
		if _, ok := p[k]; !ok {
			t.Errorf("pair has no %q", k)
		}
	}
	for _, k := range []string{"masi", "jaccard", "dice", "passonneau", "nominal"} {
		if _, ok := v["chains_as_sets"].(map[string]any)[k]; !ok {
			t.Errorf("chains_as_sets has no %q", k)
		}
	}
	lt := p["link_table"].(map[string]any)
	if lt["a"] != 6.0 || lt["b"] != 1.0 || lt["c"] != 1.0 || lt["d"] != 2.0 {
		t.Errorf("link table %v", lt)
	}
	near(t, "link_kappa", p["link_kappa"], 11.0/21, 1e-12)
	near(t, "link_pi", p["link_pi"], 11.0/21, 1e-12)
	near(t, "link_alpha (the paper's)", p["link_alpha"], 11.0/21, 1e-12)
	near(t, "link_krippendorff_alpha", p["link_krippendorff_alpha"], 23.0/42, 1e-12)
	muc := p["muc"].(map[string]any)
	near(t, "MUC recall", muc["recall"], 6.0/7, 1e-12)
	near(t, "MUC precision", muc["precision"], 6.0/7, 1e-12)
	if notes := strings.Join(toStrings(v["notes"]), "\n"); !strings.Contains(notes, "added 1 singleton: D'") {
		t.Errorf("notes do not say what was added: %q", notes)
	}
}

func toStrings(v any) []string {
	var out []string
	for _, x := range v.([]any) {
		out = append(out, x.(string))
	}
	return out
}

// TestCorefCoNLL: the official case TC-A-4 (key {a}{bc}{def}, response
// {a}{bcx}{dy}{z}) written as CoNLL files, against the reference scorer's
// values (shared/reference/coreference.md §5).
func TestCorefCoNLL(t *testing.T) {
	v := corefRun(t, "", "testdata/coref/key.conll", "testdata/coref/response.conll", "--missing", "skip")
	p := pair0(t, v)
	if a := p["annotators"].([]any); a[0] != "key" || a[1] != "response" {
		t.Errorf("annotators %v", a)
	}
	for _, c := range []struct {
		metric string
		r, p   float64
		f      float64
	}{
		{"muc", 0.33333, 0.33333, 0.33333}, {"b3", 0.55556, 0.40476, 0.46832},
		{"ceafm", 0.66667, 0.57143, 0.61538}, {"ceafe", 0.73333, 0.55, 0.62857},
		{"blanc", 0.35227, 0.27206, 0.30357}, {"lea", 0.5, 0.28571, 0.36364},
	} {
		m := p[c.metric].(map[string]any)
		near(t, c.metric+" recall", m["recall"], c.r, 1e-4)
		near(t, c.metric+" precision", m["precision"], c.p, 1e-4)
		near(t, c.metric+" f1", m["f1"], c.f, 1e-4)
	}
	near(t, "conll_f1", p["conll_f1"], 0.47674, 1e-4)
	if p["link_table"] != nil || p["link_kappa"] != nil {
		t.Errorf("link table with different markables: %v %v", p["link_table"], p["link_kappa"])
	}
	if r := p["undefined_reason"].(map[string]any)["link_table"]; !strings.Contains(r.(string), "different mentions") {
		t.Errorf("undefined_reason %v", r)
	}
}

// TestCorefChainsAsSets: the NLTK vector of coreference.md §7 with the whole
// chain as the label: α MASI 0.4631578947368421, Jaccard 0.6, nominal
// 0.22857142857142865.
func TestCorefChainsAsSets(t *testing.T) {
	in := "annotator,mention,chain\nc1,m1,1\nc1,m2,1\nc1,m3,2\nc1,m4,3\nc1,m5,3\nc2,m1,1\nc2,m2,1\nc2,m3,1\nc2,m4,2\nc2,m5,2\n"
	v := corefRun(t, in, "-", "--input", "csv", "--chain-sets", "whole")
	cs := v["chains_as_sets"].(map[string]any)
	near(t, "MASI", cs["masi"], 0.4631578947368421, 1e-12)
	near(t, "Jaccard", cs["jaccard"], 0.6, 1e-12)
	near(t, "nominal", cs["nominal"], 0.22857142857142865, 1e-12)
	pcs := pair0(t, v)["chains_as_sets"].(map[string]any)
	near(t, "pair MASI", pcs["masi"], 0.4631578947368421, 1e-12)
}

// TestCorefBratAndThree: brat directories, one per annotator, and a third
// annotator (CSV cannot be mixed per annotator, so three brat dirs): the
// text output has the CoNLL F1 matrix. bratA: {Alice, She}{Acme}; bratB:
// {She, Acme}{Alice}: the partitions cross, a = 0, b = c = 1, d = 0, so
// κ = (0 − 1/2)/(1 − 1/2) = −1 by hand.
func TestCorefBratAndThree(t *testing.T) {
	v := corefRun(t, "", "testdata/coref/bratA", "testdata/coref/bratB")
	p := pair0(t, v)
	lt := p["link_table"].(map[string]any)
	if lt["a"] != 0.0 || lt["b"] != 1.0 || lt["c"] != 1.0 || lt["d"] != 0.0 {
		t.Errorf("link table %v", lt)
	}
	near(t, "link_kappa", p["link_kappa"], -1, 1e-12)
	out, errs, code := agree(t, "", "coref", "testdata/coref/bratA", "testdata/coref/bratB", "testdata/coref/bratA", "--annotators", "x,y,z")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if !strings.Contains(out, "CoNLL F1 between annotators") {
		t.Errorf("no matrix for three annotators:\n%s", out)
	}
}

func TestCorefGolden(t *testing.T) {
	out, errs, code := agree(t, "", "coref", "testdata/coref/passonneau.csv", "--missing", "singletons")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	golden(t, "coref_passonneau.txt", out)
}

func TestCorefErrors(t *testing.T) {
	tests := []struct {
		args []string
		code int
		want string
	}{
		{[]string{"coref"}, 2, "no input file"},
		{[]string{"coref", "--missing", "maybe", "x.csv"}, 2, "--missing must be"},
		{[]string{"coref", "--duplicates", "x", "x.csv"}, 2, "--duplicates must be"},
		{[]string{"coref", "testdata/coref/key.conll", "testdata/coref/key.conll"}, 2, "both give annotator \"key\""},
		{[]string{"coref", "testdata/coref/key.conll"}, 1, "need at least two annotators"},
		{[]string{"coref", "nonexistent.conll", "x.conll"}, 1, "nonexistent.conll"},
		{[]string{"coref", "--input", "conll", "-", "testdata/coref/key.conll"}, 1, "-:1:1: coreference column \"x\""},
	}
	for _, tc := range tests {
		_, errs, code := agree(t, "x\nw 5)\n", tc.args...)
		if code != tc.code || !strings.Contains(errs, tc.want) {
			t.Errorf("%v: exit %d, stderr %q; want %d and %q", tc.args, code, errs, tc.code, tc.want)
		}
	}
}

// TestCorefFormats: every --format renders (the numbers are the JSON ones).
func TestCorefFormats(t *testing.T) {
	for _, f := range []string{"csv", "markdown", "table"} {
		out, errs, code := agree(t, "", "coref", "--format", f, "testdata/coref/passonneau.csv", "--missing", "singletons")
		if code != 0 || !strings.Contains(out, "0.5238") || !strings.Contains(out, "MASI") {
			t.Errorf("--format %s: exit %d, %s\n%s", f, code, errs, out)
		}
	}
}

// TestCorefBratTree: a directory of annotators' brat folders, given whole
// and in wrapping folders, reads as those annotators (as agree spans reads
// it), with the scores of the folders given one by one; a folder of one
// annotator's sub-collections stays one annotator.
func TestCorefBratTree(t *testing.T) {
	dir := t.TempDir()
	a, _ := os.ReadFile("testdata/coref/bratA/doc1.ann")
	b, _ := os.ReadFile("testdata/coref/bratB/doc1.ann")
	writeFile(t, dir, "data/brat/bratA/doc1.ann", string(a))
	writeFile(t, dir, "data/brat/bratB/doc1.ann", string(b))
	writeFile(t, dir, "alice/news/doc1.ann", string(a))
	writeFile(t, dir, "alice/blogs/doc2.ann", string(b))
	want := pair0(t, corefRun(t, "", "testdata/coref/bratA", "testdata/coref/bratB"))
	for _, tc := range []struct {
		why  string
		args []string
	}{
		{"the folder of the annotators' folders", []string{filepath.Join(dir, "data", "brat")}},
		{"two wrapping folders above them", []string{filepath.Join(dir, "data")}},
	} {
		got := pair0(t, corefRun(t, "", tc.args...))
		if fmt.Sprint(got["annotators"]) != "[bratA bratB]" || fmt.Sprint(got["conll_f1"]) != fmt.Sprint(want["conll_f1"]) || fmt.Sprint(got["link_table"]) != fmt.Sprint(want["link_table"]) {
			t.Errorf("%s: %v, want the pair of the folders given one by one %v", tc.why, got, want)
		}
	}
	// sub-collections of different documents: one annotator, alice
	_, errs, code := agree(t, "", "coref", filepath.Join(dir, "alice"))
	if code != 1 || !strings.Contains(errs, "need at least two annotators, got 1 (alice)") {
		t.Errorf("sub-collections: exit %d: %s", code, errs)
	}
}

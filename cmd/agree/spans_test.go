package main

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestSpansGolden(t *testing.T) {
	cases := []struct {
		golden string
		args   []string
	}{
		{"spans-entities.txt", []string{"spans", "examples/entities.csv"}},
		{"spans-entities-overlap-ignore.json", []string{"spans", "--match", "overlap", "--labels", "ignore", "--format", "json", "examples/entities.csv"}},
	}
	for _, tc := range cases {
		out, errs, code := agree(t, "", tc.args...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", tc.args, code, errs)
		}
		golden(t, tc.golden, out)
	}
}

// spansOut is the JSON contract of agree spans, as a script reads it.
type spansOut struct {
	Match      string   `json:"match"`
	Labels     string   `json:"labels"`
	Annotators []string `json:"annotators"`
	Pairs      []struct {
		Annotators     [2]string                                                    `json:"annotators"`
		Matched        int                                                          `json:"matched"`
		Precision      float64                                                      `json:"precision"`
		Recall         float64                                                      `json:"recall"`
		F1             *float64                                                     `json:"f1"`
		PerLabel       map[string]struct{ Matched, Precision, Recall, F1 *float64 } `json:"per_label"`
		LabelAgreement struct {
			Kappa *float64 `json:"kappa"`
			Alpha *float64 `json:"alpha"`
		} `json:"label_agreement"`
		Bootstrap *struct {
			CI struct{ Low, High float64 } `json:"ci"`
		} `json:"bootstrap"`
	} `json:"pairs"`
	AverageF1 float64 `json:"average_f1"`
	Micro     struct {
		Averaging string  `json:"averaging"`
		F1        float64 `json:"f1"`
	} `json:"micro"`
	Macro struct {
		Averaging string  `json:"averaging"`
		F1        float64 `json:"f1"`
	} `json:"macro"`
	Matrix struct {
		Annotators []string    `json:"annotators"`
		F1         [][]float64 `json:"f1"`
	} `json:"matrix"`
}

func decodeSpans(t *testing.T, out string) spansOut {
	t.Helper()
	var v spansOut
	if err := json.Unmarshal([]byte(out), &v); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	return v
}

func TestSpansJSONContract(t *testing.T) {
	out, errs, code := agree(t, "", "spans", "--format", "json", "examples/entities.csv")
	if code != 0 {
		t.Fatal(errs)
	}
	v := decodeSpans(t, out)
	if v.Match != "exact" || v.Labels != "strict" || strings.Join(v.Annotators, ",") != "ana,ben,cy" || len(v.Pairs) != 3 {
		t.Fatalf("header: %+v", v)
	}
	// ana–ben: matched lovelace PER, PER, LOC (3), curie PER (1), turing
	// PER (1) = 5 of 9 (ana) and 7 (ben): P = 5/7, R = 5/9, F1 = 10/16.
	p := v.Pairs[0]
	if p.Annotators != [2]string{"ana", "ben"} || p.Matched != 5 {
		t.Fatalf("pair 0: %+v", p)
	}
	near := func(what string, got, want float64) {
		t.Helper()
		if math.Abs(got-want) > 1e-12 {
			t.Errorf("%s = %v, want %v", what, got, want)
		}
	}
	near("precision", p.Precision, 5.0/7)
	near("recall", p.Recall, 5.0/9)
	near("f1", *p.F1, 10.0/16)
	if pl, ok := p.PerLabel["PER"]; !ok || *pl.Matched != 4 || *pl.F1 != 1 {
		t.Errorf("per_label PER: %+v", pl)
	}
	if pl := p.PerLabel["DATE"]; *pl.F1 != 0 || *pl.Recall != 0 || *pl.Precision != 0 {
		t.Errorf("per_label DATE (ben has none): %+v, want zeros, not null", pl)
	}
	if p.LabelAgreement.Kappa == nil {
		t.Error("label κ missing")
	}
	sum := 0.0
	for _, q := range v.Pairs {
		sum += *q.F1
	}
	near("average_f1", v.AverageF1, sum/3)
	if v.Micro.Averaging == "" || v.Macro.Averaging == "" {
		t.Error("micro and macro must say how they average")
	}
	if v.Matrix.F1[0][1] != *p.F1 || v.Matrix.F1[1][0] != *p.F1 || v.Matrix.F1[2][2] != 1 {
		t.Errorf("matrix %v", v.Matrix.F1)
	}
}

// TestSpansNothingMatches: F1 0, not null, when nothing matches.
func TestSpansNothingMatches(t *testing.T) {
	in := "document,annotator,start,end,label\nd,a,0,3,X\nd,b,5,8,X\n"
	out, errs, code := agree(t, in, "spans", "--input", "csv", "--format", "json", "-")
	if code != 0 {
		t.Fatal(errs)
	}
	v := decodeSpans(t, out)
	if f := v.Pairs[0].F1; f == nil || *f != 0 {
		t.Errorf("F1 %v, want 0", f)
	}
	if !strings.Contains(out, `"undefined_reason"`) {
		t.Error("label κ without matches should say why it is undefined")
	}
}

func TestSpansBootstrap(t *testing.T) {
	args := []string{"spans", "--format", "json", "--bootstrap", "300", "--seed", "4", "examples/entities.csv"}
	out1, errs, code := agree(t, "", append(args, "--workers", "1")...)
	if code != 0 {
		t.Fatal(errs)
	}
	out3, _, _ := agree(t, "", append(args, "--workers", "3")...)
	if out1 != out3 {
		t.Error("the bootstrap depends on the number of workers")
	}
	v := decodeSpans(t, out1)
	for _, p := range v.Pairs {
		if p.Bootstrap == nil || !(p.Bootstrap.CI.Low <= *p.F1 && *p.F1 <= p.Bootstrap.CI.High) {
			t.Errorf("pair %v: F1 %v outside its interval %+v", p.Annotators, *p.F1, p.Bootstrap)
		}
	}
	if !strings.Contains(out1, `"document bootstrap, percentile"`) {
		t.Error("the method is not named")
	}
	one := "document,annotator,start,end,label\nd,a,0,3,X\nd,b,0,3,X\n"
	if _, errs, code := agree(t, one, "spans", "--input", "csv", "--bootstrap", "10", "-"); code != 2 || !strings.Contains(errs, "resamples documents") {
		t.Errorf("bootstrap of one document: exit %d %s", code, errs)
	}
}

func TestSpansDisagreements(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "dis.csv")
	if _, errs, code := agree(t, "", "spans", "--disagreements", path, "examples/entities.csv"); code != 0 {
		t.Fatal(errs)
	}
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	golden(t, "spans-entities-disagreements.csv", string(got))
	// An existing file is kept unless --force, and checked before any work.
	if _, errs, code := agree(t, "", "spans", "--disagreements", path, "examples/entities.csv"); code != 2 || !strings.Contains(errs, "--force") {
		t.Errorf("existing file: exit %d, %q", code, errs)
	}
	if _, errs, code := agree(t, "", "spans", "--disagreements", path, "--force", "examples/entities.csv"); code != 0 {
		t.Errorf("--force: exit %d, %q", code, errs)
	}
	if _, errs, code := agree(t, "", "spans", "--disagreements", "examples/entities.csv", "--force", "examples/entities.csv"); code != 2 || !strings.Contains(errs, "input") {
		t.Errorf("overwriting the input: exit %d, %q", code, errs)
	}
}

func TestSpansUsage(t *testing.T) {
	for _, args := range [][]string{
		{"spans", "--match", "iou:0", "examples/entities.csv"},
		{"spans", "--match", "iou:1.5", "examples/entities.csv"},
		{"spans", "--match", "boundary-tolerance:-1", "examples/entities.csv"},
		{"spans", "--match", "boundary-tolerance", "examples/entities.csv"},
		{"spans", "--match", "fuzzy", "examples/entities.csv"},
		{"spans", "--labels", "loose", "examples/entities.csv"},
		{"spans", "--documents", "some", "examples/entities.csv"},
		{"spans", "--seed", "3", "examples/entities.csv"},
		{"spans", "--bootstrap", "-1", "examples/entities.csv"},
		{"spans", "--disagreements", "-", "examples/entities.csv"}, // wrote a file named "-"
		{"relations", "--disagreements", "-", "examples/relations.csv"},
		{"spans", "--disagreements", "no/such/dir/todo.csv", "examples/entities.csv"}, // failed after the work, exit 1
		{"spans"},
	} {
		if _, errs, code := agree(t, "", args...); code != 2 {
			t.Errorf("%v: exit %d, want 2 (%s)", args, code, errs)
		}
	}
	// Bad data is exit 1 with the position.
	_, errs, code := agree(t, "document,annotator,start,end,label\nd,a,5,3,X\n", "spans", "--input", "csv", "-")
	if code != 1 || !strings.Contains(errs, "stdin:2") {
		t.Errorf("bad span: exit %d, %q", code, errs)
	}
	_, errs, code = agree(t, "document,annotator,start,end,label\nd,a,0,3,X\n", "spans", "--input", "csv", "-")
	if code != 1 || !strings.Contains(errs, "two annotators") {
		t.Errorf("one annotator: exit %d, %q", code, errs)
	}
}

// TestSpansRepeatedNote: spans marked twice are said in the notes.
func TestSpansRepeatedNote(t *testing.T) {
	out, errs, code := agree(t, "document,annotator,start,end,label\nd,a,0,5,X\nd,a,0,5,X\nd,b,0,5,X\n", "spans", "--input", "csv", "--format", "json", "-")
	if code != 0 || !strings.Contains(out, "1 span repeats another span of the same annotator") {
		t.Errorf("exit %d, %s\n%s", code, errs, out)
	}
	out, _, _ = agree(t, "document,annotator,start,end,label\nd,a,0,5,X\nd,b,0,5,X\n", "spans", "--input", "csv", "--format", "json", "-")
	if strings.Contains(out, "repeat another span") {
		t.Errorf("a note without repeated spans:\n%s", out)
	}
}

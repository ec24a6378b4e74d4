package main

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestReference: --reference scores each annotator against an annotator, a
// file of reference labels or the majority of the others (coding), and
// orients the pairs that include the reference (spans: precision and
// recall swap when the reference is the second of a pair).
func TestReference(t *testing.T) {
	dir := t.TempDir()
	gold := filepath.Join(dir, "gold.csv")
	os.WriteFile(gold, []byte("unit,gold\n1,1\n2,2\n3,3\n4,3\n5,2\n6,1\n7,4\n8,1\n9,2\n10,5\n11,1\n12,3\n"), 0o644)
	type row struct {
		Annotator string
		Items     int
		Accuracy  struct{ Value float64 }
		Kappa     struct {
			Value float64
			CI    struct{ Low, High float64 }
		} `json:"cohen_kappa"`
	}
	get := func(args ...string) []row {
		t.Helper()
		out, errs, code := agree(t, "", append(args, "--format", "json")...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errs)
		}
		var r struct {
			Reference struct {
				Name, Kind string
				Annotators []row
			}
		}
		if err := json.Unmarshal([]byte(out), &r); err != nil {
			t.Fatal(err)
		}
		return r.Reference.Annotators
	}
	// Krippendorff's data against A: each row's κ is the pairwise table's
	// κ of the pair (two paths); the file gold.csv copies A where A rated.
	rows := get("coding", "--reference", "A", "examples/krippendorff.csv")
	out, _, _ := agree(t, "", "coding", "--format", "json", "examples/krippendorff.csv")
	var pw struct {
		Pairwise []struct {
			Coders []string
			Kappa  float64 `json:"cohen_kappa"`
		}
	}
	json.Unmarshal([]byte(out), &pw)
	if len(rows) != 3 || rows[0].Annotator != "B" {
		t.Fatalf("against A: %+v", rows)
	}
	for _, r := range rows {
		for _, p := range pw.Pairwise {
			if (p.Coders[0] == "A" && p.Coders[1] == r.Annotator || p.Coders[1] == "A" && p.Coders[0] == r.Annotator) && math.Abs(p.Kappa-r.Kappa.Value) > 1e-12 {
				t.Errorf("%s against A: κ %v, pairwise table %v", r.Annotator, r.Kappa.Value, p.Kappa)
			}
		}
		if !(r.Kappa.CI.Low <= r.Kappa.Value && r.Kappa.Value <= r.Kappa.CI.High) {
			t.Errorf("%s: κ %v outside its interval %+v", r.Annotator, r.Kappa.Value, r.Kappa.CI)
		}
	}
	fileRows := get("coding", "--reference", gold, "examples/krippendorff.csv")
	if len(fileRows) != 4 || fileRows[0].Annotator != "A" || fileRows[0].Accuracy.Value != 1 || fileRows[0].Items != 9 {
		t.Errorf("against gold.csv: %+v", fileRows)
	}
	maj := get("coding", "--reference", "majority", "examples/krippendorff.csv")
	if len(maj) != 4 || math.Abs(maj[2].Accuracy.Value-7.0/9) > 1e-12 {
		t.Errorf("against the majority: %+v", maj)
	}
	// spans: ana is the first of her pairs; against cy, ben is the
	// reference of the pair (ben, cy), so precision and recall are swapped
	// back.
	out, errs, code := agree(t, "", "spans", "--reference", "cy", "--format", "json", "examples/entities.csv")
	if code != 0 {
		t.Fatalf("spans: exit %d: %s", code, errs)
	}
	var sr struct {
		Pairs []struct {
			Annotators        []string
			Precision, Recall float64
		}
		Reference struct {
			Annotators []struct {
				Annotator         string
				Precision, Recall float64
			}
		}
	}
	json.Unmarshal([]byte(out), &sr)
	for _, p := range sr.Pairs {
		for _, r := range sr.Reference.Annotators {
			if p.Annotators[0] == r.Annotator && p.Annotators[1] == "cy" && (p.Precision != r.Recall || p.Recall != r.Precision) {
				t.Errorf("%s against cy: P %v R %v, pair (%s, cy) P %v R %v", r.Annotator, r.Precision, r.Recall, r.Annotator, p.Precision, p.Recall)
			}
		}
	}
	if len(sr.Reference.Annotators) != 2 {
		t.Errorf("spans against cy: %+v", sr.Reference.Annotators)
	}
	for _, c := range []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"coding", "--reference", "Zed", "examples/krippendorff.csv"}, 2, "no annotator and no file of that name (annotators: A, B, C, D)"},
		{[]string{"relations", "--reference", "majority", "examples/entities.csv"}, 2, "majority is for labels (agree coding) and spans"},
		{[]string{"spans", "--reference", "zed", "examples/entities.csv"}, 2, "no annotator of that name"},
		{[]string{"coding", "--reference", "majority", "examples/table6.csv"}, 1, "three or more annotators"},
	} {
		_, errs, code := agree(t, "", c.args...)
		if code != c.code || !strings.Contains(errs, c.msg) {
			t.Errorf("agree %s: exit %d, %q; want %d, %q", strings.Join(c.args, " "), code, errs, c.code, c.msg)
		}
	}
}

// TestSpansReferenceMajority: spans --reference majority scores each
// annotator against the spans more than half of the others marked (exact
// bounds and label), worked by hand on four annotators: for d, the others
// of A (B, C, D) mark 0-5 X three times, 10-15 Y twice (a majority of
// three), 20-25 Z once (none): A's response {0-5 X, 20-25 Z} matches 1 of
// the 2 majority spans: P 1/2, R 1/2. For D, the others (A, B, C) mark
// 0-5 X three times, 10-15 Y twice, 20-25 Z once: D's {0-5 X, 10-15 Y}
// matches both: P = R = 1. The annotators' order does not matter; the
// document an annotator alone marked is skipped and counted.
func TestSpansReferenceMajority(t *testing.T) {
	rows := []string{"document,annotator,start,end,label",
		"d,A,0,5,X", "d,A,20,25,Z",
		"d,B,0,5,X", "d,B,10,15,Y",
		"d,C,0,5,X", "d,C,10,15,Y",
		"d,D,0,5,X", "d,D,10,15,Y",
	}
	type row struct {
		Annotator         string
		Matched           int
		Precision, Recall float64
		ReferenceSpans    int `json:"reference_spans"`
		ResponseSpans     int `json:"response_spans"`
		SkippedDocuments  int `json:"skipped_documents"`
	}
	run := func(rs []string) map[string]row {
		out, errs, code := agree(t, strings.Join(rs, "\n")+"\n", "spans", "--input", "csv", "--reference", "majority", "--format", "json", "-")
		if code != 0 {
			t.Fatalf("exit %d: %s", code, errs)
		}
		var v struct {
			Reference struct {
				Kind       string
				Annotators []row
			}
		}
		json.Unmarshal([]byte(out), &v)
		if v.Reference.Kind != "majority" {
			t.Fatalf("reference %+v", v.Reference)
		}
		m := map[string]row{}
		for _, r := range v.Reference.Annotators {
			m[r.Annotator] = r
		}
		return m
	}
	got := run(rows)
	for _, c := range []struct {
		who  string
		want row
	}{
		{"A", row{Annotator: "A", Matched: 1, Precision: 0.5, Recall: 0.5, ReferenceSpans: 2, ResponseSpans: 2}},
		{"B", row{Annotator: "B", Matched: 2, Precision: 1, Recall: 1, ReferenceSpans: 2, ResponseSpans: 2}},
		{"D", row{Annotator: "D", Matched: 2, Precision: 1, Recall: 1, ReferenceSpans: 2, ResponseSpans: 2}},
	} {
		if got[c.who] != c.want {
			t.Errorf("%s: %+v, want %+v", c.who, got[c.who], c.want)
		}
	}
	// the records in another order, and a document only A marked (the
	// CSV does not record who annotated what: every annotator is compared
	// on it, and the others' empty majority makes A's span a false alarm)
	rev := slices.Clone(rows[1:])
	slices.Reverse(rev)
	rev = append(append([]string{rows[0]}, rev...), "e,A,0,3,X")
	again := run(rev)
	if a := again["A"]; a.Matched != 1 || a.ResponseSpans != 3 || a.SkippedDocuments != 0 || again["B"] != got["B"] {
		t.Errorf("reordered: %+v, first %+v", again, got)
	}
	two := "document,annotator,start,end,label\nd,A,0,5,X\nd,B,0,5,X\n"
	if _, errs, code := agree(t, two, "spans", "--input", "csv", "--reference", "majority", "-"); code != 2 || !strings.Contains(errs, "three or more annotators") {
		t.Errorf("two annotators: exit %d, %q", code, errs)
	}
}

// TestSpansReferenceFile: spans --reference FILE (an annotator's spans in a
// file of their own) gives the rows of --reference NAME when the annotator
// is among the inputs; a file of two annotators or named like an input's
// annotator is refused.
func TestSpansReferenceFile(t *testing.T) {
	dir := t.TempDir()
	src, _ := os.ReadFile("examples/entities.csv")
	lines := strings.Split(strings.TrimSpace(string(src)), "\n")
	var gold, rest []string
	for _, l := range lines[1:] {
		if strings.Split(l, ",")[1] == "ana" {
			gold = append(gold, strings.Replace(l, ",ana,", ",someone,", 1))
		} else {
			rest = append(rest, l)
		}
	}
	write := func(name string, ls []string) string {
		p := filepath.Join(dir, name)
		os.WriteFile(p, []byte(lines[0]+"\n"+strings.Join(ls, "\n")+"\n"), 0o644)
		return p
	}
	g, r := write("gold.csv", gold), write("rest.csv", rest)
	rows := func(args ...string) string {
		out, errs, code := agree(t, "", append([]string{"spans", "--format", "json"}, args...)...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errs)
		}
		var v struct {
			Reference struct {
				Name       string
				Annotators []map[string]any
			}
		}
		json.Unmarshal([]byte(out), &v)
		b, _ := json.Marshal(v.Reference.Annotators)
		return string(b)
	}
	byName, byFile := rows("--reference", "ana", "examples/entities.csv"), rows("--reference", g, r)
	if byName != byFile || !strings.Contains(byFile, `"annotator":"ben"`) {
		t.Errorf("--reference FILE %s, --reference NAME %s", byFile, byName)
	}
	// relations: the same
	rsrc, _ := os.ReadFile("examples/relations.csv")
	rl := strings.Split(strings.TrimSpace(string(rsrc)), "\n")
	var rgold, rrest []string
	for _, l := range rl[1:] {
		if strings.Split(l, ",")[1] == "ana" {
			rgold = append(rgold, l)
		} else {
			rrest = append(rrest, l)
		}
	}
	rg, rr := filepath.Join(dir, "rgold.csv"), filepath.Join(dir, "rrest.csv")
	os.WriteFile(rg, []byte(rl[0]+"\n"+strings.Join(rgold, "\n")+"\n"), 0o644)
	os.WriteFile(rr, []byte(rl[0]+"\n"+strings.Join(rrest, "\n")+"\n"), 0o644)
	relRows := func(args ...string) string {
		out, errs, code := agree(t, "", append([]string{"relations", "--format", "json"}, args...)...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errs)
		}
		var v struct {
			Reference struct{ Annotators []map[string]any }
		}
		json.Unmarshal([]byte(out), &v)
		b, _ := json.Marshal(v.Reference.Annotators)
		return string(b)
	}
	if a, b := relRows("--reference", "ana", "examples/relations.csv"), relRows("--reference", rg, rr); a != b || len(a) < 50 {
		t.Errorf("relations --reference FILE %s, NAME %s", b, a)
	}
	two := write("two.csv", append(gold, rest[0]))
	for _, c := range []struct {
		ref, msg string
	}{
		{two, "the reference file holds 2 annotators"},
		{write("ben.csv", gold), `already have an annotator "ben"`},
	} {
		if _, errs, code := agree(t, "", "spans", "--reference", c.ref, r); code != 2 || !strings.Contains(errs, c.msg) {
			t.Errorf("--reference %s: exit %d, %q; want %q", c.ref, code, errs, c.msg)
		}
	}
}

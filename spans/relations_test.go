package spans

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"agree/annotation"
	"agree/coding"
	"agree/formats/brat"
)

// relFixture: one document, annotators A and B.
//
//	A: r1 [0,5) PER → [10,15) ORG works_for
//	   r2 [0,5) PER → [20,25) LOC lives_in
//	   r3 [30,35) PER → [10,15) ORG works_for
//	B: r1 [0,5) PER → [10,15) ORG works_for   same ends, same type
//	   r2 [0,5) PER → [20,25) LOC born_in     same ends, other type
//	   r3 [30,35) PER → [40,45) ORG works_for target [40,45) is B's alone
func relFixture(t *testing.T) *annotation.Corpus {
	in := "document,annotator,source_start,source_end,source_label,target_start,target_end,target_label,relation\n" +
		"d,A,0,5,PER,10,15,ORG,works_for\nd,A,0,5,PER,20,25,LOC,lives_in\nd,A,30,35,PER,10,15,ORG,works_for\n" +
		"d,B,0,5,PER,10,15,ORG,works_for\nd,B,0,5,PER,20,25,LOC,born_in\nd,B,30,35,PER,40,45,ORG,works_for\n"
	c, err := annotation.ReadRelationCSV(strings.NewReader(in), "rel.csv")
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func TestRelationsHandComputed(t *testing.T) {
	m, _ := ParseMatch("exact")
	// Strict: r1 alone matches (r2 differs in type, r3 in its target):
	// P = R = F1 = 1/3.
	rr, err := CompareRelations(context.Background(), relFixture(t), Options{Match: m})
	if err != nil {
		t.Fatal(err)
	}
	p := rr.Pairs[0]
	if p.Counts != (Counts{1, 3, 3}) {
		t.Fatalf("strict: %+v, want 1 matched of 3 and 3", p.Counts)
	}
	near(t, "F1", p.F1(), 1.0/3, 1e-15)
	// Per type: works_for A 2, B 2, matched 1 → F1 1/2; lives_in and
	// born_in unmatched.
	got := fmt.Sprint(p.PerLabel)
	if want := "[{born_in {0 0 1}} {lives_in {0 1 0}} {works_for {1 2 2}}]"; got != want {
		t.Errorf("per type %s, want %s", got, want)
	}
	// Type agreement on the pairs matched by their ends, (works_for,
	// works_for) and (lives_in, born_in): p_o = 1/2, p_e = P_A(works_for)
	// P_B(works_for) = 1/4, κ = (1/2 − 1/4)/(3/4) = 1/3; the coding
	// engine's κ on those two items.
	la := labelsOf(t, &rr.Summary, 0)
	near(t, "type κ", la.Kappa.Value, 1.0/3, 1e-12)
	b := coding.NewBuilder()
	b.Add("1", "A", "works_for")
	b.Add("1", "B", "works_for")
	b.Add("2", "A", "lives_in")
	b.Add("2", "B", "born_in")
	d, _ := b.Build()
	an, _ := coding.Analyze(d, coding.Options{})
	near(t, "type κ = engine's", la.Kappa.Value, an.Coefficient(coding.CohenKappa).Value, 1e-15)
	near(t, "type α = engine's", la.Alpha.Value, an.Coefficient(coding.KrippendorffAlpha).Value, 1e-15)
	// Ignore: r1 and r2 match by their ends, F1 2/3.
	rr, err = CompareRelations(context.Background(), relFixture(t), Options{Match: m, Labels: Ignore})
	if err != nil {
		t.Fatal(err)
	}
	near(t, "F1 ignoring types", rr.Pairs[0].F1(), 2.0/3, 1e-15)

	// Disagreements: r2 differs in type; A's r3 and B's r3 have no
	// counterpart.
	rr, _ = CompareRelations(context.Background(), relFixture(t), Options{Match: m})
	var ds []string
	for _, d := range rr.Disagreements() {
		ds = append(ds, fmt.Sprintf("%v→%v %s", d.Source, d.Target, strings.Join(d.Kinds, "+")))
	}
	if got, want := strings.Join(ds, "; "), "[0 5]→[20 25] type; [30 35]→[10 15] missing; [30 35]→[40 45] missing"; got != want {
		t.Errorf("disagreements %s\nwant %s", got, want)
	}
}

// TestRelationsMatchedEnds: ends match under the span matching, here
// overlap: B's target [11,15) matches A's [10,15).
func TestRelationsMatchedEnds(t *testing.T) {
	in := "document,annotator,source_start,source_end,source_label,target_start,target_end,target_label,relation\n" +
		"d,A,0,5,PER,10,15,ORG,works_for\nd,B,0,4,PER,11,15,ORG,works_for\n"
	c, err := annotation.ReadRelationCSV(strings.NewReader(in), "rel.csv")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		match string
		f1    float64
	}{{"exact", 0}, {"overlap", 1}, {"boundary-tolerance:1", 1}, {"iou:0.9", 0}} {
		m, _ := ParseMatch(tc.match)
		rr, err := CompareRelations(context.Background(), c, Options{Match: m})
		if err != nil {
			t.Fatal(err)
		}
		near(t, tc.match+" relation F1", rr.Pairs[0].F1(), tc.f1, 0)
	}
}

// TestRelationsFromBrat reads brat R lines (one directory per annotator,
// a text outside the BMP so that offsets are code points).
func TestRelationsFromBrat(t *testing.T) {
	dir := t.TempDir()
	text := "Ada Lovelace 😀 met Charles Babbage in London.\n"
	ents := "T1\tPER 0 12\tAda Lovelace\nT2\tPER 19 34\tCharles Babbage\nT3\tLOC 38 44\tLondon\n"
	c := &annotation.Corpus{}
	for _, a := range []struct{ name, rels string }{
		{"ana", "R1\tmet Arg1:T1 Arg2:T2\nR2\tlocated_in Arg1:T2 Arg2:T3\n"},
		{"ben", "R1\tmet Arg1:T1 Arg2:T2\nR2\tlocated_in Arg1:T1 Arg2:T3\n"},
	} {
		d := filepath.Join(dir, a.name)
		os.MkdirAll(d, 0o755)
		os.WriteFile(filepath.Join(d, "doc.txt"), []byte(text), 0o644)
		os.WriteFile(filepath.Join(d, "doc.ann"), []byte(ents+a.rels), 0o644)
		if err := brat.ReadDir(c, d, a.name, brat.Options{}); err != nil {
			t.Fatal(err)
		}
	}
	rr, err := CompareRelations(context.Background(), c, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if p := rr.Pairs[0]; p.Counts != (Counts{1, 2, 2}) {
		t.Errorf("%+v, want met matched, located_in not (other source)", p.Counts)
	}
	var got []string
	for _, d := range rr.Disagreements() {
		got = append(got, d.SourceText+"→"+d.TargetText+" "+strings.Join(d.Kinds, "+"))
	}
	if g, want := strings.Join(got, "; "), "Ada Lovelace→London missing; Charles Babbage→London missing"; g != want {
		t.Errorf("disagreements %s, want %s", g, want)
	}
}

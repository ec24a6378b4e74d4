package spans

import (
	"context"
	"fmt"
	"math"
	"strings"
	"testing"

	"agree/annotation"
	"agree/coding"
	"agree/inference"
)

// corpus reads a span CSV given as lines after the header.
func corpus(t testing.TB, rows ...string) *annotation.Corpus {
	t.Helper()
	header := "document,annotator,start,end,label"
	if strings.Count(rows[0], ",") == 5 {
		header += ",part_of"
	}
	c, err := annotation.ReadCSV(strings.NewReader(header+"\n"+strings.Join(rows, "\n")+"\n"), "test.csv")
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// labelsOf returns the label agreement of pair k.
func labelsOf(t testing.TB, s *Summary, k int) LabelAgreement {
	t.Helper()
	la, err := s.LabelAgreement(k)
	if err != nil {
		t.Fatal(err)
	}
	return la
}

func compare(t testing.TB, c *annotation.Corpus, match string, labels LabelMode) *Result {
	t.Helper()
	m, err := ParseMatch(match)
	if err != nil {
		t.Fatal(err)
	}
	r, err := Compare(context.Background(), c, Options{Match: m, Labels: labels})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func near(t *testing.T, what string, got, want, tol float64) {
	t.Helper()
	if math.IsNaN(want) != math.IsNaN(got) || math.Abs(got-want) > tol {
		t.Errorf("%s = %.12g, want %.12g", what, got, want)
	}
}

// fixture: two annotators, one document.
//
//	A: [0,5) PER  [10,15) ORG  [20,25) LOC  [30,35) PER  [50,52) X
//	B: [0,5) PER  [10,16) ORG  [20,25) PER  [40,45) MISC [54,56) X
func fixture(t testing.TB) *annotation.Corpus {
	return corpus(t,
		"d,A,0,5,PER", "d,A,10,15,ORG", "d,A,20,25,LOC", "d,A,30,35,PER", "d,A,50,52,X",
		"d,B,0,5,PER", "d,B,10,16,ORG", "d,B,20,25,PER", "d,B,40,45,MISC", "d,B,54,56,X")
}

// TestHandComputed checks each match mode on the fixture, with the
// arithmetic in the table (5 spans each: F1 = 2m/10).
func TestHandComputed(t *testing.T) {
	cases := []struct {
		match   string
		labels  LabelMode
		matched int
		why     string
	}{
		{"exact", Strict, 1, "only [0,5) PER is identical with its label"},
		{"exact", Ignore, 2, "[0,5) and [20,25) are identical extents"},
		{"overlap", Strict, 2, "[0,5) PER, [10,15)~[10,16) ORG; [20,25) differ in label; [50,52) and [54,56) do not touch"},
		{"overlap", Ignore, 3, "[0,5), [10,15)~[10,16), [20,25)"},
		{"iou:0.8", Strict, 2, "ORG: |∩| = 5, |∪| = 6, IoU 0.833 ≥ 0.8"},
		{"iou:0.9", Strict, 1, "ORG: IoU 0.833 < 0.9"},
		{"iou:1", Ignore, 2, "IoU 1 is exact"},
		{"boundary-tolerance:1", Strict, 2, "ORG ends differ by 1; X starts and ends differ by 4"},
		{"boundary-tolerance:4", Strict, 3, "X: |50−54| = |52−56| = 4 ≤ 4 although they share no character"},
		{"boundary-tolerance:4", Ignore, 4, "+ [20,25); [30,35) vs [40,45) differ by 10"},
		{"boundary-tolerance:0", Ignore, 2, "tolerance 0 is exact"},
	}
	for _, tc := range cases {
		r := compare(t, fixture(t), tc.match, tc.labels)
		p := r.Pairs[0]
		if p.Matched != tc.matched || p.Reference != 5 || p.Response != 5 {
			t.Errorf("%s %s: %+v, want %d matched of 5 and 5 (%s)", tc.match, tc.labels, p.Counts, tc.matched, tc.why)
		}
		m := float64(tc.matched)
		near(t, tc.match+" precision", p.Precision(), m/5, 1e-15)
		near(t, tc.match+" recall", p.Recall(), m/5, 1e-15)
		near(t, tc.match+" F1", p.F1(), 2*m/10, 1e-15)
		near(t, tc.match+" average F1", r.AverageF1, 2*m/10, 1e-15)
	}
	// Per label (exact, strict): PER A {0,30} B {0,20}: 1 matched, F1 2/4;
	// ORG, LOC, MISC, X: 0. Macro F1 = 0.5/5 = 0.1; macro precision =
	// (1/2 + 0 + 0 + 0 + 0)/5.
	r := compare(t, fixture(t), "exact", Strict)
	var per []string
	for _, l := range r.Pairs[0].PerLabel {
		per = append(per, l.Label)
		if l.Label == "PER" {
			near(t, "PER F1", l.F1(), 0.5, 1e-15)
		} else if l.Matched != 0 {
			t.Errorf("label %s matched %d", l.Label, l.Matched)
		}
	}
	if got := strings.Join(per, ","); got != "LOC,MISC,ORG,PER,X" {
		t.Errorf("labels %s", got)
	}
	near(t, "macro F1", r.Macro.F1, 0.1, 1e-15)
	near(t, "macro precision", r.Macro.Precision, 0.1, 1e-15)
	// Label agreement given a match by extent (overlap): pairs (PER,PER),
	// (ORG,ORG), (LOC,PER). A's labels PER ORG LOC, B's PER ORG PER:
	// p_o = 2/3, p_e = (1/3)(2/3) [PER] + (1/3)(1/3) [ORG] = 1/3,
	// κ = (2/3 − 1/3)/(1 − 1/3) = 1/2. α: n = 6, n_PER = 3, n_ORG = 2,
	// n_LOC = 1; disagreeing coincidences o_LOC,PER + o_PER,LOC = 2;
	// D_e sum = Σ_{c≠k} n_c n_k/(n−1) = 2(3·2 + 3·1 + 2·1)/5 = 22/5;
	// α = 1 − 2/(22/5) = 1 − 10/22 = 6/11.
	la := labelsOf(t, &compare(t, fixture(t), "overlap", Ignore).Summary, 0)
	if la.Pairs != 3 || la.Agreeing != 2 {
		t.Errorf("label agreement on %d pairs, %d agreeing; want 3, 2", la.Pairs, la.Agreeing)
	}
	near(t, "label κ", la.Kappa.Value, 0.5, 1e-12)
	near(t, "label α", la.Alpha.Value, 6.0/11, 1e-12)
}

// TestOptimalMatching: a greedy matching by overlap pairs a1 with b1
// (overlap 9) and leaves a2 and b2 alone; the optimum pairs a1–b2 and
// a2–b1: two pairs, F1 = 4/4.
//
//	a1 [0,10)  a2 [9,11)
//	b1 [1,10) (∩a1 = 9, ∩a2 = 1)  b2 [0,2) (∩a1 = 2)
func TestOptimalMatching(t *testing.T) {
	c := corpus(t, "d,A,0,10,X", "d,A,9,11,X", "d,B,1,10,X", "d,B,0,2,X")
	near(t, "F1", compare(t, c, "overlap", Strict).Pairs[0].F1(), 1, 0)
	// Ties in the number of pairs go to the largest overlap: a1 [0,10)
	// pairs with b2 [2,10) (8 shared) rather than b1 [0,3) (3 shared); the
	// labels show which was chosen.
	c = corpus(t, "d,A,0,10,Y", "d,B,0,3,X", "d,B,2,10,Y")
	la := labelsOf(t, &compare(t, c, "overlap", Ignore).Summary, 0)
	if la.Pairs != 1 || la.Agreeing != 1 {
		t.Errorf("a1 was not paired with the span it overlaps most: %+v", la)
	}
	// With equal overlaps, labels decide (Ignore): b1 [0,4) X, b2 [6,10) Y.
	c = corpus(t, "d,A,0,10,Y", "d,B,0,4,X", "d,B,6,10,Y")
	if la := labelsOf(t, &compare(t, c, "overlap", Ignore).Summary, 0); la.Agreeing != 1 {
		t.Errorf("equal overlaps: the span with the same label was not chosen: %+v", la)
	}
}

// TestDiscontinuous compares a two-part span part by part.
//
//	A: [0,3)+[7,10) X (6 characters)
//	B: [0,3)+[7,10) X in d1; [0,3) X in d2; [0,3)+[7,11) X in d3
func TestDiscontinuous(t *testing.T) {
	c := corpus(t,
		"d1,A,0,3,X,a", "d1,A,7,10,X,a", "d1,B,0,3,X,b", "d1,B,7,10,X,b",
		"d2,A,0,3,X,a", "d2,A,7,10,X,a", "d2,B,0,3,X,",
		"d3,A,0,3,X,a", "d3,A,7,10,X,a", "d3,B,0,3,X,b", "d3,B,7,11,X,b")
	cases := []struct {
		match   string
		matched int
		why     string
	}{
		{"exact", 1, "d1 only: the same parts"},
		{"overlap", 3, "every B span shares characters with A's"},
		{"iou:0.5", 3, "d2: 3/6 = 0.5; d3: 6/7"},
		{"iou:0.6", 2, "d2: 0.5 < 0.6; d3: 6/7"},
		{"boundary-tolerance:1", 2, "d1, d3 (second part ends 1 apart); d2 has one part for two"},
	}
	for _, tc := range cases {
		if got := compare(t, c, tc.match, Strict).Pairs[0].Matched; got != tc.matched {
			t.Errorf("%s: %d matched, want %d (%s)", tc.match, got, tc.matched, tc.why)
		}
	}
}

// TestLabelKappaIsEngineKappa: κ and α on the labels of matched spans are
// the coding engine's on the matched pairs written as items.
func TestLabelKappaIsEngineKappa(t *testing.T) {
	c := corpus(t,
		"d1,A,0,5,PER", "d1,A,6,9,LOC", "d1,A,10,14,ORG", "d1,A,20,22,PER",
		"d1,B,0,5,PER", "d1,B,6,9,ORG", "d1,B,10,14,ORG", "d1,B,20,22,LOC",
		"d2,A,0,2,LOC", "d2,B,0,2,LOC", "d2,A,5,8,PER", "d2,B,5,8,PER", "d2,B,9,12,PER")
	la := labelsOf(t, &compare(t, c, "exact", Ignore).Summary, 0)
	b := coding.NewBuilder()
	for i, p := range [][2]string{{"PER", "PER"}, {"LOC", "ORG"}, {"ORG", "ORG"}, {"PER", "LOC"}, {"LOC", "LOC"}, {"PER", "PER"}} {
		id := string(rune('a' + i))
		if err := b.Add(id, "A", p[0]); err != nil {
			t.Fatal(err)
		}
		if err := b.Add(id, "B", p[1]); err != nil {
			t.Fatal(err)
		}
	}
	d, _ := b.Build()
	an, err := coding.Analyze(d, coding.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if la.Pairs != 6 {
		t.Fatalf("%d matched pairs, want 6", la.Pairs)
	}
	near(t, "κ", la.Kappa.Value, an.Coefficient(coding.CohenKappa).Value, 1e-15)
	near(t, "α", la.Alpha.Value, an.Coefficient(coding.KrippendorffAlpha).Value, 1e-15)
}

// TestF1IsPositiveSpecificAgreement (Hripcsak & Rothschild 2005): write
// the matched pairs and the unmatched spans as items coded 1 (marked) or 0
// (not marked) by each annotator; the coding engine's specific agreement
// on category 1, 2a/(2a + b + c), is the F1.
func TestF1IsPositiveSpecificAgreement(t *testing.T) {
	for _, match := range []string{"exact", "overlap", "iou:0.5", "boundary-tolerance:2"} {
		r := compare(t, fixture(t), match, Strict)
		p := r.Pairs[0]
		b := coding.NewBuilder()
		n := 0
		add := func(a, bb string) {
			n++
			id := string(rune('a' + n))
			if err := b.Add(id, "A", a); err != nil {
				t.Fatal(err)
			}
			if err := b.Add(id, "B", bb); err != nil {
				t.Fatal(err)
			}
		}
		for range p.Matched {
			add("1", "1")
		}
		for range p.Reference - p.Matched {
			add("1", "0")
		}
		for range p.Response - p.Matched {
			add("0", "1")
		}
		d, _ := b.Build()
		an, err := coding.Analyze(d, coding.Options{})
		if err != nil {
			t.Fatal(err)
		}
		cats, err := an.PerCategory()
		if err != nil {
			t.Fatal(err)
		}
		for _, cs := range cats {
			if cs.Label == "1" {
				near(t, match+": F1 vs positive specific agreement", p.F1(), cs.Specific, 1e-15)
			}
		}
	}
}

// TestBootstrapEstimates: the bootstrap's estimates on the full data are
// the comparison's values, and its intervals contain them.
func TestBootstrapEstimates(t *testing.T) {
	c := corpus(t,
		"d1,A,0,5,P", "d1,B,0,5,P", "d1,C,0,4,P",
		"d2,A,0,5,Q", "d2,B,1,5,Q", "d2,C,0,5,R",
		"d3,A,2,9,P", "d3,B,2,9,P", "d3,C,2,9,P", "d3,A,10,12,Q")
	r := compare(t, c, "exact", Strict)
	iv, err := r.Bootstrap(context.Background(), inference.Options{Resamples: 200, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	for k, p := range r.Pairs {
		near(t, "pair estimate", iv.Pairs[k].Estimate, p.F1(), 0)
	}
	near(t, "average", iv.AverageF1.Estimate, r.AverageF1, 1e-15)
	near(t, "micro", iv.MicroF1.Estimate, r.Micro.F1(), 0)
	near(t, "macro", iv.MacroF1.Estimate, r.Macro.F1, 1e-15)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := r.Bootstrap(ctx, inference.Options{Resamples: 50}); err == nil {
		t.Error("a cancelled context did not stop the bootstrap")
	}
	if _, err := Compare(ctx, c, Options{}); err == nil {
		t.Error("a cancelled context did not stop the comparison")
	}
}

// TestDisagreements lists what differs, by document and offset.
func TestDisagreements(t *testing.T) {
	c := corpus(t,
		"d2,A,0,5,P", "d2,B,0,5,P", // agreement
		"d2,A,10,15,P", "d2,B,10,14,P", // extent
		"d1,A,3,6,P", "d1,B,3,6,Q", // label
		"d1,A,0,2,P",                                   // missing
		"d1,A,20,22,P", "d1,A,20,22,P", "d1,B,20,22,P") // count
	m, _ := ParseMatch("exact")
	r, err := Compare(context.Background(), c, Options{Match: m, Matches: true})
	if err != nil {
		t.Fatal(err)
	}
	dis, err := r.Disagreements()
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, d := range dis {
		got = append(got, fmt.Sprintf("%s[%v,%v)%s", c.Documents[d.Doc].Name, d.Start, d.End, strings.Join(d.Kinds, "+")))
	}
	want := "d1[0,2)missing d1[3,6)label d1[20,22)count d2[10,15)extent"
	if strings.Join(got, " ") != want {
		t.Errorf("disagreements\n%s\nwant\n%s", strings.Join(got, " "), want)
	}
	// With overlap matching, [10,15) and [10,14) agree.
	m, _ = ParseMatch("overlap")
	r, _ = Compare(context.Background(), c, Options{Match: m, Matches: true})
	dis, _ = r.Disagreements()
	if len(dis) != 3 {
		t.Errorf("overlap: %d disagreements, want 3", len(dis))
	}
	r, _ = Compare(context.Background(), c, Options{Match: m})
	if _, err := r.Disagreements(); err == nil {
		t.Error("disagreements without the matches")
	}
}

// TestPerDocument: each document's pooled counts, and the corpus F1 as
// micro (pooled) and macro (mean of documents) averages.
//
//	d1: A [0,5) X, B [0,5) X → 1 of 1, 1: F1 1
//	d2: A [0,5) X [6,9) X, B [0,5) X [7,9) X → 1 of 2, 2: F1 1/2
//	d3: nothing → undefined
//
// micro: 2 matched of 3 and 3 → 4/6; macro: (1 + 1/2)/2 = 3/4.
func TestPerDocument(t *testing.T) {
	c := corpus(t, "d1,A,0,5,X", "d1,B,0,5,X", "d2,A,0,5,X", "d2,A,6,9,X", "d2,B,0,5,X", "d2,B,7,9,X")
	c.Document("d3")
	r := compare(t, c, "exact", Strict)
	per := r.PerDocument()
	if len(per) != 3 || per[0].F1 != 1 || per[1].F1 != 0.5 || per[2].Reason == "" {
		t.Fatalf("per document %+v", per)
	}
	f1, n, und := r.CorpusF1(Micro)
	near(t, "micro", f1, 4.0/6, 1e-15)
	f1, n2, und2 := r.CorpusF1(Macro)
	near(t, "macro", f1, 0.75, 1e-15)
	if n != 2 || und != 1 || n2 != 2 || und2 != 1 {
		t.Errorf("documents %d/%d, undefined %d/%d", n, n2, und, und2)
	}
}

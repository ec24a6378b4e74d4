package coref

import (
	"agree/position"
	"math"
	"testing"
)

// TestByDocument: the breakdown's document scores are the scorer's on each
// document, macro is their mean per pair, micro is Compare, and the
// corpus value the mean of the pairs' CoNLL F1.
func TestByDocument(t *testing.T) {
	b := NewBuilder(KeepFirst)
	for _, r := range [][4]string{
		{"A", "d1", "m1", "1"}, {"A", "d1", "m2", "1"}, {"A", "d1", "m3", "2"},
		{"B", "d1", "m1", "1"}, {"B", "d1", "m2", "2"}, {"B", "d1", "m3", "2"},
		{"C", "d1", "m1", "1"}, {"C", "d1", "m2", "1"}, {"C", "d1", "m3", "1"},
		{"A", "d2", "m4", "1"}, {"A", "d2", "m5", "1"},
		{"B", "d2", "m4", "1"}, {"B", "d2", "m5", "2"},
	} {
		if err := b.Add(r[0], r[1], r[2], r[3], position.Pos{}); err != nil {
			t.Fatal(err)
		}
	}
	b.Document("d3") // no mentions
	c, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	for _, macro := range []bool{false, true} {
		bd := c.ByDocument(macro)
		if len(bd.Documents) != 3 || len(bd.Documents[2]) != 0 {
			t.Fatalf("macro %v: %d documents, %d pairs on d3", macro, len(bd.Documents), len(bd.Documents[2]))
		}
		if _, ok := bd.DocumentMean(2); ok {
			t.Error("a document without mentions has a mean")
		}
		sum := 0.0
		for _, p := range bd.Pairs {
			var want [5]float64
			if macro {
				n := 0
				for d, counts := range c.DocumentCounts(p.A, p.B) {
					if c.NumMentions(d) == 0 || !c.Shared(p.A, p.B, d) {
						continue
					}
					s := counts.Scores()
					for k, v := range []float64{s.CoNLL, s.MUC.F1, s.B3.F1, s.CEAFe.F1, s.LEA.F1} {
						want[k] += v
					}
					n++
				}
				for k := range want {
					want[k] /= float64(n)
				}
			} else {
				s := c.Compare(p.A, p.B)
				want = [5]float64{s.CoNLL, s.MUC.F1, s.B3.F1, s.CEAFe.F1, s.LEA.F1}
			}
			got := [5]float64{p.CoNLL, p.MUC, p.B3, p.CEAFe, p.LEA}
			for k := range got {
				if math.Abs(got[k]-want[k]) > 1e-15 {
					t.Errorf("macro %v, pair %d/%d, score %d: %v, want %v", macro, p.A, p.B, k, got[k], want[k])
				}
			}
			sum += p.CoNLL
		}
		if len(bd.Pairs) != 3 || math.Abs(bd.Value-sum/3) > 1e-15 {
			t.Errorf("macro %v: %d pairs, value %v, want the mean %v", macro, len(bd.Pairs), bd.Value, sum/3)
		}
		// Who annotated what is not recorded: every pair is compared on
		// d1 and d2 (C marked nothing in d2).
		if len(bd.Documents[0]) != 3 || len(bd.Documents[1]) != 3 {
			t.Errorf("pairs per document: %d, %d", len(bd.Documents[0]), len(bd.Documents[1]))
		}
		m, _ := bd.DocumentMean(1)
		ps := bd.Documents[1]
		if want := (ps[0].Scores.CoNLL + ps[1].Scores.CoNLL + ps[2].Scores.CoNLL) / 3; m != want {
			t.Errorf("d2's mean %v, want the mean of its pairs' CoNLL F1, %v", m, want)
		}
	}
}

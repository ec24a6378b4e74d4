package spans

import (
	"math"
	"math/rand/v2"
	"testing"

	"agree/annotation"
)

func sp(start, end float64, label string) SemEvalSpan {
	return SemEvalSpan{Parts: []annotation.Part{{Start: start, End: end}}, Label: label}
}

// TestSemEvalScenarios: the six scenarios of nervaluate's README (after
// Batista's blog post and SemEval-2013 Task 9.1), one per row of its table,
// each counted under the four schemas as the table says.
func TestSemEvalScenarios(t *testing.T) {
	type want [4]string // strict, exact, partial, type
	cases := []struct {
		name      string
		ref, resp []SemEvalSpan
		want      want
	}{
		{"III: missed", []SemEvalSpan{sp(0, 7, "BRAND")}, nil, want{"MIS", "MIS", "MIS", "MIS"}},
		{"II: spurious", nil, []SemEvalSpan{sp(0, 7, "BRAND")}, want{"SPU", "SPU", "SPU", "SPU"}},
		{"V: boundaries wrong", []SemEvalSpan{sp(3, 11, "DRUG")}, []SemEvalSpan{sp(0, 11, "DRUG")}, want{"INC", "INC", "PAR", "COR"}},
		{"IV: type wrong", []SemEvalSpan{sp(0, 11, "DRUG")}, []SemEvalSpan{sp(0, 11, "BRAND")}, want{"INC", "COR", "COR", "INC"}},
		{"I: both right", []SemEvalSpan{sp(0, 9, "DRUG")}, []SemEvalSpan{sp(0, 9, "DRUG")}, want{"COR", "COR", "COR", "COR"}},
		{"VI: both wrong", []SemEvalSpan{sp(5, 19, "GROUP")}, []SemEvalSpan{sp(0, 19, "DRUG")}, want{"INC", "INC", "PAR", "INC"}},
	}
	for _, c := range cases {
		var tl SemEvalTally
		SemEvalDocument(&tl, c.ref, c.resp)
		for s, w := range c.want {
			got := tl.Schemas[s]
			n := map[string]int{"COR": got.Correct, "INC": got.Incorrect, "PAR": got.Partial, "MIS": got.Missed, "SPU": got.Spurious}
			total := got.Correct + got.Incorrect + got.Partial + got.Missed + got.Spurious
			if n[w] != 1 || total != 1 {
				t.Errorf("%s, %s: %+v, want one %s", c.name, SemEvalSchema(s).Key(), got, w)
			}
		}
	}
}

// TestSemEvalNervaluateREADME: nervaluate's README, "Putting all
// together": Correct 3/3/3/2, Incorrect 2/0/2/3, Partial 0/2/0/0, Missed 1,
// Spurious 1 and precision = recall = F1 0.5, 0.66, 0.5, 0.33 under type,
// partial, exact and strict. Those totals count six reference and six
// response entities: the six scenarios with scenario I twice (as in
// Batista's blog post, whose example has two fully correct entities).
// And the README's Prodigy example: three entities in two documents, all
// correct under every schema, LOC 2 and PER 1 per tag.
func TestSemEvalNervaluateREADME(t *testing.T) {
	ref := []SemEvalSpan{sp(10, 17, "BRAND"), sp(30, 38, "DRUG"), sp(40, 51, "DRUG"), sp(60, 69, "DRUG"), sp(80, 94, "GROUP"), sp(100, 109, "DRUG")}
	resp := []SemEvalSpan{sp(20, 27, "BRAND"), sp(27, 38, "DRUG"), sp(40, 51, "BRAND"), sp(60, 69, "DRUG"), sp(75, 94, "DRUG"), sp(100, 109, "DRUG")}
	var tl SemEvalTally
	SemEvalDocument(&tl, ref, resp)
	want := map[SemEvalSchema]struct {
		c        SemEvalCounts
		p, r, f1 float64
	}{
		SemEvalType:    {SemEvalCounts{3, 2, 0, 1, 1}, 0.5, 0.5, 0.5},
		SemEvalPartial: {SemEvalCounts{3, 0, 2, 1, 1}, 4.0 / 6, 4.0 / 6, 4.0 / 6},
		SemEvalExact:   {SemEvalCounts{3, 2, 0, 1, 1}, 0.5, 0.5, 0.5},
		SemEvalStrict:  {SemEvalCounts{2, 3, 0, 1, 1}, 1.0 / 3, 1.0 / 3, 1.0 / 3},
	}
	for s, w := range want {
		got := tl.Schemas[s]
		if got != w.c {
			t.Errorf("%s: %+v, want %+v", s.Key(), got, w.c)
		}
		for name, v := range map[string][2]float64{"precision": {got.Precision(s), w.p}, "recall": {got.Recall(s), w.r}, "F1": {got.F1(s), w.f1}} {
			if math.Abs(v[0]-v[1]) > 1e-15 {
				t.Errorf("%s %s = %v, want %v", s.Key(), name, v[0], v[1])
			}
		}
		if got.Possible() != 6 || got.Actual() != 6 {
			t.Errorf("%s: possible %d, actual %d; want 6 and 6", s.Key(), got.Possible(), got.Actual())
		}
	}
	// The Prodigy example.
	var pr SemEvalTally
	SemEvalDocument(&pr, []SemEvalSpan{sp(2, 4, "PER")}, []SemEvalSpan{sp(2, 4, "PER")})
	SemEvalDocument(&pr, []SemEvalSpan{sp(1, 2, "LOC"), sp(3, 4, "LOC")}, []SemEvalSpan{sp(1, 2, "LOC"), sp(3, 4, "LOC")})
	for _, s := range SemEvalSchemas() {
		if c := pr.Schemas[s]; c != (SemEvalCounts{Correct: 3}) || c.Precision(s) != 1 || c.Recall(s) != 1 {
			t.Errorf("Prodigy example, %s: %+v", s.Key(), c)
		}
		if pr.PerLabel["LOC"][s].Correct != 2 || pr.PerLabel["PER"][s].Correct != 1 {
			t.Errorf("Prodigy example per tag, %s: LOC %+v, PER %+v", s.Key(), pr.PerLabel["LOC"][s], pr.PerLabel["PER"][s])
		}
	}
}

// TestSemEvalPerLabelRule: the rule for nervaluate's issue #66 — a spurious
// span counts for its own label only, so every count of the whole is the
// sum of the labels'; correct, incorrect and partial responses count for
// the reference span's label. A span the reference splits in two reaches
// the first reference span only (the other is missed), as nervaluate does.
func TestSemEvalPerLabelRule(t *testing.T) {
	ref := []SemEvalSpan{sp(0, 5, "PER"), sp(10, 15, "LOC"), sp(20, 25, "LOC"), sp(30, 40, "ORG"), sp(50, 55, "ORG")}
	resp := []SemEvalSpan{sp(0, 5, "PER"), sp(10, 15, "ORG"), sp(60, 65, "MISC"), sp(70, 75, "PER"), sp(28, 52, "ORG")}
	var tl SemEvalTally
	SemEvalDocument(&tl, ref, resp)
	for _, s := range SemEvalSchemas() {
		var sum SemEvalCounts
		for _, l := range tl.Labels() {
			sum.Add(tl.PerLabel[l][s])
		}
		if sum != tl.Schemas[s] {
			t.Errorf("%s: the labels' counts add up to %+v, the whole is %+v", s.Key(), sum, tl.Schemas[s])
		}
	}
	if c := tl.PerLabel["MISC"][SemEvalStrict]; c.Spurious != 1 || tl.PerLabel["LOC"][SemEvalStrict].Spurious != 0 {
		t.Errorf("the spurious MISC span: MISC %+v, LOC %+v", c, tl.PerLabel["LOC"][SemEvalStrict])
	}
	if c := tl.PerLabel["LOC"][SemEvalExact]; c.Correct != 1 || c.Missed != 1 { // [10,15) reached with another label; [20,25) missed
		t.Errorf("LOC exact: %+v", c)
	}
	if c := tl.PerLabel["ORG"][SemEvalPartial]; c.Partial != 1 || c.Missed != 1 { // [28,52) reaches [30,40) only
		t.Errorf("ORG partial: %+v", c)
	}
	// Swapped, the ORG span [28,52) is reached by both [30,40) and
	// [50,55): two partial matches of one reference span, so possible (7)
	// exceeds the 5 reference spans — nervaluate's definition, kept.
	var sw SemEvalTally
	SemEvalDocument(&sw, resp, ref)
	if c := sw.Schemas[SemEvalPartial]; c.Partial != 2 || c.Possible() != 6 || c.Actual() != 5 {
		t.Errorf("swapped, partial: %+v (possible %d, actual %d)", c, c.Possible(), c.Actual())
	}
}

// TestSemEvalProperties: on random spans, every response span is counted
// once under each schema (actual = the response's spans), every reference
// span at least once (possible ≥ the reference's spans, equal when no two
// responses reach one reference span), the labels add up to the whole, and
// strict correct ≤ exact correct ≤ partial correct + partial.
func TestSemEvalProperties(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	labels := []string{"A", "B", "C"}
	gen := func() []SemEvalSpan {
		var out []SemEvalSpan
		for range rng.IntN(8) {
			s := float64(rng.IntN(30))
			out = append(out, sp(s, s+1+float64(rng.IntN(6)), labels[rng.IntN(3)]))
		}
		return out
	}
	for trial := range 500 {
		ref, resp := gen(), gen()
		var tl SemEvalTally
		SemEvalDocument(&tl, ref, resp)
		for _, s := range SemEvalSchemas() {
			c := tl.Schemas[s]
			if c.Actual() != len(resp) || c.Possible() < len(ref) {
				t.Fatalf("trial %d, %s: %+v for %d reference and %d response spans", trial, s.Key(), c, len(ref), len(resp))
			}
			var sum SemEvalCounts
			for _, l := range tl.Labels() {
				sum.Add(tl.PerLabel[l][s])
			}
			if sum != c {
				t.Fatalf("trial %d, %s: labels add up to %+v, whole %+v", trial, s.Key(), sum, c)
			}
		}
		st, ex, pa := tl.Schemas[SemEvalStrict], tl.Schemas[SemEvalExact], tl.Schemas[SemEvalPartial]
		if st.Correct > ex.Correct || ex.Correct > pa.Correct+pa.Partial {
			t.Fatalf("trial %d: strict %+v, exact %+v, partial %+v", trial, st, ex, pa)
		}
	}
}

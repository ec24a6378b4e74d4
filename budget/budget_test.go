package budget

import (
	"context"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"testing"

	"agree/annotation"
	"agree/coding"
	"agree/distance"
	"agree/gamma"
	"agree/spans"
	"agree/unitizing"
)

// TestAlphaPartsSum: on random data (2 to 6 coders, 2 to 5 categories,
// missing values, nominal, interval and ordinal distances), each of the
// three decompositions sums to 1 − α within 1e-12, the parts are
// non-negative, and a part's counterfactual is α + its share.
func TestAlphaPartsSum(t *testing.T) {
	for seed := range uint64(60) {
		rng := rand.New(rand.NewPCG(seed, 3))
		coders, cats, items := 2+rng.IntN(5), 2+rng.IntN(4), 5+rng.IntN(200)
		b := coding.NewBuilder()
		for i := range items {
			for c := range coders {
				if rng.Float64() < 0.15 {
					continue
				}
				b.Add("i"+strconv.Itoa(i), "c"+strconv.Itoa(c), strconv.Itoa(1+rng.IntN(cats)))
			}
		}
		d, err := b.Build()
		if err != nil {
			t.Fatal(err)
		}
		for _, sp := range []distance.Spec{distance.Nominal(), distance.Interval(), distance.Ordinal(nil)} {
			a, err := coding.Analyze(d, coding.Options{Distance: sp})
			if err != nil {
				t.Fatal(err)
			}
			r, err := Alpha(context.Background(), a)
			if err != nil {
				continue // α undefined on this draw
			}
			want := 1 - a.Coefficient(coding.KrippendorffAlpha).Value
			for name, ps := range map[string][]Part{"category pairs": r.CategoryPairs, "items": r.Items, "coders": r.Coders} {
				if got := Total(ps); math.Abs(got-want) > 1e-12 {
					t.Errorf("seed %d %s: %s sum to %.17g, 1 − α = %.17g", seed, sp.Name(), name, got, want)
				}
				for _, p := range ps {
					if p.Share < 0 || math.Abs(p.Counterfactual-(r.Value+p.Share)) > 1e-15 {
						t.Errorf("seed %d: part %+v", seed, p)
					}
				}
			}
		}
	}
}

// TestAlphaWorkedExample: Krippendorff's (2004, §11.3) reliability data
// (4 coders, 12 units, α nominal 0.743): the disagreement is in units 2,
// 6, 8 (6 with four different values the most), and category pairs.
func TestAlphaWorkedExample(t *testing.T) {
	rows := [][]string{
		{"1", "1", "", "1"}, {"2", "2", "3", "2"}, {"3", "3", "3", "3"}, {"3", "3", "3", "3"},
		{"2", "2", "2", "2"}, {"1", "2", "3", "4"}, {"4", "4", "4", "4"}, {"1", "1", "2", "1"},
		{"2", "2", "2", "2"}, {"", "5", "5", "5"}, {"", "", "1", "1"}, {"", "", "3", ""},
	}
	b := coding.NewBuilder()
	for i, row := range rows {
		for c, v := range row {
			if v != "" {
				b.Add("u"+strconv.Itoa(i+1), "c"+strconv.Itoa(c+1), v)
			}
		}
	}
	d, _ := b.Build()
	a, _ := coding.Analyze(d, coding.Options{})
	r, err := Alpha(context.Background(), a)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Items) != 3 || r.Items[0].Name != "u6" {
		t.Errorf("items %+v", r.Items)
	}
	// D_e = 0.7823 … (n = 40); unit 6: 12 ordered pairs differ, each 1/3:
	// D_o share 4/40, so its part is 0.1/D_e; units 2 and 8: 6 ordered
	// pairs × 1/3 = 2 → 0.05/D_e each.
	de := a.Coefficient(coding.KrippendorffAlpha).ExpectedDisagreement
	for _, c := range []struct {
		name string
		want float64
	}{{"u6", 0.1 / de}, {"u2", 0.05 / de}, {"u8", 0.05 / de}} {
		for _, p := range r.Items {
			if p.Name == c.name && math.Abs(p.Share-c.want) > 1e-12 {
				t.Errorf("%s: %.6f, want %.6f", c.name, p.Share, c.want)
			}
		}
	}
}

func randomCorpus(rng *rand.Rand) *annotation.Corpus {
	c := &annotation.Corpus{}
	na, nd := 2+rng.IntN(3), 1+rng.IntN(4)
	labels := []string{"PER", "LOC", "ORG"}
	for a := range na {
		c.Annotator("a" + strconv.Itoa(a))
	}
	for d := range nd {
		doc := c.Document("d" + strconv.Itoa(d))
		// a reference set of spans each annotator copies with errors
		for range 3 + rng.IntN(8) {
			s := float64(rng.IntN(100))
			e := s + 1 + float64(rng.IntN(6))
			l := labels[rng.IntN(3)]
			for a := range na {
				switch x := rng.Float64(); {
				case x < 0.5:
					c.Spans = append(c.Spans, annotation.Span{Doc: doc, Annotator: a, Start: s, End: e, Label: l})
				case x < 0.6:
					c.Spans = append(c.Spans, annotation.Span{Doc: doc, Annotator: a, Start: s, End: e + 1, Label: l})
				case x < 0.7:
					c.Spans = append(c.Spans, annotation.Span{Doc: doc, Annotator: a, Start: s, End: e, Label: labels[rng.IntN(3)]})
				case x < 0.8:
					m := (s + e) / 2
					c.Spans = append(c.Spans, annotation.Span{Doc: doc, Annotator: a, Start: s, End: math.Floor(m) + 0.5, Label: l},
						annotation.Span{Doc: doc, Annotator: a, Start: math.Floor(m) + 0.5, End: e, Label: l})
				case x < 0.9:
				default:
					c.Spans = append(c.Spans, annotation.Span{Doc: doc, Annotator: a, Start: 200 + s, End: 200 + e, Label: l})
				}
			}
		}
	}
	return c
}

// TestSpansPartsSum: on random corpora (boundary, label, split and
// missing errors), the parts sum to 1 − average F1 within 1e-12, and the
// average F1 is agree spans's (exact match, strict labels, every pair on
// every document).
func TestSpansPartsSum(t *testing.T) {
	scopedRuns := 0
	defer func() {
		if scopedRuns < 20 {
			t.Errorf("only %d corpora with who annotated what were tested", scopedRuns)
		}
	}()
	for seed := range uint64(80) {
		rng := rand.New(rand.NewPCG(seed, 11))
		c := randomCorpus(rng)
		r, err := Spans(context.Background(), c)
		if err != nil {
			t.Fatal(err)
		}
		if got := Total(r.Errors); math.Abs(got-r.Whole) > 1e-12 {
			t.Errorf("seed %d: parts sum to %.17g, 1 − F1 = %.17g", seed, got, r.Whole)
		}
		s, err := spans.Compare(context.Background(), c, spans.Options{Match: spans.Match{Kind: spans.Exact}, Labels: spans.Strict, Documents: c.DefaultScope()})
		if err != nil {
			t.Fatal(err)
		}
		if math.Abs(s.AverageF1-r.Value) > 1e-12 {
			t.Errorf("seed %d: average F1 %.15g, agree spans %.15g", seed, r.Value, s.AverageF1)
		}
		// The same corpus with who annotated what recorded: each pair on
		// the documents both annotated (annotators leave some out).
		for d := range c.Documents {
			for a := range c.Annotators {
				if rng.Float64() < 0.7 {
					c.MarkAnnotated(d, a)
				}
			}
		}
		var kept []annotation.Span
		for _, sp := range c.Spans {
			if slices.Contains(c.Documents[sp.Doc].AnnotatedBy, sp.Annotator) {
				kept = append(kept, sp)
			}
		}
		c.Spans = kept
		if c.DefaultScope() != annotation.AnnotatedDocuments {
			continue
		}
		r, err = Spans(context.Background(), c)
		if err != nil {
			continue // no pair shares a document on this draw
		}
		if got := Total(r.Errors); math.Abs(got-r.Whole) > 1e-12 {
			t.Errorf("seed %d, scoped: parts sum to %.17g, 1 − F1 = %.17g", seed, got, r.Whole)
		}
		s, err = spans.Compare(context.Background(), c, spans.Options{Match: spans.Match{Kind: spans.Exact}, Labels: spans.Strict, Documents: annotation.AnnotatedDocuments})
		if err != nil {
			t.Fatal(err)
		}
		scopedRuns++
		if math.Abs(s.AverageF1-r.Value) > 1e-12 {
			t.Errorf("seed %d, scoped: average F1 %.15g, agree spans %.15g", seed, r.Value, s.AverageF1)
		}
	}
}

// TestSpansKinds: one error of each kind, named as such.
func TestSpansKinds(t *testing.T) {
	c := &annotation.Corpus{}
	a, b := c.Annotator("a"), c.Annotator("b")
	d := c.Document("d")
	add := func(who int, s, e float64, l string) {
		c.Spans = append(c.Spans, annotation.Span{Doc: d, Annotator: who, Start: s, End: e, Label: l})
	}
	add(a, 0, 5, "X")
	add(b, 0, 5, "X") // match
	add(a, 10, 15, "X")
	add(b, 10, 16, "X") // boundary (2 spans)
	add(a, 20, 25, "X")
	add(b, 20, 25, "Y") // label (2)
	add(a, 30, 40, "X")
	add(b, 30, 35, "X")
	add(b, 35, 40, "X") // merge/split (a's: split_merge; b's two: boundary each)
	add(a, 50, 55, "X") // missed
	add(b, 60, 65, "X") // spurious
	r, err := Spans(context.Background(), c)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]float64{}
	for _, p := range r.Errors {
		got[p.Name] = p.Share
	}
	// TP 1; unmatched: a's 10–15, 20–25, 30–40, 50–55 (FN 4), b's 10–16,
	// 20–25 Y, 30–35, 35–40, 60–65 (FP 5): 1 − F1 = 9/11.
	den := 2.0*1 + 4 + 5
	want := map[string]float64{ErrorBoundary: 4 / den, ErrorLabel: 2 / den, ErrorSplitMerge: 1 / den, ErrorMissed: 1 / den, ErrorSpurious: 1 / den}
	for k, w := range want {
		if math.Abs(got[k]-w) > 1e-12 {
			t.Errorf("%s: %.4f, want %.4f (%v)", k, got[k], w, got)
		}
	}
	if math.Abs(r.Value-2/den) > 1e-12 {
		t.Errorf("F1 %v, want %v", r.Value, 2/den)
	}
}

// TestGammaPartsSum: on random continua (2 to 4 annotators, shifted,
// relabelled, missing and extra units), the positional, categorial and
// unaligned parts, and the continua's, sum to 1 − γ within 1e-12 (γ from
// gamma.Compute with the same options).
func TestGammaPartsSum(t *testing.T) {
	ctx := context.Background()
	for seed := range uint64(12) {
		rng := rand.New(rand.NewPCG(seed, 5))
		var corpus unitizing.Corpus
		for ci := range 1 + rng.IntN(3) {
			na := 2 + rng.IntN(3)
			c := unitizing.Continuum{Name: "c" + strconv.Itoa(ci)}
			for a := range na {
				c.Annotators = append(c.Annotators, "a"+strconv.Itoa(a))
			}
			for range 4 + rng.IntN(5) {
				s := float64(rng.IntN(200))
				e := s + 2 + float64(rng.IntN(10))
				cat := []string{"A", "B"}[rng.IntN(2)]
				for a := range na {
					switch x := rng.Float64(); {
					case x < 0.55:
						c.Units = append(c.Units, unitizing.Unit{Annotator: a, Start: s, End: e, Category: cat})
					case x < 0.7:
						c.Units = append(c.Units, unitizing.Unit{Annotator: a, Start: s + 1, End: e + 1, Category: cat})
					case x < 0.85:
						c.Units = append(c.Units, unitizing.Unit{Annotator: a, Start: s, End: e, Category: []string{"A", "B"}[rng.IntN(2)]})
					case x < 0.93:
					default:
						c.Units = append(c.Units, unitizing.Unit{Annotator: a, Start: 300 + s, End: 300 + e, Category: cat})
					}
				}
			}
			corpus.Continua = append(corpus.Continua, c)
		}
		d, err := gamma.NewCombined(1, 1, 1, nil, []string{"A", "B"})
		if err != nil {
			t.Fatal(err)
		}
		r, err := Gamma(ctx, corpus, d, gamma.Options{Samples: 10, Precision: -1, Seed: 4})
		if err != nil {
			t.Logf("seed %d: %v", seed, err)
			continue
		}
		g, err := gamma.Compute(ctx, corpus, d, gamma.Options{Samples: 10, Precision: -1, Seed: 4})
		if err != nil {
			t.Fatal(err)
		}
		if math.Abs(r.Whole-(1-g.Gamma)) > 1e-15 {
			t.Errorf("seed %d: whole %v, 1 − γ %v", seed, r.Whole, 1-g.Gamma)
		}
		for name, ps := range map[string][]Part{"disorders": r.Errors, "continua": r.Items} {
			if got := Total(ps); math.Abs(got-r.Whole) > 1e-12 {
				t.Errorf("seed %d: %s sum to %.17g, 1 − γ = %.17g", seed, name, got, r.Whole)
			}
		}
	}
}

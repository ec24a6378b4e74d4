package alttest

import (
	"context"
	"math/rand/v2"
	"strconv"
	"testing"

	"agree/annotation"
	"agree/spans"
)

// TestSpansIdenticalModelPasses: on random span corpora (40 documents,
// three annotators who mark the same entities with boundary and label
// slips), a model that copies an annotator's spans passes under exact
// and overlap matching, one that marks random spans fails, and the
// verdict per label works alike.
func TestSpansIdenticalModelPasses(t *testing.T) {
	for seed := range uint64(4) {
		rng := rand.New(rand.NewPCG(seed, 9))
		c := &annotation.Corpus{}
		names := []string{"h1", "h2", "h3", "copy", "guess"}
		for _, n := range names {
			c.Annotator(n)
		}
		labels := []string{"PER", "LOC"}
		for d := range 40 {
			doc := c.Document("d" + strconv.Itoa(d))
			for range 2 + rng.IntN(4) {
				s := float64(rng.IntN(200))
				e := s + 1 + float64(rng.IntN(5))
				l := labels[rng.IntN(2)]
				for h := range 3 {
					ss, ee, ll := s, e, l
					switch x := rng.Float64(); {
					case x < 0.1:
						ee++
					case x < 0.15:
						ll = labels[rng.IntN(2)]
					case x < 0.2:
						continue
					}
					c.Spans = append(c.Spans, annotation.Span{Doc: doc, Annotator: h, Start: ss, End: ee, Label: ll})
					if h == 0 {
						c.Spans = append(c.Spans, annotation.Span{Doc: doc, Annotator: 3, Start: ss, End: ee, Label: ll})
					}
				}
				gs := float64(rng.IntN(200))
				c.Spans = append(c.Spans, annotation.Span{Doc: doc, Annotator: 4, Start: gs, End: gs + 3, Label: labels[rng.IntN(2)]})
			}
		}
		for _, m := range []spans.Match{{Kind: spans.Exact}, {Kind: spans.Overlap}} {
			for _, label := range []string{"", "PER"} {
				run := func(model string) *Result {
					in, err := SpansInput(context.Background(), c, model, []string{"h1", "h2", "h3"}, label, spans.Options{Match: m})
					if err != nil {
						t.Fatal(err)
					}
					r, err := Test(context.Background(), in, Options{})
					if err != nil {
						t.Fatal(err)
					}
					return r
				}
				if r := run("copy"); !r.Passed {
					t.Errorf("seed %d, match %v, label %q: a copy of h1 fails (ω %v, ρ %v)", seed, m.Kind, label, r.WinningRate, r.Rho)
				}
				if r := run("guess"); r.Passed {
					t.Errorf("seed %d, match %v, label %q: random spans pass (ω %v, ρ %v)", seed, m.Kind, label, r.WinningRate, r.Rho)
				}
			}
		}
	}
}

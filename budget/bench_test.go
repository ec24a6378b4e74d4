package budget

import (
	"context"
	"math/rand/v2"
	"strconv"
	"testing"

	"agree/coding"
)

// BenchmarkAlpha: α's budget of 100 000 items, 4 coders, 5 categories
// (go test -bench . ./budget).
func BenchmarkAlpha(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	bd := coding.NewBuilder()
	for i := range 100000 {
		truth := rng.IntN(5)
		for c := range 4 {
			v := truth
			if rng.Float64() > 0.7 {
				v = rng.IntN(5)
			}
			bd.Add(strconv.Itoa(i), "c"+strconv.Itoa(c), strconv.Itoa(v))
		}
	}
	d, err := bd.Build()
	if err != nil {
		b.Fatal(err)
	}
	a, err := coding.Analyze(d, coding.Options{})
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := Alpha(context.Background(), a); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSpans: the span budget of a corpus of 200 documents, 4
// annotators.
func BenchmarkSpans(b *testing.B) {
	rng := rand.New(rand.NewPCG(3, 4))
	var cs = randomCorpus(rng)
	for range 60 {
		c := randomCorpus(rng)
		cs.Spans = append(cs.Spans, c.Spans...)
	}
	for b.Loop() {
		if _, err := Spans(context.Background(), cs); err != nil {
			b.Fatal(err)
		}
	}
}

package inference

import (
	"math/rand/v2"
	"testing"

	"agree/coding"
)

// BenchmarkAlphaBootstrap10kx5 is the target: 1000 resamples of α
// on 10,000 items × 5 coders.
func BenchmarkAlphaBootstrap10kx5(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 1))
	d := spreadError(b, rng, 10000, 5, []float64{.4, .3, .2, .1}, .8, .05)
	a := analyze(b, d, coding.Options{})
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Alpha(a, Options{Resamples: 1000, Seed: 1}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkKrippendorffBootstrap10kx5(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 1))
	d := spreadError(b, rng, 10000, 5, []float64{.4, .3, .2, .1}, .8, .05)
	a := analyze(b, d, coding.Options{})
	b.ReportAllocs()
	for b.Loop() {
		if _, err := KrippendorffAlpha(a, Options{Resamples: 1000, Seed: 1}); err != nil {
			b.Fatal(err)
		}
	}
}

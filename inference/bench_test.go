package inference

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strconv"
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
		if _, err := alphaBoot(context.Background(), a, Options{Resamples: 1000, Seed: 1}); err != nil {
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
		if _, err := KrippendorffAlpha(context.Background(), a, Options{Resamples: 1000, Seed: 1}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkGwetAC1_10kx5(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 1))
	d := spreadError(b, rng, 10000, 5, []float64{.4, .3, .2, .1}, .8, .05)
	a := analyze(b, d, coding.Options{})
	b.ReportAllocs()
	for b.Loop() {
		Gwet(a, coding.GwetAC, GwetOptions{})
	}
}

// BenchmarkAlphaBootstrapIntervalContinuous is the worst case for the
// pattern compression: continuous values, every item distinct (10k items ×
// 5 coders, interval distance, ~50k distinct values).
func BenchmarkAlphaBootstrapIntervalContinuous(b *testing.B) {
	rng := rand.New(rand.NewPCG(2, 2))
	bl := coding.NewBuilder()
	cs := make([]int, 5)
	for c := range cs {
		cs[c] = bl.Coder(fmt.Sprint("c", c))
	}
	for i := range 10000 {
		it := bl.NewItem(fmt.Sprint(i))
		truth := rng.NormFloat64() * 10
		for _, c := range cs {
			if err := bl.Set(it, c, strconv.FormatFloat(truth+rng.NormFloat64()*3, 'f', 6, 64), coding.Pos{}); err != nil {
				b.Fatal(err)
			}
		}
	}
	d, _ := bl.Build()
	a := analyze(b, d, coding.Options{Distance: mustSpec(b, "interval")})
	b.ReportAllocs()
	for b.Loop() {
		if _, err := alphaBoot(context.Background(), a, Options{Resamples: 1000, Seed: 1}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkGeneralBootstrapFleiss10kx5 is the general path (re-analysing
// each resample) for a coefficient without a fast path: 100 resamples.
func BenchmarkGeneralBootstrapFleiss10kx5(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 1))
	d := spreadError(b, rng, 10000, 5, []float64{.4, .3, .2, .1}, .8, .05)
	a := analyze(b, d, coding.Options{})
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Bootstrap(context.Background(), a, []coding.Coefficient{coding.FleissKappa}, Options{Resamples: 100, Seed: 1}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkBootstrapAll10kx5 bootstraps every coefficient on 100 shared
// resamples of 10k items × 5 coders.
func BenchmarkBootstrapAll10kx5(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 1))
	d := spreadError(b, rng, 10000, 5, []float64{.4, .3, .2, .1}, .8, .05)
	a := analyze(b, d, coding.Options{})
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Bootstrap(context.Background(), a, coding.All(), Options{Resamples: 100, Seed: 1}); err != nil {
			b.Fatal(err)
		}
	}
}

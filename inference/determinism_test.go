package inference

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"agree/coding"
)

func TestItemsRandDeterministic(t *testing.T) {
	// A statistic that uses the resample's generator gives the same
	// results with 1 and 8 workers.
	stat := func() Statistic {
		return func(items []int, rng *rand.Rand, out []float64) error {
			out[0] = float64(items[0]) + rng.Float64()
			return nil
		}
	}
	xs, _ := Items(context.Background(), 10, 1, stat, Options{Resamples: 50, Seed: 3, Workers: 1, KeepSamples: true})
	ys, _ := Items(context.Background(), 10, 1, stat, Options{Resamples: 50, Seed: 3, Workers: 8, KeepSamples: true})
	x, y := xs[0], ys[0]
	if len(x.Samples) != 50 {
		t.Fatalf("%d samples kept, want 50", len(x.Samples))
	}
	for i := range x.Samples {
		if x.Samples[i] != y.Samples[i] {
			t.Fatalf("resample %d: %g vs %g", i, x.Samples[i], y.Samples[i])
		}
	}
}

func TestBootstrapMatchesReanalysis(t *testing.T) {
	// Two paths: bootstrapping several coefficients on shared resamples
	// (patterns re-weighted) gives, per coefficient, exactly the bootstrap
	// that analyses each resample anew (same seed, same draws); α, which
	// has a path of its own, gives what it gives alone.
	rng := rand.New(rand.NewPCG(12, 12))
	d := spreadError(t, rng, 40, 3, []float64{.5, .5}, .7, .1)
	a := analyze(t, d, coding.Options{})
	cs := []coding.Coefficient{coding.FleissKappa, coding.KrippendorffAlpha, coding.GwetAC, coding.PercentAgreement}
	opt := Options{Resamples: 30, Seed: 4, Workers: 3, KeepSamples: true}
	all, err := Bootstrap(context.Background(), a, cs, opt)
	if err != nil {
		t.Fatal(err)
	}
	for j, c := range cs {
		one, err := single(context.Background(), d.NumItems(), reanalysed(d, coding.Options{}, c), opt)
		if c == coding.KrippendorffAlpha { // its own path, alone
			one, err = alphaBoot(context.Background(), a, opt)
		}
		if err != nil {
			t.Fatal(err)
		}
		if len(one.Samples) != 30 || len(all[j].Samples) != 30 {
			t.Fatalf("%s: %d and %d samples kept, want 30", c.Key(), len(one.Samples), len(all[j].Samples))
		}
		for r := range one.Samples {
			if all[j].Samples[r] != one.Samples[r] && !(math.IsNaN(all[j].Samples[r]) && math.IsNaN(one.Samples[r])) {
				t.Fatalf("%s resample %d: %g vs %g", c.Key(), r, all[j].Samples[r], one.Samples[r])
			}
		}
	}
}

func TestErrorIsDeterministic(t *testing.T) {
	// The reported error is the lowest failing resample's, for any number
	// of workers.
	fail := func(items []int) (float64, error) {
		if items[0]%3 == 0 {
			return 0, errors.New("boom")
		}
		return 1, nil
	}
	var msgs []string
	for _, w := range []int{1, 2, 8} {
		_, err := single(context.Background(), 50, fail, Options{Resamples: 200, Seed: 1, Workers: w})
		if err == nil {
			t.Fatal("want an error")
		}
		msgs = append(msgs, err.Error())
	}
	if msgs[0] != msgs[1] || msgs[0] != msgs[2] {
		t.Errorf("errors differ: %q", msgs)
	}
}

func TestItemsSharedResamples(t *testing.T) {
	// Two paths: k statistics bootstrapped together give, per statistic,
	// exactly the single-statistic bootstrap with the same seed.
	vals := []float64{3, 1, 4, 1, 5, 9, 2, 6}
	mean := func(items []int) float64 {
		s := 0.0
		for _, i := range items {
			s += vals[i]
		}
		return s / float64(len(items))
	}
	maxOf := func(items []int) float64 {
		m := math.Inf(-1)
		for _, i := range items {
			m = math.Max(m, vals[i])
		}
		return m
	}
	opt := Options{Resamples: 300, Seed: 5, Workers: 3, KeepSamples: true}
	both, err := Items(context.Background(), len(vals), 2, func() Statistic {
		return func(items []int, _ *rand.Rand, out []float64) error {
			out[0], out[1] = mean(items), maxOf(items)
			return nil
		}
	}, opt)
	if err != nil {
		t.Fatal(err)
	}
	for j, f := range []func([]int) float64{mean, maxOf} {
		one, err := single(context.Background(), len(vals), func(items []int) (float64, error) { return f(items), nil }, opt)
		if err != nil {
			t.Fatal(err)
		}
		if len(one.Samples) != 300 || !slices.Equal(one.Samples, both[j].Samples) || one.CI != both[j].CI || one.SE != both[j].SE || one.Estimate != both[j].Estimate {
			t.Errorf("statistic %d: joint and single bootstraps differ", j)
		}
	}
	approx(t, "mean estimate", both[0].Estimate, 31.0/8, 1e-12)
	approx(t, "max estimate", both[1].Estimate, 9, 0)
}

package inference

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"agree/coding"
)

// TestSummaryMatchesFullSort checks the streaming summary against the
// definitions computed on the whole sorted distribution: the percentile
// interval from the kept tails equals Quantile on all values (exactly),
// SE equals the two-pass standard deviation, PBelow equals the counts.
// Cases cover ties, undefined resamples, tiny and odd sizes, and levels
// whose tails round differently.
func TestSummaryMatchesFullSort(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 9))
	for _, n := range []int{1, 2, 3, 7, 40, 41, 999, 5000, 12345} {
		for _, level := range []float64{0.5, 0.8, 0.9, 0.95, 0.99, 0.999} {
			for _, kind := range []string{"continuous", "ties", "undefined"} {
				opt := Options{Resamples: n, Level: level, Thresholds: []float64{0.25, 0.5, 0.9}}
				s := newSummary(opt)
				var def []float64
				for range n {
					v := rng.Float64()
					switch kind {
					case "ties":
						v = float64(rng.IntN(5)) / 4
					case "undefined":
						if rng.IntN(3) == 0 {
							v = math.NaN()
						}
					}
					s.add(v)
					if !math.IsNaN(v) {
						def = append(def, v)
					}
				}
				r := s.result(0, "m")
				slices.Sort(def)
				tail := (1 - level) / 2
				if len(def) == 0 {
					if !math.IsNaN(r.CI.Low) || r.Reason == "" {
						t.Errorf("n=%d %s: no defined resample: want NaN with a reason, got %+v", n, kind, r)
					}
					continue
				}
				if lo, hi := Quantile(def, tail), Quantile(def, 1-tail); r.CI.Low != lo || r.CI.High != hi {
					t.Errorf("n=%d level=%g %s: interval [%v, %v], full sort [%v, %v]", n, level, kind, r.CI.Low, r.CI.High, lo, hi)
				}
				if len(def) > 1 {
					mean := 0.0
					for _, v := range def {
						mean += v
					}
					mean /= float64(len(def))
					ss := 0.0
					for _, v := range def {
						ss += (v - mean) * (v - mean)
					}
					approx(t, "SE", r.SE, math.Sqrt(ss/float64(len(def)-1)), 1e-12)
				}
				for _, th := range opt.Thresholds {
					below, _ := slices.BinarySearch(def, th)
					if got := r.PBelow[th]; got != float64(below)/float64(len(def)) {
						t.Errorf("n=%d %s: P(< %g) = %v, want %d/%d", n, kind, th, got, below, len(def))
					}
				}
				if r.Undefined != n-len(def) {
					t.Errorf("n=%d %s: %d undefined, want %d", n, kind, r.Undefined, n-len(def))
				}
			}
		}
	}
}

// TestSummaryMemoryIsBounded: the summary keeps the tails the interval
// needs, not the distribution: at 95% and 10⁶ resamples, 2 × (25 000 + 3)
// values rather than 10⁶.
func TestSummaryMemoryIsBounded(t *testing.T) {
	s := newSummary(Options{Resamples: MaxResamples, Level: 0.95})
	rng := rand.New(rand.NewPCG(1, 1))
	for range MaxResamples {
		s.add(rng.Float64())
	}
	if kept := len(s.low.v) + len(s.high.v); kept > 2*(25000+3) {
		t.Errorf("%d values kept for 10⁶ resamples", kept)
	}
	if s.samples != nil {
		t.Error("samples kept without KeepSamples")
	}
}

func TestResamplesBounded(t *testing.T) {
	stat := func([]int) (float64, error) { return 0, nil }
	_, err := single(context.Background(), 5, stat, Options{Resamples: MaxResamples + 1})
	if err == nil || !strings.Contains(err.Error(), "maximum") {
		t.Errorf("%d resamples: got %v, want an error naming the maximum", MaxResamples+1, err)
	}
	if _, err := single(context.Background(), 5, stat, Options{Resamples: 10, Workers: -1}); err == nil {
		t.Error("-1 workers: want an error")
	}
	if _, err := single(context.Background(), 5, stat, Options{Resamples: 10, Thresholds: []float64{math.NaN()}}); err == nil {
		t.Error("NaN threshold: want an error")
	}
}

func TestBootstrapCancelled(t *testing.T) {
	// A cancelled context stops the bootstrap with its error, before the
	// resamples are done (the statistic counts its calls).
	ctx, cancel := context.WithCancel(context.Background())
	calls := 0
	stat := func([]int) (float64, error) {
		calls++
		if calls == 10 {
			cancel()
		}
		return 0.5, nil
	}
	_, err := single(ctx, 5, stat, Options{Resamples: 100000, Workers: 1})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("got %v, want context.Canceled", err)
	}
	if calls > 20 {
		t.Errorf("%d resamples computed after cancellation at 10", calls)
	}
	a := analyze(t, wide(t, krippendorffData), coding.Options{})
	done, cancel2 := context.WithCancel(context.Background())
	cancel2()
	if _, err := alphaBoot(done, a, Options{Resamples: 10}); !errors.Is(err, context.Canceled) {
		t.Errorf("Bootstrap of α on a cancelled context: %v", err)
	}
	if _, err := KrippendorffAlpha(done, a, Options{Resamples: 10}); !errors.Is(err, context.Canceled) {
		t.Errorf("KrippendorffAlpha on a cancelled context: %v", err)
	}
	if _, err := Bootstrap(done, a, []coding.Coefficient{coding.FleissKappa}, Options{Resamples: 10}); !errors.Is(err, context.Canceled) {
		t.Errorf("Bootstrap on a cancelled context: %v", err)
	}
}

func TestBootstrapProgress(t *testing.T) {
	// Progress is reported after each batch, ending at the total.
	var seen []int
	stat := func([]int) (float64, error) { return 0, nil }
	_, err := single(context.Background(), 3, stat, Options{Resamples: 2*batchSize + 5, Workers: 2,
		Progress: func(done, total int) {
			if total != 2*batchSize+5 {
				t.Errorf("total %d", total)
			}
			seen = append(seen, done)
		}})
	if err != nil {
		t.Fatal(err)
	}
	if want := []int{batchSize, 2 * batchSize, 2*batchSize + 5}; !slices.Equal(seen, want) {
		t.Errorf("progress %v, want %v", seen, want)
	}
}

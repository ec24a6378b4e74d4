package inference

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"

	"agree/report"
)

// DefaultThresholds are the cut-offs for which a bootstrap reports the
// probability that the coefficient is below them: Krippendorff's 0.667
// ("tentative conclusions") and 0.8 (survey §4.1.3; KALPHA's q(α < α_min)).
var DefaultThresholds = []float64{0.667, 0.8}

// Options control a bootstrap.
type Options struct {
	// Resamples is the number of bootstrap samples (required, ≥ 1).
	Resamples int
	// Seed makes the run reproducible: resample r draws from a generator
	// seeded by (Seed, r).
	Seed uint64
	// Workers is the number of goroutines; 0 means GOMAXPROCS. Results do
	// not depend on it.
	Workers int
	// Level is the confidence level of the interval; 0 means 0.95.
	Level float64
	// Thresholds for PBelow; nil means DefaultThresholds.
	Thresholds []float64
}

func (o Options) normalized() (Options, error) {
	if o.Resamples < 1 {
		return o, fmt.Errorf("bootstrap needs at least 1 resample, got %d", o.Resamples)
	}
	if o.Level == 0 {
		o.Level = 0.95
	}
	if !(o.Level > 0 && o.Level < 1) {
		return o, fmt.Errorf("confidence level %g is not between 0 and 1", o.Level)
	}
	if o.Workers <= 0 {
		o.Workers = runtime.GOMAXPROCS(0)
	}
	o.Workers = min(o.Workers, o.Resamples)
	if o.Thresholds == nil {
		o.Thresholds = DefaultThresholds
	}
	return o, nil
}

// Interval is a confidence interval. Its JSON form is the "ci" object of a
// coefficient: {"low","high","method","level","resamples","seed"}
// (resamples and seed only for bootstrap intervals).
type Interval struct {
	Low       report.Number `json:"low"`
	High      report.Number `json:"high"`
	Method    string        `json:"method"`
	Level     float64       `json:"level"`
	Resamples int           `json:"resamples,omitempty"`
	Seed      *uint64       `json:"seed,omitempty"`
}

// PBelow maps a threshold, written as in "0.667", to the share of
// bootstrap resamples in which the coefficient was below it (JSON
// "p_below":{"0.667":…,"0.8":…}).
type PBelow map[string]report.Number

// ThresholdKey is the key of threshold t in PBelow ("0.667", "0.8").
func ThresholdKey(t float64) string { return strconv.FormatFloat(t, 'g', -1, 64) }

// Result is a bootstrap distribution and its summaries.
type Result struct {
	// Estimate is the statistic on the full data.
	Estimate float64 `json:"-"`
	// SE is the standard deviation of the defined resamples (JSON "se").
	SE report.Number `json:"se"`
	// CI is the percentile interval.
	CI Interval `json:"ci"`
	// PBelow is the share of defined resamples below each threshold.
	PBelow PBelow `json:"p_below"`
	// Undefined counts resamples on which the statistic was undefined
	// (NaN); they are left out of SE, CI and PBelow.
	Undefined int `json:"undefined_resamples"`
	// Samples holds the statistic of each resample in resample order (NaN
	// for undefined ones).
	Samples []float64 `json:"-"`
}

// Statistic computes a coefficient on the items with the given indices
// (which may repeat). It returns NaN when the coefficient is undefined on
// them, and an error only for a failure that should stop the bootstrap.
// It must not keep items after returning.
type Statistic func(items []int) (float64, error)

// Items is the item (unit) bootstrap: each resample draws n items with
// replacement and evaluates stat on them. Items are whatever the caller
// resamples — coding items, continua of a γ corpus, documents of a
// coreference corpus. stat is called from several goroutines at once when
// opt.Workers > 1; use ItemsLocal if it keeps scratch state.
func Items(n int, stat Statistic, opt Options) (*Result, error) {
	return ItemsLocal(n, func() Statistic { return stat }, opt)
}

// ItemsLocal is Items with one statistic per worker: newStat is called once
// per goroutine, so each statistic may own scratch buffers.
func ItemsLocal(n int, newStat func() Statistic, opt Options) (*Result, error) {
	return ItemsRand(n, func() RandStatistic {
		stat := newStat()
		return func(items []int, _ *rand.Rand) (float64, error) { return stat(items) }
	}, opt)
}

// RandStatistic is a Statistic that itself needs random numbers (γ's
// expected disagreement by sampling, for instance). rng is the resample's
// own generator (after the items were drawn), so results stay independent
// of the number of workers; on the full data it is seeded by (Seed, −1).
type RandStatistic func(items []int, rng *rand.Rand) (float64, error)

// ItemsRand is ItemsLocal for statistics that draw random numbers.
func ItemsRand(n int, newStat func() RandStatistic, opt Options) (*Result, error) {
	if n < 1 {
		return nil, errors.New("bootstrap needs at least one item")
	}
	opt, err := opt.normalized()
	if err != nil {
		return nil, err
	}
	all := make([]int, n)
	for i := range all {
		all[i] = i
	}
	est, err := newStat()(all, resampleRNG(opt.Seed, math.MaxUint64))
	if err != nil {
		return nil, err
	}
	samples, err := run(opt, func() func(r uint64, rng *rand.Rand) (float64, error) {
		stat := newStat()
		buf := make([]int, n)
		return func(_ uint64, rng *rand.Rand) (float64, error) {
			for j := range buf {
				buf[j] = rng.IntN(n)
			}
			return stat(buf, rng)
		}
	})
	if err != nil {
		return nil, err
	}
	return summarize(est, samples, opt, "item bootstrap, percentile"), nil
}

// splitmix64 is a bijective 64-bit mixer (Steele, Lea & Flood 2014), used
// to derive well-separated generator states from (seed, resample index).
func splitmix64(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9
	x = (x ^ (x >> 27)) * 0x94d049bb133111eb
	return x ^ (x >> 31)
}

// resampleRNG returns the generator of resample r under seed.
func resampleRNG(seed, r uint64) *rand.Rand {
	return rand.New(rand.NewPCG(splitmix64(seed), splitmix64(seed^splitmix64(r+0x5851f42d4c957f2d))))
}

// run evaluates opt.Resamples resamples on opt.Workers goroutines. newWorker
// is called once per goroutine; the function it returns computes resample
// r with that resample's own generator.
func run(opt Options, newWorker func() func(r uint64, rng *rand.Rand) (float64, error)) ([]float64, error) {
	return runVec(opt, 1, func() func(uint64, *rand.Rand, []float64) error {
		f := newWorker()
		return func(r uint64, rng *rand.Rand, out []float64) error {
			v, err := f(r, rng)
			out[0] = v
			return err
		}
	})
}

// runVec is run for statistics with k values per resample; the result is
// resample-major (out[r·k+j]). On error, the error of the lowest failing
// resample is returned whatever the scheduling: resamples below the lowest
// failure seen so far are always computed.
func runVec(opt Options, k int, newWorker func() func(r uint64, rng *rand.Rand, out []float64) error) ([]float64, error) {
	out := make([]float64, opt.Resamples*k)
	errs := make([]error, opt.Resamples)
	var next atomic.Int64
	var failedAt atomic.Int64
	failedAt.Store(math.MaxInt64)
	var wg sync.WaitGroup
	for range opt.Workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			f := newWorker()
			for {
				r := next.Add(1) - 1
				if r >= int64(opt.Resamples) || r >= failedAt.Load() {
					return
				}
				if err := f(uint64(r), resampleRNG(opt.Seed, uint64(r)), out[int(r)*k:int(r+1)*k]); err != nil {
					errs[r] = fmt.Errorf("resample %d: %w", r, err)
					for {
						cur := failedAt.Load()
						if r >= cur || failedAt.CompareAndSwap(cur, r) {
							break
						}
					}
					return
				}
			}
		}()
	}
	wg.Wait()
	if f := failedAt.Load(); f != math.MaxInt64 {
		return nil, errs[f]
	}
	return out, nil
}

// summarize computes SE, the percentile interval and PBelow.
func summarize(est float64, samples []float64, opt Options, method string) *Result {
	res := &Result{Estimate: est, Samples: samples, PBelow: PBelow{}}
	def := make([]float64, 0, len(samples))
	for _, v := range samples {
		if math.IsNaN(v) {
			res.Undefined++
		} else {
			def = append(def, v)
		}
	}
	slices.Sort(def)
	seed := opt.Seed
	res.CI = Interval{Method: method, Level: opt.Level, Resamples: opt.Resamples, Seed: &seed,
		Low: report.Number(math.NaN()), High: report.Number(math.NaN())}
	res.SE = report.Number(math.NaN())
	for _, t := range opt.Thresholds {
		res.PBelow[ThresholdKey(t)] = report.Number(math.NaN())
	}
	if len(def) == 0 {
		return res
	}
	tail := (1 - opt.Level) / 2
	res.CI.Low = report.Number(Quantile(def, tail))
	res.CI.High = report.Number(Quantile(def, 1-tail))
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
		res.SE = report.Number(math.Sqrt(ss / float64(len(def)-1)))
	}
	for _, t := range opt.Thresholds {
		below, _ := slices.BinarySearch(def, t) // def[:below] < t
		res.PBelow[ThresholdKey(t)] = report.Number(float64(below) / float64(len(def)))
	}
	return res
}

// Quantile returns the p-quantile of sorted (ascending, no NaN) by linear
// interpolation between order statistics: position p·(n−1) (Hyndman & Fan
// 1996, definition 7, the default of R and NumPy).
func Quantile(sorted []float64, p float64) float64 {
	n := len(sorted)
	if n == 0 {
		return math.NaN()
	}
	h := p * float64(n-1)
	lo := int(math.Floor(h))
	if lo >= n-1 {
		return sorted[n-1]
	}
	if lo < 0 {
		return sorted[0]
	}
	return sorted[lo] + (h-float64(lo))*(sorted[lo+1]-sorted[lo])
}

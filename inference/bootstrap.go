package inference

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
)

// DefaultThresholds are the cut-offs for which a bootstrap reports the
// probability that the coefficient is below them: Krippendorff's 0.667
// ("tentative conclusions") and 0.8 (survey §4.1.3; KALPHA's q(α < α_min)).
var DefaultThresholds = []float64{0.667, 0.8}

// MaxResamples is the largest number of resamples a bootstrap accepts.
// Resamples are summarised as they are computed (mean and variance in
// resample order, counts below the thresholds), and the percentile interval
// is exact: it keeps only the order statistics it can need, the
// ⌈(1 − level)/2 · R⌉ + 3 smallest and largest values, so memory grows with
// (1 − level)·R and is at most a few megabytes per statistic at this
// maximum (with Options.KeepSamples, 8 bytes per resample more).
const MaxResamples = 1_000_000

// batchSize is the number of resamples computed between two summaries; it
// bounds the memory of values not yet summarised (batchSize × statistics).
const batchSize = 4096

// Options control a bootstrap.
type Options struct {
	// Resamples is the number of bootstrap samples (1 to MaxResamples).
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
	// KeepSamples keeps every resample's value in Result.Samples (memory
	// grows with Resamples; off by default).
	KeepSamples bool
	// Progress, if not nil, is called from one goroutine with the number
	// of resamples summarised so far and the total.
	Progress func(done, total int)
}

func (o Options) normalized() (Options, error) {
	if o.Resamples < 1 {
		return o, fmt.Errorf("bootstrap needs at least 1 resample, got %d", o.Resamples)
	}
	if o.Resamples > MaxResamples {
		return o, fmt.Errorf("bootstrap: %d resamples is more than the maximum, %d", o.Resamples, MaxResamples)
	}
	if o.Level == 0 {
		o.Level = 0.95
	}
	if !(o.Level > 0 && o.Level < 1) {
		return o, fmt.Errorf("confidence level %g is not between 0 and 1", o.Level)
	}
	if o.Workers < 0 {
		return o, fmt.Errorf("bootstrap: %d workers", o.Workers)
	}
	if o.Workers == 0 {
		o.Workers = runtime.GOMAXPROCS(0)
	}
	o.Workers = min(o.Workers, o.Resamples)
	if o.Thresholds == nil {
		o.Thresholds = DefaultThresholds
	}
	for _, t := range o.Thresholds {
		if math.IsNaN(t) {
			return o, errors.New("bootstrap: a threshold is NaN")
		}
	}
	return o, nil
}

// Interval is a confidence interval.
type Interval struct {
	// Low and High are the bounds; NaN when the interval is undefined.
	Low, High float64
	// Method names how the interval was computed.
	Method string
	// Level is the confidence level (0.95 for a 95% interval).
	Level float64
	// Resamples and Seed are those of a bootstrap interval; Resamples is 0
	// for an analytic one.
	Resamples int
	Seed      uint64
	// Clipped is set when an analytic interval reached outside the range
	// the coefficient can take (see Range) and was cut back to it.
	Clipped bool
}

// Bootstrapped reports whether the interval comes from a bootstrap.
func (iv Interval) Bootstrapped() bool { return iv.Resamples > 0 }

// clip cuts the interval to [lo, hi], never so far as to exclude the
// estimate est, and records whether it did.
func (iv Interval) clip(est, lo, hi float64) Interval {
	lo, hi = math.Min(lo, est), math.Max(hi, est)
	if iv.Low < lo {
		iv.Low, iv.Clipped = lo, true
	}
	if iv.High > hi {
		iv.High, iv.Clipped = hi, true
	}
	return iv
}

// PBelow maps a threshold to the share of defined bootstrap resamples in
// which the statistic was below it.
type PBelow map[float64]float64

// Result is a bootstrap distribution's summaries.
type Result struct {
	// Estimate is the statistic on the full data.
	Estimate float64
	// SE is the standard deviation of the defined resamples (NaN with
	// fewer than two).
	SE float64
	// CI is the percentile interval (NaN bounds when no resample was
	// defined).
	CI Interval
	// PBelow is the share of defined resamples below each threshold (NaN
	// when none was defined).
	PBelow PBelow
	// Undefined counts resamples on which the statistic was undefined (NaN
	// or infinite); they are left out of SE, CI and PBelow.
	Undefined int
	// Reason says why SE or CI is NaN ("" when both are defined).
	Reason string
	// Samples holds the statistic of each resample in resample order (NaN
	// for undefined ones) when Options.KeepSamples is set, nil otherwise.
	Samples []float64
}

// Statistic computes k statistics on the items with the given indices
// (which may repeat), writing them to out (len(out) = k; NaN for one that
// is undefined on these items). It returns an error only for a failure
// that should stop the bootstrap. rng is the resample's own generator,
// after the items were drawn, for statistics that need random numbers
// themselves (γ's expected disagreement by sampling); on the full data it
// is seeded by (Seed, −1). It must not keep items or out after returning.
type Statistic func(items []int, rng *rand.Rand, out []float64) error

// Items is the item (unit) bootstrap of k statistics on shared resamples:
// each resample draws n items with replacement, once, and evaluates the k
// statistics on them, so every statistic sees exactly the resamples it
// would see alone with the same seed. Items are whatever the caller
// resamples — coding items, continua of a γ corpus, documents of a
// coreference corpus. newStat is called once per goroutine, so a statistic
// may own scratch buffers. The results are in statistic order; their
// estimates are the statistics on all n items. A cancelled ctx stops the
// bootstrap with ctx's error.
//
// For the coefficients of a coding analysis, Bootstrap is much faster.
func Items(ctx context.Context, n, k int, newStat func() Statistic, opt Options) ([]*Result, error) {
	if n < 1 {
		return nil, errors.New("bootstrap needs at least one item")
	}
	if k < 1 {
		return nil, errors.New("bootstrap needs at least one statistic")
	}
	opt, err := opt.normalized()
	if err != nil {
		return nil, err
	}
	all := make([]int, n)
	for i := range all {
		all[i] = i
	}
	est := make([]float64, k)
	if err := newStat()(all, resampleRNG(opt.Seed, math.MaxUint64), est); err != nil {
		return nil, err
	}
	sums, err := runVec(ctx, opt, k, func() func(uint64, *rand.Rand, []float64) error {
		stat := newStat()
		buf := make([]int, n)
		return func(_ uint64, rng *rand.Rand, out []float64) error {
			for j := range buf {
				buf[j] = rng.IntN(n)
			}
			return stat(buf, rng, out)
		}
	})
	if err != nil {
		return nil, err
	}
	out := make([]*Result, k)
	for j, s := range sums {
		out[j] = s.result(est[j], "item bootstrap, percentile")
	}
	return out, nil
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
func run(ctx context.Context, opt Options, newWorker func() func(r uint64, rng *rand.Rand) (float64, error)) (*summary, error) {
	s, err := runVec(ctx, opt, 1, func() func(uint64, *rand.Rand, []float64) error {
		f := newWorker()
		return func(r uint64, rng *rand.Rand, out []float64) error {
			v, err := f(r, rng)
			out[0] = v
			return err
		}
	})
	if err != nil {
		return nil, err
	}
	return s[0], nil
}

// runVec is run for statistics with k values per resample, summarised per
// statistic. Resamples are computed in batches; each batch is summarised in
// resample order, so the results do not depend on the number of workers or
// their scheduling. On error, the error of the lowest failing resample is
// returned whatever the scheduling: resamples below the lowest failure seen
// so far are always computed.
func runVec(ctx context.Context, opt Options, k int, newWorker func() func(r uint64, rng *rand.Rand, out []float64) error) ([]*summary, error) {
	if ctx == nil {
		ctx = context.Background()
	}
	sums := make([]*summary, k)
	for j := range sums {
		sums[j] = newSummary(opt)
	}
	size := min(batchSize, opt.Resamples)
	out := make([]float64, size*k)
	errs := make([]error, size)
	workers := make([]func(uint64, *rand.Rand, []float64) error, opt.Workers)
	for w := range workers {
		workers[w] = newWorker()
	}
	for start := 0; start < opt.Resamples; start += size {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		end := min(start+size, opt.Resamples)
		var next atomic.Int64
		var failedAt atomic.Int64
		failedAt.Store(math.MaxInt64)
		var wg sync.WaitGroup
		for _, f := range workers[:min(len(workers), end-start)] {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for {
					i := next.Add(1) - 1
					if i >= int64(end-start) || i >= failedAt.Load() {
						return
					}
					if ctx.Err() != nil {
						return
					}
					r := int64(start) + i
					if err := f(uint64(r), resampleRNG(opt.Seed, uint64(r)), out[int(i)*k:int(i+1)*k]); err != nil {
						errs[i] = fmt.Errorf("resample %d: %w", r, err)
						for {
							cur := failedAt.Load()
							if i >= cur || failedAt.CompareAndSwap(cur, i) {
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
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		for i := range end - start {
			for j, s := range sums {
				s.add(out[i*k+j])
			}
		}
		if opt.Progress != nil {
			opt.Progress(end, opt.Resamples)
		}
	}
	return sums, nil
}

// summary accumulates a statistic's resamples in resample order: Welford's
// mean and sum of squares, the counts below the thresholds, and the
// smallest and largest values that the percentile interval can need.
type summary struct {
	opt        Options
	defined    int
	undefined  int
	mean, m2   float64
	below      []int
	low, high  *boundedHeap
	samples    []float64
	keepSample bool
}

func newSummary(opt Options) *summary {
	tail := (1 - opt.Level) / 2
	k := int(math.Ceil(tail*float64(opt.Resamples-1))) + 3
	k = min(k, opt.Resamples)
	s := &summary{opt: opt, below: make([]int, len(opt.Thresholds)),
		low: &boundedHeap{max: k, largest: false}, high: &boundedHeap{max: k, largest: true}}
	if opt.KeepSamples {
		s.samples = make([]float64, 0, opt.Resamples)
		s.keepSample = true
	}
	return s
}

func (s *summary) add(v float64) {
	if s.keepSample {
		s.samples = append(s.samples, v)
	}
	if math.IsNaN(v) || math.IsInf(v, 0) {
		s.undefined++
		return
	}
	s.defined++
	d := v - s.mean
	s.mean += d / float64(s.defined)
	s.m2 += d * (v - s.mean)
	for i, t := range s.opt.Thresholds {
		if v < t {
			s.below[i]++
		}
	}
	s.low.push(v)
	s.high.push(v)
}

// orderStat returns the i-th smallest defined value (0-based); it must be
// among those kept.
func (s *summary) orderStat(lows, highs []float64, i int) float64 {
	if i < len(lows) {
		return lows[i]
	}
	if j := s.defined - 1 - i; j >= 0 && j < len(highs) {
		return highs[len(highs)-1-j]
	}
	panic(fmt.Sprintf("inference: order statistic %d of %d was not kept", i, s.defined))
}

// quantile is Quantile over the defined values, from the kept tails.
func (s *summary) quantile(lows, highs []float64, p float64) float64 {
	n := s.defined
	h := p * float64(n-1)
	lo := int(math.Floor(h))
	if lo >= n-1 {
		return s.orderStat(lows, highs, n-1)
	}
	if lo < 0 {
		return s.orderStat(lows, highs, 0)
	}
	a := s.orderStat(lows, highs, lo)
	return a + (h-float64(lo))*(s.orderStat(lows, highs, lo+1)-a)
}

// result turns the summary into a Result.
func (s *summary) result(est float64, method string) *Result {
	opt := s.opt
	res := &Result{Estimate: est, PBelow: PBelow{}, Undefined: s.undefined, Samples: s.samples,
		SE: math.NaN(), CI: Interval{Method: method, Level: opt.Level, Resamples: opt.Resamples, Seed: opt.Seed,
			Low: math.NaN(), High: math.NaN()}}
	for _, t := range opt.Thresholds {
		res.PBelow[t] = math.NaN()
	}
	switch s.defined {
	case 0:
		res.Reason = fmt.Sprintf("the statistic is undefined on all %d resamples", s.undefined)
		return res
	case 1:
		res.Reason = "only one resample is defined: no standard error"
	default:
		res.SE = math.Sqrt(s.m2 / float64(s.defined-1))
	}
	lows, highs := s.low.sorted(), s.high.sorted()
	tail := (1 - opt.Level) / 2
	res.CI.Low = s.quantile(lows, highs, tail)
	res.CI.High = s.quantile(lows, highs, 1-tail)
	for i, t := range opt.Thresholds {
		res.PBelow[t] = float64(s.below[i]) / float64(s.defined)
	}
	return res
}

// boundedHeap keeps the max smallest (largest == false) or largest values
// pushed, in a binary heap whose root is the one to drop first.
type boundedHeap struct {
	max     int
	largest bool
	v       []float64
}

// worse reports whether a should leave the heap before b.
func (h *boundedHeap) worse(a, b float64) bool {
	if h.largest {
		return a < b
	}
	return a > b
}

func (h *boundedHeap) push(x float64) {
	if len(h.v) < h.max {
		h.v = append(h.v, x)
		for i := len(h.v) - 1; i > 0; {
			p := (i - 1) / 2
			if !h.worse(h.v[i], h.v[p]) {
				break
			}
			h.v[i], h.v[p] = h.v[p], h.v[i]
			i = p
		}
		return
	}
	if h.max == 0 || !h.worse(h.v[0], x) {
		return
	}
	h.v[0] = x
	for i := 0; ; {
		c := 2*i + 1
		if c >= len(h.v) {
			break
		}
		if c+1 < len(h.v) && h.worse(h.v[c+1], h.v[c]) {
			c++
		}
		if !h.worse(h.v[c], h.v[i]) {
			break
		}
		h.v[i], h.v[c] = h.v[c], h.v[i]
		i = c
	}
}

// sorted returns the kept values in ascending order.
func (h *boundedHeap) sorted() []float64 {
	out := slices.Clone(h.v)
	slices.Sort(out)
	return out
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

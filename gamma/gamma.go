package gamma

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"sort"
	"sync"
	"time"

	"agree/unitizing"
)

// Limits of Options. A value above is refused by Compute (and by the
// command line before any work).
const (
	// MaxSamples is the largest number of random samples Compute draws.
	// Memory does not grow with the number of samples (they are summarised
	// as they are solved); the limit bounds the time.
	MaxSamples = 1_000_000
	// MaxWorkers is the largest number of parallel workers.
	MaxWorkers = 1024
)

// Options control Compute. The zero value of each field selects the default
// given in its comment.
type Options struct {
	// Sampler draws the random annotations (default Shuffle).
	Sampler Sampler
	// Samples is the size of the first batch of random annotations
	// (paper §5.3: 30). A negative value computes only the observed disorder
	// and the alignment (the CLI's --samples 0).
	Samples int
	// Precision is the relative precision e of the expected disorder
	// (default 0.02); Confidence the confidence 1−a (default 0.95). After
	// each batch the required size n0 = (z_{1−a/2}·Cv/e)² is recomputed
	// from all samples so far, and more are drawn until the sample is at
	// least that large (or MaxSamples is reached). A negative Precision
	// disables the top-ups.
	Precision, Confidence float64
	// MaxSamples caps the total number of samples (default 5000, at most
	// the package's MaxSamples). Samples above it is an error, not a cap.
	MaxSamples int
	// Seed seeds the samplers; sample i uses its own PCG stream (Seed, i),
	// so results do not depend on Workers.
	Seed uint64
	// Workers solves samples in parallel (default GOMAXPROCS, at most
	// MaxWorkers).
	Workers int
	// TimeLimit bounds the time spent proving alignments optimal (0: no
	// limit). Past it, every component not yet proven optimal keeps the
	// best alignment found so far together with a proven lower bound on its
	// disorder, Result.Exact is false and Result gives the gap and the
	// bounds they imply on γ; no further top-up samples are drawn.
	TimeLimit time.Duration
	// Deadline (zero: none) is a time at which the same happens as past
	// TimeLimit; with both, the earlier counts. A caller that computes γ
	// several times (a breakdown, a bootstrap) gives every call the same
	// Deadline, so that the whole stays within one time limit.
	Deadline time.Time
	// MaxGap lets a component stop as soon as its relative gap
	// (best − lower bound)/best is at most MaxGap (0: prove optimality).
	MaxGap float64
	// Window, when > 0, replaces the exact alignment by the approximate
	// windowed method (see AlignOptions.Window): Result.Approximate is set,
	// and no bound is claimed.
	Window int
	// KeepSamples keeps the disorder of every sample in
	// Result.SampleDisorders (memory then grows with the samples).
	KeepSamples bool
	// Progress, if not nil, receives the state of the computation after
	// each finished component of an observed alignment, each finished
	// sample and each improvement of a bound. It may be called from several
	// goroutines, one call at a time.
	Progress func(Progress)
}

// Progress is the state of a running Compute.
type Progress struct {
	// Phase is "alignment" while the observed alignments are solved and
	// "samples" while the random samples are.
	Phase string
	// ComponentsDone of Components are solved in the current observed
	// alignment (continuum Continuum of Continua).
	ComponentsDone, Components int
	Continuum, Continua        int
	// SamplesDone of SamplesNeeded random samples are solved (the target
	// grows with the precision rule).
	SamplesDone, SamplesNeeded int
	// Gap is the relative gap of the component being solved, or 0.
	Gap float64
}

// Result is γ and its parts for one corpus (or one continuum).
type Result struct {
	// Gamma = 1 − Observed/Expected; 1 when Observed = 0; NaN with
	// Undefined set when it cannot be computed.
	Gamma     float64
	Undefined string
	// Observed is δ(â) pooled over the continua: Σ δ(ă) / Σ x̄.
	Observed float64
	// Expected is the mean best-alignment disorder of the samples, with
	// their unbiased standard deviation; Samples is their number and
	// PrecisionReached the relative half-width z·Cv/√N of the confidence
	// interval of Expected.
	Expected, ExpectedSD, PrecisionReached float64
	Samples                                int
	// SampleDisorders are the best-alignment disorders of the random
	// samples in sample order, kept only with Options.KeepSamples.
	SampleDisorders []float64
	// Exact reports that every alignment (observed and random) was proven
	// optimal (to 1e-12·Δ∅). Otherwise Observed and Expected are the
	// disorders of the best alignments found, which can only be above the
	// optimal ones, ObservedLower and ExpectedLower are proven lower bounds
	// (the same samples aligned optimally would give an expected disorder
	// in [ExpectedLower, Expected]), Gap is the relative gap
	// (Observed − ObservedLower)/Observed, and γ computed from optimal
	// alignments lies in [GammaLow, GammaHigh] =
	// [1 − Observed/ExpectedLower, 1 − ObservedLower/Expected] (GammaLow is
	// −Inf when ExpectedLower is 0, as it can be when the samples were
	// stopped before their first relaxation was solved). When Exact,
	// the lower bounds equal the values, Gap is 0 and GammaLow = GammaHigh
	// = Gamma.
	Exact                        bool
	ObservedLower, ExpectedLower float64
	Gap                          float64
	GammaLow, GammaHigh          float64
	// Approximate names the approximate method used ("window:N"), or "".
	// Approximate results carry no bound: Exact is false and the lower
	// bounds are NaN.
	Approximate string
	// StoppedEarly says why the samples stopped before the required
	// number ("time limit" or "cancelled"), or "". Past the time limit, no
	// top-up batch is started, and the samples of the first batch are
	// still drawn (each stopped at once, with its bounds) only within the
	// first half of the grace period (see Grace).
	StoppedEarly string
	// SamplesInexact counts the random samples whose alignment was not
	// proven optimal (Alignments[i].Unproven lists the observed
	// alignments' components).
	SamplesInexact int
	// GammaCat is γ-cat (Mathet 2018) on the same alignments; GammaK maps
	// each category k to γ-k. NaN (with CatUndefined) when there is no
	// categorical distance (a dissimilarity other than *Combined) or no
	// aligned pair.
	GammaCat                 float64
	CatUndefined             string
	ObservedCat, ExpectedCat float64
	GammaK                   map[string]float64
	// Alignments are the best alignments, one per continuum.
	Alignments []*Alignment
	// Annotators is the number of annotators (of the first continuum),
	// Units the total number of units.
	Annotators, Units int
}

// normalize fills the defaults of opt and checks its values.
func (opt Options) normalize() (Options, error) {
	if opt.Samples == 0 {
		opt.Samples = 30
	}
	if opt.Precision == 0 {
		opt.Precision = 0.02
	}
	if opt.Confidence == 0 {
		opt.Confidence = 0.95
	}
	if opt.MaxSamples == 0 {
		opt.MaxSamples = 5000
	}
	if opt.Workers == 0 {
		opt.Workers = runtime.GOMAXPROCS(0)
	}
	switch {
	case !(opt.Confidence > 0 && opt.Confidence < 1):
		return opt, fmt.Errorf("confidence %v must lie strictly between 0 and 1", opt.Confidence)
	case math.IsNaN(opt.Precision) || math.IsInf(opt.Precision, 0) || opt.Precision >= 1:
		return opt, fmt.Errorf("precision %v: want a relative precision below 1 (or negative: no top-ups)", opt.Precision)
	case opt.MaxSamples < 1 || opt.MaxSamples > MaxSamples:
		return opt, fmt.Errorf("max samples %d: want 1 to %d", opt.MaxSamples, MaxSamples)
	case opt.Samples > opt.MaxSamples:
		return opt, fmt.Errorf("%d samples requested but at most %d allowed (raise the maximum)", opt.Samples, opt.MaxSamples)
	case opt.Workers < 0 || opt.Workers > MaxWorkers:
		return opt, fmt.Errorf("workers %d: want 0 (all CPUs) to %d", opt.Workers, MaxWorkers)
	case opt.TimeLimit < 0:
		return opt, fmt.Errorf("time limit %v: want ≥ 0 (0: none)", opt.TimeLimit)
	case !(opt.MaxGap >= 0 && opt.MaxGap < 1):
		return opt, fmt.Errorf("max gap %v: want 0 ≤ gap < 1", opt.MaxGap)
	case opt.Window < 0:
		return opt, fmt.Errorf("window %d: want ≥ 0 (0: exact)", opt.Window)
	}
	return opt, nil
}

// Compute returns γ, γ-cat and γ-k for the corpus under d (a *Combined
// built on every category of the corpus, or any Dissimilarity).
//
// γ = 1 − δ(â)/δ_e (Mathet et al. 2015, §4.4), δ_e estimated by sampling
// (§5.2) with the sample size of §5.3. Memory does not depend on the number
// of samples. A failing sample stops the others at once.
//
// A cancelled ctx stops the computation as the time limit does, within a
// few milliseconds of work: Compute then returns ctx's error together with
// the result so far — the best alignments found with their proven bounds,
// and the random samples solved (StoppedEarly is "cancelled").
func Compute(ctx context.Context, corpus unitizing.Corpus, d Dissimilarity, opt Options) (*Result, error) {
	res, err := compute(ctx, corpus, d, opt)
	if err == nil && ctx.Err() != nil {
		return res, ctx.Err()
	}
	return res, err
}

func compute(ctx context.Context, corpus unitizing.Corpus, d Dissimilarity, opt Options) (*Result, error) {
	if len(corpus.Continua) == 0 {
		return nil, errors.New("no continuum")
	}
	opt, err := opt.normalize()
	if err != nil {
		return nil, err
	}
	ctl := newControl(ctx, opt)
	res := &Result{Annotators: len(corpus.Continua[0].Annotators), GammaK: map[string]float64{}, Exact: true}
	if opt.Window > 0 {
		res.Approximate = fmt.Sprintf("window:%d", opt.Window)
		res.Exact = false
	}
	comb, _ := d.(*Combined)
	var cats []string
	if comb != nil {
		cats = comb.cats
	}
	obs := newCatAcc(len(cats))
	var sum, gap, xbar float64
	for i := range corpus.Continua {
		c := &corpus.Continua[i]
		cc := ctl.forObserved(i, len(corpus.Continua))
		al, err := cc.align(c, d)
		if err != nil {
			return nil, err
		}
		res.Alignments = append(res.Alignments, al)
		res.Units += len(c.Units)
		xb := float64(len(c.Units)) / float64(len(c.Annotators))
		sum += al.Disorder * xb
		gap += (al.Disorder - al.LowerBound) * xb
		xbar += xb
		res.Exact = res.Exact && al.Exact
		if comb != nil {
			obs.add(comb, c, al)
		}
	}
	if xbar > 0 {
		res.Observed = sum / xbar
		res.ObservedLower = res.Observed - gap/xbar
	}
	res.Gap = relGap(res.Observed, res.ObservedLower)
	res.ObservedCat = obs.ratio()
	nan := math.NaN()
	res.Gamma, res.GammaCat, res.Expected, res.ExpectedSD, res.ExpectedCat = nan, nan, nan, nan, nan
	res.PrecisionReached, res.ExpectedLower, res.GammaLow, res.GammaHigh = nan, nan, nan, nan
	if opt.Samples < 0 {
		res.Undefined = "no random samples were drawn (samples = 0): only the observed disorder is computed"
		res.CatUndefined = res.Undefined
		if res.Observed == 0 {
			res.Gamma, res.Undefined = 1, ""
			res.GammaLow, res.GammaHigh = 1, 1
		}
		return res, nil
	}
	acc, err := sampleAll(ctl, corpus, d, comb)
	if err != nil {
		return nil, err
	}
	res.Samples = acc.n
	res.SampleDisorders = acc.kept
	res.Exact = res.Exact && acc.exact
	res.SamplesInexact = acc.inexact
	res.StoppedEarly = acc.stopped
	res.Expected, res.ExpectedSD = acc.mean, acc.sd()
	res.ExpectedLower = res.Expected - acc.gapSum/float64(acc.n)
	z := zOf(opt.Confidence)
	if res.Expected > 0 {
		res.PrecisionReached = z * res.ExpectedSD / res.Expected / math.Sqrt(float64(acc.n))
	}
	switch {
	case res.Observed == 0:
		res.Gamma, res.GammaLow, res.GammaHigh = 1, 1, 1
	case acc.n == 0:
		res.Expected, res.ExpectedSD, res.ExpectedLower = nan, nan, nan
		res.Undefined = fmt.Sprintf("stopped (%s) before any random sample was aligned: the expected disorder is unknown", acc.stopped)
	case !(res.Expected > 0):
		res.Undefined = "the expected disorder is 0 (every random annotation aligns perfectly)"
	default:
		res.Gamma = 1 - res.Observed/res.Expected
		res.GammaHigh = 1 - res.ObservedLower/res.Expected
		if res.ExpectedLower > 1e-9*res.Expected {
			res.GammaLow = 1 - res.Observed/res.ExpectedLower
		} else {
			res.GammaLow = math.Inf(-1) // no positive bound on δ_e: γ unbounded below
		}
	}
	if res.Approximate != "" {
		res.ObservedLower, res.ExpectedLower, res.Gap, res.GammaLow, res.GammaHigh = nan, nan, nan, nan, nan
	}
	if comb == nil {
		res.CatUndefined = "γ-cat needs a combined positional + categorical dissimilarity"
		return res, nil
	}
	res.ExpectedCat = acc.cat.mean()
	res.GammaCat, res.CatUndefined = ratioGamma(res.ObservedCat, res.ExpectedCat)
	for k, name := range cats {
		o := safeDiv(obs.totK[k], obs.wK[k])
		res.GammaK[name], _ = ratioGamma(o, acc.catK[k].mean())
	}
	return res, nil
}

// relGap returns (ub − lb)/ub, 0 when ub = lb (including 0 = 0).
func relGap(ub, lb float64) float64 {
	if ub == lb || ub <= 0 {
		return 0
	}
	return (ub - lb) / ub
}

func ratioGamma(o, e float64) (float64, string) {
	switch {
	case math.IsNaN(o):
		return math.NaN(), "no aligned pair of units in the observed alignment"
	case o == 0:
		return 1, ""
	case math.IsNaN(e) || e == 0:
		return math.NaN(), "the expected categorical disorder is 0 or undefined"
	}
	return 1 - o/e, ""
}

func safeDiv(a, b float64) float64 {
	if b == 0 {
		return math.NaN()
	}
	return a / b
}

// zOf returns z_{1−a/2} for confidence 1−a.
func zOf(conf float64) float64 { return math.Sqrt2 * math.Erfinv(conf) }

// RequiredSamples returns n0 = (z·σ/(μ·e))² (Mathet et al. 2015, §5.3,
// after Olivero 2001) for sample mean μ, unbiased standard deviation σ,
// relative precision e and confidence conf.
func RequiredSamples(mean, sd, e, conf float64) float64 {
	cv := sd / mean
	r := zOf(conf) * cv / e
	return r * r
}

// catAcc accumulates the categorical disorder of Mathet (2018): each pair of
// real units (i, j) of a unitary alignment with nv real units has weight
// w = c(i,j)/(nv−1), c the pairing confidence of comb.Cat (catconv.go),
// and contributes w·d_cat(i,j); CatPygammaEmpty also counts each pair of
// a unit and an empty slot at Δ∅² with weight Δ∅.
type catAcc struct {
	tot, w   float64
	totK, wK []float64
}

func newCatAcc(k int) catAcc { return catAcc{totK: make([]float64, k), wK: make([]float64, k)} }

func (a *catAcc) ratio() float64 { return safeDiv(a.tot, a.w) }

func (a *catAcc) add(comb *Combined, c *unitizing.Continuum, al *Alignment) {
	for _, ua := range al.Unitary {
		nv := len(ua.Units)
		if empties := len(c.Annotators) - nv; comb.Cat == CatPygammaEmpty && empties > 0 {
			de := comb.DeltaEmpty
			for _, i := range ua.Units {
				k := comb.catID(c.Units[i].Category)
				a.tot += float64(empties) * de * de
				a.w += float64(empties) * de
				a.totK[k] += float64(empties) * de * de
				a.wK[k] += float64(empties) * de
			}
		}
		if nv < 2 {
			continue
		}
		for x, i := range ua.Units {
			for _, j := range ua.Units[x+1:] {
				u, v := c.Units[i], c.Units[j]
				w := comb.Cat.confidence(comb, Sporadic(u, v)) / float64(nv-1)
				if w == 0 {
					continue
				}
				dc := comb.CategoryDistance(u, v)
				a.tot += w * dc
				a.w += w
				ku, kv := comb.catID(u.Category), comb.catID(v.Category)
				a.totK[ku] += w * dc
				a.wK[ku] += w
				if kv != ku {
					a.totK[kv] += w * dc
					a.wK[kv] += w
				}
			}
		}
	}
}

// sampleResult is what one random sample contributes.
type sampleResult struct {
	disorder, lower float64
	exact           bool
	cat             catAcc
}

// ratioMean is the running mean of the ratios tot/w of the samples where
// w > 0 (the expected categorical disorders).
type ratioMean struct {
	sum float64
	n   int
}

func (r *ratioMean) add(tot, w float64) {
	if w > 0 {
		r.sum += tot / w
		r.n++
	}
}

func (r ratioMean) mean() float64 {
	if r.n == 0 {
		return math.NaN()
	}
	return r.sum / float64(r.n)
}

// sampleAcc summarises the samples in index order (Welford's running mean
// and sum of squares), so memory does not grow with their number and the
// result does not depend on the workers.
type sampleAcc struct {
	n        int
	mean, m2 float64
	gapSum   float64 // Σ (disorder − lower bound)
	exact    bool
	inexact  int
	cat      ratioMean
	catK     []ratioMean
	stopped  string
	keep     bool
	kept     []float64
}

func (a *sampleAcc) add(r *sampleResult) {
	a.n++
	dx := r.disorder - a.mean
	a.mean += dx / float64(a.n)
	a.m2 += dx * (r.disorder - a.mean)
	a.gapSum += r.disorder - r.lower
	if !r.exact {
		a.inexact++
	}
	if a.keep {
		a.kept = append(a.kept, r.disorder)
	}
	a.exact = a.exact && r.exact
	a.cat.add(r.cat.tot, r.cat.w)
	for k := range a.catK {
		a.catK[k].add(r.cat.totK[k], r.cat.wK[k])
	}
}

// sd returns the unbiased standard deviation (0 for fewer than 2 samples).
func (a *sampleAcc) sd() float64 {
	if a.n < 2 {
		return 0
	}
	return math.Sqrt(a.m2 / float64(a.n-1))
}

// chunk is the number of samples solved between two reductions: the
// memory held for sample results.
const chunk = 256

// sampleAll draws samples in batches until the precision rule is met.
func sampleAll(ctl *control, corpus unitizing.Corpus, d Dissimilarity, comb *Combined) (*sampleAcc, error) {
	opt := ctl.opt
	n := len(corpus.Continua[0].Annotators)
	for _, c := range corpus.Continua {
		if len(c.Annotators) != n && opt.Sampler == Corpus {
			return nil, fmt.Errorf("continuum %q has %d annotators, %q has %d: the corpus sampler needs the same number", c.Name, len(c.Annotators), corpus.Continua[0].Name, n)
		}
	}
	st := make([]contStats, len(corpus.Continua))
	for i := range corpus.Continua {
		st[i] = statsOf(&corpus.Continua[i])
	}
	acc := &sampleAcc{exact: true, keep: opt.KeepSamples}
	if comb != nil {
		acc.catK = make([]ratioMean, len(comb.cats))
	}
	target := opt.Samples
	for acc.n < target {
		if err := runBatch(ctl, corpus, st, d, comb, acc, target); err != nil {
			return nil, err
		}
		if acc.stopped != "" || opt.Precision < 0 || acc.n < 2 || !(acc.mean > 0) {
			break
		}
		need := int(math.Ceil(RequiredSamples(acc.mean, acc.sd(), opt.Precision, opt.Confidence)))
		if need > acc.n && ctl.pastDeadline() {
			acc.stopped = ctl.stoppedBy()
			break
		}
		target = min(max(target, need), opt.MaxSamples)
	}
	return acc, nil
}

// runBatch solves samples acc.n … to−1 on opt.Workers goroutines, chunk by
// chunk, and adds them to acc in index order; sample i is drawn from its
// own stream, so the batch does not depend on scheduling. The first error
// cancels the other samples of the batch.
//
// Stopped (ctl.refuse), no further sample is started: those under way
// stop at once with their best alignments and bounds, the samples solved
// form a prefix of the batch (each was started before the first refused
// one), they are added, and acc.stopped says why.
func runBatch(ctl *control, corpus unitizing.Corpus, st []contStats, d Dissimilarity, comb *Combined, acc *sampleAcc, to int) error {
	opt := ctl.opt
	ctx, cancel := context.WithCancel(ctl.ctx)
	defer cancel()
	sc := *ctl
	sc.ctx = ctx
	res := make([]sampleResult, min(chunk, to-acc.n))
	for from := acc.n; from < to; from = acc.n {
		end := min(from+chunk, to)
		part := res[:end-from]
		var (
			mu       sync.Mutex
			next     = from
			refused  = end // the first sample not started
			firstErr error
			wg       sync.WaitGroup
		)
		for w := 0; w < min(opt.Workers, end-from); w++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				ws := new(scratch)
				for {
					mu.Lock()
					i := next
					next++
					stop := i < end && ctl.refuse(i)
					if stop {
						refused = min(refused, i)
					}
					mu.Unlock()
					if i >= end || stop || ctx.Err() != nil {
						return
					}
					r, err := oneSample(&sc, ws, corpus, st, d, comb, i)
					if err != nil {
						mu.Lock()
						if firstErr == nil {
							firstErr = err
						}
						mu.Unlock()
						cancel()
						return
					}
					part[i-from] = r
					ctl.sampleDone(to)
				}
			}()
		}
		wg.Wait()
		if firstErr != nil {
			if err := ctl.ctx.Err(); err != nil {
				return err
			}
			return firstErr
		}
		for i := range part[:refused-from] {
			acc.add(&part[i])
		}
		if refused < end {
			acc.stopped = ctl.stoppedBy()
			return nil
		}
	}
	return nil
}

func oneSample(ctl *control, ws *scratch, corpus unitizing.Corpus, st []contStats, d Dissimilarity, comb *Combined, i int) (sampleResult, error) {
	rng := rand.New(rand.NewPCG(ctl.opt.Seed, uint64(i)))
	conts, err := ctl.opt.Sampler.draw(rng, corpus.Continua, st)
	if err != nil {
		return sampleResult{}, err
	}
	r := sampleResult{exact: true}
	if comb != nil {
		r.cat = newCatAcc(len(comb.cats))
	}
	var sum, gap, xbar float64
	for k := range conts {
		c := &conts[k]
		if len(c.Units) == 0 {
			continue
		}
		al, err := ctl.forSample(ws).align(c, d)
		if err != nil {
			return r, fmt.Errorf("random sample %d: %w", i, err)
		}
		xb := float64(len(c.Units)) / float64(len(c.Annotators))
		sum += al.Disorder * xb
		gap += (al.Disorder - al.LowerBound) * xb
		xbar += xb
		r.exact = r.exact && al.Exact
		if comb != nil {
			r.cat.add(comb, c, al)
		}
	}
	if xbar > 0 {
		r.disorder = sum / xbar
		r.lower = r.disorder - gap/xbar
	}
	return r, nil
}

// Consensus derives a reference annotation from a best alignment: for every
// unitary alignment holding units of more than half of the annotators, one
// unit with the median start, the median end (the mean of the two middle
// values for an even count) and the majority category (ties: the smallest
// label). The units get annotator index 0; they are in alignment order.
// This is the "gold standard quickly" use of Mathet et al. (2015, §7).
func Consensus(c *unitizing.Continuum, al *Alignment) []unitizing.Unit {
	var out []unitizing.Unit
	n := len(c.Annotators)
	for _, ua := range al.Unitary {
		if 2*len(ua.Units) <= n {
			continue
		}
		var s, e []float64
		votes := map[string]int{}
		for _, i := range ua.Units {
			u := c.Units[i]
			s = append(s, u.Start)
			e = append(e, u.End)
			votes[u.Category]++
		}
		best, bestN := "", -1
		for k, v := range votes {
			if v > bestN || (v == bestN && k < best) {
				best, bestN = k, v
			}
		}
		// the k-th smallest start is below the k-th smallest end, so the
		// medians form a valid span
		out = append(out, unitizing.Unit{Annotator: 0, Category: best, Start: median(s), End: median(e)})
	}
	return out
}

func median(x []float64) float64 {
	sort.Float64s(x)
	m := len(x) / 2
	if len(x)%2 == 1 {
		return x[m]
	}
	return (x[m-1] + x[m]) / 2
}

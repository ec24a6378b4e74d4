package gamma

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"sort"
	"sync"

	"agree/unitizing"
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
	// MaxSamples caps the total number of samples (default 5000).
	MaxSamples int
	// Seed seeds the samplers; sample i uses its own PCG stream (Seed, i),
	// so results do not depend on Workers.
	Seed uint64
	// Workers solves samples in parallel (default GOMAXPROCS).
	Workers int
	// Progress, if not nil, is called after each finished sample with the
	// number done and the current target.
	Progress func(done, target int)
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
	// SampleDisorders are the best-alignment disorders of the chance
	// samples, in sample order (the distribution Expected is the mean of).
	SampleDisorders []float64
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

// Compute returns γ, γ-cat and γ-k for the corpus under d (a *Combined
// built on every category of the corpus, or any Dissimilarity).
//
// γ = 1 − δ(â)/δ_e (Mathet et al. 2015, §4.4), δ_e estimated by sampling
// (§5.2) with the sample size of §5.3.
func Compute(corpus unitizing.Corpus, d Dissimilarity, opt Options) (*Result, error) {
	if len(corpus.Continua) == 0 {
		return nil, errors.New("no continuum")
	}
	if opt.Samples == 0 {
		opt.Samples = 30
	}
	if opt.Precision == 0 {
		opt.Precision = 0.02
	}
	if opt.Confidence == 0 {
		opt.Confidence = 0.95
	}
	if !(opt.Confidence > 0 && opt.Confidence < 1) {
		return nil, fmt.Errorf("confidence %v must lie strictly between 0 and 1", opt.Confidence)
	}
	if opt.MaxSamples == 0 {
		opt.MaxSamples = 5000
	}
	if opt.Workers <= 0 {
		opt.Workers = runtime.GOMAXPROCS(0)
	}
	res := &Result{Annotators: len(corpus.Continua[0].Annotators), GammaK: map[string]float64{}}
	comb, _ := d.(*Combined)
	var cats []string
	if comb != nil {
		cats = comb.cats
	}
	obs := newCatAcc(len(cats))
	var sum, xbar float64
	for i := range corpus.Continua {
		c := &corpus.Continua[i]
		al, err := BestAlignment(c, d)
		if err != nil {
			return nil, err
		}
		res.Alignments = append(res.Alignments, al)
		res.Units += len(c.Units)
		xb := float64(len(c.Units)) / float64(len(c.Annotators))
		sum += al.Disorder * xb
		xbar += xb
		if comb != nil {
			obs.add(comb, c, al)
		}
	}
	if xbar > 0 {
		res.Observed = sum / xbar
	}
	res.ObservedCat = obs.ratio()
	res.Gamma, res.GammaCat, res.Expected, res.ExpectedSD, res.ExpectedCat = math.NaN(), math.NaN(), math.NaN(), math.NaN(), math.NaN()
	res.PrecisionReached = math.NaN()
	if opt.Samples < 0 {
		res.Undefined = "no random samples were drawn (samples = 0): only the observed disorder is computed"
		res.CatUndefined = res.Undefined
		if res.Observed == 0 {
			res.Gamma, res.Undefined = 1, ""
		}
		return res, nil
	}
	samples, err := sampleAll(corpus, d, comb, opt)
	if err != nil {
		return nil, err
	}
	res.Samples = len(samples)
	ds := make([]float64, len(samples))
	for i, s := range samples {
		ds[i] = s.disorder
	}
	res.Expected, res.ExpectedSD = meanSD(ds)
	res.SampleDisorders = ds
	z := zOf(opt.Confidence)
	if res.Expected > 0 {
		res.PrecisionReached = z * res.ExpectedSD / res.Expected / math.Sqrt(float64(len(ds)))
	}
	switch {
	case res.Observed == 0:
		res.Gamma = 1
	case !(res.Expected > 0):
		res.Undefined = "the expected disorder is 0 (every random annotation aligns perfectly)"
	default:
		res.Gamma = 1 - res.Observed/res.Expected
	}
	if comb == nil {
		res.CatUndefined = "γ-cat needs a combined positional + categorical dissimilarity"
		return res, nil
	}
	res.ExpectedCat = meanRatio(samples, func(s sampleResult) (float64, float64) { return s.cat.tot, s.cat.w })
	res.GammaCat, res.CatUndefined = ratioGamma(res.ObservedCat, res.ExpectedCat)
	for k, name := range cats {
		o := safeDiv(obs.totK[k], obs.wK[k])
		e := meanRatio(samples, func(s sampleResult) (float64, float64) { return s.cat.totK[k], s.cat.wK[k] })
		res.GammaK[name], _ = ratioGamma(o, e)
	}
	return res, nil
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

// meanRatio averages tot/w over the samples where w > 0.
func meanRatio(s []sampleResult, f func(sampleResult) (float64, float64)) float64 {
	var sum float64
	n := 0
	for _, x := range s {
		if t, w := f(x); w > 0 {
			sum += t / w
			n++
		}
	}
	if n == 0 {
		return math.NaN()
	}
	return sum / float64(n)
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
// w = max(0, 1 − α·d_pos(i,j)/Δ∅)/(nv−1) and contributes w·d_cat(i,j).
type catAcc struct {
	tot, w   float64
	totK, wK []float64
}

func newCatAcc(k int) catAcc { return catAcc{totK: make([]float64, k), wK: make([]float64, k)} }

func (a *catAcc) ratio() float64 { return safeDiv(a.tot, a.w) }

func (a *catAcc) add(comb *Combined, c *unitizing.Continuum, al *Alignment) {
	for _, ua := range al.Unitary {
		nv := len(ua.Units)
		if nv < 2 {
			continue
		}
		for x, i := range ua.Units {
			for _, j := range ua.Units[x+1:] {
				u, v := c.Units[i], c.Units[j]
				w := max(0, 1-comb.Alpha*Sporadic(u, v)) / float64(nv-1)
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

type sampleResult struct {
	disorder float64
	cat      catAcc
}

// sampleAll draws samples in batches until the precision rule is met.
func sampleAll(corpus unitizing.Corpus, d Dissimilarity, comb *Combined, opt Options) ([]sampleResult, error) {
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
	var out []sampleResult
	target := min(opt.Samples, opt.MaxSamples)
	for len(out) < target {
		batch, err := runBatch(corpus, st, d, comb, opt, len(out), target)
		if err != nil {
			return nil, err
		}
		out = append(out, batch...)
		if opt.Precision < 0 || len(out) < 2 {
			break
		}
		ds := make([]float64, len(out))
		for i, s := range out {
			ds[i] = s.disorder
		}
		m, sd := meanSD(ds)
		if !(m > 0) {
			break
		}
		need := int(math.Ceil(RequiredSamples(m, sd, opt.Precision, opt.Confidence)))
		target = min(max(target, need), opt.MaxSamples)
	}
	return out, nil
}

// runBatch solves samples from..to−1 on opt.Workers goroutines; sample i is
// drawn from its own stream, so the batch does not depend on scheduling.
func runBatch(corpus unitizing.Corpus, st []contStats, d Dissimilarity, comb *Combined, opt Options, from, to int) ([]sampleResult, error) {
	res := make([]sampleResult, to-from)
	errs := make([]error, to-from)
	next := from
	var mu sync.Mutex
	done := from
	var wg sync.WaitGroup
	for w := 0; w < min(opt.Workers, to-from); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				mu.Lock()
				i := next
				next++
				mu.Unlock()
				if i >= to {
					return
				}
				res[i-from], errs[i-from] = oneSample(corpus, st, d, comb, opt, i)
				if opt.Progress != nil {
					mu.Lock()
					done++
					opt.Progress(done, to)
					mu.Unlock()
				}
			}
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	return res, nil
}

func oneSample(corpus unitizing.Corpus, st []contStats, d Dissimilarity, comb *Combined, opt Options, i int) (sampleResult, error) {
	rng := rand.New(rand.NewPCG(opt.Seed, uint64(i)))
	conts, err := opt.Sampler.draw(rng, corpus.Continua, st)
	if err != nil {
		return sampleResult{}, err
	}
	var r sampleResult
	if comb != nil {
		r.cat = newCatAcc(len(comb.cats))
	}
	var sum, xbar float64
	for k := range conts {
		c := &conts[k]
		if len(c.Units) == 0 {
			continue
		}
		al, err := BestAlignment(c, d)
		if err != nil {
			return r, fmt.Errorf("random sample %d: %w", i, err)
		}
		xb := float64(len(c.Units)) / float64(len(c.Annotators))
		sum += al.Disorder * xb
		xbar += xb
		if comb != nil {
			r.cat.add(comb, c, al)
		}
	}
	if xbar > 0 {
		r.disorder = sum / xbar
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

package coding

// The engine as it was before the pattern statistics (issue 13): one pass
// over the items for the marginals and one for the observed disagreement,
// straight from the cells of Data. Kept as an independent reference for
// the equivalence tests.

import (
	"errors"
	"fmt"
	"math"
	"sync"

	"agree/distance"
)

// Analysis holds the sums from which every coefficient is computed: one
// pass over the data for the marginals and one for observed disagreement,
// whatever the number of coefficients asked for.
type refAnalysis struct {
	data   *Data
	opt    Options
	counts Counts
	dist   string

	metric [2]distance.Metric // [nominal, weighted]
	// observed disagreement sums per metric: judgment-weighted Σ n_i·disagr_i,
	// item-weighted Σ disagr_i, and Σ disagr_i over complete items.
	sumJ, sumI, sumC [2]float64

	pooledJ, pooledI, gwet distance.Vector // marginals (unnormalised)
	nRated                 int             // items with ≥ 1 value
	cats                   []int
	dmax                   [2]float64
	coderDist              []distance.Vector // per coder, complete items; nil until needed
	coderOnce              sync.Once
}

// Analyze prepares the coefficients of d under opt. It fails only when the
// distance cannot interpret a value (the error names where the value was read).
func refAnalyze(d *Data, opt Options) (*refAnalysis, error) {
	if opt.Distance == nil {
		opt.Distance = distance.Nominal()
	}
	a := &refAnalysis{data: d, opt: opt, dist: opt.Distance.Name()}
	a.counts.Items, a.counts.Coders = d.NumItems(), d.NumCoders()
	a.marginals()

	nom, _ := distance.Nominal().Bind(d.labels, nil)
	a.metric[0] = nom
	weights := a.pooledWeights()
	w, err := opt.Distance.Bind(d.labels, weights)
	if err != nil {
		var ve *distance.ValueError
		if errors.As(err, &ve) {
			return nil, fmt.Errorf("%s: %s distance: %w", "?", opt.Distance.Name(), err)
		}
		return nil, fmt.Errorf("%s distance: %w", opt.Distance.Name(), err)
	}
	a.metric[1] = w
	a.observed()
	for m := range a.metric {
		a.dmax[m] = distance.Max(a.metric[m], a.cats)
	}
	return a, nil
}

// pooledWeights returns the pooled marginal frequency of every value under
// the selected weighting (dense; used to bind frequency-dependent distances).
func (a *refAnalysis) pooledWeights() []float64 {
	p := a.pooledJ
	if a.opt.Missing == ByItem {
		p = a.pooledI
	}
	w := make([]float64, len(a.data.labels))
	for i, id := range p.ID {
		w[id] = p.W[i]
	}
	return w
}

// itemValues appends the values of item i to buf.
func (a *refAnalysis) itemValues(buf []int32, i int) []int32 {
	buf = buf[:0]
	for _, col := range a.data.cols {
		if v := col[i]; v != Missing {
			buf = append(buf, v)
		}
	}
	return buf
}

func (a *refAnalysis) marginals() {
	d := a.data
	V := len(d.labels)
	nJ := make([]float64, V)
	nI := make([]float64, V)
	nG := make([]float64, V)
	used := make([]bool, V)
	buf := make([]int32, 0, len(d.cols))
	c := &a.counts
	for i := range d.n {
		vals := a.itemValues(buf, i)
		m := len(vals)
		if m == 0 {
			continue
		}
		a.nRated++
		c.Values += m
		inv := 1 / float64(m)
		for _, v := range vals {
			nG[v] += inv
			used[v] = true
		}
		if m < 2 {
			continue
		}
		c.PairableItems++
		c.PairableValues += m
		if m == len(d.cols) {
			c.CompleteItems++
		}
		for _, v := range vals {
			nJ[v]++
			nI[v] += inv
		}
	}
	a.pooledJ, a.pooledI, a.gwet = distance.Dense(nJ), distance.Dense(nI), distance.Dense(nG)
	if d.declared > 0 {
		for v := range d.declared {
			a.cats = append(a.cats, v)
		}
		for v := d.declared; v < V; v++ {
			if used[v] { // open declaration: undeclared values used count too
				a.cats = append(a.cats, v)
			}
		}
	} else {
		for v, u := range used {
			if u {
				a.cats = append(a.cats, v)
			}
		}
	}
	c.Categories = len(a.cats)
}

// observed accumulates the per-item disagreements for both metrics.
// disagr_i = Σ_{j≠l} d(v_j, v_l) / (n_i(n_i − 1)) (survey §5.1).
func (a *refAnalysis) observed() {
	d := a.data
	buf := make([]int32, 0, len(d.cols))
	pos, interval := distance.Positions(a.metric[1])
	ncoders := len(d.cols)
	for i := range d.n {
		vals := a.itemValues(buf, i)
		m := len(vals)
		if m < 2 {
			continue
		}
		var nom, w float64 // Σ over unordered pairs
		for j := 1; j < m; j++ {
			for l := range j {
				if vals[j] != vals[l] {
					nom++
				}
			}
		}
		switch {
		case distance.IsNominal(a.metric[1]):
			w = nom
		case interval:
			// Σ_{j<l} (x_j − x_l)² = m·Σx² − (Σx)², on centred positions.
			var s, s2 float64
			for _, v := range vals {
				x := pos[v]
				s += x
				s2 += x * x
			}
			w = math.Max(0, float64(m)*s2-s*s)
		default:
			for j := 1; j < m; j++ {
				for l := range j {
					if vals[j] != vals[l] {
						w += a.metric[1].Distance(int(vals[j]), int(vals[l]))
					}
				}
			}
		}
		norm := 2 / float64(m*(m-1))
		for k, s := range [2]float64{nom, w} {
			dis := s * norm
			a.sumJ[k] += float64(m) * dis
			a.sumI[k] += dis
			if m == ncoders {
				a.sumC[k] += dis
			}
		}
	}
}

// coderDistributions returns, for each coder, the counts of its values on
// the complete items.
//
// It is computed once, on first use; an Analysis may then be read from
// several goroutines.
func (a *refAnalysis) coderDistributions() []distance.Vector {
	a.coderOnce.Do(a.computeCoderDistributions)
	return a.coderDist
}

func (a *refAnalysis) computeCoderDistributions() {
	d := a.data
	dense := make([]float64, len(d.labels))
	complete := make([]bool, d.n)
	for i := range d.n {
		complete[i] = true
		for _, col := range d.cols {
			if col[i] == Missing {
				complete[i] = false
				break
			}
		}
	}
	a.coderDist = make([]distance.Vector, len(d.cols))
	for c, col := range d.cols {
		for i, v := range col {
			if complete[i] {
				dense[v]++
			}
		}
		a.coderDist[c] = distance.Dense(dense)
		clear(dense)
	}
}

// Coefficient computes coefficient c.
func (a *refAnalysis) coefficient(c Coefficient) Result {
	p := c.params()
	k := 0
	r := Result{Coefficient: c, Distance: "nominal", ObservedDisagreement: math.NaN(),
		ExpectedDisagreement: math.NaN(), ObservedAgreement: math.NaN(), ExpectedAgreement: math.NaN()}
	if p.weighted {
		k = 1
		r.Distance = a.dist
	}
	cnt := a.counts
	if p.twoCoders && cnt.Coders != 2 {
		return undefined(r, "defined for exactly two coders; the data has %d (see fleiss_kappa, multi_kappa, alpha_kappa)", cnt.Coders)
	}
	if cnt.Coders < 2 {
		return undefined(r, "agreement needs at least two coders; the data has %d", cnt.Coders)
	}
	m := a.metric[k]
	dmax := a.dmax[k]

	// Observed disagreement.
	var do float64
	switch {
	case p.observed == complete:
		r.Dropped = cnt.Items - cnt.CompleteItems
		if r.Dropped > 0 && a.opt.Incomplete == RefuseIncomplete {
			return undefined(r, "%d of %d items lack a value from some coder; %s needs complete items (allow dropping them)", r.Dropped, cnt.Items, p.name)
		}
		r.Items, r.Values = cnt.CompleteItems, cnt.CompleteItems*cnt.Coders
		if r.Items == 0 {
			return undefined(r, "no item has a value from every coder")
		}
		do = a.sumC[k] / float64(r.Items)
	default:
		r.Items, r.Values = cnt.PairableItems, cnt.PairableValues
		if r.Items == 0 {
			return undefined(r, "no item has values from two or more coders")
		}
		if p.observed == itemMean || a.opt.Missing == ByItem {
			do = a.sumI[k] / float64(r.Items)
		} else {
			do = a.sumJ[k] / float64(r.Values)
		}
	}
	r.ObservedDisagreement = do
	r.ObservedAgreement = agreement(do, dmax)

	// Expected disagreement.
	var de float64
	q := len(a.cats)
	switch p.chance {
	case noChance:
		r.Value = r.ObservedAgreement // 1 − D_o/d_max; d_max = 1 for the nominal distance
		return r
	case uniformChance:
		u := a.uniform()
		de = distance.Cross(m, u, u)
	case pooledBiased, pooledUnbiased:
		pool := a.pooledJ
		if a.opt.Missing == ByItem {
			pool = a.pooledI
		}
		tot := pool.Sum()
		de = distance.Cross(m, pool, pool) / (tot * tot)
		if p.chance == pooledUnbiased {
			n := float64(cnt.PairableValues)
			de *= n / (n - 1)
		}
	case perCoder:
		de = a.perCoderExpected(m)
	case gwetChance:
		if q < 2 {
			return undefined(r, "Gwet's chance agreement needs at least two categories; %d observed", q)
		}
		if dmax == 0 {
			return undefined(r, "all categories are at distance 0 from each other")
		}
		// P_e = T_w/(q(q−1)) Σ_k π_k(1 − π_k), T_w = Σ_kl (1 − d_kl/d_max).
		u := a.uniform()
		tw := float64(q*q) * (1 - distance.Cross(m, u, u)/dmax)
		n := float64(a.nRated)
		s := 0.0
		for _, w := range a.gwet.W {
			pk := w / n
			s += pk * (1 - pk)
		}
		pe := tw / float64(q*(q-1)) * s
		de = dmax * (1 - pe)
	}
	r.ExpectedDisagreement = de
	r.ExpectedAgreement = agreement(de, dmax)
	if !(de > 0) {
		if q < 2 {
			return undefined(r, "expected disagreement is 0: only one category occurs, so there is no variation to measure agreement on")
		}
		return undefined(r, "expected disagreement is 0: no variation in the values")
	}
	r.Value = 1 - do/de
	return r
}

// uniform returns weight 1/q on each of the q categories.
func (a *refAnalysis) uniform() distance.Vector {
	u := distance.Vector{ID: a.cats, W: make([]float64, len(a.cats))}
	for i := range u.W {
		u.W[i] = 1 / float64(len(a.cats))
	}
	return u
}

// perCoderExpected is D_e = (1/C(c,2)) Σ_{a<b} Σ_{k,l} P(k|a) P(l|b) d_kl on
// the complete items (survey §2.7, D_e of α_κ).
func (a *refAnalysis) perCoderExpected(m distance.Metric) float64 {
	dist := a.coderDistributions()
	n := float64(a.counts.CompleteItems)
	s, pairs := 0.0, 0
	for x := range dist {
		for y := x + 1; y < len(dist); y++ {
			s += distance.Cross(m, dist[x], dist[y])
			pairs++
		}
	}
	return s / (n * n * float64(pairs))
}

package coding

import (
	"cmp"
	"errors"
	"fmt"
	"math"
	"slices"
	"sync"

	"agree/distance"
	"agree/internal/ratio"
)

// Weighting says how items with different numbers of values are weighted
// when values are missing (survey §5.1).
type Weighting int

const (
	// ByJudgment gives every value (judgment) equal weight, as Krippendorff
	// does for α: D_o = (1/N') Σ_i n_i·disagr_i, marginals n'_k.
	ByJudgment Weighting = iota
	// ByItem gives every item equal weight: D_o = (1/i') Σ_i disagr_i,
	// marginals (1/i') Σ_i n_ik/n_i.
	ByItem
)

// String returns "judgment" or "item".
func (w Weighting) String() string {
	if w == ByItem {
		return "item"
	}
	return "judgment"
}

// Incomplete says what κ-style coefficients (one distribution per coder)
// do with items that lack a value from some coder. The survey (§5.1) does
// not define them for missing data.
type Incomplete int

const (
	// DropIncomplete computes them on the complete items only and reports
	// how many items were dropped.
	DropIncomplete Incomplete = iota
	// RefuseIncomplete leaves them undefined when any item is incomplete.
	RefuseIncomplete
)

// Convention names a family of estimators for data with missing values.
// Without missing values the conventions give the same numbers.
type Convention int

const (
	// Survey is the default: the estimators of Artstein & Poesio (2008,
	// §5.1) and Krippendorff. Percent agreement, S, π, Fleiss's κ, α and
	// α_b take the Options.Missing weighting of the items with two or
	// more values (each judgment equal by default), with the pooled
	// marginals of those items' values; κ, multi-κ, κ_w and α_κ use the
	// complete items only (Options.Incomplete); Gwet's AC and
	// Brennan–Prediger weight items equally with Gwet's marginals over the
	// items rated at least once.
	Survey Convention = iota
	// IrrCAC is the convention of Gwet's Handbook of Inter-Rater
	// Reliability (4th ed., 2014) and his R package irrCAC: observed
	// agreement is the mean over the items with two or more values
	// (every coefficient); Fleiss's κ and Scott's π take their marginals
	// over the items rated at least once, π_k = (1/n) Σ_i n_ik/r_i;
	// Cohen's κ, Conger's κ (multi-κ), κ_w and α_κ take each coder's
	// distribution over the items that coder rated; S is
	// Brennan–Prediger's coefficient with the nominal distance.
	// Krippendorff's α, α_b, Gwet's AC and Brennan–Prediger are the
	// Survey ones (irrCAC's krippen.alpha.raw is Krippendorff's α).
	// On irrCAC's cac.raw4raters data it gives percent agreement 0.8182,
	// Fleiss's κ 0.7612 and Conger's κ 0.7628, as irrCAC does.
	IrrCAC
)

// String returns "survey" or "irrcac".
func (c Convention) String() string {
	if c == IrrCAC {
		return "irrcac"
	}
	return "survey"
}

// ParseConvention parses "survey" or "irrcac".
func ParseConvention(s string) (Convention, error) {
	switch s {
	case "survey", "":
		return Survey, nil
	case "irrcac":
		return IrrCAC, nil
	}
	return Survey, fmt.Errorf("unknown convention %q (want survey or irrcac)", s)
}

// Options parameterise an analysis.
type Options struct {
	// Distance is used by the weighted coefficients (α, α_b, κ_w, α_κ, Gwet's
	// AC, Brennan–Prediger); nil means nominal.
	Distance distance.Spec
	// Missing selects the weighting of items with missing values for
	// percent agreement, S, π, Fleiss's κ, α and α_b.
	Missing Weighting
	// Incomplete selects the treatment of incomplete items by κ, multi-κ,
	// κ_w and α_κ.
	Incomplete Incomplete
	// Convention selects the estimators used when values are missing
	// (Survey by default; IrrCAC ignores Missing and Incomplete).
	Convention Convention
}

// Counts describes how much of the data a computation could use.
type Counts struct {
	Items          int // all items
	Coders         int // all coders
	Values         int // all values present
	PairableItems  int // items with values from ≥ 2 coders
	PairableValues int // values in pairable items (N')
	CompleteItems  int // items with a value from every coder
	Categories     int // q: declared categories, or distinct values observed
}

// Analysis holds the sums from which every coefficient is computed. It is
// built from Stats (the distinct item patterns, see the package
// documentation) in one pass over the patterns, whatever the number of
// coefficients asked for; every float sum runs in the canonical order of
// the patterns and values, so equal Stats give bit-identical results.
type Analysis struct {
	stats  *Stats
	data   *Data // the items, when the analysis was made from Data
	opt    Options
	counts Counts
	dist   string

	metric [2]distance.Metric // [nominal, weighted]
	// t[k][p] is Σ d(v_j, v_l) over the unordered pairs of values of
	// pattern p (from different coders), under metric k.
	t [2][]float64
	// observed disagreement sums per metric: judgment-weighted Σ n_i·disagr_i,
	// item-weighted Σ disagr_i, and Σ disagr_i over complete items.
	sumJ, sumI, sumC [2]float64

	pooledJ, pooledI, gwet distance.Vector // marginals (unnormalised)
	used                   []int64         // occurrences of each value
	nRated                 int             // items with ≥ 1 value
	cats                   []int
	dmax                   [2]float64
	coderDist              []distance.Vector // per coder, complete items; nil until needed
	coderOnce              sync.Once
	ratedDist              []distance.Vector // per coder, every item it rated (IrrCAC)
	ratedOnce              sync.Once
	itemPat                []int32 // ItemPatterns
	itemPatOnce            sync.Once
	perCoderDe             [2]float64 // perCoderExpected, by metric
	perCoderOnce           [2]sync.Once
}

// Analyze prepares the coefficients of d under opt. It fails only when the
// distance cannot interpret a value (the error names where the value was read).
func Analyze(d *Data, opt Options) (*Analysis, error) {
	a, err := AnalyzeStats(d.analysisStats(), opt)
	if err != nil {
		return nil, err
	}
	a.data = d
	return a, nil
}

// AnalyzeStats prepares the coefficients of the data summarised by s: the
// same results as Analyze on the data themselves.
func AnalyzeStats(s *Stats, opt Options) (*Analysis, error) { return analyzeStats(s, opt, nil) }

// analyzeStats is AnalyzeStats with the distance already bound to s's
// value table (bound may be nil), for a distance that does not depend on
// the frequencies.
func analyzeStats(s *Stats, opt Options, bound distance.Metric) (*Analysis, error) {
	if opt.Distance == nil {
		opt.Distance = distance.Nominal()
	}
	a := &Analysis{stats: s, opt: opt, dist: opt.Distance.Name()}
	a.counts.Items, a.counts.Coders = int(s.NumItems()), len(s.coders)
	a.marginals()

	nom, _ := distance.Nominal().Bind(s.labels, nil)
	a.metric[0] = nom
	w := bound
	if w == nil {
		var err error
		if w, err = a.bind(a.pooledWeights()); err != nil {
			return nil, err
		}
	}
	a.metric[1] = w
	a.observed()
	for m := range a.metric {
		a.dmax[m] = distance.Max(a.metric[m], a.cats)
	}
	return a, nil
}

// bind binds the analysis distance to the value table with the given
// pooled weights.
func (a *Analysis) bind(weights []float64) (distance.Metric, error) {
	s := a.stats
	w, err := a.opt.Distance.Bind(s.labels, weights)
	if err != nil {
		var ve *distance.ValueError
		if errors.As(err, &ve) {
			return nil, fmt.Errorf("%s: %s distance: %w", s.where(ve.Index), a.opt.Distance.Name(), err)
		}
		return nil, fmt.Errorf("%s distance: %w", a.opt.Distance.Name(), err)
	}
	return w, nil
}

// Data returns the analysed data, or nil when the analysis was made from
// Stats.
func (a *Analysis) Data() *Data { return a.data }

// Stats returns the statistics the analysis was made from.
func (a *Analysis) Stats() *Stats { return a.stats }

// Counts returns the data counts.
func (a *Analysis) Counts() Counts { return a.counts }

// Options returns the options of the analysis.
func (a *Analysis) Options() Options { return a.opt }

// PatternDisagreement returns Σ d(v_j, v_l) over the unordered pairs of
// values of pattern p of Stats (values from different coders), with the
// analysis distance (weighted) or the nominal one; 0 for fewer than two
// values. An item's mean pairwise distance is 2t/(m(m − 1)).
func (a *Analysis) PatternDisagreement(p int, weighted bool) float64 {
	if weighted {
		return a.t[1][p]
	}
	return a.t[0][p]
}

// pooledWeights returns the pooled marginal frequency of every value under
// the selected weighting (dense; used to bind frequency-dependent distances).
func (a *Analysis) pooledWeights() []float64 {
	p := a.pooledJ
	if a.opt.Missing == ByItem {
		p = a.pooledI
	}
	w := make([]float64, len(a.stats.labels))
	for i, id := range p.ID {
		w[id] = p.W[i]
	}
	return w
}

func (a *Analysis) marginals() {
	s := a.stats
	V := len(s.labels)
	nJ := make([]float64, V)
	nI := make([]float64, V)
	nG := make([]float64, V)
	a.used = make([]int64, V)
	C := len(s.coders)
	c := &a.counts
	for p := range s.NumPatterns() {
		cv, n := s.Pattern(p)
		m := len(cv) / 2
		a.nRated += int(n)
		c.Values += int(n) * m
		inv := float64(n) / float64(m)
		for i := 1; i < len(cv); i += 2 {
			nG[cv[i]] += inv
			a.used[cv[i]] += n
		}
		if m < 2 {
			continue
		}
		c.PairableItems += int(n)
		c.PairableValues += int(n) * m
		if m == C {
			c.CompleteItems += int(n)
		}
		for i := 1; i < len(cv); i += 2 {
			nJ[cv[i]] += float64(n)
			nI[cv[i]] += inv
		}
	}
	a.pooledJ, a.pooledI, a.gwet = dense(nJ), dense(nI), dense(nG)
	a.cats = categories(s.declared, a.used)
	c.Categories = len(a.cats)
}

// dense is distance.Dense, sized at once.
func dense(w []float64) distance.Vector {
	n := 0
	for _, x := range w {
		if x != 0 {
			n++
		}
	}
	v := distance.Vector{ID: make([]int, 0, n), W: make([]float64, 0, n)}
	for i, x := range w {
		if x != 0 {
			v.ID = append(v.ID, i)
			v.W = append(v.W, x)
		}
	}
	return v
}

// distinctUsed returns the number of distinct values given.
func (a *Analysis) distinctUsed() int {
	n := 0
	for _, u := range a.used {
		if u > 0 {
			n++
		}
	}
	return n
}

// categories returns the values that count as categories: the declared
// ones and any other value used, or else the values used.
func categories(declared int, used []int64) []int {
	n := 0
	for v, u := range used {
		if v < declared || u > 0 {
			n++
		}
	}
	cats := make([]int, 0, n)
	for v, u := range used {
		if v < declared || u > 0 {
			cats = append(cats, v)
		}
	}
	return cats
}

// observed computes each pattern's disagreement for both metrics and the
// observed disagreement sums: disagr_i = Σ_{j≠l} d(v_j, v_l) /
// (n_i(n_i − 1)) (survey §5.1).
func (a *Analysis) observed() {
	s := a.stats
	R := s.NumPatterns()
	a.t[0] = make([]float64, R)
	a.t[1] = a.t[0]
	nominal := distance.IsNominal(a.metric[1])
	if !nominal {
		a.t[1] = make([]float64, R)
	}
	C := len(s.coders)
	vals := make([]int32, 0, 2*C)
	for p := range R {
		cv, n := s.Pattern(p)
		m := len(cv) / 2
		if m < 2 {
			continue
		}
		vals = patternValues(vals, cv)
		a.t[0][p] = nominalPairs(vals)
		if !nominal {
			a.t[1][p] = pairSum(a.metric[1], vals)
		}
		norm := 2 / float64(m*(m-1))
		for k := range a.t {
			dis := a.t[k][p] * norm
			a.sumJ[k] += float64(n) * (float64(m) * dis)
			a.sumI[k] += float64(n) * dis
			if m == C {
				a.sumC[k] += float64(n) * dis
			}
		}
	}
}

// patternValues appends the values of pattern cv (in coder order) to buf[:0].
func patternValues(buf, cv []int32) []int32 {
	buf = buf[:0]
	for i := 1; i < len(cv); i += 2 {
		buf = append(buf, cv[i])
	}
	return buf
}

// nominalPairs returns the number of unordered pairs of different values.
func nominalPairs(vals []int32) float64 {
	m := len(vals)
	if m <= 16 {
		k := 0
		for j := 1; j < m; j++ {
			for l := range j {
				if vals[j] != vals[l] {
					k++
				}
			}
		}
		return float64(k)
	}
	sorted := slices.Clone(vals)
	slices.Sort(sorted)
	same := 0
	for i := 0; i < m; {
		j := i + 1
		for j < m && sorted[j] == sorted[i] {
			j++
		}
		same += (j - i) * (j - i - 1) / 2
		i = j
	}
	return float64(m*(m-1)/2 - same)
}

// pairSum returns Σ_{j<l} d(v_j, v_l): in closed form for the interval
// and ordinal distances (m·Σx² − (Σx)² on centred positions), pair by pair
// otherwise.
func pairSum(metric distance.Metric, vals []int32) float64 {
	if pos, ok := distance.Positions(metric); ok {
		var s, s2 float64
		for _, v := range vals {
			x := pos[v]
			s += x
			s2 += x * x
		}
		return math.Max(0, float64(len(vals))*s2-s*s)
	}
	w := 0.0
	for j := 1; j < len(vals); j++ {
		for l := range j {
			if vals[j] != vals[l] {
				w += metric.Distance(int(vals[j]), int(vals[l]))
			}
		}
	}
	return w
}

// coderDistributions returns, for each coder, the counts of its values on
// the complete items.
//
// It is computed once, on first use; an Analysis may then be read from
// several goroutines.
func (a *Analysis) coderDistributions() []distance.Vector {
	a.coderOnce.Do(a.computeCoderDistributions)
	return a.coderDist
}

func (a *Analysis) computeCoderDistributions() { a.coderDist = a.distributions(true) }

// distributions returns, for each coder, the counts of its values on the
// complete items (complete) or on every item.
func (a *Analysis) distributions(complete bool) []distance.Vector {
	s := a.stats
	C, V := len(s.coders), len(s.labels)
	out := make([]distance.Vector, C)
	if C*V <= 1<<24 { // dense counts per coder
		counts := make([]float64, C*V)
		for p := range s.NumPatterns() {
			cv, n := s.Pattern(p)
			if complete && len(cv)/2 != C {
				continue
			}
			for i := 0; i < len(cv); i += 2 {
				counts[int(cv[i])*V+int(cv[i+1])] += float64(n)
			}
		}
		for c := range C {
			out[c] = dense(counts[c*V : (c+1)*V])
		}
		return out
	}
	type cvn struct {
		c, v int32
		n    int64
	}
	var cells []cvn
	for p := range s.NumPatterns() {
		cv, n := s.Pattern(p)
		if complete && len(cv)/2 != C {
			continue
		}
		for i := 0; i < len(cv); i += 2 {
			cells = append(cells, cvn{cv[i], cv[i+1], n})
		}
	}
	slices.SortFunc(cells, func(x, y cvn) int {
		if x.c != y.c {
			return cmp.Compare(x.c, y.c)
		}
		return cmp.Compare(x.v, y.v)
	})
	for i := 0; i < len(cells); {
		c, v := cells[i].c, cells[i].v
		w := 0.0
		for ; i < len(cells) && cells[i].c == c && cells[i].v == v; i++ {
			w += float64(cells[i].n)
		}
		out[c].ID = append(out[c].ID, int(v))
		out[c].W = append(out[c].W, w)
	}
	return out
}

// Result is one coefficient computed on one data set.
type Result struct {
	Coefficient Coefficient
	// Value is the coefficient, or NaN when it is undefined (see Reason).
	Value  float64
	Reason string
	// Distance names the distance used.
	Distance string
	// D_o and D_e in units of the distance.
	ObservedDisagreement, ExpectedDisagreement float64
	// A_o = 1 − D_o/d_max and A_e = 1 − D_e/d_max, with d_max the largest
	// distance between categories (1 for nominal data).
	ObservedAgreement, ExpectedAgreement float64
	// Items and Values are what the coefficient used; Dropped counts items
	// left out because some coder had no value for them (κ-style only).
	Items, Values, Dropped int
	// Estimator says which items and marginals the estimate uses (its
	// convention for missing values): "judgment-weighted items with two
	// or more values, pooled marginals of their values", say.
	Estimator string
}

// Defined reports whether the coefficient has a value.
func (r Result) Defined() bool { return !math.IsNaN(r.Value) }

func undefined(r Result, format string, args ...any) Result {
	r.Value = math.NaN()
	r.Reason = fmt.Sprintf(format, args...)
	return r
}

// Coefficient computes coefficient c.
func (a *Analysis) Coefficient(c Coefficient) Result {
	p := c.params()
	k := 0
	r := Result{Coefficient: c, Distance: "nominal", ObservedDisagreement: math.NaN(),
		ExpectedDisagreement: math.NaN(), ObservedAgreement: math.NaN(), ExpectedAgreement: math.NaN()}
	if p.weighted {
		k = 1
		r.Distance = a.dist
	}
	if why := a.stats.anonymous; why != "" && p.chance == perCoder {
		return undefined(r, "%s", why)
	}
	r.Estimator = a.estimator(p)
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
	irr := a.opt.Convention == IrrCAC
	switch {
	case irr && p.chance != pooledUnbiased && (p.chance != pooledBiased || !p.weighted):
		// irrCAC: the mean over the items with two or more values (α and
		// α_b keep Krippendorff's judgment weighting).
		r.Items, r.Values = cnt.PairableItems, cnt.PairableValues
		if r.Items == 0 {
			return undefined(r, "no item has values from two or more coders")
		}
		do = a.sumI[k] / float64(r.Items)
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
	q := cnt.Categories // len(a.cats)
	switch p.chance {
	case noChance:
		r.Value = r.ObservedAgreement // 1 − D_o/d_max; d_max = 1 for the nominal distance
		return r
	case uniformChance:
		u := a.uniform()
		de = distance.Cross(m, u, u)
	case pooledBiased, pooledUnbiased:
		pool := a.pooledJ
		switch {
		case irr && p.chance == pooledBiased && !p.weighted:
			pool = a.gwet // over the items rated at least once
		case a.opt.Missing == ByItem:
			pool = a.pooledI
		}
		tot := pool.Sum()
		de = distance.Cross(m, pool, pool) / (tot * tot)
		if p.chance == pooledUnbiased {
			n := float64(cnt.PairableValues)
			de *= n / (n - 1)
		}
	case perCoder:
		if irr {
			de = a.ratedExpected(k)
		} else {
			de = a.perCoderExpected(k)
		}
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
	// D_e is a difference of sums for several distances (nominal:
	// P·Q − Σp_k q_k; circular: P·Q − (cos, sin sums)): with no variation
	// it is 0 up to rounding, at most d_max otherwise (internal/ratio).
	if !(de > 0) || ratio.Zero(de, dmax) {
		if q < 2 {
			return undefined(r, "expected disagreement is 0: only one category occurs, so there is no variation to measure agreement on")
		}
		if n := a.distinctUsed(); n > 1 {
			// distinct values, but the distance puts them at 0 (or so
			// close that the expected disagreement rounds to 0)
			return undefined(r, "expected disagreement is 0 under the %s distance: it puts the %d distinct values that occur at distance 0 from one another (or too close to count), so agreement cannot be told from chance", a.dist, n)
		}
		return undefined(r, "expected disagreement is 0: no variation in the values")
	}
	r.Value = 1 - do/de
	return r
}

// estimator describes the estimator of a coefficient with parameters p
// under the analysis' convention and weighting (Result.Estimator).
func (a *Analysis) estimator(p params) string {
	weighting := "each judgment weighted equally (Krippendorff)"
	if a.opt.Missing == ByItem {
		weighting = "each item weighted equally"
	}
	irr := a.opt.Convention == IrrCAC
	switch {
	case p.chance == pooledUnbiased:
		return "Krippendorff's: the pairable values' coincidences, " + weighting
	case p.chance == pooledBiased && p.weighted:
		return "the pairable values' coincidences with the biased expected disagreement, " + weighting
	case p.observed == itemMean:
		return "mean over the items with two or more values; Gwet's marginals over the items rated at least once (irrCAC's)"
	case irr && p.chance == perCoder:
		return "irrCAC's: mean over the items with two or more values; each coder's distribution over the items it rated"
	case irr && p.chance == pooledBiased:
		return "irrCAC's: mean over the items with two or more values; marginals over the items rated at least once"
	case irr:
		return "irrCAC's: mean over the items with two or more values"
	case p.observed == complete:
		return "the complete items only (a value from every coder)"
	case p.chance == pooledBiased:
		return "the items with two or more values, " + weighting + "; pooled marginals of their values"
	}
	return "the items with two or more values, " + weighting
}

func agreement(d, dmax float64) float64 {
	if dmax == 0 {
		if d == 0 {
			return 1
		}
		return math.NaN()
	}
	return 1 - d/dmax
}

// uniform returns weight 1/q on each of the q categories.
func (a *Analysis) uniform() distance.Vector {
	u := distance.Vector{ID: a.cats, W: make([]float64, len(a.cats))}
	for i := range u.W {
		u.W[i] = 1 / float64(len(a.cats))
	}
	return u
}

// perCoderExpected is D_e = (1/C(c,2)) Σ_{a<b} Σ_{k,l} P(k|a) P(l|b) d_kl on
// the complete items (survey §2.7, D_e of α_κ).
func (a *Analysis) perCoderExpected(k int) float64 {
	a.perCoderOnce[k].Do(func() { a.perCoderDe[k] = a.computePerCoderExpected(a.metric[k]) })
	return a.perCoderDe[k]
}

// computePerCoderExpected computes perCoderExpected for metric m: once per
// metric, as several coefficients (κ, multi-κ, κ_w, α_κ) and the bias read
// it.
func (a *Analysis) computePerCoderExpected(m distance.Metric) float64 {
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

// ratedExpected is D_e = (1/C(c,2)) Σ_{a<b} Σ_{k,l} P(k|a) P(l|b) d_kl with
// each coder's distribution P(·|c) over the items that coder rated
// (irrCAC's Conger's κ, IrrCAC convention). Not cached: computed once per
// coefficient asked for.
func (a *Analysis) ratedExpected(k int) float64 {
	a.ratedOnce.Do(func() { a.ratedDist = a.distributions(false) })
	dist := a.ratedDist
	m := a.metric[k]
	s, pairs := 0.0, 0
	for x := range dist {
		for y := x + 1; y < len(dist); y++ {
			if nx, ny := dist[x].Sum(), dist[y].Sum(); nx > 0 && ny > 0 {
				s += distance.Cross(m, dist[x], dist[y]) / (nx * ny)
			}
			pairs++
		}
	}
	return s / float64(pairs)
}

// All computes every coefficient, in the order of All().
func (a *Analysis) All() []Result {
	out := make([]Result, 0, numCoefficients)
	for _, c := range All() {
		out = append(out, a.Coefficient(c))
	}
	return out
}

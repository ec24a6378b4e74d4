package inference

// Gwet's variances as they were computed before issue 13: per item, from
// the cells of Data, with q × q agreement weights. Kept as the reference
// of the equivalence tests of gwet.go.

import (
	"fmt"
	"math"

	"agree/coding"
)

// refGwetTable holds the per-item counts in irrCAC's layout: items rated at
// least once, n_ik, r_i, and the agreement weights w_kl = 1 − d_kl/d_max
// over the q categories.
type refGwetTable struct {
	n, q   int
	r      []float64 // r_i
	w      [][]float64
	cats   []int
	coders int
	reason string // why the table could not be built ("" if it was)

	// The rows are read from the data on demand rather than stored (an
	// items × categories table would dominate memory on large data).
	data   *coding.Data
	idx    []int32 // data index of the i-th rated item
	pos    []int32 // category position of each value
	rowBuf []float64
	ratBuf []int32

	// agreement() results, computed once per table.
	pai  []float64
	n2   int
	paMu float64
}

const refMaxCategories = 1 << 12

// row returns the counts n_ik of the i-th rated item. The slice is reused
// by the next call.
func (t *refGwetTable) row(i int) []float64 {
	clear(t.rowBuf)
	it := int(t.idx[i])
	for c := range t.coders {
		if v := t.data.Value(it, c); v != coding.Missing {
			t.rowBuf[t.pos[v]]++
		}
	}
	return t.rowBuf
}

// raters returns the category positions given to the i-th rated item by
// each coder (−1: none). The slice is reused by the next call.
func (t *refGwetTable) raters(i int) []int32 {
	it := int(t.idx[i])
	for c := range t.coders {
		t.ratBuf[c] = -1
		if v := t.data.Value(it, c); v != coding.Missing {
			t.ratBuf[c] = t.pos[v]
		}
	}
	return t.ratBuf
}

func newRefGwetTable(a *coding.Analysis, weighted bool) *refGwetTable {
	d := a.Data()
	cats := a.Categories()
	q := len(cats)
	t := &refGwetTable{q: q, cats: cats, coders: d.NumCoders(), data: d,
		rowBuf: make([]float64, q), ratBuf: make([]int32, d.NumCoders())}
	if q > refMaxCategories {
		t.reason = fmt.Sprintf("%d distinct values are too many for Gwet's variance (a categories × categories table); use the bootstrap", q)
		return t
	}
	t.pos = make([]int32, len(d.Labels()))
	for k, v := range cats {
		t.pos[v] = int32(k)
	}
	t.w = a.AgreementWeights(weighted)
	for i := range d.NumItems() {
		ri := 0.0
		for c := range t.coders {
			if d.Value(i, c) != coding.Missing {
				ri++
			}
		}
		if ri > 0 {
			t.r = append(t.r, ri)
			t.idx = append(t.idx, int32(i))
		}
	}
	t.n = len(t.r)
	return t
}

// agreement returns pa_i = Σ_k n_ik(r*_ik − 1)/(r_i(r_i − 1)) with
// r*_ik = Σ_l w_kl n_il (0 for items with fewer than two ratings), the
// number n2 of items with two or more ratings, and pa = Σ pa_i / n2.
func (t *refGwetTable) agreement() (pai []float64, n2 int, pa float64) {
	if t.pai != nil {
		return t.pai, t.n2, t.paMu
	}
	identity := true // nominal weights: r*_ik = n_ik
	for k := range t.q {
		for l := range t.q {
			if (k == l) != (t.w[k][l] == 1) || (k != l && t.w[k][l] != 0) {
				identity = false
			}
		}
	}
	pai = make([]float64, t.n)
	for i := range t.n {
		row := t.row(i)
		if t.r[i] < 2 {
			continue
		}
		n2++
		s := 0.0
		for k, nk := range row {
			if nk == 0 {
				continue
			}
			rs := nk
			if !identity {
				rs = 0
				for l, nl := range row {
					rs += t.w[k][l] * nl
				}
			}
			s += nk * (rs - 1)
		}
		pai[i] = s / (t.r[i] * (t.r[i] - 1))
		pa += pai[i]
	}
	if n2 > 0 {
		pa /= float64(n2)
	}
	t.pai, t.n2, t.paMu = pai, n2, pa
	return pai, n2, pa
}

// classShares returns π_k = (1/n) Σ_i n_ik/r_i.
func (t *refGwetTable) classShares() []float64 {
	pi := make([]float64, t.q)
	for i := range t.n {
		for k, nk := range t.row(i) {
			pi[k] += nk / t.r[i]
		}
	}
	for k := range pi {
		pi[k] /= float64(t.n)
	}
	return pi
}

func (t *refGwetTable) sumWeights() float64 {
	s := 0.0
	for _, row := range t.w {
		for _, x := range row {
			s += x
		}
	}
	return s
}

// symmetricShares returns π^w_k = (Σ_l w_kl π_l + Σ_l w_lk π_l)/2.
func (t *refGwetTable) symmetricShares(pi []float64) []float64 {
	out := make([]float64, t.q)
	for k := range t.q {
		for l := range t.q {
			out[k] += (t.w[k][l] + t.w[l][k]) / 2 * pi[l]
		}
	}
	return out
}

// Gwet returns coefficient c with Gwet's variance (Handbook of Inter-Rater
// Reliability, 4th ed., ch. 5; the R package irrCAC), for GwetAC (AC1,
// or AC2 with the analysis distance), FleissKappa and ScottPi (Fleiss's
// generalized π), MultiKappa and CohenKappa (Conger's κ),
// KrippendorffAlpha, BrennanPrediger (with the analysis distance),
// BennettS (Brennan–Prediger with nominal weights) and PercentAgreement.
//
// Every variance is the linearization
//
//	v = (1 − f)/(n(n − 1)) Σ_i (c*_i − ĉ)²,  f = n/N,
//
// over the n items rated at least once, with c*_i the item's contribution
// to the coefficient corrected for the estimation of chance agreement:
// c*_i = c_i − 2(1 − ĉ)(pe_i − pe)/(1 − pe), c_i = (n/n2)(pa_i −
// pe·[r_i ≥ 2])/(1 − pe). Intervals and p-values use Student's t with n − 1
// degrees of freedom, as irrCAC does.
//
// The estimates follow irrCAC's conventions, which differ from the engine's
// when values are missing: chance agreement of Fleiss's κ uses
// π_k = (1/n) Σ_i n_ik/r_i over the items rated at least once (the survey's
// item weighting, §5.1, uses the items rated at least twice), and Conger's
// κ uses each rater's distribution over the items that rater rated (the
// engine's multi-κ uses the complete items). On Krippendorff's data irrCAC
// gives Fleiss 0.76117 and Conger 0.76282 where the engine gives 0.76248
// (ByItem) and multi-κ on the 7 complete items.
func refGwet(a *coding.Analysis, c coding.Coefficient, opt GwetOptions) Analytic {
	return refGwetWith(a, newRefGwetTable(a, c.Weighted()), c, opt)
}

// gwet is Gwet with the table already built (it depends only on the
// analysis and on whether the coefficient is weighted).
func refGwetWith(a *coding.Analysis, t *refGwetTable, c coding.Coefficient, opt GwetOptions) Analytic {
	level := levelOrDefault(opt.Level)
	method := "Gwet variance, t interval"
	if t.reason != "" {
		return undefinedAnalytic(method, level, "%s", t.reason)
	}
	if t.n < 2 {
		return undefinedAnalytic(method, level, "a variance needs at least two rated items; %d rated", t.n)
	}
	if a.Counts().Coders < 2 {
		return undefinedAnalytic(method, level, "agreement needs at least two coders")
	}
	if c.TwoCodersOnly() && a.Counts().Coders != 2 {
		return undefinedAnalytic(method, level, "defined for exactly two coders; the data has %d", a.Counts().Coders)
	}
	f := 0.0
	if opt.Population > 0 {
		if opt.Population < t.n {
			return undefinedAnalytic(method, level, "population size %d is smaller than the %d rated items", opt.Population, t.n)
		}
		f = float64(t.n) / float64(opt.Population)
	}
	pai, n2, pa := t.agreement()
	if n2 == 0 {
		return undefinedAnalytic(method, level, "no item has two or more ratings")
	}
	n := float64(t.n)
	scale := n / float64(n2)
	var est float64
	contrib := make([]float64, t.n) // c*_i
	chance := func(pe float64, pei []float64) {
		if !(pe < 1) {
			est = math.NaN()
			return
		}
		est = (pa - pe) / (1 - pe)
		for i := range contrib {
			pe2 := 0.0
			if t.r[i] >= 2 {
				pe2 = pe
			}
			contrib[i] = scale * (pai[i] - pe2) / (1 - pe)
			if pei != nil {
				contrib[i] -= 2 * (1 - est) * (pei[i] - pe) / (1 - pe)
			}
		}
	}
	switch c {
	case coding.PercentAgreement:
		est = pa
		for i := range contrib {
			contrib[i] = scale * pai[i]
		}
	case coding.BennettS, coding.BrennanPrediger:
		chance(t.sumWeights()/float64(t.q*t.q), nil)
	case coding.GwetAC:
		if t.q < 2 {
			return undefinedAnalytic(method, level, "Gwet's chance agreement needs at least two categories; %d observed", t.q)
		}
		pi := t.classShares()
		k := t.sumWeights() / float64(t.q*(t.q-1))
		pe := 0.0
		for _, p := range pi {
			pe += p * (1 - p)
		}
		pe *= k
		pei := make([]float64, t.n)
		for i := range t.n {
			s := 0.0
			for l, nl := range t.row(i) {
				s += nl * (1 - pi[l])
			}
			pei[i] = k * s / t.r[i]
		}
		chance(pe, pei)
	case coding.FleissKappa, coding.ScottPi:
		pi := t.classShares()
		piw := t.symmetricShares(pi)
		pe := 0.0
		for k := range pi {
			pe += pi[k] * piw[k]
		}
		pei := make([]float64, t.n)
		for i := range t.n {
			for k, nk := range t.row(i) {
				pei[i] += nk * piw[k]
			}
			pei[i] /= t.r[i]
		}
		chance(pe, pei)
	case coding.MultiKappa, coding.CohenKappa:
		pe, pei := t.conger()
		chance(pe, pei)
	case coding.KrippendorffAlpha:
		return t.alpha(f, level).clipped(a, c)
	default:
		return undefinedAnalytic(method, level, "no analytic variance for %s; use the bootstrap", c)
	}
	if math.IsNaN(est) {
		return undefinedAnalytic(method, level, "chance agreement is 1: no variation in the values")
	}
	return tInterval(est, t.variance(contrib, est, f), t.n-1, method, level).clipped(a, c)
}

func (t *refGwetTable) variance(contrib []float64, est, f float64) float64 {
	n := float64(t.n)
	ss := 0.0
	for _, x := range contrib {
		ss += (x - est) * (x - est)
	}
	return (1 - f) / (n * (n - 1)) * ss
}

// conger returns Conger's chance agreement and its per-item linearization
// (irrCAC conger.kappa.raw): with p_gk the share of rater g's ratings in k
// over the n_g items g rated, p̄_k the mean over the r raters and
// s²_kl = (Σ_g p_gk p_gl − r p̄_k p̄_l)/(r − 1),
// pe = Σ_kl w_kl (p̄_k p̄_l − s²_kl/r); pe_i = Σ_g λ_ig/(r(r − 1)) with
// λ_ig = Σ_k (r p̄_k − p_gk)(n/n_g) Σ_l w_kl (δ_igl − (ε_ig − n_g/n) p_gl),
// δ_igl = [g put i in l], ε_ig = [g rated i]. The mean of pe_i is pe.
func (t *refGwetTable) conger() (float64, []float64) {
	r := t.coders
	n := float64(t.n)
	ng := make([]float64, r)
	p := make([][]float64, r)
	for g := range r {
		p[g] = make([]float64, t.q)
	}
	for i := range t.n {
		for g, k := range t.raters(i) {
			if k >= 0 {
				ng[g]++
				p[g][k]++
			}
		}
	}
	for g := range r {
		for k := range p[g] {
			if ng[g] > 0 {
				p[g][k] /= ng[g]
			}
		}
	}
	pbar := make([]float64, t.q)
	for g := range r {
		for k := range t.q {
			pbar[k] += p[g][k] / float64(r)
		}
	}
	rf := float64(r)
	pe := 0.0
	for k := range t.q {
		for l := range t.q {
			cross := 0.0
			for g := range r {
				cross += p[g][k] * p[g][l]
			}
			s2 := (cross - rf*pbar[k]*pbar[l]) / (rf - 1)
			pe += t.w[k][l] * (pbar[k]*pbar[l] - s2/rf)
		}
	}
	// For rater g, Σ_l w_kl (δ_igl − (ε_ig − n_g/n) p_gl) is
	// w_{k,y_ig}·ε_ig − (ε_ig − n_g/n)·(W p_g)_k.
	wp := make([][]float64, r) // (W p_g)_k
	coef := make([][]float64, r)
	for g := range r {
		wp[g] = make([]float64, t.q)
		coef[g] = make([]float64, t.q)
		for k := range t.q {
			for l := range t.q {
				wp[g][k] += t.w[k][l] * p[g][l]
			}
			coef[g][k] = rf*pbar[k] - p[g][k]
		}
	}
	pei := make([]float64, t.n)
	for i := range t.n {
		s := 0.0
		for g, y := range t.raters(i) {
			if ng[g] == 0 {
				continue
			}
			eps := 0.0
			if y >= 0 {
				eps = 1
			}
			lam := 0.0
			for k := range t.q {
				x := -(eps - ng[g]/n) * wp[g][k]
				if y >= 0 {
					x += t.w[k][y]
				}
				lam += coef[g][k] * x
			}
			s += lam * n / ng[g]
		}
		pei[i] = s / (rf * (rf - 1))
	}
	return pe, pei
}

// alpha is Krippendorff's α with Gwet's variance (irrCAC krippen.alpha.raw),
// on the n items with two or more ratings, r̄ their mean number of ratings
// and ε = 1/Σ r_i: pa = (1 − ε)·pa' + ε with
// pa' = (1/n) Σ_i Σ_k n_ik(r*_ik − 1)/(r̄(r_i − 1)), π_k = (1/n) Σ_i n_ik/r̄,
// pe = Σ_kl w_kl π_k π_l. The item terms correct for the varying number of
// ratings: pa_i = Σ_k n_ik(r*_ik − 1)/(r̄(r_i − 1)) − pa'(r_i − r̄)/r̄,
// pe_i = Σ_k n_ik π^w_k/r̄ − pe(r_i − r̄)/r̄. The variance is linearised
// around α' = (pa' − pe)/(1 − pe), the coefficient without the ε
// correction: α_i = (pa_i − pe)/(1 − pe) − 2(1 − α')(pe_i − pe)/(1 − pe),
// v = (1 − f)/(n(n − 1)) Σ_i (α_i − α')², with f = n₀/N over the n₀ rated
// items, and the interval α̂ ± t_{n₀−1}·√v. On Krippendorff's data this gives
// irrCAC's 0.74342 and SE 0.14548.
func (t *refGwetTable) alpha(f, level float64) Analytic {
	method := "Gwet variance, t interval"
	var rows []int // the rated items with two or more ratings
	var r []float64
	for i, ri := range t.r {
		if ri >= 2 {
			rows = append(rows, i)
			r = append(r, ri)
		}
	}
	n := len(r)
	if n < 2 {
		return undefinedAnalytic(method, level, "a variance needs at least two items with two or more ratings; %d", n)
	}
	nf := float64(n)
	rbar, sumr := 0.0, 0.0
	for _, x := range r {
		sumr += x
	}
	rbar = sumr / nf
	eps := 1 / sumr
	sub := &refGwetTable{n: n, q: t.q, r: r, w: t.w}
	sumq := make([]float64, n)
	for i, ti := range rows {
		row := t.row(ti)
		for k, nk := range row {
			if nk == 0 {
				continue
			}
			rs := 0.0
			for l, nl := range row {
				rs += t.w[k][l] * nl
			}
			sumq[i] += nk * (rs - 1)
		}
	}
	pai := make([]float64, n)
	paPrime := 0.0
	for i := range rows {
		pai[i] = sumq[i] / (rbar * (r[i] - 1))
		paPrime += pai[i]
	}
	paPrime /= nf
	pa := (1-eps)*paPrime + eps
	pi := make([]float64, t.q)
	for _, ti := range rows {
		for k, nk := range t.row(ti) {
			pi[k] += nk / rbar / nf
		}
	}
	piw := sub.symmetricShares(pi)
	pe := 0.0
	for k := range pi {
		pe += pi[k] * piw[k]
	}
	if !(pe < 1) {
		return undefinedAnalytic(method, level, "expected disagreement is 0: no variation in the values")
	}
	est := (pa - pe) / (1 - pe)
	estPrime := (paPrime - pe) / (1 - pe)
	contrib := make([]float64, n)
	for i, ti := range rows {
		pa1 := pai[i] - paPrime*(r[i]-rbar)/rbar
		pe1 := 0.0
		for k, nk := range t.row(ti) {
			pe1 += nk * piw[k]
		}
		pe1 = pe1/rbar - pe*(r[i]-rbar)/rbar
		ki := (pa1 - pe) / (1 - pe)
		contrib[i] = ki - 2*(1-estPrime)*(pe1-pe)/(1-pe)
	}
	return tInterval(est, sub.variance(contrib, estPrime, f), t.n-1, method, level)
}

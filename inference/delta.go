package inference

import (
	"math"

	"agree/coding"
	"agree/internal/ratio"
)

// Delta returns coefficient c of the Survey convention with the standard
// error of its own estimator, for PercentAgreement, BennettS, ScottPi,
// FleissKappa, KrippendorffAlpha and AlphaBiased: the estimators that
// weight the items with two or more values by judgment (Krippendorff) or
// by item (Options.Missing) and take the pooled marginals of their values.
// Gwet's variances (Gwet) are those of irrCAC's estimators, which differ
// from these when values are missing (issue 18: Fleiss's κ 0.7368 was
// printed with the interval of irrCAC's 0.7612).
//
// Every one of these coefficients is a smooth function of sums over the
// items i with m_i ≥ 2 values: c = 1 − D_o/D_e with D_o = O/W, O = Σ o_i,
// W = Σ w_i (o_i = 2t_i/(m_i − 1) and w_i = m_i by judgment; o_i =
// 2t_i/(m_i(m_i − 1)) and w_i = 1 by item; t_i the item's sum of pairwise
// distances), and, for the pooled chance models, D_e = F·Q/T² with
// n_k = Σ x_ik (x_ik = n_ik by judgment, n_ik/m_i by item), T = Σ_k n_k,
// Q = Σ_kl n_k n_l d_kl and F = M/(M − 1), M = Σ m_i, for α (F = 1
// otherwise); D_e is fixed for S (uniform chance) and d_max for percent
// agreement. The variance is the linearization (delta method; e.g. Wolter,
// Introduction to Variance Estimation, 2nd ed., 2007, ch. 6) over the n
// items as the sampling units:
//
//	v = (1 − f)·n/(n − 1)·Σ_i (z_i − z̄)²,
//	z_i = Σ_j ∂c/∂S_j · x_ij   (S_j the sums above),
//	∂c/∂O = −1/(W·D_e), ∂c/∂W = O/(W²·D_e), ∂c/∂D_e = D_o/D_e²,
//	∂D_e/∂n_k = F·(2/T²)(r_k − Q/T), r_k = Σ_l n_l d_kl, ∂D_e/∂M = −Q/(T²(M − 1)²),
//
// f = n/N the finite-population fraction. Without missing values, Fleiss's
// κ, π, S and percent agreement get Gwet's variances exactly (the
// linearizations coincide); α gets that of α̂ itself, where irrCAC
// linearizes α' (its α without the 1/Σr_i correction). The interval is
// ĉ ± t_{n−1}·√v, clipped to the coefficient's range. The distance's own
// dependence on the marginals (the ordinal distance) is not linearized.
func Delta(a *coding.Analysis, c coding.Coefficient, opt GwetOptions) Analytic {
	level := levelOrDefault(opt.Level)
	method := "delta method (linearization), t interval"
	r := a.Coefficient(c)
	if !r.Defined() {
		return undefinedAnalytic(method, level, "%s", r.Reason)
	}
	m, dmax := a.Metric(c.Weighted())
	byItem := a.Options().Missing == coding.ByItem
	s := a.Stats()
	cats := a.Categories()
	pos := make([]int32, len(s.Labels())) // value → category position
	for k, v := range cats {
		pos[v] = int32(k)
	}
	// The units: patterns with two or more values.
	type unit struct {
		p      int
		n      float64
		o, w   float64
		m      float64
		weight float64 // x_ik = weight·n_ik
	}
	var units []unit
	var O, W, M, n float64
	nk := make([]float64, len(cats))
	for p := range s.NumPatterns() {
		cv, cnt := s.Pattern(p)
		mi := float64(len(cv) / 2)
		if mi < 2 {
			continue
		}
		t := a.PatternDisagreement(p, c.Weighted())
		u := unit{p: p, n: float64(cnt), m: mi, o: 2 * t / (mi - 1), w: mi, weight: 1}
		if byItem {
			u.o, u.w, u.weight = 2*t/(mi*(mi-1)), 1, 1/mi
		}
		units = append(units, u)
		O += u.n * u.o
		W += u.n * u.w
		M += u.n * u.m
		n += u.n
		for j := 1; j < len(cv); j += 2 {
			nk[pos[cv[j]]] += u.n * u.weight
		}
	}
	if n < 2 {
		return undefinedAnalytic(method, level, "a variance needs at least two items with two or more values; %d", int(n))
	}
	f := 0.0
	if opt.Population > 0 {
		if float64(opt.Population) < n {
			return undefinedAnalytic(method, level, "population size %d is smaller than the %d items with two or more values", opt.Population, int(n))
		}
		f = n / float64(opt.Population)
	}
	do := O / W
	var de, F, T, Q, B float64
	var rk []float64
	switch c {
	case coding.PercentAgreement:
		de = dmax
		if de == 0 {
			de = 1
		}
	case coding.BennettS:
		de = r.ExpectedDisagreement
	case coding.ScottPi, coding.FleissKappa, coding.KrippendorffAlpha, coding.AlphaBiased:
		var err error
		if rk, err = rowDistances(a, m, cats, nk); err != nil {
			return undefinedAnalytic(method, level, "%v", err)
		}
		for k, x := range nk {
			T += x
			Q += x * rk[k]
		}
		B = Q / (T * T)
		F = 1
		if c == coding.KrippendorffAlpha {
			F = M / (M - 1)
		}
		de = F * B
	default:
		return undefinedAnalytic(method, level, "no delta-method variance for %s", c)
	}
	if !(de > 0) || ratio.Zero(de, dmax) {
		return undefinedAnalytic(method, level, "expected disagreement is 0")
	}
	est := 1 - do/de
	dO, dW, dDe := -1/(W*de), O/(W*W*de), do/(de*de)
	z := make([]float64, len(units))
	zbar := 0.0
	for i, u := range units {
		zi := dO*u.o + dW*u.w
		if rk != nil {
			cv, _ := s.Pattern(u.p)
			sr := 0.0
			for j := 1; j < len(cv); j += 2 {
				sr += rk[pos[cv[j]]]
			}
			sr *= u.weight
			dE := F * 2 / (T * T) * (sr - Q/T*u.w)
			if c == coding.KrippendorffAlpha {
				dE -= B / ((M - 1) * (M - 1)) * u.m
			}
			zi += dDe * dE
		}
		z[i] = zi
		zbar += u.n * zi
	}
	zbar /= n
	ss := 0.0
	for i, u := range units {
		d := z[i] - zbar
		ss += u.n * d * d
	}
	v := (1 - f) * n / (n - 1) * ss
	out := tInterval(est, v, int(n)-1, method, level)
	if math.IsNaN(out.SE) {
		return undefinedAnalytic(method, level, "the variance is not a number")
	}
	return out.clipped(a, c)
}

package inference

import (
	"math"

	"agree/coding"
	"agree/internal/ratio"
)

// CohenKappa returns Cohen's κ on the two coders' complete items, with the
// large-sample standard error of Fleiss, Cohen & Everitt (1969) for the
// interval and their standard error under the null hypothesis κ = 0 for
// the z test — the statistics SAS PROC FREQ prints as ASE and ASE under H0.
//
// With cell proportions p_ij, margins p_i· and p_·j, agreement weights
// w_ij, w̄_i· = Σ_j p_·j w_ij, w̄_·j = Σ_i p_i· w_ij, p_o = Σ p_ij w_ij,
// p_e = Σ p_i· p_·j w_ij and n items:
//
//	ASE² = [Σ_ij p_ij (w_ij − (w̄_i· + w̄_·j)(1 − κ))² − (κ − p_e(1 − κ))²] / (n(1 − p_e)²)
//	ASE0² = [Σ_ij p_i· p_·j (w_ij − (w̄_i· + w̄_·j))² − p_e²] / (n(1 − p_e)²)
//
// For κ, w_ij = [i = j] (the ASE formula then reduces to FCE's eq. 13).
// The interval is κ ± z·ASE, clipped to the coefficient's range (Range);
// z = κ/ASE0 with a two-sided normal p-value. level is the confidence
// level (0 means 0.95).
func CohenKappa(a *coding.Analysis, level float64) Analytic {
	return fleissCohenEveritt(a, coding.CohenKappa, level)
}

// WeightedKappa is CohenKappa for κ_w: the same standard errors with the
// agreement weights of the analysis's distance, w_ij = 1 − d_ij/d_max.
func WeightedKappa(a *coding.Analysis, level float64) Analytic {
	return fleissCohenEveritt(a, coding.WeightedKappa, level)
}

// fleissCohenEveritt is CohenKappa (c = coding.CohenKappa) and
// WeightedKappa (c = coding.WeightedKappa).
func fleissCohenEveritt(a *coding.Analysis, c coding.Coefficient, level float64) Analytic {
	level = levelOrDefault(level)
	method := "Fleiss, Cohen & Everitt 1969 ASE, normal interval"
	if a.Counts().Coders != 2 {
		return undefinedAnalytic(method, level, "defined for exactly two coders; the data has %d", a.Counts().Coders)
	}
	if cnt := a.Counts(); cnt.CompleteItems < cnt.Items && a.Options().Incomplete == coding.RefuseIncomplete {
		return undefinedAnalytic(method, level, "%d of %d items lack a value from some coder; κ needs complete items (allow dropping them)", cnt.Items-cnt.CompleteItems, cnt.Items)
	}
	tab, err := a.Contingency()
	if err != nil {
		return undefinedAnalytic(method, level, "%v", err)
	}
	q := len(tab.Labels)
	row, col, n, _ := tab.Margins()
	if n < 2 {
		return undefinedAnalytic(method, level, "needs at least two complete items; %g", n)
	}
	w := a.AgreementWeights(c == coding.WeightedKappa)
	p := make([][]float64, q) // cell proportions, with margins p_i· and p_·j
	for i := range q {
		row[i] /= n
		col[i] /= n
		p[i] = make([]float64, q)
		for j := range q {
			p[i][j] = tab.Cells[i][j] / n
		}
	}
	var po, pe float64
	wr, wc := make([]float64, q), make([]float64, q) // w̄_i·, w̄_·j
	for i := range q {
		for j := range q {
			po += p[i][j] * w[i][j]
			pe += row[i] * col[j] * w[i][j]
			wr[i] += col[j] * w[i][j]
			wc[j] += row[i] * w[i][j]
		}
	}
	if !(pe < 1) || ratio.Zero(1-pe, 1) {
		return undefinedAnalytic(method, level, "expected agreement is 1: the values do not vary, or the weights count every pair of them as agreeing")
	}
	k := (po - pe) / (1 - pe)
	var s, s0 float64
	for i := range q {
		for j := range q {
			d := w[i][j] - (wr[i]+wc[j])*(1-k)
			s += p[i][j] * d * d
			d0 := w[i][j] - (wr[i] + wc[j])
			s0 += row[i] * col[j] * d0 * d0
		}
	}
	den := n * (1 - pe) * (1 - pe)
	v := (s - (k-pe*(1-k))*(k-pe*(1-k))) / den
	v0 := (s0 - pe*pe) / den
	return normalInterval(k, math.Sqrt(math.Max(v, 0)), math.Sqrt(math.Max(v0, 0)), true, method, level).clipped(a, c)
}

// FleissNull returns Fleiss's κ (multi-π) with the standard error under the
// null hypothesis of no agreement beyond chance of Fleiss, Nee & Landis
// (1979), for n items each rated by the same number m of coders, with p_k
// the share of all ratings in category k and q_k = 1 − p_k:
//
//	SE0 = √2 / (Σ_k p_k q_k · √(n·m(m − 1))) · √((Σ_k p_k q_k)² − Σ_k p_k q_k (q_k − p_k))
//
// and z = κ/SE0 (survey §4.1.2: under the null, K is approximately normal
// around 0). There is no non-null standard error here, so the interval is
// undefined; use Gwet or the bootstrap. Items with no rating are ignored;
// other items with a different number of ratings make SE0 undefined.
func FleissNull(a *coding.Analysis, level float64) Analytic {
	level = levelOrDefault(level)
	method := "Fleiss, Nee & Landis 1979 null SE"
	st := a.Stats()
	counts := make([]float64, len(st.Labels()))
	m, n := -1, 0
	for p := range st.NumPatterns() {
		cv, cnt := st.Pattern(p)
		r := len(cv) / 2
		if r == 0 {
			continue
		}
		if m >= 0 && r != m {
			return undefinedAnalytic(method, level, "Fleiss, Nee & Landis's null SE needs the same number of ratings on every item (%d and %d found)", m, r)
		}
		for j := 1; j < len(cv); j += 2 {
			counts[cv[j]] += float64(cnt)
		}
		m = r
		n += int(cnt)
	}
	if m < 2 || n == 0 {
		return undefinedAnalytic(method, level, "needs items with two or more ratings")
	}
	total := float64(n * m)
	var spq, spqqp float64
	for _, c := range counts {
		if c == 0 {
			continue
		}
		pk := c / total
		qk := 1 - pk
		spq += pk * qk
		spqqp += pk * qk * (qk - pk)
	}
	if spq == 0 {
		return undefinedAnalytic(method, level, "only one category is used")
	}
	k := a.Coefficient(coding.FleissKappa)
	se0 := math.Sqrt2 / (spq * math.Sqrt(float64(n)*float64(m*(m-1)))) * math.Sqrt(spq*spq-spqqp)
	out := normalInterval(k.Value, math.NaN(), se0, true, method, level)
	out.CI.Low, out.CI.High = out.SE, out.SE // NaN: no interval from a null SE
	return out
}

package ratings

import (
	"fmt"
	"math"

	"agree/inference"
)

// ICCForm is one of the six intraclass correlations.
type ICCForm int

// The six forms, in psych::ICC's order.
const (
	ICC1  ICCForm = iota // one-way random, single rater: ICC(1) = Shrout & Fleiss ICC(1,1)
	ICCA1                // two-way, absolute agreement, single rater: ICC(A,1) = ICC(2,1)
	ICCC1                // two-way, consistency, single rater: ICC(C,1) = ICC(3,1)
	ICCK                 // one-way random, mean of k raters: ICC(k) = ICC(1,k)
	ICCAK                // two-way, absolute agreement, mean of k raters: ICC(A,k) = ICC(2,k)
	ICCCK                // two-way, consistency, mean of k raters: ICC(C,k) = ICC(3,k)
)

// ICCForms lists the six forms in order.
func ICCForms() []ICCForm { return []ICCForm{ICC1, ICCA1, ICCC1, ICCK, ICCAK, ICCCK} }

var iccInfo = [...]struct {
	key, mw, sf, model, typ, unit string
}{
	{"icc1", "ICC(1)", "ICC(1,1)", "one-way random", "absolute agreement", "single"},
	{"icc_a1", "ICC(A,1)", "ICC(2,1)", "two-way random or mixed", "absolute agreement", "single"},
	{"icc_c1", "ICC(C,1)", "ICC(3,1)", "two-way random or mixed", "consistency", "single"},
	{"icc_k", "ICC(k)", "ICC(1,k)", "one-way random", "absolute agreement", "average"},
	{"icc_ak", "ICC(A,k)", "ICC(2,k)", "two-way random or mixed", "absolute agreement", "average"},
	{"icc_ck", "ICC(C,k)", "ICC(3,k)", "two-way random or mixed", "consistency", "average"},
}

// Key is the form's stable name in JSON ("icc1", "icc_a1", "icc_c1",
// "icc_k", "icc_ak", "icc_ck").
func (f ICCForm) Key() string { return iccInfo[f].key }

// String is McGraw & Wong's (1996) name: "ICC(A,1)".
func (f ICCForm) String() string { return iccInfo[f].mw }

// ShroutFleiss is Shrout & Fleiss's (1979) name: "ICC(2,1)".
func (f ICCForm) ShroutFleiss() string { return iccInfo[f].sf }

// Model is the ANOVA model the form belongs to: "one-way random", or
// "two-way random or mixed" (the same estimate under both).
func (f ICCForm) Model() string { return iccInfo[f].model }

// Type is "absolute agreement" or "consistency".
func (f ICCForm) Type() string { return iccInfo[f].typ }

// Unit is "single" (one rater's rating) or "average" (the mean of k).
func (f ICCForm) Unit() string { return iccInfo[f].unit }

// ANOVA holds the mean squares of the two-way table of complete items
// (rows: items, columns: raters) the intraclass correlations are made of.
type ANOVA struct {
	Items, Raters int // n complete items, k raters
	// Mean squares: between items (rows), between raters (columns), residual
	// (two-way error), within items (one-way: raters and error together).
	MSRows, MSColumns, MSError, MSWithin float64
	// Degrees of freedom of each.
	DFRows, DFColumns, DFError, DFWithin float64
}

// ICCResult is one intraclass correlation with its F test against 0 and
// its confidence interval.
type ICCResult struct {
	Form  ICCForm
	Value float64
	// F, DF1, DF2 and P are the test of the hypothesis ICC = 0 (one-sided).
	F, DF1, DF2, P float64
	CI             Interval
	Reason         string // why Value is NaN
}

// ICC is the analysis of the intraclass correlations of a matrix.
type ICC struct {
	ANOVA
	// Dropped counts the items left out because a rater did not rate them.
	Dropped int
	Forms   []ICCResult // in ICCForms order
	// Reason says why every form is undefined (too few items or raters, no
	// variance), "" otherwise.
	Reason string
}

// IntraclassCorrelations computes the six forms on the complete items of
// m, with confidence intervals at the given level (0 < level < 1).
func IntraclassCorrelations(m *Matrix, level float64) ICC {
	complete := m.Complete()
	n, k := len(complete), len(m.raters)
	res := ICC{Dropped: m.Items() - n}
	res.Items, res.Raters = n, k
	fail := func(why string) ICC {
		res.Reason = why
		if res.DFRows == 0 { // not computed: undefined, not 0
			nan := math.NaN()
			res.ANOVA = ANOVA{Items: n, Raters: k, MSRows: nan, MSColumns: nan, MSError: nan, MSWithin: nan, DFRows: nan, DFColumns: nan, DFError: nan, DFWithin: nan}
		}
		for _, f := range ICCForms() {
			res.Forms = append(res.Forms, ICCResult{Form: f, Value: math.NaN(), F: math.NaN(), DF1: math.NaN(), DF2: math.NaN(), P: math.NaN(), CI: undefinedInterval(level, "F"), Reason: why})
		}
		return res
	}
	switch {
	case k < 2:
		return fail(fmt.Sprintf("%d rater; intraclass correlations need two or more", k))
	case n < 2:
		return fail(fmt.Sprintf("%d complete items (rated by every rater); intraclass correlations need two or more", n))
	}
	// Two passes: the means, then the sums of squares of deviations (stable
	// for any magnitude and number of items).
	rowMean := make([]float64, n)
	colMean := make([]float64, k)
	var grand float64
	for j, c := range m.cols {
		var s float64
		for t, i := range complete {
			s += c[i]
			rowMean[t] += c[i]
		}
		colMean[j] = s / float64(n)
		grand += s
	}
	grand /= float64(n * k)
	for t := range rowMean {
		rowMean[t] /= float64(k)
	}
	var ssRows, ssCols, ssErr, ssWithin float64
	for _, r := range rowMean {
		ssRows += (r - grand) * (r - grand)
	}
	ssRows *= float64(k)
	for _, c := range colMean {
		ssCols += (c - grand) * (c - grand)
	}
	ssCols *= float64(n)
	for j, c := range m.cols {
		cm := colMean[j] - grand
		for t, i := range complete {
			w := c[i] - rowMean[t]
			ssWithin += w * w
			e := w - cm
			ssErr += e * e
		}
	}
	fn, fk := float64(n), float64(k)
	a := &res.ANOVA
	a.DFRows, a.DFColumns, a.DFError, a.DFWithin = fn-1, fk-1, (fn-1)*(fk-1), fn*(fk-1)
	a.MSRows, a.MSColumns, a.MSError, a.MSWithin = ssRows/a.DFRows, ssCols/a.DFColumns, ssErr/a.DFError, ssWithin/a.DFWithin
	if ssRows == 0 && ssWithin == 0 {
		return fail("every rating is the same: no variance between or within items")
	}
	for _, f := range ICCForms() {
		res.Forms = append(res.Forms, a.form(f, level))
	}
	return res
}

// form computes one intraclass correlation from the mean squares (McGraw &
// Wong 1996, Tables 4 and 7; Shrout & Fleiss 1979, eqs. 2–4 and Table 3).
func (a *ANOVA) form(f ICCForm, level float64) ICCResult {
	n, k := float64(a.Items), float64(a.Raters)
	msr, msc, mse, msw := a.MSRows, a.MSColumns, a.MSError, a.MSWithin
	r := ICCResult{Form: f, CI: Interval{Level: level, Method: "F"}}
	q := 1 - (1-level)/2
	// fBounds turns an F statistic into its interval (FL, FU) of the
	// variance ratio; an infinite F (no error variance) gives (∞, ∞).
	fBounds := func(F, d1, d2 float64) (lo, hi float64) {
		if math.IsInf(F, 1) {
			return F, F
		}
		return F / inference.FQuantile(q, d1, d2), F * inference.FQuantile(q, d2, d1)
	}
	single := func(F float64) float64 { // (F − 1)/(F + k − 1), → 1 as F → ∞
		if math.IsInf(F, 1) {
			return 1
		}
		return (F - 1) / (F + k - 1)
	}
	average := func(F float64) float64 { return 1 - 1/F }
	switch f {
	case ICC1, ICCK, ICCC1, ICCCK:
		// One-way: rows against the within-items mean square; consistency:
		// against the two-way residual. The same F gives the interval.
		ms, df := msw, a.DFWithin
		if f == ICCC1 || f == ICCCK {
			ms, df = mse, a.DFError
		}
		r.F, r.DF1, r.DF2 = msr/ms, a.DFRows, df
		lo, hi := fBounds(r.F, r.DF1, r.DF2)
		if f.Unit() == "single" {
			r.Value = (msr - ms) / (msr + (k-1)*ms)
			r.CI.Low, r.CI.High = single(lo), single(hi)
		} else {
			r.Value = (msr - ms) / msr
			r.CI.Low, r.CI.High = average(lo), average(hi)
		}
	case ICCA1, ICCAK:
		// The test of ICC(A,·) = 0 is the consistency test (McGraw & Wong
		// 1996, Table 8 with r0 = 0; psych::ICC).
		r.F, r.DF1, r.DF2 = msr/mse, a.DFRows, a.DFError
		den1, denK := msr+(k-1)*mse+k*(msc-mse)/n, msr+(msc-mse)/n
		if den := map[bool]float64{true: den1, false: denK}[f == ICCA1]; !(den > 0) {
			// The variance components' estimate is negative: the
			// raters' mean square is below the error's by more than the
			// items' (psych::ICC prints the ratio anyway, above 1 or
			// below −1 on such tables).
			r.Value, r.CI.Low, r.CI.High = math.NaN(), math.NaN(), math.NaN()
			r.P = inference.FSurvival(r.F, r.DF1, r.DF2)
			r.Reason = "the estimate's denominator is not positive (the raters' mean square is below the error's): no absolute-agreement ICC"
			return r
		}
		icc := (msr - mse) / den1
		lo, hi := a.agreementInterval(icc, q)
		if f == ICCA1 {
			r.Value = icc
			r.CI.Low, r.CI.High = lo, hi
		} else {
			r.Value = (msr - mse) / denK
			stepUp := func(x float64) float64 { return k * x / (1 + (k-1)*x) } // Spearman–Brown
			r.CI.Low, r.CI.High = stepUp(lo), stepUp(hi)
		}
	}
	r.P = inference.FSurvival(r.F, r.DF1, r.DF2)
	if math.IsNaN(r.Value) || math.IsInf(r.Value, 0) {
		r.Value = math.NaN()
		r.Reason = "no variance between the items' means (and, for 0/0, none in the residual)"
		r.CI.Low, r.CI.High = math.NaN(), math.NaN()
	}
	return r
}

// agreementInterval is the interval of ICC(A,1) (McGraw & Wong 1996,
// Table 7, case 2A; Shrout & Fleiss 1979, eq. 10), with Satterthwaite's
// degrees of freedom v for the denominator.
func (a *ANOVA) agreementInterval(icc, q float64) (lo, hi float64) {
	n, k := float64(a.Items), float64(a.Raters)
	msr, msc, mse := a.MSRows, a.MSColumns, a.MSError
	var v float64
	if mse == 0 {
		if msc == 0 { // identical raters
			return 1, 1
		}
		v = k - 1 // the limit of v as MSE → 0
	} else {
		fj := msc / mse
		b := n*(1+(k-1)*icc) - k*icc
		vn := (k - 1) * (n - 1) * math.Pow(k*icc*fj+b, 2)
		vd := (n-1)*k*k*icc*icc*fj*fj + b*b
		v = vn / vd
	}
	fu := inference.FQuantile(q, n-1, v)
	fl := inference.FQuantile(q, v, n-1)
	d := k*msc + (k*n-k-n)*mse
	lo = n * (msr - fu*mse) / (fu*d + n*msr)
	hi = n * (fl*msr - mse) / (d + n*fl*msr)
	return lo, hi
}

// Get returns the result of form f.
func (c ICC) Get(f ICCForm) ICCResult { return c.Forms[f] }

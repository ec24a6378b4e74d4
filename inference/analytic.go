package inference

import (
	"fmt"
	"math"

	"agree/coding"
)

// Analytic is a coefficient with its analytic standard error. Undefined
// numbers are NaN, and Reason says why.
type Analytic struct {
	// Estimate is the coefficient under the convention the standard error
	// refers to; it can differ from the engine's value when the data have
	// missing values (see Gwet).
	Estimate float64
	// SE is the standard error for intervals.
	SE float64
	// SE0 is the standard error under the null hypothesis of chance
	// agreement; NaN when the method has none.
	SE0 float64
	// Z is the test statistic (Estimate/SE0, or Estimate/SE when there is
	// no null standard error) and P its two-sided p-value (normal, or
	// Student's t with DF degrees of freedom when DF > 0).
	Z, P float64
	DF   int
	// CI is the interval Estimate ± quantile·SE, clipped to the range of
	// the coefficient (CI.Clipped says when it was).
	CI Interval
	// Reason says why the standard error is undefined (NaN).
	Reason string
}

// Defined reports whether a standard error (SE or SE0) is defined.
func (a Analytic) Defined() bool {
	return !math.IsNaN(a.SE) || !math.IsNaN(a.SE0)
}

// Range returns the smallest and largest values coefficient c can take
// in analysis a: no coefficient exceeds 1 (D_o ≥ 0); percent agreement, a
// proportion, is at least 0; the chance-corrected coefficients with the
// nominal distance are at least −1, reached by two coders who always
// disagree on two equally used categories (Artstein & Poesio 2008, §2.4).
// With another distance a weighted coefficient has no lower bound
// (Gwet's AC2 and Brennan–Prediger with the ordinal distance go below −1
// on small data), so lo is −Inf. Analytic intervals are clipped to this
// range, never so far as to exclude the estimate; irrCAC caps its upper
// bounds at 1 the same way.
func Range(a *coding.Analysis, c coding.Coefficient) (lo, hi float64) {
	if c == coding.PercentAgreement {
		return 0, 1
	}
	if d := a.Options().Distance; c.Weighted() && d != nil && d.Name() != "nominal" {
		return math.Inf(-1), 1
	}
	return -1, 1
}

// clipped returns x with its interval cut to the range of c in a.
func (x Analytic) clipped(a *coding.Analysis, c coding.Coefficient) Analytic {
	lo, hi := Range(a, c)
	if !math.IsNaN(x.CI.Low) && !math.IsNaN(x.Estimate) {
		x.CI = x.CI.clip(x.Estimate, lo, hi)
	}
	return x
}

func undefinedAnalytic(method string, level float64, format string, args ...any) Analytic {
	nan := math.NaN()
	return Analytic{Estimate: nan, SE: nan, SE0: nan, Z: nan, P: nan,
		CI: Interval{Low: nan, High: nan, Method: method, Level: level}, Reason: fmt.Sprintf(format, args...)}
}

// normalInterval is est ± z·se with z the normal quantile of level; the
// test statistic uses se0 when hasNull (SE0 is NaN otherwise).
func normalInterval(est, se, se0 float64, hasNull bool, method string, level float64) Analytic {
	z := normalQuantile(1 - (1-level)/2)
	out := Analytic{Estimate: est, SE: se, SE0: math.NaN(),
		CI: Interval{Low: est - z*se, High: est + z*se, Method: method, Level: level}}
	stat := est / se
	if hasNull {
		out.SE0 = se0
		stat = est / se0
	}
	out.Z = stat
	out.P = normalTwoSided(stat)
	return out
}

func levelOrDefault(level float64) float64 {
	if level == 0 {
		return 0.95
	}
	return level
}

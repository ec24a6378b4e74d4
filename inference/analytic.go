package inference

import (
	"fmt"
	"math"

	"agree/report"
)

// Analytic is a coefficient with its analytic standard error. In JSON it
// adds to a coefficient's object "se", "ci", and, where a test against
// chance is defined, "se0", "z" and "p".
type Analytic struct {
	// Estimate is the coefficient under the convention the standard error
	// refers to; it can differ from the engine's value when the data have
	// missing values (see Gwet).
	Estimate report.Number `json:"estimate"`
	// SE is the standard error for intervals.
	SE report.Number `json:"se"`
	// SE0 is the standard error under the null hypothesis of chance
	// agreement (nil when the method has none).
	SE0 *report.Number `json:"se0,omitempty"`
	// Z is the test statistic (Estimate/SE0, or Estimate/SE when there is
	// no null standard error) and P its two-sided p-value (normal, or
	// Student's t with DF degrees of freedom when DF > 0).
	Z  report.Number `json:"z"`
	P  report.Number `json:"p"`
	DF int           `json:"df,omitempty"`
	CI Interval      `json:"ci"`
	// Reason says why the standard error is undefined (NaN).
	Reason string `json:"undefined_reason,omitempty"`
}

// Defined reports whether a standard error (SE or SE0) is defined.
func (a Analytic) Defined() bool {
	return !math.IsNaN(float64(a.SE)) || (a.SE0 != nil && !math.IsNaN(float64(*a.SE0)))
}

func undefinedAnalytic(method string, level float64, format string, args ...any) Analytic {
	nan := report.Number(math.NaN())
	return Analytic{Estimate: nan, SE: nan, Z: nan, P: nan,
		CI: Interval{Low: nan, High: nan, Method: method, Level: level}, Reason: fmt.Sprintf(format, args...)}
}

// normalInterval fills CI, Z and P from a normal approximation.
func normalInterval(est, se, se0 float64, hasNull bool, method string, level float64) Analytic {
	z := normalQuantile(1 - (1-level)/2)
	out := Analytic{Estimate: report.Number(est), SE: report.Number(se),
		CI: Interval{Low: report.Number(est - z*se), High: report.Number(est + z*se), Method: method, Level: level}}
	stat := est / se
	if hasNull {
		n0 := report.Number(se0)
		out.SE0 = &n0
		stat = est / se0
	}
	out.Z = report.Number(stat)
	out.P = report.Number(normalTwoSided(stat))
	return out
}

func levelOrDefault(level float64) float64 {
	if level == 0 {
		return 0.95
	}
	return level
}

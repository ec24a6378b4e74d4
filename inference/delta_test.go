package inference

import (
	"math"
	"testing"

	"agree/coding"
)

func TestStandardErrorsBelongToTheEstimates(t *testing.T) {
	// Issue 18 §3: with missing values the table printed Fleiss 0.7368,
	// multi-κ 0.6458 and percent agreement 0.800 next to standard errors
	// computed for irrCAC's 0.7612, 0.7628 and 0.818. Every analytic SE
	// now comes with the estimate it is the SE of — the printed value —
	// under both conventions, weightings and several distances.
	d := wide(t, krippendorffData)
	for _, opt := range []coding.Options{
		{}, {Missing: coding.ByItem}, {Convention: coding.IrrCAC},
		{Distance: mustSpec(t, "interval")}, {Distance: mustSpec(t, "ordinal"), Missing: coding.ByItem},
	} {
		a := analyze(t, d, opt)
		ses := StandardErrors(a, coding.All(), GwetOptions{})
		for i, c := range coding.All() {
			se, r := ses[i], a.Coefficient(c)
			if !se.Defined() || !r.Defined() {
				continue
			}
			if math.Abs(se.Estimate-r.Value) > 1e-12 {
				t.Errorf("%v %s/%s: SE of %v printed next to %v", opt.Convention, opt.Missing, c.Key(), se.Estimate, r.Value)
			}
		}
	}
}

func TestDeltaEqualsGwetWithoutMissingValues(t *testing.T) {
	// Without missing values the estimators coincide, and so do the
	// linearizations of Fleiss's κ, π, S and percent agreement.
	d := wide(t, "1 1 2|2 2 2|3 3 1|1 2 1|2 2 2|3 3 3|1 1 1|2 3 2")
	a := analyze(t, d, coding.Options{})
	for _, c := range []coding.Coefficient{coding.FleissKappa, coding.PercentAgreement, coding.BennettS} {
		g, dl := Gwet(a, c, GwetOptions{}), Delta(a, c, GwetOptions{})
		approx(t, c.Key()+" estimate", dl.Estimate, g.Estimate, 1e-12)
		approx(t, c.Key()+" SE", dl.SE, g.SE, 1e-12)
	}
	two := wide(t, "a a|a b|b b|c c|a a|b c")
	a2 := analyze(t, two, coding.Options{})
	approx(t, "π SE", Delta(a2, coding.ScottPi, GwetOptions{}).SE, Gwet(a2, coding.ScottPi, GwetOptions{}).SE, 1e-12)
}

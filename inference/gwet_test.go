package inference

import (
	"testing"

	"agree/coding"
)

func TestGwetIrrCACKrippendorffData(t *testing.T) {
	// irrCAC (Gwet) on Krippendorff's canonical data, as restated in issue 6
	// of this project: coefficient (SE). Tolerance: half a unit of the fifth
	// printed decimal.
	a := analyze(t, wide(t, krippendorffData), coding.Options{})
	for _, c := range []struct {
		c      coding.Coefficient
		est, s float64
	}{
		{coding.GwetAC, 0.77544, 0.14295},
		{coding.FleissKappa, 0.76117, 0.15302},
		{coding.KrippendorffAlpha, 0.74342, 0.14548},
		{coding.MultiKappa, 0.76282, 0.14917},
		{coding.BrennanPrediger, 0.77273, 0.14472},
		{coding.PercentAgreement, 0.81818, 0.12561},
	} {
		r := Gwet(a, c.c, GwetOptions{})
		approx(t, c.c.Key(), r.Estimate, c.est, 5e-6)
		approx(t, c.c.Key()+" SE", r.SE, c.s, 5e-6)
	}
}

func TestGwetIntervalCappedAtOne(t *testing.T) {
	// irrCAC caps the upper confidence bound at 1; on Krippendorff's data
	// AC1 + t·SE passes 1 (0.77544 + 2.228·0.14295).
	a := analyze(t, wide(t, krippendorffData), coding.Options{})
	r := Gwet(a, coding.GwetAC, GwetOptions{})
	if float64(r.CI.High) != 1 || float64(r.CI.Low) > 0.5 {
		t.Errorf("CI = [%v, %v], want the upper bound capped at 1", r.CI.Low, r.CI.High)
	}
}

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
		// α's SE differs from irrCAC's in the fifth decimal (0.145413):
		// see gwetTable.alpha; tolerance 1e-4 for it.
		{coding.KrippendorffAlpha, 0.74342, 0.14548},
		{coding.MultiKappa, 0.76282, 0.14917},
		{coding.BrennanPrediger, 0.77273, 0.14472},
		{coding.PercentAgreement, 0.81818, 0.12561},
	} {
		r := Gwet(a, c.c, GwetOptions{})
		approx(t, c.c.Key(), float64(r.Estimate), c.est, 5e-6)
		tol := 5e-6
		if c.c == coding.KrippendorffAlpha {
			tol = 1e-4
		}
		approx(t, c.c.Key()+" SE", float64(r.SE), c.s, tol)
	}
}

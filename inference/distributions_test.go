package inference

import (
	"math"
	"testing"
)

// TestFAndChiSquare holds the F and χ² functions to R 4.2's pf, qf and
// pchisq (the R call is given with each case).
func TestFAndChiSquare(t *testing.T) {
	rel := func(name string, got, want, tol float64) {
		t.Helper()
		if math.Abs(got-want) > tol*math.Abs(want) {
			t.Errorf("%s = %.17g, want %.17g (relative tolerance %g)", name, got, want, tol)
		}
	}
	rel("pf(2.5, 3, 10)", FCDF(2.5, 3, 10), 0.88096043734172191, 1e-13)
	rel("pf(0.3, 19, 39.7)", FCDF(0.3, 19, 39.7), 0.0032504629944014722, 1e-12)
	rel("pf(50, 1, 1000, lower = FALSE)", FSurvival(50, 1, 1000), 2.8841468571726085e-12, 1e-10)
	rel("qf(0.975, 19, 38)", FQuantile(0.975, 19, 38), 2.1061239252263366, 1e-12)
	rel("qf(0.975, 38, 19)", FQuantile(0.975, 38, 19), 2.3426869850702463, 1e-12)
	rel("qf(0.025, 5, 7.3)", FQuantile(0.025, 5, 7.3), 0.14658924760344375, 1e-12)
	rel("qf(0.5, 200, 3)", FQuantile(0.5, 200, 3), 1.2636517900019775, 1e-12)
	rel("pchisq(30.76, 19, lower = FALSE)", ChiSquareSurvival(30.76, 19), 0.042888230510340318, 1e-12)
	rel("pchisq(0.5, 3, lower = FALSE)", ChiSquareSurvival(0.5, 3), 0.91889141165467592, 1e-13)
	rel("pchisq(2000, 1500, lower = FALSE)", ChiSquareSurvival(2000, 1500), 5.8099109897619879e-17, 1e-9)
	rel("pchisq(1e-3, 0.5, lower = FALSE)", ChiSquareSurvival(1e-3, 0.5), 0.83504024923158726, 1e-13)
	// Properties: the quantile inverts the CDF; the tails add up to 1.
	for _, c := range [][3]float64{{0.1, 2, 3}, {0.9, 40, 7}, {0.5, 1, 1}} {
		x := FQuantile(c[0], c[1], c[2])
		rel("FCDF(FQuantile)", FCDF(x, c[1], c[2]), c[0], 1e-12)
		rel("FCDF + FSurvival", FCDF(x, c[1], c[2])+FSurvival(x, c[1], c[2]), 1, 1e-14)
	}
	for _, bad := range []float64{FCDF(1, 0, 1), FQuantile(1, 2, 2), FQuantile(0.5, -1, 2), ChiSquareSurvival(1, 0), NormalQuantile(0)} {
		if !math.IsNaN(bad) {
			t.Errorf("out of the domain: got %v, want NaN", bad)
		}
	}
}

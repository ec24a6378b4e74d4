package inference

import (
	"math"
	"testing"

	"agree/coding"
	"agree/distance"
)

func sasTable(t *testing.T) *coding.Data {
	t.Helper()
	d, err := coding.FromContingency([]string{"0", "1", "2"}, []string{"0", "1", "2"}, [][]int{{0, 4, 1}, {0, 8, 0}, {0, 1, 5}})
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func TestCohenKappaSAS(t *testing.T) {
	// SAS PROC FREQ documentation, "Agreement study" example (table
	// [[0,4,1],[0,8,0],[0,1,5]]): simple kappa 0.4842, ASE 0.1380, 95% CI
	// (0.2137, 0.7547), ASE under H0 0.1484, Z 3.2626; weighted kappa
	// (Cicchetti–Allison = linear weights on scores 0, 1, 2) 0.4701,
	// ASE 0.1457, ASE under H0 0.1426, Z 3.2971. Tolerance: half a unit of
	// the last printed digit.
	d := sasTable(t)
	k := CohenKappa(analyze(t, d, coding.Options{}), 0.95)
	approx(t, "κ", k.Estimate, 0.4842, 5e-5)
	approx(t, "ASE", k.SE, 0.1380, 5e-5)
	approx(t, "low", k.CI.Low, 0.2137, 5e-5)
	approx(t, "high", k.CI.High, 0.7547, 5e-5)
	approx(t, "ASE0", k.SE0, 0.1484, 5e-5)
	approx(t, "z", k.Z, 3.2626, 5e-5)

	w := WeightedKappa(analyze(t, d, coding.Options{Distance: distance.Linear()}), 0.95)
	approx(t, "κ_w", w.Estimate, 0.4701, 5e-5)
	approx(t, "ASE_w", w.SE, 0.1457, 5e-5)
	approx(t, "ASE0_w", w.SE0, 0.1426, 5e-5)
	approx(t, "z_w", w.Z, 3.2971, 5e-5)
}

func TestCohenKappaMatchesEngine(t *testing.T) {
	// Two paths: the κ computed from the contingency table here must equal
	// the engine's κ and κ_w (seed 000 Table 6 data, matrix distance).
	labels := []string{"STAT", "IREQ", "CHCK"}
	d, err := coding.FromContingency(labels, labels, [][]int{{46, 6, 0}, {0, 32, 0}, {0, 6, 10}})
	if err != nil {
		t.Fatal(err)
	}
	m, err := distance.NewMatrix("table6", labels, [][]float64{{0, 1, .5}, {1, 0, .5}, {.5, .5, 0}})
	if err != nil {
		t.Fatal(err)
	}
	a := analyze(t, d, coding.Options{Distance: m})
	approx(t, "κ", float64(CohenKappa(a, 0).Estimate), a.Coefficient(coding.CohenKappa).Value, 1e-12)
	approx(t, "κ_w", float64(WeightedKappa(a, 0).Estimate), a.Coefficient(coding.WeightedKappa).Value, 1e-12)
	if r := CohenKappa(analyze(t, wide(t, krippendorffData), coding.Options{}), 0); r.Defined() {
		t.Error("four coders: Cohen's κ SE should be undefined")
	}
	// Incomplete items: dropped by default (the table has 2 complete
	// items: κ of "a a|b b" is 1), refused on request.
	inc := wide(t, "a a|b b|a .")
	if r := CohenKappa(analyze(t, inc, coding.Options{}), 0); r.Estimate != 1 {
		t.Errorf("dropping incomplete items: κ = %v, want 1", r.Estimate)
	}
	if r := CohenKappa(analyze(t, inc, coding.Options{Incomplete: coding.RefuseIncomplete}), 0); r.Defined() || r.Reason == "" {
		t.Error("refusing incomplete items: want undefined with a reason")
	}
}

func TestFleissNull(t *testing.T) {
	// Fleiss 1971 data (30 patients × 6 psychiatrists): R irr's
	// kappam.fleiss, which implements Fleiss, Nee & Landis (1979), prints
	// κ = 0.43, z = 17.7. Tolerance 0.05 on z (printed to one decimal).
	counts := [][]int{
		{0, 0, 0, 6, 0}, {0, 3, 0, 0, 3}, {0, 1, 4, 0, 1}, {0, 0, 0, 0, 6}, {0, 3, 0, 3, 0},
		{2, 0, 4, 0, 0}, {0, 0, 4, 0, 2}, {2, 0, 3, 1, 0}, {2, 0, 0, 4, 0}, {0, 0, 0, 0, 6},
		{1, 0, 0, 5, 0}, {1, 1, 0, 4, 0}, {0, 3, 3, 0, 0}, {1, 0, 0, 5, 0}, {0, 2, 0, 3, 1},
		{0, 0, 5, 0, 1}, {3, 0, 0, 1, 2}, {5, 1, 0, 0, 0}, {0, 2, 0, 4, 0}, {1, 0, 2, 0, 3},
		{0, 0, 0, 0, 6}, {0, 1, 0, 5, 0}, {0, 2, 0, 1, 3}, {2, 0, 0, 4, 0}, {1, 0, 0, 4, 1},
		{0, 5, 0, 1, 0}, {4, 0, 0, 0, 2}, {0, 2, 0, 4, 0}, {1, 0, 5, 0, 0}, {0, 0, 0, 0, 6},
	}
	r := FleissNull(analyze(t, agreementTable(t, counts), coding.Options{}), 0)
	approx(t, "κ", r.Estimate, 0.4302445, 5e-8)
	approx(t, "z", r.Z, 17.7, 0.05)
	if r := FleissNull(analyze(t, wide(t, krippendorffData), coding.Options{}), 0); r.Defined() || !math.IsNaN(r.SE0) {
		t.Error("unequal numbers of ratings: SE0 should be undefined")
	}
}

func TestAnalyticIntervalsClippedToRange(t *testing.T) {
	// Issue 14: on two items, percent agreement's t interval (df = 1,
	// t = 12.71) reached −5.85, and Cohen's κ's normal interval on a small
	// near-perfect table passed 1. Intervals are cut to the coefficient's
	// range ([0, 1] for a proportion, [−1, 1] for the chance-corrected
	// coefficients with the nominal distance) and say so; one inside the
	// range is untouched.
	cases := []struct {
		name    string
		data    func() *coding.Data
		c       coding.Coefficient
		lo, hi  float64
		clipped bool
	}{
		{"percent agreement, 2 items", func() *coding.Data { return wide(t, "a a|a b") }, coding.PercentAgreement, 0, 1, true},
		{"Cohen's κ, 8 items, one disagreement", func() *coding.Data { return wide(t, "a a|a a|a a|b b|b b|b b|c c|c b") }, coding.CohenKappa, -1, 1, true},
		{"Cohen's κ, SAS table, inside the range", func() *coding.Data { return sasTable(t) }, coding.CohenKappa, -1, 1, false},
		{"Fleiss's κ, upper bound past 1", func() *coding.Data { return wide(t, krippendorffData) }, coding.FleissKappa, -1, 1, true},
	}
	for _, c := range cases {
		a := analyze(t, c.data(), coding.Options{})
		r := StandardError(a, c.c, GwetOptions{})
		z := normalQuantile(0.975)
		if r.DF > 0 {
			z = studentQuantile(0.975, float64(r.DF))
		}
		rawLo, rawHi := r.Estimate-z*r.SE, r.Estimate+z*r.SE
		t.Logf("%s: estimate %.4f, raw [%.4f, %.4f], reported [%.4f, %.4f]", c.name, r.Estimate, rawLo, rawHi, r.CI.Low, r.CI.High)
		if r.CI.Clipped != c.clipped {
			t.Errorf("%s: Clipped = %v, want %v", c.name, r.CI.Clipped, c.clipped)
		}
		approx(t, c.name+" low", r.CI.Low, math.Max(rawLo, c.lo), 1e-12)
		approx(t, c.name+" high", r.CI.High, math.Min(rawHi, c.hi), 1e-12)
	}
	// With the ordinal distance Brennan–Prediger has no lower bound: its
	// interval is cut at 1 only.
	a := analyze(t, wide(t, "1 3|3 1|1 3|2 2"), coding.Options{Distance: mustSpec(t, "ordinal")})
	if lo, hi := Range(a, coding.BrennanPrediger); !math.IsInf(lo, -1) || hi != 1 {
		t.Errorf("ordinal Brennan–Prediger range [%v, %v], want [-Inf, 1]", lo, hi)
	}
	if lo, _ := Range(a, coding.KrippendorffAlpha); !math.IsInf(lo, -1) {
		t.Errorf("ordinal α range starts at %v, want -Inf", lo)
	}
	if lo, _ := Range(a, coding.CohenKappa); lo != -1 {
		t.Errorf("Cohen's κ (nominal) range starts at %v, want -1", lo)
	}
}

package inference

import (
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
	k := CohenKappa(analyze(t, d, coding.Options{}), false, 0.95)
	approx(t, "κ", float64(k.Estimate), 0.4842, 5e-5)
	approx(t, "ASE", float64(k.SE), 0.1380, 5e-5)
	approx(t, "low", float64(k.CI.Low), 0.2137, 5e-5)
	approx(t, "high", float64(k.CI.High), 0.7547, 5e-5)
	approx(t, "ASE0", float64(*k.SE0), 0.1484, 5e-5)
	approx(t, "z", float64(k.Z), 3.2626, 5e-5)

	w := CohenKappa(analyze(t, d, coding.Options{Distance: distance.Linear()}), true, 0.95)
	approx(t, "κ_w", float64(w.Estimate), 0.4701, 5e-5)
	approx(t, "ASE_w", float64(w.SE), 0.1457, 5e-5)
	approx(t, "ASE0_w", float64(*w.SE0), 0.1426, 5e-5)
	approx(t, "z_w", float64(w.Z), 3.2971, 5e-5)
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
	approx(t, "κ", float64(CohenKappa(a, false, 0).Estimate), a.Coefficient(coding.CohenKappa).Value, 1e-12)
	approx(t, "κ_w", float64(CohenKappa(a, true, 0).Estimate), a.Coefficient(coding.WeightedKappa).Value, 1e-12)
	if r := CohenKappa(analyze(t, wide(t, krippendorffData), coding.Options{}), false, 0); r.Defined() {
		t.Error("four coders: Cohen's κ SE should be undefined")
	}
	// Incomplete items: dropped by default (the table has 2 complete
	// items: κ of "a a|b b" is 1), refused on request.
	inc := wide(t, "a a|b b|a .")
	if r := CohenKappa(analyze(t, inc, coding.Options{}), false, 0); float64(r.Estimate) != 1 {
		t.Errorf("dropping incomplete items: κ = %v, want 1", float64(r.Estimate))
	}
	if r := CohenKappa(analyze(t, inc, coding.Options{Incomplete: coding.RefuseIncomplete}), false, 0); r.Defined() || r.Reason == "" {
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
	approx(t, "κ", float64(r.Estimate), 0.4302445, 5e-8)
	approx(t, "z", float64(r.Z), 17.7, 0.05)
	if r := FleissNull(analyze(t, wide(t, krippendorffData), coding.Options{}), 0); r.Defined() || r.SE0 != nil {
		t.Error("unequal numbers of ratings: SE0 should be undefined")
	}
}

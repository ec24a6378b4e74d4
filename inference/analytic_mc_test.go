package inference

import (
	"math"
	"math/rand/v2"
	"testing"

	"agree/coding"
)

func TestAnalyticSEMatchesSimulation(t *testing.T) {
	// Independent check of the variance formulas: on data from the
	// randomly-spread-error model (200 items, 10% missing for the
	// multi-coder case), the mean analytic SE must match the standard
	// deviation of the estimates over 300 simulated data sets. The SD of
	// 300 draws is known to ±4% (1 SE); tolerance 12%.
	const reps = 300
	type check struct {
		name   string
		coders int
		miss   float64
		f      func(a *coding.Analysis) Analytic
	}
	checks := []check{
		{"Cohen κ (FCE)", 2, 0, func(a *coding.Analysis) Analytic { return CohenKappa(a, 0) }},
		{"AC1", 3, .1, func(a *coding.Analysis) Analytic { return Gwet(a, coding.GwetAC, GwetOptions{}) }},
		{"Fleiss", 3, .1, func(a *coding.Analysis) Analytic { return Gwet(a, coding.FleissKappa, GwetOptions{}) }},
		{"Conger", 3, .1, func(a *coding.Analysis) Analytic { return Gwet(a, coding.MultiKappa, GwetOptions{}) }},
		{"α", 3, .1, func(a *coding.Analysis) Analytic { return Gwet(a, coding.KrippendorffAlpha, GwetOptions{}) }},
		{"percent", 3, .1, func(a *coding.Analysis) Analytic { return Gwet(a, coding.PercentAgreement, GwetOptions{}) }},
		// The delta method on the Survey convention's own estimators, with
		// missing values (judgment weighting, the default).
		{"Fleiss (delta)", 3, .1, func(a *coding.Analysis) Analytic { return Delta(a, coding.FleissKappa, GwetOptions{}) }},
		{"α (delta)", 3, .1, func(a *coding.Analysis) Analytic { return Delta(a, coding.KrippendorffAlpha, GwetOptions{}) }},
		{"percent (delta)", 3, .1, func(a *coding.Analysis) Analytic { return Delta(a, coding.PercentAgreement, GwetOptions{}) }},
		{"S (delta)", 4, .2, func(a *coding.Analysis) Analytic { return Delta(a, coding.BennettS, GwetOptions{}) }},
		{"Conger, complete items", 3, .1, func(a *coding.Analysis) Analytic { return StandardError(a, coding.MultiKappa, GwetOptions{}) }},
	}
	for _, c := range checks {
		rng := rand.New(rand.NewPCG(77, uint64(c.coders)))
		var sum, sum2, seSum float64
		for range reps {
			d := spreadError(t, rng, 200, c.coders, []float64{.5, .3, .2}, .75, c.miss)
			r := c.f(analyze(t, d, coding.Options{}))
			e := r.Estimate
			sum += e
			sum2 += e * e
			seSum += r.SE
		}
		mean := sum / reps
		sd := math.Sqrt((sum2 - reps*mean*mean) / (reps - 1))
		se := seSum / reps
		t.Logf("%s: SE %.4f SD %.4f", c.name, se, sd)
		if math.Abs(se-sd) > 0.12*sd {
			t.Errorf("%s: mean analytic SE %.4f, simulated SD %.4f", c.name, se, sd)
		}
	}
}

func TestGwetFinitePopulation(t *testing.T) {
	// The finite-population correction multiplies the variance by
	// (1 − n/N): with the 12 rated items of Krippendorff's data and N = 48
	// the SE shrinks by √(3/4).
	a := analyze(t, wide(t, krippendorffData), coding.Options{})
	inf := Gwet(a, coding.GwetAC, GwetOptions{})
	fin := Gwet(a, coding.GwetAC, GwetOptions{Population: 48})
	approx(t, "SE ratio", fin.SE/inf.SE, math.Sqrt(0.75), 1e-12)
	if r := Gwet(a, coding.GwetAC, GwetOptions{Population: 5}); r.Defined() {
		t.Error("population smaller than the sample: want undefined")
	}
}

func TestGwetMatchesEngineOnCompleteData(t *testing.T) {
	// Two paths: without missing values irrCAC's conventions coincide with
	// the engine's (Fleiss's κ = multi-π, Conger = multi-κ, AC1, α, BP, A_o).
	rng := rand.New(rand.NewPCG(5, 5))
	d := spreadError(t, rng, 80, 4, []float64{.4, .4, .2}, .7, 0)
	a := analyze(t, d, coding.Options{})
	for _, c := range []coding.Coefficient{coding.GwetAC, coding.FleissKappa, coding.MultiKappa,
		coding.KrippendorffAlpha, coding.BrennanPrediger, coding.BennettS, coding.PercentAgreement} {
		approx(t, c.Key(), float64(Gwet(a, c, GwetOptions{}).Estimate), a.Coefficient(c).Value, 1e-12)
	}
}

func TestGwetWeightedMatchesEngine(t *testing.T) {
	// Two paths with weights w = 1 − d/d_max (AC2, weighted
	// Brennan–Prediger, interval and ordinal α) on complete data.
	rng := rand.New(rand.NewPCG(9, 9))
	d := spreadError(t, rng, 80, 3, []float64{.3, .3, .2, .2}, .6, 0)
	for _, m := range []string{"interval", "ordinal", "linear"} {
		a := analyze(t, d, coding.Options{Distance: mustSpec(t, m)})
		for _, c := range []coding.Coefficient{coding.GwetAC, coding.BrennanPrediger, coding.KrippendorffAlpha} {
			approx(t, m+" "+c.Key(), float64(Gwet(a, c, GwetOptions{}).Estimate), a.Coefficient(c).Value, 1e-12)
		}
	}
}

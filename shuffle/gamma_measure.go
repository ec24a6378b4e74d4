package shuffle

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"sort"

	"agree/gamma"
	"agree/unitizing"
)

// gammaSamples is the number of random annotation sets behind each γ's
// expected disorder in a sweep (the paper's first batch, §5.3).
const gammaSamples = 30

// GammaMeasure returns γ (package gamma) with the dissimilarity
// alpha·d_pos + beta·d_cat (sporadic positional, nominal categorical,
// Δ∅ = 1). The standard measure "gamma" uses alpha = 3, beta = 1, the
// weights of the original Java software used for the paper's figures
// (gamma.md); pygamma's default is alpha = beta = 1. The expected disorder
// (30 samples, no precision top-ups: a sweep already averages many sets)
// uses the corpus sampler (§5.2.2) when the set has at least as many
// continua as annotators, the single-continuum shuffle sampler otherwise.
// A set without any unit has no γ.
func GammaMeasure(name string, alpha, beta float64) Measure {
	return Measure{Name: name, Func: func(s Set, rng *rand.Rand) (float64, error) {
		return gammaOf(s, rng, alpha, beta)
	}}
}

func gammaMeasure(s Set, rng *rand.Rand) (float64, error) { return gammaOf(s, rng, 3, 1) }

func gammaOf(s Set, rng *rand.Rand, alpha, beta float64) (float64, error) {
	seen := map[string]bool{}
	var cats []string
	units := 0
	for _, c := range s.Continua {
		units += len(c.Units)
		for _, u := range c.Units {
			if !seen[u.Category] {
				seen[u.Category] = true
				cats = append(cats, u.Category)
			}
		}
	}
	if units == 0 {
		return math.NaN(), errors.New("γ: no annotator marked any unit")
	}
	sort.Strings(cats)
	d, err := gamma.NewCombined(alpha, beta, 1, gamma.Nominal(), cats)
	if err != nil {
		return math.NaN(), err
	}
	sampler := gamma.Shuffle
	if len(s.Continua) >= len(s.Continua[0].Annotators) {
		sampler = gamma.Corpus
	}
	r, err := gamma.Compute(context.Background(), unitizing.Corpus{Continua: s.Continua}, d, gamma.Options{
		Sampler: sampler, Samples: gammaSamples, Precision: -1, Seed: rng.Uint64(), Workers: 1,
	})
	if err != nil {
		return math.NaN(), err
	}
	if math.IsNaN(r.Gamma) {
		return math.NaN(), errors.New("γ: " + r.Undefined)
	}
	return r.Gamma, nil
}

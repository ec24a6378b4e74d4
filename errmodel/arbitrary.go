package errmodel

import (
	"math"
)

// NonArbitrary is the survey's reading of π as a proportion of
// non-arbitrary judgments: it lies in [Low, High].
type NonArbitrary struct {
	Low  float64
	High float64
}

// NonArbitraryShare returns the range in which the proportion of
// non-arbitrary judgments lies given π (Artstein & Poesio 2008, §5.2): if
// arbitrary judgments all fall on the same (hard) items, π equals that
// proportion; if they are spread evenly over the items, E(π) = p², so the
// proportion is √π. In between, it lies in [π, √π]. ok is false when π is
// negative or undefined (the error models cannot produce systematic
// disagreement).
func NonArbitraryShare(pi float64) (NonArbitrary, bool) {
	if math.IsNaN(pi) || pi < 0 || pi > 1 {
		return NonArbitrary{math.NaN(), math.NaN()}, false
	}
	return NonArbitrary{Low: pi, High: math.Sqrt(pi)}, true
}

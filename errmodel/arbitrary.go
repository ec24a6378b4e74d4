package errmodel

import (
	"math"

	"agree/report"
)

// NonArbitrary is the survey's reading of π as a proportion of
// non-arbitrary judgments (JSON "non_arbitrary":{"low","high"}).
type NonArbitrary struct {
	Low  report.Number `json:"low"`
	High report.Number `json:"high"`
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
		return NonArbitrary{report.Number(math.NaN()), report.Number(math.NaN())}, false
	}
	return NonArbitrary{Low: report.Number(pi), High: report.Number(math.Sqrt(pi))}, true
}

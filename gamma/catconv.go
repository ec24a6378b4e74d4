package gamma

import (
	"fmt"
	"strings"
)

// CatConvention says how γ-cat and γ-k weigh the pairs of units of a
// unitary alignment (Mathet 2018, "The Agreement Measure γcat, a
// Complement to γ Focused on Categorization of a Continuum", §4.2). The
// implementations users compare with differ from the paper in two ways:
//
//   - the pairing confidence of two units: max(0, 1 − d_pos(u, v)) in the
//     paper (§4.2.3), max(0, 1 − α·d_pos(u, v)) in the Gamma Software and
//     pygamma-agreement (its documentation says so, and keeps α because
//     its values then match the software's); with α = 3, as they are
//     usually run, the α form gives far fewer confident pairs;
//   - pairs of a unit with an empty slot: the paper counts only pairs of
//     real units; pygamma-agreement's published test values on its
//     AlexPaulSuzan data (γ-cat 0.38–0.42, γ-k("6") 0.37, γ-k("7") ≤ 0)
//     are of the kind obtained when each such pair also counts, with
//     categorical disorder Δ∅² and weight Δ∅ (a case its source keeps,
//     marked experimental) — which pulls γ-cat down wherever units stay
//     unaligned (the paper's γ-cat is 0.75 on that file, γ-k("6") 1).
type CatConvention int

const (
	// CatPaper is Mathet (2018): confidence max(0, 1 − d_pos), pairs of
	// real units only (the default).
	CatPaper CatConvention = iota
	// CatSoftware is the Gamma Software's and pygamma-agreement's
	// confidence max(0, 1 − α·d_pos), pairs of real units only (agree's
	// γ-cat before issue 18).
	CatSoftware
	// CatPygammaEmpty is CatSoftware with the pairs of a unit and an empty
	// slot counted at categorical disorder Δ∅² with weight Δ∅ (pygamma's
	// experimental case).
	CatPygammaEmpty
)

// catNames are the conventions' names, in the order of the constants.
var catNames = []string{"mathet2018", "software", "pygamma-empty"}

// String returns the convention's name.
func (c CatConvention) String() string {
	if int(c) < len(catNames) {
		return catNames[c]
	}
	return fmt.Sprintf("CatConvention(%d)", int(c))
}

// ParseCatConvention parses mathet2018, software or pygamma-empty.
func ParseCatConvention(s string) (CatConvention, error) {
	for i, n := range catNames {
		if strings.EqualFold(strings.TrimSpace(s), n) {
			return CatConvention(i), nil
		}
	}
	return 0, fmt.Errorf("unknown γ-cat convention %q (want %s)", s, strings.Join(catNames, ", "))
}

// Describe says what the convention counts, for notes.
func (c CatConvention) Describe() string {
	switch c {
	case CatSoftware:
		return "pairs of units of a unitary alignment weighted by max(0, 1 − α·d_pos)/(n_v − 1), as the Gamma Software and pygamma-agreement do (Mathet 2018 §4.2.3 has 1 − d_pos)"
	case CatPygammaEmpty:
		return "pairs weighted by max(0, 1 − α·d_pos)/(n_v − 1), and each pair of a unit with an empty slot counted at disorder Δ∅² with weight Δ∅ (pygamma-agreement's experimental case; not in Mathet 2018)"
	}
	return "pairs of real units of a unitary alignment weighted by their pairing confidence max(0, 1 − d_pos)/(n_v − 1) (Mathet 2018 §4.2.3); units left unaligned add no categorical disorder"
}

// confidence returns the pairing confidence of two units' positional
// dissimilarity (without Δ∅) under the convention.
func (c CatConvention) confidence(comb *Combined, sporadic float64) float64 {
	if c == CatPaper {
		return max(0, 1-sporadic)
	}
	return max(0, 1-comb.Alpha*sporadic)
}

// Package ratio decides when the denominator of an agreement coefficient
// is zero. Every chance-corrected coefficient is 1 − D_o/D_e (or
// (A_o − A_e)/(1 − A_e)), and D_e is often a difference of sums that are
// equal in exact arithmetic when the data have no variation — one
// category over a whole continuum, one value throughout — so that
// floating point leaves a residue of a few units in the last place
// instead of 0, and 1 − D_o/D_e becomes a number made of rounding errors
// (c|uα was 1 on a one-category continuum where two implementations
// divide 0 by 0). The test is relative to the sums D_e was formed from.
package ratio

import "math"

// Tol is the relative size below which a denominator counts as zero:
// 10⁻¹² of the sums it was formed from (rounding leaves about n·2⁻⁵³ of
// them after n operations; a true D_e that small would need some 10¹²
// units of data).
const Tol = 1e-12

// Zero reports whether d, computed from sums whose magnitude is scale
// (the largest of the terms subtracted or added, or the largest value d
// could take), is zero up to rounding, or is not a number.
func Zero(d, scale float64) bool {
	return math.IsNaN(d) || math.Abs(d) <= Tol*math.Abs(scale)
}

// OneMinus returns 1 − do/de and true, or NaN and false when de is zero
// (Zero(de, scale)) or do is not a number.
func OneMinus(do, de, scale float64) (float64, bool) {
	if Zero(de, scale) || math.IsNaN(do) {
		return math.NaN(), false
	}
	return 1 - do/de, true
}

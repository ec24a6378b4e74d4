// Package distance defines distances between annotation values, the "d"
// axis of Artstein & Poesio's coefficient cube (Inter-Coder Agreement for
// Computational Linguistics, 2008, §2.6 and §4): every weighted coefficient
// (Krippendorff's α, Cohen's κ_w, α_κ, Gwet's AC2, Brennan–Prediger) is
// 1 − D_o/D_e with D_o and D_e averages of a distance d(a, b).
//
// A [Spec] names a distance ("nominal", "interval", ...). Bound to the
// distinct values of a data set it becomes a [Metric], which answers
// d(a, b) for values identified by small integers (their index in the
// data set's value table). Values are interned once by the caller; a
// Metric never builds a V×V table: distances are computed on demand, and
// the metrics that admit one implement a closed form for the sums the
// coefficients need ([Crosser]), so that expected disagreement over many
// distinct values costs O(V), not O(V²).
//
// Krippendorff's metrics (Content Analysis, 2004, §11.3.4; restated in
// shared/reference/coding.md):
//
//	nominal   d = 0 if a = b, else 1
//	ordinal   d = (Σ_{g=a..b} n_g − (n_a + n_b)/2)²   (n_g: marginal frequencies)
//	interval  d = (a − b)²
//	ratio     d = ((a − b)/(a + b))²
//	circular  d = sin²(π (a − b)/U)                   (U: the circle's period)
//	bipolar   d = (a − b)² / ((a + b − 2·min)(2·max − a − b))
//
// The ordinal metric depends on the data's own value frequencies: it equals
// the interval metric on mid-ranks r_g = Σ_{h<g} n_h + n_g/2, which is how it
// is computed here.
package distance

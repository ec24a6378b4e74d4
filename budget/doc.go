// Package budget splits a disagreement into additive parts and says what
// resolving each would be worth: the disagreement budget, to decide what
// to fix first in the guidelines.
//
// Krippendorff's α (Krippendorff 2004, Content Analysis, §11.3; 2013 §12):
// 1 − α = D_o/D_e with D_o = (1/n) Σ_u Σ_{i≠j} δ(v_ui, v_uj)/(m_u − 1),
// the sum over the ordered pairs of values of unit u (m_u values, n
// pairable values in all). Every pair's term belongs to one unordered
// pair of categories, one unit and two coders, so 1 − α is a sum of parts
// by category pair, by unit (item), and by coder (each pair's term halved
// between its two coders): Alpha. The counterfactual value of a part is
// the α if that part of the observed disagreement were resolved, D_e held
// fixed: α + part.
//
// Span F1 (exact match on bounds and label): 1 − F1 = (FP + FN)/(2TP + FP
// + FN) for a pair of annotators, so each unmatched span contributes
// 1/(2TP + FP + FN) and 1 − F1 splits into the kinds of error of its
// unmatched spans: a label error (a span of the other annotator has the
// same bounds and another label), a split or merge (it overlaps two or
// more unmatched spans of the other annotator), a boundary error (it
// overlaps one, with the same label), a boundary and label error (one,
// with another label), a missed span (the reference's, nothing of the
// response overlaps it) and a spurious one (the response's, overlapping
// nothing). The corpus's budget averages the pairs' (1 − average pairwise
// F1 = the mean of the pairs' 1 − F1): Spans. The counterfactual is F1 +
// part (the denominator held fixed).
//
// The parts are summed with Neumaier's compensated summation, and the
// tests hold them to the whole within 1e-12 on random data.
package budget

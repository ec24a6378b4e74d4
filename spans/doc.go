// Package spans measures agreement on spans — named entities, mentions,
// evidence snippets — between annotators, pair by pair, as the field does
// (Hripcsak & Rothschild 2005, "Agreement, the F-measure, and reliability
// in information retrieval", JAMIA 12(3); Deleger et al. 2012; Brandsen et
// al. 2020): κ on spans would need a count of the spans nobody marked,
// which does not exist, so agreement is the F1 of one annotator against
// the other.
//
// For each pair of annotators (the first is the reference) and each
// document, the spans of the two are matched one to one under a rule
// (Match): exact, overlap (at least one shared character), IoU ≥ T, or
// boundary tolerance N; with Strict labels a pair must also have the same
// label. The matching is optimal: the largest number of pairs and, among
// matchings with that number, the largest total overlap (in characters, or
// in microseconds on a time line), then the most pairs with equal labels
// (the assignment solver of internal/assign on each connected component of
// candidate pairs; candidates come from a sweep over spans sorted by
// start, so the work grows with the spans, never with their product). With a = matched
// pairs, b and c the spans of one annotator left unmatched,
//
//	precision = a/(a + c), recall = a/(a + b), F1 = 2a/(2a + b + c),
//
// F1 being symmetric and equal to the positive specific agreement
// (Hripcsak & Rothschild 2005, eq. 6). F1 is 0 when nothing matches.
// Averages are named: the average pairwise F1 (each pair equal), the micro
// average (counts pooled over pairs and labels) and the macro average
// (mean over labels). Agreement on labels given a span match is Cohen's κ
// and Krippendorff's α on the pairs matched by extent, through the coding
// engine.
//
// Discontinuous spans are compared part by part: two spans are identical
// when they have the same parts; they overlap when some part of one shares
// a character with some part of the other; their intersection and union
// are summed over the parts (IoU); under a tolerance they need the same
// number of parts and each part's boundaries within the tolerance of the
// corresponding part's.
//
// Spans are matched only between annotators who share a document (both
// annotated it); the counts of the other pairs follow from the spans each
// marked, so the work and the memory grow with the pairs of annotators of
// each document, not with the square of the number of annotators (crowd
// data).
//
// Result.Bootstrap gives document-bootstrap intervals of every F1;
// Result.Disagreements lists what a curator should look at.
package spans

// Package shuffle is a corpus shuffling tool (CST) after Mathet, Widlöcher
// & Métivier (2015), "The Unified and Holistic Method Gamma (γ) for
// Inter-Annotator Agreement Measure and Alignment", Computational
// Linguistics 41(3), §6.3 (and Mathet et al. 2012, which introduced the CST).
//
// A [Model] describes a reference continuum statistically: categories with
// their prevalence and length range, the number of units, the gaps between
// them, whether units may overlap, discrete or real positions. A [Shuffler]
// turns a drawn [Reference] into a multi-annotator continuum (which does not
// contain the reference) in which every simulated annotator makes errors of
// the chosen types at magnitude m ∈ [0, 1]: 0 copies the reference, 1 is as
// bad as the error type allows (§6.3.1):
//
//   - position: each boundary moves by a uniform amount in [−s, s],
//     s = m · ShiftScale · unit length;
//   - category: the category c becomes k with probability
//     (1−m)·δ_ck + m·((1−m)·S_ck + m·p_k), S a confusion structure (rows of
//     weights: whom c is confused with first), p the prevalences; at m = 1
//     categories are random by prevalence;
//   - false negatives: each unit is missed with probability m;
//   - false positives: about m · FalsePositiveScale · |reference| units drawn
//     from the model are added at random places;
//   - splits: about m · SplitScale · |reference| cuts (default 5 per unit at
//     m = 1, as in §6.3.4), a piece may be cut again;
//
// and any combination (applied in the order false negatives, position,
// category, splits, false positives). With Disjoint, each annotator's units
// stay disjoint even at m = 1 (the "modified shifting procedure" of §6.3.4),
// as the unitizing alphas and κ_d require.
//
// A [Sweep] computes response curves: for each error type and magnitude
// 0, 0.05, …, 1 it draws N continua and averages each measure ([Point]),
// written as CSV ([WriteCSV]) and one SVG line chart per error type
// ([WriteSVG]). Everything is seeded (math/rand/v2 PCG streams derived from
// one seed per set), so results do not depend on the number of workers.
//
// # Findings of §6.3 reproduced (tests in findings tests, small corpora)
//
// With the default four-category model (25 units, gaps 1–10, 3 annotators,
// Disjoint, seed 11, 6 sets per magnitude; see TestFindings):
//
//   - splits (Fig. 27): uα, c|uα and κ_d stay at exactly 1 at every
//     magnitude (observed coincidences do not see where one unit ends and a
//     contiguous one of the same category begins), while 1 − SER drops below
//     0.5 by m = 0.5;
//   - category errors (Fig. 25): κ_d does not reach 0 when there are gaps
//     (κ_d(1) > 0.2; about 0.42 with the default model), because annotators
//     agree on the blank atoms, but does reach 0 without gaps (|κ_d(1)| < 0.1);
//     c|uα reaches 0 (|c|uα(1)| < 0.1); 1 − SER stays above 0.5 (no chance
//     correction).
package shuffle

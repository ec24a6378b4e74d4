// Package coding measures agreement on coding (categorization) data: items
// × coders, each cell holding one value or nothing.
//
// It implements the coefficient family of Artstein & Poesio, "Inter-Coder
// Agreement for Computational Linguistics" (Computational Linguistics 34(4),
// 2008), §2–§5, as one engine. Every coefficient is
//
//	1 − D_o/D_e   (equivalently (A_o − A_e)/(1 − A_e) with A = 1 − D/d_max)
//
// where D_o is the observed mean distance between the values that pairs of
// coders gave the same item, and D_e the distance expected by chance. The
// coefficients differ in three parameters only (the survey's "coefficient
// cube", Figure 1):
//
//   - the distance d between values (package distance): nominal for π, κ,
//     S, multi-π and multi-κ; any distance for α, α_b, κ_w, α_κ, Gwet's AC2
//     and Brennan–Prediger;
//   - the chance model: uniform over q categories (S, Brennan–Prediger),
//     one pooled distribution (π, multi-π, α with the unbiased estimator
//     N/(N−1), α_b with the biased one), one distribution per coder (κ,
//     multi-κ, κ_w, α_κ), or Gwet's;
//   - the items used and their weights when values are missing (survey
//     §5.1): every judgment equal (Krippendorff) or every item equal, over
//     the items with two or more values; κ-style coefficients use the
//     complete items only and say how many they dropped.
//
// A Coefficient is a row of these parameters; Analyze makes one pass over
// the data for the marginals and one for the observed disagreement, after
// which every coefficient costs O(values) (no V×V table is built: see
// distance.Cross). Undefined results (no pairable item, no variation, a
// two-coder coefficient on more coders) are NaN with a reason.
//
// Komen (2009) computes Cohen's κ for raters whose category sets differ in
// two passes (counts, then the distinct values); here the value table is the
// union of all coders' values and the per-coder distributions are sparse,
// which is the same computation.
//
// Diagnostics: the coincidence matrix (Krippendorff 2004, §11.3), the
// contingency table of two coders, per-category specific agreement and α,
// the pairwise matrix of κ and α, and the annotator bias B of the survey's
// §3.1 and Appendix A.
package coding

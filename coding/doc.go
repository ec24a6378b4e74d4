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
// A Coefficient is a row of these parameters. Every coefficient is then a
// few sums over one summary of the data, whatever the number of
// coefficients asked for; no V×V table is built (see distance.Cross).
// Undefined results (no pairable item, no variation, a two-coder
// coefficient on more coders) are NaN with a reason.
//
// # Sufficient statistics
//
// Items are exchangeable in every computation of this package and of
// package inference (coefficients, Gwet's variances, the pairwise table,
// α without each coder, the item ranking): each is a sum over items of a
// function of what the item received. The data are therefore summarised by
// Stats:
//
//   - the value table (labels) and the coders, in canonical order
//     (declared categories first, then numbers by value, then the other
//     labels in natural order; coders as the input fixes them — the columns
//     of a wide file — or in natural order);
//   - the item patterns: for each distinct pattern, its (coder, value)
//     pairs sorted by coder and the number of items with it (an integer);
//     items without any value are only counted;
//   - for ranking items, the ids of at most k items per pattern with
//     disagreement (the k smallest in natural order), and none for the
//     patterns that provably cannot reach the first k under the ranking's
//     distance (Ranking: nominal or interval), so that the kept ids are
//     O(k) rather than O(k × patterns).
//
// Everything the analysis reports is computed from these: per-value
// marginals and coincidences, per-coder marginals, pair counts and the
// per-pattern disagreement Σ_{j<l} d(v_j, v_l) are sums over patterns with
// integer multiplicities, taken once per pattern instead of once per item.
// The memory is that of the distinct patterns: bounded by (V + 1)^C for V
// values and C coders, a few thousand entries for categorical data however
// many items there are, and up to one entry per item for continuous values
// or when every item has its own set of coders (crowd data).
//
// An Accumulator builds Stats in one pass, item by item, from any reader
// (files or a stream); Accumulators of concurrent readers merge, and so do
// Stats of shards (Merge), provided every item is in one shard only.
// Counts are integers and every floating-point sum runs in the canonical
// order of patterns and values, so that the same data give bit-identical
// results however they were split, ordered or read. Analyze on Data goes
// through the same Stats — except on large data whose items are mostly
// distinct (continuous values), where finding equal patterns would cost
// more than it saves: each item is then its own pattern, in data order,
// and the results agree with those of the statistics to rounding.
//
// Komen (2009) computes Cohen's κ for raters whose category sets differ in
// two passes (counts, then the distinct values); here the value table is the
// union of all coders' values and the per-coder distributions are sparse,
// which is the same computation.
//
// Diagnostics: the coincidence matrix (Krippendorff 2004, §11.3), the
// contingency table of two coders, per-category specific agreement and α,
// the pairwise matrix of κ and α (pairs with shared items), α without each
// coder, and the annotator bias B of the survey's §3.1 and Appendix A.
package coding

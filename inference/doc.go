// Package inference attaches uncertainty and interpretation to agreement
// coefficients: bootstrap intervals, analytic standard errors, verbal
// scales, and diagnostics that show where coders disagree.
//
// The survey (Artstein & Poesio 2008, §4.1.2) argues that the relevant
// notion of significance for an agreement coefficient is a confidence
// interval, not a test against chance; it also asks (§6.3) for the
// confusion matrix or agreement table to be reported so that readers can see
// which categories the disagreements concern.
//
// Bootstrap (bootstrap.go, all.go, alpha.go), three entry points:
//   - Bootstrap: the item bootstrap of coefficients of package coding on
//     shared resamples, each resample re-weighting the analysis's patterns
//     of values (Krippendorff's α from per-item sufficient statistics,
//     O(items·coders) per resample). Percentile intervals, the bootstrap
//     standard error and the probability that the coefficient is below
//     given thresholds (0.667 and 0.8 by default, as in KALPHA).
//   - KrippendorffAlpha: the bootstrap of Hayes & Krippendorff (2007), which
//     resamples pairs of pairable values with the expected disagreement held
//     fixed.
//   - Items: the general item (unit) bootstrap of k statistics of a set of
//     items (a Statistic): γ over the continua of a corpus, coreference and
//     span scores over documents.
//
// Every resample draws from its own generator seeded by (seed, resample
// index), so results do not depend on the number of workers.
// Resamples are summarised as they are computed, in resample order: memory
// does not hold the bootstrap distribution (unless Options.KeepSamples
// asks for it), only the order statistics the exact percentile interval
// can need; MaxResamples bounds the number of resamples.
//
// Analytic standard errors (kappa.go, gwet.go):
//   - Cohen's κ and κ_w (CohenKappa, WeightedKappa): the large-sample standard error of Fleiss, Cohen &
//     Everitt (1969) for intervals, and the null standard error for the z
//     test (as in SAS PROC FREQ).
//   - Fleiss's κ: the null standard error of Fleiss, Nee & Landis (1979).
//   - Gwet's variances (Handbook of Inter-Rater Reliability, 4th ed.; the R
//     package irrCAC) for AC1/AC2, Fleiss's κ, Conger's κ, Krippendorff's α,
//     Brennan–Prediger and percent agreement, with the finite-population
//     correction.
//
// Interpretation (interpret.go): the Landis & Koch (1977) scale (survey
// Table 8) and Krippendorff's 0.667/0.8 cut-offs (survey §4.1.3), with the
// survey's warning (§6.3) that weighted coefficients cannot be read on them.
//
// Diagnostics (diagnostics.go): items ranked by disagreement (Rank), each coder
// left out in turn, prevalence and bias indices (Byrt, Bishop & Carlin 1993).
//
// Results are plain float64; NaN marks an undefined number, and a Reason
// field says why. Long computations (the bootstraps) take a
// context.Context and stop when it is cancelled.
package inference

// Package ratings measures agreement and association on numeric ratings:
// n items, each rated on a scale by k raters (a Matrix).
//
// Intraclass correlations (icc.go). The six coefficients of Shrout & Fleiss
// (1979), in the names of McGraw & Wong (1996): the one-way random model
// ICC(1) and ICC(k); the two-way models' absolute agreement ICC(A,1) and
// ICC(A,k) (Shrout & Fleiss's ICC(2,1), ICC(2,k)) and consistency ICC(C,1)
// and ICC(C,k) (their ICC(3,1), ICC(3,k)). Under the two-way random and the
// two-way mixed model the same formula estimates each of the four (McGraw &
// Wong 1996, Table 4); the models differ in what the coefficient means,
// which each result's Models names. Each comes with its F test against 0
// and the exact F-based confidence interval of McGraw & Wong (1996,
// Table 7) — for ICC(A,·) the approximation of Satterthwaite's degrees of
// freedom that paper uses — as R's psych::ICC prints them.
//
// Correlations (correlation.go): Pearson's r with Fisher's z interval and
// its t test; Spearman's ρ (Pearson's r on mid-ranks) with the Fisher z
// interval of Bonett & Wright (2000), variance (1 + ρ²/2)/(n − 3); Kendall's
// τ-b (Kendall 1945) with the Fisher z interval of Fieller, Hartley &
// Pearson (1957), variance 0.437/(n − 4), and the normal test on S with the
// variance corrected for ties (Kendall 1970, eq. 4.3). τ-b is counted in
// O(n log n) by Knight's (1966) algorithm, or from the table of joint
// ranks in O(n + r·s) when the two raters use r and s distinct values. Lin's
// (1989) concordance correlation coefficient with the asymptotic interval
// of Lin (1989, as corrected in Lin 2000) on Fisher's z scale. Each for
// every pair of raters and for each rater against the mean of the others.
//
// Kendall's coefficient of concordance W (Kendall & Babington Smith 1939),
// corrected for ties (Kendall 1970, eq. 6.19), with its χ² test on n − 1
// degrees of freedom (kendallw.go).
//
// Categorical ratings (kappa.go): Light's (1971) κ, the mean of Cohen's κ
// over the pairs of raters, and Fleiss's (1971) κ of each category with the
// standard error under the null hypothesis of Fleiss, Nee & Landis (1979),
// as R's irr::kappam.fleiss(detail = TRUE) reports them, both on the
// categories of package coding's reliability data (each pair's Cohen's κ
// from its contingency table, held to package coding's Cohen's κ in the
// tests).
//
// Missing ratings: the intraclass correlations and Kendall's W are defined
// on complete items (every rater rated them): the others are left out and
// counted (Matrix.Complete), as psych::ICC and irr do. The correlations and
// Lin's CCC of a pair of raters use the items both rated (pairwise
// deletion); a rater against the mean of the others uses the items the rater
// and at least one other rated, the mean taken over the others who rated the
// item. Light's κ takes each pair on the items both rated (as package
// coding's Cohen's κ does); Fleiss's κ per category needs the same number of
// ratings per item and uses the items every rater rated.
//
// The absolute-agreement ICCs are undefined (NaN with a Reason) when their
// denominator is not positive — the raters' mean square below the error's
// — where psych::ICC prints a ratio outside [−1, 1].
//
// Undefined results are NaN with a Reason. Every function is linear or
// O(n log n) in the number of items.
package ratings

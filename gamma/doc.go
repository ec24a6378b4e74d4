// Package gamma computes the γ agreement measure of Mathet, Widlöcher &
// Métivier (2015), "The Unified and Holistic Method Gamma (γ) for
// Inter-Annotator Agreement Measure and Alignment", Computational
// Linguistics 41(3), and γ-cat / γ-k of Mathet (2018).
//
// γ = 1 − δ(â)/δ_e (§4, §5): δ(â) is the disorder of a best alignment of the
// annotators' units (Dissimilarity gives the cost of pairing two units, Δ∅ the
// cost of leaving one alone), δ_e the mean best-alignment disorder of random
// annotations that keep the observed distributions (§5.2: shuffled
// continuum, corpus mosaic; or pygamma's statistical sampler), with the
// number of samples set by the paper's precision rule (§5.3).
//
// The best alignment is exact. BestAlignment never enumerates the cartesian
// product of the annotators' units: candidates come from a sweep over units
// sorted by start with a safe bound, the candidate graph is cut into
// independent components, and each component is solved exactly (an
// assignment problem for two annotators; for three or more a memoised
// dynamic programme over the sorted units with branch and bound, falling
// back to LP relaxation + branch and bound on dense components). Tests
// compare every path with brute force and with each other.
//
// Pruning is safe: a candidate with k units is kept only if every split of
// it into parts S and T is strictly more expensive, i.e.
// cross(S,T) < (C(n,2) + |S|·|T|)·Δ∅ (gamma.md, "Pruning"; the paper's bound
// n·Δ∅ is looser); in particular no pair with d ≥ (C(n,2)+n−1)·Δ∅ enters a
// candidate, so the sweep over sorted starts stops at the dissimilarity's
// Window for that bound.
package gamma

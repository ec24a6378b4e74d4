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
// number of samples set by the paper's precision rule (§5.3). Compute takes
// a context (cancellation stops it at once) and summarises the samples as
// they are solved, so memory does not grow with their number.
//
// # Exact alignment
//
// The best alignment is exact: its disorder is the proven minimum. Finding
// it is a set-partitioning problem over unitary alignments ("tuples": at
// most one unit per annotator). Writing e(u,v) = (d(u,v) − Δ∅)/C with
// C = C(n,2), a tuple t costs c_t = Δ∅ + Σ_{u<v∈t} e(u,v), and an alignment
// costs Δ∅·(number of tuples) + Σ over pairs in a common tuple of e.
//
// Pruning is safe: a tuple with k units is useful only if every split of it
// into parts S and T is strictly more expensive, i.e.
// cross(S,T) < (C + |S|·|T|)·Δ∅ (gamma.md, "Pruning"; the paper's bound
// n·Δ∅ is looser); in particular no pair with d ≥ (C+n−1)·Δ∅ is in a useful
// tuple, so neighbours are found by a sweep over the units sorted by start
// with the dissimilarity's Window for that bound, and the problem falls
// apart into the connected components of the neighbour graph.
//
// Each component is solved exactly: for two annotators as a sparse
// assignment problem (internal/assign); for more, when its useful tuples
// are few enough to enumerate and the component narrow, by a memoised
// dynamic programme over the units in canonical order (the state is the
// first unaligned unit and the set of later units already used) with
// branch and bound; otherwise by column generation (cg.go): a sparse
// revised simplex on the linear relaxation (internal/lp.Master) over the
// tuples generated so far, and a pricing search, per first unit ("anchor"),
// for tuples of negative reduced cost, so that the millions of tuples of
// many annotators are never listed. For any duals π, every alignment
// costs at least the Lagrangian bound L(π) = Σ_u π_u + Σ_u min(0, m_u), m_u
// the least reduced cost of a tuple anchored at u. The gap to the best
// alignment found is closed exactly, first by the programme over the
// tuples of reduced cost below B − L(π) at a budget B that grows from the
// bound (each run either finds the optimum or proves that none is below
// B), and if those tuples are too many, by branch and price (Ryan–Foster
// branching on pairs of units, best bound first). The relaxation of γ's
// alignments is nearly always within 10⁻³ of the optimum.
//
// Tests compare every path with brute force, with each other and with an
// independent dense LP solver.
//
// # Certified gaps
//
// With a time limit or a maximum gap (Options.TimeLimit, Deadline, MaxGap;
// AlignOptions), a component not proven optimal in time keeps the best
// alignment found, and the result carries a proven lower bound: for an
// Alignment, LowerBound ≤ optimum ≤ Disorder; for a Result, bounds on the
// observed and expected disorders and the interval [GammaLow, GammaHigh]
// that contains γ of the optimal alignments. Exact is true only for proven
// optima.
//
// The time limit is kept from any state: every loop of every phase (the
// neighbour sweep, the enumeration, the dynamic programme, each simplex
// pivot, the pricing and restricted searches, branch and price, the
// samples) counts its work and looks at the clock and the context every
// thousand or so units of it, and a stopped component returns at once
// with the best alignment it has and the best bound proven so far: the
// Lagrangian bound of the last pricing, or — before any — the share
// bound of bound.go, computed from the neighbour lists alone. Compute and
// Align return within Grace of the limit (max(1 s, 5 %)); a cancelled
// context stops them the same way, and they return the certified result
// with the context's error.
//
// # Approximate alignment
//
// AlignOptions.Window (the command line's --approximate window:N) aligns
// windows of N units per annotator exactly, one after another with a
// margin of N/2, keeping each window's unitary alignments that end inside
// it — like pygamma's "fast" mode. It is always labelled approximate and
// claims no bound; its measured error is in docs/gamma.md.
//
// Ties between alignments of equal disorder are broken deterministically
// (the result depends only on the input, never on timing or workers).
package gamma

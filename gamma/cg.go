package gamma

import (
	"cmp"
	"encoding/binary"
	"errors"
	"math"
	"slices"
	"sort"

	"agree/internal/lp"
)

// Column generation (see doc.go, "Solving a component").
//
// A component is a set-partitioning problem over unitary alignments
// ("tuples"). Writing e(u,v) = (d(u,v) − Δ∅)/C, a tuple t costs
//
//	c_t = Δ∅ + Σ_{u<v ∈ t} e(u,v)
//
// (a unit alone costs Δ∅). For duals π (one per unit) the reduced cost of t
// is rc_t = c_t − Σ_{u∈t} π_u, and for ANY π and any alignment P (a
// partition into tuples, each with a first unit, its anchor, in canonical
// order)
//
//	cost(P) = Σ_u π_u + Σ_{t∈P} rc_t ≥ Σ_u π_u + Σ_u min(0, m_u) =: L(π),
//
// m_u being the smallest reduced cost of a tuple anchored at u (singleton
// included), since distinct tuples of P have distinct anchors. L(π) is the
// Lagrangian bound; at the optimal duals of the linear relaxation it equals
// the relaxation's value. The solver alternates a sparse simplex on the
// tuples found so far (lp.Master) with pricing — a branch-and-bound search,
// per anchor, for the tuples of smallest reduced cost — until no tuple has
// a negative reduced cost. Tuples are never enumerated wholesale.
//
// Exactness. With UB the cost of the best alignment found, an alignment
// cheaper than UB can only use tuples with rc_t < UB − L(π) + min(0,
// m_anchor(t)) (the other tuples of the alignment contribute at least their
// anchors' m). Those tuples are enumerated by the same search, and the
// dynamic programme (dp.go), bounded below by π_v + min(0, m_v) per unit,
// finds the best alignment made of them or proves that none beats UB. The
// linear relaxation of γ's alignments is nearly always integral or within
// 10⁻³ of the optimum, so few tuples pass.

// cgComp is one component being solved by column generation.
type cgComp struct {
	a      *aligner
	items  []int32 // global item indices, canonical order
	m      int
	ann    []int32
	nb     [][]lnb // forward neighbours (local j > i), sorted by j
	master *lp.Master
	colID  []int            // master column (≥ m) → index in a.tuples
	known  map[string]int32 // tuple key → master column
	// search scratch
	members []int32
	levels  [][]pcand
	mins    []float64
	annMin  []float64
	prune   bool
	sorted  []int32
	// branching constraints (Ryan & Foster): units that must be in the
	// same tuple or in different ones
	together, apart [][]int32
	nCons           int
	blocked         []int32 // per unit: members it must stay apart from
	inT             []bool
	bad             []int32 // per master column: constraints it violates
	bigM            float64
	rootBound       float64 // bound on every tuple of the last search's anchor
	active          []constraint
	// complete: every useful tuple was enumerated beforehand (pool, by
	// anchor); pricing then scans them
	complete bool
	pool     [][]poolTuple
	// floor is the share bound of the component (bound.go)
	floor float64
	// the tuples given to the programme (scratch)
	tis []int
	// scratch of rounding
	roundCands         []roundCand
	roundIn, roundUsed []bool
}

// roundCand is a column considered by rounding: its value in the
// relaxation, else its reduced cost; k is its place in the list (the
// sort's last key, so that an unstable sort orders as a stable one).
type roundCand struct {
	j, k int32
	x, d float64
}

// setComplete gives the component its enumerated useful tuples tis
// (indices in a.tuples): pricing then scans them instead of searching.
func (s *cgComp) setComplete(tis []int) {
	local := s.a.localIndex(s.items)
	// one array for the members, one for the tuples, cut by anchor (each
	// anchor's tuples in the order of tis)
	ws := s.a.ws
	n := 0
	count := resize(&ws.poolCount, s.m+1)
	clear(count)
	for _, ti := range tis {
		t := s.a.tuples[ti]
		n += len(t.members)
		first := local[t.members[0]]
		for _, g := range t.members[1:] {
			first = min(first, local[g])
		}
		count[first+1]++
	}
	for a := 1; a <= s.m; a++ {
		count[a] += count[a-1]
	}
	all := resize(&ws.poolTuples, len(tis))
	s.pool = resize(&ws.pool, s.m)
	for a := range s.pool {
		s.pool[a] = all[count[a]:count[a]:count[a+1]]
	}
	buf := resize(&ws.poolMembers, n)
	for _, ti := range tis {
		t := s.a.tuples[ti]
		mem := buf[:len(t.members):len(t.members)]
		buf = buf[len(t.members):]
		for x, g := range t.members {
			mem[x] = local[g]
		}
		slices.Sort(mem)
		s.pool[mem[0]] = append(s.pool[mem[0]], poolTuple{mem, t.cost, -1})
	}
	s.complete = true
}

type poolTuple struct {
	members []int32
	cost    float64
	col     int32 // master column, −1 until added
}

// allowed reports whether members (sorted) satisfy the branching
// constraints.
func (s *cgComp) allowed(members []int32) bool {
	if s.nCons == 0 {
		return true
	}
	in := func(x int32) bool {
		k := sort.Search(len(members), func(k int) bool { return members[k] >= x })
		return k < len(members) && members[k] == x
	}
	for _, w := range members {
		for _, p := range s.apart[w] {
			if in(p) {
				return false
			}
		}
		for _, p := range s.together[w] {
			if !in(p) {
				return false
			}
		}
	}
	return true
}

// pricePool is price for a complete component: a scan of each anchor's
// enumerated tuples.
func (s *cgComp) pricePool(pi []float64, exact bool) (lag float64, m []float64, added int) {
	m = make([]float64, s.m)
	type found struct {
		k  int
		rc float64
	}
	// the perAnchor most negative reduced costs of each anchor, in order
	// (the earlier tuple first among equal ones)
	var best [perAnchor]found
	for a := int32(0); int(a) < s.m; a++ {
		s.a.ctl.tick(len(s.pool[a]) + 1) // (the scan is bounded: it goes on)
		lag += pi[a]
		m[a] = s.a.delta - pi[a]
		if len(s.together[a]) > 0 {
			m[a] = math.Inf(1)
		}
		nBest := 0
		for k, t := range s.pool[a] {
			rc := t.cost
			for _, v := range t.members {
				rc -= pi[v]
			}
			if rc >= -s.a.tol && rc >= m[a] {
				continue
			}
			if !s.allowed(t.members) {
				continue
			}
			m[a] = math.Min(m[a], rc)
			if rc < -s.a.tol && (nBest < perAnchor || rc < best[nBest-1].rc) {
				i := min(nBest, perAnchor-1)
				for ; i > 0 && rc < best[i-1].rc; i-- {
					best[i] = best[i-1]
				}
				best[i] = found{k, rc}
				nBest = min(nBest+1, perAnchor)
			}
		}
		lag += math.Min(0, m[a])
		for _, f := range best[:nBest] {
			if _, ok := s.addPoolColumn(a, f.k); ok {
				added++
			}
		}
	}
	return lag, m, added
}

type lnb struct {
	j int32
	e float64 // (d − Δ∅)/C
}

type pcand struct {
	j     int32
	ann   int32
	delta float64 // −π_j + Σ_{w ∈ members} e(w, j)
}

func (a *aligner) newCG(items []int32) *cgComp {
	ws := a.ws
	s := &cgComp{a: a, items: items, m: len(items), known: map[string]int32{}}
	s.ann = resize(&ws.cgAnn, s.m)
	s.nb = resize(&ws.cgNb, s.m)
	local := a.localIndex(items)
	in := func(j int32) bool { k := local[j]; return k >= 0 && int(k) < len(items) && items[k] == j }
	inv := 1 / a.c
	// the lists in one array (the worker's scratch), cut at the end
	all := ws.cgLnbs[:0]
	offs := resize(&ws.cgOffs, s.m+1)
	for k, it := range items {
		s.ann[k] = int32(a.items[it].ann)
		offs[k] = int32(len(all))
		for _, e := range a.fwd[it] {
			// neighbours outside the component share no useful tuple
			if in(e.j) {
				all = append(all, lnb{local[e.j], (e.d - a.delta) * inv})
			}
		}
		slices.SortFunc(all[offs[k]:], func(x, y lnb) int { return int(x.j - y.j) })
	}
	offs[s.m] = int32(len(all))
	for k := range s.nb {
		s.nb[k] = all[offs[k]:offs[k+1]:offs[k+1]]
	}
	ws.cgLnbs = all[:0]
	single := resize(&ws.single, s.m)
	for i := range single {
		single[i] = a.delta
	}
	if ws.master == nil {
		ws.master = new(lp.Master)
	}
	s.master = ws.master // (the components of an aligner are solved one after another)
	s.master.Reset(single, 1e-9*a.delta)
	s.mins = make([]float64, 0, a.n)
	s.annMin = make([]float64, a.n)
	s.together = resize(&ws.cgTogether, s.m)
	s.apart = resize(&ws.cgApart, s.m)
	for i := range s.together {
		s.together[i], s.apart[i] = s.together[i][:0], s.apart[i][:0]
	}
	s.blocked = resize(&ws.cgBlocked, s.m)
	clear(s.blocked)
	s.inT = resize(&ws.cgInT, s.m)
	clear(s.inT)
	s.bad = resize(&ws.cgBad, s.m)
	clear(s.bad)
	s.roundCands, s.roundIn, s.roundUsed = ws.roundCands, ws.roundIn, ws.roundUsed
	s.colID, s.tis = ws.cgColID[:0], ws.cgTis[:0]
	s.bigM = 4 * float64(s.m+1) * a.delta
	s.floor = a.shareBound(items)
	return s
}

// release hands the component's scratch back to the aligner's.
func (s *cgComp) release() {
	ws := s.a.ws
	ws.roundCands, ws.roundIn, ws.roundUsed = s.roundCands[:0], s.roundIn[:0], s.roundUsed[:0]
	ws.cgBad = s.bad[:0]
	ws.cgColID, ws.cgTis = s.colID[:0], s.tis[:0]
}

// pairE returns e(i, j) for local i < j when they are neighbours.
func (s *cgComp) pairE(i, j int32) (float64, bool) {
	f := s.nb[i]
	k := sort.Search(len(f), func(k int) bool { return f[k].j >= j })
	if k < len(f) && f[k].j == j {
		return f[k].e, true
	}
	return 0, false
}

// search explores the tuples anchored at a (a and later neighbours, at
// most one unit per annotator, every pair neighbours) whose reduced cost
// under pi can fall below limit(), calling emit for each tuple of ≥ 2
// units found below it. limit may decrease as the search goes (pricing
// keeps the best).
func (s *cgComp) search(a int32, pi []float64, limit func() float64, emit func(members []int32, rc float64)) {
	s.searchOpt(a, pi, false, limit, emit)
}

// searchOpt is search; with prune, candidates that cannot lower the
// reduced cost of any extension are dropped (delta − (F−1)·Δ∅/C ≥ 0: even
// with every pair term at its least, −Δ∅/C, adding them never helps), which
// keeps the minimum but not every tuple below the limit.
func (s *cgComp) searchOpt(a int32, pi []float64, prune bool, limit func() float64, emit func(members []int32, rc float64)) {
	if len(s.levels) == 0 {
		s.levels = make([][]pcand, s.a.n+1)
	}
	if s.nCons > 0 {
		for _, p := range s.together[a] {
			if p < a {
				s.rootBound = math.Inf(1)
				return // a must join an earlier unit: no tuple is anchored at a
			}
		}
	}
	s.prune = prune
	s.enter(a)
	first := s.levels[0][:0]
	for _, e := range s.nb[a] {
		if s.blocked[e.j] == 0 {
			first = append(first, pcand{e.j, s.ann[e.j], -pi[e.j] + e.e})
		}
	}
	s.searchFirst(a, pi, first, limit, emit)
	s.leave(a)
}

// searchFirst searches the tuples made of a and of candidates first
// (their deltas set; in continuum order), as searchOpt.
func (s *cgComp) searchFirst(a int32, pi []float64, first []pcand, limit func() float64, emit func(members []int32, rc float64)) {
	// with many annotators, most promising first, so that the best tuples
	// are found early and bound the rest (the order is kept below: each
	// subset is reached once); with fewer, the order of the continuum
	// yields more of the partial tuples the relaxation needs (measured: 12
	// annotators × 200 units needs 2.7 times fewer simplex pivots, 20 × 20
	// a tenth of the search)
	if s.a.n >= deltaOrderFrom {
		slices.SortStableFunc(first, func(x, y pcand) int { return cmp.Compare(x.delta, y.delta) })
	}
	s.levels[0] = first
	s.members = append(s.members[:0], a)
	eb, _ := s.extensionBound(first)
	s.rootBound = s.a.delta - pi[a] + eb
	s.rec(0, s.a.delta-pi[a], limit, emit)
}

// candPos returns the position of unit j among the candidates, or −1.
func candPos(cands []pcand, j int32) int {
	for k, c := range cands {
		if c.j == j {
			return k
		}
	}
	return -1
}

// enter and leave maintain the membership marks of the constraints.
func (s *cgComp) enter(v int32) {
	if s.nCons == 0 {
		return
	}
	s.inT[v] = true
	for _, p := range s.apart[v] {
		s.blocked[p]++
	}
}

func (s *cgComp) leave(v int32) {
	if s.nCons == 0 {
		return
	}
	s.inT[v] = false
	for _, p := range s.apart[v] {
		s.blocked[p]--
	}
}

// feasible reports whether the members satisfy the "together"
// constraints (the "apart" ones are enforced during the search).
func (s *cgComp) feasible(members []int32) bool {
	if s.nCons == 0 {
		return true
	}
	for _, w := range members {
		for _, p := range s.together[w] {
			if !s.inT[p] {
				return false
			}
		}
	}
	return true
}

func (s *cgComp) rec(depth int, rcT float64, limit func() float64, emit func([]int32, float64)) {
	s.a.stats.searchNodes++
	cands := s.levels[depth]
	if len(cands) == 0 {
		return
	}
	// units the members must be with ("together") bound the search: the
	// first of them caps the candidates chosen next, and each is counted
	// in the bound
	req := math.MaxInt // position of the first required unit
	if s.nCons > 0 {
		for _, w := range s.members {
			for _, p := range s.together[w] {
				if !s.inT[p] {
					q := candPos(cands, p)
					if q < 0 {
						return // a required unit cannot join
					}
					req = min(req, q)
				}
			}
		}
	}
	eb, f := s.extensionBound(cands)
	if rcT+eb >= limit() {
		return
	}
	if s.prune {
		// (a unit with a "together" constraint may be required, so it stays)
		cut := float64(f-1) * s.a.delta / s.a.c
		k := 0
		for _, c := range cands {
			if c.delta-cut < 0 || len(s.together[c.j]) > 0 {
				cands[k] = c
				k++
			}
		}
		cands = cands[:k]
	}
	for k, c := range cands {
		if k > req {
			break // skipping a required unit
		}
		if s.blocked[c.j] > 0 {
			continue
		}
		rc := rcT + c.delta
		s.members = append(s.members, c.j)
		s.enter(c.j)
		if rc < limit() && s.feasible(s.members) {
			s.sorted = append(s.sorted[:0], s.members...)
			slices.Sort(s.sorted)
			emit(s.sorted, rc)
		}
		if depth+1 < s.a.n-1 {
			// children: later candidates of other annotators that are
			// neighbours of c.j, their deltas updated with e(c.j, ·)
			child := s.levels[depth+1][:0]
			if s.a.n >= deltaOrderFrom {
				for _, x := range cands[k+1:] {
					if x.ann == c.ann || s.blocked[x.j] > 0 {
						continue
					}
					if e, ok := s.pairE(min(c.j, x.j), max(c.j, x.j)); ok {
						child = append(child, pcand{x.j, x.ann, x.delta + e})
					}
				}
			} else { // both in continuum order: a merge
				nbs := s.nb[c.j]
				p := 0
				for _, x := range cands[k+1:] {
					if x.ann == c.ann || s.blocked[x.j] > 0 {
						continue
					}
					for p < len(nbs) && nbs[p].j < x.j {
						p++
					}
					if p < len(nbs) && nbs[p].j == x.j {
						child = append(child, pcand{x.j, x.ann, x.delta + nbs[p].e})
					}
				}
			}
			s.levels[depth+1] = child
			s.rec(depth+1, rc, limit, emit)
		}
		s.leave(c.j)
		s.members = s.members[:len(s.members)-1]
	}
}

// extensionBound is a lower bound on Σ_{v∈S} delta_v + Σ_{v<w ∈ S} e(v,w)
// over the sets S of candidates (at most one per annotator): with F the
// number of annotators that have candidates, each pair term is at least
// −Δ∅/C, so each member of S carries at most (F−1)·Δ∅/(2C) of them, and
// the bound is Σ over annotators of min(0, smallest delta − (F−1)·Δ∅/(2C)).
func (s *cgComp) extensionBound(cands []pcand) (float64, int) {
	mins := s.annMin
	for i := range mins {
		mins[i] = math.Inf(1)
	}
	f := 0
	for _, c := range cands {
		if v := mins[c.ann]; c.delta < v {
			if math.IsInf(v, 1) {
				f++
			}
			mins[c.ann] = c.delta
		}
	}
	slack := float64(f-1) * s.a.delta / (2 * s.a.c)
	b := 0.0
	for _, v := range mins {
		if v-slack < 0 {
			b += v - slack
		}
	}
	return b, f
}

// tupleCost returns c_t for local members.
func (s *cgComp) tupleCost(members []int32) float64 {
	c := s.a.delta
	for x := 0; x < len(members); x++ {
		for y := x + 1; y < len(members); y++ {
			i, j := members[x], members[y]
			if i > j {
				i, j = j, i
			}
			e, _ := s.pairE(i, j)
			c += e
		}
	}
	return c
}

func tupleKey(members []int32) string {
	var buf [64]byte
	b := buf[:0]
	for _, m := range members {
		b = binary.AppendUvarint(b, uint64(m))
	}
	return string(b)
}

// addColumn adds a tuple (local members, sorted) to the master and to
// a.tuples, once.
func (s *cgComp) addColumn(members []int32) (int32, bool) {
	k := tupleKey(members)
	if c, ok := s.known[k]; ok {
		return c, false
	}
	c := s.newColumn(members, s.tupleCost(members))
	s.known[k] = c
	return c, true
}

// addPoolColumn is addColumn for tuple k of anchor a's pool (a complete
// component), whose pool entry records its column.
func (s *cgComp) addPoolColumn(a int32, k int) (int32, bool) {
	t := &s.pool[a][k]
	if t.col >= 0 {
		return t.col, false
	}
	t.col = s.newColumn(t.members, t.cost)
	return t.col, true
}

// newColumn adds a tuple (local members, sorted) of the given cost to the
// master and to a.tuples. (The cost of a tuple is computed one way in a
// component — by the enumeration when its useful tuples were all
// enumerated, else by tupleCost —, whatever the path that finds it, so
// that the disorder of an alignment does not depend in its last bits on
// the path.)
func (s *cgComp) newColumn(members []int32, cost float64) int32 {
	s.a.tuples = append(s.a.tuples, tuple{members: s.global(members), cost: cost})
	c := int32(s.master.AddColumn(members, cost)) // (the master copies members)
	s.colID = append(s.colID, len(s.a.tuples)-1)
	return c
}

// global returns the item indices of local members, stored in a.arena.
func (s *cgComp) global(members []int32) []int32 {
	a := s.a
	for _, m := range members {
		a.arena = append(a.arena, s.items[m])
	}
	return a.arena[len(a.arena)-len(members) : len(a.arena) : len(a.arena)]
}

// price runs the pricing search for every anchor and adds the best few
// tuples of negative reduced cost per anchor as columns. Exact pricing
// also returns L(π) and the anchors' minima m_u. Heuristic pricing looks
// only for reduced costs below −heuristicDepth·Δ∅ within a node budget per
// anchor, which is much cheaper while the duals are far from optimal.
func (s *cgComp) price(pi []float64, exact bool, budget int) (lag float64, m []float64, added int) {
	defer s.a.ctl.leave(s.a.ctl.enter(phasePricing))
	if s.complete {
		return s.pricePool(pi, exact)
	}
	if exact {
		m = make([]float64, s.m)
	}
	type found struct {
		members []int32
		rc      float64
	}
	var best []found
	ctl := s.a.ctl
	for a := int32(0); int(a) < s.m; a++ {
		if !exact && ctl.halted {
			break
		}
		single := s.a.delta - pi[a]
		if len(s.together[a]) > 0 {
			single = math.Inf(1) // a may not stay alone
		}
		lag += pi[a]
		cur := math.Min(0, single)
		if !exact {
			cur = math.Min(cur, -heuristicDepth*s.a.delta)
		}
		minA := single
		best = best[:0]
		nodes, truncated := 0, false
		if !exact {
			budget = heuristicNodes
		}
		s.searchOpt(a, pi, true, func() float64 {
			if nodes++; nodes > budget || ctl.tick(1) {
				truncated = true
				return math.Inf(-1)
			}
			return cur
		}, func(mem []int32, rc float64) {
			minA = math.Min(minA, rc)
			cur = math.Min(cur, rc)
			if rc < -s.a.tol {
				best = append(best, found{append([]int32(nil), mem...), rc})
			}
		})
		if exact {
			if truncated {
				// the search stopped early: the bound at its root holds
				// for every tuple anchored at a
				minA = math.Min(minA, s.rootBound)
			}
			m[a] = minA
			lag += math.Min(0, minA)
		}
		// the last ones found are the best (each beat the previous)
		for k := len(best) - 1; k >= 0 && k >= len(best)-perAnchor; k-- {
			if _, ok := s.addColumn(best[k].members); ok {
				added++
			}
		}
	}
	return lag, m, added
}

const (
	deltaOrderFrom = 16 // annotators
	smoothing      = 0.8
	cgGap          = 0.01
	heuristicDepth = 1e-3
	heuristicNodes = 256
	exactNodes     = 1 << 16 // per anchor; beyond, the search's root bound is used
	stoppedNodes   = 16
	perAnchor      = 3
)

// cgResult is the outcome of one component: the chosen tuples, the cost of
// the alignment they give (with singletons), and a proven lower bound.
type cgResult struct {
	sel         []int
	cost, lower float64
	exact       bool
}

// solve runs column generation, then closes the gap: first by the
// dynamic programme over the tuples that can beat the best alignment
// found (when they are few), else by branch and price.
func (s *cgComp) solve() (cgResult, error) {
	stop := s.a.ctl.stop
	s.a.stats.cg++
	defer func() { s.a.stats.pivots += s.master.Iterations() }()
	// with many annotators, the agglomerative alignment (greedy.go) is
	// the first incumbent (as columns, or as the relaxation's starting
	// basis, its tuples did not pay: measured, the same pivots or more)
	start := cgResult{cost: math.Inf(1)}
	if s.a.n >= agglomerateFrom && !s.complete {
		for _, t := range s.agglomerate() {
			s.a.tuples = append(s.a.tuples, tuple{members: s.global(t), cost: s.tupleCost(t)})
			start.sel = append(start.sel, len(s.a.tuples)-1)
		}
		start.cost = s.costOf(start.sel)
	}
	lower, pi, mins, err := s.columnGeneration(math.Inf(-1), cgGap, stop)
	if err != nil {
		return cgResult{}, err
	}
	res := s.rounding()
	if start.cost < res.cost {
		res = start
	}
	res.lower = lower
	if s.closed(res) || stop() {
		return s.finish(res), nil
	}
	lowerOf := make([]float64, s.m)
	for v := range lowerOf {
		lowerOf[v] = pi[v] + math.Min(0, mins[v])
	}
	if s.a.useBnP {
		return s.branchAndPrice(res, stop)
	}
	// a better alignment from the tuples generated so far (the
	// relaxation's support among them) narrows what follows
	s.tis = append(s.tis[:0], s.colID...)
	if sel, found, err := s.a.solveDPWith(s.items, s.tis, dpOptions{lower: lowerOf, budget: res.cost - s.a.tol, limit: maxCGStates / 4}); err == nil && found {
		res.sel, res.cost = sel, s.costOf(sel)
	} else if err != nil && !errors.Is(err, errTooDense) && !errors.Is(err, errStopped) {
		return cgResult{}, err
	}
	if s.closed(res) || stop() {
		return s.finish(res), nil
	}
	// Every alignment cheaper than B uses only tuples t with
	// rc_t < B − L + min(0, m_anchor(t)) (L the Lagrangian bound). So the
	// programme over those tuples, with budget B, either finds an
	// alignment below B — the optimum — or proves that none exists, which
	// raises the lower bound to B. B grows from just above L (the
	// relaxation is nearly always within 10⁻³ of the optimum) to the best
	// alignment found.
	lag := lower
	eps := math.Max(1e-3*s.a.delta, 1e-6*math.Abs(lag))
	s.a.stats.deepening++
	for {
		budget := math.Min(lag+eps, res.cost)
		tis, ok := s.restricted(pi, mins, budget-lag)
		if !ok {
			break
		}
		sel, found, err := s.a.solveDPWith(s.items, tis, dpOptions{lower: lowerOf, budget: budget - s.a.tol, limit: maxCGStates})
		if err != nil {
			if errors.Is(err, errStopped) || errors.Is(err, errTooDense) {
				break
			}
			return cgResult{}, err
		}
		if found { // the optimum
			res.sel, res.cost = sel, s.costOf(sel)
			res.exact, res.lower = true, res.cost
			return s.finish(res), nil
		}
		res.lower = math.Max(res.lower, budget) // nothing below budget
		if budget >= res.cost || s.closed(res) {
			return s.finish(res), nil
		}
		if stop() {
			return s.finish(res), nil
		}
		eps *= 2
	}
	return s.branchAndPrice(res, stop)
}

// columnGeneration solves the relaxation (under the current branching
// constraints) by column generation and returns the best Lagrangian bound
// found (at least floor) with its duals and anchor minima. It stops early
// once the bound is within cgGap·Δ∅ of the restricted relaxation, or when
// stop says so (after at least one exact pricing, so that the bound is
// valid: once the alignment is stopped, that pricing looks no further than
// each anchor's root bound, so it costs one pass over the neighbours).
func (s *cgComp) columnGeneration(floor, gapStop float64, stop func() bool) (lower float64, pi, mins []float64, err error) {
	ctl := s.a.ctl
	lower = math.Inf(-1)
	var piLP, piSep []float64 // the relaxation's duals; the priced ones
	if err := s.solveMaster(); err != nil {
		return 0, nil, nil, err
	}
	exact := false
	if s.a.n >= ascentFrom && floor == math.Inf(-1) {
		// many annotators: a dual-feasible start (dualAscent) gives a
		// first bound and the centre towards which every pricing's duals
		// are smoothed, heuristic pricing included; below heuristicUntil
		// annotators exact pricing starts at once
		pi = s.dualAscent(ascentNodes)
		lower = 0
		for _, v := range pi {
			lower += v
		}
		mins = make([]float64, s.m) // (every reduced cost is ≥ 0)
		exact = s.a.n < heuristicUntil
	}
	for round := 0; ; round++ {
		s.a.stats.rounds++
		piLP = append(piLP[:0], s.master.Duals()...)
		if !exact {
			// heuristic pricing at the relaxation's duals (smoothed
			// towards the dual ascent's, when there is one)
			if pi != nil {
				for i := range piLP {
					piLP[i] = smoothing*pi[i] + (1-smoothing)*piLP[i]
				}
			}
			_, _, added := s.price(piLP, false, 0)
			if added <= max(2, s.m/200) || stop() {
				exact = true
			}
			if added > 0 {
				if err := s.solveMaster(); err != nil {
					return 0, nil, nil, err
				}
			}
			continue
		}
		// exact pricing at duals smoothed towards the best ones so far
		// (Wentges): L(π) is a valid bound for any π, and smoothing damps
		// the oscillation of the relaxation's duals on these degenerate
		// problems; when the smoothed duals give no column that improves
		// the relaxation, price again at its own duals
		improving := 0
		for _, alpha := range []float64{smoothing, 0} {
			if alpha > 0 && pi == nil {
				continue
			}
			piSep = piSep[:0]
			for i, v := range piLP {
				if alpha > 0 {
					v = alpha*pi[i] + (1-alpha)*v
				}
				piSep = append(piSep, v)
			}
			budget := exactNodes
			if stop() {
				budget = stoppedNodes // only the bound is wanted now
			}
			lag, m, _ := s.price(piSep, true, budget)
			if lag > lower {
				lower, mins, pi = lag, m, append(pi[:0], piSep...)
			}
			if !s.master.Optimal() {
				improving++
				break
			}
		}
		obj := s.master.Objective()
		if ctl.onGap != nil && obj > 0 && obj < s.bigM && !math.IsInf(lower, -1) {
			ctl.onGap(math.Max(0, (obj-math.Max(lower, floor))/obj))
		}
		if improving == 0 || obj-lower <= gapStop*s.a.delta || stop() {
			break
		}
		if err := s.solveMaster(); err != nil {
			return 0, nil, nil, err
		}
	}
	return math.Max(lower, floor), pi, mins, nil
}

// solveMaster solves the restricted relaxation; the simplex counts the
// rows as the work of a pivot (alignCtl.tick) and, once the alignment is
// stopped, leaves its basis as it is: its duals still give a valid
// Lagrangian bound.
func (s *cgComp) solveMaster() error {
	ctl := s.a.ctl
	defer ctl.leave(ctl.enter(phaseSimplex))
	err := s.master.Solve(func() bool { return ctl.tick(s.m) }, 0)
	if errors.Is(err, lp.ErrStopped) {
		return nil
	}
	return err
}

// restricted enumerates the tuples with rc_t < gap + min(0, m_anchor(t))
// (plus tol) into a.tuples, and returns their indices with those of the
// generated columns; ok is false when there are more than maxRestricted.
func (s *cgComp) restricted(pi, mins []float64, gap float64) (tis []int, ok bool) {
	defer s.a.ctl.leave(s.a.ctl.enter(phaseRestricted))
	from := len(s.a.tuples)
	if s.complete {
		for a, ts := range s.pool {
			theta := gap + math.Min(0, mins[a]) + s.a.tol
			for _, t := range ts {
				rc := t.cost
				for _, v := range t.members {
					rc -= pi[v]
				}
				if rc < theta && t.col < 0 {
					s.a.tuples = append(s.a.tuples, tuple{members: s.global(t.members), cost: t.cost})
				}
			}
		}
		tis = append(s.tis[:0], s.colID...)
		for ti := from; ti < len(s.a.tuples); ti++ {
			tis = append(tis, ti)
		}
		s.tis = tis
		return tis, true
	}
	tooMany := false
	for a := int32(0); int(a) < s.m && !tooMany; a++ {
		theta := gap + math.Min(0, mins[a]) + s.a.tol
		s.search(a, pi, func() float64 {
			if len(s.a.tuples)-from > maxRestricted || s.a.ctl.tick(1) {
				tooMany = true
				return math.Inf(-1)
			}
			return theta
		}, func(mem []int32, _ float64) {
			if _, known := s.known[tupleKey(mem)]; known {
				return
			}
			s.a.tuples = append(s.a.tuples, tuple{members: s.global(mem), cost: s.tupleCost(mem)})
		})
	}
	if tooMany {
		s.a.tuples = s.a.tuples[:from]
		return nil, false
	}
	tis = append(s.tis[:0], s.colID...)
	for ti := from; ti < len(s.a.tuples); ti++ {
		tis = append(tis, ti)
	}
	s.tis = tis
	return tis, true
}

// branchAndPrice closes the gap of res by branch and price: each node's
// relaxation is solved by column generation under Ryan & Foster's
// constraints (two units in the same tuple, or not), branching on the
// pair whose joint value Σ_{t ∋ u,v} x_t is closest to 1/2. Nodes are taken
// best bound first, plunging into the "together" child while its bound
// stays within plungeGap of the best open bound (plunges find alignments
// early); a node is pruned once its bound reaches the best alignment
// found. The lower bound, if stopped, is the least bound of the open
// nodes.
func (s *cgComp) branchAndPrice(best cgResult, stop func() bool) (cgResult, error) {
	s.a.stats.bnp++
	s.a.ctl.inBnP = true
	defer func() { s.a.ctl.inBnP = false }()
	b := &bnp{s: s, best: best, stop: stop, rootLower: best.lower, gapLower: math.Inf(1)}
	defer func() { s.a.stats.bnpNodes += b.nodes }()
	open := []bnpNode{{lb: best.lower}}
	var next *bnpNode
	for len(open) > 0 || next != nil {
		var n bnpNode
		if next != nil {
			n, next = *next, nil
		} else {
			k := 0
			for i := range open {
				if open[i].lb < open[k].lb {
					k = i
				}
			}
			n = open[k]
			open[k] = open[len(open)-1]
			open = open[:len(open)-1]
		}
		if b.prune(n.lb) {
			continue
		}
		if b.nodes++; b.nodes > maxNodes || stop() {
			b.stopped = true
			b.openLower = n.lb
			for _, o := range open {
				b.openLower = math.Min(b.openLower, o.lb)
			}
			break
		}
		s.setConstraints(n.cons)
		children, lb, err := b.solveNode(n.lb)
		if err != nil {
			s.setConstraints(nil)
			return cgResult{}, err
		}
		if b.stopped { // inside the node: it stays open at lb
			for _, o := range open {
				lb = math.Min(lb, o.lb)
			}
			b.openLower = lb
			break
		}
		if len(children) == 0 {
			continue
		}
		least := lb
		for _, o := range open {
			least = math.Min(least, o.lb)
		}
		open = append(open, children[1])
		if lb <= least+plungeGap*s.a.delta {
			next = &children[0]
		} else {
			open = append(open, children[0])
		}
	}
	s.setConstraints(nil)
	res := b.best
	switch {
	case b.stopped:
		res.lower = math.Min(math.Min(b.openLower, b.gapLower), res.cost)
	case b.gapLower < res.cost:
		res.lower = b.gapLower // nodes left within MaxGap
	default:
		res.exact, res.lower = true, res.cost
	}
	return s.finish(res), nil
}

// plungeGap is how far (in Δ∅) above the best open bound a plunge goes on.
const plungeGap = 0.05

type constraint struct {
	u, v     int32
	together bool
}

type bnpNode struct {
	lb   float64
	cons []constraint
}

// setConstraints makes cons the active branching constraints, undoing
// and applying only what differs after their common prefix.
func (s *cgComp) setConstraints(cons []constraint) {
	k := 0
	for k < len(s.active) && k < len(cons) && s.active[k] == cons[k] {
		k++
	}
	for len(s.active) > k {
		c := s.active[len(s.active)-1]
		s.constrain(c.u, c.v, c.together, -1)
		s.active = s.active[:len(s.active)-1]
	}
	for _, c := range cons[k:] {
		s.constrain(c.u, c.v, c.together, +1)
		s.active = append(s.active, c)
	}
}

type bnp struct {
	s         *cgComp
	best      cgResult
	stop      func() bool
	rootLower float64
	stopped   bool
	openLower float64
	gapLower  float64 // least bound of the nodes pruned within MaxGap
	nodes     int
}

// prune reports whether a node of bound lb cannot lead to a better
// alignment (or one better by more than MaxGap).
func (b *bnp) prune(lb float64) bool {
	tol := b.s.a.tol * float64(b.s.m)
	if lb >= b.best.cost-tol {
		return true
	}
	if g := b.s.a.ctl.maxGap; g > 0 && lb >= b.best.cost*(1-g) {
		b.gapLower = math.Min(b.gapLower, lb)
		return true
	}
	return false
}

// solveNode solves the relaxation of the current node (its constraints
// set) to optimality, updates the best alignment from it, and returns its
// two children ("together" first) unless the node is settled.
func (b *bnp) solveNode(parentLB float64) ([]bnpNode, float64, error) {
	s := b.s
	lb, _, _, err := s.columnGeneration(parentLB, 0, b.stop)
	if err != nil {
		return nil, 0, err
	}
	if b.stop() {
		b.stopped = true
		return nil, lb, nil
	}
	if b.prune(lb) {
		return nil, lb, nil
	}
	cols, x := s.master.Primal()
	frac := false
	for k, j := range cols {
		if s.master.Cost(j) >= s.bigM && x[k] > 1e-9 {
			return nil, lb, nil // the constraints leave no alignment
		}
		if x[k] < 1-1e-9 {
			frac = true
		}
	}
	if r := s.rounding(); r.cost < b.best.cost-s.a.tol*float64(s.m) {
		b.best.sel, b.best.cost = r.sel, r.cost
		if s.a.ctl.onGap != nil {
			s.a.ctl.onGap(math.Max(0, (r.cost-b.rootLower)/r.cost))
		}
	}
	if b.prune(lb) {
		return nil, lb, nil
	}
	u, v, ok := s.branchPair(cols, x)
	if !frac || !ok {
		// integral (or fractional only within the tolerances) without the
		// bound reaching it: pricing was cut short, the node stays open
		b.stopped = true
		return nil, lb, nil
	}
	base := append([]constraint(nil), s.active...)
	together := bnpNode{lb: lb, cons: append(append([]constraint(nil), base...), constraint{u, v, true})}
	apart := bnpNode{lb: lb, cons: append(base, constraint{u, v, false})}
	return []bnpNode{together, apart}, lb, nil
}

// maxNodes bounds the branch-and-price tree of one component.
const maxNodes = 20000

// branchPair returns the pair of units (u < v) of the fractional columns
// whose joint value is closest to 1/2.
func (s *cgComp) branchPair(cols []int, x []float64) (u, v int32, ok bool) {
	joint := map[[2]int32]float64{}
	var order [][2]int32
	for k, j := range cols {
		if x[k] >= 1-1e-9 || j < s.m {
			continue
		}
		c := s.master.Column(j)
		for p := 0; p < len(c); p++ {
			for q := p + 1; q < len(c); q++ {
				key := [2]int32{min(c[p], c[q]), max(c[p], c[q])}
				if _, seen := joint[key]; !seen {
					order = append(order, key)
				}
				joint[key] += x[k]
			}
		}
	}
	best := 2.0
	for _, key := range order {
		f := joint[key]
		if f > 1e-9 && f < 1-1e-9 && math.Abs(f-0.5) < best {
			best, u, v, ok = math.Abs(f-0.5), key[0], key[1], true
		}
	}
	return u, v, ok
}

// constrain adds (dir +1) or removes (−1) the constraint that u and v are
// in the same tuple (together) or not, disabling the master columns that
// violate it (their cost becomes bigM while they violate any constraint).
func (s *cgComp) constrain(u, v int32, together bool, dir int32) {
	if together {
		s.together[u] = editList(s.together[u], v, dir)
		s.together[v] = editList(s.together[v], u, dir)
	} else {
		s.apart[u] = editList(s.apart[u], v, dir)
		s.apart[v] = editList(s.apart[v], u, dir)
	}
	s.nCons += int(dir)
	for len(s.bad) < s.master.Columns() {
		s.bad = append(s.bad, 0)
	}
	mark := func(j int32) {
		was := s.bad[j]
		s.bad[j] += dir
		switch {
		case was == 0 && s.bad[j] > 0:
			s.master.SetCost(int(j), s.bigM)
		case was > 0 && s.bad[j] == 0:
			s.master.SetCost(int(j), s.origCost(int(j)))
		}
	}
	inU := map[int32]bool{}
	for _, j := range s.master.ColumnsOf(int(u)) {
		inU[j] = true
	}
	for _, j := range s.master.ColumnsOf(int(v)) {
		both := inU[j]
		delete(inU, j)
		if both != together { // apart: both violate; together: only one
			mark(j)
		}
	}
	if together {
		for j := range inU { // columns with u but not v
			mark(j)
		}
	}
}

func editList(l []int32, x int32, dir int32) []int32 {
	if dir > 0 {
		return append(l, x)
	}
	for i, y := range l {
		if y == x {
			return append(l[:i], l[i+1:]...)
		}
	}
	return l
}

// origCost returns the cost of master column j without constraints.
func (s *cgComp) origCost(j int) float64 {
	if j < s.m {
		return s.a.delta
	}
	return s.a.tuples[s.colID[j-s.m]].cost
}

// maxCGStates bounds the final search of one component (its memo fits
// 2²⁰ slots, see memoTable.limit), maxRestricted the tuples enumerated for
// it.
const (
	maxCGStates   = 900_000
	maxRestricted = 1 << 16
)

// closed reports whether the gap of res is closed (or within MaxGap).
func (s *cgComp) closed(res cgResult) bool {
	if res.cost-res.lower <= s.a.tol*float64(s.m) {
		return true
	}
	return s.a.ctl.maxGap > 0 && res.cost > 0 && (res.cost-res.lower)/res.cost <= s.a.ctl.maxGap
}

func (s *cgComp) finish(res cgResult) cgResult {
	res.lower = math.Max(res.lower, s.floor)
	if res.cost-res.lower <= s.a.tol*float64(s.m) {
		res.exact, res.lower = true, res.cost
	}
	// every tuple costs at least 0, so does the component
	res.lower = math.Max(0, math.Min(res.lower, res.cost))
	return res
}

// rounding returns the alignment made of the relaxation's columns above
// 1/2 (pairwise disjoint), the other units alone.
func (s *cgComp) rounding() cgResult {
	cols, x := s.master.Primal()
	cs := s.roundCands[:0]
	inBasis := resize(&s.roundIn, s.master.Columns())
	clear(inBasis)
	for k, j := range cols {
		if j >= s.m {
			cs = append(cs, roundCand{int32(j), int32(len(cs)), x[k], 0})
			inBasis[j] = true
		}
	}
	for j := s.m; j < s.master.Columns(); j++ {
		if !inBasis[j] {
			cs = append(cs, roundCand{int32(j), int32(len(cs)), 0, s.master.Reduced(j)})
		}
	}
	s.roundCands = cs
	// the relaxation's columns by value, then the others by reduced cost
	slices.SortFunc(cs, func(a, b roundCand) int {
		if c := cmp.Compare(b.x, a.x); c != 0 {
			return c
		}
		if c := cmp.Compare(a.d, b.d); c != 0 {
			return c
		}
		return cmp.Compare(a.k, b.k)
	})
	var res cgResult
	used := resize(&s.roundUsed, s.m)
	clear(used)
	for _, c := range cs {
		col := s.master.Column(int(c.j))
		if s.master.Cost(int(c.j)) >= float64(len(col))*s.a.delta {
			continue // no better than its units alone
		}
		ok := true
		for _, r := range col {
			ok = ok && !used[r]
		}
		if ok {
			for _, r := range col {
				used[r] = true
			}
			res.sel = append(res.sel, s.colID[int(c.j)-s.m])
		}
	}
	res.cost = s.costOf(res.sel)
	return res
}

// costOf returns the cost of the alignment made of the tuples sel (global
// indices in a.tuples) and singletons for the other units.
func (s *cgComp) costOf(sel []int) float64 {
	covered := 0
	var c float64
	for _, ti := range sel {
		c += s.a.tuples[ti].cost
		covered += len(s.a.tuples[ti].members)
	}
	return c + float64(s.m-covered)*s.a.delta
}

// Dual ascent (many annotators). Column generation's first duals are
// those of the relaxation's all-singleton basis (every π_v = Δ∅), far
// from the optimal ones, and with 12 annotators or more its relaxation
// wanders through hundreds of thousands of degenerate pivots before its
// duals mean anything (20 × 100: the relaxation stayed at 150–160 for a
// minute, its duals giving no bound at all). dualAscent instead builds
// duals that are feasible from the start — every tuple's reduced cost
// ≥ 0, so that Σ_v π_v is a lower bound — and column generation smooths
// its duals towards them: from the share bound's duals sb (bound.go),
// each unit's dual is raised, in turn, by the least reduced cost of the
// tuples that hold it (a search over its neighbours in both directions;
// cut at budget nodes, the search's root bound, a lower bound of that
// least reduced cost, is used instead), which keeps every reduced cost
// ≥ 0. Measured (CPU, under load): 12 × 200 exact in 7.6 / 4.1 / 10.9 s for
// seeds 1–3 (were 9.3 / 6.5 / about 12, with half the pivots); 20 × 100
// after 60 s: gap 0.11 (was 0.63, the share bound).

// ascentFrom is the number of annotators from which column generation
// starts from dualAscent's duals (with 8–10 it cost more rounds than it
// saved); from heuristicUntil it still prices heuristically at first (with
// 30, an exact pricing round costs 20 s).
const (
	ascentFrom     = 12
	heuristicUntil = 24
	ascentNodes    = 4096
)

// dualAscent returns dual-feasible duals (see above).
func (s *cgComp) dualAscent(budget int) []float64 {
	m := s.m
	// the neighbours of each unit in both directions, by index
	cnt := make([]int32, m+1)
	for i := range m {
		for _, e := range s.nb[i] {
			cnt[i+1]++
			cnt[e.j+1]++
		}
	}
	for i := range m {
		cnt[i+1] += cnt[i]
	}
	both := make([]lnb, cnt[m])
	next := append([]int32(nil), cnt[:m]...)
	for i := range m { // the earlier neighbours first, in index order
		for _, e := range s.nb[i] {
			both[next[e.j]] = lnb{int32(i), e.e}
			next[e.j]++
		}
	}
	for i := range m { // then the later ones
		for _, e := range s.nb[i] {
			both[next[i]] = e
			next[i]++
		}
	}
	pi := make([]float64, m)
	mu := make([]float64, s.a.n)
	for v := range m {
		for b := range mu {
			mu[b] = math.NaN()
		}
		for _, e := range both[cnt[v]:cnt[v+1]] {
			if b := s.ann[e.j]; math.IsNaN(mu[b]) {
				mu[b] = math.Min(0, e.e)
			} else {
				mu[b] = math.Min(mu[b], e.e)
			}
		}
		f, sum := 0, 0.0
		for _, x := range mu {
			if !math.IsNaN(x) {
				f++
				sum += x
			}
		}
		pi[v] = math.Min(s.a.delta, s.a.delta/float64(f+1)+sum/2)
	}
	if len(s.levels) == 0 {
		s.levels = make([][]pcand, s.a.n+1)
	}
	s.prune = true
	for v := int32(0); int(v) < m; v++ {
		minRC := s.a.delta - pi[v]
		first := s.levels[0][:0]
		for _, e := range both[cnt[v]:cnt[v+1]] {
			first = append(first, pcand{e.j, s.ann[e.j], -pi[e.j] + e.e})
		}
		nodes, cut := 0, false
		s.searchFirst(v, pi, first, func() float64 {
			if nodes++; nodes > budget || s.a.ctl.tick(1) {
				cut = true
				return math.Inf(-1)
			}
			return minRC
		}, func(_ []int32, rc float64) {
			minRC = math.Min(minRC, rc)
		})
		if cut {
			minRC = math.Min(minRC, s.rootBound)
		}
		if minRC > 0 {
			pi[v] += minRC
		}
	}
	return pi
}

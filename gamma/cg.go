package gamma

import (
	"errors"
	"math"
	"sort"
	"strconv"
	"strings"

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
	s := &cgComp{a: a, items: items, m: len(items), known: map[string]int32{}}
	s.ann = make([]int32, s.m)
	s.nb = make([][]lnb, s.m)
	local := make(map[int32]int32, len(items))
	for k, it := range items {
		local[it] = int32(k)
	}
	inv := 1 / a.c
	for k, it := range items {
		s.ann[k] = int32(a.items[it].ann)
		for _, e := range a.fwd[it] {
			// neighbours outside the component share no useful tuple
			if j, ok := local[e.j]; ok {
				s.nb[k] = append(s.nb[k], lnb{j, (e.d - a.delta) * inv})
			}
		}
		sort.Slice(s.nb[k], func(x, y int) bool { return s.nb[k][x].j < s.nb[k][y].j })
	}
	single := make([]float64, s.m)
	for i := range single {
		single[i] = a.delta
	}
	s.master = lp.NewMaster(single, 1e-9*a.delta)
	s.mins = make([]float64, 0, a.n)
	s.annMin = make([]float64, a.n)
	return s
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
	s.prune = prune
	first := s.levels[0][:0]
	for _, e := range s.nb[a] {
		first = append(first, pcand{e.j, s.ann[e.j], -pi[e.j] + e.e})
	}
	s.levels[0] = first
	s.members = append(s.members[:0], a)
	s.rec(0, s.a.delta-pi[a], limit, emit)
}

func (s *cgComp) rec(depth int, rcT float64, limit func() float64, emit func([]int32, float64)) {
	cands := s.levels[depth]
	if len(cands) == 0 {
		return
	}
	eb, f := s.extensionBound(cands)
	if rcT+eb >= limit() {
		return
	}
	if s.prune {
		cut := float64(f-1) * s.a.delta / s.a.c
		k := 0
		for _, c := range cands {
			if c.delta-cut < 0 {
				cands[k] = c
				k++
			}
		}
		cands = cands[:k]
	}
	for k, c := range cands {
		rc := rcT + c.delta
		s.members = append(s.members, c.j)
		if rc < limit() {
			emit(s.members, rc)
		}
		if depth+1 < s.a.n-1 {
			// children: later candidates of other annotators that are
			// neighbours of c.j, their deltas updated with e(c.j, ·)
			child := s.levels[depth+1][:0]
			nbs := s.nb[c.j]
			p := 0
			for _, x := range cands[k+1:] {
				if x.ann == c.ann {
					continue
				}
				for p < len(nbs) && nbs[p].j < x.j {
					p++
				}
				if p < len(nbs) && nbs[p].j == x.j {
					child = append(child, pcand{x.j, x.ann, x.delta + nbs[p].e})
				}
			}
			s.levels[depth+1] = child
			s.rec(depth+1, rc, limit, emit)
		}
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
	var b strings.Builder
	for _, m := range members {
		b.WriteString(strconv.Itoa(int(m)))
		b.WriteByte(',')
	}
	return b.String()
}

// addColumn adds a tuple (local members, sorted) to the master and to
// a.tuples, once.
func (s *cgComp) addColumn(members []int32) (int32, bool) {
	k := tupleKey(members)
	if c, ok := s.known[k]; ok {
		return c, false
	}
	cost := s.tupleCost(members)
	glob := make([]int32, len(members))
	for x, m := range members {
		glob[x] = s.items[m]
	}
	s.a.tuples = append(s.a.tuples, tuple{members: glob, cost: cost})
	c := int32(s.master.AddColumn(append([]int32(nil), members...), cost))
	s.colID = append(s.colID, len(s.a.tuples)-1)
	s.known[k] = c
	return c, true
}

// price runs the pricing search for every anchor and adds the best few
// tuples of negative reduced cost per anchor as columns. Exact pricing
// also returns L(π) and the anchors' minima m_u. Heuristic pricing looks
// only for reduced costs below −heuristicDepth·Δ∅ within a node budget per
// anchor, which is much cheaper while the duals are far from optimal.
func (s *cgComp) price(pi []float64, exact bool) (lag float64, m []float64, added int) {
	if exact {
		m = make([]float64, s.m)
	}
	type found struct {
		members []int32
		rc      float64
	}
	var best []found
	for a := int32(0); int(a) < s.m; a++ {
		single := s.a.delta - pi[a]
		lag += pi[a]
		cur := math.Min(0, single)
		if !exact {
			cur = math.Min(cur, -heuristicDepth*s.a.delta)
		}
		minA := single
		best = best[:0]
		nodes := 0
		s.searchOpt(a, pi, true, func() float64 {
			if !exact {
				if nodes++; nodes > heuristicNodes {
					return math.Inf(-1)
				}
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
	smoothing      = 0.8
	cgGap          = 0.01
	heuristicDepth = 1e-3
	heuristicNodes = 256
	perAnchor      = 3
)

// errGaveUp reports that a component was not proven optimal (time limit,
// or the dynamic programme's state limit on the final search).
var errGaveUp = errors.New("not proven optimal")

// cgResult is the outcome of one component: the chosen tuples, the cost of
// the alignment they give (with singletons), and a proven lower bound.
type cgResult struct {
	sel          []int
	cost, lower  float64
	exact        bool
	lpIterations int
}

// solve runs column generation and the exact final search.
func (s *cgComp) solve() (cgResult, error) {
	ctl := s.a.ctl
	stop := func() bool { return ctl.ctx.Err() != nil || ctl.pastDeadline() }
	lower := math.Inf(-1)
	var pi, piLP, piSep []float64 // best Lagrangian duals; the relaxation's; the priced ones
	var mins []float64
	exact := false
	for round := 0; ; round++ {
		piLP = append(piLP[:0], s.master.Duals()...)
		if !exact {
			// heuristic pricing at the relaxation's duals
			if _, _, added := s.price(piLP, false); added > max(2, s.m/200) {
				if err := s.master.Solve(ctl.ctx, 0); err != nil {
					return cgResult{}, err
				}
				continue
			}
			exact = true
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
			before := s.master.Columns()
			lag, m, _ := s.price(piSep, true)
			if lag > lower {
				lower, mins, pi = lag, m, append(pi[:0], piSep...)
			}
			for j := before; j < s.master.Columns(); j++ {
				if s.master.Reduced(j) < -s.a.tol {
					improving++
				}
			}
			if improving > 0 {
				break
			}
		}
		obj := s.master.Objective()
		if ctl.onGap != nil && obj > 0 {
			ctl.onGap(math.Max(0, (obj-lower)/obj))
		}
		// the final search needs a lower bound, not the relaxation's
		// optimum: stop once no column improves the relaxation, or the
		// bound is within cgGap·Δ∅ of it
		if improving == 0 || obj-lower <= cgGap*s.a.delta || stop() {
			break
		}
		if err := s.master.Solve(ctl.ctx, 0); err != nil {
			return cgResult{}, err
		}
	}
	if err := ctl.ctx.Err(); err != nil {
		return cgResult{}, err
	}
	// an alignment from the relaxation: the columns at 1 (integral
	// optimum), else those above 1/2 and singletons for the rest
	res := s.rounding()
	res.lower = lower
	res.lpIterations = s.master.Iterations()
	if s.closed(res) || stop() {
		return s.finish(res), nil
	}
	// the exact search over the tuples that can beat res.cost
	lowerOf := make([]float64, s.m)
	for v := range lowerOf {
		lowerOf[v] = pi[v] + math.Min(0, mins[v])
	}
	// first a better alignment from the tuples generated so far (the
	// relaxation's support among them): it narrows the final search
	if sel, found, err := s.a.solveDPWith(s.items, append([]int(nil), s.colID...), dpOptions{lower: lowerOf, budget: res.cost - s.a.tol, limit: maxCGStates / 4, stop: stop}); err == nil && found {
		res.sel, res.cost = sel, s.costOf(sel)
	} else if err != nil && !errors.Is(err, errTooDense) && !errors.Is(err, errStopped) {
		return cgResult{}, err
	}
	if s.closed(res) || stop() {
		return s.finish(res), nil
	}
	before := len(s.colID)
	tooMany := false
	for a := int32(0); int(a) < s.m && !tooMany; a++ {
		theta := res.cost - lower + math.Min(0, mins[a]) + s.a.tol
		s.search(a, pi, func() float64 {
			if len(s.colID)-before > maxRestricted {
				tooMany = true
				return math.Inf(-1)
			}
			return theta
		}, func(mem []int32, _ float64) { s.addColumn(mem) })
	}
	if tooMany {
		return s.finish(res), nil
	}
	var tis []int
	// every column known (those of the master included) is a valid tuple;
	// restricting to the enumerated ones would suffice, but the pool is
	// small and its extra columns can only help the programme
	tis = append(tis, s.colID...)
	sel, found, err := s.a.solveDPWith(s.items, tis, dpOptions{lower: lowerOf, budget: res.cost - s.a.tol, limit: maxCGStates, stop: stop})
	switch {
	case err == nil && found:
		res.sel, res.cost = sel, s.costOf(sel)
		res.exact, res.lower = true, res.cost
	case err == nil: // nothing beats the rounding
		res.exact, res.lower = true, res.cost
	case errors.Is(err, errStopped), errors.Is(err, errTooDense):
		if cerr := ctl.ctx.Err(); cerr != nil {
			return cgResult{}, cerr
		}
	default:
		return cgResult{}, err
	}
	return s.finish(res), nil
}

// maxCGStates bounds the final search of one component, maxRestricted the
// tuples enumerated for it.
const (
	maxCGStates   = 1 << 20
	maxRestricted = 1 << 18
)

// closed reports whether the gap of res is closed (or within MaxGap).
func (s *cgComp) closed(res cgResult) bool {
	if res.cost-res.lower <= s.a.tol*float64(s.m) {
		return true
	}
	return s.a.ctl.maxGap > 0 && res.cost > 0 && (res.cost-res.lower)/res.cost <= s.a.ctl.maxGap
}

func (s *cgComp) finish(res cgResult) cgResult {
	if res.cost-res.lower <= s.a.tol*float64(s.m) {
		res.exact, res.lower = true, res.cost
	}
	res.lower = math.Min(res.lower, res.cost)
	return res
}

// rounding returns the alignment made of the relaxation's columns above
// 1/2 (pairwise disjoint), the other units alone.
func (s *cgComp) rounding() cgResult {
	cols, x := s.master.Primal()
	type cand struct {
		j    int
		x, d float64
	}
	var cs []cand
	inBasis := map[int]bool{}
	for k, j := range cols {
		if j >= s.m {
			cs = append(cs, cand{j, x[k], 0})
			inBasis[j] = true
		}
	}
	for j := s.m; j < s.master.Columns(); j++ {
		if !inBasis[j] {
			cs = append(cs, cand{j, 0, s.master.Reduced(j)})
		}
	}
	// the relaxation's columns by value, then the others by reduced cost
	sort.SliceStable(cs, func(a, b int) bool {
		if cs[a].x != cs[b].x {
			return cs[a].x > cs[b].x
		}
		return cs[a].d < cs[b].d
	})
	var res cgResult
	used := make([]bool, s.m)
	for _, c := range cs {
		col := s.master.Column(c.j)
		if s.master.Cost(c.j) >= float64(len(col))*s.a.delta {
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
			res.sel = append(res.sel, s.colID[c.j-s.m])
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

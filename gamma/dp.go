package gamma

import (
	"cmp"
	"math/bits"
	"slices"

	"agree/internal/lp"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
)

// dpSolver finds an exact minimum-cost partition of one component's units
// into candidate tuples and singletons.
//
// Units are taken in canonical order (sorted by start). The leftmost unit not
// yet aligned, u, must be aligned now, either alone (cost Δ∅) or in a tuple
// whose first unit is u (every tuple containing u with an earlier unit is
// excluded, since the earlier units are already aligned). The state is
// therefore (u, the set of later units already used by earlier tuples), and
// the optimal cost of the rest depends only on it: memoising it gives an
// exact dynamic programme whose size is bounded by how far tuples reach
// along the continuum, not by the product of the annotators' unit counts.
type dpSolver struct {
	a       *aligner
	byFirst [][]ltuple // tuples by local first unit
	memo    map[string]dpEntry
	buf     []byte
	n       int32
	limit   int
	err     error
	// bounded search
	share, suffix []float64
	bmemo         map[string]bEntry
	// lower, when not nil, replaces the shares as the per-unit lower
	// bound (see dpOptions)
	lower []float64
}

// dpOptions extend the programme for the column-generation solver: a
// lower bound per unit (π_v + min(0, m_v), see cg.go) instead of the
// shares, a budget (only alignments strictly cheaper are searched for),
// and a state limit. The programme counts its work (the options it
// tries) with the aligner's alignCtl.tick and stops when told to.
type dpOptions struct {
	lower  []float64
	budget float64
	limit  int
}

// errStopped reports that the programme was stopped (context or
// deadline, see alignCtl).
var errStopped = errors.New("stopped")

// maxDPStates bounds the memo of the programme on a component whose
// tuples were all enumerated. Narrow components (the usual case: a few
// units of each annotator overlapping) stay far below it; a wider one is
// handed to column generation (cg.go) as soon as the limit is hit, which
// is faster there (5by100.csv's random samples: about 1 s CPU for 30
// samples with this limit, 1.6 s with 2¹⁷).
const maxDPStates = 1 << 12

// keyedTuple is a tuple's sort key and its place before sorting (the last
// key: the order of a stable sort).
type keyedTuple struct {
	key float64
	k   int
}

type ltuple struct {
	rest []int32 // local indices after the first, sorted
	cost float64
	id   int // index in aligner.tuples
}

type dpEntry struct {
	val    float64
	choice int32 // index in byFirst[u], -1 for the singleton
}

var errTooDense = errors.New("component too dense for the dynamic programme")

// solveLP solves a component as a set-partitioning problem (candidate
// tuples and singletons) by the simplex and branch and bound of
// internal/lp.
func (a *aligner) solveLP(items []int32, tis []int) ([]int, error) {
	local := make(map[int32]int32, len(items))
	for k, it := range items {
		local[it] = int32(k)
	}
	p := lp.Problem{Rows: len(items)}
	for k := range items {
		p.Cols = append(p.Cols, []int32{int32(k)})
		p.Cost = append(p.Cost, a.delta)
	}
	for _, ti := range tis {
		t := a.tuples[ti]
		c := make([]int32, len(t.members))
		for k, m := range t.members {
			c[k] = local[m]
		}
		p.Cols = append(p.Cols, c)
		p.Cost = append(p.Cost, t.cost)
	}
	cols, _, err := lp.Solve(p, lp.Options{Tol: a.tol})
	if err != nil {
		return nil, fmt.Errorf("a component of %d units (%d candidate unitary alignments): %w", len(items), len(tis), err)
	}
	var sel []int
	for _, j := range cols {
		if j >= len(items) {
			sel = append(sel, tis[j-len(items)])
		}
	}
	return sel, nil
}

// maxDPDensity: a component with more candidate tuples per unit is left
// to column generation at once (errTooDense without a try). Measured on
// the shared files and the generators (2–8 annotators, random samples and
// observed continua): every component the programme solved within
// maxDPStates had at most 7 tuples per unit, while 5by100.csv's random
// samples (one component of 500 units, about 22 tuples per unit) always
// filled the memo before giving up: 9 % of the sample path's work.
const maxDPDensity = 12

func (a *aligner) solveDPOnly(items []int32, tis []int) ([]int, error) {
	if len(tis) > maxDPDensity*len(items) {
		a.stats.denseSkips++
		return nil, errTooDense
	}
	sel, _, err := a.solveDPWith(items, tis, dpOptions{budget: math.Inf(1), limit: maxDPStates})
	return sel, err
}

// solveDPWith runs the programme with options; found is false when no
// alignment is strictly cheaper than opt.budget.
func (a *aligner) solveDPWith(items []int32, tis []int, opt dpOptions) (sel []int, found bool, err error) {
	defer a.ctl.leave(a.ctl.enter(phaseDP))
	s := &dpSolver{a: a, n: int32(len(items)), memo: map[string]dpEntry{}, limit: opt.limit,
		lower: opt.lower}
	local := a.localIndex(items)
	// byFirst with exact capacities, the rests in one array
	ws := a.ws
	count := resize(&ws.count, len(items))
	clear(count)
	nrest := 0
	for _, ti := range tis {
		count[local[a.tuples[ti].members[0]]]++
		nrest += len(a.tuples[ti].members) - 1
	}
	all := resize(&ws.ltuples, len(tis))
	rests := resize(&ws.rests, nrest)
	s.byFirst = resize(&ws.byFirst, len(items))
	off := 0
	for f, c := range count {
		s.byFirst[f] = all[off : off : off+int(c)]
		off += int(c)
	}
	for _, ti := range tis {
		t := a.tuples[ti]
		rest := rests[: len(t.members)-1 : len(t.members)-1]
		rests = rests[len(t.members)-1:]
		for k, m := range t.members[1:] {
			rest[k] = local[m]
		}
		slices.Sort(rest)
		f := local[t.members[0]]
		s.byFirst[f] = append(s.byFirst[f], ltuple{rest: rest, cost: t.cost, id: ti})
	}
	if opt.lower != nil {
		// most promising first (smallest cost above the members' bounds),
		// so that good alignments tighten the budget early
		// (the keys computed once and sorted with the tuples' places, the
		// tuples then moved once)
		keyed, moved := ws.keyed[:0], ws.moved[:0]
		defer func() { ws.keyed, ws.moved = keyed[:0], moved[:0] }()
		for f, ts := range s.byFirst {
			keyed = keyed[:0]
			for k, t := range ts {
				r := t.cost - opt.lower[f]
				for _, x := range t.rest {
					r -= opt.lower[x]
				}
				keyed = append(keyed, keyedTuple{r, k})
			}
			slices.SortFunc(keyed, func(x, y keyedTuple) int {
				if c := cmp.Compare(x.key, y.key); c != 0 {
					return c
				}
				return cmp.Compare(x.k, y.k)
			})
			moved = append(moved[:0], ts...)
			for i, kt := range keyed {
				ts[i] = moved[kt.k]
			}
		}
	}
	if s.width() < 128 && s.n <= maxMemoUnit && !a.genericDP {
		return s.solveMask(opt.budget)
	}
	bounded := !a.exhaustiveDP || opt.lower != nil || !math.IsInf(opt.budget, 1)
	if bounded {
		s.bmemo = map[string]bEntry{}
		s.shares()
		if _, ok := s.g(0, nil, opt.budget); !ok && s.err == nil {
			return nil, false, nil
		}
	} else {
		s.f(0, nil)
	}
	if s.err != nil {
		return nil, false, s.err
	}
	// reconstruct
	u, cov := int32(0), []int32(nil)
	for {
		for len(cov) > 0 && cov[0] == u {
			u++
			cov = cov[1:]
		}
		if u == s.n {
			break
		}
		var e dpEntry
		if bounded {
			b := s.bmemo[s.key(u, cov)]
			if !b.exact {
				return nil, false, fmt.Errorf("internal error: inexact state on the optimal path")
			}
			e = dpEntry{b.val, b.choice}
		} else {
			e = s.memo[s.key(u, cov)]
		}
		if e.choice >= 0 {
			t := s.byFirst[u][e.choice]
			sel = append(sel, t.id)
			cov = merge(cov, t.rest)
		}
		u++
	}
	return sel, true, nil
}

func (s *dpSolver) key(u int32, cov []int32) string {
	s.buf = s.buf[:0]
	s.buf = binary.AppendUvarint(s.buf, uint64(u))
	for _, c := range cov {
		s.buf = binary.AppendUvarint(s.buf, uint64(c-u))
	}
	return string(s.buf)
}

// f returns the minimum cost of aligning every unit ≥ u not in cov (sorted,
// all ≥ u).
func (s *dpSolver) f(u int32, cov []int32) float64 {
	for len(cov) > 0 && cov[0] == u {
		u++
		cov = cov[1:]
	}
	if u == s.n || s.err != nil {
		return 0
	}
	k := s.key(u, cov)
	if e, ok := s.memo[k]; ok {
		return e.val
	}
	best := s.a.delta + s.f(u+1, cov)
	choice := int32(-1)
	for ti, t := range s.byFirst[u] {
		if !disjoint(t.rest, cov) {
			continue
		}
		v := t.cost + s.f(u+1, merge(cov, t.rest))
		if v < best-s.a.tol {
			best, choice = v, int32(ti)
		}
	}
	s.memo[k] = dpEntry{best, choice}
	if len(s.memo) > s.limit && s.err == nil {
		s.err = errTooDense
	}
	if s.a.ctl.tick(len(s.byFirst[u])+1) && s.err == nil {
		s.err = errStopped
	}
	return best
}

func disjoint(a, b []int32) bool {
	i, j := 0, 0
	for i < len(a) && j < len(b) {
		switch {
		case a[i] == b[j]:
			return false
		case a[i] < b[j]:
			i++
		default:
			j++
		}
	}
	return true
}

func merge(a, b []int32) []int32 {
	out := make([]int32, 0, len(a)+len(b))
	i, j := 0, 0
	for i < len(a) && j < len(b) {
		if a[i] < b[j] {
			out = append(out, a[i])
			i++
		} else {
			out = append(out, b[j])
			j++
		}
	}
	out = append(out, a[i:]...)
	return append(out, b[j:]...)
}

// maskSolver is dpSolver for components whose tuples span fewer than 128
// consecutive units (the usual case, dense data included): the set of
// later units already used is a bit mask relative to u, so the state is
// three machine words. It searches in the same order with the same
// arithmetic as dpSolver, so both give the same alignment.
type maskSolver struct {
	delta, tol float64
	n          int32
	byFirst    [][]mtuple
	memo       map[mkey]dpEntry
	limit      int
	err        error
	// bounded search
	bounded       bool
	share, suffix []float64
	bmemo         *memoTable
	lowerOf       []float64
	ctl           *alignCtl
	ws            *scratch
}

type mtuple struct {
	mask mask128 // bit k: local unit first+k (bit 0, the first unit, is set)
	cost float64
	id   int
}

type mkey struct {
	u int32
	m mask128
}

// mask128 is a set of 128 consecutive units, bit k in word k/64.
type mask128 struct{ lo, hi uint64 }

func (x mask128) and(y mask128) mask128 { return mask128{x.lo & y.lo, x.hi & y.hi} }
func (x mask128) or(y mask128) mask128  { return mask128{x.lo | y.lo, x.hi | y.hi} }
func (x mask128) empty() bool           { return x.lo|x.hi == 0 }
func (x mask128) first() bool           { return x.lo&1 != 0 }

// next is the mask relative to the next unit (x >> 1).
func (x mask128) next() mask128 { return mask128{x.lo>>1 | x.hi<<63, x.hi >> 1} }

// with returns x with bit k set (k < 128).
func (x mask128) with(k uint) mask128 {
	if k < 64 {
		x.lo |= 1 << k
	} else {
		x.hi |= 1 << (k - 64)
	}
	return x
}

// count returns the number of set bits.
func (x mask128) count() int { return bits.OnesCount64(x.lo) + bits.OnesCount64(x.hi) }

// width returns the largest local offset between a tuple's first and last
// unit.
func (s *dpSolver) width() int32 {
	var w int32
	for f, ts := range s.byFirst {
		for _, t := range ts {
			w = max(w, t.rest[len(t.rest)-1]-int32(f))
		}
	}
	return w
}

func (s *dpSolver) solveMask(budget float64) ([]int, bool, error) {
	ws := s.a.ws
	m := &maskSolver{delta: s.a.delta, tol: s.a.tol, n: s.n, byFirst: resize(&ws.mByFirst, int(s.n)), limit: s.limit,
		bounded: !s.a.exhaustiveDP || s.lower != nil || !math.IsInf(budget, 1), lowerOf: s.lower, ctl: s.a.ctl, ws: ws}
	if m.bounded {
		m.bmemo = &s.a.ws.memo
		m.bmemo.reset(m.limit)
		defer m.bmemo.shrink()
	} else {
		m.memo = map[mkey]dpEntry{}
	}
	n := 0
	for _, ts := range s.byFirst {
		n += len(ts)
	}
	all := resize(&ws.mtuples, n)[:0]
	for f, ts := range s.byFirst {
		start := len(all)
		for _, t := range ts {
			mk := mask128{lo: 1}
			for _, r := range t.rest {
				mk = mk.with(uint(r - int32(f)))
			}
			all = append(all, mtuple{mk, t.cost, t.id})
		}
		m.byFirst[f] = all[start:len(all):len(all)]
	}
	if m.bounded {
		m.shares()
		if _, ok := m.g(0, mask128{}, budget); !ok && m.err == nil {
			return nil, false, nil
		}
	} else {
		m.f(0, mask128{})
	}
	if m.err != nil {
		return nil, false, m.err
	}
	var sel []int
	u, cov := int32(0), mask128{}
	for {
		for cov.first() {
			u++
			cov = cov.next()
		}
		if u >= m.n {
			break
		}
		var e dpEntry
		if m.bounded {
			b, _ := m.bmemo.get(mkey{u, cov})
			if !b.exact {
				return nil, false, fmt.Errorf("internal error: inexact state on the optimal path")
			}
			e = dpEntry{b.val, b.choice}
		} else {
			e = m.memo[mkey{u, cov}]
		}
		if e.choice >= 0 {
			t := m.byFirst[u][e.choice]
			sel = append(sel, t.id)
			cov = cov.or(t.mask)
		}
		u++
		cov = cov.next()
	}
	return sel, true, nil
}

// f is dpSolver.f with cov a mask relative to u (bit k: unit u+k used).
func (m *maskSolver) f(u int32, cov mask128) float64 {
	for cov.first() {
		u++
		cov = cov.next()
	}
	if u >= m.n || m.err != nil {
		return 0
	}
	k := mkey{u, cov}
	if e, ok := m.memo[k]; ok {
		return e.val
	}
	best := m.delta + m.f(u+1, cov.next())
	choice := int32(-1)
	for ti, t := range m.byFirst[u] {
		if !t.mask.and(cov).empty() {
			continue
		}
		v := t.cost + m.f(u+1, cov.or(t.mask).next())
		if v < best-m.tol {
			best, choice = v, int32(ti)
		}
	}
	m.memo[k] = dpEntry{best, choice}
	if len(m.memo) > m.limit && m.err == nil {
		m.err = errTooDense
	}
	if m.ctl.tick(len(m.byFirst[u])+1) && m.err == nil {
		m.err = errStopped
	}
	return best
}

// Bounded search (branch and bound on top of the memo).
//
// share[v] = min(Δ∅, min over candidate tuples t ∋ v of δ(t)/|t|) is a
// lower bound on what unit v contributes to any alignment (the cost of a
// unitary alignment split equally among its units), so the units still
// to align cost at least the sum of their shares. g(u, cov, budget) returns
// the exact optimum of the state when it is below budget, and otherwise a
// lower bound that is ≥ budget (flagged inexact); memo entries keep either
// kind, and an inexact one is reused whenever it already proves the new
// budget unreachable. The root is called with an infinite budget, so the
// result is the exact optimum; the pruning only skips subtrees that provably
// cannot improve on the best alignment found so far.

type bEntry struct {
	val    float64
	choice int32
	exact  bool
}

func (m *maskSolver) shares() {
	if m.lowerOf != nil {
		m.share = m.lowerOf
		m.suffix = resize(&m.ws.suffix, int(m.n)+1)
		m.suffix[m.n] = 0
		for i := m.n - 1; i >= 0; i-- {
			m.suffix[i] = m.suffix[i+1] + m.share[i]
		}
		return
	}
	m.share = resize(&m.ws.share, int(m.n))
	for i := range m.share {
		m.share[i] = m.delta
	}
	for f, ts := range m.byFirst {
		for _, t := range ts {
			k := t.mask.count()
			sh := t.cost / float64(k)
			for b, x := t.mask, int32(f); !b.empty(); b, x = b.next(), x+1 {
				if b.first() && sh < m.share[x] {
					m.share[x] = sh
				}
			}
		}
	}
	m.suffix = resize(&m.ws.suffix, int(m.n)+1)
	m.suffix[m.n] = 0
	for i := m.n - 1; i >= 0; i-- {
		m.suffix[i] = m.suffix[i+1] + m.share[i]
	}
}

// lower returns the share bound of state (u, cov).
func (m *maskSolver) lower(u int32, cov mask128) float64 {
	lb := m.suffix[u]
	for b := cov.lo; b != 0; b &= b - 1 { // the set bits, lowest first
		lb -= m.share[u+int32(bits.TrailingZeros64(b))]
	}
	for b := cov.hi; b != 0; b &= b - 1 {
		lb -= m.share[u+64+int32(bits.TrailingZeros64(b))]
	}
	return lb
}

func (m *maskSolver) g(u int32, cov mask128, budget float64) (float64, bool) {
	for cov.first() {
		u++
		cov = cov.next()
	}
	if u >= m.n || m.err != nil {
		return 0, true
	}
	k := mkey{u, cov}
	e, seen := m.bmemo.get(k)
	if seen && (e.exact || e.val >= budget) {
		return e.val, e.exact
	}
	lb := m.lower(u, cov)
	if seen {
		lb = max(lb, e.val)
	}
	if lb >= budget {
		m.bmemo.put(k, bEntry{val: lb, choice: -1})
		return lb, false
	}
	best := math.Inf(1) // best exact value found
	choice := int32(-2)
	low := math.Inf(1) // smallest lower bound among the options
	try := func(c float64, child mask128, id int32) {
		cb := min(budget, best) - c
		if l := m.lower(u+1, child); l >= cb { // pruned without a memo entry
			low = min(low, c+l)
			return
		}
		v, ex := m.g(u+1, child, cb)
		tot := c + v
		if ex && tot < best-m.tol {
			best, choice = tot, id
		}
		low = min(low, tot)
	}
	try(m.delta, cov.next(), -1)
	for ti, t := range m.byFirst[u] {
		if !t.mask.and(cov).empty() {
			continue
		}
		try(t.cost, cov.or(t.mask).next(), int32(ti))
	}
	if choice >= -1 && best < budget {
		e = bEntry{val: best, choice: choice, exact: true}
	} else {
		e = bEntry{val: max(low, lb), choice: -1}
	}
	m.bmemo.put(k, e)
	if m.bmemo.len() > m.limit && m.err == nil {
		m.err = errTooDense
	}
	if m.ctl.tick(len(m.byFirst[u])+1) && m.err == nil {
		m.err = errStopped
	}
	return e.val, e.exact
}

// The same bounded search for the general state encoding (components whose
// tuples span 64 units or more).

func (s *dpSolver) shares() {
	if s.lower != nil {
		s.share = s.lower
		s.suffix = make([]float64, s.n+1)
		for i := s.n - 1; i >= 0; i-- {
			s.suffix[i] = s.suffix[i+1] + s.share[i]
		}
		return
	}
	s.share = make([]float64, s.n)
	for i := range s.share {
		s.share[i] = s.a.delta
	}
	for f, ts := range s.byFirst {
		for _, t := range ts {
			sh := t.cost / float64(len(t.rest)+1)
			s.share[f] = min(s.share[f], sh)
			for _, x := range t.rest {
				s.share[x] = min(s.share[x], sh)
			}
		}
	}
	s.suffix = make([]float64, s.n+1)
	for i := s.n - 1; i >= 0; i-- {
		s.suffix[i] = s.suffix[i+1] + s.share[i]
	}
}

func (s *dpSolver) g(u int32, cov []int32, budget float64) (float64, bool) {
	for len(cov) > 0 && cov[0] == u {
		u++
		cov = cov[1:]
	}
	if u == s.n || s.err != nil {
		return 0, true
	}
	k := s.key(u, cov)
	e, seen := s.bmemo[k]
	if seen && (e.exact || e.val >= budget) {
		return e.val, e.exact
	}
	lb := s.suffix[u]
	for _, x := range cov {
		lb -= s.share[x]
	}
	if seen {
		lb = max(lb, e.val)
	}
	if lb >= budget {
		s.bmemo[k] = bEntry{val: lb, choice: -1}
		return lb, false
	}
	best, choice, low := math.Inf(1), int32(-2), math.Inf(1)
	try := func(c float64, child []int32, id int32) {
		cb := min(budget, best) - c
		l := s.suffix[u+1]
		for _, x := range child {
			l -= s.share[x]
		}
		if l >= cb { // pruned without a memo entry
			low = min(low, c+l)
			return
		}
		v, ex := s.g(u+1, child, cb)
		tot := c + v
		if ex && tot < best-s.a.tol {
			best, choice = tot, id
		}
		low = min(low, tot)
	}
	try(s.a.delta, cov, -1)
	for ti, t := range s.byFirst[u] {
		if disjoint(t.rest, cov) {
			try(t.cost, merge(cov, t.rest), int32(ti))
		}
	}
	if choice >= -1 && best < budget {
		e = bEntry{val: best, choice: choice, exact: true}
	} else {
		e = bEntry{val: max(low, lb), choice: -1}
	}
	s.bmemo[k] = e
	if len(s.bmemo) > s.limit && s.err == nil {
		s.err = errTooDense
	}
	if s.a.ctl.tick(len(s.byFirst[u])+1) && s.err == nil {
		s.err = errStopped
	}
	return e.val, e.exact
}

// resize returns *buf with length n, reallocated (and kept in *buf) when
// its capacity is too small; the contents are not cleared.
func resize[T any](buf *[]T, n int) []T {
	if cap(*buf) < n {
		*buf = make([]T, n, n+n/4) // (room to grow: the sizes vary a little from one use to the next)
	}
	return (*buf)[:n]
}

package gamma

import (
	"encoding/binary"
	"fmt"
	"sort"
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
	local   map[int32]int32 // item → local index
	byFirst [][]ltuple      // tuples by local first unit
	memo    map[string]dpEntry
	buf     []byte
	n       int32
	limit   int
	err     error
}

// maxDPStates bounds the memo of one component. Real annotations stay far
// below it (5 annotators × 100 units, one component of 500 units: ~10⁴
// states); a component whose units all overlap densely can exceed it, and
// then BestAlignment reports an error instead of running for hours.
const maxDPStates = 4 << 20

type ltuple struct {
	rest []int32 // local indices after the first, sorted
	cost float64
	id   int // index in aligner.tuples
}

type dpEntry struct {
	val    float64
	choice int32 // index in byFirst[u], -1 for the singleton
}

func (a *aligner) solveDP(items []int32, tis []int) ([]int, error) {
	s := &dpSolver{a: a, local: make(map[int32]int32, len(items)), n: int32(len(items)), memo: map[string]dpEntry{}, limit: maxDPStates}
	for k, it := range items {
		s.local[it] = int32(k)
	}
	s.byFirst = make([][]ltuple, len(items))
	for _, ti := range tis {
		t := a.tuples[ti]
		rest := make([]int32, len(t.members)-1)
		for k, m := range t.members[1:] {
			rest[k] = s.local[m]
		}
		sort.Slice(rest, func(x, y int) bool { return rest[x] < rest[y] })
		f := s.local[t.members[0]]
		s.byFirst[f] = append(s.byFirst[f], ltuple{rest: rest, cost: t.cost, id: ti})
	}
	if s.width() < 64 && !a.genericDP {
		return s.solveMask()
	}
	s.f(0, nil)
	if s.err != nil {
		return nil, s.err
	}
	// reconstruct
	var sel []int
	u, cov := int32(0), []int32(nil)
	for {
		for len(cov) > 0 && cov[0] == u {
			u++
			cov = cov[1:]
		}
		if u == s.n {
			break
		}
		e := s.memo[s.key(u, cov)]
		if e.choice >= 0 {
			t := s.byFirst[u][e.choice]
			sel = append(sel, t.id)
			cov = merge(cov, t.rest)
		}
		u++
	}
	return sel, nil
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
		s.err = fmt.Errorf("a component of %d units is too dense for the exact solver (more than %d states); try a larger alpha", s.n, s.limit)
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

// maskSolver is dpSolver for components whose tuples span fewer than 64
// consecutive units (the usual case): the set of later units already used
// is a bit mask relative to u, so the state is two machine words.
type maskSolver struct {
	delta, tol float64
	n          int32
	byFirst    [][]mtuple
	memo       map[mkey]dpEntry
	limit      int
	err        error
}

type mtuple struct {
	mask uint64 // bit k: local unit first+k (bit 0, the first unit, is set)
	cost float64
	id   int
}

type mkey struct {
	u int32
	m uint64
}

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

func (s *dpSolver) solveMask() ([]int, error) {
	m := &maskSolver{delta: s.a.delta, tol: s.a.tol, n: s.n, byFirst: make([][]mtuple, s.n), memo: map[mkey]dpEntry{}, limit: s.limit}
	for f, ts := range s.byFirst {
		for _, t := range ts {
			mk := uint64(1)
			for _, r := range t.rest {
				mk |= 1 << uint(r-int32(f))
			}
			m.byFirst[f] = append(m.byFirst[f], mtuple{mk, t.cost, t.id})
		}
	}
	m.f(0, 0)
	if m.err != nil {
		return nil, m.err
	}
	var sel []int
	u, cov := int32(0), uint64(0)
	for {
		for cov&1 != 0 {
			u++
			cov >>= 1
		}
		if u >= m.n {
			break
		}
		e := m.memo[mkey{u, cov}]
		if e.choice >= 0 {
			t := m.byFirst[u][e.choice]
			sel = append(sel, t.id)
			cov |= t.mask
		}
		u++
		cov >>= 1
	}
	return sel, nil
}

// f is dpSolver.f with cov a mask relative to u (bit k: unit u+k used).
func (m *maskSolver) f(u int32, cov uint64) float64 {
	for cov&1 != 0 {
		u++
		cov >>= 1
	}
	if u >= m.n || m.err != nil {
		return 0
	}
	k := mkey{u, cov}
	if e, ok := m.memo[k]; ok {
		return e.val
	}
	best := m.delta + m.f(u+1, cov>>1)
	choice := int32(-1)
	for ti, t := range m.byFirst[u] {
		if t.mask&cov != 0 {
			continue
		}
		v := t.cost + m.f(u+1, (cov|t.mask)>>1)
		if v < best-m.tol {
			best, choice = v, int32(ti)
		}
	}
	m.memo[k] = dpEntry{best, choice}
	if len(m.memo) > m.limit && m.err == nil {
		m.err = fmt.Errorf("a component of %d units is too dense for the exact solver (more than %d states); try a larger alpha", m.n, m.limit)
	}
	return best
}

package spans

import (
	"math"
	"slices"

	"agree/internal/unionfind"
)

// Limits of what matching one document keeps in memory. A document whose
// candidate pairs (between classes of identical spans) number more than
// maxStoredCandidates is matched component by component, each component's
// candidates enumerated again by a sweep over its own spans; a component
// of more than maxComponentEdges candidates keeps only its adjacency lists
// (12 bytes a candidate), and one of more than maxAdjacency not even
// those: each span's candidates are computed whenever the solver visits
// it. Every way gives the same matching (tests lower the limits).
var (
	maxStoredCandidates = 1 << 16
	maxComponentEdges   = 1 << 16
	maxAdjacency        = 1 << 23
)

// groups are the classes of identical spans (the same parts and label) of
// one annotator in one document, adjacent in the canonical order: reps[g]
// is the first span of class g, at position from[g] of the list, and the
// class has mult[g] spans.
type groups struct {
	reps, from, mult []int32
	dup              bool // a class has several spans
}

// groupDuplicates is false in tests that match every span alone, as before
// duplicates were grouped.
var groupDuplicates = true

// group fills g with the classes of list (spans in canonical order).
func (g *groups) group(p *prepared, list []int32) {
	g.reps, g.from, g.mult, g.dup = g.reps[:0], g.from[:0], g.mult[:0], false
	for i := 0; i < len(list); {
		j := i + 1
		for groupDuplicates && j < len(list) && p.identical(&p.shapes[list[i]], &p.shapes[list[j]]) {
			j++
		}
		g.reps = append(g.reps, list[i])
		g.from = append(g.from, int32(i))
		g.mult = append(g.mult, int32(j-i))
		g.dup = g.dup || j-i > 1
		i = j
	}
}

// identical reports whether two spans are interchangeable for matching:
// the same parts and the same label.
func (p *prepared) identical(a, b *shape) bool {
	return a.label == b.label && p.sameParts(a, b)
}

// matchDoc matches the reference spans A with the response spans B of one
// document (both in canonical order), by extent (w.mExt) and with labels
// (w.mStr), as pairs of positions in A and B.
//
// Identical spans of one annotator (duplicates) are one class matched as a
// whole: the transport solver sends as many of its spans as it should to
// each partner class, which is the exact optimum of the matching of the
// spans themselves (their candidates and weights are the same), at the
// cost of the distinct spans: 2 × 2000 copies of one span are one edge.
// Without duplicates a class is a span and this is the assignment problem.
func (w *worker) matchDoc(A, B []int32) {
	p := w.p
	w.ga.group(p, A)
	w.gb.group(p, B)
	ra, rb := w.ga.reps, w.gb.reps
	w.cand = w.cand[:0]
	stored := true
	w.sweep(ra, rb, func(c candidate) bool {
		if len(w.cand) == maxStoredCandidates {
			stored = false
			return false
		}
		w.cand = append(w.cand, c)
		return true
	})
	for _, labels := range [2]bool{false, true} {
		w.flows = w.flows[:0]
		if stored {
			w.edges = w.edges[:0]
			for _, c := range w.cand {
				if !labels || c.same {
					w.edges = append(w.edges, c.edge())
				}
			}
			w.flows = w.solve.match(len(ra), len(rb), w.ga.mult, w.gb.mult, w.edges, w.flows)
		} else {
			w.flows = w.matchLarge(labels, w.flows)
		}
		if labels {
			w.mStr = w.ga.expand(&w.gb, w.flows, w.mStr[:0])
		} else {
			w.mExt = w.ga.expand(&w.gb, w.flows, w.mExt[:0])
		}
	}
}

// edge is the candidate as the matching weighs it.
func (c *candidate) edge() edge {
	return edge{a: c.a, b: c.b, overlap: c.overlap, same: c.same, close: 1 / (1 + c.dist)}
}

// expand turns flows between classes (of g on the reference side, h on
// the response side) into pairs of positions: the next spans of each
// class, in canonical order.
func (g *groups) expand(h *groups, flows []flow, m [][2]int32) [][2]int32 {
	if !g.dup && !h.dup {
		for _, f := range flows {
			m = append(m, [2]int32{f.a, f.b})
		}
		return m
	}
	nextA := slices.Clone(g.from)
	nextB := slices.Clone(h.from)
	for _, f := range flows {
		for range f.n {
			m = append(m, [2]int32{nextA[f.a], nextB[f.b]})
			nextA[f.a]++
			nextB[f.b]++
		}
	}
	return m
}

// sweep calls emit with each pair (a, b) of spans A[a], B[b] that may be
// matched: a sweep over both lists, sorted by start, keeping the spans
// still open; each span is checked only against those whose hull (widened
// by the tolerance) touches its own. The pairs come in the order of the
// sweep, which over a sublist of A and B gives the pairs of the sublist
// in the same order. emit returns false to stop.
func (w *worker) sweep(A, B []int32, emit func(candidate) bool) {
	p := w.p
	m := p.opt.Match
	reach := m.reach()
	actA, actB := w.actA[:0], w.actB[:0]
	defer func() { w.actA, w.actB = actA, actB }()
	check := func(a, b int32) bool {
		sa, sb := &p.shapes[A[a]], &p.shapes[B[b]]
		if ok, ov := m.pairs(p, sa, sb); ok {
			if w.unit != 1 {
				ov = math.Round(ov * w.unit)
			}
			return emit(candidate{a, b, ov, p.boundaryDistance(sa, sb), sa.label == sb.label})
		}
		return true
	}
	ia, ib := 0, 0
	for ia < len(A) || ib < len(B) {
		if ib >= len(B) || (ia < len(A) && p.shapes[A[ia]].start-reach <= p.shapes[B[ib]].start) {
			s := p.shapes[A[ia]].start - reach
			k := 0
			for _, b := range actB {
				if p.shapes[B[b]].end >= s {
					actB[k] = b
					k++
				}
			}
			actB = actB[:k]
			if ib >= len(B) && k == 0 {
				break // no response span is left to pair with
			}
			for _, b := range actB {
				if !check(int32(ia), b) {
					return
				}
			}
			actA = append(actA, int32(ia))
			ia++
			continue
		}
		s := p.shapes[B[ib]].start
		k := 0
		for _, a := range actA {
			if p.shapes[A[a]].end+reach >= s {
				actA[k] = a
				k++
			}
		}
		actA = actA[:k]
		if ia >= len(A) && k == 0 {
			break
		}
		for _, a := range actA {
			if !check(a, int32(ib)) {
				return
			}
		}
		actB = append(actB, int32(ib))
		ib++
	}
}

// largeState holds the buffers of matchLarge.
type largeState struct {
	uf                 unionfind.Sets
	count              []int32 // candidates of each component (by root)
	starA, starB       []bool  // the component's candidates share a class
	firstA, firstB     []int32
	start, nodes       []int32 // the classes of each component, by root
	subA, subB         []int32 // a component's classes (their reps)
	idxA, idxB         []int32 // and their class indexes
	localA, localB     []int32 // class → row or column of the component, -1
	rows, cols         []int32
	supply, capac      []int32
	adjStart, adjCol   []int32
	adjCost            []float64
	bufCol             []int32
	bufCost            []float64
	scale, big         float64
	labels, streamOnly bool
}

// matchLarge is the matching of matchDoc (with labels, or by extent) for a
// document with too many candidates to keep: a sweep joins the classes
// into the components of the candidate graph, another counts each
// component's candidates; then each component is matched alone, in the
// order of their smallest class (as solver.match does), from the
// candidates of a sweep over its own classes: kept as edges for a small
// component (solver.component), as adjacency lists for a larger one, and
// computed anew at each visit of a row for the largest. The result is
// solver.match's on the same candidates.
func (w *worker) matchLarge(labels bool, out []flow) []flow {
	L := &w.large
	L.labels = labels
	ra, rb := w.ga.reps, w.gb.reps
	nA, nB := len(ra), len(rb)
	n := nA + nB
	L.uf.Reset(n)
	w.sweep(ra, rb, func(c candidate) bool {
		if !labels || c.same {
			L.uf.Union(int(c.a), nA+int(c.b))
		}
		return true
	})
	L.count = resize(L.count, n)
	clear(L.count)
	L.starA, L.starB = resizeBool(L.starA, n), resizeBool(L.starB, n)
	L.firstA, L.firstB = resize(L.firstA, n), resize(L.firstB, n)
	w.sweep(ra, rb, func(c candidate) bool {
		if labels && !c.same {
			return true
		}
		r := L.uf.Find(int(c.a))
		if L.count[r] == 0 {
			L.firstA[r], L.firstB[r], L.starA[r], L.starB[r] = c.a, c.b, true, true
		}
		L.count[r]++
		L.starA[r] = L.starA[r] && c.a == L.firstA[r]
		L.starB[r] = L.starB[r] && c.b == L.firstB[r]
		return true
	})
	// the classes of each component, in class order
	L.start = resize(L.start, n+1)
	clear(L.start)
	for x := range n {
		L.start[L.uf.Find(x)+1]++
	}
	for x := 1; x <= n; x++ {
		L.start[x] += L.start[x-1]
	}
	L.nodes = resize(L.nodes, n)
	pos := slices.Clone(L.start[:n])
	for x := range n {
		r := L.uf.Find(x)
		L.nodes[pos[r]] = int32(x)
		pos[r]++
	}
	L.localA = fill(L.localA, nA, -1)
	L.localB = fill(L.localB, nB, -1)
	for r := range n {
		if L.count[r] == 0 {
			continue
		}
		L.subA, L.subB, L.idxA, L.idxB = L.subA[:0], L.subB[:0], L.idxA[:0], L.idxB[:0]
		for _, x := range L.nodes[L.start[r]:L.start[r+1]] {
			if int(x) < nA {
				L.subA, L.idxA = append(L.subA, ra[x]), append(L.idxA, x)
			} else {
				L.subB, L.idxB = append(L.subB, rb[int(x)-nA]), append(L.idxB, x-int32(nA))
			}
		}
		switch c := int(L.count[r]); {
		case c <= maxComponentEdges || L.starA[r] || L.starB[r]:
			// its candidates as edges (a star's are at most its classes)
			w.edges = w.edges[:0]
			w.sweep(L.subA, L.subB, func(x candidate) bool {
				if !labels || x.same {
					e := x.edge()
					e.a, e.b = L.idxA[x.a], L.idxB[x.b]
					w.edges = append(w.edges, e)
				}
				return true
			})
			all := resize(w.solve.order, len(w.edges))
			for k := range all {
				all[k] = int32(k)
			}
			w.solve.order = all
			out = w.solve.component(nA, nB, w.ga.mult, w.gb.mult, w.edges, all, out)
		default:
			out = w.largeComponent(c, out)
		}
	}
	return out
}

// largeComponent solves the component of classes L.subA, L.subB (with c
// candidates) as solver.component does, without keeping its candidates as
// edges: rows and columns numbered by first appearance in the sweep, the
// same scale, total weight and costs, the candidates of each row as
// adjacency lists, or, past maxAdjacency, computed at each visit.
func (w *worker) largeComponent(c int, out []flow) []flow {
	L := &w.large
	mA, mB := w.ga.mult, w.gb.mult
	L.rows, L.cols, L.supply, L.capac = L.rows[:0], L.cols[:0], L.supply[:0], L.capac[:0]
	units := [2]int64{}
	w.sweep(L.subA, L.subB, func(x candidate) bool {
		if L.labels && !x.same {
			return true
		}
		a, b := L.idxA[x.a], L.idxB[x.b]
		if L.localA[a] < 0 {
			L.localA[a] = int32(len(L.rows))
			L.rows = append(L.rows, a)
			L.supply = append(L.supply, mA[a])
			units[0] += int64(mA[a])
		}
		if L.localB[b] < 0 {
			L.localB[b] = int32(len(L.cols))
			L.cols = append(L.cols, b)
			L.capac = append(L.capac, mB[b])
			units[1] += int64(mB[b])
		}
		return true
	})
	L.scale = componentScale(units)
	total := 0.0
	w.sweep(L.subA, L.subB, func(x candidate) bool {
		if !L.labels || x.same {
			e := x.edge()
			total += e.weight(L.scale) * float64(min(mA[L.idxA[x.a]], mB[L.idxB[x.b]]))
		}
		return true
	})
	L.big = total + 1
	var adj func(r int32) ([]int32, []float64)
	if c <= maxAdjacency && !L.streamOnly {
		L.adjStart = resize(L.adjStart, len(L.rows)+1)
		clear(L.adjStart)
		w.sweep(L.subA, L.subB, func(x candidate) bool {
			if !L.labels || x.same {
				L.adjStart[L.localA[L.idxA[x.a]]+1]++
			}
			return true
		})
		for r := range L.rows {
			L.adjStart[r+1] += L.adjStart[r]
		}
		L.adjCol = resize(L.adjCol, c)
		L.adjCost = resizeFloat(L.adjCost, c)
		next := slices.Clone(L.adjStart[:len(L.rows)])
		w.sweep(L.subA, L.subB, func(x candidate) bool {
			if !L.labels || x.same {
				r := L.localA[L.idxA[x.a]]
				e := x.edge()
				L.adjCol[next[r]], L.adjCost[next[r]] = L.localB[L.idxB[x.b]], -(L.big + e.weight(L.scale))
				next[r]++
			}
			return true
		})
		adj = func(r int32) ([]int32, []float64) {
			return L.adjCol[L.adjStart[r]:L.adjStart[r+1]], L.adjCost[L.adjStart[r]:L.adjStart[r+1]]
		}
	} else {
		// a row's candidates: the component's response classes whose hull
		// touches its own, checked as the sweep checks them
		pos := make([]int32, len(L.rows)) // row → its place in subA
		for k, a := range L.idxA {
			if l := L.localA[a]; l >= 0 {
				pos[l] = int32(k)
			}
		}
		p := w.p
		reach := p.opt.Match.reach()
		adj = func(r int32) ([]int32, []float64) {
			L.bufCol, L.bufCost = L.bufCol[:0], L.bufCost[:0]
			sa := &p.shapes[L.subA[pos[r]]]
			for k, s := range L.subB {
				sb := &p.shapes[s]
				if sb.start > sa.end+reach {
					break // the classes are in canonical order: by start
				}
				if sb.end < sa.start-reach {
					continue
				}
				ok, ov := p.opt.Match.pairs(p, sa, sb)
				if !ok || (L.labels && sa.label != sb.label) {
					continue
				}
				if w.unit != 1 {
					ov = math.Round(ov * w.unit)
				}
				e := (&candidate{overlap: ov, dist: p.boundaryDistance(sa, sb), same: sa.label == sb.label}).edge()
				L.bufCol = append(L.bufCol, L.localB[L.idxB[k]])
				L.bufCost = append(L.bufCost, -(L.big + e.weight(L.scale)))
			}
			return L.bufCol, L.bufCost
		}
	}
	flows, _ := w.solve.as.Transport(len(L.rows), len(L.cols), L.supply, L.capac, adj)
	for _, f := range flows {
		out = append(out, flow{L.rows[f.Row], L.cols[f.Col], f.Units})
	}
	for _, a := range L.rows {
		L.localA[a] = -1
	}
	for _, b := range L.cols {
		L.localB[b] = -1
	}
	return out
}

func resizeBool(x []bool, n int) []bool {
	if cap(x) < n {
		return make([]bool, n)
	}
	return x[:n]
}

func resizeFloat(x []float64, n int) []float64 {
	if cap(x) < n {
		return make([]float64, n)
	}
	return x[:n]
}

package spans

import (
	"agree/internal/assign"
	"agree/internal/unionfind"
)

// edge is a candidate pair of a matching: span a of the reference and span
// b of the response (indexes local to one document), with what decides
// between matchings of the same size, in this order: the larger total
// overlap (a whole number ≥ 0: shared characters, or microseconds), then
// the more pairs with the same label, then the larger total closeness
// (each in [0, 1]).
type edge struct {
	a, b    int32
	overlap float64
	same    bool
	close   float64
}

// better reports whether e is preferred to f (lexicographically).
func (e *edge) better(f *edge) bool {
	if e.overlap != f.overlap {
		return e.overlap > f.overlap
	}
	if e.same != f.same {
		return e.same
	}
	return e.close > f.close
}

// weight combines the preferences into one number for a component whose
// matchings have fewer than s pairs: overlap·s² + same·s + close. For
// whole-number overlaps it orders matchings of one size as the preferences
// do, lexicographically: one more unit of total overlap (s²) outweighs any
// gain in equal labels and closeness (at most (s−1)·s + s−1 < s²), and one
// more equal label (s) any gain in closeness (at most s−1).
func (e *edge) weight(s float64) float64 {
	w := e.overlap*s*s + e.close
	if e.same {
		w += s
	}
	return w
}

// solver finds maximum matchings of largest total tie weight, reusing its
// buffers from one call to the next (one solver per goroutine).
type solver struct {
	uf     unionfind.Sets
	root   []int32 // component of each edge
	order  []int32 // edges grouped by component
	count  []int32
	localA []int32 // reference span → row in the component, -1
	localB []int32
	rows   []int32 // component row → reference span
	cols   []int32
	aedges []assign.Edge
}

// match returns, for the nA reference and nB response spans joined by the
// candidate edges, a matching of the largest size and, among those, the
// one preferred by the edges' order (edge.better summed: total overlap,
// then equal labels, then closeness), as pairs appended to out. It is
// exact: the graph is cut into connected components (spans that share no
// candidate never compete), a component of one edge or of one span on
// either side is solved directly, and any other by the assignment solver
// on its own edges, with costs −(M + w), w the edge's weight scaled to the
// component (edge.weight) and M exceeding the component's total weight, so
// that one more pair always outweighs any gain in weight. The result
// depends only on the edges and their order.
func (s *solver) match(nA, nB int, edges []edge, out [][2]int32) [][2]int32 {
	switch len(edges) {
	case 0:
		return out
	case 1:
		return append(out, [2]int32{edges[0].a, edges[0].b})
	}
	s.uf.Reset(nA + nB)
	for _, e := range edges {
		s.uf.Union(int(e.a), nA+int(e.b))
	}
	// Counting sort of the edges by component (the component's smallest node).
	n := nA + nB
	s.count = resize(s.count, n+1)
	clear(s.count)
	s.root = resize(s.root, len(edges))
	for k, e := range edges {
		r := int32(s.uf.Find(int(e.a)))
		s.root[k] = r
		s.count[r+1]++
	}
	for i := 1; i <= n; i++ {
		s.count[i] += s.count[i-1]
	}
	s.order = resize(s.order, len(edges))
	for k := range edges {
		r := s.root[k]
		s.order[s.count[r]] = int32(k)
		s.count[r]++
	}
	// s.count[r] is now the end of component r's run; runs are in root order.
	for lo := 0; lo < len(edges); {
		hi := lo + 1
		for hi < len(edges) && s.root[s.order[hi]] == s.root[s.order[lo]] {
			hi++
		}
		out = s.component(nA, nB, edges, s.order[lo:hi], out)
		lo = hi
	}
	return out
}

func (s *solver) component(nA, nB int, edges []edge, idx []int32, out [][2]int32) [][2]int32 {
	if len(idx) == 1 {
		e := edges[idx[0]]
		return append(out, [2]int32{e.a, e.b})
	}
	// A star (one span on one side): the heaviest edge, the first on ties.
	first := edges[idx[0]]
	starA, starB := true, true
	for _, k := range idx[1:] {
		starA = starA && edges[k].a == first.a
		starB = starB && edges[k].b == first.b
	}
	if starA || starB {
		best := first
		for _, k := range idx[1:] {
			if edges[k].better(&best) {
				best = edges[k]
			}
		}
		return append(out, [2]int32{best.a, best.b})
	}
	s.localA = fill(s.localA, nA, -1)
	s.localB = fill(s.localB, nB, -1)
	s.rows, s.cols = s.rows[:0], s.cols[:0]
	for _, k := range idx {
		e := edges[k]
		if s.localA[e.a] < 0 {
			s.localA[e.a] = int32(len(s.rows))
			s.rows = append(s.rows, e.a)
		}
		if s.localB[e.b] < 0 {
			s.localB[e.b] = int32(len(s.cols))
			s.cols = append(s.cols, e.b)
		}
	}
	// A matching of the component has at most min(rows, cols) pairs.
	scale := float64(min(len(s.rows), len(s.cols)) + 1)
	total := 0.0
	for _, k := range idx {
		total += edges[k].weight(scale)
	}
	big := total + 1
	s.aedges = s.aedges[:0]
	for _, k := range idx {
		e := &edges[k]
		s.aedges = append(s.aedges, assign.Edge{Row: s.localA[e.a], Col: s.localB[e.b], Cost: -(big + e.weight(scale))})
	}
	rowToCol, _ := assign.MinCostMatching(len(s.rows), len(s.cols), s.aedges)
	for r, c := range rowToCol {
		if c >= 0 {
			out = append(out, [2]int32{s.rows[r], s.cols[c]})
		}
	}
	for _, a := range s.rows {
		s.localA[a] = -1
	}
	for _, b := range s.cols {
		s.localB[b] = -1
	}
	return out
}

func resize(x []int32, n int) []int32 {
	if cap(x) < n {
		return make([]int32, n)
	}
	return x[:n]
}

// fill returns x with length ≥ n, every new element set to v (elements
// already there are left as they are: callers restore them to v).
func fill(x []int32, n int, v int32) []int32 {
	for len(x) < n {
		x = append(x, v)
	}
	return x
}

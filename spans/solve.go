package spans

import (
	"slices"

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

// flow is n pairs of a class of identical reference spans a and a class
// of identical response spans b (indexes of the classes in one document;
// n = 1 for spans without duplicates).
type flow struct {
	a, b, n int32
}

// solver finds maximum matchings of largest total tie weight, reusing its
// buffers from one call to the next (one solver per goroutine).
type solver struct {
	uf     unionfind.Sets
	root   []int32 // component of each edge
	order  []int32 // edges grouped by component
	count  []int32
	localA []int32 // reference class → row in the component, -1
	localB []int32
	rows   []int32 // component row → reference class
	cols   []int32
	supply []int32 // units of each row (its class's spans)
	capac  []int32 // units of each column
	aedges []assign.Edge
	star   []int32 // a star's edges, best first
	as     assign.Solver
}

// match returns, for the nA classes of identical reference spans and nB
// of response spans (with multA[a] and multB[b] spans each) joined by the
// candidate edges, a matching of the spans of the largest size and, among
// those, the one preferred by the edges' order (edge.better summed over
// the pairs: total overlap, then equal labels, then closeness), as flows
// (pairs of classes and how many of their spans are paired) appended to
// out. It is exact: the graph is cut into connected components (spans that
// share no candidate never compete), a component of one edge or of one
// class on either side is solved directly (the best edges first), and any
// other by the transport solver of internal/assign on its own edges (the
// assignment problem when every class has one span), with costs −(M + w),
// w the edge's weight scaled to the component (edge.weight) and M
// exceeding the weight of any matching of the component, so that one more
// pair always outweighs any gain in weight. The result depends only on the
// edges, their order and the multiplicities.
func (s *solver) match(nA, nB int, multA, multB []int32, edges []edge, out []flow) []flow {
	switch len(edges) {
	case 0:
		return out
	case 1:
		e := edges[0]
		return append(out, flow{e.a, e.b, min(multA[e.a], multB[e.b])})
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
		out = s.component(nA, nB, multA, multB, edges, s.order[lo:hi], out)
		lo = hi
	}
	return out
}

func (s *solver) component(nA, nB int, multA, multB []int32, edges []edge, idx []int32, out []flow) []flow {
	if len(idx) == 1 {
		e := edges[idx[0]]
		return append(out, flow{e.a, e.b, min(multA[e.a], multB[e.b])})
	}
	// A star (one class on one side): its spans take the best edges, the
	// first on ties.
	first := edges[idx[0]]
	starA, starB := true, true
	for _, k := range idx[1:] {
		starA = starA && edges[k].a == first.a
		starB = starB && edges[k].b == first.b
	}
	if starA || starB {
		if (starA && multA[first.a] == 1) || (starB && multB[first.b] == 1) {
			// one span at the center: its best edge, the first on ties
			best := first
			for _, k := range idx[1:] {
				if edges[k].better(&best) {
					best = edges[k]
				}
			}
			return append(out, flow{best.a, best.b, 1})
		}
		s.star = append(s.star[:0], idx...)
		return starFlows(edges, s.star, starA, multA, multB, out)
	}
	s.localA = fill(s.localA, nA, -1)
	s.localB = fill(s.localB, nB, -1)
	s.rows, s.cols = s.rows[:0], s.cols[:0]
	s.supply, s.capac = s.supply[:0], s.capac[:0]
	units := [2]int64{}
	for _, k := range idx {
		e := edges[k]
		if s.localA[e.a] < 0 {
			s.localA[e.a] = int32(len(s.rows))
			s.rows = append(s.rows, e.a)
			s.supply = append(s.supply, multA[e.a])
			units[0] += int64(multA[e.a])
		}
		if s.localB[e.b] < 0 {
			s.localB[e.b] = int32(len(s.cols))
			s.cols = append(s.cols, e.b)
			s.capac = append(s.capac, multB[e.b])
			units[1] += int64(multB[e.b])
		}
	}
	scale, total := componentScale(units), 0.0
	for _, k := range idx {
		e := &edges[k]
		total += e.weight(scale) * float64(min(multA[e.a], multB[e.b]))
	}
	big := total + 1
	s.aedges = s.aedges[:0]
	for _, k := range idx {
		e := &edges[k]
		s.aedges = append(s.aedges, assign.Edge{Row: s.localA[e.a], Col: s.localB[e.b], Cost: -(big + e.weight(scale))})
	}
	flows, _ := s.as.TransportEdges(len(s.rows), len(s.cols), s.supply, s.capac, s.aedges)
	for _, f := range flows {
		out = append(out, flow{s.rows[f.Row], s.cols[f.Col], f.Units})
	}
	for _, a := range s.rows {
		s.localA[a] = -1
	}
	for _, b := range s.cols {
		s.localB[b] = -1
	}
	return out
}

// componentScale is the scale of edge.weight for a component whose sides
// hold units[0] and units[1] spans: a matching has at most the smaller
// number of pairs.
func componentScale(units [2]int64) float64 { return float64(min(units[0], units[1]) + 1) }

// starFlows solves a star: the edges idx share their reference class
// (starA) or their response class. The center's spans take the best edges
// first (edge.better; the first on ties), each as many pairs as the other
// class has spans.
func starFlows(edges []edge, idx []int32, starA bool, multA, multB []int32, out []flow) []flow {
	slices.SortStableFunc(idx, func(x, y int32) int {
		switch {
		case edges[x].better(&edges[y]):
			return -1
		case edges[y].better(&edges[x]):
			return 1
		}
		return 0
	})
	e0 := edges[idx[0]]
	left := multB[e0.b]
	if starA {
		left = multA[e0.a]
	}
	for _, k := range idx {
		if left == 0 {
			break
		}
		e := edges[k]
		n := min(left, multA[e.a])
		if starA {
			n = min(left, multB[e.b])
		}
		out = append(out, flow{e.a, e.b, n})
		left -= n
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

package coref

import (
	"container/heap"
	"math"
)

// edge is a positive-weight edge of a bipartite graph.
type edge struct {
	col int32
	w   float64
}

// maxWeightMatching returns the largest total weight of a matching in the
// sparse bipartite graph adj (adj[r] lists row r's edges, weights > 0;
// columns are 0..nCols−1), rows and columns used at most once each.
//
// It is the successive-shortest-path method for min-cost assignment with
// Dijkstra on reduced costs (Johnson potentials), over the graph where row r
// may also stay unmatched at cost 0 (an implicit dummy column of its own)
// and a matched edge costs −w. Each row is added once; a search explores
// only the alternating paths cheaper than the first free column it reaches,
// so sparse graphs of thousands of entities are solved in far less than the
// O(n³) of the dense solver, and the result is the exact optimum (checked
// against internal/assign in the tests).
func maxWeightMatching(adj [][]edge, nCols int) float64 {
	n := len(adj)
	pRow := make([]float64, n)
	pDum := make([]float64, n)
	pCol := make([]float64, nCols)
	// Initial potentials make every reduced cost non-negative while every
	// free column and dummy has potential 0; free nodes are never settled
	// before the search stops, so they keep potential 0, and comparing
	// reduced distances to free nodes compares true path costs.
	for r, es := range adj {
		for _, e := range es {
			pRow[r] = math.Max(pRow[r], e.w)
		}
	}
	const unassigned, toDummy = -1, -2
	matchRow := make([]int32, n) // column, unassigned or toDummy
	matchCol := make([]int32, nCols)
	for i := range matchRow {
		matchRow[i] = unassigned
	}
	for j := range matchCol {
		matchCol[j] = -1
	}
	// Search state, reset through the touched lists.
	distCol := make([]float64, nCols)
	doneCol := make([]bool, nCols)
	prevCol := make([]int32, nCols) // row that reached the column
	for j := range distCol {
		distCol[j] = math.Inf(1)
	}
	distRow := make([]float64, n)
	var touchedCols, rowsSeen []int32
	h := &nodeHeap{}

	for s := 0; s < n; s++ {
		touchedCols, rowsSeen = touchedCols[:0], rowsSeen[:0]
		*h = (*h)[:0]
		// relax pushes the edges of row r, reached at distance d.
		relax := func(r int32, d float64) {
			distRow[r] = d
			rowsSeen = append(rowsSeen, r)
			for _, e := range adj[r] {
				j := e.col
				if doneCol[j] {
					continue
				}
				nd := d + (-e.w) + pRow[r] - pCol[j]
				if nd < distCol[j] {
					if math.IsInf(distCol[j], 1) {
						touchedCols = append(touchedCols, j)
					}
					distCol[j] = nd
					prevCol[j] = r
					heap.Push(h, node{nd, j})
				}
			}
			// staying unmatched: the row's own dummy column
			heap.Push(h, node{d + pRow[r] - pDum[r], -1 - r})
		}
		relax(int32(s), 0)
		var D float64
		var term int32
		for {
			x := heap.Pop(h).(node)
			if x.id < 0 { // a dummy: always free when reached
				D, term = x.d, x.id
				break
			}
			j := x.id
			if doneCol[j] || x.d > distCol[j] {
				continue
			}
			doneCol[j] = true
			if matchCol[j] < 0 {
				D, term = x.d, j
				break
			}
			relax(matchCol[j], x.d) // the matched edge back is tight (reduced cost 0)
		}
		// Potentials p += min(d, D), less the uniform shift D (which leaves
		// reduced costs unchanged): only nodes settled closer than D move.
		for _, j := range touchedCols {
			if doneCol[j] && distCol[j] < D {
				pCol[j] -= D - distCol[j]
			}
		}
		for _, r := range rowsSeen {
			if distRow[r] < D {
				pRow[r] -= D - distRow[r]
			}
		}
		// Augment along the path back to s.
		var col, r int32
		if term < 0 {
			r = -1 - term
			// the dummy was settled at exactly D: its potential stays
			old := matchRow[r]
			matchRow[r] = toDummy
			col = old
		} else {
			col = term
		}
		for col >= 0 {
			r = prevCol[col]
			old := matchRow[r]
			matchRow[r] = col
			matchCol[col] = r
			col = old
		}
		for _, j := range touchedCols {
			distCol[j] = math.Inf(1)
			doneCol[j] = false
		}
	}
	total := 0.0
	for r, j := range matchRow {
		if j >= 0 {
			for _, e := range adj[r] {
				if e.col == j {
					total += e.w
					break
				}
			}
		}
	}
	return total
}

type node struct {
	d  float64
	id int32 // column, or −1−row for a row's dummy column
}

type nodeHeap []node

func (h nodeHeap) Len() int { return len(h) }
func (h nodeHeap) Less(i, j int) bool {
	if h[i].d != h[j].d {
		return h[i].d < h[j].d
	}
	return h[i].id < h[j].id
}
func (h nodeHeap) Swap(i, j int) { h[i], h[j] = h[j], h[i] }
func (h *nodeHeap) Push(x any)   { *h = append(*h, x.(node)) }
func (h *nodeHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}

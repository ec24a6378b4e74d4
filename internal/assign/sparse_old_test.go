package assign

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// oldMinCostMatching is MinCostMatching as it was before the transport
// generalisation (a lazy heap, a map for the total): the reference of
// TestMinCostMatchingUnchanged.

// oldMinCostMatching returns a minimum-cost matching on a sparse bipartite
// graph in which rows and columns may also stay unmatched at cost 0. It is
// the rectangular assignment problem whose absent pairs cost 0, solved
// without building the dense matrix: successive shortest augmenting paths
// (Dijkstra on reduced costs with a binary heap, dual potentials kept
// feasible), each row owning a private zero-cost "unmatched" column.
// Time O(rows · (E + rows + cols) · log) in the worst case and far less
// on local graphs (the search stops at the first free column).
//
// Only edges of negative cost can lower the total; an edge of cost 0 may or
// may not be used. Repeated (row, col) edges count with their smallest
// cost. rowToCol[r] is the matched column or -1; total the sum of the costs
// of the matched edges. The result is deterministic (heap ties are broken
// by column index).
func oldMinCostMatching(rows, cols int, edges []Edge) (rowToCol []int, total float64) {
	// adjacency: real columns 0..cols-1, row r's private column cols+r
	start := make([]int32, rows+1)
	for _, e := range edges {
		start[e.Row+1]++
	}
	for r := 0; r < rows; r++ {
		start[r+1] += start[r]
	}
	adjCol := make([]int32, len(edges))
	adjCost := make([]float64, len(edges))
	fill := append([]int32(nil), start[:rows]...)
	for _, e := range edges {
		k := fill[e.Row]
		adjCol[k], adjCost[k] = e.Col, e.Cost
		fill[e.Row]++
	}
	nc := cols + rows
	u := make([]float64, rows)
	v := make([]float64, nc)
	// Dual feasibility: reduced costs c − u − v ≥ 0, and v ≤ 0 with v < 0
	// only on matched columns (a column may stay unmatched at cost 0). Start
	// from v = 0 and u[r] = min(0, cheapest edge of r); the updates below only
	// lower v on columns that end up matched.
	for _, e := range edges {
		u[e.Row] = math.Min(u[e.Row], e.Cost)
	}
	matchCol := make([]int32, rows) // column of each row, -1 none
	matchRow := make([]int32, nc)   // row of each column, -1 none
	for i := range matchCol {
		matchCol[i] = -1
	}
	for i := range matchRow {
		matchRow[i] = -1
	}
	dist := make([]float64, nc)
	prevRow := make([]int32, nc) // row from which the column was reached
	done := make([]bool, nc)
	for i := range dist {
		dist[i] = math.Inf(1)
	}
	var touched []int32
	var finalized []int32
	h := &oldColHeap{}
	// Greedy start: a row whose cheapest edge (tight: reduced cost 0) leads
	// to a still free column takes it; the duals stay feasible.
	for r := int32(0); r < int32(rows); r++ {
		bc, bk := int32(-1), math.Inf(1)
		for k := start[r]; k < start[r+1]; k++ {
			if adjCost[k] < bk || (adjCost[k] == bk && adjCol[k] < bc) {
				bc, bk = adjCol[k], adjCost[k]
			}
		}
		if bc >= 0 && bk < 0 && bk == u[r] && matchRow[bc] < 0 {
			matchRow[bc], matchCol[r] = r, bc
		}
	}
	for root := int32(0); root < int32(rows); root++ {
		if matchCol[root] >= 0 {
			continue
		}
		touched, finalized = touched[:0], finalized[:0]
		*h = (*h)[:0]
		relax := func(r int32, base float64) {
			for k := start[r]; k < start[r+1]; k++ {
				c := adjCol[k]
				if done[c] {
					continue
				}
				d := base + adjCost[k] - u[r] - v[c]
				if d < dist[c] {
					if math.IsInf(dist[c], 1) {
						touched = append(touched, c)
					}
					dist[c], prevRow[c] = d, r
					h.push(oldItem{d, c})
				}
			}
			// the row's private column (cost 0)
			c := int32(cols) + r
			if !done[c] {
				d := base - u[r] - v[c]
				if d < dist[c] {
					if math.IsInf(dist[c], 1) {
						touched = append(touched, c)
					}
					dist[c], prevRow[c] = d, r
					h.push(oldItem{d, c})
				}
			}
		}
		relax(root, 0)
		var free int32 = -1
		var D float64
		for len(*h) > 0 {
			it := h.pop()
			c := it.col
			if done[c] || it.d > dist[c] {
				continue
			}
			done[c] = true
			finalized = append(finalized, c)
			if matchRow[c] < 0 {
				free, D = c, it.d
				break
			}
			relax(matchRow[c], it.d)
		}
		// potentials: visited columns and their rows move by d − D
		for _, c := range finalized {
			if c == free {
				continue
			}
			v[c] += dist[c] - D
			u[matchRow[c]] -= dist[c] - D
		}
		u[root] += D
		// augment along the path
		for c := free; ; {
			r := prevRow[c]
			next := matchCol[r]
			matchRow[c], matchCol[r] = r, c
			if r == root {
				break
			}
			c = next
		}
		for _, c := range touched {
			dist[c], done[c] = math.Inf(1), false
		}
	}
	rowToCol = make([]int, rows)
	best := map[[2]int32]float64{}
	for _, e := range edges {
		k := [2]int32{e.Row, e.Col}
		if c, ok := best[k]; !ok || e.Cost < c {
			best[k] = e.Cost
		}
	}
	for r, c := range matchCol {
		rowToCol[r] = -1
		if c >= 0 && int(c) < cols {
			rowToCol[r] = int(c)
			total += best[[2]int32{int32(r), c}]
		}
	}
	return rowToCol, total
}

type oldItem struct {
	d   float64
	col int32
}

// oldColHeap is a binary min-heap on (d, col).
type oldColHeap []oldItem

func (h oldColHeap) less(i, j int) bool {
	if h[i].d != h[j].d {
		return h[i].d < h[j].d
	}
	return h[i].col < h[j].col
}

func (h *oldColHeap) push(x oldItem) {
	*h = append(*h, x)
	a := *h
	for i := len(a) - 1; i > 0; {
		p := (i - 1) / 2
		if !a.less(i, p) {
			break
		}
		a[i], a[p] = a[p], a[i]
		i = p
	}
}

func (h *oldColHeap) pop() oldItem {
	a := *h
	top := a[0]
	n := len(a) - 1
	a[0] = a[n]
	a = a[:n]
	for i := 0; ; {
		l, m := 2*i+1, i
		if l < n && a.less(l, m) {
			m = l
		}
		if r := l + 1; r < n && a.less(r, m) {
			m = r
		}
		if m == i {
			break
		}
		a[i], a[m] = a[m], a[i]
		i = m
	}
	*h = a
	return top
}

// TestMinCostMatchingUnchanged: MinCostMatching (now MinCostTransport with
// unit supplies, an indexed heap and no map) gives exactly the matching and
// the total of the implementation it replaced, on random sparse graphs
// with many ties (small integer costs), repeated edges, zero and positive
// costs, and on larger random graphs.
func TestMinCostMatchingUnchanged(t *testing.T) {
	rng := rand.New(rand.NewPCG(25, 4))
	for trial := 0; trial < 20000; trial++ {
		rows, cols := rng.IntN(12), rng.IntN(12)
		if trial%100 == 0 {
			rows, cols = 50+rng.IntN(100), 50+rng.IntN(100)
		}
		var edges []Edge
		if rows > 0 && cols > 0 {
			for k := rng.IntN(rows*cols/2 + 3); k > 0; k-- {
				c := float64(rng.IntN(4) - 3)
				if trial%3 == 0 {
					c = rng.Float64()*6 - 5
				}
				edges = append(edges, Edge{int32(rng.IntN(rows)), int32(rng.IntN(cols)), c})
			}
		}
		got, gt := MinCostMatching(rows, cols, edges)
		want, wt := oldMinCostMatching(rows, cols, edges)
		if !slices.Equal(got, want) || gt != wt {
			t.Fatalf("trial %d (%dx%d, %d edges): %v %v, before %v %v", trial, rows, cols, len(edges), got, gt, want, wt)
		}
	}
}

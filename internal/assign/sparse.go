package assign

import (
	"cmp"
	"math"
	"slices"
)

// Edge allows row Row to be matched with column Col at cost Cost.
type Edge struct {
	Row, Col int32
	Cost     float64
}

// MinCostMatching returns a minimum-cost matching on a sparse bipartite
// graph in which rows and columns may also stay unmatched at cost 0. It is
// the rectangular assignment problem whose absent pairs cost 0, solved
// without building the dense matrix: successive shortest augmenting paths
// (Dijkstra on reduced costs with an indexed binary heap, dual potentials
// kept feasible), each row owning a private zero-cost "unmatched" column.
// Time O(rows · (E + rows + cols) · log) in the worst case and far less
// on local graphs (the search stops at the first free column); memory
// O(E + rows + cols).
//
// Only edges of negative cost can lower the total; an edge of cost 0 may or
// may not be used. Repeated (row, col) edges count with their smallest
// cost. rowToCol[r] is the matched column or -1; total the sum of the costs
// of the matched edges. The result is deterministic (heap ties are broken
// by column index). It is MinCostTransport with every supply and capacity
// 1.
func MinCostMatching(rows, cols int, edges []Edge) (rowToCol []int, total float64) {
	flows, total := TransportEdges(rows, cols, nil, nil, edges)
	rowToCol = make([]int, rows)
	for r := range rowToCol {
		rowToCol[r] = -1
	}
	for _, f := range flows {
		rowToCol[f.Row] = int(f.Col)
	}
	return rowToCol, total
}

// TransportEdges is MinCostTransport on a list of edges.
func TransportEdges(rows, cols int, supply, capacity []int32, edges []Edge) ([]Flow, float64) {
	var s Solver
	return s.TransportEdges(rows, cols, supply, capacity, edges)
}

// Solver solves transport problems one after another, reusing its memory
// (one Solver per goroutine). The flows it returns are valid until its
// next call.
type Solver struct {
	t           transport
	start, fill []int32
	adjCol      []int32
	adjCost     []float64
	flows       []Flow
	cheapest    []float64
	csr         func(r int32) ([]int32, []float64)
}

// TransportEdges is MinCostTransport on a list of edges.
func (s *Solver) TransportEdges(rows, cols int, supply, capacity []int32, edges []Edge) ([]Flow, float64) {
	// adjacency: the edges of each row, in input order
	s.start = grow(s.start, rows+1)
	clear(s.start)
	for _, e := range edges {
		s.start[e.Row+1]++
	}
	for r := 0; r < rows; r++ {
		s.start[r+1] += s.start[r]
	}
	s.adjCol = grow(s.adjCol, len(edges))
	s.adjCost = grow(s.adjCost, len(edges))
	s.fill = append(s.fill[:0], s.start[:rows]...)
	for _, e := range edges {
		k := s.fill[e.Row]
		s.adjCol[k], s.adjCost[k] = e.Col, e.Cost
		s.fill[e.Row]++
	}
	if s.csr == nil {
		s.csr = func(r int32) ([]int32, []float64) {
			return s.adjCol[s.start[r]:s.start[r+1]], s.adjCost[s.start[r]:s.start[r+1]]
		}
	}
	return s.Transport(rows, cols, supply, capacity, s.csr)
}

// Transport is MinCostTransport.
func (s *Solver) Transport(rows, cols int, supply, capacity []int32, adj func(r int32) ([]int32, []float64)) ([]Flow, float64) {
	s.t.reset(rows, cols, supply, capacity, adj)
	s.t.solve()
	var total float64
	s.flows, s.cheapest, total = s.t.result(s.flows[:0], s.cheapest)
	return s.flows, total
}

// grow returns x with length n, reusing its array when it is large enough
// (the contents are not cleared).
func grow[T any](x []T, n int) []T {
	if cap(x) < n {
		return make([]T, n)
	}
	return x[:n]
}

// Flow is Units units sent from row Row to column Col.
type Flow struct {
	Row, Col, Units int32
}

// MinCostTransport generalises MinCostMatching to rows and columns that
// stand for several identical units: row r has supply[r] units (nil: 1
// each), column c takes capacity[c] units (nil: 1 each), and an edge
// carries any number of units, each at the edge's cost; units may stay
// unsent at cost 0. It returns a flow of minimum total cost, as the
// positive flows in row order (columns in increasing order within a row),
// and the total. With every supply and capacity 1 it is MinCostMatching
// step for step (the same matching, ties included).
//
// The edges of row r are given by adj(r): its columns and their costs, the
// same every time it is called (in any order; adj may fill and reuse one
// buffer: the slices are read before the next call). So a caller with a
// dense graph may compute a row's edges when they are needed instead of
// storing them: memory is then O(rows + cols + the edges carrying flow).
//
// Successive shortest paths with dual potentials: the rows are taken in
// order as roots; while a root has units left, a Dijkstra search over the
// columns (reduced costs ≥ 0; a saturated column leads back, at reduced
// cost 0, to the rows that send it units) finds the nearest column with
// room (a row's private "unsent" column has room for all its units), the
// potentials are updated and as many units as the path allows are sent.
func MinCostTransport(rows, cols int, supply, capacity []int32, adj func(r int32) ([]int32, []float64)) (flows []Flow, total float64) {
	var s Solver
	return s.Transport(rows, cols, supply, capacity, adj)
}

// transport is the state of MinCostTransport.
type transport struct {
	rows, cols int
	supply     []int32 // nil: 1 each
	capacity   []int32 // nil: 1 each
	adj        func(r int32) ([]int32, []float64)

	u    []float64 // row potentials
	v    []float64 // column potentials (real columns, then each row's private one)
	left []int32   // units each row has still to place
	used []int32   // units each column holds
	// the flows into each column, as linked records (unit capacities: at
	// most one per column)
	head []int32
	recs []flowRec

	dist     []float64
	prevRow  []int32 // row from which each column was reached
	done     []bool
	rowFrom  []int32 // column from which each row was reached, -1 none (the root: -2)
	touched  []int32 // columns given a distance in the current search
	finished []int32 // columns finalised in the current search
	reached  []int32 // rows reached in the current search (the root excluded)
	heap     colHeap
}

type flowRec struct {
	row, units, next int32
}

// reset prepares t for a new problem, reusing its memory.
func (t *transport) reset(rows, cols int, supply, capacity []int32, adj func(r int32) ([]int32, []float64)) {
	nc := cols + rows
	t.rows, t.cols, t.supply, t.capacity, t.adj = rows, cols, supply, capacity, adj
	t.u, t.v = grow(t.u, rows), grow(t.v, nc)
	clear(t.u)
	clear(t.v)
	t.left, t.used, t.rowFrom = grow(t.left, rows), grow(t.used, nc), grow(t.rowFrom, rows)
	clear(t.used)
	t.head, t.dist, t.prevRow, t.done = grow(t.head, nc), grow(t.dist, nc), grow(t.prevRow, nc), grow(t.done, nc)
	clear(t.done)
	t.recs = t.recs[:0]
	for r := range t.left {
		t.left[r] = t.supplyOf(int32(r))
		t.rowFrom[r] = -1
	}
	for c := range t.head {
		t.head[c] = -1
		t.dist[c] = math.Inf(1)
	}
	t.heap.a = t.heap.a[:0]
	t.heap.pos = grow(t.heap.pos, nc)
	for c := range t.heap.pos {
		t.heap.pos[c] = -1
	}
}

func (t *transport) supplyOf(r int32) int32 {
	if t.supply == nil {
		return 1
	}
	return t.supply[r]
}

// room is how many more units column c takes (a private column takes all
// its row's units).
func (t *transport) room(c int32) int32 {
	switch {
	case int(c) >= t.cols:
		return t.supplyOf(c-int32(t.cols)) - t.used[c]
	case t.capacity == nil:
		return 1 - t.used[c]
	}
	return t.capacity[c] - t.used[c]
}

// addFlow adds units (possibly negative) to the flow from r to c.
func (t *transport) addFlow(r, c, units int32) {
	t.used[c] += units
	for k := t.head[c]; k >= 0; k = t.recs[k].next {
		if t.recs[k].row == r {
			t.recs[k].units += units
			return
		}
	}
	t.recs = append(t.recs, flowRec{row: r, units: units, next: t.head[c]})
	t.head[c] = int32(len(t.recs) - 1)
}

// flowOf returns the units r sends to c.
func (t *transport) flowOf(r, c int32) int32 {
	for k := t.head[c]; k >= 0; k = t.recs[k].next {
		if t.recs[k].row == r {
			return t.recs[k].units
		}
	}
	return 0
}

func (t *transport) solve() {
	// Dual feasibility: reduced costs c − u − v ≥ 0, and v ≤ 0 with v < 0
	// only on columns that hold units (a column may stay empty at cost 0).
	// Start from v = 0 and u[r] = min(0, cheapest edge of r); the updates
	// below only lower v on columns that end up used.
	for r := int32(0); r < int32(t.rows); r++ {
		_, costs := t.adj(r)
		for _, c := range costs {
			t.u[r] = math.Min(t.u[r], c)
		}
	}
	// Greedy start: a row whose cheapest edge (tight: reduced cost 0) leads
	// to a column with room sends it what it can; the duals stay feasible.
	for r := int32(0); r < int32(t.rows); r++ {
		cs, costs := t.adj(r)
		bc, bk := int32(-1), math.Inf(1)
		for k, c := range cs {
			if costs[k] < bk || (costs[k] == bk && c < bc) {
				bc, bk = c, costs[k]
			}
		}
		if bc >= 0 && bk < 0 && bk == t.u[r] && t.room(bc) > 0 {
			n := min(t.left[r], t.room(bc))
			t.addFlow(r, bc, n)
			t.left[r] -= n
		}
	}
	for root := int32(0); root < int32(t.rows); root++ {
		for t.left[root] > 0 {
			t.augment(root)
		}
	}
}

// relax offers the columns of row r's edges (and its private column) at
// distance base plus their reduced costs.
func (t *transport) relax(r int32, base float64) {
	cs, costs := t.adj(r)
	for k, c := range cs {
		if !t.done[c] {
			t.offer(c, base+costs[k]-t.u[r]-t.v[c], r)
		}
	}
	if c := int32(t.cols) + r; !t.done[c] {
		t.offer(c, base-t.u[r]-t.v[c], r)
	}
}

func (t *transport) offer(c int32, d float64, r int32) {
	if d < t.dist[c] {
		if math.IsInf(t.dist[c], 1) {
			t.touched = append(t.touched, c)
		}
		t.dist[c], t.prevRow[c] = d, r
		t.heap.push(c, t.dist)
	}
}

// augment sends units of root along a shortest path to a column with
// room, updating the potentials.
func (t *transport) augment(root int32) {
	t.touched, t.finished, t.reached = t.touched[:0], t.finished[:0], t.reached[:0]
	t.rowFrom[root] = -2
	t.relax(root, 0)
	sink := int32(-1)
	var D float64
	for t.heap.len() > 0 {
		c := t.heap.pop(t.dist)
		t.done[c] = true
		t.finished = append(t.finished, c)
		if t.room(c) > 0 {
			sink, D = c, t.dist[c]
			break
		}
		for k := t.head[c]; k >= 0; k = t.recs[k].next {
			if r := t.recs[k].row; t.recs[k].units > 0 && t.rowFrom[r] == -1 {
				t.rowFrom[r] = c
				t.reached = append(t.reached, r)
				t.relax(r, t.dist[c])
			}
		}
	}
	// potentials: the finalised columns and the rows reached from them move
	// by d − D
	for _, c := range t.finished {
		if c != sink {
			t.v[c] += t.dist[c] - D
		}
	}
	for _, r := range t.reached {
		t.u[r] -= t.dist[t.rowFrom[r]] - D
	}
	t.u[root] += D
	// as many units as the path lets through
	n := min(t.left[root], t.room(sink))
	for c := sink; ; {
		r := t.prevRow[c]
		if r == root {
			break
		}
		b := t.rowFrom[r]
		n = min(n, t.flowOf(r, b))
		c = b
	}
	for c := sink; ; {
		r := t.prevRow[c]
		t.addFlow(r, c, n)
		if r == root {
			break
		}
		b := t.rowFrom[r]
		t.addFlow(r, b, -n)
		c = b
	}
	t.left[root] -= n
	for _, c := range t.touched {
		t.dist[c], t.done[c] = math.Inf(1), false
	}
	for _, r := range t.reached {
		t.rowFrom[r] = -1
	}
	t.rowFrom[root] = -1
	t.heap.clear()
}

// result appends the flows on real columns to flows, and returns them with
// their total cost (a repeated edge at its smallest cost); cheapest is a
// buffer.
func (t *transport) result(flows []Flow, cheapest []float64) ([]Flow, []float64, float64) {
	for c := int32(0); c < int32(t.cols); c++ {
		for k := t.head[c]; k >= 0; k = t.recs[k].next {
			if t.recs[k].units > 0 {
				flows = append(flows, Flow{Row: t.recs[k].row, Col: c, Units: t.recs[k].units})
			}
		}
	}
	slices.SortFunc(flows, func(x, y Flow) int {
		if x.Row != y.Row {
			return cmp.Compare(x.Row, y.Row)
		}
		return cmp.Compare(x.Col, y.Col)
	})
	total := 0.0
	cheapest = grow(cheapest, t.cols) // of the row's edges to each column with flow
	for i := 0; i < len(flows); {
		r := flows[i].Row
		j := i
		for ; j < len(flows) && flows[j].Row == r; j++ {
			cheapest[flows[j].Col] = math.Inf(1)
		}
		cs, costs := t.adj(r)
		for k, c := range cs {
			cheapest[c] = math.Min(cheapest[c], costs[k])
		}
		for ; i < j; i++ {
			total += float64(flows[i].Units) * cheapest[flows[i].Col]
		}
	}
	return flows, cheapest, total
}

// colHeap is a binary min-heap of columns on (dist, column), indexed so
// that a column is in it once (a better distance moves it up): at most
// one entry a column.
type colHeap struct {
	a   []int32
	pos []int32 // place of each column in a, -1 when absent
}

func (h *colHeap) len() int { return len(h.a) }

func less(dist []float64, x, y int32) bool {
	if dist[x] != dist[y] {
		return dist[x] < dist[y]
	}
	return x < y
}

// push adds column c, or moves it up after its distance decreased.
func (h *colHeap) push(c int32, dist []float64) {
	i := int(h.pos[c])
	if i < 0 {
		h.a = append(h.a, c)
		i = len(h.a) - 1
		h.pos[c] = int32(i)
	}
	for i > 0 {
		p := (i - 1) / 2
		if !less(dist, h.a[i], h.a[p]) {
			break
		}
		h.swap(i, p)
		i = p
	}
}

func (h *colHeap) swap(i, j int) {
	h.a[i], h.a[j] = h.a[j], h.a[i]
	h.pos[h.a[i]], h.pos[h.a[j]] = int32(i), int32(j)
}

func (h *colHeap) pop(dist []float64) int32 {
	top := h.a[0]
	n := len(h.a) - 1
	h.swap(0, n)
	h.a = h.a[:n]
	h.pos[top] = -1
	for i := 0; ; {
		l, m := 2*i+1, i
		if l < n && less(dist, h.a[l], h.a[m]) {
			m = l
		}
		if r := l + 1; r < n && less(dist, h.a[r], h.a[m]) {
			m = r
		}
		if m == i {
			break
		}
		h.swap(i, m)
		i = m
	}
	return top
}

func (h *colHeap) clear() {
	for _, c := range h.a {
		h.pos[c] = -1
	}
	h.a = h.a[:0]
}

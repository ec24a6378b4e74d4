package gamma

import "container/heap"

// A starting alignment for column generation on components of many
// annotators, by agglomerative clustering: from every unit alone, clusterMerge,
// again and again, the two clusters whose clusterMerge lowers the cost most
// (clusters with no annotator in common and every pair of units
// neighbours), until no clusterMerge lowers it. Merging A and B changes the cost
// by Σ_{a∈A, b∈B} e(a,b) − Δ∅, and the cross sums of a merged cluster
// with any other are the sums of its parts', so each clusterMerge updates only
// the clusters next to it (a heap with stale entries skipped).
//
// On realistic data of 12 annotators × 200 units it lands within 6–7 % of
// the optimum in 0.1 s (20 × 100: 1 s); it is column generation's first
// incumbent, which is what a component stopped early by the time limit
// returns when the relaxation has not found better.

// agglomerateFrom is the number of annotators from which column
// generation starts from the agglomerative alignment.
const agglomerateFrom = 8

type crossSum struct {
	e     float64 // Σ e over the pairs across
	pairs int32   // how many of those pairs are neighbours
}

type cluster struct {
	members []int32
	anns    []bool // (by annotator)
	cross   map[int32]crossSum
	cost    float64
	ver     int32
	alive   bool
}

type clusterMerge struct {
	delta  float64
	a, b   int32
	va, vb int32
}

// agglomerate returns the tuples (local members, sorted; two units or
// more) of the agglomerative alignment of the component.
func (s *cgComp) agglomerate() [][]int32 {
	delta := s.a.delta
	cls := make([]cluster, s.m)
	for i := range cls {
		cls[i] = cluster{members: []int32{int32(i)}, anns: make([]bool, s.a.n), cross: map[int32]crossSum{}, cost: delta, alive: true}
		cls[i].anns[s.ann[i]] = true
	}
	for i := range cls {
		for _, e := range s.nb[i] {
			cls[i].cross[e.j] = crossSum{e.e, 1}
			cls[e.j].cross[int32(i)] = crossSum{e.e, 1}
		}
	}
	var h mergeHeap
	push := func(x, y int32) {
		A, B := &cls[x], &cls[y]
		for _, m := range B.members {
			if A.anns[s.ann[m]] {
				return
			}
		}
		cr := A.cross[y]
		if int(cr.pairs) != len(A.members)*len(B.members) {
			return // a pair across is not neighbours: no useful tuple
		}
		if d := cr.e - delta; d < 0 {
			heap.Push(&h, clusterMerge{d, x, y, A.ver, B.ver})
		}
	}
	for i := range cls {
		for j := range cls[i].cross {
			if int32(i) < j {
				push(int32(i), j)
			}
		}
	}
	for len(h) > 0 {
		if s.a.ctl.tick(16) {
			break
		}
		mg := heap.Pop(&h).(clusterMerge)
		A, B := &cls[mg.a], &cls[mg.b]
		if !A.alive || !B.alive || A.ver != mg.va || B.ver != mg.vb {
			continue
		}
		A.members = append(A.members, B.members...)
		for _, m := range B.members {
			A.anns[s.ann[m]] = true
		}
		A.cost += B.cost + A.cross[mg.b].e - delta
		delete(A.cross, mg.b)
		for k, v := range B.cross {
			if k == mg.a {
				continue
			}
			w := A.cross[k]
			A.cross[k] = crossSum{w.e + v.e, w.pairs + v.pairs}
			C := &cls[k]
			cw := C.cross[mg.a]
			C.cross[mg.a] = crossSum{cw.e + v.e, cw.pairs + v.pairs}
			delete(C.cross, mg.b)
		}
		B.alive, B.cross = false, nil
		A.ver++
		for k := range A.cross {
			push(mg.a, k)
		}
	}
	var out [][]int32
	for i := range cls {
		if c := &cls[i]; c.alive && len(c.members) > 1 {
			mem := append([]int32(nil), c.members...)
			sortInt32(mem)
			out = append(out, mem)
		}
	}
	return out
}

func sortInt32(x []int32) {
	for i := 1; i < len(x); i++ {
		for j := i; j > 0 && x[j] < x[j-1]; j-- {
			x[j], x[j-1] = x[j-1], x[j]
		}
	}
}

// mergeHeap is a min-heap (container/heap) of merges by delta (ties: a,
// then b).
type mergeHeap []clusterMerge

func (h mergeHeap) Len() int { return len(h) }
func (h mergeHeap) Less(i, j int) bool {
	x, y := h[i], h[j]
	if x.delta != y.delta {
		return x.delta < y.delta
	}
	if x.a != y.a {
		return x.a < y.a
	}
	return x.b < y.b
}
func (h mergeHeap) Swap(i, j int) { h[i], h[j] = h[j], h[i] }
func (h *mergeHeap) Push(x any)   { *h = append(*h, x.(clusterMerge)) }
func (h *mergeHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}

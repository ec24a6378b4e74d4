package gamma

import "math"

// The share bound: a lower bound on the cost of every alignment of a
// component, from the neighbour lists alone (no relaxation), for
// components stopped before a relaxation gave a better one.
//
// A tuple t with k units costs c_t = Δ∅ + Σ_{u<v∈t} e(u,v) (cg.go), which
// splits among its units as
//
//	c_t = Σ_{v∈t} (Δ∅/k + ½·Σ_{w∈t, w≠v} e(v,w)).
//
// For a unit v let F_v be the number of other annotators with a neighbour
// of v, and μ_b(v) = min(0, least e(v,w) over the neighbours w of
// annotator b). The other k−1 units of a tuple holding v are neighbours
// of v from distinct annotators, so k ≤ F_v + 1 and v's part is at least
//
//	sb(v) = Δ∅/(F_v+1) + ½·Σ_b μ_b(v),
//
// which is also at most Δ∅ (the cost of v alone). So every alignment
// costs at least Σ_v sb(v): the duals π = sb are feasible for the
// relaxation (every reduced cost is ≥ 0), and the bound is below its
// value.

// shareBound returns Σ sb(v) over items (item indices, any order). The
// neighbours of an item outside items count too (the bound only gets
// weaker), so it holds for any set of items closed under the tuples that
// may be chosen.
func (a *aligner) shareBound(items []int32) float64 {
	if len(items) == 0 {
		return 0
	}
	n := a.n
	local := a.localIndex(items)
	in := func(j int32) bool { k := local[j]; return k >= 0 && int(k) < len(items) && items[k] == j }
	// mu[k*n+b]: μ_b of items[k]; NaN while b has no neighbour of it
	mu := make([]float64, len(items)*n)
	for i := range mu {
		mu[i] = math.NaN()
	}
	inv := 1 / a.c
	upd := func(k int32, b int, e float64) {
		x := &mu[int(k)*n+b]
		if math.IsNaN(*x) {
			*x = math.Min(0, e)
		} else if e < *x {
			*x = e
		}
	}
	for k, it := range items {
		for _, e := range a.fwd[it] {
			v := (e.d - a.delta) * inv
			upd(int32(k), a.items[e.j].ann, v)
			if in(e.j) {
				upd(local[e.j], a.items[it].ann, v)
			}
		}
	}
	var total float64
	for k := range items {
		f, s := 0, 0.0
		for _, x := range mu[k*n : (k+1)*n] {
			if !math.IsNaN(x) {
				f++
				s += x
			}
		}
		total += math.Min(a.delta, a.delta/float64(f+1)+s/2)
	}
	return math.Max(0, total)
}

// stoppedComponent is what a component stopped before any solver gave an
// alignment contributes: its units alone, and the share bound (gap is
// the cost minus the bound).
func (a *aligner) stoppedComponent(items []int32) (sel []int, gap float64, exact bool) {
	cost := float64(len(items)) * a.delta
	gap = math.Max(0, cost-a.shareBound(items))
	return nil, gap, gap <= a.tol*float64(len(items))
}

// unaligned is the alignment of a continuum stopped before its
// neighbours were all found: every unit alone, with the trivial lower
// bound 0 (every unitary alignment costs at least 0).
func (a *aligner) unaligned() *Alignment {
	al := &Alignment{Disorder: float64(a.n) * a.delta}
	for _, it := range a.items {
		al.Unitary = append(al.Unitary, Unitary{Units: []int{it.unit}, Disorder: a.delta})
	}
	all := make([]int32, len(a.items))
	for i := range all {
		all[i] = int32(i)
	}
	al.Unproven = []ComponentInfo{a.componentInfo(all, float64(len(a.items))*a.delta)}
	al.Components, al.Largest = 1, len(a.items)
	return al
}

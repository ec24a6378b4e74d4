package segmentation

import (
	"fmt"
	"math"
	"sort"
)

// GHDCosts are the costs of the generalized Hamming distance.
type GHDCosts struct {
	// Ins is the cost of inserting a reference boundary the hypothesis
	// lacks, Del the cost of deleting a hypothesis boundary the reference
	// lacks, and Shift the coefficient of a shift: moving a boundary by d
	// slots costs Shift·d.
	Ins, Del, Shift float64
}

// NLTKGHDCosts returns NLTK's defaults (ins 2, del 2, shift coefficient 1).
// NLTK's documentation recommends shift coefficient 2 and ins/del cost equal
// to the mean reference segment length instead.
func NLTKGHDCosts() GHDCosts { return GHDCosts{Ins: 2, Del: 2, Shift: 1} }

// GHD is the generalized Hamming distance of Bookstein, Kulyukin & Raita
// (2002) as implemented by NLTK 3.8 (nltk.metrics.segmentation.ghd; sheet
// §6). NLTK's ghd(ref, hyp, ins, del, shift) is GHD(hyp, ref, GHDCosts{ins,
// del, shift}) here: the argument order follows the rest of this package.
//
// With R and H the reference and hypothesis boundary slots, the result is
// |R|·Ins when H is empty, |H|·Del when R is empty, and otherwise M[|H|][|R|]
// of the dynamic programme M[0][j] = j·Ins, M[i][0] = i·Del,
//
//	M[i+1][j+1] = min(t, Shift·|h_i − r_j| + M[i][j]),
//	t = M[i][j] if h_i = r_j; Del + M[i][j+1] if h_i > r_j; Ins + M[i+1][j] otherwise.
//
// The result is a raw cost, not normalized. A slot with any boundary type is
// a boundary.
//
// Only a band of the programme is computed: row i+1 (hypothesis boundary
// h_i) covers the reference boundaries within W = (Ins + Del)/Shift of the
// hypothesis boundaries h_{i−1} … h_{i+1}, plus two more on each side (the
// first row starts at column 0, the last ends at |R|), and cells outside
// count as unreachable. Pairing two boundaries further apart than W costs
// more than deleting one and inserting the other, and the band keeps every
// path that does so between neighbouring boundaries; the banded programme
// gives exactly the full one's value (checked against it on random and
// adversarial cases, TestGHDBandMatchesFullProgramme). Time
// O((|H| + |R|)·w), w the number of boundaries within W of a boundary
// (linear for a fixed density; the full O(|H|·|R|) when Shift is 0), memory
// O(|R|).
func GHD(hyp, ref Segmentation, c GHDCosts) (float64, error) {
	if err := checkPair(hyp, ref); err != nil {
		return 0, err
	}
	for _, v := range []float64{c.Ins, c.Del, c.Shift} {
		if math.IsNaN(v) || math.IsInf(v, 0) || v < 0 {
			return 0, fmt.Errorf("segmentation: GHD costs %+v must be finite and non-negative", c)
		}
	}
	h, r := hyp.slots, ref.slots
	switch {
	case len(h) == 0 && len(r) == 0:
		return 0, nil
	case len(h) == 0:
		return float64(len(r)) * c.Ins, nil
	case len(r) == 0:
		return float64(len(h)) * c.Del, nil
	}
	const margin = 2
	w := math.Inf(1)
	if c.Shift > 0 {
		w = (c.Ins + c.Del) / c.Shift
	}
	m := len(r)
	inf := math.Inf(1)
	prev := make([]float64, m+1)
	cur := make([]float64, m+1)
	for j := range prev {
		prev[j] = float64(j) * c.Ins
	}
	plo, phi := 0, m // columns of prev computed (column 0 always is)
	pv := func(j int) float64 {
		if j == 0 || (j >= plo && j <= phi) {
			return prev[j]
		}
		return inf
	}
	// bound returns the number of reference boundaries below x (x may be
	// infinite).
	bound := func(x float64) int {
		return sort.Search(m, func(j int) bool { return float64(r[j]) >= x })
	}
	for i, hi := range h {
		lo, hiJ := 0, m // columns j+1 for r_j with lo ≤ j < hiJ
		if i > 0 {
			lo = max(0, bound(float64(h[i-1])-w-1)-margin)
		}
		if i+1 < len(h) {
			hiJ = min(m, bound(float64(h[i+1])+w+1)+margin)
		}
		cur[0] = float64(i+1) * c.Del
		left := inf // cur[lo], the cell left of the band
		if lo == 0 {
			left = cur[0]
		}
		for j := lo; j < hiJ; j++ {
			rj := r[j]
			shift := c.Shift*float64(absInt(hi-rj)) + pv(j)
			var t float64
			switch {
			case hi == rj:
				t = pv(j)
			case hi > rj:
				t = c.Del + pv(j+1)
			default:
				t = c.Ins + left
			}
			left = min(t, shift)
			cur[j+1] = left
		}
		prev, cur = cur, prev
		plo, phi = lo+1, hiJ
	}
	return pv(m), nil
}

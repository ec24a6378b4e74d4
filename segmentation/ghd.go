package segmentation

import (
	"fmt"
	"math"
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
// a boundary. Time O(|H|·|R|), memory O(|R|).
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
	prev := make([]float64, len(r)+1)
	cur := make([]float64, len(r)+1)
	for j := range prev {
		prev[j] = float64(j) * c.Ins
	}
	for i, hi := range h {
		cur[0] = float64(i+1) * c.Del
		for j, rj := range r {
			shift := c.Shift*float64(absInt(hi-rj)) + prev[j]
			var t float64
			switch {
			case hi == rj:
				t = prev[j]
			case hi > rj:
				t = c.Del + prev[j+1]
			default:
				t = c.Ins + cur[j]
			}
			cur[j+1] = min(t, shift)
		}
		prev, cur = cur, prev
	}
	return prev[len(r)], nil
}

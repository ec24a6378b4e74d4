package lp

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestLU: solve and solveT invert random sparse 0/1 matrices (bases of
// set-partitioning problems: unit columns and tuples), checked by
// multiplying back; a singular matrix is repaired with unit columns.
func TestLU(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9))
	for trial := 0; trial < 400; trial++ {
		m := 1 + rng.IntN(60)
		cols := make([][]int32, m)
		for k := range cols {
			if rng.IntN(3) == 0 {
				cols[k] = []int32{int32(k)}
				continue
			}
			n := 1 + rng.IntN(min(5, m))
			seen := map[int32]bool{}
			for len(cols[k]) < n {
				r := int32(rng.IntN(m))
				if !seen[r] {
					seen[r] = true
					cols[k] = append(cols[k], r)
				}
			}
		}
		var f lu
		piv, rep := f.factor(cols, m)
		eff := make([][]int32, m) // the factorised matrix (repairs applied)
		used := map[int32]bool{}
		for k := range cols {
			if used[piv[k]] {
				t.Fatalf("trial %d: pivot row %d used twice", trial, piv[k])
			}
			used[piv[k]] = true
			eff[k] = cols[k]
			if rep[k] {
				eff[k] = []int32{piv[k]}
			}
		}
		// B x = a: x (by pivot row) times the columns must give a back
		a := make([]float64, m)
		for i := range a {
			a[i] = float64(rng.IntN(5)) - 2
		}
		x := append([]float64(nil), a...)
		f.solve(x, nil, nil)
		back := make([]float64, m)
		for k, rows := range eff {
			for _, r := range rows {
				back[r] += x[piv[k]]
			}
		}
		for i := range a {
			if math.Abs(back[i]-a[i]) > 1e-9 {
				t.Fatalf("trial %d (m=%d): B·B⁻¹a differs at row %d: %v vs %v", trial, m, i, back[i], a[i])
			}
		}
		// y B = c: y (by row) times column k must give c[piv[k]]
		c := make([]float64, m)
		for i := range c {
			c[i] = float64(rng.IntN(5)) - 2
		}
		y := append([]float64(nil), c...)
		f.solveT(y, nil, nil)
		for k, rows := range eff {
			var s float64
			for _, r := range rows {
				s += y[r]
			}
			if math.Abs(s-c[piv[k]]) > 1e-9 {
				t.Fatalf("trial %d: y·B differs at column %d: %v vs %v", trial, k, s, c[piv[k]])
			}
		}
	}
}

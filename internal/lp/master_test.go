package lp

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"
)

// TestMasterMatchesDense: the sparse simplex reaches the optimum of the
// dense one (an independent implementation) on random set-partitioning
// relaxations, whether the columns are all given at once or added in
// rounds between solves (column generation), and its duals certify it:
// every reduced cost is ≥ −tol and Σπ equals the optimum.
func TestMasterMatchesDense(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for trial := 0; trial < 306; trial++ {
		rows := 2 + rng.IntN(40)
		if trial >= 300 { // large enough to refactorise many times
			rows = 120 + rng.IntN(60)
		}
		p := randomProblem(rng, rows, rows*(1+rng.IntN(6)), true)
		_, want, _, _ := simplex(p.Rows, p.Cols, p.Cost)
		single := p.Cost[:rows]
		for _, rounds := range []int{1, 3} {
			m := NewMaster(single, 0)
			rest := len(p.Cols) - rows
			for k := 0; k < rounds; k++ {
				for j := rows + k*rest/rounds; j < rows+(k+1)*rest/rounds; j++ {
					m.AddColumn(p.Cols[j], p.Cost[j])
				}
				if err := m.Solve(context.Background(), 0); err != nil {
					t.Fatal(err)
				}
			}
			got := m.Objective()
			if math.Abs(got-want) > 1e-7*math.Max(1, math.Abs(want)) {
				t.Fatalf("trial %d rounds %d: objective %v, dense %v", trial, rounds, got, want)
			}
			pi := m.Duals()
			var sum float64
			for _, v := range pi {
				sum += v
			}
			if math.Abs(sum-want) > 1e-7*math.Max(1, math.Abs(want)) {
				t.Fatalf("trial %d: Σπ = %v, optimum %v", trial, sum, want)
			}
			for j := 0; j < m.Columns(); j++ {
				d := m.Cost(j)
				for _, r := range m.Column(j) {
					d -= pi[r]
				}
				if d < -1e-7 {
					t.Fatalf("trial %d: column %d has reduced cost %v at optimality", trial, j, d)
				}
			}
			cols, x := m.Primal()
			cover := make([]float64, rows)
			for k, j := range cols {
				for _, r := range m.Column(j) {
					cover[r] += x[k]
				}
			}
			for r, c := range cover {
				if math.Abs(c-1) > 1e-7 {
					t.Fatalf("trial %d: row %d covered %v times", trial, r, c)
				}
			}
		}
	}
}

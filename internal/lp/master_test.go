package lp

import (
	"math"
	"math/rand/v2"
	"slices"
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
				if err := m.Solve(nil, 0); err != nil {
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

// TestMasterStop: a solve stopped by its stop function returns ErrStopped
// with a feasible basis (its primal solution covers every row once, at a
// cost no lower than the optimum), from which solving on reaches the
// optimum.
func TestMasterStop(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	stopped := 0
	for trial := 0; trial < 40; trial++ {
		m, want := randomMaster(rng, 20+rng.IntN(40))
		rows := m.Rows()
		k, limit := 0, 1+rng.IntN(10)
		err := m.Solve(func() bool { k++; return k > limit }, 0)
		if err == nil {
			continue
		}
		if err != ErrStopped {
			t.Fatal(err)
		}
		stopped++
		cols, x := m.Primal()
		cover := make([]float64, rows)
		for i, j := range cols {
			for _, r := range m.Column(j) {
				cover[r] += x[i]
			}
		}
		for r, c := range cover {
			if math.Abs(c-1) > 1e-7 {
				t.Fatalf("trial %d: stopped basis covers row %d %v times", trial, r, c)
			}
		}
		if got := m.Objective(); got < want-1e-7 {
			t.Fatalf("trial %d: stopped at %v below the optimum %v", trial, got, want)
		}
		if err := m.Solve(nil, 0); err != nil || math.Abs(m.Objective()-want) > 1e-7*math.Max(1, want) {
			t.Fatalf("trial %d: resumed to %v (%v), optimum %v", trial, m.Objective(), err, want)
		}
	}
	if stopped < 20 {
		t.Errorf("only %d solves were stopped", stopped)
	}
}

// TestReperturb: basic values left below 0 by rounding (as the updates of
// a long solve leave them, by about the size of the perturbation) are
// mended in place: the basis stays, every basic value is positive again,
// the perturbed right-hand side equals B·x_B and stays within 10⁻⁶ of 1,
// and solving on reaches the optimum.
func TestReperturb(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9))
	mended := 0
	for trial := 0; trial < 20; trial++ {
		m, want := randomMaster(rng, 20+rng.IntN(30))
		rows := m.Rows()
		k := 0
		m.Solve(func() bool { k++; return k > 5 }, 0)
		head := append([]int32(nil), m.head...)
		for i, v := range m.xb {
			if v < 1e-6 { // a degenerate value, as rounding leaves them
				m.xb[i] = -3e-7 * rng.Float64()
				mended++
			}
		}
		m.reperturb()
		if !slices.Equal(head, m.head) {
			t.Fatalf("trial %d: the basis changed", trial)
		}
		bx := make([]float64, rows)
		for i, h := range m.head {
			if m.xb[i] <= 0 {
				t.Fatalf("trial %d: x_B[%d] = %v", trial, i, m.xb[i])
			}
			for _, r := range m.Column(int(h)) {
				bx[r] += m.xb[i]
			}
		}
		for r := range bx {
			if math.Abs(bx[r]-m.rhs[r]) > 1e-12 || math.Abs(m.rhs[r]-1) > 1e-6 {
				t.Fatalf("trial %d row %d: B·x_B = %v, right-hand side %v", trial, r, bx[r], m.rhs[r])
			}
		}
		if err := m.Solve(nil, 0); err != nil || math.Abs(m.Objective()-want) > 1e-7*math.Max(1, want) {
			t.Fatalf("trial %d: %v (%v), optimum %v", trial, m.Objective(), err, want)
		}
	}
	if mended < 20 {
		t.Errorf("only %d values mended", mended)
	}
}

// randomMaster returns the relaxation of a random problem of the given
// rows with four columns per row, every column added, and its optimum
// from the dense simplex.
func randomMaster(rng *rand.Rand, rows int) (*Master, float64) {
	p := randomProblem(rng, rows, rows*4, true)
	_, want, _, _ := simplex(p.Rows, p.Cols, p.Cost)
	m := NewMaster(p.Cost[:rows], 0)
	for j := rows; j < len(p.Cols); j++ {
		m.AddColumn(p.Cols[j], p.Cost[j])
	}
	return m, want
}

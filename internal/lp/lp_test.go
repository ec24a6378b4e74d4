package lp

import (
	"errors"
	"math"
	"math/rand/v2"
	"testing"
)

// brute returns the optimum by exhaustive search (lowest uncovered row
// first), +Inf if infeasible.
func brute(p Problem) float64 {
	colsOfRow := make([][]int, p.Rows)
	for j, c := range p.Cols {
		for _, r := range c {
			colsOfRow[r] = append(colsOfRow[r], j)
		}
	}
	covered := make([]bool, p.Rows)
	best := math.Inf(1)
	var rec func(sum float64)
	rec = func(sum float64) {
		r := 0
		for r < p.Rows && covered[r] {
			r++
		}
		if r == p.Rows {
			best = math.Min(best, sum)
			return
		}
		for _, j := range colsOfRow[r] {
			ok := true
			for _, x := range p.Cols[j] {
				if covered[x] {
					ok = false
					break
				}
			}
			if !ok {
				continue
			}
			for _, x := range p.Cols[j] {
				covered[x] = true
			}
			rec(sum + p.Cost[j])
			for _, x := range p.Cols[j] {
				covered[x] = false
			}
		}
	}
	rec(0)
	return best
}

func randomProblem(rng *rand.Rand, rows, cols int, singletons bool) Problem {
	p := Problem{Rows: rows}
	if singletons {
		for r := 0; r < rows; r++ {
			p.Cols = append(p.Cols, []int32{int32(r)})
			p.Cost = append(p.Cost, 1)
		}
	}
	for j := 0; j < cols; j++ {
		k := 2 + rng.IntN(3)
		seen := map[int32]bool{}
		var c []int32
		for len(c) < k && len(c) < rows {
			r := int32(rng.IntN(rows))
			if !seen[r] {
				seen[r] = true
				c = append(c, r)
			}
		}
		p.Cols = append(p.Cols, c)
		// costs below the singletons' total so that tuples are attractive;
		// rounded to quarters to create ties and fractional relaxations
		p.Cost = append(p.Cost, math.Round(rng.Float64()*float64(len(c))*4)/4)
	}
	return p
}

func TestSolveBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := 0; trial < 400; trial++ {
		rows := 1 + rng.IntN(10)
		p := randomProblem(rng, rows, rng.IntN(25), trial%4 != 0)
		want := brute(p)
		sol, got, err := Solve(p, Options{})
		if math.IsInf(want, 1) {
			if !errors.Is(err, ErrInfeasible) {
				t.Fatalf("trial %d: infeasible problem gave %v, %v", trial, got, err)
			}
			continue
		}
		if err != nil {
			t.Fatalf("trial %d: %v", trial, err)
		}
		if math.Abs(got-want) > 1e-9 {
			t.Fatalf("trial %d: cost %v, brute force %v", trial, got, want)
		}
		// the solution is a partition with that cost
		cover := make([]int, rows)
		sum := 0.0
		for _, j := range sol {
			sum += p.Cost[j]
			for _, r := range p.Cols[j] {
				cover[r]++
			}
		}
		for r, k := range cover {
			if k != 1 {
				t.Fatalf("trial %d: row %d covered %d times", trial, r, k)
			}
		}
		if math.Abs(sum-got) > 1e-9 {
			t.Fatalf("trial %d: solution costs %v, reported %v", trial, sum, got)
		}
	}
}

// TestFractionalRelaxation: the classic odd cycle. Rows 0,1,2; columns
// {0,1}, {1,2}, {0,2} at cost 1 and singletons at cost 0.8: the relaxation
// takes each pair at 1/2 (cost 1.5) but the best partition is a pair and a
// singleton (1.8) or three singletons (2.4) → 1.8, found by branching.
func TestFractionalRelaxation(t *testing.T) {
	p := Problem{Rows: 3,
		Cols: [][]int32{{0, 1}, {1, 2}, {0, 2}, {0}, {1}, {2}},
		Cost: []float64{1, 1, 1, 0.8, 0.8, 0.8}}
	_, got, err := Solve(p, Options{})
	if err != nil || math.Abs(got-1.8) > 1e-12 {
		t.Fatalf("cost %v, %v; want 1.8", got, err)
	}
	if _, _, err := Solve(p, Options{Upper: 1.8, UpperSet: true}); !errors.Is(err, ErrNoBetter) {
		t.Errorf("upper bound 1.8: error %v, want ErrNoBetter", err)
	}
}

func BenchmarkSolve40(b *testing.B) {
	rng := rand.New(rand.NewPCG(3, 4))
	p := randomProblem(rng, 40, 300, true)
	for b.Loop() {
		if _, _, err := Solve(p, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

package assign

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
)

// bruteMin enumerates every assignment of min(r,c) pairs and returns the
// smallest total.
func bruteMin(cost [][]float64) float64 {
	r := len(cost)
	if r == 0 || len(cost[0]) == 0 {
		return 0
	}
	c := len(cost[0])
	best := math.Inf(1)
	usedCol := make([]bool, c)
	usedRow := make([]bool, r)
	if r <= c {
		var rec func(i int, sum float64)
		rec = func(i int, sum float64) {
			if i == r {
				best = math.Min(best, sum)
				return
			}
			for j := 0; j < c; j++ {
				if !usedCol[j] {
					usedCol[j] = true
					rec(i+1, sum+cost[i][j])
					usedCol[j] = false
				}
			}
		}
		rec(0, 0)
		return best
	}
	var rec func(j int, sum float64)
	rec = func(j int, sum float64) {
		if j == c {
			best = math.Min(best, sum)
			return
		}
		for i := 0; i < r; i++ {
			if !usedRow[i] {
				usedRow[i] = true
				rec(j+1, sum+cost[i][j])
				usedRow[i] = false
			}
		}
	}
	rec(0, 0)
	return best
}

func checkValid(t *testing.T, cost [][]float64, rowToCol []int, total float64) {
	t.Helper()
	r, c := len(cost), 0
	if r > 0 {
		c = len(cost[0])
	}
	if len(rowToCol) != r {
		t.Fatalf("len(rowToCol) = %d, want %d", len(rowToCol), r)
	}
	seen := map[int]bool{}
	assigned := 0
	sum := 0.0
	for i, j := range rowToCol {
		if j == -1 {
			continue
		}
		if j < 0 || j >= c || seen[j] {
			t.Fatalf("row %d: invalid or repeated column %d", i, j)
		}
		seen[j] = true
		assigned++
		sum += cost[i][j]
	}
	if assigned != min(r, c) {
		t.Fatalf("%d pairs assigned, want min(%d,%d)", assigned, r, c)
	}
	if math.Abs(sum-total) > 1e-9 {
		t.Fatalf("total %v does not match the sum of chosen costs %v", total, sum)
	}
}

// TestMinCostBruteForce compares the optimum with exhaustive enumeration on
// random matrices of every shape up to 6×6, with continuous costs, with
// small integer costs (many ties) and with negative costs.
func TestMinCostBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	kinds := []struct {
		name string
		gen  func() float64
	}{
		{"uniform", func() float64 { return rng.Float64() * 100 }},
		{"ties", func() float64 { return float64(rng.IntN(3)) }},
		{"negative", func() float64 { return rng.NormFloat64() * 10 }},
	}
	for _, k := range kinds {
		for r := 0; r <= 6; r++ {
			for c := 0; c <= 6; c++ {
				for trial := 0; trial < 20; trial++ {
					cost := make([][]float64, r)
					for i := range cost {
						cost[i] = make([]float64, c)
						for j := range cost[i] {
							cost[i][j] = k.gen()
						}
					}
					got, total := MinCost(cost)
					checkValid(t, cost, got, total)
					if want := bruteMin(cost); math.Abs(total-want) > 1e-9 {
						t.Fatalf("%s %dx%d trial %d: total %v, brute force %v\n%v", k.name, r, c, trial, total, want, cost)
					}
				}
			}
		}
	}
}

// TestMinCostKnown checks hand-solved cases.
func TestMinCostKnown(t *testing.T) {
	tests := []struct {
		name  string
		cost  [][]float64
		want  []int
		total float64
	}{
		{"identity is cheapest", [][]float64{{0, 5}, {5, 0}}, []int{0, 1}, 0},
		{"anti-diagonal is cheapest", [][]float64{{5, 1}, {1, 5}}, []int{1, 0}, 2},
		// greedy takes row 0 → col 0 (cost 1) and pays 100 for row 1;
		// the optimum is 2 + 2 = 4.
		{"greedy fails", [][]float64{{1, 2}, {2, 100}}, []int{1, 0}, 4},
		{"wide: one row picks its cheapest column", [][]float64{{3, 1, 2}}, []int{1}, 1},
		{"tall: the cheaper row is assigned", [][]float64{{3}, {1}, {2}}, []int{-1, 0, -1}, 1},
		{"empty", nil, []int{}, 0},
	}
	for _, tc := range tests {
		got, total := MinCost(tc.cost)
		if fmt.Sprint(got) != fmt.Sprint(tc.want) {
			t.Errorf("%s: rowToCol = %v, want %v", tc.name, got, tc.want)
		}
		if math.Abs(total-tc.total) > 1e-12 {
			t.Errorf("%s: total = %v, want %v", tc.name, total, tc.total)
		}
	}
}

// TestMinCostDeterministic: the same matrix always yields the same answer.
func TestMinCostDeterministic(t *testing.T) {
	cost := [][]float64{{1, 1, 1}, {1, 1, 1}, {1, 1, 1}}
	a, _ := MinCost(cost)
	for range 10 {
		b, _ := MinCost(cost)
		if fmt.Sprint(a) != fmt.Sprint(b) {
			t.Fatalf("not deterministic: %v then %v", a, b)
		}
	}
}

func ExampleMinCost() {
	// Three workers, two jobs: the worker left without a job gets -1.
	// By hand: 1 + 2 = 3 (rows 0 and 1) beats 1 + 3 and 3 + 8.
	cost := [][]float64{
		{4, 1},
		{2, 8},
		{3, 3},
	}
	rowToCol, total := MinCost(cost)
	fmt.Println(rowToCol, total)
	// Output: [1 0 -1] 3
}

func BenchmarkMinCost200(b *testing.B) {
	rng := rand.New(rand.NewPCG(3, 4))
	n := 200
	cost := make([][]float64, n)
	for i := range cost {
		cost[i] = make([]float64, n)
		for j := range cost[i] {
			cost[i][j] = rng.Float64()
		}
	}
	for b.Loop() {
		MinCost(cost)
	}
}

package assign

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestMinCostMatchingDense compares the sparse matching with MinCost on the
// equivalent dense matrix (absent pairs and unmatched rows cost 0, i.e.
// cell = min(0, cheapest edge)), on random sparse graphs with negative,
// zero and positive costs, repeated edges and ties.
func TestMinCostMatchingDense(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 8))
	for trial := 0; trial < 2000; trial++ {
		rows, cols := rng.IntN(9), rng.IntN(9)
		var edges []Edge
		if rows > 0 && cols > 0 {
			for k := rng.IntN(rows*cols + 3); k > 0; k-- {
				c := float64(rng.IntN(7) - 5)
				if trial%2 == 0 {
					c = rng.Float64()*6 - 5
				}
				edges = append(edges, Edge{int32(rng.IntN(rows)), int32(rng.IntN(cols)), c})
			}
		}
		got, total := MinCostMatching(rows, cols, edges)
		// dense equivalent, padded with zero columns so every row can stay
		// unmatched
		dense := make([][]float64, rows)
		for i := range dense {
			dense[i] = make([]float64, cols+rows)
		}
		for _, e := range edges {
			dense[e.Row][e.Col] = math.Min(dense[e.Row][e.Col], e.Cost)
		}
		_, want := MinCost(dense)
		if math.Abs(total-want) > 1e-9 {
			t.Fatalf("trial %d (%dx%d, %d edges): total %v, dense %v", trial, rows, cols, len(edges), total, want)
		}
		used := map[int]bool{}
		sum := 0.0
		for r, c := range got {
			if c < 0 {
				continue
			}
			if used[c] {
				t.Fatalf("trial %d: column %d used twice", trial, c)
			}
			used[c] = true
			sum += dense[r][c]
		}
		if math.Abs(sum-total) > 1e-9 {
			t.Fatalf("trial %d: matched cells sum to %v, total %v", trial, sum, total)
		}
	}
}

func BenchmarkMinCostMatchingChain5000(b *testing.B) {
	// a long chain: row i may match columns i−1, i, i+1 (like units along a
	// continuum), 5000 rows
	n := 5000
	rng := rand.New(rand.NewPCG(1, 1))
	var edges []Edge
	for i := 0; i < n; i++ {
		for j := max(0, i-1); j <= min(n-1, i+1); j++ {
			edges = append(edges, Edge{int32(i), int32(j), -rng.Float64()})
		}
	}
	b.ReportAllocs()
	for b.Loop() {
		MinCostMatching(n, n, edges)
	}
}

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

// TestMinCostTransportExpanded: with supplies and capacities, the total is
// the optimum of the matching on the graph in which every row and column is
// copied as many times as its units (MinCostMatching, checked against the
// dense solver above), on random graphs with ties; the flows respect the
// supplies and capacities, use only edges of the graph and add up to the
// total.
func TestMinCostTransportExpanded(t *testing.T) {
	rng := rand.New(rand.NewPCG(25, 5))
	for trial := 0; trial < 3000; trial++ {
		rows, cols := 1+rng.IntN(6), 1+rng.IntN(6)
		supply, capacity := make([]int32, rows), make([]int32, cols)
		for r := range supply {
			supply[r] = 1 + int32(rng.IntN(4))
		}
		for c := range capacity {
			capacity[c] = 1 + int32(rng.IntN(4))
		}
		type rc struct{ r, c int32 }
		cost := map[rc]float64{}
		for k := rng.IntN(rows*cols + 1); k > 0; k-- {
			x := float64(rng.IntN(4) - 3)
			if trial%2 == 0 {
				x = rng.Float64()*4 - 3
			}
			cost[rc{int32(rng.IntN(rows)), int32(rng.IntN(cols))}] = x
		}
		adjCol := make([][]int32, rows)
		adjCost := make([][]float64, rows)
		for e, x := range cost {
			adjCol[e.r] = append(adjCol[e.r], e.c)
			adjCost[e.r] = append(adjCost[e.r], x)
		}
		flows, total := MinCostTransport(rows, cols, supply, capacity, func(r int32) ([]int32, []float64) { return adjCol[r], adjCost[r] })
		// expanded: row r's copies are rowAt[r]…, column c's colAt[c]…
		rowAt, colAt := make([]int32, rows+1), make([]int32, cols+1)
		for r := range supply {
			rowAt[r+1] = rowAt[r] + supply[r]
		}
		for c := range capacity {
			colAt[c+1] = colAt[c] + capacity[c]
		}
		var edges []Edge
		for e, x := range cost {
			for i := rowAt[e.r]; i < rowAt[e.r+1]; i++ {
				for j := colAt[e.c]; j < colAt[e.c+1]; j++ {
					edges = append(edges, Edge{i, j, x})
				}
			}
		}
		_, want := MinCostMatching(int(rowAt[rows]), int(colAt[cols]), edges)
		if math.Abs(total-want) > 1e-9 {
			t.Fatalf("trial %d: total %v, expanded matching %v", trial, total, want)
		}
		out, in := make([]int32, rows), make([]int32, cols)
		sum := 0.0
		for _, f := range flows {
			x, ok := cost[rc{f.Row, f.Col}]
			if !ok || f.Units <= 0 {
				t.Fatalf("trial %d: flow %+v on no edge", trial, f)
			}
			out[f.Row] += f.Units
			in[f.Col] += f.Units
			sum += float64(f.Units) * x
		}
		for r := range out {
			if out[r] > supply[r] {
				t.Fatalf("trial %d: row %d sends %d > %d", trial, r, out[r], supply[r])
			}
		}
		for c := range in {
			if in[c] > capacity[c] {
				t.Fatalf("trial %d: column %d takes %d > %d", trial, c, in[c], capacity[c])
			}
		}
		if math.Abs(sum-total) > 1e-9 {
			t.Fatalf("trial %d: flows cost %v, total %v", trial, sum, total)
		}
	}
}

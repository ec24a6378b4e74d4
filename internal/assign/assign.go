package assign

import "math"

// MinCost returns a minimum-cost assignment for the dense matrix cost
// (cost[i][j] is the cost of giving row i column j; all rows must have the
// same length and every entry must be finite).
//
// When rows ≤ columns every row is assigned; otherwise exactly len(cost[0])
// rows are assigned and the others get -1 in rowToCol. total is the sum of
// the chosen costs, summed from the matrix (not from the dual potentials).
//
// Ties between optimal assignments are broken deterministically: the result
// depends only on the matrix, never on map order or randomness.
//
// An empty matrix (no rows, or rows of length zero) gives all -1 and total 0.
func MinCost(cost [][]float64) (rowToCol []int, total float64) {
	r := len(cost)
	rowToCol = make([]int, r)
	for i := range rowToCol {
		rowToCol[i] = -1
	}
	if r == 0 || len(cost[0]) == 0 {
		return rowToCol, 0
	}
	c := len(cost[0])
	if r <= c {
		colOfRow := solve(r, c, func(i, j int) float64 { return cost[i][j] })
		copy(rowToCol, colOfRow)
	} else {
		// Transpose: columns become the rows of the problem.
		rowOfCol := solve(c, r, func(i, j int) float64 { return cost[j][i] })
		for j, i := range rowOfCol {
			rowToCol[i] = j
		}
	}
	for i, j := range rowToCol {
		if j >= 0 {
			total += cost[i][j]
		}
	}
	return rowToCol, total
}

// solve assigns every one of n rows to a distinct column among m ≥ n, with
// a(i, j) the cost, and returns the column of each row.
//
// It adds rows one at a time; for each it grows a shortest-path tree over
// the columns in reduced costs a(i,j) − u[i] − v[j] (Dijkstra with dense
// scanning) until it reaches a free column, then updates the potentials and
// flips the augmenting path. Indices are 1-based internally; column 0 is the
// virtual root holding the row being added.
func solve(n, m int, a func(i, j int) float64) []int {
	u := make([]float64, n+1)
	v := make([]float64, m+1)
	p := make([]int, m+1)   // p[j]: row (1-based) assigned to column j, 0 if free
	way := make([]int, m+1) // way[j]: previous column on the shortest path to j
	minv := make([]float64, m+1)
	used := make([]bool, m+1)
	for i := 1; i <= n; i++ {
		p[0] = i
		j0 := 0
		for j := range minv {
			minv[j] = math.Inf(1)
			used[j] = false
		}
		for {
			used[j0] = true
			i0 := p[j0]
			delta := math.Inf(1)
			j1 := -1
			for j := 1; j <= m; j++ {
				if used[j] {
					continue
				}
				cur := a(i0-1, j-1) - u[i0] - v[j]
				if cur < minv[j] {
					minv[j] = cur
					way[j] = j0
				}
				if minv[j] < delta || j1 < 0 {
					delta = minv[j]
					j1 = j
				}
			}
			for j := 0; j <= m; j++ {
				if used[j] {
					u[p[j]] += delta
					v[j] -= delta
				} else {
					minv[j] -= delta
				}
			}
			j0 = j1
			if p[j0] == 0 {
				break
			}
		}
		for j0 != 0 {
			j1 := way[j0]
			p[j0] = p[j1]
			j0 = j1
		}
	}
	colOfRow := make([]int, n)
	for j := 1; j <= m; j++ {
		if p[j] > 0 {
			colOfRow[p[j]-1] = j - 1
		}
	}
	return colOfRow
}

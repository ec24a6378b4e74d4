package lp

import (
	"errors"
	"math"
	"sort"
)

// Problem is a set-partitioning problem over rows 0..Rows−1.
type Problem struct {
	Rows int
	// Cols[j] lists the rows covered by column j (distinct, any order).
	Cols [][]int32
	// Cost[j] is the cost of column j.
	Cost []float64
}

// Options bound the search.
type Options struct {
	// Upper, when finite, is the cost of a known feasible solution; only
	// strictly better ones are searched for (Solve then returns ErrNoBetter
	// if none exists). Zero value: +Inf is used when Upper is 0 and
	// UpperSet is false.
	Upper    float64
	UpperSet bool
	// MaxNodes caps the branch-and-bound nodes (default 100 000).
	MaxNodes int
	// Tol is the optimality tolerance on costs (default 1e-9).
	Tol float64
}

// ErrNoBetter reports that no solution beats Options.Upper.
var ErrNoBetter = errors.New("lp: no solution cheaper than the given upper bound")

// ErrInfeasible reports that no set of columns partitions the rows.
var ErrInfeasible = errors.New("lp: the rows cannot be partitioned by the columns")

// ErrTooLarge reports that the node limit was reached before optimality
// was proved.
var ErrTooLarge = errors.New("lp: branch-and-bound node limit reached")

// Solve returns an optimal set of columns (indices, increasing) and its
// cost.
func Solve(p Problem, opt Options) ([]int, float64, error) {
	if opt.MaxNodes == 0 {
		opt.MaxNodes = 100000
	}
	if opt.Tol == 0 {
		opt.Tol = 1e-9
	}
	upper := math.Inf(1)
	if opt.UpperSet {
		upper = opt.Upper
	}
	bb := &brancher{p: p, tol: opt.Tol, best: upper, maxNodes: opt.MaxNodes}
	bb.colsOfRow = make([][]int32, p.Rows)
	for j, c := range p.Cols {
		for _, r := range c {
			bb.colsOfRow[r] = append(bb.colsOfRow[r], int32(j))
		}
	}
	state := make([]int8, len(p.Cols)) // 0 free, 1 fixed to one, −1 fixed to zero
	if err := bb.node(state); err != nil {
		return nil, 0, err
	}
	if bb.sol == nil {
		if opt.UpperSet {
			return nil, 0, ErrNoBetter
		}
		return nil, 0, ErrInfeasible
	}
	return bb.sol, bb.best, nil
}

type brancher struct {
	p         Problem
	colsOfRow [][]int32
	tol       float64
	best      float64
	sol       []int
	nodes     int
	maxNodes  int
}

// node solves the relaxation with the fixings in state and branches.
func (b *brancher) node(state []int8) error {
	b.nodes++
	if b.nodes > b.maxNodes {
		return ErrTooLarge
	}
	// rows covered by columns fixed to one; columns still usable
	covered := make([]bool, b.p.Rows)
	fixedCost := 0.0
	var fixed []int
	for j, s := range state {
		if s == 1 {
			fixed = append(fixed, j)
			fixedCost += b.p.Cost[j]
			for _, r := range b.p.Cols[j] {
				covered[r] = true
			}
		}
	}
	rowIdx := make([]int32, b.p.Rows)
	m := 0
	for r := range covered {
		rowIdx[r] = -1
		if !covered[r] {
			rowIdx[r] = int32(m)
			m++
		}
	}
	if m == 0 {
		if fixedCost < b.best-b.tol {
			b.best, b.sol = fixedCost, append([]int(nil), fixed...)
		}
		return nil
	}
	var cols []int // usable free columns
	var sub [][]int32
	for j, s := range state {
		if s != 0 {
			continue
		}
		ok := true
		for _, r := range b.p.Cols[j] {
			if covered[r] {
				ok = false
				break
			}
		}
		if !ok {
			continue
		}
		rs := make([]int32, len(b.p.Cols[j]))
		for k, r := range b.p.Cols[j] {
			rs[k] = rowIdx[r]
		}
		cols = append(cols, j)
		sub = append(sub, rs)
	}
	costs := make([]float64, len(cols))
	for k, j := range cols {
		costs[k] = b.p.Cost[j]
	}
	x, val, feasible, ok := simplex(m, sub, costs)
	if !ok {
		return ErrTooLarge
	}
	if !feasible || fixedCost+val >= b.best-b.tol {
		return nil
	}
	// most fractional column (closest to 1/2; ties: lowest index)
	br, bestGap := -1, 2.0
	for k, v := range x {
		if v > 1e-7 && v < 1-1e-7 {
			if g := math.Abs(v - 0.5); g < bestGap {
				br, bestGap = k, g
			}
		}
	}
	if br < 0 {
		sol := append([]int(nil), fixed...)
		tot := fixedCost
		for k, v := range x {
			if v > 0.5 {
				sol = append(sol, cols[k])
				tot += b.p.Cost[cols[k]]
			}
		}
		if tot < b.best-b.tol {
			sort.Ints(sol)
			b.best, b.sol = tot, sol
		}
		return nil
	}
	j := cols[br]
	state[j] = 1
	err := b.node(state)
	state[j] = -1
	if err == nil {
		err = b.node(state)
	}
	state[j] = 0
	return err
}

// simplex solves min c·x, A·x = 1, x ≥ 0 for m rows and sparse 0/1 columns
// by the revised primal simplex from an artificial identity basis (big-M).
// It returns x, the optimal value, whether the problem is feasible and
// whether the simplex converged (false only if the iteration cap is hit).
func simplex(m int, cols [][]int32, cost []float64) (x []float64, val float64, feasible, converged bool) {
	n := len(cols)
	bigM := 1.0
	for _, c := range cost {
		bigM += math.Abs(c)
	}
	bigM *= float64(m + 1)
	// basis: head[i] = column in row i; columns ≥ n are artificials n+i
	head := make([]int, m)
	binv := make([][]float64, m)
	for i := range binv {
		binv[i] = make([]float64, m)
		binv[i][i] = 1
		head[i] = n + i
	}
	xb := make([]float64, m)
	for i := range xb {
		xb[i] = 1
	}
	costOf := func(j int) float64 {
		if j >= n {
			return bigM
		}
		return cost[j]
	}
	inBasis := make([]bool, n+m)
	for _, h := range head {
		inBasis[h] = true
	}
	pi := make([]float64, m)
	alpha := make([]float64, m)
	degenerate := 0
	eps := 1e-9
	for iter := 0; ; iter++ {
		if iter > 50*(n+m)+1000 {
			return nil, 0, false, false
		}
		for k := range pi {
			pi[k] = 0
		}
		for i := 0; i < m; i++ {
			cb := costOf(head[i])
			if cb == 0 {
				continue
			}
			row := binv[i]
			for k := range pi {
				pi[k] += cb * row[k]
			}
		}
		bland := degenerate > 50
		enter := -1
		bestD := -eps
		for j := 0; j < n; j++ {
			if inBasis[j] {
				continue
			}
			d := cost[j]
			for _, r := range cols[j] {
				d -= pi[r]
			}
			if d < bestD {
				enter, bestD = j, d
				if bland {
					break
				}
			}
		}
		if enter < 0 {
			break
		}
		for i := range alpha {
			s := 0.0
			for _, r := range cols[enter] {
				s += binv[i][r]
			}
			alpha[i] = s
		}
		leave := -1
		ratio := math.Inf(1)
		for i := 0; i < m; i++ {
			if alpha[i] > eps {
				q := xb[i] / alpha[i]
				if q < ratio-1e-12 || (q <= ratio+1e-12 && leave >= 0 && head[i] < head[leave]) {
					leave, ratio = i, q
				}
			}
		}
		if leave < 0 { // unbounded: impossible, A·x = 1 with A ≥ 0 bounds x
			return nil, 0, false, true
		}
		if ratio < 1e-12 {
			degenerate++
		} else {
			degenerate = 0
		}
		// pivot
		pr := binv[leave]
		ap := alpha[leave]
		for k := range pr {
			pr[k] /= ap
		}
		xb[leave] /= ap
		for i := 0; i < m; i++ {
			if i == leave || alpha[i] == 0 {
				continue
			}
			f := alpha[i]
			row := binv[i]
			for k := range row {
				row[k] -= f * pr[k]
			}
			xb[i] -= f * xb[leave]
			if xb[i] < 0 && xb[i] > -1e-9 {
				xb[i] = 0
			}
		}
		inBasis[head[leave]] = false
		head[leave] = enter
		inBasis[enter] = true
	}
	x = make([]float64, n)
	for i, h := range head {
		if h >= n {
			if xb[i] > 1e-7 {
				return nil, 0, false, true // an artificial stays positive: infeasible
			}
			continue
		}
		x[h] = xb[i]
		val += cost[h] * xb[i]
	}
	return x, val, true, true
}

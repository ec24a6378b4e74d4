package lp

import (
	"errors"
	"math"
	"math/bits"
	"slices"
)

// Master is the linear relaxation min c·x, A·x = 1, x ≥ 0 of a
// set-partitioning problem in which every row has a singleton column (in γ:
// a unit left alone), solved by a sparse revised primal simplex that keeps
// its basis between calls, so that columns can be added between solves
// (column generation) without starting over.
//
// Method. Columns 0 … Rows−1 are the singletons, and the all-singleton
// basis (the identity) is the starting point: it is feasible, so no
// artificial variables or phase 1 are needed. The basis is factorised as
// B = LU by sparse Gaussian elimination with Markowitz pivoting (threshold
// 0.1), refactorised every refactorInterval pivots, and updated in product
// form in between (one eta vector per pivot). Pricing is Devex (Forrest &
// Goldfarb's approximate steepest edge), with every reduced cost kept up to
// date through the pivot row (computed row-wise, so its cost follows the
// nonzeros of row r of B⁻¹). The right-hand side is perturbed (1 + a
// distinct tiny ε per row), which makes every ratio test strict and the
// method free of cycling on these highly degenerate problems; the duals,
// which depend only on the basis, are exact for the unperturbed problem,
// and Primal recomputes x for the true right-hand side.
type Master struct {
	rows  int
	start []int32 // column j's rows are idx[start[j]:start[j+1]]
	idx   []int32
	cost  []float64
	// rowCols[i] lists the columns covering row i
	rowCols [][]int32

	head []int32   // basic column of each slot
	slot []int32   // slot of each column, −1 when non-basic
	xb   []float64 // values of the basic columns (perturbed right-hand side)
	rhs  []float64

	lu lu
	// eta file of the pivots since the last factorisation
	etaPiv []int32
	etaBeg []int32
	etaIdx []int32
	etaVal []float64
	since  int

	d     []float64 // reduced cost of every column (0 when basic)
	w     []float64 // Devex weights
	pi    []float64 // duals, kept up to date
	alpha []float64 // FTRAN of the entering column
	rho   []float64 // row r of B⁻¹
	// the positions where alpha and rho may be nonzero (increasing),
	// scratch for the positions of a solve's input, and marks (mark[i] =
	// gen: listed)
	nzA, nzR, nzIn, nzX []int32
	mark                []uint32
	gen                 uint32
	// rowEtas[i] lists the etas whose support holds row i; cand64 is
	// scratch
	rowEtas [][]int32
	cand64  []uint64
	arow    []float64 // pivot row entries, by column
	touch   []int32
	cand    []int32   // multiple-pricing candidates
	candV   []float64 // their Devex ratios during a full scan
	work    []float64
	// scratch of refactor and trueXB
	basisCols [][]int32
	oldHead   []int32
	xTrue     []float64
	// scratch of Primal
	primCols []int
	primX    []float64
	tol      float64
	iters    int
	// reperturbs counts the calls of reperturb
	reperturbs int
	solved     bool
	fresh      bool // d and pi were recomputed exactly since the last pivot
	dirty      bool // costs changed since the duals were computed
}

const (
	refactorInterval = 128
	pivotTol         = 1e-9
)

// NewMaster returns the relaxation over rows whose singleton columns cost
// singleton[i]. tol is the optimality tolerance on reduced costs (0: 1e-9
// times the largest singleton cost).
func NewMaster(singleton []float64, tol float64) *Master {
	s := new(Master)
	s.Reset(singleton, tol)
	return s
}

// Reset makes s the relaxation NewMaster(singleton, tol) returns, reusing
// its memory (a solver that solves one problem after another allocates
// once).
func (s *Master) Reset(singleton []float64, tol float64) {
	m := len(singleton)
	s.rows, s.tol = m, tol
	if s.tol == 0 {
		mx := 0.0
		for _, c := range singleton {
			mx = math.Max(mx, math.Abs(c))
		}
		s.tol = 1e-9 * math.Max(mx, 1)
	}
	for i := range s.rowEtas {
		s.rowEtas[i] = s.rowEtas[i][:0]
	}
	s.rowEtas = grow(s.rowEtas, m)
	for i := range s.rowCols {
		s.rowCols[i] = s.rowCols[i][:0]
	}
	s.rowCols = grow(s.rowCols, m)
	s.head, s.xb, s.rhs, s.pi = grow(s.head, m), grow(s.xb, m), grow(s.rhs, m), grow(s.pi, m)
	s.alpha, s.rho, s.work = grow(s.alpha, m), grow(s.rho, m), grow(s.work, m)
	clear(s.alpha)
	clear(s.rho)
	s.mark = grow(s.mark, m)
	clear(s.mark)
	s.gen = 0
	s.nzA, s.nzR, s.nzIn = s.nzA[:0], s.nzR[:0], s.nzIn[:0]
	s.etaPiv, s.etaBeg, s.etaIdx, s.etaVal = s.etaPiv[:0], append(s.etaBeg[:0], 0), s.etaIdx[:0], s.etaVal[:0]
	s.since = 0
	s.start = append(s.start[:0], 0)
	s.idx, s.cost, s.slot, s.d, s.w, s.arow = s.idx[:0], s.cost[:0], s.slot[:0], s.d[:0], s.w[:0], s.arow[:0]
	s.touch, s.cand, s.candV = s.touch[:0], s.cand[:0], s.candV[:0]
	s.iters, s.reperturbs = 0, 0
	s.solved, s.dirty = false, false
	for i, c := range singleton {
		s.idx = append(s.idx, int32(i))
		s.start = append(s.start, int32(len(s.idx)))
		s.cost = append(s.cost, c)
		s.rowCols[i] = append(s.rowCols[i], int32(i))
		s.slot = append(s.slot, int32(i))
		s.d = append(s.d, 0)
		s.w = append(s.w, 1)
		s.arow = append(s.arow, 0)
		s.head[i] = int32(i)
		// distinct perturbations, small against 1
		s.rhs[i] = 1 + 1e-7*(1+float64(splitmix(uint64(i))>>11)/(1<<53))
		s.xb[i] = s.rhs[i]
		s.pi[i] = c
	}
	s.lu.identity(m)
	s.fresh = true
}

// grow returns buf with length n, reallocated when its capacity is too
// small (the contents are not cleared).
func grow[T any](buf []T, n int) []T {
	if cap(buf) < n {
		return make([]T, n)
	}
	return buf[:n]
}

// Rows returns the number of rows.
func (s *Master) Rows() int { return s.rows }

// Columns returns the number of columns (singletons included).
func (s *Master) Columns() int { return len(s.cost) }

// AddColumn adds a column covering the given distinct rows, at the given
// cost, and returns its index. The current basis stays feasible.
func (s *Master) AddColumn(rows []int32, cost float64) int {
	j := int32(len(s.cost))
	d := cost
	for _, r := range rows {
		d -= s.pi[r]
		s.rowCols[r] = append(s.rowCols[r], j)
	}
	s.idx = append(s.idx, rows...)
	s.start = append(s.start, int32(len(s.idx)))
	s.cost = append(s.cost, cost)
	s.slot = append(s.slot, -1)
	s.d = append(s.d, d)
	s.w = append(s.w, 1)
	s.arow = append(s.arow, 0)
	if d < -s.tol {
		s.solved = false
	}
	return int(j)
}

// Column returns the rows of column j (not to be modified).
func (s *Master) Column(j int) []int32 { return s.idx[s.start[j]:s.start[j+1]] }

// SetCost changes the cost of column j (a branch-and-price solver disables
// a column by giving it a prohibitive cost). The next Solve or Duals
// recomputes the duals.
func (s *Master) SetCost(j int, c float64) {
	if s.cost[j] == c {
		return
	}
	s.cost[j] = c
	s.dirty, s.solved, s.fresh = true, false, false
}

// ColumnsOf returns the columns covering row r (not to be modified).
func (s *Master) ColumnsOf(r int) []int32 { return s.rowCols[r] }

// Optimal reports whether no column has a reduced cost below −tol under
// the current duals (after columns were added, before Solve).
func (s *Master) Optimal() bool {
	if s.dirty {
		s.recompute()
	}
	for j, d := range s.d {
		if d < -s.tol && s.slot[j] < 0 {
			return false
		}
	}
	return true
}

// Reduced returns the reduced cost of column j under the current duals (0
// for a basic column).
func (s *Master) Reduced(j int) float64 { return s.d[j] }

// Cost returns the cost of column j.
func (s *Master) Cost(j int) float64 { return s.cost[j] }

// Iterations returns the number of simplex pivots so far.
func (s *Master) Iterations() int { return s.iters }

// ErrNumerical reports a basis the simplex could not keep non-singular.
var ErrNumerical = errors.New("lp: numerical trouble in the simplex basis")

// ErrIterationLimit reports that Solve stopped at maxPivots.
var ErrIterationLimit = errors.New("lp: simplex pivot limit reached")

// ErrStopped reports that Solve was stopped by its stop function.
var ErrStopped = errors.New("lp: simplex stopped")

// Solve runs the primal simplex from the current basis to optimality.
// stop (nil: never) is called before every pivot and refactorisation; when
// it returns true, Solve returns ErrStopped, leaving a feasible basis
// whose duals (Duals) are valid for a Lagrangian bound. maxPivots (0: no
// limit) bounds this call.
func (s *Master) Solve(stop func() bool, maxPivots int) error {
	if s.dirty {
		s.recompute()
	}
	for it := 0; !s.solved; it++ {
		if stop != nil && stop() {
			return ErrStopped
		}
		if maxPivots > 0 && it >= maxPivots {
			return ErrIterationLimit
		}
		if s.since >= refactorInterval {
			s.refactor()
		}
		q := s.price()
		if q < 0 {
			if s.fresh {
				s.solved = true
				break
			}
			// confirm with reduced costs recomputed from the duals of
			// the factors and etas (a refactorisation here, at the end of
			// every solve, cost 15 % of column generation on small
			// problems)
			s.recompute()
			continue
		}
		s.ftran(q)
		r := s.ratio()
		if r < 0 {
			return ErrNumerical // unbounded cannot happen: A ≥ 0, A·x = 1
		}
		s.pivot(r, q)
	}
	return nil
}

// price returns the entering column by Devex, or −1 when no reduced cost
// is below −tol.
func (s *Master) price() int32 {
	// the candidate list of the last full scan first (multiple pricing):
	// its reduced costs and weights are kept up to date by the pivots
	best, bq := 0.0, int32(-1)
	keep := s.cand[:0]
	for _, j := range s.cand {
		if d := s.d[j]; d < -s.tol && s.slot[j] < 0 {
			keep = append(keep, j)
			if v := d * d / s.w[j]; v > best || bq < 0 {
				best, bq = v, j
			}
		}
	}
	s.cand = keep
	if bq >= 0 && len(s.cand) > candidateRefresh {
		return bq
	}
	// full scan: the best candidates by Devex ratio (their ratios kept in
	// candV during the scan, where d and w do not change)
	s.cand, s.candV = s.cand[:0], s.candV[:0]
	best, bq = 0.0, -1
	reset := false
	var worst float64
	wk := 0 // position of the candidate of least ratio (the first such)
	for j, d := range s.d {
		if d < -s.tol && s.slot[j] < 0 {
			w := s.w[j]
			if w > devexReset {
				reset = true
			}
			v := d * d / w
			if v > best || bq < 0 {
				best, bq = v, int32(j)
			}
			if len(s.cand) < candidateList {
				s.cand = append(s.cand, int32(j))
				s.candV = append(s.candV, v)
				if len(s.cand) == candidateList {
					wk = leastAt(s.candV)
					worst = s.candV[wk]
				}
			} else if v > worst {
				s.cand[wk], s.candV[wk] = int32(j), v
				wk = leastAt(s.candV)
				worst = s.candV[wk]
			}
		}
	}
	if reset { // a new reference framework: the weights grow without bound
		for j := range s.w {
			s.w[j] = 1
		}
	}
	return bq
}

// leastAt returns the position of the first least value of v.
func leastAt(v []float64) int {
	k := 0
	for i, x := range v {
		if x < v[k] {
			k = i
		}
	}
	return k
}

// candidateList is the size of the multiple-pricing list; a full scan
// refreshes it once it holds no more than candidateRefresh columns of
// negative reduced cost.
const (
	candidateList    = 32
	candidateRefresh = 8
)

// devexReset is the weight above which the Devex reference framework is
// reset (all weights 1).
const devexReset = 1e6

// ftran computes alpha = B⁻¹·a_q (by slot), with nzA listing (in
// increasing order) the slots where it may be nonzero.
func (s *Master) ftran(q int32) {
	a := s.alpha
	for _, i := range s.nzA {
		a[i] = 0
	}
	in := s.idx[s.start[q]:s.start[q+1]]
	for _, i := range in {
		a[i] = 1
	}
	s.nzA = s.lu.solve(a, in, s.nzA[:0])
	s.nzA = s.applyEtasSparse(a, s.nzA)
	slices.Sort(s.nzA)
}

// applyEtasSparse multiplies v by E_k ⋯ E_1 in place (the etas of the
// pivots since the last factorisation), v's nonzeros being at the
// positions nz (each once); it appends the positions it makes nonzero.
func (s *Master) applyEtasSparse(v []float64, nz []int32) []int32 {
	gen := s.nextMark()
	for _, i := range nz {
		s.mark[i] = gen
	}
	for e := range s.etaPiv {
		r := s.etaPiv[e]
		x := v[r]
		if x == 0 {
			continue
		}
		for k := s.etaBeg[e]; k < s.etaBeg[e+1]; k++ {
			i := s.etaIdx[k]
			if i == r {
				v[r] = s.etaVal[k] * x
			} else {
				v[i] += s.etaVal[k] * x
				if s.mark[i] != gen {
					s.mark[i] = gen
					nz = append(nz, i)
				}
			}
		}
	}
	return nz
}

// nextMark returns a new generation of the marks (all marks stale).
func (s *Master) nextMark() uint32 {
	if s.gen++; s.gen == 0 {
		clear(s.mark)
		s.gen = 1
	}
	return s.gen
}

// btran replaces y (by slot) with y·B⁻¹ (by row).
func (s *Master) btran(y []float64) {
	for e := len(s.etaPiv) - 1; e >= 0; e-- {
		var v float64
		for k := s.etaBeg[e]; k < s.etaBeg[e+1]; k++ {
			v += s.etaVal[k] * y[s.etaIdx[k]]
		}
		y[s.etaPiv[e]] = v
	}
	s.lu.solveT(y, nil, nil)
}

// btranUnit sets rho to row r of B⁻¹ (e_r·B⁻¹), with nzR listing (in
// increasing order) the rows where it may be nonzero.
func (s *Master) btranUnit(r int) {
	y := s.rho
	for _, i := range s.nzR {
		y[i] = 0
	}
	gen := s.nextMark()
	in := append(s.nzIn[:0], int32(r))
	s.mark[r] = gen
	y[r] = 1
	// the etas, last first, but only those whose support holds a nonzero
	// of y (the others leave y as it is): a bit set of candidates, fed by
	// the etas of each row that becomes nonzero
	cand := s.etaCand(len(s.etaPiv))
	for _, e := range s.rowEtas[r] {
		cand[e>>6] |= 1 << (e & 63)
	}
	for w := len(cand) - 1; w >= 0; w-- {
		for cand[w] != 0 {
			b := 63 - bits.LeadingZeros64(cand[w])
			cand[w] &^= 1 << b
			e := w<<6 | b
			var v float64
			for k := s.etaBeg[e]; k < s.etaBeg[e+1]; k++ {
				v += s.etaVal[k] * y[s.etaIdx[k]]
			}
			p := s.etaPiv[e]
			y[p] = v
			if v != 0 && s.mark[p] != gen {
				s.mark[p] = gen
				in = append(in, p)
				for _, f := range s.rowEtas[p] {
					if int(f) < e {
						cand[f>>6] |= 1 << (f & 63)
					}
				}
			}
		}
	}
	s.nzIn = in
	s.nzR = s.lu.solveT(y, in, s.nzR[:0])
	slices.Sort(s.nzR)
}

// ratio returns the leaving slot: the smallest x_i/α_i over α_i > 0, ties
// to the largest α_i.
func (s *Master) ratio() int {
	r := -1
	var best, ba float64
	for _, i := range s.nzA {
		a := s.alpha[i]
		if a <= pivotTol {
			continue
		}
		q := math.Max(s.xb[i], 0) / a
		if r < 0 || q < best-1e-12 || (q <= best+1e-12 && a > ba) {
			r, best, ba = int(i), q, a
		}
	}
	return r
}

// pivot replaces the column of slot r by column q, updating x_B, the duals,
// the reduced costs and the Devex weights.
func (s *Master) pivot(r int, q int32) {
	a := s.alpha
	ar := a[r]
	// row r of B⁻¹ and the pivot row α_r·
	s.btranUnit(r)
	rho := s.rho
	s.touch = s.touch[:0]
	for _, i := range s.nzR {
		v := rho[i]
		if v == 0 || math.Abs(v) < 1e-14 {
			continue
		}
		for _, j := range s.rowCols[i] {
			if s.arow[j] == 0 {
				s.touch = append(s.touch, j)
			}
			s.arow[j] += v
			if s.arow[j] == 0 {
				s.arow[j] = 1e-300 // keep it listed
			}
		}
	}
	thetaD := s.d[q] / ar
	wq := s.w[q]
	for _, j := range s.touch {
		arj := s.arow[j]
		s.arow[j] = 0
		if s.slot[j] >= 0 || j == q {
			continue
		}
		s.d[j] -= thetaD * arj
		if v := arj / ar; v*v*wq > s.w[j] {
			s.w[j] = v * v * wq
		}
	}
	for _, i := range s.nzR {
		if v := rho[i]; v != 0 {
			s.pi[i] += thetaD * v
		}
	}
	leave := s.head[r]
	s.d[leave] = -thetaD
	s.w[leave] = math.Max(wq/(ar*ar), 1)
	s.d[q] = 0
	// primal update
	theta := math.Max(s.xb[r], 0) / ar
	for _, i := range s.nzA {
		if ai := a[i]; ai != 0 {
			s.xb[i] -= theta * ai
			if s.xb[i] < 0 && s.xb[i] > -1e-9 {
				s.xb[i] = 0
			}
		}
	}
	s.xb[r] = theta
	s.pushEta(r, a)
	s.slot[leave] = -1
	s.head[r] = q
	s.slot[q] = int32(r)
	s.iters++
	s.since++
	s.fresh = false
}

// pushEta appends the eta matrix of a pivot on slot r with column a
// (nonzero at most at the slots nzA).
func (s *Master) pushEta(r int, a []float64) {
	ar := a[r]
	for _, i := range s.nzA {
		ai := a[i]
		if ai == 0 {
			continue
		}
		if int(i) == r {
			s.etaIdx = append(s.etaIdx, i)
			s.etaVal = append(s.etaVal, 1/ar)
		} else if math.Abs(ai) > 1e-13 {
			s.etaIdx = append(s.etaIdx, i)
			s.etaVal = append(s.etaVal, -ai/ar)
		}
	}
	e := int32(len(s.etaPiv))
	for _, i := range s.etaIdx[s.etaBeg[e]:] {
		s.rowEtas[i] = append(s.rowEtas[i], e)
	}
	s.etaPiv = append(s.etaPiv, int32(r))
	s.etaBeg = append(s.etaBeg, int32(len(s.etaIdx)))
}

// etaCand returns a cleared bit set of n etas (scratch).
func (s *Master) etaCand(n int) []uint64 {
	nw := (n + 63) >> 6
	if cap(s.cand64) < nw {
		s.cand64 = make([]uint64, nw)
	}
	c := s.cand64[:nw]
	clear(c)
	return c
}

// clearEtas empties the eta file.
func (s *Master) clearEtas() {
	for _, i := range s.etaIdx {
		s.rowEtas[i] = s.rowEtas[i][:0]
	}
	s.etaPiv, s.etaBeg, s.etaIdx, s.etaVal = s.etaPiv[:0], s.etaBeg[:1], s.etaIdx[:0], s.etaVal[:0]
}

// refactor factorises the current basis afresh, recomputes x_B, the duals
// and every reduced cost. A basis found singular is repaired with
// singletons; if x_B is then infeasible the method restarts from the
// all-singleton basis (always feasible). Otherwise values below 0
// (rounding in the updates, by about the size of the perturbation) are
// mended by reperturb.
func (s *Master) refactor() {
	cols := s.basisCols[:0]
	for _, h := range s.head {
		cols = append(cols, s.idx[s.start[h]:s.start[h+1]])
	}
	s.basisCols = cols
	pivRow, repaired := s.lu.factor(cols, s.rows)
	// slots are renamed: the column of old slot k now sits at slot
	// pivRow[k] (its pivot row); a repaired slot holds the singleton of
	// its row
	old := append(s.oldHead[:0], s.head...)
	s.oldHead = old
	for i := range s.head {
		s.head[i] = -1
	}
	for k, h := range old {
		s.slot[h] = -1
		if !repaired[k] {
			s.head[pivRow[k]] = h
		}
	}
	for i, h := range s.head {
		if h < 0 {
			s.head[i] = int32(i) // the singleton of row i
		}
	}
	for i, h := range s.head {
		s.slot[h] = int32(i)
	}
	s.clearEtas()
	s.since = 0
	copy(s.xb, s.rhs)
	s.lu.solve(s.xb, nil, nil)
	bad := false
	for i, v := range s.xb {
		switch {
		case v < -1e-9:
			bad = true
		case v < 0:
			s.xb[i] = 0
		}
	}
	if bad && slices.Contains(repaired, true) { // start again
		s.restart()
		return
	}
	if bad {
		s.reperturb()
	}
	s.recompute()
}

// reperturb makes the current basis feasible again when rounding in the
// updates has left some basic values below 0 (by about the size of the
// perturbation): each such value becomes a new tiny positive one, and the
// perturbed right-hand side is set to B·x_B. The right-hand side stays
// within about 10⁻⁶ of 1, and the duals, which depend only on the basis,
// are unchanged (the former remedy, a restart from the all-singleton
// basis, threw away thousands of pivots on large problems).
func (s *Master) reperturb() {
	s.reperturbs++
	for i, v := range s.xb {
		if v < 0 {
			s.xb[i] = 1e-7 * (1 + float64(splitmix(uint64(s.iters)<<20^uint64(i))>>11)/(1<<53))
		}
	}
	clear(s.rhs)
	for i, h := range s.head {
		for k := s.start[h]; k < s.start[h+1]; k++ {
			s.rhs[s.idx[k]] += s.xb[i]
		}
	}
}

// recompute sets the duals and every reduced cost exactly.
func (s *Master) recompute() {
	for i, h := range s.head {
		s.pi[i] = s.cost[h]
	}
	s.btran(s.pi)
	for j := range s.d {
		if s.slot[j] >= 0 {
			s.d[j] = 0
			continue
		}
		d := s.cost[j]
		for k := s.start[j]; k < s.start[j+1]; k++ {
			d -= s.pi[s.idx[k]]
		}
		s.d[j] = d
	}
	s.fresh, s.dirty = true, false
}

// restart falls back to the all-singleton basis after a numerical
// failure.
func (s *Master) restart() {
	for i := range s.slot {
		s.slot[i] = -1
	}
	for i := range s.head {
		s.head[i], s.slot[i] = int32(i), int32(i)
		s.xb[i] = s.rhs[i]
	}
	s.lu.identity(s.rows)
	s.clearEtas()
	s.since = 0
	for j := range s.w {
		s.w[j] = 1
	}
	s.recompute()
}

// Duals returns the dual values π (one per row) of the current basis: at
// optimality c_j − Σ_{r∈j} π_r ≥ −tol for every column. The slice is
// owned by the Master and changes with the next Solve.
func (s *Master) Duals() []float64 {
	if s.dirty {
		s.recompute()
	}
	if !s.fresh {
		s.recompute()
	}
	return s.pi
}

// Objective returns Σ c_j x_j for the unperturbed right-hand side.
func (s *Master) Objective() float64 {
	x := s.trueXB()
	var v float64
	for i, h := range s.head {
		v += s.cost[h] * x[i]
	}
	return v
}

// trueXB returns x_B for the unperturbed right-hand side, in a scratch
// slice valid until the next call.
func (s *Master) trueXB() []float64 {
	s.xTrue = grow(s.xTrue, s.rows)
	x := s.xTrue
	for i := range x {
		x[i] = 1
	}
	s.nzX = s.applyEtasSparse(x, s.lu.solve(x, nil, s.nzX[:0]))
	for i, v := range x {
		if math.Abs(v) < 1e-9 {
			x[i] = 0
		}
	}
	return x
}

// Primal returns the basic columns with a positive value and their values
// for the unperturbed right-hand side (values within 1e-9 of 0 dropped),
// in slices owned by the Master, valid until the next call.
func (s *Master) Primal() (cols []int, x []float64) {
	xb := s.trueXB()
	cols, x = s.primCols[:0], s.primX[:0]
	for i, h := range s.head {
		if xb[i] > 0 {
			cols = append(cols, int(h))
			x = append(x, xb[i])
		}
	}
	s.primCols, s.primX = cols, x
	return cols, x
}

// EtaNNZ returns the number of stored factor and eta entries.
func (s *Master) EtaNNZ() int { return len(s.etaIdx) + s.lu.nnz() }

func splitmix(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ x>>30) * 0xbf58476d1ce4e5b9
	x = (x ^ x>>27) * 0x94d049bb133111eb
	return x ^ x>>31
}

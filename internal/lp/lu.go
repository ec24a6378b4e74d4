package lp

import (
	"math"
	"math/bits"
	"slices"
)

// lu is a sparse LU factorisation of a square 0/1-column basis, by
// Gaussian elimination with Markowitz pivot choice: column singletons
// first (the basic singleton columns of a set-partitioning basis, and the
// columns they leave with one row), then row singletons, then the entry of
// least Markowitz cost (r−1)(c−1) among the shortest columns, with
// threshold partial pivoting |a| ≥ 0.1·max|column|.
//
// Step k pivots column k' on row prow[k]; a solve returns values indexed
// by pivot row ("new slots"): the value of the column pivoted on row r is
// at index r.
type lu struct {
	m    int
	prow []int32
	diag []float64
	lBeg []int32 // L multipliers of step k: rows lIdx, values lVal
	lIdx []int32
	lVal []float64
	uBeg []int32 // U row of step k: later columns (by their pivot row)
	uIdx []int32
	uVal []float64
	// scratch of factor, kept between calls
	cr, rc                     [][]int32
	cv                         [][]float64
	colDone, rowDone, repaired []bool
	pivRow, colQ, rowQ, uAll   []int32
	heap                       keyHeap
	seen, uCols, freeRows      []int32
	// the steps that do something in a solve: lSteps those with L
	// multipliers, uSteps those with U entries or a pivot other than 1
	// (the others leave the vector unchanged: x/1 = x exactly)
	lSteps, uSteps []int32
	// the transposes, so that both solves scatter (and skip the zeros of
	// the vector, which are most of it: a simplex's columns and rows of
	// B⁻¹ are sparse): U by columns (ucBeg by step: the pivot rows of the
	// earlier steps and their entries) and L by rows (ltBeg by step:
	// the pivot rows of the earlier steps whose multipliers reach the
	// step's pivot row); ucSteps and ltSteps list the steps that do
	// something
	ucBeg, ucIdx, ltBeg, ltIdx []int32
	ucVal, ltVal               []float64
	ucSteps, ltSteps           []int32
	stepOf, next               []int32  // step of each pivot row; scratch
	act, seen2                 []uint64 // bit sets of steps (solve, solveT)
}

// index lists the steps of lSteps and uSteps and builds the transposes.
func (f *lu) index() {
	f.lSteps, f.uSteps = f.lSteps[:0], f.uSteps[:0]
	for k := range f.prow {
		if f.lBeg[k] < f.lBeg[k+1] {
			f.lSteps = append(f.lSteps, int32(k))
		}
		if f.uBeg[k] < f.uBeg[k+1] || f.diag[k] != 1 {
			f.uSteps = append(f.uSteps, int32(k))
		}
	}
	n := len(f.prow)
	f.stepOf = resize(f.stepOf, f.m)
	for k, p := range f.prow {
		f.stepOf[p] = int32(k)
	}
	// U by columns: entry (k, uIdx[q]) goes to the step of row uIdx[q]
	f.ucBeg = countInto(f.ucBeg, n, f.uIdx, f.stepOf)
	f.ucIdx, f.ucVal = resize(f.ucIdx, len(f.uIdx)), resize(f.ucVal, len(f.uIdx))
	next := resize(f.next, n)
	copy(next, f.ucBeg[:n])
	for k := range n {
		for q := f.uBeg[k]; q < f.uBeg[k+1]; q++ {
			c := f.stepOf[f.uIdx[q]]
			f.ucIdx[next[c]], f.ucVal[next[c]] = f.prow[k], f.uVal[q]
			next[c]++
		}
	}
	// L by rows: multiplier (lIdx[q], k) goes to the step of row lIdx[q]
	f.ltBeg = countInto(f.ltBeg, n, f.lIdx, f.stepOf)
	f.ltIdx, f.ltVal = resize(f.ltIdx, len(f.lIdx)), resize(f.ltVal, len(f.lIdx))
	copy(next, f.ltBeg[:n])
	for k := range n {
		for q := f.lBeg[k]; q < f.lBeg[k+1]; q++ {
			r := f.stepOf[f.lIdx[q]]
			f.ltIdx[next[r]], f.ltVal[next[r]] = f.prow[k], f.lVal[q]
			next[r]++
		}
	}
	f.next = next
	f.ucSteps, f.ltSteps = f.ucSteps[:0], f.ltSteps[:0]
	for k := range n {
		if f.ucBeg[k] < f.ucBeg[k+1] || f.diag[k] != 1 {
			f.ucSteps = append(f.ucSteps, int32(k))
		}
		if f.ltBeg[k] < f.ltBeg[k+1] {
			f.ltSteps = append(f.ltSteps, int32(k))
		}
	}
}

// countInto returns the start offsets (n+1, in buf) of the entries idx
// grouped by step[idx[q]].
func countInto(buf []int32, n int, idx, step []int32) []int32 {
	beg := resize(buf, n+1)
	clear(beg)
	for _, r := range idx {
		beg[step[r]+1]++
	}
	for k := range n {
		beg[k+1] += beg[k]
	}
	return beg
}

// resize returns buf with length n (reallocated when too small).
func resize[T any](buf []T, n int) []T {
	if cap(buf) < n {
		return make([]T, n)
	}
	return buf[:n]
}

// keyHeap is a binary min-heap of uint64 keys.
type keyHeap []uint64

func (h *keyHeap) push(x uint64) {
	*h = append(*h, x)
	a := *h
	for i := len(a) - 1; i > 0; {
		p := (i - 1) / 2
		if a[p] <= a[i] {
			break
		}
		a[i], a[p] = a[p], a[i]
		i = p
	}
}

func (h *keyHeap) pop() uint64 {
	a := *h
	top := a[0]
	n := len(a) - 1
	a[0] = a[n]
	a = a[:n]
	for i := 0; ; {
		l, m := 2*i+1, i
		if l < n && a[l] < a[m] {
			m = l
		}
		if r := l + 1; r < n && a[r] < a[m] {
			m = r
		}
		if m == i {
			break
		}
		a[i], a[m] = a[m], a[i]
		i = m
	}
	*h = a
	return top
}

func (f *lu) identity(m int) {
	f.m = m
	f.prow = f.prow[:0]
	f.diag = f.diag[:0]
	for i := range m {
		f.prow = append(f.prow, int32(i))
		f.diag = append(f.diag, 1)
	}
	f.lBeg, f.uBeg = resize(f.lBeg, m+1), resize(f.uBeg, m+1)
	clear(f.lBeg)
	clear(f.uBeg)
	f.lIdx, f.lVal, f.uIdx, f.uVal = f.lIdx[:0], f.lVal[:0], f.uIdx[:0], f.uVal[:0]
	f.index()
}

func (f *lu) nnz() int { return len(f.lIdx) + len(f.uIdx) + f.m }

// solve replaces v (by row) with B⁻¹v (by pivot row). Both passes
// scatter (L by columns from the first step, U by columns from the last)
// and visit only the steps whose value may be nonzero, kept in a bit set
// of steps (a simplex's columns and rows of B⁻¹ are mostly zeros): the
// cost is the number of words of the set plus the entries used.
//
// in lists the positions where v may be nonzero (nil: v is scanned);
// solve appends to out the positions where the result may be nonzero
// (each once) and returns it.
func (f *lu) solve(v []float64, in, out []int32) []int32 {
	act, seen := f.bitsets(v, in)
	f.forward(v, act, seen, f.lBeg, f.lIdx, f.lVal, false)
	return f.backward(v, seen, f.ucBeg, f.ucIdx, f.ucVal, true, out)
}

// solveT replaces y (by pivot row) with y·B⁻¹ (by row): U by rows from
// the first step, then L by rows from the last, both scattering and
// visiting only the steps whose value may be nonzero (as solve, with the
// same in and out).
func (f *lu) solveT(y []float64, in, out []int32) []int32 {
	act, seen := f.bitsets(y, in)
	f.forward(y, act, seen, f.uBeg, f.uIdx, f.uVal, true)
	return f.backward(y, seen, f.ltBeg, f.ltIdx, f.ltVal, false, out)
}

// forward visits the steps of act from the first: the value at the
// step's pivot row (divided by its pivot when div) is scattered, times
// the step's entries val at rows idx (from beg), into those rows — rows
// of later steps, which join act and seen.
func (f *lu) forward(v []float64, act, seen []uint64, beg, idx []int32, val []float64, div bool) {
	for w := range act {
		for act[w] != 0 {
			b := bits.TrailingZeros64(act[w])
			act[w] &^= 1 << b
			k := w<<6 | b
			p := f.prow[k]
			x := v[p]
			if x == 0 {
				continue
			}
			if d := f.diag[k]; div && d != 1 {
				x /= d
				v[p] = x
			}
			for q := beg[k]; q < beg[k+1]; q++ {
				i := idx[q]
				v[i] -= val[q] * x
				s := f.stepOf[i]
				act[s>>6] |= 1 << (s & 63)
				seen[s>>6] |= 1 << (s & 63)
			}
		}
	}
}

// backward visits the steps of seen from the last, as forward with
// entries in rows of earlier steps (which join seen), and appends to out
// the pivot rows whose value is nonzero.
func (f *lu) backward(v []float64, seen []uint64, beg, idx []int32, val []float64, div bool, out []int32) []int32 {
	for w := len(seen) - 1; w >= 0; w-- {
		for seen[w] != 0 {
			b := 63 - bits.LeadingZeros64(seen[w])
			seen[w] &^= 1 << b
			k := w<<6 | b
			p := f.prow[k]
			x := v[p]
			if x == 0 {
				continue
			}
			out = append(out, p)
			if d := f.diag[k]; div && d != 1 {
				x /= d
				v[p] = x
			}
			for q := beg[k]; q < beg[k+1]; q++ {
				i := idx[q]
				v[i] -= val[q] * x
				s := f.stepOf[i]
				seen[s>>6] |= 1 << (s & 63)
			}
		}
	}
	return out
}

// bitsets returns two bit sets of the steps (scratch), both holding the
// steps of the positions in (or, when in is nil, of the nonzeros of v).
func (f *lu) bitsets(v []float64, in []int32) (act, seen []uint64) {
	nw := (len(f.prow) + 63) >> 6
	f.act, f.seen2 = resize(f.act, nw), resize(f.seen2, nw)
	act, seen = f.act, f.seen2
	clear(act)
	if in == nil {
		for i, x := range v {
			if x != 0 {
				k := f.stepOf[i]
				act[k>>6] |= 1 << (k & 63)
			}
		}
	} else {
		for _, i := range in {
			k := f.stepOf[i]
			act[k>>6] |= 1 << (k & 63)
		}
	}
	copy(seen, act)
	return act, seen
}

// factor factorises the matrix whose column k has ones at rows cols[k].
// It returns the pivot row of each column; a column found dependent on the
// others is replaced by the unit column of a row no other column took
// (repaired[k]).
func (f *lu) factor(cols [][]int32, m int) (pivRow []int32, repaired []bool) {
	f.m = m
	f.prow, f.diag = f.prow[:0], f.diag[:0]
	f.lBeg, f.lIdx, f.lVal = append(f.lBeg[:0], 0), f.lIdx[:0], f.lVal[:0]
	f.uBeg, f.uIdx, f.uVal = append(f.uBeg[:0], 0), f.uIdx[:0], f.uVal[:0]
	grow := func() {
		if len(f.cr) < m {
			f.cr, f.cv, f.rc = make([][]int32, m), make([][]float64, m), make([][]int32, m)
			f.colDone, f.rowDone, f.repaired = make([]bool, m), make([]bool, m), make([]bool, m)
			f.pivRow = make([]int32, m)
		}
	}
	grow()
	pivRow, repaired = f.pivRow[:m], f.repaired[:m]
	// active matrix: by column (rows and values) and by row (columns)
	cr, cv, rc := f.cr[:m], f.cv[:m], f.rc[:m]
	colDone, rowDone := f.colDone[:m], f.rowDone[:m]
	for k := range m {
		rc[k] = rc[k][:0]
		colDone[k], rowDone[k], repaired[k] = false, false, false
	}
	for k, rows := range cols {
		cr[k] = append(cr[k][:0], rows...)
		cv[k] = cv[k][:0]
		for _, r := range rows {
			cv[k] = append(cv[k], 1)
			rc[r] = append(rc[r], int32(k))
		}
	}
	colQ, rowQ := f.colQ[:0], f.rowQ[:0]
	f.heap = f.heap[:0]
	heapOn := false // built at the first Markowitz step (singletons usually suffice)
	track := func(k int32) {
		if heapOn {
			f.heap.push(uint64(len(cr[k]))<<32 | uint64(k))
		}
	}
	for k := range cr {
		if len(cr[k]) == 1 {
			colQ = append(colQ, int32(k))
		}
	}
	for r := range rc {
		if len(rc[r]) == 1 {
			rowQ = append(rowQ, int32(r))
		}
	}
	find := func(k int32, r int32) int {
		for q, x := range cr[k] {
			if x == r {
				return q
			}
		}
		return -1
	}
	colMax := func(k int32) float64 {
		mx := 0.0
		for _, v := range cv[k] {
			mx = math.Max(mx, math.Abs(v))
		}
		return mx
	}
	removeRowCol := func(r, k int32) { // drop k from rc[r]
		l := rc[r]
		for q, x := range l {
			if x == k {
				l[q] = l[len(l)-1]
				rc[r] = l[:len(l)-1]
				break
			}
		}
		if len(rc[r]) == 1 && !rowDone[r] {
			rowQ = append(rowQ, r)
		}
	}
	uCols := f.uCols[:0]  // U entries of the step, by column
	uColAll := f.uAll[:0] // by column id, mapped to pivot rows at the end
	step := func(r, k int32) {
		qd := find(k, r)
		p := cv[k][qd]
		// U row: the other active columns of row r
		uCols = uCols[:0]
		for _, k2 := range rc[r] {
			if k2 == k {
				continue
			}
			q := find(k2, r)
			v := cv[k2][q]
			uCols = append(uCols, k2)
			uColAll = append(uColAll, k2)
			f.uVal = append(f.uVal, v)
			// remove row r from column k2
			last := len(cr[k2]) - 1
			cr[k2][q], cv[k2][q] = cr[k2][last], cv[k2][last]
			cr[k2], cv[k2] = cr[k2][:last], cv[k2][:last]
			if len(cr[k2]) == 1 {
				colQ = append(colQ, k2)
			}
			track(k2)
		}
		uStart := len(f.uVal) - len(uCols)
		// L column: the other rows of column k, and the elimination
		for q, i := range cr[k] {
			if i == r {
				continue
			}
			l := cv[k][q] / p
			f.lIdx = append(f.lIdx, i)
			f.lVal = append(f.lVal, l)
			for x, k2 := range uCols {
				delta := -l * f.uVal[uStart+x]
				if qi := find(k2, i); qi >= 0 {
					cv[k2][qi] += delta
					if math.Abs(cv[k2][qi]) < 1e-12 { // cancelled
						last := len(cr[k2]) - 1
						cr[k2][qi], cv[k2][qi] = cr[k2][last], cv[k2][last]
						cr[k2], cv[k2] = cr[k2][:last], cv[k2][:last]
						removeRowCol(i, k2)
						if len(cr[k2]) == 1 {
							colQ = append(colQ, k2)
						}
						track(k2)
					}
				} else {
					cr[k2] = append(cr[k2], i)
					cv[k2] = append(cv[k2], delta)
					rc[i] = append(rc[i], k2)
					track(k2)
				}
			}
			removeRowCol(i, k)
		}
		cr[k], cv[k] = cr[k][:0], cv[k][:0]
		rc[r] = rc[r][:0]
		colDone[k], rowDone[r] = true, true
		pivRow[k] = r
		f.prow = append(f.prow, r)
		f.diag = append(f.diag, p)
		f.lBeg = append(f.lBeg, int32(len(f.lIdx)))
		f.uBeg = append(f.uBeg, int32(len(f.uVal)))
	}
	for t := 0; t < m; t++ {
		r, k := int32(-1), int32(-1)
		for len(colQ) > 0 && k < 0 {
			c := colQ[len(colQ)-1]
			colQ = colQ[:len(colQ)-1]
			if !colDone[c] && len(cr[c]) == 1 && math.Abs(cv[c][0]) > 1e-9 {
				k, r = c, cr[c][0]
			}
		}
		for len(rowQ) > 0 && k < 0 {
			x := rowQ[len(rowQ)-1]
			rowQ = rowQ[:len(rowQ)-1]
			if rowDone[x] || len(rc[x]) != 1 {
				continue
			}
			c := rc[x][0]
			if v := math.Abs(cv[c][find(c, x)]); v > 1e-9 && v >= 0.1*colMax(c) {
				k, r = c, x
			}
		}
		if k < 0 { // Markowitz over the shortest columns (a lazy heap by length)
			if !heapOn {
				heapOn = true
				for c := range cr {
					if !colDone[c] && len(cr[c]) > 0 {
						f.heap.push(uint64(len(cr[c]))<<32 | uint64(c))
					}
				}
			}
			bestCost := math.MaxInt
			seen := f.seen[:0]
			minLen := -1
			for len(f.heap) > 0 && len(seen) < 8 {
				key := f.heap.pop()
				c, l := int32(key&0xffffffff), int(key>>32)
				if colDone[c] || len(cr[c]) == 0 || slices.Contains(seen, c) {
					continue
				}
				if l != len(cr[c]) { // stale (the column grew): requeue
					f.heap.push(uint64(len(cr[c]))<<32 | uint64(c))
					continue
				}
				if minLen < 0 {
					minLen = l
				}
				if l > minLen+1 {
					f.heap.push(key)
					break
				}
				seen = append(seen, c)
				mx := colMax(c)
				for q, x := range cr[c] {
					if v := math.Abs(cv[c][q]); v < 0.1*mx || v < 1e-9 {
						continue
					}
					if cost := (len(rc[x]) - 1) * (len(cr[c]) - 1); cost < bestCost {
						bestCost, k, r = cost, c, x
					}
				}
			}
			for _, c := range seen {
				if c != k {
					f.heap.push(uint64(len(cr[c]))<<32 | uint64(c))
				}
			}
			f.seen = seen
		}
		if k < 0 {
			break // the remaining columns are dependent
		}
		step(r, k)
	}
	// repair: each remaining column becomes the unit column of a remaining
	// row (its U row: that row's remaining active entries, all in other
	// remaining columns, which are replaced too, so none)
	f.uCols = uCols
	freeRows := f.freeRows[:0]
	for x := range rowDone {
		if !rowDone[x] {
			freeRows = append(freeRows, int32(x))
		}
	}
	f.freeRows = freeRows[:0]
	for k := range colDone {
		if colDone[k] {
			continue
		}
		r := freeRows[0]
		freeRows = freeRows[1:]
		repaired[k] = true
		pivRow[k] = r
		rowDone[r] = true
		f.prow = append(f.prow, r)
		f.diag = append(f.diag, 1)
		f.lBeg = append(f.lBeg, int32(len(f.lIdx)))
		f.uBeg = append(f.uBeg, int32(len(f.uVal)))
	}
	// U entries name later columns by their pivot row
	f.colQ, f.rowQ, f.uAll = colQ[:0], rowQ[:0], uColAll[:0]
	// (a repaired column is a unit column: its entries in earlier pivot
	// rows are 0)
	f.uIdx = f.uIdx[:0]
	for q, k2 := range uColAll {
		f.uIdx = append(f.uIdx, pivRow[k2])
		if repaired[k2] {
			f.uVal[q] = 0
		}
	}
	f.index()
	return pivRow, repaired
}

package coding

import (
	"cmp"
	"fmt"
	"maps"
	"math"
	"runtime"
	"slices"
	"sync"

	"agree/distance"
)

// Matrix is a square table over value labels.
type Matrix struct {
	Labels []string
	Cells  [][]float64
}

// maxMatrixValues bounds the values a dense diagnostic matrix may have;
// data with more distinct values (continuous measurements) gets no matrix.
const maxMatrixValues = 200

// matrixValues returns the categories for a dense matrix and each value's
// row in it, or an error when there are too many.
func (a *Analysis) matrixValues() ([]int, []int, error) {
	if len(a.cats) > maxMatrixValues {
		return nil, nil, fmt.Errorf("%d distinct values: too many for a matrix (at most %d)", len(a.cats), maxMatrixValues)
	}
	pos := make([]int, len(a.stats.labels))
	for i, v := range a.cats {
		pos[v] = i
	}
	return a.cats, pos, nil
}

func (a *Analysis) newMatrix(vals []int) Matrix {
	m := Matrix{Labels: make([]string, len(vals)), Cells: make([][]float64, len(vals))}
	for i, v := range vals {
		m.Labels[i] = a.stats.labels[v]
		m.Cells[i] = make([]float64, len(vals))
	}
	return m
}

// Coincidences returns Krippendorff's coincidence matrix: every ordered pair
// of values from different coders on a pairable item u adds 1/(m_u − 1) to
// o_ck (Krippendorff 2004, §11.3.1). Its row sums are the marginals n_c and
// its total is the number of pairable values.
func (a *Analysis) Coincidences() (Matrix, error) {
	vals, pos, err := a.matrixValues()
	if err != nil {
		return Matrix{}, err
	}
	m := a.newMatrix(vals)
	// Integer numerators Σ_u n_uc·n_uk (n_uk − [c = k]) per number of
	// values m_u, divided by m_u − 1 at the end: integer cells are exact.
	q := len(vals)
	s := a.stats
	num := map[int][]int64{}
	counts := make([]int64, q)
	var present []int
	for p := range s.NumPatterns() {
		cv, n := s.Pattern(p)
		k := len(cv) / 2
		if k < 2 {
			continue
		}
		t := num[k]
		if t == nil {
			t = make([]int64, q*q)
			num[k] = t
		}
		present = present[:0]
		for i := 1; i < len(cv); i += 2 {
			x := pos[cv[i]]
			if counts[x] == 0 {
				present = append(present, x)
			}
			counts[x]++
		}
		for _, x := range present {
			for _, y := range present {
				c := counts[x] * counts[y]
				if x == y {
					c -= counts[x]
				}
				t[x*q+y] += n * c
			}
		}
		for _, x := range present {
			counts[x] = 0
		}
	}
	for _, k := range slices.Sorted(maps.Keys(num)) {
		t := num[k]
		for x := range q {
			for y := range q {
				if c := t[x*q+y]; c != 0 {
					m.Cells[x][y] += float64(c) / float64(k-1)
				}
			}
		}
	}
	return m, nil
}

// Contingency returns the two coders' contingency table on complete items:
// Cells[r][c] counts items the first coder put in r and the second in c.
func (a *Analysis) Contingency() (Matrix, error) {
	if a.counts.Coders != 2 {
		return Matrix{}, fmt.Errorf("a contingency table needs two coders; the data has %d", a.counts.Coders)
	}
	vals, pos, err := a.matrixValues()
	if err != nil {
		return Matrix{}, err
	}
	m := a.newMatrix(vals)
	s := a.stats
	for p := range s.NumPatterns() {
		if cv, n := s.Pattern(p); len(cv) == 4 {
			m.Cells[pos[cv[1]]][pos[cv[3]]] += float64(n)
		}
	}
	return m, nil
}

// CategoryStats describes agreement on one category, from the coincidence
// matrix (nominal distance).
type CategoryStats struct {
	Label string
	// Count is n_k, the number of pairable values equal to the category;
	// Share is n_k/n.
	Count float64
	Share float64
	// Specific is the specific agreement o_kk/n_k: of the pairs in which one
	// value is k, the share in which the other is k too (Fleiss 1971's
	// category agreement; 2·n_kk/(n_k· + n_·k) for two coders).
	Specific float64
	// Alpha is Krippendorff's α on the data recoded as k versus not-k
	// (Krippendorff 2004, §11.5 "category-specific α"):
	// 1 − (n − 1)(n_k − o_kk)/(n_k(n − n_k)). NaN when k is never or always used.
	Alpha float64
}

// PerCategory returns per-category statistics for every category, in value
// table order.
func (a *Analysis) PerCategory() ([]CategoryStats, error) {
	cats, pos, err := a.matrixValues()
	if err != nil {
		return nil, err
	}
	// n_k is the pooled count of pairable values (an integer); o_kk =
	// Σ_u n_uk(n_uk − 1)/(m_u − 1) is summed with integer numerators per m.
	s := a.stats
	diag := map[int][]int64{} // m → Σ count·n_k(n_k − 1) per category
	counts := make([]int64, len(cats))
	for p := range s.NumPatterns() {
		cv, n := s.Pattern(p)
		m := len(cv) / 2
		if m < 2 {
			continue
		}
		d := diag[m]
		if d == nil {
			d = make([]int64, len(cats))
			diag[m] = d
		}
		clear(counts)
		for i := 1; i < len(cv); i += 2 {
			counts[pos[cv[i]]]++
		}
		for k, c := range counts {
			d[k] += n * c * (c - 1)
		}
	}
	ms := slices.Sorted(maps.Keys(diag))
	pooled := make([]float64, len(a.stats.labels))
	for i, id := range a.pooledJ.ID {
		pooled[id] = a.pooledJ.W[i]
	}
	n := float64(a.counts.PairableValues)
	out := make([]CategoryStats, len(cats))
	for k, v := range cats {
		okk := 0.0
		for _, m := range ms {
			okk += float64(diag[m][k]) / float64(m-1)
		}
		nk := pooled[v]
		c := CategoryStats{Label: s.labels[v], Count: nk, Share: nk / n, Specific: okk / nk, Alpha: math.NaN()}
		if nk > 0 && nk < n {
			c.Alpha = 1 - (n-1)*(nk-okk)/(nk*(n-nk))
		}
		out[k] = c
	}
	return out, nil
}

// PairStats is agreement between two coders on the items both coded.
type PairStats struct {
	A, B  string // coder names
	Items int    // items both coded
	// Kappa is Cohen's κ (nominal); Alpha is Krippendorff's α with the
	// analysis distance, both on the pair's own data.
	Kappa, Alpha Result
}

// Pairwise returns agreement for every pair of coders who coded some item
// in common, in coder order, computed by the same engine on each pair's
// data (the pair's own marginals and, for the ordinal distance, its own
// frequencies). Pairs without a shared item are left out.
//
// The pairs' tables come from one pass over the distinct patterns, so the
// work grows with the judgments (Σ m² over patterns), not with the square
// of the number of coders. Pairs are then analysed concurrently (at most
// GOMAXPROCS at a time); each result depends only on its own data, so the
// output does not depend on the number of workers.
func (a *Analysis) Pairwise() ([]PairStats, error) {
	s := a.stats
	C := len(s.coders)
	// The cells (v, w, count) of each pair of coders with shared items, in
	// two passes over the patterns: one to count them, one to fill them.
	type vwn struct {
		vw uint64 // v << 32 | w
		n  int64
	}
	var pairs [][2]int32
	var sizes []int
	dense := C <= 256
	var slot []int32 // dense: x·C + y → pair + 1
	index := map[[2]int32]int{}
	if dense {
		slot = make([]int32, C*C)
	}
	pairOf := func(x, y int32) int {
		if dense {
			if i := slot[int(x)*C+int(y)]; i > 0 {
				return int(i - 1)
			}
		} else if i, ok := index[[2]int32{x, y}]; ok {
			return i
		}
		i := len(pairs)
		pairs = append(pairs, [2]int32{x, y})
		sizes = append(sizes, 0)
		if dense {
			slot[int(x)*C+int(y)] = int32(i + 1)
		} else {
			index[[2]int32{x, y}] = i
		}
		return i
	}
	for p := range s.NumPatterns() {
		cv, _ := s.Pattern(p)
		for j := 0; j < len(cv); j += 2 {
			for l := j + 2; l < len(cv); l += 2 {
				sizes[pairOf(cv[j], cv[l])]++
			}
		}
	}
	cells := make([][]vwn, len(pairs))
	for i, n := range sizes {
		cells[i] = make([]vwn, 0, n)
	}
	for p := range s.NumPatterns() {
		cv, n := s.Pattern(p)
		for j := 0; j < len(cv); j += 2 {
			for l := j + 2; l < len(cv); l += 2 {
				i := pairOf(cv[j], cv[l])
				cells[i] = append(cells[i], vwn{uint64(cv[j+1])<<32 | uint64(uint32(cv[l+1])), n})
			}
		}
	}
	order := make([]int, len(pairs))
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(i, j int) int {
		return cmp.Or(cmp.Compare(pairs[i][0], pairs[j][0]), cmp.Compare(pairs[i][1], pairs[j][1]))
	})
	// A distance that does not depend on the frequencies is bound once, to
	// the whole value table, for every pair. The ordinal distance is bound
	// to each pair's frequencies, on the pair's own values (the same ranks:
	// unused values weigh nothing) when there are many values and pairs.
	var bound distance.Metric
	whole := true
	if a.opt.Distance.Name() != "ordinal" {
		bound = a.metric[1]
	} else {
		whole = len(pairs)*len(s.labels) <= 1<<24
	}
	out := make([]PairStats, len(pairs))
	errs := make([]error, len(pairs))
	sem := make(chan struct{}, runtime.GOMAXPROCS(0))
	var wg sync.WaitGroup
	for g, pi := range order {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			cs := cells[pi]
			sortCells(cs, len(s.labels), func(c vwn) uint64 { return c.vw })
			ps := s.pairStats(pairs[pi], whole, func(yield func(v, w int32, n int64)) {
				for i := 0; i < len(cs); {
					c := cs[i]
					for i++; i < len(cs) && cs[i].vw == c.vw; i++ {
						c.n += cs[i].n
					}
					yield(int32(c.vw>>32), int32(uint32(c.vw)), c.n)
				}
			})
			pa, err := analyzeStats(ps, Options{Distance: a.opt.Distance, Missing: a.opt.Missing, Incomplete: a.opt.Incomplete}, bound)
			if err != nil {
				errs[g] = err
				return
			}
			out[g] = PairStats{A: ps.coders[0], B: ps.coders[1], Items: int(ps.NumItems()),
				Kappa: pa.Coefficient(CohenKappa), Alpha: pa.Coefficient(KrippendorffAlpha)}
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}

// sortCells sorts cells by key (v << 32 | w, v and w below V): a counting
// sort by v when the cells are many, then each run of equal v by w.
func sortCells[T any](cs []T, V int, key func(T) uint64) {
	if len(cs) < 4096 || V > 4*len(cs) {
		slices.SortFunc(cs, func(x, y T) int { return cmp.Compare(key(x), key(y)) })
		return
	}
	start := make([]int, V+1)
	for _, c := range cs {
		start[key(c)>>32+1]++
	}
	for v := range V {
		start[v+1] += start[v]
	}
	out := make([]T, len(cs))
	next := append([]int(nil), start[:V]...)
	for _, c := range cs {
		v := key(c) >> 32
		out[next[v]] = c
		next[v]++
	}
	for v := range V {
		if run := out[start[v]:start[v+1]]; len(run) > 1 {
			slices.SortFunc(run, func(x, y T) int { return cmp.Compare(key(x), key(y)) })
		}
	}
	copy(cs, out)
}

// pairStats returns the statistics of two coders' shared items, given
// their cells (v, w, count) in increasing (v, w) order. The value table is
// the fixed prefix of s's and the values the pair uses (in s's order), or
// all of s's with whole.
func (s *Stats) pairStats(pair [2]int32, whole bool, cells func(yield func(v, w int32, n int64))) *Stats {
	ps := &Stats{source: s.source, coders: []string{s.coders[pair[0]], s.coders[pair[1]]}, fixed: true,
		ordered: s.ordered, declared: s.declared, closed: s.closed}
	var vmap []int32 // s's value → the pair's, −1 when unused
	if whole {
		ps.labels, ps.firstSeen = s.labels, s.firstSeen
	} else {
		var vals []int32
		for v := range int32(s.ordered) {
			vals = append(vals, v)
		}
		cells(func(v, w int32, _ int64) {
			if int(v) >= s.ordered {
				vals = append(vals, v)
			}
			if int(w) >= s.ordered {
				vals = append(vals, w)
			}
		})
		slices.Sort(vals)
		vals = slices.Compact(vals)
		vmap = make([]int32, len(s.labels))
		for i := range vmap {
			vmap[i] = -1
		}
		for i, v := range vals {
			vmap[v] = int32(i)
			ps.labels = append(ps.labels, s.labels[v])
			if v < int32(len(s.firstSeen)) {
				ps.firstSeen = append(ps.firstSeen, s.firstSeen[v])
			}
		}
	}
	n := 0
	cells(func(int32, int32, int64) { n++ })
	ps.cv, ps.start, ps.count = make([]int32, 0, 4*n), make([]int, 1, n+1), make([]int64, 0, n)
	cells(func(v, w int32, n int64) {
		if vmap != nil {
			v, w = vmap[v], vmap[w]
		}
		ps.cv = append(ps.cv, 0, v, 1, w)
		ps.start = append(ps.start, len(ps.cv))
		ps.count = append(ps.count, n)
	})
	return ps
}

// Bias returns the annotator bias B on the complete items (Artstein &
// Poesio 2008, §3.1 and Appendix A–B): the expected disagreement with one
// distribution per coder minus that with the pooled distribution (biased
// estimator), divided by d_max. For the nominal distance it equals
// A_e^π − A_e^κ, the sum of the variances of P(k|c) over categories divided
// by c − 1. (The survey's Appendix B writes the weighted version with the
// opposite sign; B is defined here so that it is never negative.) The
// weighted flag selects the analysis distance instead of the nominal one.
func (a *Analysis) Bias(weighted bool) float64 {
	k := 0
	if weighted {
		k = 1
	}
	n := float64(a.counts.CompleteItems)
	if n == 0 || a.counts.Coders < 2 || a.dmax[k] == 0 {
		return math.NaN()
	}
	dist := a.coderDistributions()
	pool := map[int]float64{}
	for _, v := range dist {
		for i, id := range v.ID {
			pool[id] += v.W[i]
		}
	}
	ids := make([]float64, len(a.stats.labels))
	for id, w := range pool {
		ids[id] = w
	}
	p := dense(ids)
	tot := p.Sum()
	pooled := distance.Cross(a.metric[k], p, p) / (tot * tot)
	return (a.perCoderExpected(a.metric[k]) - pooled) / a.dmax[k]
}

// Margins returns the row and column sums of a table, its total and the sum
// of its diagonal.
func (m Matrix) Margins() (rows, cols []float64, total, diagonal float64) {
	rows, cols = make([]float64, len(m.Cells)), make([]float64, len(m.Cells))
	for i, row := range m.Cells {
		for j, x := range row {
			rows[i] += x
			cols[j] += x
			total += x
			if i == j {
				diagonal += x
			}
		}
	}
	return rows, cols, total, diagonal
}

// AgreementWeights returns the agreement weights w_kl = 1 − d_kl/d_max
// between the categories (Categories order) under the analysis distance
// (weighted) or the nominal one: the weights of κ_w (Cohen 1968) and of
// Gwet's AC2. w_kk = 1; when all categories are at distance 0, w = I.
func (a *Analysis) AgreementWeights(weighted bool) [][]float64 {
	m, dmax := a.Metric(weighted)
	q := len(a.cats)
	w := make([][]float64, q)
	for k := range q {
		w[k] = make([]float64, q)
		for l := range q {
			switch {
			case k == l:
				w[k][l] = 1
			case dmax > 0:
				w[k][l] = 1 - m.Distance(a.cats[k], a.cats[l])/dmax
			}
		}
	}
	return w
}

package coding

import (
	"cmp"
	"errors"
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
	if a.stats.anonymous != "" {
		return Matrix{}, errors.New("a contingency table " + a.stats.anonymous)
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
	out, _, err := a.PairwiseTop(0)
	return out, err
}

// PairwiseTop is Pairwise limited to n pairs (n ≤ 0: all): when more than n
// pairs of coders share items, the n that share the most, by decreasing
// number of shared items (ties in coder order), and the number of the
// others; else every pair, in coder order. Only the pairs returned are
// analysed and only their tables are built, so that crowd data (every
// item with its own pair of coders: millions of pairs) cost memory for
// the pairs' counts only.
func (a *Analysis) PairwiseTop(n int) ([]PairStats, int, error) {
	s := a.stats
	if s.anonymous != "" {
		return nil, 0, errors.New("pairs of coders: " + s.anonymous)
	}
	C := len(s.coders)
	// The pairs of coders with shared items and their numbers of items,
	// in one pass over the patterns; then the cells (v, w, count) of the
	// pairs kept, in a second.
	var pairs [][2]int32            // in coder order
	var items []int64               // shared items per pair
	var sizes []int                 // cells (patterns) per pair
	var pairOf func(x, y int32) int // −1: not a pair kept
	if C <= 256 {
		slot := make([]int32, C*C) // x·C + y → pair + 1
		for p := range s.NumPatterns() {
			cv, _ := s.Pattern(p)
			for j := 0; j < len(cv); j += 2 {
				for l := j + 2; l < len(cv); l += 2 {
					slot[int(cv[j])*C+int(cv[l])] = 1
				}
			}
		}
		for x := range C {
			for y := x + 1; y < C; y++ {
				if slot[x*C+y] != 0 {
					slot[x*C+y] = int32(len(pairs) + 1)
					pairs = append(pairs, [2]int32{int32(x), int32(y)})
				}
			}
		}
		items, sizes = make([]int64, len(pairs)), make([]int, len(pairs))
		for p := range s.NumPatterns() {
			cv, n := s.Pattern(p)
			for j := 0; j < len(cv); j += 2 {
				for l := j + 2; l < len(cv); l += 2 {
					i := slot[int(cv[j])*C+int(cv[l])] - 1
					items[i] += n
					sizes[i]++
				}
			}
		}
		pairOf = func(x, y int32) int { return int(slot[int(x)*C+int(y)]) - 1 }
	} else {
		// Many coders: the pairs of all patterns are sorted (radix sort
		// of their keys x << 32 | y) instead of indexed by a map.
		var keys []uint64
		var ns []int64
		for p := range s.NumPatterns() {
			cv, n := s.Pattern(p)
			for j := 0; j < len(cv); j += 2 {
				for l := j + 2; l < len(cv); l += 2 {
					keys = append(keys, uint64(cv[j])<<32|uint64(cv[l]))
					ns = append(ns, n)
				}
			}
		}
		order := make([]int32, len(keys))
		for i := range order {
			order[i] = int32(i)
		}
		radixSort(keys, order)
		for i := 0; i < len(keys); {
			k, sum, i0 := keys[i], int64(0), i
			for ; i < len(keys) && keys[i] == k; i++ {
				sum += ns[order[i]]
			}
			pairs = append(pairs, [2]int32{int32(k >> 32), int32(uint32(k))})
			items = append(items, sum)
			sizes = append(sizes, i-i0)
		}
		keys, ns, order = nil, nil, nil
		pairOf = func(x, y int32) int {
			i, ok := slices.BinarySearchFunc(pairs, [2]int32{x, y}, func(p, q [2]int32) int {
				return cmp.Or(cmp.Compare(p[0], q[0]), cmp.Compare(p[1], q[1]))
			})
			if !ok {
				return -1
			}
			return i
		}
	}
	// The pairs kept, in output order.
	order := identity(len(pairs))
	omitted := 0
	if n > 0 && len(pairs) > n {
		slices.SortStableFunc(order, func(i, j int) int { return cmp.Compare(items[j], items[i]) })
		omitted = len(pairs) - n
		order = order[:n]
	}
	kept := make([]int32, len(pairs)) // pair → its place in order + 1
	for g, i := range order {
		kept[i] = int32(g + 1)
	}
	cells := make([][]pairCell, len(order))
	for g, i := range order {
		cells[g] = make([]pairCell, 0, sizes[i])
	}
	for p := range s.NumPatterns() {
		cv, n := s.Pattern(p)
		for j := 0; j < len(cv); j += 2 {
			for l := j + 2; l < len(cv); l += 2 {
				i := pairOf(cv[j], cv[l])
				if i < 0 || kept[i] == 0 {
					continue
				}
				g := kept[i] - 1
				cells[g] = append(cells[g], pairCell{uint64(cv[j+1])<<32 | uint64(uint32(cv[l+1])), n})
			}
		}
	}
	// A distance that does not depend on the frequencies is bound once, to
	// the whole value table, for every pair. The ordinal distance is bound
	// to each pair's frequencies, on the pair's own values (the same ranks:
	// unused values weigh nothing) when there are many values and pairs.
	var bound distance.Metric
	whole := true
	if a.opt.Distance.Name() != "ordinal" {
		bound = a.metric[1]
	} else {
		whole = len(order)*len(s.labels) <= 1<<24
	}
	out := make([]PairStats, len(order))
	errs := make([]error, len(order))
	workers := runtime.GOMAXPROCS(0)
	sem := make(chan struct{}, workers)
	scratch := make(chan *pairScratch, workers)
	for range workers {
		scratch <- nil
	}
	var wg sync.WaitGroup
	for g, pi := range order {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			sc := <-scratch
			if sc == nil {
				sc = &pairScratch{}
			}
			defer func() { scratch <- sc }()
			cs := sc.sortCells(cells[g], len(s.labels))
			cells[g] = nil
			each := func(yield func(v, w int32, n int64)) {
				for i := 0; i < len(cs); {
					c := cs[i]
					for i++; i < len(cs) && cs[i].vw == c.vw; i++ {
						c.n += cs[i].n
					}
					yield(int32(c.vw>>32), int32(uint32(c.vw)), c.n)
				}
			}
			names := [2]string{s.coders[pairs[pi][0]], s.coders[pairs[pi][1]]}
			if bound != nil {
				if sc.sums == nil {
					sc.sums = make([]valueSums, len(s.labels))
				}
				pa := a.pairAnalysis(bound, each, sc)
				out[g] = PairStats{A: names[0], B: names[1], Items: pa.counts.Items,
					Kappa: pa.Coefficient(CohenKappa), Alpha: pa.Coefficient(KrippendorffAlpha)}
				return
			}
			ps := s.pairStats(pairs[pi], whole, each)
			pa, err := analyzeStats(ps, Options{Distance: a.opt.Distance, Missing: a.opt.Missing, Incomplete: a.opt.Incomplete}, bound)
			if err != nil {
				errs[g] = err
				return
			}
			out[g] = PairStats{A: names[0], B: names[1], Items: int(ps.NumItems()),
				Kappa: pa.Coefficient(CohenKappa), Alpha: pa.Coefficient(KrippendorffAlpha)}
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, 0, err
		}
	}
	return out, omitted, nil
}

// pairCell is a cell of two coders' table: values v (first coder) and w
// (second) and the number of items.
type pairCell struct {
	vw uint64 // v << 32 | w
	n  int64
}

// pairScratch holds the buffers of a worker of PairwiseTop, reused from
// pair to pair: the sorted cells and the counting sort's offsets, and the
// per-value sums of pairAnalysis (only the values a pair touches are read
// and cleared).
type pairScratch struct {
	sorted  []pairCell
	start   []int
	sums    []valueSums // by value; nil until a pair needs them
	touched []int32
	vecs    [3]distance.Vector // the pooled and the coders' distributions
	cats    []int
}

// valueSums are a value's counts in a pair: pooled, as the first coder's
// and as the second's (together: one cache line per value touched).
type valueSums struct{ n, rows, cols float64 }

// pairAnalysis is analyzeStats of two coders' shared items, given their
// cells (v, w, count) in increasing (v, w) order and the distance bound to
// the whole value table, without a Stats and without per-value tables of
// the size of the value table: every item of a pair is complete with two
// values, so the marginals, coder distributions and observed sums come
// from one pass over the cells, and the per-value sums live in scratch
// (cleared afterwards), so that the work is proportional to the pair's
// cells, not to the number of distinct values (interval data with 10⁵
// values: 150 ms for 10 pairs, 180 MB allocated, before). The sums are
// those of analyzeStats on s.pairStats (the same terms in the same order,
// the marginals exact integers and halves), so the coefficients are the
// same, bit for bit. The analysis serves CohenKappa and KrippendorffAlpha
// only, and only until sc serves another pair (its vectors and categories
// are sc's).
func (a *Analysis) pairAnalysis(bound distance.Metric, cells func(yield func(v, w int32, n int64)), sc *pairScratch) *Analysis {
	s := a.stats
	p := &Analysis{stats: s, opt: Options{Distance: a.opt.Distance, Missing: a.opt.Missing, Incomplete: a.opt.Incomplete},
		dist: a.dist, metric: [2]distance.Metric{a.metric[0], bound}}
	nominal := distance.IsNominal(bound)
	pos, _ := distance.Positions(bound)
	var items int64
	sums := sc.sums
	cells(func(v, w int32, n int64) {
		items += n
		fn := float64(n)
		sv, sw := &sums[v], &sums[w]
		if sv.n == 0 {
			sc.touched = append(sc.touched, v)
		}
		sv.n += fn
		sv.rows += fn
		if sw.n == 0 {
			sc.touched = append(sc.touched, w)
		}
		sw.n += fn
		sw.cols += fn
		t := [2]float64{0, 0}
		if v != w {
			t[0] = 1 // nominalPairs
		}
		switch {
		case nominal:
			t[1] = t[0]
		case pos != nil: // pairSum's closed form, the same operations
			x, y := pos[v], pos[w]
			s, s2 := 0+x+y, 0+x*x+y*y
			d := 2*s2 - s*s
			if !(d > 0) && d == d { // math.Max(0, d)
				d = 0
			}
			t[1] = d
		default:
			vals := [2]int32{v, w}
			t[1] = pairSum(bound, vals[:])
		}
		for k := range t {
			dis := t[k] * 1 // 2/(m(m − 1)) = 1 for m = 2
			p.sumJ[k] += float64(n) * (2 * dis)
			p.sumI[k] += float64(n) * dis
			p.sumC[k] += float64(n) * dis
		}
	})
	// The values used, in value order: sorted, or read off the scratch
	// when they are a good part of the value table.
	used := sc.touched
	if V := len(sums); 8*len(used) > V {
		used = used[:0]
		for v := range V {
			if sums[v].n != 0 {
				used = append(used, int32(v))
			}
		}
	} else {
		slices.Sort(used)
	}
	// The vectors live in the scratch: the analysis is read (Coefficient)
	// before the scratch serves another pair.
	vec := func(x *distance.Vector, w func(*valueSums) float64) distance.Vector {
		x.ID, x.W = slices.Grow(x.ID[:0], len(used)), slices.Grow(x.W[:0], len(used))
		for _, v := range used {
			if f := w(&sums[v]); f != 0 {
				x.ID = append(x.ID, int(v))
				x.W = append(x.W, f)
			}
		}
		return *x
	}
	// Only what Cohen's κ and α read: the pooled marginals of the
	// weighting and the coders' distributions.
	if a.opt.Missing == ByItem {
		p.pooledI = vec(&sc.vecs[0], func(s *valueSums) float64 { return s.n * 0.5 })
	} else {
		p.pooledJ = vec(&sc.vecs[0], func(s *valueSums) float64 { return s.n })
	}
	p.coderDist = []distance.Vector{vec(&sc.vecs[1], func(s *valueSums) float64 { return s.rows }), vec(&sc.vecs[2], func(s *valueSums) float64 { return s.cols })}
	p.coderOnce.Do(func() {})
	// Categories: the declared values and the values used, in value order.
	p.cats = slices.Grow(sc.cats[:0], s.declared+len(used))
	for v := range s.declared {
		p.cats = append(p.cats, v)
	}
	for _, v := range used {
		if int(v) >= s.declared {
			p.cats = append(p.cats, int(v))
		}
	}
	sc.cats = p.cats
	for _, v := range used {
		sums[v] = valueSums{}
	}
	sc.touched = used[:0]
	n := int(items)
	p.nRated = n
	p.counts = Counts{Items: n, Coders: 2, Values: 2 * n, PairableItems: n, PairableValues: 2 * n, CompleteItems: n, Categories: len(p.cats)}
	for m := range p.metric {
		p.dmax[m] = distance.Max(p.metric[m], p.cats)
	}
	return p
}

// sortCells returns cells cs sorted by key v << 32 | w (v and w below V):
// a counting sort by v into the scratch when the cells are many, then
// each run of equal v by w; or cs itself, sorted in place. The result is
// valid until the scratch sorts again.
func (sc *pairScratch) sortCells(cs []pairCell, V int) []pairCell {
	byKey := func(x, y pairCell) int { return cmp.Compare(x.vw, y.vw) }
	if len(cs) < 4096 || V > 4*len(cs) {
		slices.SortFunc(cs, byKey)
		return cs
	}
	if cap(sc.start) < V+1 {
		sc.start = make([]int, V+1)
	}
	start := sc.start[:V+1]
	clear(start)
	for _, c := range cs {
		start[c.vw>>32+1]++
	}
	for v := range V {
		start[v+1] += start[v]
	}
	if cap(sc.sorted) < len(cs) {
		sc.sorted = make([]pairCell, len(cs))
	}
	out := sc.sorted[:len(cs)]
	for _, c := range cs { // start[v] moves from the start of v's run to its end
		v := c.vw >> 32
		out[start[v]] = c
		start[v]++
	}
	lo := 0
	for _, hi := range start[:V] {
		if run := out[lo:hi]; len(run) > 1 {
			slices.SortFunc(run, byKey)
		}
		lo = hi
	}
	return out
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
// It is NaN when the coders are anonymous (Data.SetAnonymousCoders).
func (a *Analysis) Bias(weighted bool) float64 {
	k := 0
	if weighted {
		k = 1
	}
	n := float64(a.counts.CompleteItems)
	if n == 0 || a.counts.Coders < 2 || a.dmax[k] == 0 || a.stats.anonymous != "" {
		return math.NaN()
	}
	dist := a.coderDistributions()
	pool := make([]float64, len(a.stats.labels))
	for _, v := range dist {
		for i, id := range v.ID {
			pool[id] += v.W[i]
		}
	}
	p := dense(pool)
	tot := p.Sum()
	pooled := distance.Cross(a.metric[k], p, p) / (tot * tot)
	return (a.perCoderExpected(k) - pooled) / a.dmax[k]
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

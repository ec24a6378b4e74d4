package coding

import (
	"errors"
	"math"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"

	"agree/distance"
)

// CoderOut is Krippendorff's α without one coder.
type CoderOut struct {
	Coder  string
	Values int // values the coder gave
	// Alpha is Krippendorff's α (analysis distance and weighting) on the
	// data without the coder, with its parts and counts.
	Alpha Result
}

// LeaveOneCoderOut returns Krippendorff's α without each coder in turn, in
// coder order: the same results as analysing the data without the coder.
//
// It reads only the patterns that contain each coder: removing coder c
// from an item with m values and value y_c removes its terms from the
// observed sums and the pooled marginals and, when m − 1 ≥ 2 values remain,
// adds those of the remaining values, whose pairwise sum is
// t − Σ_{l≠c} d(y_c, v_l). The work is O(Σ_patterns m²) (proportional to the
// judgments, not to the coders squared) plus one expected disagreement,
// O(values), per coder.
//
// The ordinal distance depends on the pooled frequencies, which change
// with every coder left out: it is bound again to each coder's remaining
// data and the patterns summed again, O(patterns) per coder.
func (a *Analysis) LeaveOneCoderOut() ([]CoderOut, error) {
	out, _, err := a.LeaveOneCoderOutTop(0)
	return out, err
}

// LeaveOneCoderOutTop is LeaveOneCoderOut limited to n coders (n ≤ 0: all):
// when there are more than n coders, the n whose removal changes α most
// (by |α without − α|; undefined changes last, ties in coder order), in
// that order, and the number of the others; else every coder, in coder
// order. Every coder's α is computed, but only n are kept (crowd data:
// millions of coders).
func (a *Analysis) LeaveOneCoderOutTop(n int) ([]CoderOut, int, error) {
	if a.stats.anonymous != "" {
		return nil, 0, errors.New("each coder left out: " + a.stats.anonymous)
	}
	C := len(a.stats.coders)
	if n <= 0 || n >= C {
		out := make([]CoderOut, 0, C)
		err := a.leaveOneCoderOut(func(co CoderOut) { out = append(out, co) })
		return out, 0, err
	}
	alpha := a.Coefficient(KrippendorffAlpha).Value
	size := func(co CoderOut) float64 {
		if x := math.Abs(co.Alpha.Value - alpha); !math.IsNaN(x) {
			return x
		}
		return -1
	}
	// A min-heap of the n largest (size, then earlier coder); the root is
	// the one to drop first.
	type kept struct {
		size float64
		c    int
		co   CoderOut
	}
	less := func(x, y kept) bool { return x.size < y.size || (x.size == y.size && x.c > y.c) }
	heap := make([]kept, 0, n)
	down := func(i int) {
		for {
			l, m := 2*i+1, i
			if l < len(heap) && less(heap[l], heap[m]) {
				m = l
			}
			if r := l + 1; r < len(heap) && less(heap[r], heap[m]) {
				m = r
			}
			if m == i {
				return
			}
			heap[i], heap[m] = heap[m], heap[i]
			i = m
		}
	}
	c := 0
	err := a.leaveOneCoderOut(func(co CoderOut) {
		k := kept{size(co), c, co}
		c++
		switch {
		case len(heap) < n:
			heap = append(heap, k)
			for i := len(heap) - 1; i > 0 && less(heap[i], heap[(i-1)/2]); i = (i - 1) / 2 {
				heap[i], heap[(i-1)/2] = heap[(i-1)/2], heap[i]
			}
		case less(heap[0], k):
			heap[0] = k
			down(0)
		}
	})
	if err != nil {
		return nil, 0, err
	}
	slices.SortFunc(heap, func(x, y kept) int {
		if less(y, x) {
			return -1
		}
		return 1
	})
	out := make([]CoderOut, len(heap))
	for i, k := range heap {
		out[i] = k.co
	}
	return out, C - n, nil
}

// leaveOneCoderOut calls fn with α without each coder, in coder order.
// The coders are computed concurrently (at most GOMAXPROCS at a time, each
// worker with its own per-value scratch), in batches whose results are
// handed to fn in coder order; each coder's α depends only on the data, so
// the results do not depend on the number of workers. With the ordinal
// distance (the data re-analysed without each coder) the coders are taken
// one at a time, so that one coder subset is alive at once.
func (a *Analysis) leaveOneCoderOut(fn func(CoderOut)) error {
	s := a.stats
	C := len(s.coders)
	// Occurrences of each coder: (pattern, position of the pair), grouped
	// by coder with a counting sort.
	l := &looShared{a: a, first: make([]int, C+1)}
	for _, c := range everyCoder(s) {
		l.first[c+1]++
	}
	for c := range C {
		l.first[c+1] += l.first[c]
	}
	l.occs = make([]looOcc, l.first[C])
	next := append([]int(nil), l.first[:C]...)
	for p := range s.NumPatterns() {
		cv, _ := s.Pattern(p)
		for j := 0; j < len(cv); j += 2 {
			l.occs[next[cv[j]]] = looOcc{p, j}
			next[cv[j]]++
		}
	}
	if a.opt.Distance.Name() == "ordinal" {
		for c := range C {
			co := l.coderOut(c)
			sub, err := AnalyzeStats(s.withoutCoder(c), a.opt)
			if err != nil {
				return err
			}
			co.Alpha = sub.Coefficient(KrippendorffAlpha)
			fn(co)
		}
		return nil
	}
	// With positions (interval, ordinal), d_max is (highest − lowest)²: it
	// changes only when a coder takes away every category at an end.
	l.pos, l.hasPos = distance.Positions(a.metric[1])
	if l.hasPos && len(a.cats) > 0 {
		l.lo, l.hi = l.pos[a.cats[0]], l.pos[a.cats[0]]
		for _, v := range a.cats {
			l.lo, l.hi = min(l.lo, l.pos[v]), max(l.hi, l.pos[v])
		}
		for _, v := range a.cats {
			if l.pos[v] == l.lo {
				l.nLo++
			}
			if l.pos[v] == l.hi {
				l.nHi++
			}
		}
	}
	workers := min(runtime.GOMAXPROCS(0), C)
	scratch := make([]*looScratch, workers)
	batch := make([]CoderOut, min(C, 256*workers))
	for c0 := 0; c0 < C; c0 += len(batch) {
		out := batch[:min(len(batch), C-c0)]
		var next atomic.Int64
		work := func(w int) {
			for i := int(next.Add(1) - 1); i < len(out); i = int(next.Add(1) - 1) {
				if scratch[w] == nil {
					scratch[w] = l.newScratch()
				}
				out[i] = scratch[w].alphaWithout(c0 + i)
			}
		}
		var wg sync.WaitGroup
		for w := 1; w < min(workers, len(out)); w++ {
			wg.Add(1)
			go func() { defer wg.Done(); work(w) }()
		}
		work(0)
		wg.Wait()
		for _, co := range out {
			fn(co)
		}
	}
	return nil
}

// looOcc is an occurrence of a coder: a pattern and the position of the
// coder's pair in it.
type looOcc struct{ p, j int }

// looShared is what every worker of leaveOneCoderOut reads.
type looShared struct {
	a      *Analysis
	first  []int    // coder c's occurrences are occs[first[c]:first[c+1]]
	occs   []looOcc // grouped by coder
	pos    []float64
	hasPos bool
	lo, hi float64 // the lowest and highest positions of the categories
	nLo    int     // categories at lo
	nHi    int     // categories at hi
}

// coderOut returns coder c's name and number of values.
func (l *looShared) coderOut(c int) CoderOut {
	s := l.a.stats
	co := CoderOut{Coder: s.coders[c]}
	for _, o := range l.occs[l.first[c]:l.first[c+1]] {
		_, n := s.Pattern(o.p)
		co.Values += int(n)
	}
	return co
}

// looScratch holds one worker's per-value changes, dense but reset only
// where a coder touched them, and its output vectors, reused from coder to
// coder: no allocation per coder, and the categories and d_max are
// recomputed only when a value disappears with the coder.
type looScratch struct {
	*looShared
	d       []looDelta // by value
	touched []int32
	pJ, pI  distance.Vector
	cats    []int
}

// looDelta is the change a coder's removal makes to a value's pooled
// marginals (by judgment and by item) and occurrences, and whether the
// value is in touched: together, one cache line per value touched (values
// come in random order; 10⁵ distinct values: four separate arrays missed
// the cache four times).
type looDelta struct {
	j, i float64
	used int64
	mark bool
}

func (l *looShared) newScratch() *looScratch {
	a := l.a
	V := len(a.stats.labels)
	return &looScratch{looShared: l, d: make([]looDelta, V),
		pJ: distance.Vector{ID: make([]int, 0, len(a.pooledJ.ID)), W: make([]float64, 0, len(a.pooledJ.ID))},
		pI: distance.Vector{ID: make([]int, 0, len(a.pooledI.ID)), W: make([]float64, 0, len(a.pooledI.ID))}}
}

func (x *looScratch) touch(v int32) {
	if d := &x.d[v]; !d.mark {
		d.mark = true
		x.touched = append(x.touched, v)
	}
}

// alphaWithout returns α without coder c, from the changes its values
// make to the sums of the analysis.
func (x *looScratch) alphaWithout(c int) CoderOut {
	a, s, pos := x.a, x.a.stats, x.pos
	d := x.d
	co := x.coderOut(c)
	cnt := a.counts
	cnt.Coders--
	sumJ, sumI := a.sumJ[1], a.sumI[1]
	for _, o := range x.occs[x.first[c]:x.first[c+1]] {
		cv, n := s.Pattern(o.p)
		m := len(cv) / 2
		y := cv[o.j+1]
		fn := float64(n)
		cnt.Values -= int(n)
		x.touch(y)
		d[y].used -= n
		if m < 2 {
			continue
		}
		t := a.t[1][o.p]
		dis := t * (2 / float64(m*(m-1)))
		sumJ -= fn * (float64(m) * dis)
		sumI -= fn * dis
		cnt.PairableValues -= int(n) * m
		inv := fn / float64(m)
		for i := 1; i < len(cv); i += 2 {
			x.touch(cv[i])
			d[cv[i]].j -= fn
			d[cv[i]].i -= inv
		}
		if m == 2 {
			cnt.PairableItems -= int(n)
			continue
		}
		for i := 1; i < len(cv); i += 2 {
			if i != o.j+1 && cv[i] != y {
				if x.hasPos { // squared's Distance, inline
					d := pos[y] - pos[cv[i]]
					t -= d * d
				} else {
					t -= a.metric[1].Distance(int(y), int(cv[i]))
				}
			}
		}
		t = max(t, 0)
		dis = t * (2 / float64((m-1)*(m-2)))
		sumJ += fn * (float64(m-1) * dis)
		sumI += fn * dis
		cnt.PairableValues += int(n) * (m - 1)
		inv = fn / float64(m-1)
		for i := 1; i < len(cv); i += 2 {
			if i != o.j+1 {
				d[cv[i]].j += fn
				d[cv[i]].i += inv
			}
		}
	}
	b := Analysis{stats: s, opt: a.opt, counts: cnt, dist: a.dist, metric: a.metric, cats: a.cats, dmax: a.dmax}
	x.pJ = shiftedInto(x.pJ, a.pooledJ, func(v int) float64 { return d[v].j })
	x.pI = shiftedInto(x.pI, a.pooledI, func(v int) float64 { return d[v].i })
	b.pooledJ, b.pooledI = x.pJ, x.pI
	// The categories without the coder: categories(s.declared, used).
	// α reads only their number and d_max: the list itself is built
	// only when d_max must be recomputed over it.
	gone, goneLo, goneHi := 0, 0, 0
	for _, v := range x.touched {
		if int(v) >= s.declared && a.used[v]+d[v].used == 0 {
			gone++
			if x.hasPos && pos[v] == x.lo {
				goneLo++
			}
			if x.hasPos && pos[v] == x.hi {
				goneHi++
			}
		}
	}
	b.counts.Categories = len(a.cats) - gone
	if gone > 0 && (!x.hasPos || goneLo == x.nLo || goneHi == x.nHi) {
		x.cats = x.cats[:0]
		for _, v := range a.cats {
			if v < s.declared || a.used[v]+d[v].used > 0 {
				x.cats = append(x.cats, v)
			}
		}
		b.cats = x.cats
		b.dmax[1] = distance.Max(a.metric[1], b.cats)
	} else if gone > 0 {
		b.cats = nil // not read by α (see above); d_max is unchanged
	}
	b.sumJ[1], b.sumI[1] = sumJ, sumI
	co.Alpha = b.Coefficient(KrippendorffAlpha)
	for _, v := range x.touched {
		d[v] = looDelta{}
	}
	x.touched = x.touched[:0]
	return co
}

// shiftedInto returns p + delta as a sparse vector in the storage of buf
// (entries that become 0 are dropped); delta is 0 outside p's support.
func shiftedInto(buf, p distance.Vector, delta func(v int) float64) distance.Vector {
	buf.ID, buf.W = buf.ID[:0], buf.W[:0]
	for i, id := range p.ID {
		w := p.W[i] + delta(id)
		if w < 0 { // rounding of item weights: never below 0
			w = 0
		}
		if w != 0 {
			buf.ID = append(buf.ID, id)
			buf.W = append(buf.W, w)
		}
	}
	return buf
}

// everyCoder returns the coder of every (coder, value) pair of every pattern.
func everyCoder(s *Stats) []int32 {
	out := make([]int32, 0, len(s.cv)/2)
	for i := 0; i < len(s.cv); i += 2 {
		out = append(out, s.cv[i])
	}
	return out
}

// withoutCoder returns the statistics of the data without coder c (its
// values removed from every pattern).
func (s *Stats) withoutCoder(c int) *Stats {
	var coders []string
	cmap := make([]int32, len(s.coders))
	for i, name := range s.coders {
		cmap[i] = int32(len(coders))
		if i != c {
			coders = append(coders, name)
		}
	}
	a, _ := NewAccumulator(StatsOptions{Source: s.source, Coders: coders})
	a.adopt(s)
	buf := make([]int32, 0, 16)
	for p := range s.NumPatterns() {
		cv, n := s.Pattern(p)
		buf = buf[:0]
		for i := 0; i < len(cv); i += 2 {
			if int(cv[i]) != c {
				buf = append(buf, cmap[cv[i]], cv[i+1])
			}
		}
		if len(buf) == 0 {
			a.empty += n
			continue
		}
		a.addPattern(buf, n, nil, false)
	}
	a.empty += s.empty
	return a.Stats()
}

// adopt gives a (new, empty) accumulator the value table of s, indices
// unchanged, for adding patterns (not values: the label index stays empty).
func (a *Accumulator) adopt(s *Stats) {
	a.labels = s.labels
	a.firstSeen = append([]Pos(nil), s.firstSeen...)
	a.declared, a.ordered = s.declared, s.ordered
	a.opt.Categories, a.opt.Closed = s.labels[:s.declared], s.closed
	a.canonical = true
	a.merged = s.merged
}

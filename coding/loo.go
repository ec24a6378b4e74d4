package coding

import (
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
	s := a.stats
	C := len(s.coders)
	// Occurrences of each coder: (pattern, position of the pair), grouped
	// by coder with a counting sort.
	first := make([]int, C+1)
	for _, c := range everyCoder(s) {
		first[c+1]++
	}
	for c := range C {
		first[c+1] += first[c]
	}
	type occ struct{ p, j int }
	occs := make([]occ, first[C])
	next := append([]int(nil), first[:C]...)
	for p := range s.NumPatterns() {
		cv, _ := s.Pattern(p)
		for j := 0; j < len(cv); j += 2 {
			occs[next[cv[j]]] = occ{p, j}
			next[cv[j]]++
		}
	}
	rebind := a.opt.Distance.Name() == "ordinal"
	out := make([]CoderOut, C)
	V := len(s.labels)
	dJ, dI := make([]float64, V), make([]float64, V)
	used := make([]int64, V)
	for c := range C {
		co := CoderOut{Coder: s.coders[c]}
		for _, o := range occs[first[c]:first[c+1]] {
			_, n := s.Pattern(o.p)
			co.Values += int(n)
		}
		if rebind {
			sub, err := AnalyzeStats(s.withoutCoder(c), a.opt)
			if err != nil {
				return nil, err
			}
			co.Alpha = sub.Coefficient(KrippendorffAlpha)
			out[c] = co
			continue
		}
		cnt := a.counts
		cnt.Coders--
		sumJ, sumI := a.sumJ[1], a.sumI[1]
		copy(used, a.used)
		clear(dJ)
		clear(dI)
		for _, o := range occs[first[c]:first[c+1]] {
			cv, n := s.Pattern(o.p)
			m := len(cv) / 2
			y := cv[o.j+1]
			fn := float64(n)
			cnt.Values -= int(n)
			used[y] -= n
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
				dJ[cv[i]] -= fn
				dI[cv[i]] -= inv
			}
			if m == 2 {
				cnt.PairableItems -= int(n)
				continue
			}
			for i := 1; i < len(cv); i += 2 {
				if i != o.j+1 && cv[i] != y {
					t -= a.metric[1].Distance(int(y), int(cv[i]))
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
					dJ[cv[i]] += fn
					dI[cv[i]] += inv
				}
			}
		}
		b := &Analysis{stats: s, opt: a.opt, counts: cnt, dist: a.dist, metric: a.metric,
			pooledJ: shifted(a.pooledJ, dJ), pooledI: shifted(a.pooledI, dI),
			cats: categories(s.declared, used)}
		b.sumJ[1], b.sumI[1] = sumJ, sumI
		b.counts.Categories = len(b.cats)
		b.dmax[1] = distance.Max(a.metric[1], b.cats)
		co.Alpha = b.Coefficient(KrippendorffAlpha)
		out[c] = co
	}
	return out, nil
}

// everyCoder returns the coder of every (coder, value) pair of every pattern.
func everyCoder(s *Stats) []int32 {
	out := make([]int32, 0, len(s.cv)/2)
	for i := 0; i < len(s.cv); i += 2 {
		out = append(out, s.cv[i])
	}
	return out
}

// shifted returns p + delta as a sparse vector (entries that become 0
// are dropped).
func shifted(p distance.Vector, delta []float64) distance.Vector {
	w := make([]float64, len(delta))
	for i, id := range p.ID {
		w[id] = p.W[i]
	}
	for v, d := range delta {
		w[v] += d
		if w[v] < 0 { // rounding of item weights: never below 0
			w[v] = 0
		}
	}
	return dense(w)
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
}

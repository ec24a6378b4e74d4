package spans

import (
	"cmp"
	"math"
	"slices"
)

// worker compares the annotators of one document at a time, reusing its
// buffers.
type worker struct {
	p     *prepared
	pairs [][2]int
	solve solver
	cand  []candidate
	unit  float64 // overlaps are counted in 1/unit of the offsets' unit
	edges []edge
	m     [][2]int32
	actA  []int32
	actB  []int32
	// per-label counts of the current pair, and the labels touched
	lc      []Counts
	touched []int32
	// table counts the label pairs of the matchings by extent
	table labelTable
	// labels are the document's label records, copied out at its end
	labels []labelRecord
	// repeated counts the spans identical to the one before them
	repeated int
}

type candidate struct {
	a, b    int32
	overlap float64 // a whole number: characters, or microseconds on a time line
	dist    float64 // Σ |Δstart| + |Δend| over the parts (hulls if they differ in number)
	same    bool
}

func newWorker(p *prepared, pairs [][2]int) *worker {
	w := &worker{p: p, pairs: pairs, lc: make([]Counts, len(p.labels)), table: labelTable{}}
	return w
}

// canonical orders the spans of one annotator in one document by start,
// end, parts, label, then id and corpus position, so that results do not
// depend on the order of the input.
func (w *worker) canonical(x, y int32) int {
	p := w.p
	a, b := &p.shapes[x], &p.shapes[y]
	if c := cmp.Compare(a.start, b.start); c != 0 {
		return c
	}
	if c := cmp.Compare(a.end, b.end); c != 0 {
		return c
	}
	if c := cmp.Compare(p.nParts(a), p.nParts(b)); c != 0 {
		return c
	}
	if a.disc != 0 && b.disc != 0 {
		pa, pb := p.disc[a.disc-1], p.disc[b.disc-1]
		for k := range pa {
			if c := cmp.Compare(pa[k].Start, pb[k].Start); c != 0 {
				return c
			}
			if c := cmp.Compare(pa[k].End, pb[k].End); c != 0 {
				return c
			}
		}
	}
	if c := cmp.Compare(a.label, b.label); c != 0 {
		return c
	}
	if c := cmp.Compare(w.p.c.Spans[x].ID, w.p.c.Spans[y].ID); c != 0 {
		return c
	}
	return cmp.Compare(x, y)
}

// document compares every pair of annotators on document d. It returns
// the document's counts and, when the options ask for them, the matches
// under the label mode as (pair, reference span, response span), corpus
// span indexes; it counts the label pairs of the matchings by extent in
// w.table.
func (w *worker) document(d int) (dr docResult, matches [][3]int32) {
	p := w.p
	for a := range p.c.Annotators {
		ss := p.of(d, a)
		slices.SortFunc(ss, w.canonical)
		for k := 1; k < len(ss); k++ { // identical spans are adjacent now
			if x, y := &p.shapes[ss[k-1]], &p.shapes[ss[k]]; x.label == y.label && p.sameParts(x, y) {
				w.repeated++
			}
		}
	}
	// Overlaps rank matchings (edge.better) as whole numbers: seconds are
	// counted in microseconds (overlaps closer than that are equal).
	w.unit = 1
	if p.c.Documents[d].Time {
		w.unit = 1e6
	}
	dr.pairs = make([]docPair, len(w.pairs))
	w.labels = w.labels[:0]
	for k, pr := range w.pairs {
		if !p.compared(d, pr[0], pr[1]) {
			continue
		}
		A, B := p.of(d, pr[0]), p.of(d, pr[1])
		dp := &dr.pairs[k]
		dp.compared = true
		dp.ref, dp.resp = int32(len(A)), int32(len(B))
		w.touched = w.touched[:0]
		for _, s := range A {
			w.count(p.shapes[s].label).Reference++
		}
		for _, s := range B {
			w.count(p.shapes[s].label).Response++
		}
		if len(A) > 0 && len(B) > 0 {
			w.candidates(A, B)
			// Matching by extent: most pairs, then most overlap, then most
			// equal labels, then the closest boundaries (edge.better).
			w.edges = w.edges[:0]
			for _, c := range w.cand {
				w.edges = append(w.edges, edge{a: c.a, b: c.b, overlap: c.overlap, same: c.same, close: 1 / (1 + c.dist)})
			}
			w.m = w.solve.match(len(A), len(B), w.edges, w.m[:0])
			dp.byExtent = int32(len(w.m))
			for _, m := range w.m {
				w.table[[3]int32{int32(k), p.shapes[A[m[0]]].label, p.shapes[B[m[1]]].label}]++
				if p.opt.Matches && p.opt.Labels == Ignore {
					matches = append(matches, [3]int32{int32(k), A[m[0]], B[m[1]]})
				}
			}
			// Matching with labels.
			w.edges = w.edges[:0]
			for _, c := range w.cand {
				if c.same {
					w.edges = append(w.edges, edge{a: c.a, b: c.b, overlap: c.overlap, same: true, close: 1 / (1 + c.dist)})
				}
			}
			w.m = w.solve.match(len(A), len(B), w.edges, w.m[:0])
			dp.strict = int32(len(w.m))
			for _, m := range w.m {
				w.lc[p.shapes[A[m[0]]].label].Matched++
				if p.opt.Matches && p.opt.Labels == Strict {
					matches = append(matches, [3]int32{int32(k), A[m[0]], B[m[1]]})
				}
			}
		}
		slices.Sort(w.touched)
		for _, l := range w.touched {
			c := w.lc[l]
			w.labels = append(w.labels, labelRecord{int32(k), l, int32(c.Matched), int32(c.Reference), int32(c.Response)})
			w.lc[l] = Counts{}
		}
	}
	dr.labels = slices.Clone(w.labels) // kept at its size: many annotators make many records
	return dr, matches
}

func (w *worker) count(label int32) *Counts {
	c := &w.lc[label]
	if c.Reference == 0 && c.Response == 0 {
		w.touched = append(w.touched, label)
	}
	return c
}

// candidates fills w.cand with the pairs (a, b) of spans A[a], B[b] that
// may be matched: a sweep over both lists, sorted by start, keeping the
// spans still open; each span is checked only against those whose hull
// (widened by the tolerance) touches its own.
func (w *worker) candidates(A, B []int32) {
	p := w.p
	m := p.opt.Match
	reach := m.reach()
	w.cand = w.cand[:0]
	actA, actB := w.actA[:0], w.actB[:0]
	check := func(a, b int32) {
		sa, sb := &p.shapes[A[a]], &p.shapes[B[b]]
		if ok, ov := m.pairs(p, sa, sb); ok {
			if w.unit != 1 {
				ov = math.Round(ov * w.unit)
			}
			w.cand = append(w.cand, candidate{a, b, ov, p.boundaryDistance(sa, sb), sa.label == sb.label})
		}
	}
	ia, ib := 0, 0
	for ia < len(A) || ib < len(B) {
		if ib >= len(B) || (ia < len(A) && p.shapes[A[ia]].start-reach <= p.shapes[B[ib]].start) {
			s := p.shapes[A[ia]].start - reach
			k := 0
			for _, b := range actB {
				if p.shapes[B[b]].end >= s {
					actB[k] = b
					k++
				}
			}
			actB = actB[:k]
			if ib >= len(B) && k == 0 {
				break // no response span is left to pair with
			}
			for _, b := range actB {
				check(int32(ia), b)
			}
			actA = append(actA, int32(ia))
			ia++
			continue
		}
		s := p.shapes[B[ib]].start
		k := 0
		for _, a := range actA {
			if p.shapes[A[a]].end+reach >= s {
				actA[k] = a
				k++
			}
		}
		actA = actA[:k]
		if ia >= len(A) && k == 0 {
			break
		}
		for _, a := range actA {
			check(a, int32(ib))
		}
		actB = append(actB, int32(ib))
		ib++
	}
	w.actA, w.actB = actA, actB
}

// boundaryDistance is how far apart the boundaries of two spans are: the
// sum of the differences of their parts' starts and ends, or of their
// hulls' when they have different numbers of parts.
func (p *prepared) boundaryDistance(a, b *shape) float64 {
	if a.disc == 0 || b.disc == 0 || p.nParts(a) != p.nParts(b) {
		return math.Abs(a.start-b.start) + math.Abs(a.end-b.end)
	}
	pa, pb := p.disc[a.disc-1], p.disc[b.disc-1]
	d := 0.0
	for k := range pa {
		d += math.Abs(pa[k].Start-pb[k].Start) + math.Abs(pa[k].End-pb[k].End)
	}
	return d
}

package spans

import (
	"cmp"
	"math"
	"slices"
)

// worker compares one annotator with the others at a time (a row),
// reusing its buffers.
type worker struct {
	p     *prepared
	docs  []docTally
	solve solver
	cand  []candidate
	unit  float64 // overlaps are counted in 1/unit of the offsets' unit
	edges []edge
	m     [][2]int32
	actA  []int32
	actB  []int32
	// the document's classes of identical spans, the flows between them,
	// and the matchings by extent and with labels (positions in A and B)
	ga, gb     groups
	flows      []flow
	mExt, mStr [][2]int32
	large      largeState
	// per-label counts of the current pair over its shared documents, and
	// the labels touched
	lc      []labelRec
	touched []int32
	// per-label pairs matched with labels in the current document
	dl       []int32
	dtouched []int32
	// cells counts the label pairs of the current pair's matchings by
	// extent
	cells cellTable
	// entries are the (annotator, document) of the current row
	entries []uint64
}

type candidate struct {
	a, b    int32
	overlap float64 // a whole number: characters, or microseconds on a time line
	dist    float64 // Σ |Δstart| + |Δend| over the parts (hulls if they differ in number)
	same    bool
}

func newWorker(p *prepared, docs []docTally) *worker {
	return &worker{p: p, docs: docs, lc: make([]labelRec, len(p.labels)), dl: make([]int32, len(p.labels)), cells: newCellTable(len(p.labels))}
}

// canonical orders the spans of one annotator in one document by start,
// end, parts, label, then id and corpus position, so that results do not
// depend on the order of the input.
func (p *prepared) canonical(x, y int32) int {
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
	if c := cmp.Compare(p.c.Spans[x].ID, p.c.Spans[y].ID); c != 0 {
		return c
	}
	return cmp.Compare(x, y)
}

// sharedRow lists, in entries, the (j, d) of annotator i's row: every
// annotator j > i and document d that i and j both annotated, by j then
// d. The work is the pairs of annotators of i's documents.
func sharedRow(entries []uint64, i int, docsOf [][]int32, annotated [][]int) []uint64 {
	entries = entries[:0]
	for _, d := range docsOf[i] {
		anns := annotated[d]
		k, _ := slices.BinarySearch(anns, i+1)
		for _, j := range anns[k:] {
			entries = append(entries, uint64(j)<<32|uint64(d))
		}
	}
	slices.Sort(entries)
	return entries
}

// eachPair calls f for each annotator j of a row (entries by sharedRow)
// with the entries of j.
func eachPair(entries []uint64, f func(j int, entries []uint64)) {
	for k := 0; k < len(entries); {
		j := entries[k] >> 32
		e := k + 1
		for e < len(entries) && entries[e]>>32 == j {
			e++
		}
		f(int(j), entries[k:e])
		k = e
	}
}

// row compares annotator i with every annotator j > i with whom i shares
// a document, on the documents they share.
func (w *worker) row(i int) []pairResult {
	w.entries = sharedRow(w.entries, i, w.p.docsOf, w.p.annotated)
	var out []pairResult
	eachPair(w.entries, func(j int, entries []uint64) {
		out = append(out, w.pair(i, j, entries))
	})
	return out
}

// pair compares annotators i and j on the documents of entries. It counts
// the pairs matched with labels in each document in w.docs.
func (w *worker) pair(i, j int, entries []uint64) pairResult {
	p := w.p
	r := pairResult{j: int32(j)}
	r.recs = make([]docRec, 0, len(entries))
	w.touched = w.touched[:0]
	for _, e := range entries {
		d := int(uint32(e))
		A, B := p.of(d, i), p.of(d, j)
		rec := docRec{doc: int32(d), ref: int32(len(A)), resp: int32(len(B))}
		for _, s := range A {
			w.count(p.shapes[s].label).ref++
		}
		for _, s := range B {
			w.count(p.shapes[s].label).resp++
		}
		if len(A) > 0 && len(B) > 0 {
			// Overlaps rank matchings (edge.better) as whole numbers:
			// seconds are counted in microseconds (overlaps closer than
			// that are equal).
			w.unit = 1
			if p.c.Documents[d].Time {
				w.unit = 1e6
			}
			// Matching by extent: most pairs, then most overlap, then most
			// equal labels, then the closest boundaries (edge.better); and
			// with labels.
			w.matchDoc(A, B)
			if p.opt.Labels == Ignore {
				rec.matched = int32(len(w.mExt))
			}
			for _, m := range w.mExt {
				w.cells.add(p.shapes[A[m[0]]].label, p.shapes[B[m[1]]].label)
				if p.opt.Matches && p.opt.Labels == Ignore {
					r.matches = append(r.matches, [2]int32{A[m[0]], B[m[1]]})
				}
			}
			w.m = w.mStr
			if p.opt.Labels == Strict {
				rec.matched = int32(len(w.m))
			}
			w.dtouched = w.dtouched[:0]
			for _, m := range w.m {
				l := p.shapes[A[m[0]]].label
				w.lc[l].matched++
				if w.dl[l] == 0 {
					w.dtouched = append(w.dtouched, l)
				}
				w.dl[l]++
				if p.opt.Matches && p.opt.Labels == Strict {
					r.matches = append(r.matches, [2]int32{A[m[0]], B[m[1]]})
				}
			}
			for _, l := range w.dtouched {
				w.docs[d].addMatched(l, int(w.dl[l]))
				w.dl[l] = 0
			}
		}
		r.recs = append(r.recs, rec)
	}
	r.labels, r.cells = flushLabels(w.lc, w.touched), w.cells.flush()
	return r
}

// flushLabels returns a pair's label counts (lc, at the labels touched),
// in label order, and resets lc.
func flushLabels(lc []labelRec, touched []int32) []labelRec {
	slices.Sort(touched)
	labels := make([]labelRec, 0, len(touched))
	for _, l := range touched {
		c := lc[l]
		c.label = l
		labels = append(labels, c)
		lc[l] = labelRec{}
	}
	return labels
}

// cellTable counts the pairs of labels (reference's, response's) of one
// pair's matchings: in a dense table when the labels are few, else in a
// map.
type cellTable struct {
	n       int32
	dense   []int
	touched []int32
	sparse  map[[2]int32]int
}

func newCellTable(labels int) cellTable {
	if labels <= 64 {
		return cellTable{n: int32(labels), dense: make([]int, labels*labels)}
	}
	return cellTable{n: int32(labels), sparse: map[[2]int32]int{}}
}

func (t *cellTable) add(ref, resp int32) {
	if t.dense == nil {
		t.sparse[[2]int32{ref, resp}]++
		return
	}
	k := ref*t.n + resp
	if t.dense[k] == 0 {
		t.touched = append(t.touched, k)
	}
	t.dense[k]++
}

// flush returns the cells in label order and empties the table.
func (t *cellTable) flush() []labelCell {
	var cells []labelCell
	if t.dense != nil {
		slices.Sort(t.touched)
		cells = make([]labelCell, 0, len(t.touched))
		for _, k := range t.touched {
			cells = append(cells, labelCell{k / t.n, k % t.n, t.dense[k]})
			t.dense[k] = 0
		}
		t.touched = t.touched[:0]
		return cells
	}
	cells = make([]labelCell, 0, len(t.sparse))
	for k, n := range t.sparse {
		cells = append(cells, labelCell{k[0], k[1], n})
	}
	clear(t.sparse)
	// in label order, so that the data do not depend on map order
	slices.SortFunc(cells, func(x, y labelCell) int {
		if x.ref != y.ref {
			return cmp.Compare(x.ref, y.ref)
		}
		return cmp.Compare(x.resp, y.resp)
	})
	return cells
}

func (w *worker) count(label int32) *labelRec {
	c := &w.lc[label]
	if c.ref == 0 && c.resp == 0 {
		w.touched = append(w.touched, label)
	}
	return c
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

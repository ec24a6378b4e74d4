package spans

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"runtime"
	"slices"
	"strings"

	"agree/annotation"
	"agree/internal/unionfind"
)

// RelationResult is the comparison of every pair of annotators on
// relations (typed links from a source span to a target span). Its labels
// are the relation types.
type RelationResult struct {
	Summary
	// Relations is the number of relations compared; Ignored counts those
	// left out because an end is not in the compared span layer.
	Relations, Ignored int
	// Spans is the comparison of the spans whose matching decides which
	// ends match.
	Spans *Result

	// rels groups the relations compared by document and annotator, in
	// canonical order.
	rels grouping
}

// CompareRelations compares the relations of every pair of annotators. The
// spans of the layer are matched as Compare matches them (opt.Match,
// opt.Labels); two relations can be paired when the source of one is
// matched to the source of the other and the target to the target
// (relations are directed). Relations are then matched one to one, like
// spans: with Strict, a pair must have the same type; with Ignore, any
// type, preferring pairs of the same type. Per-type counts pair relations
// of the same type, and agreement on the type given a matched pair is κ/α
// on the relations matched by their ends. The pairs are those of the span
// comparison (annotators who share a document).
func CompareRelations(ctx context.Context, c *annotation.Corpus, opt Options) (*RelationResult, error) {
	opt.Matches = true
	if len(c.Annotators) < 2 {
		return nil, fmt.Errorf("relation agreement needs at least two annotators, got %d", len(c.Annotators))
	}
	if len(c.Relations) == 0 {
		return nil, errors.New("no relations in the data")
	}
	progress := opt.Progress
	opt.Progress = nil // the relations' comparisons are counted, not the spans'
	sp, err := Compare(ctx, c, opt)
	if err != nil {
		return nil, err
	}
	opt.Progress = progress
	rr := &RelationResult{Spans: sp}
	typeIndex := map[string]int32{}
	var types []string
	inLayer := func(r *annotation.Relation) bool {
		return c.Spans[r.Source].Layer == sp.Layer && c.Spans[r.Target].Layer == sp.Layer
	}
	for i := range c.Relations {
		r := &c.Relations[i]
		if !inLayer(r) {
			rr.Ignored++
			continue
		}
		rr.Relations++
		if _, ok := typeIndex[r.Type]; !ok {
			typeIndex[r.Type] = 0
			types = append(types, r.Type)
		}
	}
	if rr.Relations == 0 {
		if rr.Ignored > 0 {
			return nil, fmt.Errorf("no relation links two spans of layer %q (%d link spans of other layers)", sp.Layer, rr.Ignored)
		}
		return nil, errors.New("no relations in the data")
	}
	slices.Sort(types)
	for k, t := range types {
		typeIndex[t] = int32(k)
	}
	typeOf := make([]int32, len(c.Relations))
	for i := range c.Relations {
		typeOf[i] = typeIndex[c.Relations[i].Type]
	}
	rr.rels = newGrouping(len(c.Documents), len(c.Relations), func(i int) (int, int, bool) {
		r := &c.Relations[i]
		return r.Doc, r.Annotator, inLayer(r)
	})
	// Relations of one annotator in one document in a canonical order: by
	// the ends' canonical positions, then type, then corpus index.
	for d := range rr.rels.docs {
		for _, g := range rr.rels.docs[d] {
			slices.SortFunc(rr.rels.units[g.lo:g.hi], func(x, y int32) int {
				a, b := &c.Relations[x], &c.Relations[y]
				for _, e := range [][2]int{{a.Source, b.Source}, {a.Target, b.Target}} {
					sa, sb := &c.Spans[e[0]], &c.Spans[e[1]]
					if v := cmp.Compare(sa.Start, sb.Start); v != 0 {
						return v
					}
					if v := cmp.Compare(sa.End, sb.End); v != 0 {
						return v
					}
				}
				if v := strings.Compare(a.Type, b.Type); v != 0 {
					return v
				}
				return cmp.Compare(x, y)
			})
		}
	}
	rr.Summary = Summary{Options: opt, Annotators: c.Annotators, Labels: types, Documents: len(c.Documents)}
	rr.docs = tallyDocs(sp.prep.annotated, &rr.rels, func(r int32) int32 { return typeOf[r] }, len(types))
	// An end is matched to an end of the other annotator through its class
	// (identical spans of one annotator in one document: same parts, same
	// label), so that a relation on a duplicate of a matched span is not
	// left without partner by the choice of which duplicate was matched.
	class := sp.classes()
	// rowStart[i]: the first span pair of annotator i's row
	rowStart := make([]int, len(c.Annotators)+1)
	for _, p := range sp.Pairs {
		rowStart[p.Annotators[0]+1]++
	}
	for i := 1; i < len(rowStart); i++ {
		rowStart[i] += rowStart[i-1]
	}
	workers := opt.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	workers = max(1, min(workers, len(c.Annotators)))
	ws := make([]*relWorker, workers)
	for x := range ws {
		ws[x] = &relWorker{rr: rr, class: class, typeOf: typeOf, partners: map[int32][]int32{}, lc: make([]labelRec, len(types)), cells: newCellTable(len(types))}
	}
	rows, err := eachRow(ctx, len(c.Annotators), workers, opt.Progress, func(x, i int) []pairResult {
		var out []pairResult
		for k := rowStart[i]; k < rowStart[i+1]; k++ {
			out = append(out, ws[x].pair(k))
		}
		return out
	})
	if err != nil {
		return nil, err
	}
	rr.summarize(rows)
	return rr, nil
}

// relWorker compares the relations of one pair of annotators at a time.
type relWorker struct {
	rr       *RelationResult
	class    []int32
	typeOf   []int32
	partners map[int32][]int32 // class of a reference span → classes matched to it
	s        solver
	cand     []candidate
	edges    []edge
	m        [][2]int32
	f        []flow
	one      []int32
	lc       []labelRec
	touched  []int32
	cells    cellTable
}

// pair compares the relations of span pair k on the documents its
// annotators share.
func (w *relWorker) pair(k int) pairResult {
	rr, sp := w.rr, w.rr.Spans
	c := sp.corpus
	pr := sp.Pairs[k].Annotators
	res := pairResult{j: int32(pr[1])}
	clear(w.partners)
	for _, x := range sp.data[k].matches {
		a, b := w.class[x[0]], w.class[x[1]]
		if !slices.Contains(w.partners[a], b) {
			w.partners[a] = append(w.partners[a], b)
		}
	}
	w.touched = w.touched[:0]
	res.recs = make([]docRec, 0, len(sp.data[k].recs))
	for _, srec := range sp.data[k].recs {
		d := int(srec.doc)
		A, B := rr.rels.of(d, pr[0]), rr.rels.of(d, pr[1])
		rec := docRec{doc: srec.doc, ref: int32(len(A)), resp: int32(len(B))}
		for _, r := range A {
			w.count(w.typeOf[r]).ref++
		}
		for _, r := range B {
			w.count(w.typeOf[r]).resp++
		}
		w.cand = w.cand[:0]
		if len(A) > 0 && len(B) > 0 {
			byEnds := map[[2]int32][]int32{}
			for b, r := range B {
				e := [2]int32{w.class[c.Relations[r].Source], w.class[c.Relations[r].Target]}
				byEnds[e] = append(byEnds[e], int32(b))
			}
			for a, r := range A {
				ra := &c.Relations[r]
				for _, ps := range w.partners[w.class[ra.Source]] {
					for _, pt := range w.partners[w.class[ra.Target]] {
						for _, b := range byEnds[[2]int32{ps, pt}] {
							w.cand = append(w.cand, candidate{a: int32(a), b: b, same: w.typeOf[r] == w.typeOf[B[b]]})
						}
					}
				}
			}
		}
		// by ends (any type, the same type preferred)
		w.edges = w.edges[:0]
		for _, x := range w.cand {
			w.edges = append(w.edges, edge{a: x.a, b: x.b, same: x.same})
		}
		w.m = pairsOf(w.s.match(len(A), len(B), w.ones(len(A)), w.ones(len(B)), w.edges, w.f[:0]), w.m[:0])
		if rr.Options.Labels == Ignore {
			rec.matched = int32(len(w.m))
		}
		for _, x := range w.m {
			w.cells.add(w.typeOf[A[x[0]]], w.typeOf[B[x[1]]])
			if rr.Options.Labels == Ignore {
				res.matches = append(res.matches, [2]int32{A[x[0]], B[x[1]]})
			}
		}
		// with types
		w.edges = w.edges[:0]
		for _, x := range w.cand {
			if x.same {
				w.edges = append(w.edges, edge{a: x.a, b: x.b})
			}
		}
		w.m = pairsOf(w.s.match(len(A), len(B), w.ones(len(A)), w.ones(len(B)), w.edges, w.f[:0]), w.m[:0])
		if rr.Options.Labels == Strict {
			rec.matched = int32(len(w.m))
		}
		for _, x := range w.m {
			t := w.typeOf[A[x[0]]]
			w.lc[t].matched++
			rr.docs[d].addMatched(t, 1)
			if rr.Options.Labels == Strict {
				res.matches = append(res.matches, [2]int32{A[x[0]], B[x[1]]})
			}
		}
		res.recs = append(res.recs, rec)
	}
	res.labels, res.cells = flushLabels(w.lc, w.touched), w.cells.flush()
	return res
}

// ones returns n multiplicities 1: relations are matched one by one.
func (w *relWorker) ones(n int) []int32 {
	for len(w.one) < n {
		w.one = append(w.one, 1)
	}
	return w.one[:n]
}

// pairsOf appends the pairs of flows of one unit each (classes of one
// span) to m.
func pairsOf(flows []flow, m [][2]int32) [][2]int32 {
	for _, f := range flows {
		m = append(m, [2]int32{f.a, f.b})
	}
	return m
}

func (w *relWorker) count(t int32) *labelRec {
	c := &w.lc[t]
	if c.ref == 0 && c.resp == 0 {
		w.touched = append(w.touched, t)
	}
	return c
}

// RelationDisagreement is a group of relations on which the annotators
// disagree: the relations whose sources are in one group of matched spans
// and whose targets are in another.
type RelationDisagreement struct {
	Doc int
	// Source and Target bound the ends of the group's relations; their
	// texts are the covered texts when the document has a text.
	Source, Target         [2]float64
	SourceText, TargetText string
	// Kinds say what differs: "missing" (an annotator compared on the
	// document has no such relation), "type" (the types differ), "count"
	// (an annotator has more such relations than another), "ends" (the
	// ends are not all matched to each other).
	Kinds []string
	// Relations[a] are annotator a's relations in the group (corpus
	// indexes); Compared[a] whether a was compared on the document.
	Relations [][]int
	Compared  []bool
}

// Disagreements lists the groups of relations on which the annotators
// disagree, sorted by document name, then source and target offsets. Ends
// are grouped by the span matchings of every pair (spans matched to each
// other, directly or through a third annotator's, form a group); a group
// of relations agrees when every annotator compared on the document has
// exactly one relation in it, all of one type, each matched to the
// others'.
func (rr *RelationResult) Disagreements() []RelationDisagreement {
	sp := rr.Spans
	c := sp.corpus
	nAnn := len(c.Annotators)
	uf := unionfind.New(len(c.Spans))
	for s, k := range sp.classes() {
		if k >= 0 {
			uf.Union(s, int(k))
		}
	}
	for _, pd := range sp.data {
		for _, m := range pd.matches {
			uf.Union(int(m[0]), int(m[1]))
		}
	}
	partners := map[int32]int{}
	for _, pd := range rr.data {
		for _, m := range pd.matches {
			partners[m[0]]++
			partners[m[1]]++
		}
	}
	var out []RelationDisagreement
	for d := range c.Documents {
		type key struct{ src, tgt int }
		groups := map[key][]int32{}
		var keys []key
		nCompared := 0
		compared := make([]bool, nAnn)
		for a := range nAnn {
			compared[a] = sp.prep.annotatedBy(d, a)
			if compared[a] {
				nCompared++
			}
			for _, r := range rr.rels.of(d, a) {
				rel := &c.Relations[r]
				k := key{uf.Find(rel.Source), uf.Find(rel.Target)}
				if _, ok := groups[k]; !ok {
					keys = append(keys, k)
				}
				groups[k] = append(groups[k], r)
			}
		}
		var offs *annotation.Offsets
		for _, k := range keys {
			g := groups[k]
			dis := RelationDisagreement{Doc: d, Relations: make([][]int, nAnn), Compared: compared}
			first := &c.Relations[g[0]]
			agree, sameType := true, true
			for x, r := range g {
				rel := &c.Relations[r]
				if partners[r] != nCompared-1 {
					agree = false
				}
				if rel.Type != first.Type {
					sameType = false
				}
				src, tgt := &c.Spans[rel.Source], &c.Spans[rel.Target]
				if x == 0 {
					dis.Source, dis.Target = [2]float64{src.Start, src.End}, [2]float64{tgt.Start, tgt.End}
				}
				dis.Source = [2]float64{min(dis.Source[0], src.Start), max(dis.Source[1], src.End)}
				dis.Target = [2]float64{min(dis.Target[0], tgt.Start), max(dis.Target[1], tgt.End)}
				dis.Relations[rel.Annotator] = append(dis.Relations[rel.Annotator], int(r))
			}
			if agree && sameType {
				continue
			}
			missing, counts := false, map[int]bool{}
			for a, rs := range dis.Relations {
				if compared[a] {
					missing = missing || len(rs) == 0
					counts[len(rs)] = true
				}
			}
			if missing {
				dis.Kinds = append(dis.Kinds, "missing")
			}
			if !sameType {
				dis.Kinds = append(dis.Kinds, "type")
			}
			if len(counts) > 1 && !missing {
				dis.Kinds = append(dis.Kinds, "count")
			}
			if len(dis.Kinds) == 0 {
				dis.Kinds = append(dis.Kinds, "ends")
			}
			if doc := &c.Documents[d]; doc.HasText && !doc.Time {
				if offs == nil {
					offs, _ = annotation.NewOffsets(doc.Text, annotation.CodePoint)
				}
				if offs != nil {
					dis.SourceText = offs.Text(int(dis.Source[0]), int(dis.Source[1]))
					dis.TargetText = offs.Text(int(dis.Target[0]), int(dis.Target[1]))
				}
			}
			out = append(out, dis)
		}
	}
	slices.SortStableFunc(out, func(x, y RelationDisagreement) int {
		if v := strings.Compare(c.Documents[x.Doc].Name, c.Documents[y.Doc].Name); v != 0 {
			return v
		}
		for _, p := range [][2]float64{{x.Source[0], y.Source[0]}, {x.Source[1], y.Source[1]}, {x.Target[0], y.Target[0]}, {x.Target[1], y.Target[1]}} {
			if v := cmp.Compare(p[0], p[1]); v != 0 {
				return v
			}
		}
		return 0
	})
	return out
}

// Corpus returns the compared corpus.
func (rr *RelationResult) Corpus() *annotation.Corpus { return rr.Spans.corpus }

// classes returns, for each corpus span of the compared layer, the first
// of the spans identical to it (same document, annotator, parts and
// label) in the canonical order; -1 for spans of other layers.
func (r *Result) classes() []int32 {
	p := r.prep
	class := make([]int32, len(r.corpus.Spans))
	for i := range class {
		class[i] = -1
	}
	for d := range r.corpus.Documents {
		for a := range r.corpus.Annotators {
			// canonical order (Compare sorted them): identical spans are adjacent
			ss := p.of(d, a)
			for k, s := range ss {
				class[s] = s
				if k > 0 {
					prev := ss[k-1]
					if x, y := &p.shapes[prev], &p.shapes[s]; x.label == y.label && p.sameParts(x, y) {
						class[s] = class[prev]
					}
				}
			}
		}
	}
	return class
}

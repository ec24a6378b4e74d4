package spans

import (
	"cmp"
	"context"
	"errors"
	"fmt"
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

	// rels[d·A + a] are the relations of annotator a in document d
	// (corpus indexes); matches[p] the relation pairs matched for pair p
	// under the label mode.
	rels    [][]int32
	matches [][][2]int32
}

// CompareRelations compares the relations of every pair of annotators. The
// spans of the layer are matched as Compare matches them (opt.Match,
// opt.Labels); two relations can be paired when the source of one is
// matched to the source of the other and the target to the target
// (relations are directed). Relations are then matched one to one, like
// spans: with Strict, a pair must have the same type; with Ignore, any
// type, preferring pairs of the same type. Per-type counts pair relations
// of the same type, and agreement on the type given a matched pair is κ/α
// on the relations matched by their ends.
func CompareRelations(ctx context.Context, c *annotation.Corpus, opt Options) (*RelationResult, error) {
	opt.Matches = true
	if len(c.Annotators) < 2 {
		return nil, fmt.Errorf("relation agreement needs at least two annotators, got %d", len(c.Annotators))
	}
	if len(c.Relations) == 0 {
		return nil, errors.New("no relations in the data")
	}
	sp, err := Compare(ctx, c, opt)
	if err != nil {
		return nil, err
	}
	nAnn := len(c.Annotators)
	rr := &RelationResult{Spans: sp, rels: make([][]int32, len(c.Documents)*nAnn)}
	typeIndex := map[string]int32{}
	var types []string
	for i, r := range c.Relations {
		if c.Spans[r.Source].Layer != sp.Layer || c.Spans[r.Target].Layer != sp.Layer {
			rr.Ignored++
			continue
		}
		rr.Relations++
		k := r.Doc*nAnn + r.Annotator
		rr.rels[k] = append(rr.rels[k], int32(i))
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
	// Relations of one annotator in one document in a canonical order: by
	// the ends' canonical positions, then type, then corpus index.
	for _, rs := range rr.rels {
		slices.SortFunc(rs, func(x, y int32) int {
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
	rr.Summary = Summary{Options: opt, Annotators: c.Annotators, Labels: types, Documents: len(c.Documents)}
	var pairs [][2]int
	for i := range nAnn {
		for j := i + 1; j < nAnn; j++ {
			pairs = append(pairs, [2]int{i, j})
		}
	}
	rr.docs = make([]docResult, len(c.Documents))
	for d := range rr.docs {
		rr.docs[d].pairs = make([]docPair, len(pairs))
	}
	rr.matches = make([][][2]int32, len(pairs))
	table := labelTable{}
	// An end is matched to an end of the other annotator through its class
	// (identical spans of one annotator in one document: same parts, same
	// label), so that a relation on a duplicate of a matched span is not
	// left without partner by the choice of which duplicate was matched.
	class := sp.classes()
	partners := map[int32][]int32{} // class of a reference span → classes matched to it
	var s solver
	var cand []candidate
	var edges []edge
	var m [][2]int32
	lc := make([]Counts, len(types))
	for k, pr := range pairs {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		clear(partners)
		for _, x := range sp.matches[k] {
			a, b := class[x[0]], class[x[1]]
			if !slices.Contains(partners[a], b) {
				partners[a] = append(partners[a], b)
			}
		}
		for d := range c.Documents {
			if !sp.docs[d].pairs[k].compared {
				continue
			}
			A, B := rr.rels[d*nAnn+pr[0]], rr.rels[d*nAnn+pr[1]]
			dp := &rr.docs[d].pairs[k]
			dp.compared = true
			dp.ref, dp.resp = int32(len(A)), int32(len(B))
			for _, r := range A {
				lc[typeIndex[c.Relations[r].Type]].Reference++
			}
			for _, r := range B {
				lc[typeIndex[c.Relations[r].Type]].Response++
			}
			cand = cand[:0]
			if len(A) > 0 && len(B) > 0 {
				byEnds := map[[2]int32][]int32{}
				for b, r := range B {
					e := [2]int32{class[c.Relations[r].Source], class[c.Relations[r].Target]}
					byEnds[e] = append(byEnds[e], int32(b))
				}
				for a, r := range A {
					ra := &c.Relations[r]
					for _, ps := range partners[class[ra.Source]] {
						for _, pt := range partners[class[ra.Target]] {
							for _, b := range byEnds[[2]int32{ps, pt}] {
								cand = append(cand, candidate{a: int32(a), b: b, same: ra.Type == c.Relations[B[b]].Type})
							}
						}
					}
				}
			}
			// by ends (any type, the same type preferred)
			edges = edges[:0]
			for _, x := range cand {
				edges = append(edges, edge{a: x.a, b: x.b, same: x.same})
			}
			m = s.match(len(A), len(B), edges, m[:0])
			dp.byExtent = int32(len(m))
			for _, x := range m {
				table[[3]int32{int32(k), typeIndex[c.Relations[A[x[0]]].Type], typeIndex[c.Relations[B[x[1]]].Type]}]++
				if opt.Labels == Ignore {
					rr.matches[k] = append(rr.matches[k], [2]int32{A[x[0]], B[x[1]]})
				}
			}
			// with types
			edges = edges[:0]
			for _, x := range cand {
				if x.same {
					edges = append(edges, edge{a: x.a, b: x.b})
				}
			}
			m = s.match(len(A), len(B), edges, m[:0])
			dp.strict = int32(len(m))
			for _, x := range m {
				lc[typeIndex[c.Relations[A[x[0]]].Type]].Matched++
				if opt.Labels == Strict {
					rr.matches[k] = append(rr.matches[k], [2]int32{A[x[0]], B[x[1]]})
				}
			}
			for t := range lc {
				if l := lc[t]; l != (Counts{}) {
					rr.docs[d].labels = append(rr.docs[d].labels, labelRecord{int32(k), int32(t), int32(l.Matched), int32(l.Reference), int32(l.Response)})
					lc[t] = Counts{}
				}
			}
		}
	}
	if err := rr.Summary.summarize(ctx, pairs, []labelTable{table}, opt.Workers); err != nil {
		return nil, err
	}
	return rr, nil
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
	for _, ms := range sp.matches {
		for _, m := range ms {
			uf.Union(int(m[0]), int(m[1]))
		}
	}
	partners := map[int32]int{}
	for _, ms := range rr.matches {
		for _, m := range ms {
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
			compared[a] = sp.prep.ann == nil || sp.prep.ann[d][a]
			if compared[a] {
				nCompared++
			}
			for _, r := range rr.rels[d*nAnn+a] {
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

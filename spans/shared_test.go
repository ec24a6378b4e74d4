package spans

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"sync/atomic"
	"testing"

	"agree/annotation"
	"agree/inference"
)

// sub returns the corpus of annotators anns alone (renumbered in that
// order) on the documents docs (nil: all), keeping what the reader knew
// of who annotated what (Document.AnnotatedBy).
func sub(c *annotation.Corpus, anns []int, docs []int) *annotation.Corpus {
	out := &annotation.Corpus{}
	annIdx := map[int]int{}
	for _, a := range anns {
		annIdx[a] = out.Annotator(c.Annotators[a])
	}
	docIdx := map[int]int{}
	for d := range c.Documents {
		if docs != nil && !slices.Contains(docs, d) {
			continue
		}
		docIdx[d] = out.Document(c.Documents[d].Name)
		nd := &out.Documents[docIdx[d]]
		nd.Text, nd.HasText, nd.Time = c.Documents[d].Text, c.Documents[d].HasText, c.Documents[d].Time
		for _, a := range c.Documents[d].AnnotatedBy {
			if x, ok := annIdx[a]; ok {
				out.MarkAnnotated(docIdx[d], x)
			}
		}
	}
	spanIdx := map[int]int{}
	for i, s := range c.Spans {
		x, okA := annIdx[s.Annotator]
		d, okD := docIdx[s.Doc]
		if okA && okD {
			s.Annotator, s.Doc = x, d
			spanIdx[i] = len(out.Spans)
			out.Spans = append(out.Spans, s)
		}
	}
	for _, r := range c.Relations {
		src, ok1 := spanIdx[r.Source]
		tgt, ok2 := spanIdx[r.Target]
		if ok1 && ok2 {
			r.Source, r.Target, r.Annotator, r.Doc = src, tgt, annIdx[r.Annotator], docIdx[r.Doc]
			out.Relations = append(out.Relations, r)
		}
	}
	return out
}

// randomShared makes a corpus of nAnn annotators on nDocs documents, each
// annotator taking part in a document with probability take (and then
// marking spans near a common truth, or, with probability empty, nothing:
// an empty file the reader saw).
func randomShared(rng *rand.Rand, nAnn, nDocs int, take, empty float64) *annotation.Corpus {
	c := &annotation.Corpus{}
	for a := range nAnn {
		c.Annotator(fmt.Sprintf("a%02d", a))
	}
	labels := []string{"X", "Y", "Z"}
	for d := range nDocs {
		doc := c.Document(fmt.Sprintf("d%d", d))
		type sp struct {
			s, e  float64
			label string
		}
		var truth []sp
		pos := 0.0
		for range 1 + rng.IntN(5) {
			pos += float64(rng.IntN(4))
			n := float64(1 + rng.IntN(5))
			truth = append(truth, sp{pos, pos + n, labels[rng.IntN(3)]})
			pos += n
		}
		for a := range nAnn {
			if rng.Float64() >= take {
				continue
			}
			if rng.Float64() < empty {
				c.MarkAnnotated(doc, a)
				continue
			}
			for _, t := range truth {
				switch x := rng.Float64(); {
				case x < 0.15:
					continue
				case x < 0.3:
					t.e += float64(1 + rng.IntN(2))
				case x < 0.4:
					t.label = labels[rng.IntN(3)]
				}
				c.Spans = append(c.Spans, annotation.Span{Doc: doc, Annotator: a, Start: t.s, End: t.e, Label: t.label})
			}
		}
	}
	return c
}

// TestPairsDecompose: comparing many annotators at once, where spans are
// matched only between annotators who share a document, gives for every
// pair, every average, every label and every document what comparing
// each pair of annotators alone gives — the unshared pairs included (all
// their spans unmatched under --documents all, nothing under annotated).
func TestPairsDecompose(t *testing.T) {
	ctx := context.Background()
	cases := []struct {
		why         string
		nAnn, nDocs int
		take, empty float64
		unshared    int // at least, over the trials: the case exercises unshared pairs
	}{
		{"every annotator on every document: every pair is listed", 4, 3, 1, 0, 0},
		{"annotators on some documents: some pairs share none", 6, 4, 0.4, 0, 1},
		{"crowd: many annotators, few on each document", 12, 6, 0.25, 0, 20},
		{"empty annotations the reader saw count as annotated (they share the document)", 5, 3, 0.6, 0.3, 0},
	}
	for ci, tc := range cases {
		rng := rand.New(rand.NewPCG(uint64(ci), 7))
		unshared := 0
		for trial := range 6 {
			c := randomShared(rng, tc.nAnn, tc.nDocs, tc.take, tc.empty)
			if len(c.Spans) == 0 {
				continue
			}
			for _, scope := range []Scope{AllDocuments, AnnotatedDocuments} {
				for _, mode := range []LabelMode{Strict, Ignore} {
					for _, match := range []string{"exact", "overlap"} {
						m, _ := ParseMatch(match)
						opt := Options{Match: m, Labels: mode, Documents: scope, Workers: 1 + trial%3}
						what := fmt.Sprintf("%s, trial %d, %s %s %s", tc.why, trial, scope, mode, match)
						res, err := Compare(ctx, c, opt)
						if err != nil {
							if scope == AnnotatedDocuments {
								continue // no two annotators on a common document
							}
							t.Fatalf("%s: %v", what, err)
						}
						checkDecomposition(t, what, c, res, opt)
						if scope == AllDocuments && mode == Strict && match == "exact" {
							unshared += res.Unshared
						}
					}
				}
			}
		}
		if unshared < tc.unshared {
			t.Errorf("%s: %d unshared pairs over the trials, want at least %d", tc.why, unshared, tc.unshared)
		}
	}
}

func checkDecomposition(t *testing.T, what string, c *annotation.Corpus, res *Result, opt Options) {
	t.Helper()
	ctx := context.Background()
	nAnn := len(c.Annotators)
	var micro Counts
	perLabel := map[string]Counts{}
	sum, listed := 0.0, 0
	annotated := c.Annotated()
	for i := range nAnn {
		for j := i + 1; j < nAnn; j++ {
			pc := sub(c, []int{i, j}, nil)
			alone, err := Compare(ctx, pc, opt)
			if err != nil {
				// no span (the pair has nothing to match: zero counts when
				// listed), or (annotated) no shared document (not listed)
				if k, ok := res.pairIndex(i, j); ok && (len(pc.Spans) > 0 || res.Pairs[k].Counts != (Counts{}) || res.Pairs[k].PerLabel != nil) {
					t.Fatalf("%s: pair %d-%d alone fails (%v) but is listed: %+v", what, i, j, err, res.Pairs[k])
				}
				continue
			}
			micro.Add(alone.Micro)
			for _, l := range alone.PerLabel {
				c := perLabel[l.Label]
				c.Add(l.Counts)
				perLabel[l.Label] = c
			}
			k, ok := res.pairIndex(i, j)
			if len(alone.Pairs) == 0 {
				if ok {
					t.Errorf("%s: pair %d-%d shares no document but is listed", what, i, j)
				}
				want := 0.0
				if opt.Documents == AnnotatedDocuments {
					want = math.NaN()
				}
				if got := res.F1Between(i, j); !same(got, want) {
					t.Errorf("%s: F1Between(%d, %d) = %v, want %v (unshared)", what, i, j, got, want)
				}
				continue
			}
			if !ok {
				t.Fatalf("%s: pair %d-%d shares a document but is not listed", what, i, j)
			}
			listed++
			p, q := res.Pairs[k], alone.Pairs[0]
			// the spans each marked on the documents compared, counted here
			var ref, resp int
			for _, s := range c.Spans {
				if opt.Documents == AnnotatedDocuments && !(slices.Contains(annotated[s.Doc], i) && slices.Contains(annotated[s.Doc], j)) {
					continue
				}
				if s.Annotator == i {
					ref++
				} else if s.Annotator == j {
					resp++
				}
			}
			if p.Reference != ref || p.Response != resp {
				t.Errorf("%s: pair %d-%d has %d and %d spans, want %d and %d", what, i, j, p.Reference, p.Response, ref, resp)
			}
			if p.Counts != q.Counts || p.Documents != q.Documents || p.Shared != q.Shared || fmt.Sprint(p.PerLabel) != fmt.Sprint(q.PerLabel) || p.Macro != q.Macro {
				t.Errorf("%s: pair %d-%d\n  with all: %+v\n  alone:    %+v", what, i, j, p, q)
			}
			la, lb := labelsOf(t, &res.Summary, k), labelsOf(t, &alone.Summary, 0)
			if la.Pairs != lb.Pairs || la.Agreeing != lb.Agreeing || !same(la.Kappa.Value, lb.Kappa.Value) || !same(la.Alpha.Value, lb.Alpha.Value) {
				t.Errorf("%s: pair %d-%d label agreement %+v, alone %+v", what, i, j, la, lb)
			}
			if got := res.F1Between(j, i); got != q.F1() {
				t.Errorf("%s: F1Between(%d, %d) = %v, want %v", what, j, i, got, q.F1())
			}
			sum += q.F1()
		}
	}
	if got := len(res.Pairs) + res.Unshared; got != nAnn*(nAnn-1)/2 || len(res.Pairs) != listed {
		t.Errorf("%s: %d pairs listed + %d unshared; want %d listed of %d", what, len(res.Pairs), res.Unshared, listed, nAnn*(nAnn-1)/2)
	}
	den := float64(nAnn * (nAnn - 1) / 2)
	if opt.Documents == AnnotatedDocuments {
		den = float64(listed)
	}
	if math.Abs(res.AverageF1-sum/den) > 1e-12 {
		t.Errorf("%s: average F1 %v, want %v (over %v pairs)", what, res.AverageF1, sum/den, den)
	}
	if res.Micro != micro {
		t.Errorf("%s: micro %+v, want %+v", what, res.Micro, micro)
	}
	got := map[string]Counts{}
	for _, l := range res.PerLabel {
		got[l.Label] = l.Counts
	}
	for l, c := range perLabel {
		if c.Reference+c.Response == 0 {
			delete(perLabel, l)
		}
	}
	if fmt.Sprint(got) != fmt.Sprint(perLabel) {
		t.Errorf("%s: per label %v, want %v", what, got, perLabel)
	}
	// Each document alone (all annotators).
	for d, st := range res.PerDocument() {
		alone, err := Compare(ctx, sub(c, allOf(nAnn), []int{d}), opt)
		switch {
		case err != nil:
			if st.Reason == "" {
				t.Errorf("%s: document %d alone fails (%v), with all %+v", what, d, err, st)
			}
		case st.Counts != alone.Micro || st.Pairs != alone.averaged() || (st.Reason == "" && math.Abs(st.AverageF1-alone.AverageF1) > 1e-12):
			t.Errorf("%s: document %d %+v; alone %+v over %d pairs, average F1 %v", what, d, st, alone.Micro, alone.averaged(), alone.AverageF1)
		}
	}
	// The bootstrap's estimates are the statistics on all the documents.
	if len(c.Documents) >= 2 {
		iv, err := res.Bootstrap(ctx, inference.Options{Resamples: 3, Seed: 1})
		if err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		for k, p := range res.Pairs {
			if iv.Pairs[k].Estimate != p.F1() {
				t.Errorf("%s: pair %d bootstrap estimate %v, F1 %v", what, k, iv.Pairs[k].Estimate, p.F1())
			}
		}
		if math.Abs(iv.AverageF1.Estimate-res.AverageF1) > 1e-12 || iv.MicroF1.Estimate != res.Micro.F1() || !same(iv.MacroF1.Estimate, res.Macro.F1) {
			t.Errorf("%s: bootstrap estimates %v %v %v; want %v %v %v", what, iv.AverageF1.Estimate, iv.MicroF1.Estimate, iv.MacroF1.Estimate,
				res.AverageF1, res.Micro.F1(), res.Macro.F1)
		}
	}
}

func allOf(n int) []int {
	out := make([]int, n)
	for k := range out {
		out[k] = k
	}
	return out
}

func same(a, b float64) bool {
	return a == b || (math.IsNaN(a) && math.IsNaN(b)) || math.Abs(a-b) < 1e-12
}

// TestCrowdWorkGrowsWithSharedDocuments: 3,000 annotators, two on each of
// 1,500 documents (crowd data). Only the 1,500 pairs who share a document
// are compared — the progress counts 1,500 comparisons, not the 4.5
// million pairs of annotators — and each of the others (unshared) counts
// as F1 0 under --documents all and not at all under annotated.
func TestCrowdWorkGrowsWithSharedDocuments(t *testing.T) {
	const nAnn, nDocs = 3000, 1500
	c := &annotation.Corpus{}
	for a := range nAnn {
		c.Annotator(fmt.Sprintf("w%04d", a))
	}
	for d := range nDocs {
		doc := c.Document(fmt.Sprintf("d%d", d))
		for _, a := range []int{2 * d, 2*d + 1} {
			c.Spans = append(c.Spans, annotation.Span{Doc: doc, Annotator: a, Start: 0, End: 5, Label: "X"})
		}
	}
	if got := Comparisons(c); got != nDocs {
		t.Fatalf("Comparisons = %d, want %d", got, nDocs)
	}
	for _, tc := range []struct {
		why   string
		scope Scope
		avg   float64
	}{
		{"all: the unshared pairs count 0 in the average", AllDocuments, float64(nDocs) / (nAnn * (nAnn - 1) / 2)},
		{"annotated: the average is over the pairs compared", AnnotatedDocuments, 1},
	} {
		var progress atomic.Int64
		opt := Options{Documents: tc.scope, Progress: func(n int) { progress.Add(int64(n)) }}
		res, err := Compare(context.Background(), c, opt)
		if err != nil {
			t.Fatal(err)
		}
		if done := progress.Load(); len(res.Pairs) != nDocs || res.Unshared != nAnn*(nAnn-1)/2-nDocs || done != nDocs {
			t.Errorf("%s: %d pairs, %d unshared, %d comparisons; want %d, %d, %d", tc.why, len(res.Pairs), res.Unshared, done, nDocs, nAnn*(nAnn-1)/2-nDocs, nDocs)
		}
		if math.Abs(res.AverageF1-tc.avg) > 1e-12 {
			t.Errorf("%s: average F1 %v, want %v", tc.why, res.AverageF1, tc.avg)
		}
	}
}

// TestAnnotatedNeedsASharedDocument: with --documents annotated, a corpus
// whose annotators never annotated a common document compares nothing: an
// error, not an average of zeros.
func TestAnnotatedNeedsASharedDocument(t *testing.T) {
	c := corpus(t, "d1,A,0,5,X", "d2,B,0,5,X")
	if _, err := Compare(context.Background(), c, Options{Documents: AnnotatedDocuments}); err == nil {
		t.Error("no shared document: no error")
	}
	res, err := Compare(context.Background(), c, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Pairs) != 0 || res.Unshared != 1 || res.Micro != (Counts{0, 1, 1}) || res.AverageF1 != 0 {
		t.Errorf("all: %d pairs, %d unshared, micro %+v, average %v; want 0, 1, {0 1 1}, 0", len(res.Pairs), res.Unshared, res.Micro, res.AverageF1)
	}
}

// TestRelationPairsDecompose: relations compared among many annotators
// give each pair, the averages and the pooled counts that comparing each
// pair alone gives, unshared pairs included.
func TestRelationPairsDecompose(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(3, 9))
	types := []string{"r", "s"}
	for trial := range 8 {
		c := randomShared(rng, 6, 4, 0.45, 0)
		// each annotator links consecutive spans of a document
		for i := 1; i < len(c.Spans); i++ {
			a, b := c.Spans[i-1], c.Spans[i]
			if a.Doc == b.Doc && a.Annotator == b.Annotator && rng.IntN(4) > 0 {
				c.Relations = append(c.Relations, annotation.Relation{Doc: a.Doc, Annotator: a.Annotator, Source: i - 1, Target: i, Type: types[rng.IntN(2)]})
			}
		}
		if len(c.Relations) == 0 {
			continue
		}
		for _, scope := range []Scope{AllDocuments, AnnotatedDocuments} {
			for _, mode := range []LabelMode{Strict, Ignore} {
				m, _ := ParseMatch("overlap")
				opt := Options{Match: m, Labels: mode, Documents: scope, Workers: 1 + trial%2}
				what := fmt.Sprintf("trial %d, %s %s", trial, scope, mode)
				rr, err := CompareRelations(ctx, c, opt)
				if err != nil {
					continue
				}
				var micro Counts
				sum := 0.0
				for i := range 6 {
					for j := i + 1; j < 6; j++ {
						alone, err := CompareRelations(ctx, sub(c, []int{i, j}, nil), opt)
						if err != nil {
							if k, ok := rr.pairIndex(i, j); ok && rr.Pairs[k].Counts != (Counts{}) {
								t.Errorf("%s: pair %d-%d alone fails (%v), with all %+v", what, i, j, err, rr.Pairs[k])
							}
							continue
						}
						micro.Add(alone.Micro)
						k, ok := rr.pairIndex(i, j)
						if ok != (len(alone.Pairs) == 1) {
							t.Fatalf("%s: pair %d-%d listed %v, alone %d pairs", what, i, j, ok, len(alone.Pairs))
						}
						if !ok {
							continue
						}
						p, q := rr.Pairs[k], alone.Pairs[0]
						// the relations each marked on the documents compared, counted here
						ann := c.Annotated()
						var ref, resp int
						for _, r := range c.Relations {
							if scope == AnnotatedDocuments && !(slices.Contains(ann[r.Doc], i) && slices.Contains(ann[r.Doc], j)) {
								continue
							}
							if r.Annotator == i {
								ref++
							} else if r.Annotator == j {
								resp++
							}
						}
						if p.Reference != ref || p.Response != resp {
							t.Errorf("%s: pair %d-%d has %d and %d relations, want %d and %d", what, i, j, p.Reference, p.Response, ref, resp)
						}
						if p.Counts != q.Counts || fmt.Sprint(p.PerLabel) != fmt.Sprint(q.PerLabel) {
							t.Errorf("%s: pair %d-%d %+v, alone %+v", what, i, j, p, q)
						}
						la, lb := labelsOf(t, &rr.Summary, k), labelsOf(t, &alone.Summary, 0)
						if la.Pairs != lb.Pairs || la.Agreeing != lb.Agreeing {
							t.Errorf("%s: pair %d-%d type agreement %+v, alone %+v", what, i, j, la, lb)
						}
						sum += q.F1()
					}
				}
				if rr.Micro != micro || math.Abs(rr.AverageF1-sum/float64(rr.averaged())) > 1e-12 {
					t.Errorf("%s: micro %+v average %v; pairs alone %+v, %v", what, rr.Micro, rr.AverageF1, micro, sum/float64(rr.averaged()))
				}
			}
		}
	}
}

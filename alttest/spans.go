package alttest

import (
	"context"
	"fmt"
	"slices"

	"agree/annotation"
	"agree/spans"
)

// SpansInput is the test's input for span annotation: the items are c's
// documents and the alignment score of an annotator with the others is
// the mean over them of the F1 of agree's span matcher (opt: exact,
// overlap, IoU or tolerance matching, strict or ignored labels) on the
// document, 1 when neither marked anything. label, when not "", keeps
// only the spans of that label (the verdict per label). An annotator
// takes part in a document it annotated (annotation.Corpus.Annotated
// where the input records it, every document otherwise).
func SpansInput(ctx context.Context, c *annotation.Corpus, model string, humans []string, label string, opt spans.Options) (Input, error) {
	return documentInput(ctx, c, model, humans, label, opt, false)
}

// RelationsInput is SpansInput for relations: the alignment score is the
// F1 of agree relations (relations whose ends match under opt's span
// matcher, and whose types agree) per document; label, when not "", keeps
// the relations of that type.
func RelationsInput(ctx context.Context, c *annotation.Corpus, model string, humans []string, label string, opt spans.Options) (Input, error) {
	return documentInput(ctx, c, model, humans, label, opt, true)
}

func documentInput(ctx context.Context, c *annotation.Corpus, model string, humans []string, label string, opt spans.Options, relations bool) (Input, error) {
	mi := c.LookupAnnotator(model)
	if mi < 0 {
		return Input{}, fmt.Errorf("alttest: no annotator %q (the annotators: %v)", model, c.Annotators)
	}
	var hs []int
	for _, h := range humans {
		k := c.LookupAnnotator(h)
		if k < 0 {
			return Input{}, fmt.Errorf("alttest: no annotator %q (the annotators: %v)", h, c.Annotators)
		}
		if k == mi {
			return Input{}, fmt.Errorf("alttest: %q is the model and a human", h)
		}
		hs = append(hs, k)
	}
	nd := len(c.Documents)
	by := make([][][]annotation.Span, nd)
	for d := range by {
		by[d] = make([][]annotation.Span, len(c.Annotators))
	}
	// relations: every span of the layer (the relations' ends), and the
	// relations (of type label) by document and annotator, their ends as
	// indices into by[doc][annotator].
	at := make([]int, len(c.Spans))
	for k, s := range c.Spans {
		if (relations || label == "" || s.Label == label) && (opt.Layer == "" || s.Layer == opt.Layer) {
			at[k] = len(by[s.Doc][s.Annotator])
			by[s.Doc][s.Annotator] = append(by[s.Doc][s.Annotator], s)
		} else {
			at[k] = -1
		}
	}
	type rel struct {
		source, target int
		typ            string
	}
	rels := make([][][]rel, nd)
	if relations {
		for d := range rels {
			rels[d] = make([][]rel, len(c.Annotators))
		}
		for _, r := range c.Relations {
			if (label == "" || r.Type == label) && at[r.Source] >= 0 && at[r.Target] >= 0 {
				rels[r.Doc][r.Annotator] = append(rels[r.Doc][r.Annotator], rel{at[r.Source], at[r.Target], r.Type})
			}
		}
	}
	recorded := make([]bool, nd)
	for d := range c.Documents {
		recorded[d] = len(c.Documents[d].AnnotatedBy) > 0
	}
	annotated := func(d, a int) bool {
		return !recorded[d] || slices.Contains(c.Documents[d].AnnotatedBy, a)
	}
	pairOpt := opt
	pairOpt.Documents = spans.AllDocuments
	pairOpt.Layer = ""
	pairOpt.Workers = 1
	pairOpt.Progress = nil
	type key struct{ d, a, b int }
	cache := map[key]float64{}
	var failed error
	f1 := func(d, a, b int) float64 {
		if a > b {
			a, b = b, a
		}
		k := key{d, a, b}
		if v, ok := cache[k]; ok {
			return v
		}
		v := 1.0
		n := len(by[d][a]) + len(by[d][b])
		if relations {
			n = len(rels[d][a]) + len(rels[d][b])
		}
		if n > 0 {
			mini := &annotation.Corpus{}
			x, y := mini.Annotator("a"), mini.Annotator("b")
			doc := mini.Document(c.Documents[d].Name)
			mini.Documents[doc].Text, mini.Documents[doc].HasText, mini.Documents[doc].Time = c.Documents[d].Text, c.Documents[d].HasText, c.Documents[d].Time
			for k, who := range [2]int{a, b} {
				base := len(mini.Spans)
				for _, s := range by[d][who] {
					s.Doc, s.Annotator, s.Layer = doc, []int{x, y}[k], ""
					mini.Spans = append(mini.Spans, s)
				}
				if relations {
					for _, r := range rels[d][who] {
						mini.Relations = append(mini.Relations, annotation.Relation{Doc: doc, Annotator: []int{x, y}[k], Source: base + r.source, Target: base + r.target, Type: r.typ})
					}
				}
			}
			var err error
			if relations {
				var r *spans.RelationResult
				if r, err = spans.CompareRelations(ctx, mini, pairOpt); err == nil {
					v = r.AverageF1
				}
			} else {
				var r *spans.Result
				if r, err = spans.Compare(ctx, mini, pairOpt); err == nil {
					v = r.AverageF1
				}
			}
			if err != nil {
				if failed == nil {
					failed = err
				}
				return 0
			}
		}
		cache[k] = v
		return v
	}
	col := func(who int) int {
		if who == Candidate {
			return mi
		}
		return hs[who]
	}
	in := Input{Humans: humans, Items: nd,
		Annotated: func(d, h int) bool { return annotated(d, hs[h]) },
		Model:     func(d int) bool { return annotated(d, mi) },
		Score: MeanPairwise(func(d, a, b int) float64 {
			return f1(d, col(a), col(b))
		})}
	in.Err = func() error { return failed }
	return in, nil
}

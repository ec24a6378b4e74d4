package budget

import (
	"context"
	"errors"
	"slices"

	"agree/annotation"
)

// Error kinds of a span budget.
const (
	ErrorLabel         = "label"
	ErrorBoundary      = "boundary"
	ErrorBoundaryLabel = "boundary_and_label"
	ErrorSplitMerge    = "split_merge"
	ErrorMissed        = "missed"
	ErrorSpurious      = "spurious"
)

// ErrorKinds lists the kinds in the order of the budget's table.
var ErrorKinds = []string{ErrorBoundary, ErrorLabel, ErrorBoundaryLabel, ErrorSplitMerge, ErrorMissed, ErrorSpurious}

// MethodSpans names the span budget.
const MethodSpans = "1 − F1 (exact match of bounds and label) split over the unmatched spans by kind of error, averaged over the pairs of annotators; counterfactual F1 + part with the denominator 2TP + FP + FN held fixed"

type span struct {
	start, end float64
	label      string
}

// Spans is the budget of the average pairwise F1 of exact span matching
// (bounds and label) over the pairs of c's annotators, as agree spans
// computes it under the corpus's default document scope
// (annotation.Corpus.DefaultScope): every pair on every document when the
// corpus does not record who annotated what; else each pair on the
// documents both annotated, the pairs sharing none left out. The first
// annotator of a pair is the reference (its unmatched spans are missed),
// the second the response (spurious).
func Spans(ctx context.Context, c *annotation.Corpus) (*Result, error) {
	na := len(c.Annotators)
	if na < 2 {
		return nil, errors.New("budget: span agreement needs at least two annotators")
	}
	nd := len(c.Documents)
	// by[doc][annotator] = spans
	by := make([][][]span, nd)
	for d := range by {
		by[d] = make([][]span, na)
	}
	for _, s := range c.Spans {
		by[s.Doc][s.Annotator] = append(by[s.Doc][s.Annotator], span{s.Start, s.End, s.Label})
	}
	type kd struct {
		kind string
		doc  int
	}
	shares := map[string]*sum{}
	docs := map[string]map[int]float64{}
	for _, k := range ErrorKinds {
		shares[k] = &sum{}
		docs[k] = map[int]float64{}
	}
	scoped := c.DefaultScope() == annotation.AnnotatedDocuments
	var who [][]int
	if scoped {
		who = c.Annotated()
	}
	shared := func(d, a, b int) bool {
		return !scoped || (slices.Contains(who[d], a) && slices.Contains(who[d], b))
	}
	var f1 sum
	pairs := 0
	for a := range na {
		for b := a + 1; b < na; b++ {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			compared := 0
			for d := range nd {
				if shared(d, a, b) {
					compared++
				}
			}
			if compared == 0 {
				continue // a pair sharing no document enters nothing (scoped)
			}
			pairs++
			tp, unmatched := 0, 0
			var errs []kd
			for d := range nd {
				if !shared(d, a, b) {
					continue
				}
				ra, rb, m := unmatchedSpans(by[d][a], by[d][b])
				tp += m
				unmatched += len(ra) + len(rb)
				for _, s := range ra {
					errs = append(errs, kd{classify(s, rb, ErrorMissed), d})
				}
				for _, s := range rb {
					errs = append(errs, kd{classify(s, ra, ErrorSpurious), d})
				}
			}
			den := float64(2*tp + unmatched)
			if den == 0 {
				continue // F1 is 0 with no span (spans.Counts.F1): nothing to split
			}
			f1.add(float64(2*tp) / den)
			for _, e := range errs {
				shares[e.kind].add(1 / den)
				docs[e.kind][e.doc] += 1 / den
			}
		}
	}
	if pairs == 0 {
		return nil, errors.New("budget: no pair of annotators shares a document")
	}
	p := float64(pairs)
	res := &Result{Measure: "average_f1", Value: f1.value() / p, Method: MethodSpans}
	res.Whole = 1 - res.Value
	for _, k := range ErrorKinds {
		if v := shares[k].value() / p; v != 0 {
			var ids []int
			for d := range docs[k] {
				ids = append(ids, d)
			}
			slices.SortFunc(ids, func(x, y int) int {
				if c := -cmpFloat(docs[k][x], docs[k][y]); c != 0 {
					return c
				}
				return x - y
			})
			var names []string
			for _, d := range ids[:min(len(ids), MaxItemsPerPart)] {
				names = append(names, c.Documents[d].Name)
			}
			res.Errors = append(res.Errors, Part{Kind: KindError, Name: k, Share: v, Counterfactual: res.Value + v, Items: names})
		}
	}
	rank(res.Errors)
	return res, nil
}

// unmatchedSpans matches x and y exactly (bounds and label, as a
// multiset) and returns the unmatched spans of each and the matches.
func unmatchedSpans(x, y []span) (rx, ry []span, matched int) {
	cmp := func(p, q span) int {
		if c := cmpFloat(p.start, q.start); c != 0 {
			return c
		}
		if c := cmpFloat(p.end, q.end); c != 0 {
			return c
		}
		if p.label < q.label {
			return -1
		} else if p.label > q.label {
			return 1
		}
		return 0
	}
	x, y = slices.Clone(x), slices.Clone(y)
	slices.SortFunc(x, cmp)
	slices.SortFunc(y, cmp)
	i, j := 0, 0
	for i < len(x) && j < len(y) {
		switch c := cmp(x[i], y[j]); {
		case c == 0:
			matched++
			i++
			j++
		case c < 0:
			rx = append(rx, x[i])
			i++
		default:
			ry = append(ry, y[j])
			j++
		}
	}
	return append(rx, x[i:]...), append(ry, y[j:]...), matched
}

// classify is the kind of error of the unmatched span s against the other
// annotator's unmatched spans; none is its kind when nothing overlaps it.
func classify(s span, other []span, none string) string {
	overlaps, sameLabel := 0, false
	for _, o := range other {
		if o.start == s.start && o.end == s.end {
			return ErrorLabel // same bounds: unmatched, so another label
		}
		if o.start < s.end && s.start < o.end || (s.start == s.end && o.start <= s.start && s.start < o.end) {
			overlaps++
			sameLabel = o.label == s.label
		}
	}
	switch {
	case overlaps >= 2:
		return ErrorSplitMerge
	case overlaps == 1 && sameLabel:
		return ErrorBoundary
	case overlaps == 1:
		return ErrorBoundaryLabel
	}
	return none
}

package reference

import (
	"fmt"
	"slices"
	"strings"

	"agree/annotation"
)

// MajoritySpans returns, for annotator a of c, a corpus of two annotators:
// a (its spans) and MajorityName, whose spans are, in each document a is
// compared on (compared, as annotation.Corpus.Compared gives it), those
// marked by more than half of the other annotators compared there — the
// same bounds (parts included), label and layer. A document where no other
// annotator is compared has no majority: it is left out of a's
// documents (and counted in skipped). The documents keep their indices.
func MajoritySpans(c *annotation.Corpus, a int, compared [][]int) (pair *annotation.Corpus, skipped int, err error) {
	if len(c.Annotators) < 3 {
		return nil, 0, fmt.Errorf("the majority of the others needs three or more annotators (there are %d)", len(c.Annotators))
	}
	pair = &annotation.Corpus{Documents: slices.Clone(c.Documents), Annotators: []string{c.Annotators[a], MajorityName}}
	others := make([]int, len(c.Documents)) // other annotators compared on each document
	keep := make([]bool, len(c.Documents))
	for d := range pair.Documents {
		pair.Documents[d].AnnotatedBy = nil
		in := slices.Contains(compared[d], a)
		others[d] = len(compared[d])
		if in {
			others[d]--
		}
		if !in {
			continue
		}
		if others[d] == 0 {
			skipped++
			continue
		}
		keep[d] = true
		pair.MarkAnnotated(d, 0)
		pair.MarkAnnotated(d, 1)
	}
	type key struct {
		doc          int
		start, end   float64
		parts, label string
		layer        string
	}
	votes := map[key]map[int]bool{}
	first := map[key]annotation.Span{}
	var order []key
	for _, s := range c.Spans {
		if !keep[s.Doc] {
			continue
		}
		if s.Annotator == a {
			s.Annotator = 0
			pair.Spans = append(pair.Spans, s)
			continue
		}
		if !slices.Contains(compared[s.Doc], s.Annotator) {
			continue
		}
		k := key{s.Doc, s.Start, s.End, partsKey(s.Parts), s.Label, s.Layer}
		if votes[k] == nil {
			votes[k] = map[int]bool{}
			first[k] = s
			order = append(order, k)
		}
		votes[k][s.Annotator] = true
	}
	for _, k := range order {
		if 2*len(votes[k]) > others[k.doc] {
			s := first[k]
			s.Annotator, s.ID, s.Chain = 1, "", ""
			pair.Spans = append(pair.Spans, s)
		}
	}
	return pair, skipped, nil
}

func partsKey(ps []annotation.Part) string {
	if len(ps) == 0 {
		return ""
	}
	var b strings.Builder
	for _, p := range ps {
		fmt.Fprintf(&b, "%v %v;", p.Start, p.End)
	}
	return b.String()
}

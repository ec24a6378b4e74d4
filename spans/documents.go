package spans

import (
	"math"
	"slices"
)

// DocumentStats is one document's agreement: the counts of every pair of
// annotators compared on it, pooled (Counts, whose F1 is the document's
// value), and the mean of those pairs' F1.
type DocumentStats struct {
	Doc int
	// Pairs is the number of pairs of annotators compared on the document.
	Pairs int
	Counts
	// F1 is Counts.F1(), NaN (with Reason) when no annotator marked
	// anything in the document or no pair was compared on it: a document
	// without spans says nothing about agreement on spans.
	F1        float64
	AverageF1 float64
	Reason    string
}

// PerDocument returns each document's agreement, in corpus order. With
// AllDocuments every pair of annotators is compared on every document (a
// pair that did not both annotate it matches nothing there); with
// AnnotatedDocuments the pairs who both annotated it.
func (s *Summary) PerDocument() []DocumentStats {
	out := make([]DocumentStats, len(s.docs))
	sums := make([]float64, len(s.docs))
	all := s.Options.Documents == AllDocuments
	// F1 sums in pair order, document by document (a pair with nothing
	// matched adds 0)
	for _, pd := range s.data {
		for _, r := range pd.recs {
			c := r.counts()
			st := &out[r.doc]
			if all {
				st.Matched += c.Matched
			} else {
				st.Pairs++
				st.Counts.Add(c)
			}
			sums[r.doc] += c.F1()
		}
	}
	nAnn := len(s.Annotators)
	for d := range s.docs {
		st := &out[d]
		st.Doc = d
		if all {
			st.Pairs = s.allPairs()
			ref, resp := s.docs[d].pooledMarks(nAnn, true)
			st.Reference, st.Response = sumMarks(ref), sumMarks(resp)
		}
		switch {
		case st.Pairs == 0:
			st.F1, st.AverageF1, st.Reason = math.NaN(), math.NaN(), "no pair of annotators was compared on the document"
		case st.Reference+st.Response == 0:
			st.F1, st.AverageF1, st.Reason = math.NaN(), math.NaN(), "no annotator marked anything in the document"
		default:
			st.F1, st.AverageF1 = st.Counts.F1(), sums[d]/float64(st.Pairs)
		}
	}
	return out
}

// pooledMarks returns the document's units by label pooled over the pairs
// of annotators compared on it, as references (ref) and as responses
// (resp), parallel to t.labels: in a pair (a, b), a < b, a's units are the
// reference. With all, every pair of the nAnn annotators is compared; else
// the pairs of annotators who annotated the document.
func (t *docTally) pooledMarks(nAnn int, all bool) (ref, resp []int) {
	ref, resp = make([]int, len(t.labels)), make([]int, len(t.labels))
	for _, m := range t.marks {
		x, _ := slices.BinarySearch(t.labels, m.label)
		var before, after int // annotators compared with m.ann that come before it, after it
		if all {
			before, after = int(m.ann), nAnn-1-int(m.ann)
		} else {
			k, _ := slices.BinarySearch(t.annotated, int(m.ann))
			before, after = k, len(t.annotated)-1-k
		}
		ref[x] += int(m.n) * after
		resp[x] += int(m.n) * before
	}
	return ref, resp
}

func sumMarks(xs []int) int {
	n := 0
	for _, x := range xs {
		n += x
	}
	return n
}

// Average is how the corpus value is made from the documents.
type Average int

const (
	// Micro pools the counts of every document (and pair) before dividing:
	// the corpus value is Summary.Micro's F1, each span weighing the same.
	Micro Average = iota
	// Macro averages the documents' F1 (each document weighing the same),
	// leaving out the documents where it is undefined.
	Macro
)

// String returns "micro" or "macro".
func (a Average) String() string {
	if a == Macro {
		return "macro"
	}
	return "micro"
}

// CorpusF1 is the corpus F1 under an averaging convention, with the
// number of documents it averages and of those left out (undefined F1).
func (s *Summary) CorpusF1(a Average) (f1 float64, documents, undefined int) {
	per := s.PerDocument()
	if a == Micro {
		for _, d := range per {
			if d.Reason == "" {
				documents++
			} else {
				undefined++
			}
		}
		return s.Micro.F1(), documents, undefined
	}
	sum := 0.0
	for _, d := range per {
		if d.Reason != "" {
			undefined++
			continue
		}
		sum += d.F1
		documents++
	}
	if documents == 0 {
		return math.NaN(), 0, undefined
	}
	return sum / float64(documents), documents, undefined
}

package spans

import "math"

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

// PerDocument returns each document's agreement, in corpus order.
func (s *Summary) PerDocument() []DocumentStats {
	out := make([]DocumentStats, len(s.docs))
	for d := range s.docs {
		st := DocumentStats{Doc: d}
		sum := 0.0
		for _, dp := range s.docs[d].pairs {
			if !dp.compared {
				continue
			}
			c := dp.counts(s.Options.Labels)
			st.Pairs++
			st.Counts.Add(c)
			sum += c.F1()
		}
		switch {
		case st.Pairs == 0:
			st.F1, st.AverageF1, st.Reason = math.NaN(), math.NaN(), "no pair of annotators was compared on the document"
		case st.Reference+st.Response == 0:
			st.F1, st.AverageF1, st.Reason = math.NaN(), math.NaN(), "no annotator marked anything in the document"
		default:
			st.F1, st.AverageF1 = st.Counts.F1(), sum/float64(st.Pairs)
		}
		out[d] = st
	}
	return out
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

package coref

import "math"

// Breakdown is a corpus compared document by document: the scores of each
// pair of annotators on each document both annotated (with mentions), and
// each pair's F1s over the corpus under an averaging convention.
type Breakdown struct {
	// Documents[d] are the pairs compared on document d, in pair order:
	// those who both annotated it, when it has mentions.
	Documents [][]PairScores
	// Pairs are the pairs of annotators compared on some document, in
	// pair order, with their corpus scores: micro, those of Compare (the
	// scorer's numerators and denominators summed over the documents);
	// macro, the mean of each F1 over the pair's documents (NaN with none).
	Pairs []PairF1
	// Value is the mean of the pairs' CoNLL F1.
	Value float64
}

// PairScores are the scores of annotators A and B (indices into
// Annotators) on one document.
type PairScores struct {
	A, B   int
	Scores Scores
}

// PairF1 are the F1 scores of annotators A and B over the corpus: the
// CoNLL score and the F1 of MUC, B³, CEAFe and LEA.
type PairF1 struct {
	A, B                       int
	CoNLL, MUC, B3, CEAFe, LEA float64
}

// ByDocument compares the annotators document by document; macro selects
// the mean over documents (each document weighs the same) for the pairs'
// corpus scores, else the scorer's micro-averaging (Compare).
func (c *Corpus) ByDocument(macro bool) *Breakdown {
	anns, docs := c.Annotators(), c.Documents()
	b := &Breakdown{Documents: make([][]PairScores, len(docs))}
	sum := 0.0
	for i := range anns {
		for j := i + 1; j < len(anns); j++ {
			if c.SharedDocuments(i, j) == 0 {
				continue // compared on nothing
			}
			var m [5]float64
			n := 0
			for d, counts := range c.DocumentCounts(i, j) {
				if c.NumMentions(d) == 0 || !c.Shared(i, j, d) {
					continue
				}
				s := counts.Scores()
				b.Documents[d] = append(b.Documents[d], PairScores{i, j, s})
				for k, v := range []float64{s.CoNLL, s.MUC.F1, s.B3.F1, s.CEAFe.F1, s.LEA.F1} {
					m[k] += v
				}
				n++
			}
			p := PairF1{A: i, B: j}
			if macro {
				vals := []*float64{&p.CoNLL, &p.MUC, &p.B3, &p.CEAFe, &p.LEA}
				for k := range vals {
					*vals[k] = math.NaN()
					if n > 0 {
						*vals[k] = m[k] / float64(n)
					}
				}
			} else {
				s := c.Compare(i, j)
				p.CoNLL, p.MUC, p.B3, p.CEAFe, p.LEA = s.CoNLL, s.MUC.F1, s.B3.F1, s.CEAFe.F1, s.LEA.F1
			}
			b.Pairs = append(b.Pairs, p)
			sum += p.CoNLL
		}
	}
	b.Value = sum / float64(len(b.Pairs))
	return b
}

// DocumentMean is the mean CoNLL F1 of the pairs compared on document d,
// and false when none is (the document has no mentions, or fewer than two
// annotators annotated it).
func (b *Breakdown) DocumentMean(d int) (float64, bool) {
	ps := b.Documents[d]
	if len(ps) == 0 {
		return math.NaN(), false
	}
	s := 0.0
	for _, p := range ps {
		s += p.Scores.CoNLL
	}
	return s / float64(len(ps)), true
}

package coref

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"

	"agree/inference"
)

// F1Bootstrap holds the document bootstrap of each F1 score of a pair of
// annotators.
type F1Bootstrap struct {
	CoNLL, MUC, B3, CEAFm, CEAFe, BLANC, LEA *inference.Result
}

// Bootstrap resamples the documents with replacement and recomputes every
// F1 of annotator b (response) against a (key) from the summed counts of
// the drawn documents: the micro-average the reference scorer reports, so
// the estimates equal Compare(a, b). All seven scores share the resamples.
// Results do not depend on opt.Workers; a cancelled ctx stops the
// bootstrap with ctx's error.
func (c *Corpus) Bootstrap(ctx context.Context, a, b int, opt inference.Options) (F1Bootstrap, error) {
	if len(c.docs) == 0 {
		return F1Bootstrap{}, errors.New("coref bootstrap: the corpus has no documents")
	}
	docs := c.DocumentCounts(a, b)
	rs, err := inference.Items(ctx, len(docs), 7, func() inference.Statistic {
		return func(items []int, _ *rand.Rand, out []float64) error {
			var n Counts
			for _, d := range items {
				n.Add(docs[d])
			}
			s := n.Scores()
			out[0], out[1], out[2], out[3], out[4], out[5], out[6] =
				s.CoNLL, s.MUC.F1, s.B3.F1, s.CEAFm.F1, s.CEAFe.F1, s.BLANC.F1, s.LEA.F1
			return nil
		}
	}, opt)
	if err != nil {
		return F1Bootstrap{}, fmt.Errorf("coref bootstrap: %w", err)
	}
	return F1Bootstrap{CoNLL: rs[0], MUC: rs[1], B3: rs[2], CEAFm: rs[3], CEAFe: rs[4], BLANC: rs[5], LEA: rs[6]}, nil
}

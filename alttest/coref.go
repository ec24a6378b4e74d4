package alttest

import (
	"fmt"

	"agree/coref"
)

// CorefInput is the test's input for coreference chains: the items are
// the corpus's documents and the alignment score of an annotator with the
// others is the mean over them of the CoNLL-2012 F1 (the mean of MUC, B³
// and CEAFe F1, package coref) on the document; 1 when neither put a
// mention in a chain there. An annotator takes part in the documents it
// annotated (coref.Corpus.Annotated).
func CorefInput(c *coref.Corpus, model int, humans []int) (Input, error) {
	na := len(c.Annotators())
	if model < 0 || model >= na {
		return Input{}, fmt.Errorf("alttest: no annotator %d", model)
	}
	names := make([]string, len(humans))
	for k, h := range humans {
		if h < 0 || h >= na || h == model {
			return Input{}, fmt.Errorf("alttest: annotator %d is not a human of the corpus (or is the model)", h)
		}
		names[k] = c.Annotators()[h]
	}
	type key struct{ a, b int }
	pairs := map[key][]coref.Counts{}
	conll := func(d, a, b int) float64 {
		if a > b {
			a, b = b, a
		}
		k := key{a, b}
		counts, ok := pairs[k]
		if !ok {
			counts = c.DocumentCounts(a, b)
			pairs[k] = counts
		}
		if len(c.Partition(a, d).Entities)+len(c.Partition(b, d).Entities) == 0 {
			return 1
		}
		return counts[d].Scores().CoNLL
	}
	col := func(who int) int {
		if who == Candidate {
			return model
		}
		return humans[who]
	}
	return Input{Humans: names, Items: len(c.Documents()),
		Annotated: func(d, h int) bool { return c.Annotated(humans[h], d) },
		Model:     func(d int) bool { return c.Annotated(model, d) },
		Score:     MeanPairwise(func(d, a, b int) float64 { return conll(d, col(a), col(b)) }),
	}, nil
}

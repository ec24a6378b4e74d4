package alttest

import (
	"context"
	"fmt"
	"slices"

	"agree/gamma"
	"agree/unitizing"
)

// ContinuaInput is the test's input for unitizing (continua): the items
// are the corpus's continua and the alignment score of an annotator with
// the others is minus the mean over them of the observed disorder δ(â) of
// the pair's best alignment under d (gamma.Align; the disorder γ is made
// of, without its chance correction, which does not change which of two
// annotators aligns better); 0 when neither has a unit there. An
// annotator takes part in the continua it is an annotator of.
func ContinuaInput(ctx context.Context, corpus unitizing.Corpus, d gamma.Dissimilarity, model string, humans []string) (Input, error) {
	type key struct {
		c    int
		a, b string
	}
	cache := map[key]float64{}
	var failed error
	disorder := func(ci int, a, b string) float64 {
		if a > b {
			a, b = b, a
		}
		k := key{ci, a, b}
		if v, ok := cache[k]; ok {
			return v
		}
		c := &corpus.Continua[ci]
		ia, ib := slices.Index(c.Annotators, a), slices.Index(c.Annotators, b)
		pair := unitizing.Continuum{Name: c.Name, Annotators: []string{a, b}}
		for _, u := range c.Units {
			switch u.Annotator {
			case ia:
				u.Annotator = 0
			case ib:
				u.Annotator = 1
			default:
				continue
			}
			pair.Units = append(pair.Units, u)
		}
		v := 0.0
		if len(pair.Units) > 0 {
			al, err := gamma.Align(ctx, &pair, d, gamma.AlignOptions{})
			if err != nil {
				if failed == nil {
					failed = err
				}
				return 0
			}
			v = al.Disorder
		}
		cache[k] = v
		return v
	}
	has := func(ci int, name string) bool { return slices.Contains(corpus.Continua[ci].Annotators, name) }
	for _, n := range append([]string{model}, humans...) {
		found := false
		for ci := range corpus.Continua {
			found = found || has(ci, n)
		}
		if !found {
			return Input{}, fmt.Errorf("alttest: no annotator %q in the continua", n)
		}
	}
	name := func(who int) string {
		if who == Candidate {
			return model
		}
		return humans[who]
	}
	in := Input{Humans: humans, Items: len(corpus.Continua),
		Annotated: func(ci, h int) bool { return has(ci, humans[h]) },
		Model:     func(ci int) bool { return has(ci, model) },
		Score:     MeanPairwise(func(ci, a, b int) float64 { return -disorder(ci, name(a), name(b)) }),
	}
	in.Err = func() error { return failed }
	return in, nil
}

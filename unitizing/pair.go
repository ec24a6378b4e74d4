package unitizing

import "slices"

// Pair returns the continuum of two of c's annotators, a and b (indexes
// into c.Annotators), renumbered 0 and 1, with their units in c's order:
// what pairwise measures (a matrix of γ or uα over pairs of annotators)
// compare.
func (c *Continuum) Pair(a, b int) Continuum {
	sub := Continuum{Name: c.Name, Annotators: []string{c.Annotators[a], c.Annotators[b]}}
	for _, u := range c.Units {
		switch u.Annotator {
		case a:
			u.Annotator = 0
		case b:
			u.Annotator = 1
		default:
			continue
		}
		sub.Units = append(sub.Units, u)
	}
	return sub
}

// Pair returns the corpus of the annotators named a and b: the continua
// both annotated (both are among their Annotators), each restricted to
// the two (Continuum.Pair).
func (c Corpus) Pair(a, b string) Corpus {
	var out Corpus
	for k := range c.Continua {
		x := &c.Continua[k]
		// not AnnotatorIndex, which adds a missing annotator
		ia, ib := slices.Index(x.Annotators, a), slices.Index(x.Annotators, b)
		if ia < 0 || ib < 0 {
			continue
		}
		out.Continua = append(out.Continua, x.Pair(ia, ib))
	}
	return out
}

// Annotators returns the annotators of the corpus's continua, each once,
// in order of first appearance.
func (c Corpus) Annotators() []string {
	var out []string
	seen := map[string]bool{}
	for _, x := range c.Continua {
		for _, a := range x.Annotators {
			if !seen[a] {
				seen[a] = true
				out = append(out, a)
			}
		}
	}
	return out
}

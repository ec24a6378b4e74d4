package unitizing

import (
	"errors"
	"fmt"
	"strings"
)

// Concatenate lays the continua end to end as one continuum: continuum i is
// shifted so that its extent begins where the extent of continuum i−1 ends
// (the first begins at 0). Annotators are matched by name; the result lists
// them in order of first appearance, so an annotator missing from some
// continuum simply has no units there. This is how Krippendorff's unitizing
// alphas, κ_d and SER are applied to a corpus: as one long continuum. A zero
// extent selects DefaultExtent of its continuum. The result's extent is
// [0, Σ lengths).
func Concatenate(continua []Continuum, exts []Extent) (Continuum, Extent, error) {
	if len(continua) == 0 {
		return Continuum{}, Extent{}, errors.New("concatenate: no continuum")
	}
	if len(exts) != len(continua) {
		return Continuum{}, Extent{}, fmt.Errorf("concatenate: %d extents for %d continua", len(exts), len(continua))
	}
	var names []string
	for _, c := range continua {
		names = append(names, c.Name)
	}
	out := Continuum{Name: strings.Join(names, "+")}
	pos := 0.0
	for i := range continua {
		c := &continua[i]
		ext, err := prepare(c, exts[i])
		if err != nil {
			return Continuum{}, Extent{}, fmt.Errorf("concatenate: %w", err)
		}
		off := pos - ext.Begin
		for _, u := range c.Units {
			u.Annotator = out.AnnotatorIndex(c.Annotators[u.Annotator])
			u.Start += off
			u.End += off
			out.Units = append(out.Units, u)
		}
		for _, a := range c.Annotators {
			out.AnnotatorIndex(a)
		}
		pos += ext.Len()
	}
	return out, Extent{Begin: 0, End: pos}, nil
}

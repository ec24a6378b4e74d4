package shuffle

import (
	"fmt"
	"math"
	"math/rand/v2"
	"sort"

	"agree/segmentation"
	"agree/unitizing"
)

// SegmentationModel is a pure-segmentation reference (§6.3.2): one
// category, contiguous segments of 5 to 20 atoms, no gaps.
func SegmentationModel() Model {
	return Model{
		Categories: []CategoryModel{{Name: "S", Prevalence: 1, MinLen: 5, MaxLen: 20}},
		Units:      40,
	}
}

// segmentations turns each annotator's units into a segmentation of the
// extent's atoms with a boundary at the start of every unit (a missed unit
// removes its boundary, a split adds one). Positions must be integers.
func segmentations(c *unitizing.Continuum, ext unitizing.Extent) ([]segmentation.Segmentation, error) {
	n := ext.Len()
	if n != math.Trunc(n) || ext.Begin != math.Trunc(ext.Begin) || n < 1 {
		return nil, fmt.Errorf("segmentation measures need an integer extent, got [%v, %v)", ext.Begin, ext.End)
	}
	bounds := make([][]int, len(c.Annotators))
	for _, u := range c.Units {
		if u.Start != math.Trunc(u.Start) {
			return nil, fmt.Errorf("segmentation measures need integer positions, got a unit starting at %v", u.Start)
		}
		if b := int(u.Start - ext.Begin); b > 0 && b < int(n) {
			bounds[u.Annotator] = append(bounds[u.Annotator], b)
		}
	}
	out := make([]segmentation.Segmentation, len(bounds))
	for a, bs := range bounds {
		sort.Ints(bs)
		var masses []int
		prev := 0
		for _, b := range bs {
			if b > prev {
				masses = append(masses, b-prev)
				prev = b
			}
		}
		masses = append(masses, int(n)-prev)
		s, err := segmentation.FromMasses(masses)
		if err != nil {
			return nil, err
		}
		out[a] = s
	}
	return out, nil
}

// windowAgreement returns 1 − the mean of a window metric over ordered
// pairs (reference i, hypothesis j ≠ i), the form plotted in §6.3.2.
func windowAgreement(s Set, metric func(hyp, ref segmentation.Segmentation) (segmentation.Window, error)) (float64, error) {
	c, ext, err := s.Concatenated()
	if err != nil {
		return math.NaN(), err
	}
	segs, err := segmentations(&c, ext)
	if err != nil {
		return math.NaN(), err
	}
	sum, n := 0.0, 0
	for i := range segs {
		for j := range segs {
			if i == j {
				continue
			}
			w, err := metric(segs[j], segs[i])
			if err != nil {
				return math.NaN(), err
			}
			if !math.IsNaN(w.Value) {
				sum += w.Value
				n++
			}
		}
	}
	if n == 0 {
		return math.NaN(), fmt.Errorf("the window metric is undefined for every pair")
	}
	return 1 - sum/float64(n), nil
}

func pkAgreement(s Set, _ *rand.Rand) (float64, error) {
	return windowAgreement(s, func(h, r segmentation.Segmentation) (segmentation.Window, error) { return segmentation.Pk(h, r, 0) })
}

func windowDiffAgreement(s Set, _ *rand.Rand) (float64, error) {
	return windowAgreement(s, func(h, r segmentation.Segmentation) (segmentation.Window, error) {
		return segmentation.WindowDiff(h, r, segmentation.WindowOptions{})
	})
}

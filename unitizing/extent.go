package unitizing

import (
	"fmt"
	"math"
	"sort"
)

// Extent is the stretch [Begin, End) of a continuum that a measure covers.
// Unit files do not record where a text or recording begins and ends, yet
// Krippendorff's unitizing alphas and κ_d count the gaps up to both ends, so
// the measures of this package take the extent explicitly. The zero Extent
// means "use DefaultExtent".
type Extent struct {
	Begin, End float64
}

// Len returns End − Begin.
func (e Extent) Len() float64 { return e.End - e.Begin }

// IsZero reports whether e is the zero Extent (which selects DefaultExtent).
func (e Extent) IsZero() bool { return e.Begin == 0 && e.End == 0 }

// DefaultExtent returns [min(0, first start), last end): texts and time lines
// begin at 0, and the continuum ends with its last unit. With no units it
// returns the zero Extent.
func DefaultExtent(c *Continuum) Extent {
	lo, hi, ok := c.Bounds()
	if !ok {
		return Extent{}
	}
	return Extent{Begin: math.Min(0, lo), End: hi}
}

// resolve returns ext, or DefaultExtent(c) for the zero Extent, after checking
// that every unit lies inside it.
func resolveExtent(c *Continuum, ext Extent) (Extent, error) {
	if ext.IsZero() {
		ext = DefaultExtent(c)
	}
	if math.IsNaN(ext.Begin) || math.IsNaN(ext.End) || math.IsInf(ext.Begin, 0) || math.IsInf(ext.End, 0) || !(ext.Begin < ext.End) {
		return ext, fmt.Errorf("continuum %q: extent [%v, %v) is not a non-empty finite interval", c.Name, ext.Begin, ext.End)
	}
	for i, u := range c.Units {
		if u.Start < ext.Begin || u.End > ext.End {
			return ext, fmt.Errorf("continuum %q: unit %d [%v, %v) lies outside the extent [%v, %v)", c.Name, i, u.Start, u.End, ext.Begin, ext.End)
		}
	}
	return ext, nil
}

// OverlapError reports two units of one annotator that overlap where a
// measure needs the annotator's units (of one category, for αU; of all
// categories, for the u-alpha family and κ_d) to be disjoint. Krippendorff's
// alphas compare every intersection of two annotators' sections, so they have
// no meaning for overlapping or nested units (Mathet et al. 2015, §6.1.8);
// γ (package gamma) handles them.
type OverlapError struct {
	Continuum string
	Annotator string
	A, B      Unit
	Measure   string
}

func (e *OverlapError) Error() string {
	return fmt.Sprintf("continuum %q: annotator %q has overlapping units [%v, %v) %q and [%v, %v) %q; %s needs disjoint units (use γ for overlapping units)",
		e.Continuum, e.Annotator, e.A.Start, e.A.End, e.A.Category, e.B.Start, e.B.End, e.B.Category, e.Measure)
}

// section is a piece of one annotator's partition of the extent: a unit of
// value v ≥ 0 (a category index), or a gap (v = gapValue).
type section struct {
	start, end float64
	v          int
}

const gapValue = -1

func (s section) len() float64 { return s.end - s.start }

// partition returns, for each annotator, its units whose category index is
// accepted by keep (nil keeps all) together with the gaps between them, in
// order, covering ext exactly. Units of one annotator that overlap yield an
// *OverlapError naming measure. catIndex maps categories to value indices.
func partition(c *Continuum, ext Extent, catIndex map[string]int, keep func(v int) bool, measure string) ([][]section, error) {
	byAnn := make([][]Unit, len(c.Annotators))
	for _, u := range c.Units {
		if keep != nil && !keep(catIndex[u.Category]) {
			continue
		}
		byAnn[u.Annotator] = append(byAnn[u.Annotator], u)
	}
	out := make([][]section, len(c.Annotators))
	for a, us := range byAnn {
		sort.Slice(us, func(i, j int) bool {
			if us[i].Start != us[j].Start {
				return us[i].Start < us[j].Start
			}
			return us[i].End < us[j].End
		})
		secs := make([]section, 0, 2*len(us)+1)
		pos := ext.Begin
		for i, u := range us {
			if i > 0 && u.Start < us[i-1].End {
				return nil, &OverlapError{Continuum: c.Name, Annotator: c.Annotators[a], A: us[i-1], B: u, Measure: measure}
			}
			if u.Start > pos {
				secs = append(secs, section{pos, u.Start, gapValue})
			}
			secs = append(secs, section{u.Start, u.End, catIndex[u.Category]})
			pos = u.End
		}
		if pos < ext.End {
			secs = append(secs, section{pos, ext.End, gapValue})
		}
		out[a] = secs
	}
	return out, nil
}

// categoryIndex returns the sorted distinct categories of c (including ""
// when some unit has no category) and their indices.
func categoryIndex(c *Continuum) ([]string, map[string]int) {
	seen := map[string]bool{}
	var cats []string
	for _, u := range c.Units {
		if !seen[u.Category] {
			seen[u.Category] = true
			cats = append(cats, u.Category)
		}
	}
	sort.Strings(cats)
	idx := make(map[string]int, len(cats))
	for i, s := range cats {
		idx[s] = i
	}
	return cats, idx
}

// intersect calls f for every pair of sections of a and b with a non-empty
// intersection, in order along the continuum; both must partition the same
// extent. It runs in O(len(a) + len(b)).
func intersect(a, b []section, f func(i, j int, overlap float64)) {
	i, j := 0, 0
	for i < len(a) && j < len(b) {
		lo := math.Max(a[i].start, b[j].start)
		hi := math.Min(a[i].end, b[j].end)
		if hi > lo {
			f(i, j, hi-lo)
		}
		if a[i].end < b[j].end {
			i++
		} else if b[j].end < a[i].end {
			j++
		} else {
			i++
			j++
		}
	}
}

// prepare validates c and resolves its extent.
func prepare(c *Continuum, ext Extent) (Extent, error) {
	if err := c.Validate(); err != nil {
		return ext, err
	}
	return resolveExtent(c, ext)
}

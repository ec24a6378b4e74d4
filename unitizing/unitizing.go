package unitizing

import (
	"errors"
	"fmt"
	"math"
	"sort"

	"agree/internal/plural"
)

// Unit is one annotated span [Start, End) of one annotator.
type Unit struct {
	// Annotator indexes Continuum.Annotators.
	Annotator int
	// Category is the unit's label; "" means the unit has no category.
	Category string
	Start    float64
	End      float64
}

// Len returns End − Start.
func (u Unit) Len() float64 { return u.End - u.Start }

// Continuum is one document, recording or text annotated by several annotators.
type Continuum struct {
	// Name identifies the continuum in messages (usually its file name).
	Name string
	// Annotators are the annotators' names. An annotator may have no units.
	Annotators []string
	// Units are all units of all annotators, in no particular order.
	Units []Unit
}

// Corpus is a set of continua annotated with the same scheme.
type Corpus struct {
	Continua []Continuum
}

// Validate checks that every unit has finite bounds with Start < End and a
// valid annotator index, and that there are at least two annotators.
func (c *Continuum) Validate() error {
	if len(c.Annotators) < 2 {
		return fmt.Errorf("continuum %q: %s; agreement needs at least two", c.Name, plural.Count(len(c.Annotators), "annotator"))
	}
	for i, u := range c.Units {
		if u.Annotator < 0 || u.Annotator >= len(c.Annotators) {
			return fmt.Errorf("continuum %q: unit %d: annotator index %d out of range", c.Name, i, u.Annotator)
		}
		if err := CheckSpan(u.Start, u.End); err != nil {
			return fmt.Errorf("continuum %q: unit %d: %w", c.Name, i, err)
		}
	}
	return nil
}

// MaxCoordinate bounds the magnitude of unit coordinates: within
// ±MaxCoordinate every length, every difference of two coordinates and
// every sum of two such differences is a finite float64, so the measures
// (γ's positional dissimilarity, for one) are defined. Readers refuse
// larger coordinates with the file and line.
const MaxCoordinate = 1e300

// CheckSpan reports whether [start, end) is a valid unit span: finite
// numbers within ±MaxCoordinate, start < end.
func CheckSpan(start, end float64) error {
	switch {
	case math.IsNaN(start) || math.IsNaN(end):
		return errors.New("start and end must be numbers, not NaN")
	case math.IsInf(start, 0) || math.IsInf(end, 0):
		return errors.New("start and end must be finite")
	case math.Abs(start) > MaxCoordinate || math.Abs(end) > MaxCoordinate:
		return fmt.Errorf("span [%v, %v) lies outside ±%g: lengths and differences of such coordinates overflow", start, end, MaxCoordinate)
	case !(start < end):
		return fmt.Errorf("start %v must be less than end %v", start, end)
	}
	return nil
}

// AnnotatorIndex returns the index of the named annotator, adding it if absent.
func (c *Continuum) AnnotatorIndex(name string) int {
	for i, a := range c.Annotators {
		if a == name {
			return i
		}
	}
	c.Annotators = append(c.Annotators, name)
	return len(c.Annotators) - 1
}

// UnitsOf returns the units of annotator a sorted by (Start, End, Category),
// as a new slice.
func (c *Continuum) UnitsOf(a int) []Unit {
	var out []Unit
	for _, u := range c.Units {
		if u.Annotator == a {
			out = append(out, u)
		}
	}
	SortUnits(out)
	return out
}

// SortUnits sorts units by (Start, End, Annotator, Category); the order is
// total, so results built from sorted units are deterministic.
func SortUnits(us []Unit) {
	sort.SliceStable(us, func(i, j int) bool {
		a, b := us[i], us[j]
		if a.Start != b.Start {
			return a.Start < b.Start
		}
		if a.End != b.End {
			return a.End < b.End
		}
		if a.Annotator != b.Annotator {
			return a.Annotator < b.Annotator
		}
		return a.Category < b.Category
	})
}

// Bounds returns the smallest start and the largest end over all units; ok is
// false when there are no units.
func (c *Continuum) Bounds() (lo, hi float64, ok bool) {
	for i, u := range c.Units {
		if i == 0 || u.Start < lo {
			lo = u.Start
		}
		if i == 0 || u.End > hi {
			hi = u.End
		}
	}
	return lo, hi, len(c.Units) > 0
}

// Categories returns the distinct non-empty categories, sorted.
func (c *Continuum) Categories() []string {
	seen := map[string]bool{}
	var out []string
	for _, u := range c.Units {
		if u.Category != "" && !seen[u.Category] {
			seen[u.Category] = true
			out = append(out, u.Category)
		}
	}
	sort.Strings(out)
	return out
}

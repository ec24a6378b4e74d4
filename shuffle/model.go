package shuffle

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"

	"agree/unitizing"
)

// CategoryModel is one category of the reference model.
type CategoryModel struct {
	Name string
	// Prevalence is the category's relative frequency among the reference
	// units (weights, normalised over the model's categories).
	Prevalence float64
	// MinLen and MaxLen bound the length of its units (uniform in between;
	// integers inclusive when the model is discrete).
	MinLen, MaxLen float64
}

// Model is the statistical model of a reference continuum (Mathet et al.
// 2015, §6.3.1: "the number of categories, their prevalence, the minimum and
// maximum length for each category, and so forth").
type Model struct {
	Categories []CategoryModel
	// Units is the number of units of the reference.
	Units int
	// MinGap and MaxGap bound the gap before each unit (uniform). A gap of
	// 0 makes contiguous units.
	MinGap, MaxGap float64
	// Overlap is the probability that a unit starts inside the previous one
	// instead of after a gap; 0 gives a reference without overlapping units.
	Overlap float64
	// Continuous draws real positions; by default positions are integers
	// (atoms), as Krippendorff's αU and κ_d assume.
	Continuous bool
}

// DefaultModel is a small reference in the spirit of the benchmark of
// Mathet et al. (2015) §6.3.4: four categories of unequal prevalence and
// length, no overlap, gaps between units.
func DefaultModel() Model {
	return Model{
		Categories: []CategoryModel{
			{Name: "A", Prevalence: 0.4, MinLen: 5, MaxLen: 15},
			{Name: "B", Prevalence: 0.3, MinLen: 3, MaxLen: 10},
			{Name: "C", Prevalence: 0.2, MinLen: 8, MaxLen: 20},
			{Name: "D", Prevalence: 0.1, MinLen: 2, MaxLen: 6},
		},
		Units:  40,
		MinGap: 1, MaxGap: 10,
	}
}

// CategorizationModel is the "pure categorization" model of §6.3.3: four
// categories of unequal prevalence, every unit of length 10 and every gap
// of length 5, so that all references share the same unit positions and
// only the categories differ.
func CategorizationModel() Model {
	return Model{
		Categories: []CategoryModel{
			{Name: "A", Prevalence: 0.4, MinLen: 10, MaxLen: 10},
			{Name: "B", Prevalence: 0.3, MinLen: 10, MaxLen: 10},
			{Name: "C", Prevalence: 0.2, MinLen: 10, MaxLen: 10},
			{Name: "D", Prevalence: 0.1, MinLen: 10, MaxLen: 10},
		},
		Units:  40,
		MinGap: 5, MaxGap: 5,
	}
}

// Limits of a model: the number of reference units and the largest length
// or gap (positions stay exact integers in float64 well below 2^53).
// maxLength bounds unit lengths and gaps.
const maxLength = 1e9

// Validate reports a model that cannot be drawn from.
func (m Model) Validate() error {
	if len(m.Categories) == 0 {
		return errors.New("shuffle: model has no category")
	}
	if m.Units < 1 || m.Units > MaxUnits {
		return fmt.Errorf("shuffle: model has %d units; want 1 to %d", m.Units, MaxUnits)
	}
	seen := map[string]bool{}
	total := 0.0
	for _, c := range m.Categories {
		if seen[c.Name] {
			return fmt.Errorf("shuffle: category %q appears twice", c.Name)
		}
		seen[c.Name] = true
		if !(c.Prevalence >= 0) || math.IsInf(c.Prevalence, 0) {
			return fmt.Errorf("shuffle: category %q: prevalence %v must be a finite number ≥ 0", c.Name, c.Prevalence)
		}
		total += c.Prevalence
		if !(c.MinLen > 0) || !(c.MaxLen >= c.MinLen) || !(c.MaxLen <= maxLength) {
			return fmt.Errorf("shuffle: category %q: lengths [%v, %v] must satisfy 0 < min ≤ max ≤ %g", c.Name, c.MinLen, c.MaxLen, maxLength)
		}
		if !m.Continuous && (c.MinLen != math.Trunc(c.MinLen) || c.MaxLen != math.Trunc(c.MaxLen)) {
			return fmt.Errorf("shuffle: category %q: lengths [%v, %v] must be integers in a discrete model", c.Name, c.MinLen, c.MaxLen)
		}
	}
	if !(total > 0) {
		return errors.New("shuffle: the prevalences sum to 0")
	}
	if math.IsInf(total, 0) {
		// the draws would divide by +Inf and always give one category
		return fmt.Errorf("shuffle: the prevalences sum to more than %g: they are relative weights, scale them down", math.MaxFloat64)
	}
	if !(m.MinGap >= 0) || !(m.MaxGap >= m.MinGap) || !(m.MaxGap <= maxLength) {
		return fmt.Errorf("shuffle: gaps [%v, %v] must satisfy 0 ≤ min ≤ max ≤ %g", m.MinGap, m.MaxGap, maxLength)
	}
	if !m.Continuous && (m.MinGap != math.Trunc(m.MinGap) || m.MaxGap != math.Trunc(m.MaxGap)) {
		return fmt.Errorf("shuffle: gaps [%v, %v] must be integers in a discrete model", m.MinGap, m.MaxGap)
	}
	if !(m.Overlap >= 0 && m.Overlap <= 1) {
		return fmt.Errorf("shuffle: overlap probability %v must be in [0, 1]", m.Overlap)
	}
	return nil
}

// Reference is a reference continuum drawn from a Model. Its units belong to
// annotator 0 and are sorted by start.
type Reference struct {
	Units  []unitizing.Unit
	Extent unitizing.Extent
	Model  Model
}

// uniform draws from [lo, hi] (integers inclusive when discrete).
func (m Model) uniform(rng *rand.Rand, lo, hi float64) float64 {
	if m.Continuous {
		return lo + rng.Float64()*(hi-lo)
	}
	return lo + float64(rng.IntN(int(hi-lo)+1))
}

// category draws a category index by prevalence.
func (m Model) category(rng *rand.Rand) int {
	total := 0.0
	for _, c := range m.Categories {
		total += c.Prevalence
	}
	x := rng.Float64() * total
	for i, c := range m.Categories {
		x -= c.Prevalence
		if x < 0 {
			return i
		}
	}
	return len(m.Categories) - 1
}

// minLen is the shortest unit the shuffler may create: one atom in a discrete
// model, a tenth of the shortest category minimum otherwise.
func (m Model) minLen() float64 {
	if !m.Continuous {
		return 1
	}
	l := math.Inf(1)
	for _, c := range m.Categories {
		l = math.Min(l, c.MinLen)
	}
	return l / 10
}

func (m Model) round(x float64) float64 {
	if m.Continuous {
		return x
	}
	return math.Round(x)
}

// Draw draws a reference continuum: Units units one after the other, each
// preceded by a gap from [MinGap, MaxGap] (or, with probability Overlap,
// starting inside the previous unit), with a category drawn by prevalence
// and a length from that category's range. The extent runs from 0 to the end
// of the last unit plus one more gap.
func (m Model) Draw(rng *rand.Rand) (Reference, error) {
	if err := m.Validate(); err != nil {
		return Reference{}, err
	}
	ref := Reference{Model: m, Units: make([]unitizing.Unit, 0, m.Units)}
	pos := 0.0
	for i := 0; i < m.Units; i++ {
		ci := m.category(rng)
		c := m.Categories[ci]
		l := m.uniform(rng, c.MinLen, c.MaxLen)
		var start float64
		if i > 0 && m.Overlap > 0 && rng.Float64() < m.Overlap {
			prev := ref.Units[i-1]
			start = m.uniform(rng, prev.Start, math.Max(prev.Start, prev.End-m.minLen()))
		} else {
			start = pos + m.uniform(rng, m.MinGap, m.MaxGap)
		}
		u := unitizing.Unit{Category: c.Name, Start: start, End: start + l}
		ref.Units = append(ref.Units, u)
		pos = math.Max(pos, u.End)
	}
	unitizing.SortUnits(ref.Units)
	ref.Extent = unitizing.Extent{Begin: 0, End: pos + m.uniform(rng, m.MinGap, m.MaxGap)}
	if ref.Extent.End <= pos {
		ref.Extent.End = pos + m.minLen()
	}
	return ref, nil
}

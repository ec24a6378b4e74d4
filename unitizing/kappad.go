package unitizing

import (
	"fmt"
	"math"
	"strconv"

	"agree/coding"
)

// Blank is the category κ_d gives an atom that no unit of an annotator
// covers. A unit category equal to Blank is an error.
const Blank = "<blank>"

// MaxAtoms bounds the number of atoms (items) κ_d builds.
const MaxAtoms = 5_000_000

// TooManyAtomsError is KappaD's error when the extent holds more than
// MaxAtoms atoms of the given length: a longer atom is needed.
type TooManyAtomsError struct {
	Continuum string
	Atoms     int
	Atom      float64
}

func (e *TooManyAtomsError) Error() string {
	return fmt.Sprintf("κ_d: continuum %q: %d atoms of length %v, more than %d; choose a longer atom", e.Continuum, e.Atoms, e.Atom, MaxAtoms)
}

// KappaDResult holds the discretized coefficients of a continuum.
type KappaDResult struct {
	// Kappa is κ_d: multi-κ (Davies & Fleiss 1982; Cohen's κ for two
	// annotators) over the atoms.
	Kappa       float64
	KappaReason string
	// Alpha is α_d: Krippendorff's α, nominal, over the atoms.
	Alpha       float64
	AlphaReason string
	// Pi is Fleiss's κ (multi-π; Scott's π for two annotators) over the atoms.
	Pi       float64
	PiReason string
	// Atoms is the number of atoms, each Atom long.
	Atoms int
	Atom  float64
}

// KappaD computes the "discretizing measure" κ_d (Reidsma, Heylen &
// Ordelman 2006; Mathet et al. 2015, §3.4.1 and §6.2): the extent is cut
// into atoms of length atom (1 if atom ≤ 0), each annotator gives each atom
// the category of the unit covering the atom's midpoint, or Blank when none
// does, and the coefficients of package coding are computed with atoms as
// items and annotators as coders. Overlapping units of one annotator give
// an *OverlapError (an atom can have only one category, §3.4.1 limitation 4).
// More than MaxAtoms atoms is a *TooManyAtomsError asking for a longer atom.
//
// Its known weaknesses (§3.4.1): contiguous units of one category look like
// one unit (κ_d does not see splits), a missed unit and a slight shift can
// cost the same, and agreement on blanks keeps κ_d above 0 when annotators
// categorize at random between gaps.
func KappaD(c *Continuum, ext Extent, atom float64) (KappaDResult, error) {
	if atom <= 0 || math.IsNaN(atom) {
		atom = 1
	}
	if math.IsInf(atom, 0) {
		return KappaDResult{}, fmt.Errorf("κ_d: atom length %v is not finite", atom)
	}
	ext, err := prepare(c, ext)
	if err != nil {
		return KappaDResult{}, fmt.Errorf("κ_d: %w", err)
	}
	cats, idx := categoryIndex(c)
	for _, k := range cats {
		if k == Blank {
			return KappaDResult{}, fmt.Errorf("κ_d: continuum %q: category %q is reserved for atoms without a unit", c.Name, Blank)
		}
	}
	secs, err := partition(c, ext, idx, nil, "κ_d")
	if err != nil {
		return KappaDResult{}, fmt.Errorf("κ_d: %w", err)
	}
	na := math.Ceil(ext.Len()/atom - 1e-9)
	if na > MaxAtoms {
		return KappaDResult{}, &TooManyAtomsError{Continuum: c.Name, Atoms: int(min(na, math.MaxInt32)), Atom: atom}
	}
	n := int(na)
	b := coding.NewBuilder()
	b.SetSource(c.Name)
	if err := b.DeclareCategories(append(append([]string(nil), cats...), Blank), true); err != nil {
		return KappaDResult{}, fmt.Errorf("κ_d: %w", err)
	}
	b.Reserve(n)
	for i := 0; i < n; i++ {
		b.NewItem(strconv.Itoa(i))
	}
	for a, ss := range secs {
		coder := b.Coder(c.Annotators[a])
		k := 0
		for i := 0; i < n; i++ {
			mid := ext.Begin + (float64(i)+0.5)*atom
			for k < len(ss)-1 && ss[k].end <= mid {
				k++
			}
			label := Blank
			if ss[k].v != gapValue {
				label = cats[ss[k].v]
			}
			if err := b.Set(i, coder, label, coding.Pos{}); err != nil {
				return KappaDResult{}, fmt.Errorf("κ_d: %w", err)
			}
		}
	}
	d, err := b.Build()
	if err != nil {
		return KappaDResult{}, fmt.Errorf("κ_d: %w", err)
	}
	an, err := coding.Analyze(d, coding.Options{})
	if err != nil {
		return KappaDResult{}, fmt.Errorf("κ_d: %w", err)
	}
	res := KappaDResult{Atoms: n, Atom: atom}
	r := an.Coefficient(coding.MultiKappa)
	res.Kappa, res.KappaReason = r.Value, r.Reason
	r = an.Coefficient(coding.KrippendorffAlpha)
	res.Alpha, res.AlphaReason = r.Value, r.Reason
	r = an.Coefficient(coding.FleissKappa)
	res.Pi, res.PiReason = r.Value, r.Reason
	return res, nil
}

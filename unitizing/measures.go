package unitizing

import (
	"errors"
	"math"
	"slices"
)

// MeasureOptions are the options of Measure.
type MeasureOptions struct {
	// Atom is the length of the atoms of κ_d (KappaD).
	Atom float64
	// CUOverlap computes c|uα and (k)uα with CUAlphaOverlapping when an
	// annotator's units overlap (UAlpha refuses them).
	CUOverlap bool
}

// Measures are every unitizing measure of one continuum: what agree
// unitizing reports. A measure that cannot take the data is left nil with
// the error that says why: an *OverlapError for the alphas and κ_d
// (overlapping units of one annotator), a *TooManyAtomsError for κ_d.
type Measures struct {
	Alpha1995    *Alpha1995Result
	Alpha1995Err error
	UAlpha       *UAlphaResult
	UAlphaErr    error
	// CUOverlapping is set when UAlpha is CUAlphaOverlapping's result
	// (MeasureOptions.CUOverlap on overlapping units): uα and |uα are
	// undefined there; UAlphaOverlap is then UAlpha's error.
	CUOverlapping bool
	UAlphaOverlap error
	KappaD        *KappaDResult
	KappaDErr     error
	SER           SERSummary
}

// Measure computes every unitizing measure of c on the extent ext. Errors
// other than those a measure is left out for (see Measures) are returned,
// with the measures computed until then.
func Measure(c *Continuum, ext Extent, opt MeasureOptions) (*Measures, error) {
	m := &Measures{}
	leftOut := func(err error, also ...any) bool {
		var oe *OverlapError
		if errors.As(err, &oe) {
			return true
		}
		for _, target := range also {
			if errors.As(err, target) {
				return true
			}
		}
		return false
	}
	if au, err := Alpha1995(c, ext); err == nil {
		m.Alpha1995 = &au
	} else if leftOut(err) {
		m.Alpha1995Err = err
	} else {
		return m, err
	}
	ua, err := UAlpha(c, ext)
	var oe *OverlapError
	if opt.CUOverlap && errors.As(err, &oe) {
		m.CUOverlapping, m.UAlphaOverlap = true, err
		ua, err = CUAlphaOverlapping(c, ext)
	}
	if err == nil {
		m.UAlpha = &ua
	} else if leftOut(err) {
		m.UAlphaErr = err
	} else {
		return m, err
	}
	var tooMany *TooManyAtomsError
	if kd, err := KappaD(c, ext, opt.Atom); err == nil {
		m.KappaD = &kd
	} else if leftOut(err, &tooMany) {
		m.KappaDErr = err
	} else {
		return m, err
	}
	s, err := SERAnnotators(c, DefaultSERCosts())
	if err != nil {
		return m, err
	}
	m.SER = s
	return m, nil
}

// Headline names the single numbers of Measures that a corpus value
// averages or pools (Value), in the order reports list them: αU, uα, |uα,
// c|uα, κ_d, α_d and SER.
var Headline = []string{"alpha_u", "u_alpha", "binary_u_alpha", "cu_alpha", "kappa_d", "alpha_d", "ser"}

// Value returns the number of m named key (one of Headline), NaN when it
// is undefined or was left out.
func (m *Measures) Value(key string) float64 {
	switch key {
	case "alpha_u":
		if m.Alpha1995 != nil {
			return m.Alpha1995.Alpha
		}
	case "u_alpha", "binary_u_alpha", "cu_alpha":
		if m.UAlpha != nil {
			return map[string]float64{"u_alpha": m.UAlpha.U, "binary_u_alpha": m.UAlpha.Binary, "cu_alpha": m.UAlpha.CU}[key]
		}
	case "kappa_d", "alpha_d":
		if m.KappaD != nil {
			return map[string]float64{"kappa_d": m.KappaD.Kappa, "alpha_d": m.KappaD.Alpha}[key]
		}
	case "ser":
		return m.SER.Mean
	}
	return math.NaN()
}

// Macro is the mean of the value named key (Value) over the measures where
// it is defined, each continuum weighing the same, and the number of
// those; NaN when it is defined for none.
func Macro(ms []*Measures, key string) (mean float64, n int) {
	sum := 0.0
	for _, m := range ms {
		if v := m.Value(key); !math.IsNaN(v) {
			sum += v
			n++
		}
	}
	if n == 0 {
		return math.NaN(), 0
	}
	return sum / float64(n), n
}

// SameAnnotators reports whether every continuum has the same annotators
// (by name, in any order): only then can they be laid end to end
// (Concatenate) without an annotator counting as having marked nothing
// in the continua it did not annotate.
func SameAnnotators(cs []Continuum) bool {
	if len(cs) == 0 {
		return true
	}
	first := map[string]bool{}
	for _, a := range cs[0].Annotators {
		first[a] = true
	}
	for _, c := range cs[1:] {
		if len(c.Annotators) != len(cs[0].Annotators) {
			return false
		}
		for _, a := range c.Annotators {
			if !first[a] {
				return false
			}
		}
	}
	return true
}

// Pairwise returns uα and αU of every pair of the annotators of the
// continua (by name, in the order of the continua laid end to end by
// Concatenate), each pair on the continua both annotated laid end to end
// (Concatenate of Continuum.Pair), 1 on the diagonal and NaN where
// undefined or where a pair shares no continuum; nil with fewer than three
// annotators.
func Pairwise(cs []Continuum, exts []Extent) (names []string, ua, au [][]float64, err error) {
	pooled, _, err := Concatenate(cs, exts)
	if err != nil {
		return nil, nil, nil, err
	}
	names = pooled.Annotators
	if len(names) < 3 {
		return nil, nil, nil, nil
	}
	for i := range names {
		ua = append(ua, make([]float64, len(names)))
		au = append(au, make([]float64, len(names)))
		ua[i][i], au[i][i] = 1, 1
	}
	for i := range names {
		for j := i + 1; j < len(names); j++ {
			var both []Continuum
			var bothExt []Extent
			for k := range cs {
				c := &cs[k]
				if ia, ib := slices.Index(c.Annotators, names[i]), slices.Index(c.Annotators, names[j]); ia >= 0 && ib >= 0 {
					both = append(both, c.Pair(ia, ib))
					bothExt = append(bothExt, exts[k])
				}
			}
			u, a := math.NaN(), math.NaN()
			if len(both) > 0 {
				sub, subExt, err := Concatenate(both, bothExt)
				if err != nil {
					return nil, nil, nil, err
				}
				if r, err := UAlpha(&sub, subExt); err == nil {
					u = r.U
				}
				if r, err := Alpha1995(&sub, subExt); err == nil {
					a = r.Alpha
				}
			}
			ua[i][j], ua[j][i] = u, u
			au[i][j], au[j][i] = a, a
		}
	}
	return names, ua, au, nil
}

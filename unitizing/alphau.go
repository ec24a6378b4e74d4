package unitizing

import (
	"agree/internal/ratio"
	"fmt"
	"math"
	"sort"
)

// Alpha1995Result is Krippendorff's αU of one continuum.
type Alpha1995Result struct {
	// Alpha = 1 − mean_c D_o(c) / mean_c D_e(c), a ratio of means over the
	// categories (not a mean of the per-category alphas). NaN when the mean
	// expected disagreement is 0; Reason then says why.
	Alpha  float64
	Reason string
	// Do and De are the means over the categories of D_o(c) and D_e(c).
	Do, De float64
	// Categories holds the per-category values, sorted by category.
	Categories []CategoryAlpha1995
}

// CategoryAlpha1995 is αU restricted to the units of one category.
type CategoryAlpha1995 struct {
	Category string
	Do, De   float64
	// Alpha = 1 − Do/De; NaN (with Reason) when De = 0.
	Alpha  float64
	Reason string
}

// Alpha1995 computes Krippendorff's unitizing alpha αU (Krippendorff 1995,
// "On the reliability of unitizing continuous data", Sociological
// Methodology 25; Content Analysis, 2nd ed., 2004, §11.7) the way DKPro
// Statistics' KrippendorffAlphaUnitizingAgreement does. It needs R ≥ 2
// annotators; the units of one annotator and one category must not overlap
// (an *OverlapError otherwise). ext is the continuum [B, B+L) (the zero
// Extent selects DefaultExtent).
//
// For each category c, the units of c of each annotator and the gaps between
// them partition the continuum into sections. For sections g = (b1, l1) and
// h = (b2, l2) of two annotators, with bd = b1 − b2 and ld = l1 − l2,
//
//	d(g, h) = bd² + (bd + ld)²   both units, overlapping (−l1 < bd < l2)
//	        = l1²                g a unit inside the gap h (0 ≤ bd ≤ −ld)
//	        = l2²                h a unit inside the gap g (−ld ≤ bd ≤ 0)
//	        = 0                  otherwise
//
//	D_o(c) = 2/(R(R−1)L²) · Σ_{r1<r2} Σ_{g of r1, h of r2 intersecting} d(g, h)
//	D_e(c) = (2/L) · Σ_u [ (N_c−1)(2l_u³ − 3l_u² + l_u)/3 + l_u² Σ_{gaps γ, |γ| ≥ l_u} (|γ| − l_u + 1) ]
//	         / ( R·L·(R·L − 1) − Σ_u l_u(l_u − 1) )
//
// with u over the N_c units of c and γ over the gaps of c of all annotators
// (shared/reference/segmentation-unitizing.md §7.1). The expected
// disagreement counts positions in atoms of length 1, so lengths should be
// integers (or the continuum rescaled so that one atom is 1).
//
// DKPro returns α(c) = 0 when D_o = D_e, including 0/0; here 0/0 is
// undefined (NaN with a reason).
func Alpha1995(c *Continuum, ext Extent) (Alpha1995Result, error) {
	ext, err := prepare(c, ext)
	if err != nil {
		return Alpha1995Result{}, fmt.Errorf("αU: %w", err)
	}
	cats, idx := categoryIndex(c)
	if len(cats) == 0 {
		return Alpha1995Result{Alpha: math.NaN(), Do: math.NaN(), De: math.NaN(),
			Reason: "no units: αU is undefined"}, nil
	}
	R := float64(len(c.Annotators))
	L := ext.Len()
	res := Alpha1995Result{Categories: make([]CategoryAlpha1995, len(cats))}
	for ci, name := range cats {
		secs, err := partition(c, ext, idx, func(v int) bool { return v == ci }, "αU")
		if err != nil {
			return Alpha1995Result{}, fmt.Errorf("αU: %w", err)
		}
		do := alphaUObserved(secs) * 2 / (R * (R - 1) * L * L)
		de := alphaUExpected(secs, R, L)
		ca := CategoryAlpha1995{Category: name, Do: do, De: de}
		ca.Alpha, ca.Reason = oneMinusRatio(do, de, de, fmt.Sprintf("category %q: expected disagreement is 0", name))
		res.Categories[ci] = ca
		res.Do += do
		res.De += de
	}
	res.Do /= float64(len(cats))
	res.De /= float64(len(cats))
	res.Alpha, res.Reason = oneMinusRatio(res.Do, res.De, res.De, "expected disagreement is 0")
	return res, nil
}

// oneMinusRatio returns 1 − do/de, or NaN and reason when de is 0 up to
// the rounding of the sums of magnitude scale it was formed from
// (internal/ratio): c|uα on a one-category continuum is undefined, not 1.
func oneMinusRatio(do, de, scale float64, reason string) (float64, string) {
	v, ok := ratio.OneMinus(do, de, scale)
	if !ok {
		return math.NaN(), reason
	}
	return v, ""
}

// alphaUDistance is DKPro's measureDistance for sections (b1, l1) and
// (b2, l2); unit1 and unit2 say whether each is a unit (not a gap).
func alphaUDistance(b1, l1 float64, unit1 bool, b2, l2 float64, unit2 bool) float64 {
	bd, ld := b1-b2, l1-l2
	switch {
	case unit1 && unit2 && -l1 < bd && bd < l2:
		return bd*bd + (bd+ld)*(bd+ld)
	case unit1 && !unit2 && 0 <= bd && bd <= -ld:
		return l1 * l1
	case !unit1 && unit2 && -ld <= bd && bd <= 0:
		return l2 * l2
	}
	return 0
}

// alphaUObserved returns Σ_{r1<r2} Σ d(g, h) over intersecting sections.
func alphaUObserved(secs [][]section) float64 {
	sum := 0.0
	for r1 := range secs {
		for r2 := r1 + 1; r2 < len(secs); r2++ {
			a, b := secs[r1], secs[r2]
			intersect(a, b, func(i, j int, _ float64) {
				g, h := a[i], b[j]
				sum += alphaUDistance(g.start, g.len(), g.v != gapValue, h.start, h.len(), h.v != gapValue)
			})
		}
	}
	return sum
}

// alphaUExpected returns D_e(c) for the sections of one category.
func alphaUExpected(secs [][]section, R, L float64) float64 {
	var units, gaps []float64
	for _, s := range secs {
		for _, x := range s {
			if x.v == gapValue {
				gaps = append(gaps, x.len())
			} else {
				units = append(units, x.len())
			}
		}
	}
	// Σ_{γ ≥ l}(γ − l + 1) = suffix sum of γ − (l − 1)·count, over sorted gaps.
	sort.Float64s(gaps)
	suffix := make([]float64, len(gaps)+1)
	for i := len(gaps) - 1; i >= 0; i-- {
		suffix[i] = suffix[i+1] + gaps[i]
	}
	nc := float64(len(units))
	num, sumLL := 0.0, 0.0
	for _, l := range units {
		t := (nc - 1) * (2*l*l*l - 3*l*l + l) / 3
		k := sort.SearchFloat64s(gaps, l)
		g := suffix[k] - (l-1)*float64(len(gaps)-k)
		num += t + l*l*g
		sumLL += l * (l - 1)
	}
	return (2 / L) * num / (R*L*(R*L-1) - sumLL)
}

package unitizing

import (
	"fmt"
	"math"
)

// UAlphaResult holds the u-alpha family of one continuum (Krippendorff,
// Content Analysis 3rd ed., 2013, §12.4; Krippendorff, Mathet, Bouvry &
// Widlöcher 2016, "On the reliability of unitizing textual continua: Further
// developments", Quality & Quantity 50:2347–2364). Every coefficient is NaN
// with a non-empty reason when it is undefined (0/0).
type UAlphaResult struct {
	// U is uα: units and gaps (the empty value ∅) of all annotators, nominal.
	U       float64
	UReason string
	// Binary is |uα: valued sections against gaps.
	Binary       float64
	BinaryReason string
	// CU is c|uα: coding of the intersecting valued parts only, nominal.
	CU       float64
	CUReason string
	// Coverage = l'/l.., the share of the pooled continuum (m·L) on which
	// valued sections of two annotators intersect; c|uα rests on that part.
	Coverage float64
	// Categories holds (k)uα for each category k, sorted by category.
	Categories []CategoryUAlpha
}

// CategoryUAlpha is (k)uα, the agreement on one category k within the
// intersecting valued parts (nominal).
type CategoryUAlpha struct {
	Category string
	Alpha    float64
	Reason   string
}

// UAlpha computes uα, |uα, c|uα and (k)uα (nominal versions) on the extent
// ext (the zero Extent selects DefaultExtent). Each of the m ≥ 2 annotators'
// units, with the gaps between them filled with the empty value ∅, must
// partition the extent: overlapping or nested units of one annotator yield an
// *OverlapError (the family is undefined for them, Mathet et al. 2015
// §6.1.8). Formulas (shared/reference/segmentation-unitizing.md §7.2), with
// s_ig the segments of annotator i and |·∩·| the intersection length:
//
//	l_ck = 1/(m−1) Σ_i Σ_{j≠i} Σ_{g valued c} Σ_{h valued k} |s_ig ∩ s_jh|,  l.. = m·L
//	e_ck = l.. (l_c.·l_.k − δ_ck Σ_{segments of c} q(s)) / (l..² − Σ_{all segments} q(s)),
//	       q(s) = len(s)² for a unit, len(s) for a gap (a gap is len(s) pieces of length 1)
//	uα   = 1 − (l.. − Σ_c l_cc) / (l.. − Σ_c e_cc)                      (c over values and ∅)
//	|uα  = 1 − (l_∅. − l_∅∅) / (e_∅. − e_∅∅)
//	c|uα = 1 − (l' − Σ_c l_cc) / (l' − Σ_c e'_cc)                       (c, k ≠ ∅)
//	       l'_c. = Σ_{k≠∅} l_ck,  l' = Σ_c l'_c.
//	       Q_c = Σ_i Σ_{j≠i} Σ_{g valued c} (Σ_{h valued} |s_ig ∩ s_jh|)²
//	       e'_ck = (l'_c.·l'_k. − δ_ck Q_c/(m−1)) / (l' − Σ_c Q_c/(l'(m−1)))
//	(k)uα = 1 − (e'_k./l'_k.) · (l'_k. − l_kk) / (e'_k. − e'_kk)
//
// Units without a category form one value ("") distinct from ∅. Counting a
// gap as len(s) pieces of length 1 makes the expected coincidences depend
// on the unit of length (positions are taken to count atoms, as in the
// papers' examples). The non-nominal (metric) versions of the 2016 paper
// are not implemented.
func UAlpha(c *Continuum, ext Extent) (UAlphaResult, error) {
	ext, err := prepare(c, ext)
	if err != nil {
		return UAlphaResult{}, fmt.Errorf("u-alpha: %w", err)
	}
	cats, idx := categoryIndex(c)
	secs, err := partition(c, ext, idx, nil, "the u-alpha family")
	if err != nil {
		return UAlphaResult{}, fmt.Errorf("u-alpha: %w", err)
	}
	C := len(cats)
	V := C + 1 // values 0..C−1, ∅ = C
	gap := C
	val := func(s section) int {
		if s.v == gapValue {
			return gap
		}
		return s.v
	}
	m := float64(len(c.Annotators))
	L := ext.Len()

	obs := make([]float64, V*V)
	Q := make([]float64, C)
	qsum := make([]float64, V)
	qAll := 0.0
	for _, ss := range secs {
		for _, s := range ss {
			q := s.len() * s.len()
			if s.v == gapValue {
				q = s.len()
			}
			qsum[val(s)] += q
			qAll += q
		}
	}
	// valued-overlap sums per segment for the current pair, reused.
	var accI, accJ []float64
	for i := range secs {
		for j := i + 1; j < len(secs); j++ {
			a, b := secs[i], secs[j]
			accI = resetFloats(accI, len(a))
			accJ = resetFloats(accJ, len(b))
			intersect(a, b, func(g, h int, ov float64) {
				x, y := val(a[g]), val(b[h])
				obs[x*V+y] += ov
				obs[y*V+x] += ov
				if x != gap && y != gap {
					accI[g] += ov
					accJ[h] += ov
				}
			})
			for g, s := range a {
				if s.v != gapValue {
					Q[s.v] += accI[g] * accI[g]
				}
			}
			for h, s := range b {
				if s.v != gapValue {
					Q[s.v] += accJ[h] * accJ[h]
				}
			}
		}
	}
	for k := range obs {
		obs[k] /= m - 1
	}
	res := UAlphaResult{Categories: make([]CategoryUAlpha, C)}

	// uα and |uα.
	ltot := m * L
	row := make([]float64, V)
	for x := 0; x < V; x++ {
		for y := 0; y < V; y++ {
			row[x] += obs[x*V+y]
		}
	}
	den := ltot*ltot - qAll
	exp := func(x, y int) float64 {
		e := row[x] * row[y]
		if x == y {
			e -= qsum[x]
		}
		return ltot * e / den
	}
	diagO, diagE := 0.0, 0.0
	for x := 0; x < V; x++ {
		diagO += obs[x*V+x]
		diagE += exp(x, x)
	}
	if den == 0 {
		res.U, res.UReason = math.NaN(), "uα: no expected coincidences (l..² = Σq)"
		res.Binary, res.BinaryReason = math.NaN(), res.UReason
	} else {
		res.U, res.UReason = oneMinusRatio(ltot-diagO, ltot-diagE, ltot, "uα: expected disagreement is 0 (a single value covers the whole continuum)")
		eGapRow := 0.0
		for y := 0; y < V; y++ {
			eGapRow += exp(gap, y)
		}
		res.Binary, res.BinaryReason = oneMinusRatio(row[gap]-obs[gap*V+gap], eGapRow-exp(gap, gap), math.Max(math.Abs(eGapRow), ltot),
			"|uα: expected disagreement between units and gaps is 0 (no units, or no gaps)")
	}

	// c|uα and (k)uα on the valued intersections.
	valued := make([]float64, C*C)
	for x := 0; x < C; x++ {
		copy(valued[x*C:(x+1)*C], obs[x*V:x*V+C])
	}
	res.CU, res.CUReason, res.Coverage, res.Categories = cuAlpha(cats, valued, Q, m, ltot)
	return res, nil
}

// cuAlpha computes c|uα, the coverage l'/l.. and (k)uα from the valued
// coincidences obs (C×C, already divided by m−1) and Q.
func cuAlpha(cats []string, obs, Q []float64, m, ltot float64) (float64, string, float64, []CategoryUAlpha) {
	C := len(cats)
	ks := make([]CategoryUAlpha, C)
	for k, name := range cats {
		ks[k].Category = name
	}
	rowP := make([]float64, C)
	lp, sumQ := 0.0, 0.0
	for x := 0; x < C; x++ {
		for y := 0; y < C; y++ {
			rowP[x] += obs[x*C+y]
		}
		lp += rowP[x]
		sumQ += Q[x]
	}
	coverage := lp / ltot
	if lp == 0 {
		reason := "c|uα: no valued units of different annotators intersect"
		for k := range ks {
			ks[k].Alpha, ks[k].Reason = math.NaN(), reason
		}
		return math.NaN(), reason, coverage, ks
	}
	denP := lp - sumQ/(lp*(m-1))
	expP := func(x, y int) float64 {
		e := rowP[x] * rowP[y]
		if x == y {
			e -= Q[x] / (m - 1)
		}
		return e / denP
	}
	diagO, diagE := 0.0, 0.0
	for x := 0; x < C; x++ {
		diagO += obs[x*C+x]
		diagE += expP(x, x)
	}
	cu, reason := math.NaN(), "c|uα: no expected coincidences"
	if denP != 0 {
		cu, reason = oneMinusRatio(lp-diagO, lp-diagE, lp, "c|uα: expected disagreement is 0 (a single category)")
	}
	for k := range ks {
		ck := &ks[k]
		if denP == 0 || rowP[k] == 0 {
			ck.Alpha, ck.Reason = math.NaN(), fmt.Sprintf("(k)uα: category %q has no intersection with a valued unit", ck.Category)
			continue
		}
		eRow := 0.0
		for y := 0; y < C; y++ {
			eRow += expP(k, y)
		}
		a, r := oneMinusRatio(rowP[k]-obs[k*C+k], eRow-expP(k, k), math.Max(math.Abs(eRow), rowP[k]), fmt.Sprintf("(k)uα: category %q: expected disagreement is 0", ck.Category))
		if r == "" {
			a = 1 - (eRow/rowP[k])*(1-a)
		}
		ck.Alpha, ck.Reason = a, r
	}
	return cu, reason, coverage, ks
}

// CUAlphaOverlapping computes c|uα and (k)uα (nominal) when units of one
// annotator may overlap or nest. The u-alpha family is defined for
// disjoint units only; c|uα, however, reads nothing but the intersections
// of valued units of different annotators, and Mathet et al. (2015, §6.3.5)
// found it to behave much as without overlap. Each pair of intersecting
// units of two different annotators is counted, so a unit overlapping two
// units of another annotator counts twice (the alphas "inherently compare
// A1 with B2 and A2 with B1", §6.1.8), and Coverage may then exceed 1.
// uα and |uα are NaN with a reason. On disjoint units the result equals
// UAlpha's.
func CUAlphaOverlapping(c *Continuum, ext Extent) (UAlphaResult, error) {
	ext, err := prepare(c, ext)
	if err != nil {
		return UAlphaResult{}, fmt.Errorf("c|uα: %w", err)
	}
	cats, idx := categoryIndex(c)
	C := len(cats)
	m := float64(len(c.Annotators))
	byAnn := make([][]Unit, len(c.Annotators))
	for _, u := range c.Units {
		byAnn[u.Annotator] = append(byAnn[u.Annotator], u)
	}
	for _, us := range byAnn {
		SortUnits(us)
	}
	obs := make([]float64, C*C)
	Q := make([]float64, C)
	acc := make([][]float64, len(byAnn))
	for i := range byAnn {
		for j := i + 1; j < len(byAnn); j++ {
			a, b := byAnn[i], byAnn[j]
			acc[i] = resetFloats(acc[i], len(a))
			acc[j] = resetFloats(acc[j], len(b))
			// b is sorted by start and no unit of b is longer than lb, so a
			// unit of b starting at or before u.Start − lb ends before u
			// (and before every later unit of a): lo only moves forward.
			lo, lb := 0, maxLen(b)
			for g, u := range a {
				for lo < len(b) && b[lo].Start+lb <= u.Start {
					lo++
				}
				for h := lo; h < len(b) && b[h].Start < u.End; h++ {
					ov := math.Min(u.End, b[h].End) - math.Max(u.Start, b[h].Start)
					if ov <= 0 {
						continue
					}
					x, y := idx[u.Category], idx[b[h].Category]
					obs[x*C+y] += ov
					obs[y*C+x] += ov
					acc[i][g] += ov
					acc[j][h] += ov
				}
			}
			for g, u := range a {
				Q[idx[u.Category]] += acc[i][g] * acc[i][g]
			}
			for h, u := range b {
				Q[idx[u.Category]] += acc[j][h] * acc[j][h]
			}
		}
	}
	for k := range obs {
		obs[k] /= m - 1
	}
	res := UAlphaResult{U: math.NaN(), Binary: math.NaN(),
		UReason:      "uα is not defined for overlapping units (Mathet et al. 2015, §6.1.8)",
		BinaryReason: "|uα is not defined for overlapping units (Mathet et al. 2015, §6.1.8)"}
	res.CU, res.CUReason, res.Coverage, res.Categories = cuAlpha(cats, obs, Q, m, m*ext.Len())
	return res, nil
}

// maxLen returns the length of the longest unit of us.
func maxLen(us []Unit) float64 {
	l := 0.0
	for _, u := range us {
		l = math.Max(l, u.Len())
	}
	return l
}

func resetFloats(s []float64, n int) []float64 {
	if cap(s) < n {
		return make([]float64, n)
	}
	s = s[:n]
	clear(s)
	return s
}

package ratings

import (
	"fmt"
	"math"
	"slices"

	"agree/inference"
)

// Correlation is a coefficient of association between two raters (or a
// rater and the mean of the others) with its interval and test.
type Correlation struct {
	Value float64
	// Items is the number of items both rated (the pairs used).
	Items int
	// CI is the interval at the requested level (Method names it).
	CI Interval
	// P is the two-sided p-value of the test of no association (for Lin's
	// CCC, NaN: it has no test); Test names the test.
	P    float64
	Test string
	// SE is the standard error on the scale of the interval's method
	// (Fisher's z for every coefficient here).
	SE     float64
	Reason string // why Value (or the interval) is undefined
}

// Association holds the four coefficients of one pair of columns.
type Association struct {
	Pearson, Spearman, KendallTauB, Concordance Correlation
}

// The names of the intervals and tests, as they appear in results.
const (
	MethodFisherZ       = "Fisher z, SE 1/√(n−3)"
	MethodBonettWright  = "Fisher z, SE √((1+ρ²/2)/(n−3)) (Bonett & Wright 2000)"
	MethodFieller       = "Fisher z, SE √(0.437/(n−4)) (Fieller, Hartley & Pearson 1957)"
	MethodLin           = "Fisher z of Lin's asymptotic SE (Lin 1989, 2000)"
	TestT               = "t, n−2 df"
	TestKendallNormal   = "normal approximation of S, variance corrected for ties"
	minItemsCorrelation = 3
)

// Associate computes Pearson's r, Spearman's ρ, Kendall's τ-b and Lin's
// CCC of two columns on the items both rated.
func Associate(x, y []float64, level float64) Association {
	return associate(x, y, encode(x), encode(y), level)
}

func associate(x, y []float64, cx, cy coded, level float64) Association {
	p := newPair(x, y, cx, cy)
	return Association{
		Pearson:     p.pearson(level),
		Spearman:    p.spearman(level),
		KendallTauB: p.kendall(level),
		Concordance: p.concordance(level),
	}
}

// pair is two columns restricted to the items both rated: the columns
// themselves when nothing is missing, else copies of those items.
type pair struct {
	x, y           []float64
	xc, yc         []int32
	xvals, yvals   []float64 // the distinct values of each column (codes index them)
	xcount, ycount []int64   // the items of the pair with each value
	xorder         []int32   // the pair's items ordered by x
	n              int
}

func newPair(x, y []float64, cx, cy coded) *pair {
	p := &pair{x: x, y: y, xc: cx.code, yc: cy.code, xvals: cx.vals, yvals: cy.vals,
		xcount: cx.counts, ycount: cy.counts, xorder: cx.order, n: len(x)}
	full := true
	for i := range x {
		if cx.code[i] < 0 || cy.code[i] < 0 {
			full = false
			break
		}
	}
	if full {
		return p
	}
	p.x, p.y, p.xc, p.yc = nil, nil, nil, nil
	at := make([]int32, len(x)) // an item's place in the pair
	for i := range x {
		at[i] = -1
		if cx.code[i] >= 0 && cy.code[i] >= 0 {
			at[i] = int32(len(p.x))
			p.x, p.y = append(p.x, x[i]), append(p.y, y[i])
			p.xc, p.yc = append(p.xc, cx.code[i]), append(p.yc, cy.code[i])
		}
	}
	p.n = len(p.x)
	p.xorder = make([]int32, 0, p.n)
	for _, i := range cx.order {
		if at[i] >= 0 {
			p.xorder = append(p.xorder, at[i])
		}
	}
	p.xcount, p.ycount = make([]int64, len(p.xvals)), make([]int64, len(p.yvals))
	for i := range p.xc {
		p.xcount[p.xc[i]]++
		p.ycount[p.yc[i]]++
	}
	return p
}

func undefined(n int, level float64, method, test, why string) Correlation {
	return Correlation{Value: math.NaN(), Items: n, CI: undefinedInterval(level, method), P: math.NaN(), Test: test, SE: math.NaN(), Reason: why}
}

// moments returns the means, the sums of squared deviations and the sum
// of cross-products of a and b (two passes).
func moments(a, b []float64) (ma, mb, saa, sbb, sab float64) {
	for i := range a {
		ma += a[i]
		mb += b[i]
	}
	n := float64(len(a))
	ma, mb = ma/n, mb/n
	for i := range a {
		da, db := a[i]-ma, b[i]-mb
		saa += da * da
		sbb += db * db
		sab += da * db
	}
	return
}

// rankMoments is moments of the mid-ranks rx[xc[i]], ry[yc[i]].
func rankMoments(xc, yc []int32, rx, ry []float64) (saa, sbb, sab float64) {
	var ma, mb float64
	for i := range xc {
		ma += rx[xc[i]]
		mb += ry[yc[i]]
	}
	n := float64(len(xc))
	ma, mb = ma/n, mb/n
	for i := range xc {
		da, db := rx[xc[i]]-ma, ry[yc[i]]-mb
		saa += da * da
		sbb += db * db
		sab += da * db
	}
	return
}

func (p *pair) pearson(level float64) Correlation {
	if p.n < minItemsCorrelation {
		return undefined(p.n, level, MethodFisherZ, TestT, fmt.Sprintf("%d items rated by both; a correlation needs %d", p.n, minItemsCorrelation))
	}
	_, _, sxx, syy, sxy := moments(p.x, p.y)
	return p.fromMoments(sxx, syy, sxy, level, MethodFisherZ, func(float64) float64 { return 1 / math.Sqrt(float64(p.n)-3) })
}

// fromMoments finishes a product-moment correlation: the value, its t test
// on n − 2 degrees of freedom and the Fisher z interval with the given SE.
func (p *pair) fromMoments(sxx, syy, sxy, level float64, method string, se func(r float64) float64) Correlation {
	if sxx == 0 || syy == 0 {
		return undefined(p.n, level, method, TestT, "a rater gave every item the same rating: no variance")
	}
	r := sxy / math.Sqrt(sxx*syy)
	r = math.Max(-1, math.Min(1, r))
	c := Correlation{Value: r, Items: p.n, Test: TestT}
	df := float64(p.n - 2)
	if math.Abs(r) == 1 {
		c.P = 0
	} else {
		c.P = inference.StudentTwoSided(r*math.Sqrt(df/(1-r*r)), df)
	}
	c.SE = se(r)
	c.CI = fisherInterval(r, c.SE, level, method)
	return c
}

// fisherInterval is tanh(atanh(r) ± z·se).
func fisherInterval(r, se, level float64, method string) Interval {
	if math.IsNaN(se) || math.IsInf(se, 0) {
		return undefinedInterval(level, method)
	}
	z := math.Atanh(r)
	q := inference.NormalQuantile(1 - (1-level)/2)
	return Interval{Low: math.Tanh(z - q*se), High: math.Tanh(z + q*se), Level: level, Method: method}
}

func (p *pair) counts() (nx, ny []int64) { return p.xcount, p.ycount }

func (p *pair) spearman(level float64) Correlation {
	if p.n < minItemsCorrelation+1 {
		return undefined(p.n, level, MethodBonettWright, TestT, fmt.Sprintf("%d items rated by both; Spearman's ρ and its interval need %d", p.n, minItemsCorrelation+1))
	}
	nx, ny := p.counts()
	rx, ry := midranks(nx), midranks(ny)
	sxx, syy, sxy := rankMoments(p.xc, p.yc, rx, ry)
	return p.fromMoments(sxx, syy, sxy, level, MethodBonettWright, func(r float64) float64 { return math.Sqrt((1 + r*r/2) / (float64(p.n) - 3)) })
}

// maxTableCells bounds the joint table of the two raters' distinct values
// Kendall's τ-b is counted from; past it Knight's algorithm sorts.
const maxTableCells = 1 << 22

func (p *pair) kendall(level float64) Correlation {
	const need = 5
	if p.n < need {
		return undefined(p.n, level, MethodFieller, TestKendallNormal, fmt.Sprintf("%d items rated by both; Kendall's τ-b and its interval need %d", p.n, need))
	}
	nx, ny := p.counts()
	tx, ty := ties(nx), ties(ny)
	n := float64(p.n)
	n0 := n * (n - 1) / 2
	if tx.pairs == n0 || ty.pairs == n0 {
		return undefined(p.n, level, MethodFieller, TestKendallNormal, "a rater gave every item the same rating: no variance")
	}
	var s float64 // concordant − discordant pairs
	kx, ky := len(nx), len(ny)
	if cells := kx * ky; cells <= maxTableCells && cells <= 4*p.n+1024 {
		s = p.kendallTable(kx, ky)
	} else {
		s = p.kendallKnight(tx.pairs, ty.pairs, n0)
	}
	c := Correlation{Items: p.n, Test: TestKendallNormal}
	c.Value = s / math.Sqrt((n0-tx.pairs)*(n0-ty.pairs))
	v := (n*(n-1)*(2*n+5)-tx.v0-ty.v0)/18 + tx.v2*ty.v2/(9*n*(n-1)*(n-2)) + tx.v1*ty.v1/(2*n*(n-1))
	c.P = inference.NormalTwoSided(s / math.Sqrt(v))
	c.SE = math.Sqrt(0.437 / (n - 4))
	c.CI = fisherInterval(c.Value, c.SE, level, MethodFieller)
	return c
}

// kendallTable counts concordant minus discordant pairs from the joint
// table of codes, with suffix sums: O(n + kx·ky).
func (p *pair) kendallTable(kx, ky int) float64 {
	w := ky + 1
	tab := make([]int64, (kx+1)*w) // tab[i*w+j]: count, then Σ_{i'≥i, j'≥j}
	for i := range p.xc {
		tab[int(p.xc[i])*w+int(p.yc[i])]++
	}
	cnt := make([]int64, kx*ky)
	for i := range kx {
		copy(cnt[i*ky:(i+1)*ky], tab[i*w:i*w+ky])
	}
	for i := kx - 1; i >= 0; i-- {
		for j := ky - 1; j >= 0; j-- {
			tab[i*w+j] += tab[(i+1)*w+j] + tab[i*w+j+1] - tab[(i+1)*w+j+1]
		}
	}
	var conc, disc int64
	for i := range kx {
		above := tab[(i+1)*w] // items with a larger x
		for j := range ky {
			c := cnt[i*ky+j]
			if c == 0 {
				continue
			}
			larger := tab[(i+1)*w+j+1]
			conc += c * larger
			disc += c * (above - tab[(i+1)*w+j])
		}
	}
	return float64(conc - disc)
}

// kendallKnight counts concordant minus discordant pairs by Knight's
// (1966) algorithm: the items ordered by x (the column's order, computed
// once) and, within ties of x, by y; the joint ties counted on the way; the
// discordant pairs counted as the inversions of y by a merge sort:
// O(n log n).
func (p *pair) kendallKnight(n1, n2, n0 float64) float64 {
	ys := make([]int32, p.n)
	for j, i := range p.xorder {
		ys[j] = p.yc[i]
	}
	var n3 float64
	for lo := 0; lo < p.n; {
		hi := lo + 1
		for hi < p.n && p.xc[p.xorder[hi]] == p.xc[p.xorder[lo]] {
			hi++
		}
		if hi-lo > 1 {
			g := ys[lo:hi]
			slices.Sort(g)
			run := 1
			for j := 1; j <= len(g); j++ {
				if j < len(g) && g[j] == g[j-1] {
					run++
					continue
				}
				n3 += float64(run) * float64(run-1) / 2
				run = 1
			}
		}
		lo = hi
	}
	swaps := inversions(ys)
	return n0 - n1 - n2 + n3 - 2*float64(swaps)
}

// concordance is Lin's (1989) concordance correlation coefficient
// ρc = 2·s_xy / (s_x² + s_y² + (x̄ − ȳ)²) (moments with divisor n), with the
// interval of the z-transformed ρc and the standard error of Lin (1989) as
// corrected in Lin (2000), as epiR::epi.ccc computes it.
func (p *pair) concordance(level float64) Correlation {
	if p.n < minItemsCorrelation {
		return undefined(p.n, level, MethodLin, "", fmt.Sprintf("%d items rated by both; Lin's CCC needs %d", p.n, minItemsCorrelation))
	}
	mx, my, sxx, syy, sxy := moments(p.x, p.y)
	n := float64(p.n)
	vx, vy, cxy := sxx/n, syy/n, sxy/n
	d := mx - my
	den := vx + vy + d*d
	if den == 0 {
		return undefined(p.n, level, MethodLin, "", "every rating is the same")
	}
	rc := 2 * cxy / den
	c := Correlation{Value: rc, Items: p.n, P: math.NaN(), SE: math.NaN(), CI: undefinedInterval(level, MethodLin)}
	if vx == 0 || vy == 0 {
		c.Reason = "a rater gave every item the same rating: no interval"
		return c
	}
	r := cxy / math.Sqrt(vx*vy)
	if r == 0 || math.Abs(rc) >= 1 {
		if math.Abs(rc) >= 1 {
			c.CI.Low, c.CI.High = rc, rc
		} else {
			c.Reason = "Pearson's r is 0: Lin's standard error is undefined"
		}
		return c
	}
	u := d / math.Pow(vx*vy, 0.25)
	v := ((1-r*r)*rc*rc*(1-rc*rc)/(r*r) + 2*rc*rc*rc*(1-rc)*u*u/r - rc*rc*rc*rc*u*u*u*u/(2*r*r)) / (n - 2)
	if !(v >= 0) {
		c.Reason = "Lin's variance estimate is negative"
		return c
	}
	c.SE = math.Sqrt(v) / (1 - rc*rc)
	c.CI = fisherInterval(rc, c.SE, level, MethodLin)
	return c
}

func chiSquareSurvival(x, df float64) float64 { return inference.ChiSquareSurvival(x, df) }

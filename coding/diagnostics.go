package coding

import (
	"fmt"
	"math"
	"runtime"
	"sync"

	"agree/distance"
)

// Matrix is a square table over value labels.
type Matrix struct {
	Labels []string
	Cells  [][]float64
}

// maxMatrixValues bounds the values a dense diagnostic matrix may have;
// data with more distinct values (continuous measurements) gets no matrix.
const maxMatrixValues = 200

// matrixValues returns the categories for a dense matrix and each value's
// row in it, or an error when there are too many.
func (a *Analysis) matrixValues() ([]int, []int, error) {
	if len(a.cats) > maxMatrixValues {
		return nil, nil, fmt.Errorf("%d distinct values: too many for a matrix (at most %d)", len(a.cats), maxMatrixValues)
	}
	pos := make([]int, len(a.data.labels))
	for i, v := range a.cats {
		pos[v] = i
	}
	return a.cats, pos, nil
}

func (a *Analysis) newMatrix(vals []int) Matrix {
	m := Matrix{Labels: make([]string, len(vals)), Cells: make([][]float64, len(vals))}
	for i, v := range vals {
		m.Labels[i] = a.data.labels[v]
		m.Cells[i] = make([]float64, len(vals))
	}
	return m
}

// Coincidences returns Krippendorff's coincidence matrix: every ordered pair
// of values from different coders on a pairable item u adds 1/(m_u − 1) to
// o_ck (Krippendorff 2004, §11.3.1). Its row sums are the marginals n_c and
// its total is the number of pairable values.
func (a *Analysis) Coincidences() (Matrix, error) {
	vals, pos, err := a.matrixValues()
	if err != nil {
		return Matrix{}, err
	}
	m := a.newMatrix(vals)
	buf := make([]int32, 0, len(a.data.cols))
	for i := range a.data.n {
		vs := a.itemValues(buf, i)
		if len(vs) < 2 {
			continue
		}
		w := 1 / float64(len(vs)-1)
		for j, x := range vs {
			for l, y := range vs {
				if j != l {
					m.Cells[pos[int(x)]][pos[int(y)]] += w
				}
			}
		}
	}
	return m, nil
}

// Contingency returns the two coders' contingency table on complete items:
// Cells[r][c] counts items the first coder put in r and the second in c.
func (a *Analysis) Contingency() (Matrix, error) {
	if a.counts.Coders != 2 {
		return Matrix{}, fmt.Errorf("a contingency table needs two coders; the data has %d", a.counts.Coders)
	}
	vals, pos, err := a.matrixValues()
	if err != nil {
		return Matrix{}, err
	}
	m := a.newMatrix(vals)
	c0, c1 := a.data.cols[0], a.data.cols[1]
	for i := range c0 {
		if c0[i] != Missing && c1[i] != Missing {
			m.Cells[pos[int(c0[i])]][pos[int(c1[i])]]++
		}
	}
	return m, nil
}

// CategoryStats describes agreement on one category, from the coincidence
// matrix (nominal distance).
type CategoryStats struct {
	Label string
	// Count is n_k, the number of pairable values equal to the category;
	// Share is n_k/n.
	Count float64
	Share float64
	// Specific is the specific agreement o_kk/n_k: of the pairs in which one
	// value is k, the share in which the other is k too (Fleiss 1971's
	// category agreement; 2·n_kk/(n_k· + n_·k) for two coders).
	Specific float64
	// Alpha is Krippendorff's α on the data recoded as k versus not-k
	// (Krippendorff 2004, §11.5 "category-specific α"):
	// 1 − (n − 1)(n_k − o_kk)/(n_k(n − n_k)). NaN when k is never or always used.
	Alpha float64
}

// PerCategory returns per-category statistics for every category, in value
// table order.
func (a *Analysis) PerCategory() ([]CategoryStats, error) {
	co, err := a.Coincidences()
	if err != nil {
		return nil, err
	}
	n := float64(a.counts.PairableValues)
	out := make([]CategoryStats, len(co.Labels))
	for k, l := range co.Labels {
		nk := 0.0
		for _, x := range co.Cells[k] {
			nk += x
		}
		okk := co.Cells[k][k]
		s := CategoryStats{Label: l, Count: nk, Share: nk / n, Specific: okk / nk, Alpha: math.NaN()}
		if nk > 0 && nk < n {
			s.Alpha = 1 - (n-1)*(nk-okk)/(nk*(n-nk))
		}
		out[k] = s
	}
	return out, nil
}

// PairStats is agreement between two coders on the items both coded.
type PairStats struct {
	A, B  string // coder names
	Items int    // items both coded
	// Kappa is Cohen's κ (nominal); Alpha is Krippendorff's α with the
	// analysis distance, both on the pair's own data.
	Kappa, Alpha Result
}

// Pairwise returns agreement for every pair of coders, computed by the same
// engine on each pair's data (the pair's own marginals and, for the ordinal
// distance, its own frequencies).
//
// Pairs are computed concurrently (at most GOMAXPROCS at a time); each
// pair's result depends only on its own data, so the output does not depend
// on the number of workers.
func (a *Analysis) Pairwise() ([]PairStats, error) {
	d := a.data
	var out []PairStats
	for x := range d.cols {
		for y := x + 1; y < len(d.cols); y++ {
			out = append(out, PairStats{A: d.coders[x], B: d.coders[y]})
		}
	}
	xs, ys := make([]int, 0, len(out)), make([]int, 0, len(out))
	for x := range d.cols {
		for y := x + 1; y < len(d.cols); y++ {
			xs, ys = append(xs, x), append(ys, y)
		}
	}
	errs := make([]error, len(out))
	sem := make(chan struct{}, runtime.GOMAXPROCS(0))
	var wg sync.WaitGroup
	for p := range out {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			cx, cy := d.cols[xs[p]], d.cols[ys[p]]
			sub := d.subset([]int{xs[p], ys[p]}, func(i int) bool { return cx[i] != Missing && cy[i] != Missing }, false)
			pa, err := Analyze(sub, Options{Distance: a.opt.Distance, Missing: a.opt.Missing, Incomplete: a.opt.Incomplete})
			if err != nil {
				errs[p] = err
				return
			}
			out[p].Items = sub.NumItems()
			out[p].Kappa = pa.Coefficient(CohenKappa)
			out[p].Alpha = pa.Coefficient(KrippendorffAlpha)
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}

// Bias returns the annotator bias B on the complete items (Artstein &
// Poesio 2008, §3.1 and Appendix A–B): the expected disagreement with one
// distribution per coder minus that with the pooled distribution (biased
// estimator), divided by d_max. For the nominal distance it equals
// A_e^π − A_e^κ, the sum of the variances of P(k|c) over categories divided
// by c − 1. (The survey's Appendix B writes the weighted version with the
// opposite sign; B is defined here so that it is never negative.) The
// weighted flag selects the analysis distance instead of the nominal one.
func (a *Analysis) Bias(weighted bool) float64 {
	k := 0
	if weighted {
		k = 1
	}
	n := float64(a.counts.CompleteItems)
	if n == 0 || a.counts.Coders < 2 || a.dmax[k] == 0 {
		return math.NaN()
	}
	dist := a.coderDistributions()
	pool := map[int]float64{}
	for _, v := range dist {
		for i, id := range v.ID {
			pool[id] += v.W[i]
		}
	}
	ids := make([]float64, len(a.data.labels))
	for id, w := range pool {
		ids[id] = w
	}
	p := distance.Dense(ids)
	tot := p.Sum()
	pooled := distance.Cross(a.metric[k], p, p) / (tot * tot)
	return (a.perCoderExpected(a.metric[k]) - pooled) / a.dmax[k]
}

// Margins returns the row and column sums of a table, its total and the sum
// of its diagonal.
func (m Matrix) Margins() (rows, cols []float64, total, diagonal float64) {
	rows, cols = make([]float64, len(m.Cells)), make([]float64, len(m.Cells))
	for i, row := range m.Cells {
		for j, x := range row {
			rows[i] += x
			cols[j] += x
			total += x
			if i == j {
				diagonal += x
			}
		}
	}
	return rows, cols, total, diagonal
}

// AgreementWeights returns the agreement weights w_kl = 1 − d_kl/d_max
// between the categories (Categories order) under the analysis distance
// (weighted) or the nominal one: the weights of κ_w (Cohen 1968) and of
// Gwet's AC2. w_kk = 1; when all categories are at distance 0, w = I.
func (a *Analysis) AgreementWeights(weighted bool) [][]float64 {
	m, dmax := a.Metric(weighted)
	q := len(a.cats)
	w := make([][]float64, q)
	for k := range q {
		w[k] = make([]float64, q)
		for l := range q {
			switch {
			case k == l:
				w[k][l] = 1
			case dmax > 0:
				w[k][l] = 1 - m.Distance(a.cats[k], a.cats[l])/dmax
			}
		}
	}
	return w
}

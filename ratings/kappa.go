package ratings

import (
	"fmt"
	"math"

	"agree/coding"
	"agree/inference"
)

// PairKappa is Cohen's κ of one pair of raters (indices, A < B).
type PairKappa struct {
	A, B  int
	Kappa float64
	// Items both rated (Cohen's κ uses these; package coding drops the
	// others).
	Items  int
	Reason string
}

// Light is Light's (1971) κ: the mean of Cohen's κ over the pairs of
// raters (irr::kappam.light).
type Light struct {
	Kappa float64
	// Pairs lists each pair's κ; the mean is over those where it is defined
	// (Defined of them).
	Pairs   []PairKappa
	Defined int
	Reason  string
}

// LightKappa computes Light's κ on categorical data d: Cohen's (1960) κ of
// each pair of coders on the items both rated, (p_o − p_e)/(1 − p_e) from
// the pair's contingency table (counted in one pass over the items; the
// tests hold it to package coding's Cohen's κ), and their mean.
func LightKappa(d *coding.Data) (Light, error) {
	k := d.NumCoders()
	res := Light{Kappa: math.NaN()}
	if k < 2 {
		res.Reason = fmt.Sprintf("%d rater; Light's κ needs two or more", k)
		return res, nil
	}
	q := len(d.Labels())
	var sum float64
	for a := range k {
		for b := a + 1; b < k; b++ {
			pk := pairKappa(d, a, b, q)
			pk.A, pk.B = a, b
			res.Pairs = append(res.Pairs, pk)
			if !math.IsNaN(pk.Kappa) {
				sum += pk.Kappa
				res.Defined++
			}
		}
	}
	if res.Defined == 0 {
		res.Reason = "Cohen's κ is undefined for every pair of raters"
		return res, nil
	}
	res.Kappa = sum / float64(res.Defined)
	return res, nil
}

// pairKappa is Cohen's κ of coders a and b of d (q labels).
func pairKappa(d *coding.Data, a, b, q int) PairKappa {
	rows, cols := make([]int64, q), make([]int64, q)
	var agree, n int64
	for i := range d.NumItems() {
		x, y := d.Value(i, a), d.Value(i, b)
		if x == coding.Missing || y == coding.Missing {
			continue
		}
		n++
		rows[x]++
		cols[y]++
		if x == y {
			agree++
		}
	}
	pk := PairKappa{Items: int(n), Kappa: math.NaN()}
	if n == 0 {
		pk.Reason = "no item rated by both"
		return pk
	}
	fn := float64(n)
	po := float64(agree) / fn
	var pe float64
	for v := range rows {
		pe += float64(rows[v]) / fn * (float64(cols[v]) / fn)
	}
	if pe == 1 {
		pk.Reason = "both raters gave every item the same category: expected agreement 1"
		return pk
	}
	pk.Kappa = (po - pe) / (1 - pe)
	return pk
}

// CategoryKappa is Fleiss's κ of one category (that category against all
// others), with its standard error under the null hypothesis of no
// agreement beyond chance, the z statistic and its two-sided p-value.
type CategoryKappa struct {
	Category   string
	Kappa      float64
	SE, Z, P   float64
	Proportion float64 // p_j, the category's share of the ratings
	Reason     string
}

// FleissCategories is Fleiss's κ per category.
type FleissCategories struct {
	Categories []CategoryKappa
	// Items used (every rater rated them), Raters per item, and Dropped
	// items (some rater did not rate them).
	Items, Raters, Dropped int
	Reason                 string
}

// FleissPerCategory computes, for each category j, Fleiss's (1971) κ_j =
// 1 − Σ_i x_ij(m − x_ij) / (n·m·(m − 1)·p_j·q_j), x_ij the raters who put
// item i in j, with the null standard error √(2/(n·m·(m − 1))) of Fleiss,
// Nee & Landis (1979) — as irr::kappam.fleiss(detail = TRUE). It needs the
// same number m of ratings on every item: it uses the items every rater
// rated (on a table of counts, the items with the most ratings).
func FleissPerCategory(d *coding.Data) FleissCategories {
	k, n := d.NumCoders(), d.NumItems()
	var items []int
	for i := range n {
		ok := true
		for c := range k {
			if d.Value(i, c) == coding.Missing {
				ok = false
				break
			}
		}
		if ok {
			items = append(items, i)
		}
	}
	res := FleissCategories{Items: len(items), Raters: k, Dropped: n - len(items)}
	labels := d.Labels()
	if k < 2 || len(items) == 0 {
		res.Reason = fmt.Sprintf("%d raters and %d items rated by every rater; Fleiss's κ per category needs two raters and one item", k, len(items))
		return res
	}
	counts := make([]int, len(labels))
	sumSq := make([]float64, len(labels)) // Σ_i x_ij(m − x_ij)
	row := make([]int, len(labels))
	m := float64(k)
	for _, i := range items {
		for c := range k {
			row[d.Value(i, c)]++
		}
		for j, x := range row {
			if x > 0 {
				counts[j] += x
				sumSq[j] += float64(x) * (m - float64(x))
				row[j] = 0
			}
		}
	}
	fn := float64(len(items))
	se := math.Sqrt(2 / (fn * m * (m - 1)))
	for j, lab := range labels {
		if counts[j] == 0 {
			continue // a declared or other items' category no rating here uses
		}
		p := float64(counts[j]) / (fn * m)
		c := CategoryKappa{Category: lab, Proportion: p, SE: se}
		if p == 1 {
			c.Kappa, c.Z, c.P = math.NaN(), math.NaN(), math.NaN()
			c.Reason = "every rating is in this category"
		} else {
			c.Kappa = 1 - sumSq[j]/(fn*m*(m-1)*p*(1-p))
			c.Z = c.Kappa / se
			c.P = inference.NormalTwoSided(c.Z)
		}
		res.Categories = append(res.Categories, c)
	}
	return res
}

package budget

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"

	"agree/coding"
)

// Part is one additive part of a disagreement.
type Part struct {
	Kind string // "category_pair", "item", "coder", or an error kind of spans
	// Name names the part: "a ↔ b", an item id, a coder, an error kind.
	Name string
	// Share is the part of the whole (1 − α, 1 − F1) it accounts for.
	Share float64
	// Counterfactual is the coefficient if the part were resolved.
	Counterfactual float64
	// Items are the items (or documents) the part comes from, the largest
	// contributions first (at most MaxItemsPerPart).
	Items []string
}

// MaxItemsPerPart bounds Part.Items.
const MaxItemsPerPart = 20

// Result is a disagreement budget.
type Result struct {
	Measure string
	Value   float64 // α or F1
	Whole   float64 // 1 − Value
	// The decompositions, each summing to Whole, largest part first.
	CategoryPairs, Items, Coders, Errors []Part
	Method                               string
}

// Kinds of part.
const (
	KindCategoryPair = "category_pair"
	KindItem         = "item"
	KindCoder        = "coder"
	KindError        = "error"
)

// MethodAlpha names α's budget.
const MethodAlpha = "1 − α = D_o/D_e split over the pairs of values: by category pair, by item, by coder (each pair halved between its coders); counterfactual α + part with D_e held fixed"

// sum is Neumaier's compensated sum.
type sum struct{ s, c float64 }

func (k *sum) add(x float64) {
	t := k.s + x
	if math.Abs(k.s) >= math.Abs(x) {
		k.c += (k.s - t) + x
	} else {
		k.c += (x - t) + k.s
	}
	k.s = t
}

func (k sum) value() float64 { return k.s + k.c }

// Alpha is the budget of Krippendorff's α of analysis a (by judgment,
// the default weighting).
func Alpha(ctx context.Context, a *coding.Analysis) (*Result, error) {
	d := a.Data()
	if d == nil {
		return nil, errors.New("budget: the analysis needs its items")
	}
	if a.Options().Missing != coding.ByJudgment {
		return nil, errors.New("budget: α's budget weights every judgment (Options.Missing = ByJudgment)")
	}
	r := a.Coefficient(coding.KrippendorffAlpha)
	if !r.Defined() {
		return nil, fmt.Errorf("budget: α is undefined: %s", r.Reason)
	}
	m, _ := a.Metric(coding.KrippendorffAlpha.Weighted())
	labels, coders, ids := d.Labels(), d.Coders(), d.Items()
	// First pass: n, the pairable values.
	n := 0
	for i := range d.NumItems() {
		c := 0
		for k := range coders {
			if d.Value(i, k) != coding.Missing {
				c++
			}
		}
		if c >= 2 {
			n += c
		}
	}
	de := r.ExpectedDisagreement
	scale := 1 / (float64(n) * de)
	// Category pairs are numbered as met; each keeps its compensated sum
	// and its MaxItemsPerPart largest items (not a map of every item).
	type key struct{ a, b int }
	pairIndex := map[key]int{}
	var pairSums []sum
	var pairTop []topItems
	coderSum := make([]sum, len(coders))
	var items []Part
	vals := make([]int, 0, len(coders))
	who := make([]int, 0, len(coders))
	type contrib struct {
		pair int
		t    float64
	}
	var local []contrib
	for i := range d.NumItems() {
		if i%4096 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		vals, who = vals[:0], who[:0]
		for k := range coders {
			if v := d.Value(i, k); v != coding.Missing {
				vals = append(vals, v)
				who = append(who, k)
			}
		}
		mu := len(vals)
		if mu < 2 {
			continue
		}
		var item sum
		local = local[:0]
		for x := 1; x < mu; x++ {
			for y := range x {
				if vals[x] == vals[y] {
					continue
				}
				t := 2 * m.Distance(vals[x], vals[y]) / float64(mu-1) * scale
				if t == 0 {
					continue
				}
				kk := key{min(vals[x], vals[y]), max(vals[x], vals[y])}
				p, ok := pairIndex[kk]
				if !ok {
					p = len(pairSums)
					pairIndex[kk] = p
					pairSums = append(pairSums, sum{})
					pairTop = append(pairTop, topItems{})
				}
				pairSums[p].add(t)
				found := false
				for j := range local {
					if local[j].pair == p {
						local[j].t += t
						found = true
						break
					}
				}
				if !found {
					local = append(local, contrib{p, t})
				}
				coderSum[who[x]].add(t / 2)
				coderSum[who[y]].add(t / 2)
				item.add(t)
			}
		}
		for _, c := range local {
			pairTop[c.pair].push(i, c.t)
		}
		if v := item.value(); v != 0 {
			items = append(items, Part{Kind: KindItem, Name: ids[i], Share: v, Items: []string{ids[i]}})
		}
	}
	res := &Result{Measure: "krippendorff_alpha", Value: r.Value, Whole: 1 - r.Value, Method: MethodAlpha}
	for kk, p := range pairIndex {
		var names []string
		for _, i := range pairTop[p].sorted() {
			names = append(names, ids[i])
		}
		res.CategoryPairs = append(res.CategoryPairs, Part{Kind: KindCategoryPair, Name: labels[kk.a] + " ↔ " + labels[kk.b], Share: pairSums[p].value(), Items: names})
	}
	res.Items = items
	for k, s := range coderSum {
		if v := s.value(); v != 0 {
			res.Coders = append(res.Coders, Part{Kind: KindCoder, Name: coders[k], Share: v})
		}
	}
	for _, ps := range [][]Part{res.CategoryPairs, res.Items, res.Coders} {
		for k := range ps {
			ps[k].Counterfactual = res.Value + ps[k].Share
		}
		rank(ps)
	}
	return res, nil
}

func cmpFloat(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// rank sorts parts largest first, ties by name.
func rank(ps []Part) {
	slices.SortFunc(ps, func(x, y Part) int {
		if c := -cmpFloat(x.Share, y.Share); c != 0 {
			return c
		}
		return strings.Compare(x.Name, y.Name)
	})
}

// Total is the sum of parts (compensated).
func Total(ps []Part) float64 {
	var s sum
	for _, p := range ps {
		s.add(p.Share)
	}
	return s.value()
}

// topItems keeps the MaxItemsPerPart items with the largest contributions.
type topItems struct {
	item []int
	v    []float64
}

func (t *topItems) push(i int, v float64) {
	if len(t.item) < MaxItemsPerPart {
		t.item, t.v = append(t.item, i), append(t.v, v)
		return
	}
	low := 0
	for k := 1; k < len(t.v); k++ {
		if t.v[k] < t.v[low] || (t.v[k] == t.v[low] && t.item[k] > t.item[low]) {
			low = k
		}
	}
	if v > t.v[low] {
		t.item[low], t.v[low] = i, v
	}
}

// sorted returns the items, the largest contribution first (ties: the
// earlier item).
func (t *topItems) sorted() []int {
	idx := make([]int, len(t.item))
	for k := range idx {
		idx[k] = k
	}
	slices.SortFunc(idx, func(x, y int) int {
		if c := -cmpFloat(t.v[x], t.v[y]); c != 0 {
			return c
		}
		return t.item[x] - t.item[y]
	})
	out := make([]int, len(idx))
	for k, j := range idx {
		out[k] = t.item[j]
	}
	return out
}

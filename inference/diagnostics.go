package inference

import (
	"container/heap"
	"errors"
	"fmt"
	"math"
	"sort"

	"agree/coding"
)

// ItemDisagreement describes one pairable item for adjudication.
type ItemDisagreement struct {
	Index int
	Item  string
	// Values are the item's values in coder order (missing ones left out).
	Values []string
	// Disagreement is the mean distance between the item's values over all
	// pairs from different coders (analysis distance).
	Disagreement float64
	// AlphaLoss is the item's share of 1 − α: m_i·disagr_i/(N·D_e) by
	// judgment (disagr_i/(i'·D_e) by item), so the losses of all items sum
	// to 1 − α. NaN when α is undefined.
	AlphaLoss float64
	// Majority is the most frequent value (first in coder order on ties)
	// and MajorityShare its share of the item's values.
	Majority      string
	MajorityShare float64
}

// RankItems returns the pairable items with some disagreement, the items
// that lower α most first: what to adjudicate first. Items in full
// agreement are left out. Ties keep input order.
func RankItems(a *coding.Analysis) []ItemDisagreement { return TopItems(a, 0) }

// TopItems is RankItems limited to the first n items (n ≤ 0: all). It keeps
// only n candidates while scanning (a bounded heap), so ranking a million
// items for the ten worst costs one pass and no per-item allocation.
func TopItems(a *coding.Analysis, n int) []ItemDisagreement {
	d := a.Data()
	m, _ := a.Metric(true)
	byItem := a.Options().Missing == coding.ByItem
	vals := make([]int, 0, d.NumCoders())
	itemVals := func(i int) []int {
		vals = vals[:0]
		for c := range d.NumCoders() {
			if v := d.Value(i, c); v != coding.Missing {
				vals = append(vals, v)
			}
		}
		return vals
	}
	h := &rankHeap{}
	for i := range d.NumItems() {
		vs := itemVals(i)
		k := len(vs)
		if k < 2 {
			continue
		}
		sum := 0.0
		for j := 1; j < k; j++ {
			for l := range j {
				if vs[j] != vs[l] {
					sum += m.Distance(vs[j], vs[l])
				}
			}
		}
		if sum == 0 {
			continue
		}
		dis := 2 * sum / float64(k*(k-1))
		key := float64(k) * dis
		if byItem {
			key = dis
		}
		e := ranked{key: key, dis: dis, index: i}
		switch {
		case n <= 0 || h.Len() < n:
			heap.Push(h, e)
		case e.before(h.s[0]):
			h.s[0] = e
			heap.Fix(h, 0)
		}
	}
	sel := h.s
	sort.Slice(sel, func(x, y int) bool { return sel[x].before(sel[y]) })
	al := a.Coefficient(coding.KrippendorffAlpha)
	out := make([]ItemDisagreement, len(sel))
	for r, e := range sel {
		vs := itemVals(e.index)
		it := ItemDisagreement{Index: e.index, Item: d.Items()[e.index], Disagreement: e.dis, AlphaLoss: math.NaN()}
		if al.Defined() {
			it.AlphaLoss = (e.key / float64(al.Items) / al.ExpectedDisagreement)
			if !byItem {
				it.AlphaLoss = (e.key / float64(al.Values) / al.ExpectedDisagreement)
			}
		}
		best, bestN := 0, 0
		for j, v := range vs {
			it.Values = append(it.Values, d.Labels()[v])
			c := 0
			for _, w := range vs {
				if w == v {
					c++
				}
			}
			if c > bestN {
				best, bestN = j, c
			}
		}
		it.Majority = d.Labels()[vs[best]]
		it.MajorityShare = float64(bestN) / float64(len(vs))
		out[r] = it
	}
	return out
}

// ranked is an item's sort key: larger loss of α first, then input order.
type ranked struct {
	key, dis float64
	index    int
}

func (e ranked) before(f ranked) bool {
	if e.key != f.key {
		return e.key > f.key
	}
	return e.index < f.index
}

// rankHeap keeps the worst-ranked kept item at its root.
type rankHeap struct{ s []ranked }

func (h *rankHeap) Len() int           { return len(h.s) }
func (h *rankHeap) Less(i, j int) bool { return h.s[j].before(h.s[i]) }
func (h *rankHeap) Swap(i, j int)      { h.s[i], h.s[j] = h.s[j], h.s[i] }
func (h *rankHeap) Push(x any)         { h.s = append(h.s, x.(ranked)) }
func (h *rankHeap) Pop() any {
	x := h.s[len(h.s)-1]
	h.s = h.s[:len(h.s)-1]
	return x
}

// CoderInfluence is α without one coder.
type CoderInfluence struct {
	Coder  string
	Values int // values the coder gave
	// AlphaWithout is Krippendorff's α (analysis distance and weighting)
	// on the data without this coder; Change is AlphaWithout − α: a large
	// positive change singles out a coder who disagrees with the rest.
	AlphaWithout float64
	Change       float64
	Reason       string
}

// LeaveOneCoderOut recomputes α without each coder in turn.
func LeaveOneCoderOut(a *coding.Analysis) ([]CoderInfluence, error) {
	d := a.Data()
	all := a.Coefficient(coding.KrippendorffAlpha).Value
	out := make([]CoderInfluence, d.NumCoders())
	for c := range d.NumCoders() {
		var keep []int
		for o := range d.NumCoders() {
			if o != c {
				keep = append(keep, o)
			}
		}
		ci := CoderInfluence{Coder: d.Coders()[c]}
		for i := range d.NumItems() {
			if d.Value(i, c) != coding.Missing {
				ci.Values++
			}
		}
		sub, err := coding.Analyze(d.Subset(keep, nil), a.Options())
		if err != nil {
			return nil, fmt.Errorf("without coder %q: %w", ci.Coder, err)
		}
		r := sub.Coefficient(coding.KrippendorffAlpha)
		ci.AlphaWithout = (r.Value)
		ci.Change = (r.Value - all)
		ci.Reason = r.Reason
		out[c] = ci
	}
	return out, nil
}

// CategoryIndex holds the prevalence and bias indices of one category,
// from the 2×2 table of "k" against "not k" for two coders (Byrt, Bishop &
// Carlin 1993): with a items both put in k, d items neither did, b items
// only the first coder and c items only the second did, out of n:
// prevalence index (a − d)/n and bias index (b − c)/n.
type CategoryIndex struct {
	Label      string
	Prevalence float64
	Bias       float64
}

// PrevalenceBias holds Byrt, Bishop & Carlin's indices for two coders.
type PrevalenceBias struct {
	Items      int
	Categories []CategoryIndex
	// PABAK is the prevalence- and bias-adjusted κ, (q·p_o − 1)/(q − 1)
	// (2p_o − 1 for two categories; it equals Bennett's S).
	PABAK float64
	// AnnotatorBias is the survey's B = A_e^π − A_e^κ (Appendix A), from
	// coding.Analysis.Bias.
	AnnotatorBias float64
}

// PrevalenceAndBias computes the indices on the two coders' complete items.
func PrevalenceAndBias(a *coding.Analysis) (PrevalenceBias, error) {
	tab, err := a.Contingency()
	if err != nil {
		return PrevalenceBias{}, err
	}
	var out PrevalenceBias
	q := len(tab.Labels)
	row, col, n, agree := tab.Margins()
	if n == 0 {
		return out, errors.New("no item has values from both coders")
	}
	out.Items = int(n)
	for k, l := range tab.Labels {
		both := tab.Cells[k][k]
		neither := n - row[k] - col[k] + both
		onlyA, onlyB := row[k]-both, col[k]-both
		out.Categories = append(out.Categories, CategoryIndex{Label: l,
			Prevalence: (both - neither) / n, Bias: (onlyA - onlyB) / n})
	}
	out.PABAK = math.NaN()
	if q >= 2 {
		out.PABAK = ((float64(q)*agree/n - 1) / float64(q-1))
	}
	out.AnnotatorBias = (a.Bias(false))
	return out, nil
}

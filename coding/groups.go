package coding

import (
	"fmt"
	"math"
)

// ItemGroup is a group of the items of analysed data: a document, or the
// rows that share a value of a column. Items are their indices (in the
// data's order); or, for an analysis of statistics, Patterns lists the
// patterns (indices into the statistics' patterns, increasing) of the
// group's items and Counts their number of items, Empty its items without
// any value. Both may be given.
type ItemGroup struct {
	Items    []int
	Patterns []int
	Counts   []int64
	Empty    int64
}

// Group returns the analysis, with a's options, of the items of g alone:
// a reweighted to the group (Reweighted: its patterns counted over the
// group), equal bit for bit to the analysis of the group's items, at a
// cost of O(patterns) per group once every item's pattern is known. Items
// need the data (an analysis made with Analyze).
func (a *Analysis) Group(g ItemGroup) (*Analysis, error) {
	if len(g.Patterns) != len(g.Counts) {
		return nil, fmt.Errorf("%d patterns, %d counts", len(g.Patterns), len(g.Counts))
	}
	for i, p := range g.Patterns {
		if p < 0 || p >= a.stats.NumPatterns() || (i > 0 && p <= g.Patterns[i-1]) {
			return nil, fmt.Errorf("pattern %d out of range or out of order", p)
		}
	}
	if len(g.Items) == 0 {
		// the group's patterns alone (as Reweighted takes them): a cost
		// of O(its patterns)
		return a.reweighted(g.Patterns, g.Counts, g.Empty)
	}
	var pat []int32
	if len(g.Items) > 0 {
		if a.data == nil {
			return nil, fmt.Errorf("a group of items needs the data, not only their statistics")
		}
		pat = a.ItemPatterns()
	}
	weights := make([]int64, a.stats.NumPatterns())
	empty := g.Empty
	for i, p := range g.Patterns {
		weights[p] = g.Counts[i]
	}
	for _, i := range g.Items {
		if p := pat[i]; p >= 0 {
			weights[p]++
		} else {
			empty++
		}
	}
	return a.Reweighted(weights, empty)
}

// Macro returns the mean of the defined values among rs (each result
// weighs the same: the macro average over documents or groups), and their
// number; NaN when none is defined.
func Macro(rs []Result) (mean float64, n int) {
	sum := 0.0
	for _, r := range rs {
		if r.Defined() {
			sum += r.Value
			n++
		}
	}
	if n == 0 {
		return math.NaN(), 0
	}
	return sum / float64(n), n
}

// Light returns Light's (1971) κ: the mean of Cohen's κ over pairs of
// coders, each on the items both coded (irr::kappam.light), from the
// pairwise table (Analysis.Pairwise; with two coders, Cohen's κ itself),
// and the number of pairs where κ is defined; NaN when it is defined for
// none. The table must hold every pair (PairwiseTop's omitted count 0).
func Light(pairs []PairStats) (kappa float64, defined int) {
	rs := make([]Result, len(pairs))
	for i, p := range pairs {
		rs[i] = p.Kappa
	}
	return Macro(rs)
}

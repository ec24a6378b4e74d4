package coding

import (
	"fmt"
	"math"
)

// ItemGroup is a group of the items of analysed data: a document, or the
// rows that share a value of a column. Items are their indices (in the
// data's order); or, for an analysis of statistics, Weights counts the
// group's items of each pattern (indices into the statistics' patterns)
// and Empty its items without any value. Both may be given.
type ItemGroup struct {
	Items   []int
	Weights map[int]int64
	Empty   int64
}

// Group returns the analysis, with a's options, of the items of g alone:
// a reweighted to the group (Reweighted: its patterns counted over the
// group), equal bit for bit to the analysis of the group's items, at a
// cost of O(patterns) per group once every item's pattern is known. Items
// need the data (an analysis made with Analyze).
func (a *Analysis) Group(g ItemGroup) (*Analysis, error) {
	var pat []int32
	if len(g.Items) > 0 {
		if a.data == nil {
			return nil, fmt.Errorf("a group of items needs the data, not only their statistics")
		}
		pat = a.ItemPatterns()
	}
	weights := make([]int64, a.stats.NumPatterns())
	empty := g.Empty
	for p, n := range g.Weights {
		weights[p] = n
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

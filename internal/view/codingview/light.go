package codingview

import (
	"math"

	"agree/coding"
	"agree/internal/view"
	"agree/report"
)

// AddLight gives agree coding Light's (1971) κ by name: the mean of Cohen's
// κ over the pairs of coders (irr::kappam.light), from the pairwise table
// (each pair on the items both coded) — Cohen's κ itself for two coders.
// When --max-rows left pairs out of the table, it is undefined with that
// reason rather than a mean of some pairs.
func (res *Result) AddLight() {
	l := &view.Light{Value: report.Number(math.NaN())}
	switch {
	case res.Coders == 2:
		k := res.Coefficients["cohen_kappa"]
		l.Value, l.Pairs, l.UndefinedReason = k.Value, 1, k.UndefinedReason
		if k.UndefinedReason == "" {
			l.DefinedPairs = 1
		}
	case res.analysis.Stats().AnonymousCoders() != "":
		l.UndefinedReason = res.analysis.Stats().AnonymousCoders()
	case res.PairwiseOmitted > 0:
		l.Pairs = len(res.Pairwise) + res.PairwiseOmitted
		l.UndefinedReason = "--max-rows left pairs out of the pairwise table; Light's κ needs every pair (--max-rows 0)"
	default:
		k, n := coding.Light(res.pairs)
		l.Value, l.Pairs, l.DefinedPairs = report.Number(k), len(res.pairs), n
		if n == 0 {
			l.UndefinedReason = "Cohen's κ is undefined for every pair of coders"
		}
	}
	res.LightKappa = l
}

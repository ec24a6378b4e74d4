package inference

import (
	"context"
	"errors"
	"math/rand/v2"

	"agree/coding"
)

// Bootstrap is the item bootstrap of the coefficients cs of the analysis,
// on shared resamples: each resample draws the items with replacement,
// once, and re-weights the analysis's patterns of values by how often
// they were drawn (the same numbers as analysing the resampled data
// anew, at the cost of one pass over the patterns). Krippendorff's α, if
// asked for, has a faster path of its own: per-item sufficient statistics
// (number of values, mean pairwise distance) with the metric bound to the
// full data, drawn with the same options. Results are in the order of cs.
// It needs the items (an analysis made with coding.Analyze). For the
// bootstrap of Hayes & Krippendorff (2007), see KrippendorffAlpha.
func Bootstrap(ctx context.Context, a *coding.Analysis, cs []coding.Coefficient, opt Options) ([]*Result, error) {
	if a.Data() == nil {
		return nil, errors.New("the item bootstrap needs the items: analyse the data (coding.Analyze), not only their statistics")
	}
	out := make([]*Result, len(cs))
	var others []int
	for j, c := range cs {
		if c == coding.KrippendorffAlpha {
			r, err := alphaBootstrap(ctx, a, opt)
			if err != nil {
				return nil, err
			}
			out[j] = r
			continue
		}
		others = append(others, j)
	}
	if len(others) == 0 {
		return out, nil
	}
	opt, err := opt.normalized()
	if err != nil {
		return nil, err
	}
	// A resample only counts how often each item's pattern of values is
	// drawn (the draws are those of the items, in data order).
	pats := a.ItemPatterns()
	n := len(pats)
	k := len(others)
	sums, err := runVec(ctx, opt, k, func() func(uint64, *rand.Rand, []float64) error {
		counts := make([]int64, a.Stats().NumPatterns())
		return func(_ uint64, rng *rand.Rand, vals []float64) error {
			clear(counts)
			empty := int64(0)
			for range n {
				if p := pats[rng.IntN(n)]; p >= 0 {
					counts[p]++
				} else {
					empty++
				}
			}
			ra, err := a.Reweighted(counts, empty)
			if err != nil {
				return err
			}
			for x, j := range others {
				vals[x] = ra.Coefficient(cs[j]).Value
			}
			return nil
		}
	})
	if err != nil {
		return nil, err
	}
	for x, j := range others {
		out[j] = sums[x].result(a.Coefficient(cs[j]).Value, "item bootstrap, percentile")
	}
	return out, nil
}

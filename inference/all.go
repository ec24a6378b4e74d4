package inference

import (
	"context"
	"math/rand/v2"

	"agree/coding"
)

// BootstrapAll bootstraps several coefficients on the same resamples: each
// resample draws the items once and analyses them once, which is much
// cheaper than one bootstrap per coefficient. Krippendorff's α, if asked
// for, uses its fast path (Alpha) with the same options. Results are in the
// order of cs.
func BootstrapAll(ctx context.Context, a *coding.Analysis, cs []coding.Coefficient, opt Options) ([]*Result, error) {
	out := make([]*Result, len(cs))
	var others []int
	for j, c := range cs {
		if c == coding.KrippendorffAlpha {
			r, err := Alpha(ctx, a, opt)
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
	d, aopt := a.Data(), a.Options()
	n := d.NumItems()
	k := len(others)
	sums, err := runVec(ctx, opt, k, func() func(uint64, *rand.Rand, []float64) error {
		buf := make([]int, n)
		return func(_ uint64, rng *rand.Rand, vals []float64) error {
			for j := range buf {
				buf[j] = rng.IntN(n)
			}
			ra, err := coding.Analyze(d.Resample(buf), aopt)
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

package inference

import (
	"errors"
	"math/rand/v2"
)

// VecStatistic computes k statistics at once on the items with the given
// indices (which may repeat), writing them to out (NaN for an undefined
// one). It returns an error only for a failure that should stop the
// bootstrap (a cancelled context, for instance).
type VecStatistic func(items []int, out []float64) error

// ItemsVec is the item bootstrap of k statistics computed together: each
// resample draws its items once (as Items does, so the resamples are those
// of Items with the same options) and newStat's statistic evaluates all k
// on them. newStat is called once per goroutine, so a statistic may own
// scratch buffers. Results are in the order of the statistics; they do not
// depend on opt.Workers.
func ItemsVec(n, k int, newStat func() VecStatistic, opt Options) ([]*Result, error) {
	if n < 1 {
		return nil, errors.New("bootstrap needs at least one item")
	}
	if k < 1 {
		return nil, errors.New("bootstrap needs at least one statistic")
	}
	opt, err := opt.normalized()
	if err != nil {
		return nil, err
	}
	all := make([]int, n)
	for i := range all {
		all[i] = i
	}
	est := make([]float64, k)
	if err := newStat()(all, est); err != nil {
		return nil, err
	}
	samples, err := runVec(opt, k, func() func(uint64, *rand.Rand, []float64) error {
		stat := newStat()
		buf := make([]int, n)
		return func(_ uint64, rng *rand.Rand, out []float64) error {
			for j := range buf {
				buf[j] = rng.IntN(n)
			}
			return stat(buf, out)
		}
	})
	if err != nil {
		return nil, err
	}
	out := make([]*Result, k)
	for j := range out {
		s := make([]float64, opt.Resamples)
		for r := range s {
			s[r] = samples[r*k+j]
		}
		out[j] = summarize(est[j], s, opt, "item bootstrap, percentile")
	}
	return out, nil
}

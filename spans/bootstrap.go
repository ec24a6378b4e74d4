package spans

import (
	"context"
	"errors"
	"fmt"

	"agree/inference"
)

// Intervals are document-bootstrap summaries of a comparison's F1 values.
type Intervals struct {
	// Pairs holds the F1 of each pair, in the order of Result.Pairs.
	Pairs []*inference.Result
	// AverageF1, MicroF1 and MacroF1 are those of Result.
	AverageF1, MicroF1, MacroF1 *inference.Result
}

// Bootstrap resamples the documents with replacement (the unit of
// annotation, so that spans of one document stay together) and recomputes
// every pair's F1, the average F1 and the micro and macro F1 from the
// documents' counts: a resample sums the counts of its documents, as the
// full data does. The matchings are not recomputed (a document's matching
// does not depend on the others). Resample r draws from a generator seeded
// by (opt.Seed, r), so results do not depend on opt.Workers; memory holds
// the documents' counts once, a pair's and a label's sums per worker, and
// the bootstrap's summaries (not growing with the resamples). ctx stops it.
func (r *Summary) Bootstrap(ctx context.Context, opt inference.Options) (*Intervals, error) {
	if len(r.docs) < 2 {
		return nil, fmt.Errorf("the document bootstrap needs at least two documents, got %d", len(r.docs))
	}
	np := len(r.Pairs)
	k := np + 3
	nl := len(r.Labels)
	mode := r.Options.Labels
	res, err := inference.ItemsVec(ctx, len(r.docs), k, func() inference.VecStatistic {
		pc := make([]Counts, np)
		lc := make([]Counts, nl)
		return func(items []int, out []float64) error {
			clear(pc)
			clear(lc)
			for _, d := range items {
				dr := &r.docs[d]
				for p, dp := range dr.pairs {
					pc[p].Add(dp.counts(mode))
				}
				for _, l := range dr.labels {
					lc[l.label].Add(l.counts())
				}
			}
			var micro Counts
			avg := 0.0
			for p, c := range pc {
				out[p] = c.F1()
				avg += c.F1()
				micro.Add(c)
			}
			out[np] = avg / float64(np)
			out[np+1] = micro.F1()
			mac, n := 0.0, 0
			for _, c := range lc {
				if c.Reference+c.Response > 0 {
					mac += c.F1()
					n++
				}
			}
			out[np+2] = nan()
			if n > 0 {
				out[np+2] = mac / float64(n)
			}
			return nil
		}
	}, opt)
	if err != nil {
		if ctxErr := ctx.Err(); ctxErr != nil && errors.Is(err, ctxErr) {
			return nil, ctxErr
		}
		return nil, fmt.Errorf("span bootstrap: %w", err)
	}
	for _, x := range res {
		x.CI.Method = "document bootstrap, percentile"
	}
	return &Intervals{Pairs: res[:np], AverageF1: res[np], MicroF1: res[np+1], MacroF1: res[np+2]}, nil
}

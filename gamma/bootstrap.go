package gamma

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"time"

	"agree/inference"
	"agree/unitizing"
)

// ErrTimeLimit reports that Bootstrap reached its time limit before every
// resample was computed.
var ErrTimeLimit = errors.New("stopped at the time limit before every resample was computed")

// Bootstrap resamples the continua of the corpus with replacement and
// recomputes γ on each resample (alignments and random samples included),
// for a standard error and a percentile interval of γ (issue 6; the item
// bootstrap of inference.Items with the continua as items). Each
// resample seeds its random samples from its own generator, so the result
// does not depend on bo.Workers; opt.Workers and opt.Progress are ignored
// (resamples run in parallel instead). A resample on which γ is undefined
// counts as undefined. A cancelled ctx stops the bootstrap with ctx's error.
//
// The time limit (opt.TimeLimit from the call, or opt.Deadline) bounds the
// whole bootstrap: every resample shares it, and once it has passed (with
// half its grace period, see Grace) the bootstrap stops with an error
// wrapping ErrTimeLimit.
func Bootstrap(ctx context.Context, corpus unitizing.Corpus, d Dissimilarity, opt Options, bo inference.Options) (*inference.Result, error) {
	if len(corpus.Continua) < 2 {
		return nil, fmt.Errorf("the bootstrap resamples continua, and the corpus has %d; give several", len(corpus.Continua))
	}
	if opt.Samples < 0 {
		return nil, fmt.Errorf("the bootstrap needs random samples (Options.Samples ≥ 0)")
	}
	opt.Workers, opt.Progress, opt.KeepSamples = 1, nil, false
	if _, err := opt.normalize(); err != nil {
		return nil, err
	}
	bctx := ctx
	if now := time.Now(); opt.TimeLimit > 0 || !opt.Deadline.IsZero() {
		opt.Deadline = deadlineOf(now, opt.TimeLimit, opt.Deadline)
		opt.TimeLimit = 0
		var cancel context.CancelFunc
		bctx, cancel = context.WithDeadline(ctx, opt.Deadline.Add(Grace(opt.Deadline.Sub(now))/2))
		defer cancel()
	}
	stat := func() inference.Statistic {
		return func(items []int, rng *rand.Rand, out []float64) error {
			var c unitizing.Corpus
			for _, i := range items {
				c.Continua = append(c.Continua, corpus.Continua[i])
			}
			o := opt
			o.Seed = rng.Uint64()
			r, err := Compute(bctx, c, d, o)
			if err != nil {
				return err
			}
			out[0] = r.Gamma
			return nil
		}
	}
	res, err := inference.Items(bctx, len(corpus.Continua), 1, stat, bo)
	if err != nil && ctx.Err() == nil && bctx.Err() != nil {
		return nil, fmt.Errorf("γ bootstrap: %w", ErrTimeLimit)
	}
	if err != nil {
		return nil, fmt.Errorf("γ bootstrap: %w", err)
	}
	return res[0], nil
}

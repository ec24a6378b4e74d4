package spans

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"

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
	nAnn := len(r.Annotators)
	all := r.Options.Documents == AllDocuments
	den := float64(r.averaged())
	// Each document's counts pooled over the pairs compared on it (micro),
	// by label (macro), and each annotator's units in it (the reference
	// and response counts of a pair, with AllDocuments).
	type labelCounts struct {
		label int32
		Counts
	}
	docCounts := make([]Counts, len(r.docs))
	docLabels := make([][]labelCounts, len(r.docs))
	for d := range r.docs {
		t := &r.docs[d]
		ref, resp := t.pooledMarks(nAnn, all)
		for x, l := range t.labels {
			c := Counts{int(t.matched[x]), ref[x], resp[x]}
			docLabels[d] = append(docLabels[d], labelCounts{l, c})
		}
		if all {
			docCounts[d].Reference, docCounts[d].Response = sumMarks(ref), sumMarks(resp)
		}
	}
	for _, pd := range r.data {
		for _, rec := range pd.recs {
			c := rec.counts()
			if all {
				docCounts[rec.doc].Matched += c.Matched
			} else {
				docCounts[rec.doc].Add(c)
			}
		}
	}
	res, err := inference.Items(ctx, len(r.docs), k, func() inference.Statistic {
		weight := make([]int32, len(r.docs))
		var units []int // units[a]: annotator a's units in the resample (AllDocuments)
		if all {
			units = make([]int, nAnn)
		}
		lc := make([]Counts, nl)
		return func(items []int, _ *rand.Rand, out []float64) error {
			clear(lc)
			clear(units)
			var micro Counts
			for _, d := range items {
				weight[d]++
				micro.Add(docCounts[d])
				for _, l := range docLabels[d] {
					lc[l.label].Add(l.Counts)
				}
				if all {
					for _, m := range r.docs[d].marks {
						units[m.ann] += int(m.n)
					}
				}
			}
			avg := 0.0
			for p := range r.data {
				var c Counts
				for _, rec := range r.data[p].recs {
					if w := int(weight[rec.doc]); w > 0 {
						x := rec.counts()
						c.Matched += w * x.Matched
						c.Reference += w * x.Reference
						c.Response += w * x.Response
					}
				}
				if all {
					pr := r.Pairs[p].Annotators
					c.Reference, c.Response = units[pr[0]], units[pr[1]]
				}
				out[p] = c.F1()
				avg += c.F1()
			}
			for _, d := range items {
				weight[d] = 0
			}
			out[np] = avg / den
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

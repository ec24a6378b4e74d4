package coding

import "agree/distance"

// This file holds the accessors that package inference (issue 6: intervals,
// standard errors, diagnostics) needs from the engine.

// Resample returns data whose j-th item is item items[j] of d. Indices may
// repeat (a bootstrap sample); item identifiers are kept, so they may repeat
// too. The value table is shared.
func (d *Data) Resample(items []int) *Data {
	s := &Data{source: d.source, labels: d.labels, declared: d.declared, ordered: d.ordered, closed: d.closed, firstSeen: d.firstSeen, anonymous: d.anonymous,
		coders: d.coders, n: len(items), items: make([]string, len(items)), cols: make([][]int32, len(d.cols))}
	for j, i := range items {
		s.items[j] = d.items[i]
	}
	for c, col := range d.cols {
		out := make([]int32, len(items))
		for j, i := range items {
			out[j] = col[i]
		}
		s.cols[c] = out
	}
	return s
}

// Metric returns the metric the analysis bound to the data's value table —
// the chosen distance if weighted, else the nominal one — and d_max, the
// largest distance between two categories. Frequency-dependent distances
// (ordinal) are bound to the pooled marginals of the analysed data.
func (a *Analysis) Metric(weighted bool) (m distance.Metric, dmax float64) {
	k := 0
	if weighted {
		k = 1
	}
	return a.metric[k], a.dmax[k]
}

// Categories returns the value indices that count as categories (q of S,
// Gwet's AC and Brennan–Prediger): the declared ones (and any other value
// used under an open declaration), or else the values observed. Do not
// modify.
func (a *Analysis) Categories() []int { return a.cats }

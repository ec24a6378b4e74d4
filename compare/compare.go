// Package compare tests the difference of an agreement coefficient between
// two sets of annotations — two rounds, two guideline versions, two groups
// of annotators, a model and the people — by the bootstrap: paired when
// the two sets label the same items (the items are resampled once and each
// set's coefficient is computed on the same draw, Efron & Tibshirani 1993,
// §16.4), unpaired otherwise (each set's items resampled on their own). The
// interval of the difference B − A is the bootstrap's percentile interval
// and the two-sided p-value is twice the smaller share of resampled
// differences at or below 0 and at or above 0 (the percentile test; Efron & Tibshirani
// 1993, §16.4 and ch. 15), named in every result.
//
// Each statistic is the coefficient of package coding on the resampled
// items, computed as the analysis reweighted to them
// (coding.Analysis.Reweighted): O(items + patterns) per resample. Per
// category, the difference of Krippendorff's category-specific α (the
// category against all others).
package compare

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"

	"agree/coding"
	"agree/inference"
)

// Method names of the two designs.
const (
	MethodPaired   = "paired item bootstrap (the same resampled items in both sets), percentile interval, p = 2·min(share of differences ≤ 0, share ≥ 0)"
	MethodUnpaired = "unpaired bootstrap (each set's items resampled on their own), percentile interval, p = 2·min(share of differences ≤ 0, share ≥ 0)"
)

// Difference is a statistic in set A and set B, their difference B − A
// with its bootstrap interval and p-value.
type Difference struct {
	Label      string // "" overall; the category per label
	A, B, Diff float64
	SE         float64
	CI         inference.Interval
	P          float64
	Undefined  int // resamples where the difference was undefined
	Reason     string
}

// Result is the comparison of a coefficient between two analyses.
type Result struct {
	Coefficient coding.Coefficient
	Paired      bool
	// Items: the shared items (paired) or each set's items (unpaired).
	ItemsA, ItemsB int
	Method         string
	Overall        Difference
	PerCategory    []Difference
}

// Options of a comparison.
type Options struct {
	inference.Options
	// Shared pairs the items of A and B (indices into each analysis's
	// data) for a paired comparison; nil compares unpaired.
	Shared [][2]int
	// Categories also compares each category's category-specific α.
	Categories bool
}

// Coefficient compares coefficient c between a and b (analyses of data in
// memory, with the same options): on the shared items when opt.Shared is
// set (the estimates too), else on all the items of each.
func Coefficient(ctx context.Context, a, b *coding.Analysis, c coding.Coefficient, opt Options) (*Result, error) {
	if a.Data() == nil || b.Data() == nil {
		return nil, errors.New("compare: the analyses need their items")
	}
	pa, pb := a.ItemPatterns(), b.ItemPatterns()
	res := &Result{Coefficient: c, Paired: opt.Shared != nil}
	// The labels compared per category: those of both sets.
	var labels []string
	if opt.Categories {
		seen := map[string]bool{}
		for _, l := range a.Data().Labels() {
			seen[l] = true
		}
		for _, l := range b.Data().Labels() {
			if seen[l] {
				labels = append(labels, l)
			}
		}
	}
	k := 1 + len(labels)
	stats := func(an *coding.Analysis, out []float64) {
		out[0] = an.Coefficient(c).Value
		if len(labels) == 0 {
			return
		}
		byLabel := map[string]float64{}
		if cats, err := an.PerCategory(); err == nil {
			for _, s := range cats {
				byLabel[s.Label] = s.Alpha
			}
		}
		for j, l := range labels {
			v, ok := byLabel[l]
			if !ok {
				v = math.NaN()
			}
			out[1+j] = v
		}
	}
	reweight := func(an *coding.Analysis, pat []int32, items []int, w []int64) (*coding.Analysis, error) {
		clear(w)
		var empty int64
		for _, i := range items {
			if p := pat[i]; p >= 0 {
				w[p]++
			} else {
				empty++
			}
		}
		return an.Reweighted(w, empty)
	}
	var n int
	if res.Paired {
		n = len(opt.Shared)
		res.ItemsA, res.ItemsB, res.Method = n, n, MethodPaired
		if n < 2 {
			return nil, fmt.Errorf("compare: %d shared items; a paired comparison needs two or more", n)
		}
	} else {
		n = a.Data().NumItems()
		res.ItemsA, res.ItemsB, res.Method = n, b.Data().NumItems(), MethodUnpaired
		if n < 2 || res.ItemsB < 2 {
			return nil, fmt.Errorf("compare: %d and %d items; each set needs two or more", n, res.ItemsB)
		}
	}
	// Point estimates on all the items (paired: all the shared items).
	ea, eb := make([]float64, k), make([]float64, k)
	if res.Paired {
		ia, ib := make([]int, n), make([]int, n)
		for s, p := range opt.Shared {
			ia[s], ib[s] = p[0], p[1]
		}
		ra, err := reweight(a, pa, ia, make([]int64, a.Stats().NumPatterns()))
		if err != nil {
			return nil, err
		}
		rb, err := reweight(b, pb, ib, make([]int64, b.Stats().NumPatterns()))
		if err != nil {
			return nil, err
		}
		stats(ra, ea)
		stats(rb, eb)
	} else {
		stats(a, ea)
		stats(b, eb)
	}
	newStat := func() inference.Statistic {
		wa, wb := make([]int64, a.Stats().NumPatterns()), make([]int64, b.Stats().NumPatterns())
		ia, ib := make([]int, 0, n), make([]int, 0, max(n, res.ItemsB))
		va, vb := make([]float64, k), make([]float64, k)
		return func(items []int, rng *rand.Rand, out []float64) error {
			ia, ib = ia[:0], ib[:0]
			if res.Paired {
				for _, s := range items {
					ia = append(ia, opt.Shared[s][0])
					ib = append(ib, opt.Shared[s][1])
				}
			} else {
				ia = append(ia, items...)
				for range res.ItemsB {
					ib = append(ib, rng.IntN(res.ItemsB))
				}
			}
			ra, err := reweight(a, pa, ia, wa)
			if err != nil {
				return err
			}
			rb, err := reweight(b, pb, ib, wb)
			if err != nil {
				return err
			}
			stats(ra, va)
			stats(rb, vb)
			for j := range out {
				out[j] = vb[j] - va[j]
			}
			return nil
		}
	}
	bo := opt.Options
	bo.Thresholds = []float64{0, math.SmallestNonzeroFloat64} // shares < 0 and ≤ 0
	rs, err := inference.Items(ctx, n, k, newStat, bo)
	if err != nil {
		return nil, err
	}
	for j, r := range rs {
		d := Difference{A: ea[j], B: eb[j], Diff: eb[j] - ea[j], SE: r.SE, CI: r.CI, Undefined: r.Undefined, Reason: r.Reason}
		d.CI.Method = res.Method
		le, lt := r.PBelow[math.SmallestNonzeroFloat64], r.PBelow[0] // shares ≤ 0 and < 0
		d.P = math.Min(1, 2*math.Min(le, 1-lt))
		if j == 0 {
			res.Overall = d
		} else {
			d.Label = labels[j-1]
			res.PerCategory = append(res.PerCategory, d)
		}
	}
	return res, nil
}

package segmentation

import (
	"fmt"
	"math"
)

// PairMeasures are the pairwise measures of one item segmented by two
// coders, A taken as the hypothesis and B as the reference (Pk and
// WindowDiff also the other way round, "BA", as SegEval gives them).
type PairMeasures struct {
	Item, CoderA, CoderB string
	Units                int
	// B and S are the boundary and segmentation similarities and BED the
	// boundary edit distance's weight, with its edits.
	B, S, BED                                         float64
	Additions, Substitutions, Transpositions, Matches int
	Pk, PkBA, WindowDiff, WindowDiffBA                float64
	WindowSize, WindowSizeBA                          int
	GHD                                               float64
	// Precision, Recall and F are those of the boundaries (BED's confusion
	// matrix over all boundary types).
	Precision, Recall, F float64
	// Reasons says why a measure is undefined (NaN), by name: "pk",
	// "pk_ba", "window_diff", "window_diff_ba", "precision", "recall",
	// "f"; nil when all are defined.
	Reasons map[string]string
}

// CoderPairMeans are the means of a pair of coders' measures over the
// items both segmented (Pk and WindowDiff in both directions).
type CoderPairMeans struct {
	CoderA, CoderB                       string
	Items                                int
	MeanB, MeanS, MeanPk, MeanWindowDiff float64
}

// Comparison is a dataset compared pair of coders by pair of coders:
// SegEval's agreement over the dataset, the measures of every item that
// two coders both segmented, each pair's means, and the summaries over
// all of them (by name: "b", "s", "pk", "window_diff", "ghd"; Pk and
// WindowDiff in both directions).
type Comparison struct {
	Agreement  Agreement
	Pairs      []PairMeasures
	CoderPairs []CoderPairMeans
	Summaries  map[string]Summary
}

// Compare compares every pair of coders of d on the items both segmented
// (a pair with no such item is left out), with n_t aopt.NT for BED, B
// and S, the window options of Pk and WindowDiff, and the costs of GHD.
// It keeps every pair: memory grows with the items times the pairs of
// coders (CompareFunc streams them).
func Compare(d *Dataset, aopt AgreementOptions, wopt WindowOptions, costs GHDCosts) (*Comparison, error) {
	var pairs []PairMeasures
	var coderPairs []CoderPairMeans
	out, err := CompareFunc(d, aopt, wopt, costs, Visitor{
		Pair:      func(p *PairMeasures) error { pairs = append(pairs, *p); return nil },
		CoderPair: func(c *CoderPairMeans) error { coderPairs = append(coderPairs, *c); return nil },
	})
	if err != nil {
		return nil, err
	}
	out.Pairs, out.CoderPairs = pairs, coderPairs
	return out, nil
}

// Visitor receives what CompareFunc computes, as it is computed; a nil
// function is not called, and an error stops the comparison.
type Visitor struct {
	// Pair is called for every item two coders both segmented, pair of
	// coders by pair (in the order of the coders, then of the items).
	Pair func(*PairMeasures) error
	// CoderPair is called after the items of each pair of coders who
	// segmented a common item.
	CoderPair func(*CoderPairMeans) error
}

// CompareFunc is Compare streaming the pairs to v instead of keeping them
// (the Comparison it returns has no Pairs nor CoderPairs): its memory does
// not grow with the pairs of coders. The summaries are Summarizer's.
func CompareFunc(d *Dataset, aopt AgreementOptions, wopt WindowOptions, costs GHDCosts, v Visitor) (*Comparison, error) {
	if err := d.Validate(); err != nil {
		return nil, err
	}
	ag, err := DatasetAgreement(d, aopt)
	if err != nil {
		return nil, err
	}
	out := &Comparison{Agreement: ag}
	var bs, ss, pks, wds, ghds Summarizer // over every pair
	add := func(pair, all *Summarizer, xs ...float64) {
		for _, x := range xs {
			pair.Add(x)
			all.Add(x)
		}
	}
	cs := d.Coders()
	items := d.Items()
	for m := range cs {
		for n := m + 1; n < len(cs); n++ {
			var pb, ps, ppk, pwd Summarizer
			for _, item := range items {
				a, okA := d.Get(item, cs[m])
				b, okB := d.Get(item, cs[n])
				if !okA || !okB {
					continue // compared on the items both segmented
				}
				p, err := comparePair(a, b, aopt.NT, wopt, costs)
				if err != nil {
					return nil, fmt.Errorf("item %q, coders %q and %q: %w", item, cs[m], cs[n], err)
				}
				p.Item, p.CoderA, p.CoderB = item, cs[m], cs[n]
				add(&pb, &bs, p.B)
				add(&ps, &ss, p.S)
				add(&ppk, &pks, p.Pk, p.PkBA)
				add(&pwd, &wds, p.WindowDiff, p.WindowDiffBA)
				ghds.Add(p.GHD)
				if v.Pair != nil {
					if err := v.Pair(&p); err != nil {
						return nil, err
					}
				}
			}
			nb := pb.n + pb.undefined
			if nb == 0 {
				continue // no item in common
			}
			if v.CoderPair != nil {
				c := CoderPairMeans{CoderA: cs[m], CoderB: cs[n], Items: nb,
					MeanB: pb.Summary().Mean, MeanS: ps.Summary().Mean, MeanPk: ppk.Summary().Mean, MeanWindowDiff: pwd.Summary().Mean}
				if err := v.CoderPair(&c); err != nil {
					return nil, err
				}
			}
		}
	}
	out.Summaries = map[string]Summary{"b": bs.Summary(), "s": ss.Summary(), "pk": pks.Summary(), "window_diff": wds.Summary(), "ghd": ghds.Summary()}
	return out, nil
}

// comparePair computes the pairwise measures of a (hypothesis) against b
// (reference), and the window metrics in both directions as SegEval does.
func comparePair(a, b Segmentation, nt int, wopt WindowOptions, costs GHDCosts) (PairMeasures, error) {
	var p PairMeasures
	p.Units = a.Units()
	reasons := map[string]string{}
	e, err := BoundaryEdits(a, b, nt)
	if err != nil {
		return p, err
	}
	p.B, p.S, p.BED = e.B(), e.S(), e.Weight()
	p.Additions, p.Substitutions, p.Transpositions, p.Matches = len(e.Additions), len(e.Substitutions), len(e.Transpositions), e.Matches
	window := func(h, r Segmentation, key string) (pk, wd float64, k int, err error) {
		w1, err := Pk(h, r, wopt.K)
		if err != nil {
			return 0, 0, 0, err
		}
		w2, err := WindowDiff(h, r, wopt)
		if err != nil {
			return 0, 0, 0, err
		}
		if w1.Reason != "" {
			reasons["pk"+key] = w1.Reason
		}
		if w2.Reason != "" {
			reasons["window_diff"+key] = w2.Reason
		}
		return w1.Value, w2.Value, w1.K, nil
	}
	if p.Pk, p.WindowDiff, p.WindowSize, err = window(a, b, ""); err != nil {
		return p, err
	}
	if p.PkBA, p.WindowDiffBA, p.WindowSizeBA, err = window(b, a, "_ba"); err != nil {
		return p, err
	}
	if p.GHD, err = GHD(a, b, costs); err != nil {
		return p, err
	}
	cm := e.Confusion()
	p.Precision = cm.Precision(AllTypes)
	p.Recall = cm.Recall(AllTypes)
	p.F = cm.F(AllTypes, 1)
	if math.IsNaN(p.Precision) {
		reasons["precision"] = "coder_a places no boundary"
	}
	if math.IsNaN(p.Recall) {
		reasons["recall"] = "coder_b places no boundary"
	}
	if math.IsNaN(p.F) {
		reasons["f"] = "neither coder places a boundary"
	}
	if len(reasons) > 0 {
		p.Reasons = reasons
	}
	return p, nil
}

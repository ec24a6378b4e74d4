package segmentation

import (
	"errors"
	"fmt"
	"math"

	"agree/internal/plural"
)

// Dataset holds the segmentations of several items (documents) by several
// coders, SegEval's {item: {coder: segmentation}}. Items and coders keep the
// order in which they were first added. The zero value is an empty dataset
// ready to use.
type Dataset struct {
	items, coders     []string
	itemIdx, coderIdx map[string]int
	segs              map[[2]int]Segmentation
}

// Add records coder's segmentation of item. It fails on a zero Segmentation
// or when the pair already has one.
func (d *Dataset) Add(item, coder string, s Segmentation) error {
	if s.n == 0 {
		return fmt.Errorf("item %q, coder %q: %w", item, coder, errZero)
	}
	if d.segs == nil {
		d.itemIdx, d.coderIdx = map[string]int{}, map[string]int{}
		d.segs = map[[2]int]Segmentation{}
	}
	i, ok := d.itemIdx[item]
	if !ok {
		i = len(d.items)
		d.itemIdx[item] = i
		d.items = append(d.items, item)
	}
	c, ok := d.coderIdx[coder]
	if !ok {
		c = len(d.coders)
		d.coderIdx[coder] = c
		d.coders = append(d.coders, coder)
	}
	if _, dup := d.segs[[2]int{i, c}]; dup {
		return fmt.Errorf("item %q, coder %q: segmentation given twice", item, coder)
	}
	d.segs[[2]int{i, c}] = s
	return nil
}

// Items returns the item names in order of first appearance.
func (d *Dataset) Items() []string { return append([]string(nil), d.items...) }

// Coders returns the coder names in order of first appearance.
func (d *Dataset) Coders() []string { return append([]string(nil), d.coders...) }

// Get returns coder's segmentation of item.
func (d *Dataset) Get(item, coder string) (Segmentation, bool) {
	i, ok1 := d.itemIdx[item]
	c, ok2 := d.coderIdx[coder]
	if !ok1 || !ok2 {
		return Segmentation{}, false
	}
	s, ok := d.segs[[2]int{i, c}]
	return s, ok
}

// Validate checks that the dataset has at least one item and two coders,
// that some item was segmented by two of them, and that the segmentations
// of an item all have the same number of units. Coders need not segment
// every item (SegEval requires it): each pair is compared on the items both
// segmented (see DatasetAgreement), and an item fewer than two coders
// segmented has nothing to compare (Single lists them).
func (d *Dataset) Validate() error {
	if len(d.items) == 0 {
		return errors.New("segmentation: empty dataset (no item)")
	}
	if len(d.coders) < 2 {
		return fmt.Errorf("segmentation: %s; agreement needs at least two", plural.Count(len(d.coders), "coder"))
	}
	for i, item := range d.items {
		first := -1
		for c, coder := range d.coders {
			s, ok := d.segs[[2]int{i, c}]
			if !ok {
				continue
			}
			if first < 0 {
				first = c
			} else if f := d.segs[[2]int{i, first}]; s.n != f.n {
				return fmt.Errorf("segmentation: item %q: coder %q has %d units but coder %q has %d (segmentations of an item must have equal total mass)", item, coder, s.n, d.coders[first], f.n)
			}
		}
	}
	if len(d.Single()) == len(d.items) {
		return fmt.Errorf("segmentation: no item was segmented by two coders (%s, each by one): nothing to compare", plural.Count(len(d.items), "item"))
	}
	return nil
}

// Segmented reports whether coder segmented item.
func (d *Dataset) Segmented(item, coder string) bool {
	_, ok := d.Get(item, coder)
	return ok
}

// Complete reports whether every coder segmented every item.
func (d *Dataset) Complete() bool { return len(d.segs) == len(d.items)*len(d.coders) }

// Single returns the items fewer than two coders segmented, in item order.
func (d *Dataset) Single() []string {
	var out []string
	for i, item := range d.items {
		n := 0
		for c := range d.coders {
			if _, ok := d.segs[[2]int{i, c}]; ok {
				n++
			}
		}
		if n < 2 {
			out = append(out, item)
		}
	}
	return out
}

// Similarity selects the pairwise similarity pooled into actual agreement.
type Similarity int

const (
	// SimilarityB is boundary similarity B, SegEval 2.0.11's default
	// fnc_compare (its docstring says S; the code uses B; sheet §5).
	SimilarityB Similarity = iota
	// SimilarityS is segmentation similarity S (Fournier & Inkpen 2012).
	SimilarityS
)

func (s Similarity) String() string {
	if s == SimilarityS {
		return "s"
	}
	return "b"
}

// AgreementOptions configures DatasetAgreement.
type AgreementOptions struct {
	// NT is the maximum transposition span (0: DefaultNT).
	NT int
	// Similarity is the pairwise similarity (default SimilarityB).
	Similarity Similarity
}

// Agreement is SegEval-style inter-coder agreement over a dataset.
type Agreement struct {
	// Actual is A_a, the pooled similarity.
	Actual float64
	// ExpectedPi and ExpectedKappa are the chance agreements A_e of π and κ.
	ExpectedPi, ExpectedKappa float64
	// Pi is Fleiss' π (Scott's π for two coders), Kappa Fleiss' κ (Cohen's κ
	// for two coders), Bias Artstein & Poesio's bias A_e(π) − A_e(κ).
	Pi, Kappa, Bias float64
	// Items, Coders and Pairs count what was compared: the items two or
	// more coders segmented, the coders, the pairs of coders who segmented
	// a common item (every pair in a complete design).
	Items, Coders, Pairs int
	// Reason says why a value is NaN; empty when all are defined.
	Reason string
}

// DatasetAgreement computes SegEval 2.0.11's inter-coder agreement
// (Fournier & Inkpen 2012; Fournier 2013, §5; sheet §5):
//
//   - A_a = Σ_pairs Σ_items num / Σ_pairs Σ_items den, pooling the numerator
//     and denominator of B (or S) over every coder pair and item (not a mean
//     of B values). If every denominator is 0 (no boundary anywhere) A_a = 1,
//     as B is 1 there.
//   - π: P_seg is the mean over (pair, item, coder of the pair) of
//     boundaries / PB, PB = (N−1)·|types of the pair|; A_e = P_seg²;
//     π = (A_a − A_e)/(1 − A_e).
//   - κ: for each pair (m, n), (Σ_items b_m / Σ PB)·(Σ_items b_n / Σ PB);
//     A_e is their mean over pairs; κ = (A_a − A_e)/(1 − A_e).
//   - bias = A_e(π) − A_e(κ).
//
// A_e counts only "both place a boundary" — SegEval's adaptation, not the
// textbook Fleiss π over PB slots. When neither coder of a pair has a
// boundary on an item (SegEval crashes there), PB uses one type; an item of a
// single unit has PB = 0 and is left out of A_e.
//
// In an incomplete design (not every coder segmented every item, which
// SegEval refuses), every sum runs over the items both coders of a pair
// segmented, and the mean of κ's per-pair products over the pairs who
// segmented a common item: on a complete design these are SegEval's
// figures.
//
// Cost: one BED per coder pair and item both segmented.
func DatasetAgreement(d *Dataset, opt AgreementOptions) (Agreement, error) {
	if err := d.Validate(); err != nil {
		return Agreement{}, err
	}
	nc := len(d.coders)
	ag := Agreement{Items: len(d.items) - len(d.Single()), Coders: nc}
	var num, den float64 // pooled similarity
	var psegSum float64  // Σ boundaries/PB
	psegN := 0
	var kappaSum float64
	for m := 0; m < nc; m++ {
		for n := m + 1; n < nc; n++ {
			var bm, bn, pb float64
			shared := false
			for i, item := range d.items {
				sm, okm := d.segs[[2]int{i, m}]
				sn, okn := d.segs[[2]int{i, n}]
				if !okm || !okn {
					continue
				}
				shared = true
				e, err := BoundaryEdits(sm, sn, opt.NT)
				if err != nil {
					return Agreement{}, fmt.Errorf("item %q, coders %q and %q: %w", item, d.coders[m], d.coders[n], err)
				}
				var a, b float64
				if opt.Similarity == SimilarityS {
					a, b = e.SParts()
				} else {
					a, b = e.BParts()
				}
				num += a
				den += b
				p := float64(sm.n-1) * float64(max(1, e.Types()))
				if p == 0 {
					continue
				}
				cm, cn := float64(sm.Boundaries()), float64(sn.Boundaries())
				psegSum += cm/p + cn/p
				psegN += 2
				bm += cm
				bn += cn
				pb += p
			}
			if !shared {
				continue
			}
			ag.Pairs++
			if pb > 0 {
				kappaSum += (bm / pb) * (bn / pb)
			}
		}
	}
	if den == 0 {
		ag.Actual = 1
	} else {
		ag.Actual = num / den
	}
	if psegN == 0 {
		nan := math.NaN()
		ag.ExpectedPi, ag.ExpectedKappa, ag.Pi, ag.Kappa, ag.Bias = nan, nan, nan, nan, nan
		ag.Reason = "every item has a single unit: no potential boundary, so chance agreement is undefined"
		return ag, nil
	}
	pseg := psegSum / float64(psegN)
	ag.ExpectedPi = pseg * pseg
	ag.ExpectedKappa = kappaSum / float64(ag.Pairs)
	ag.Bias = ag.ExpectedPi - ag.ExpectedKappa
	ag.Pi = chanceCorrected(ag.Actual, ag.ExpectedPi)
	ag.Kappa = chanceCorrected(ag.Actual, ag.ExpectedKappa)
	if math.IsNaN(ag.Pi) || math.IsNaN(ag.Kappa) {
		ag.Reason = "expected agreement is 1 (every coder places a boundary at every potential boundary), so 1 − A_e = 0"
	}
	return ag, nil
}

func chanceCorrected(a, e float64) float64 {
	if e == 1 {
		return math.NaN()
	}
	return (a - e) / (1 - e)
}

// Summary describes a sample of per-pair values the way SegEval's summaries
// do (segeval/util/math.py; sheet §8.2): mean and population standard
// deviation, variance and standard error std/√n.
type Summary struct {
	Mean, Std, Var, StdErr float64
	// N counts the defined values; Undefined the NaN values left out.
	N, Undefined int
}

// Summarize summarizes xs, leaving NaN values out. With no defined value,
// every figure is NaN.
func Summarize(xs []float64) Summary {
	var s Summarizer
	for _, x := range xs {
		s.Add(x)
	}
	return s.Summary()
}

// Summarizer summarizes values given one at a time, in constant memory:
// the mean is the sum over the count, the variance Welford's running sum
// of squared deviations over the count (Welford 1962), equal to the
// two-pass Σ(x − mean)²/n to rounding (1e-12 relative on values in [0, 1],
// which the measures are). The zero value is empty, ready to use.
type Summarizer struct {
	n, undefined        int
	sum, running, sqSum float64
}

// Add adds x (NaN is counted as undefined).
func (s *Summarizer) Add(x float64) {
	if math.IsNaN(x) {
		s.undefined++
		return
	}
	s.n++
	s.sum += x
	d := x - s.running
	s.running += d / float64(s.n)
	s.sqSum += d * (x - s.running)
}

// Summary returns the summary of the values added so far.
func (s *Summarizer) Summary() Summary {
	out := Summary{N: s.n, Undefined: s.undefined}
	if s.n == 0 {
		nan := math.NaN()
		out.Mean, out.Std, out.Var, out.StdErr = nan, nan, nan, nan
		return out
	}
	out.Mean = s.sum / float64(s.n)
	out.Var = max(s.sqSum, 0) / float64(s.n)
	out.Std = math.Sqrt(out.Var)
	out.StdErr = out.Std / math.Sqrt(float64(s.n))
	return out
}

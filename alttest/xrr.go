package alttest

import (
	"context"
	"errors"
	"fmt"
	"math"

	"agree/coding"
)

// XRR is the cross-replication reliability of two pools of annotators.
type XRR struct {
	// Kappa is κ_x = 1 − d_o/d_e; Normalized is κ_x/√(α_X·α_Y), undefined
	// (NaN) unless both pools' α are positive.
	Kappa, Normalized  float64
	Observed, Expected float64 // d_o, d_e
	AlphaX, AlphaY     float64 // each pool's own Krippendorff α (NaN when undefined)
	Items              int     // items rated by both pools
	Reason             string  // why a value is NaN
}

// MethodXRR names the cross-replication reliability.
const MethodXRR = "cross-replication reliability κ_x = 1 − d_o/d_e and its normalised form κ_x/√(α_X·α_Y) (Wong, Paritosh & Aroyo 2021)"

// CrossReplication is the cross-replication reliability of the coders x
// and y (indices into d's coders; disjoint) under the distance of opt
// (nominal when nil): d_o = mean over the items both pools rated of the
// mean distance of an X value and a Y value of the item, d_e = the mean
// distance of an X value and a Y value of those items over all pairs.
func CrossReplication(ctx context.Context, d *coding.Data, x, y []int, opt coding.Options) (*XRR, error) {
	if len(x) == 0 || len(y) == 0 {
		return nil, errors.New("alttest: each pool needs at least one annotator")
	}
	in := map[int]bool{}
	for _, c := range x {
		in[c] = true
	}
	for _, c := range y {
		if in[c] {
			return nil, fmt.Errorf("alttest: annotator %q is in both pools", d.Coders()[c])
		}
	}
	all, err := coding.Analyze(d, opt)
	if err != nil {
		return nil, err
	}
	m, _ := all.Metric(true)
	dist := func(a, b int) float64 {
		if a == b {
			return 0
		}
		return m.Distance(a, b)
	}
	k := len(d.Labels())
	nx, ny := make([]float64, k), make([]float64, k)
	res := &XRR{}
	do := 0.0
	var xs, ys []int
	for i := range d.NumItems() {
		if i%4096 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		xs, ys = xs[:0], ys[:0]
		for _, c := range x {
			if v := d.Value(i, c); v != coding.Missing {
				xs = append(xs, v)
			}
		}
		for _, c := range y {
			if v := d.Value(i, c); v != coding.Missing {
				ys = append(ys, v)
			}
		}
		if len(xs) == 0 || len(ys) == 0 {
			continue
		}
		s := 0.0
		for _, a := range xs {
			for _, b := range ys {
				s += dist(a, b)
			}
		}
		do += s / float64(len(xs)*len(ys))
		for _, a := range xs {
			nx[a]++
		}
		for _, b := range ys {
			ny[b]++
		}
		res.Items++
	}
	if res.Items == 0 {
		return nil, errors.New("alttest: no item is rated by both pools")
	}
	res.Observed = do / float64(res.Items)
	var r, s, de float64
	for a := range k {
		r += nx[a]
		s += ny[a]
	}
	for a := range k {
		if nx[a] == 0 {
			continue
		}
		for b := range k {
			if ny[b] != 0 {
				de += nx[a] * ny[b] * dist(a, b)
			}
		}
	}
	res.Expected = de / (r * s)
	res.Kappa, res.Normalized = math.NaN(), math.NaN()
	if res.Expected == 0 {
		res.Reason = "the pools used one value between them: no expected disagreement"
	} else {
		res.Kappa = 1 - res.Observed/res.Expected
	}
	res.AlphaX, res.AlphaY = poolAlpha(d, x, opt), poolAlpha(d, y, opt)
	switch {
	case math.IsNaN(res.Kappa):
	case !(res.AlphaX > 0 && res.AlphaY > 0):
		res.Reason = "a pool's own α is undefined or not positive (a pool of one annotator has none): no normalised κ_x"
	default:
		res.Normalized = res.Kappa / math.Sqrt(res.AlphaX*res.AlphaY)
	}
	return res, nil
}

// poolAlpha is Krippendorff's α among the coders cs (NaN when undefined).
func poolAlpha(d *coding.Data, cs []int, opt coding.Options) float64 {
	if len(cs) < 2 {
		return math.NaN()
	}
	a, err := coding.Analyze(d.Subset(cs, nil), opt)
	if err != nil {
		return math.NaN()
	}
	r := a.Coefficient(coding.KrippendorffAlpha)
	if !r.Defined() {
		return math.NaN()
	}
	return r.Value
}

// Stability is the run-to-run stability of a model given several runs
// (coders runs of d): Krippendorff's α among the runs, with the reason
// when it is undefined.
func Stability(d *coding.Data, runs []int, opt coding.Options) (float64, string) {
	if len(runs) < 2 {
		return math.NaN(), "one run: no stability"
	}
	a, err := coding.Analyze(d.Subset(runs, nil), opt)
	if err != nil {
		return math.NaN(), err.Error()
	}
	r := a.Coefficient(coding.KrippendorffAlpha)
	if !r.Defined() {
		return math.NaN(), r.Reason
	}
	return r.Value, ""
}

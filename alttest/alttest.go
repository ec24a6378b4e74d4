package alttest

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"

	"agree/inference"
)

// Input is what the test needs: the human annotators, the items, who
// annotated what, and the alignment score.
type Input struct {
	Humans []string
	Items  int
	// Annotated reports whether human h annotated item i (the model
	// annotated every item it is tested on; see Model).
	Annotated func(i, h int) bool
	// Model reports whether the model annotated item i (nil: all).
	Model func(i int) bool
	// Score is the alignment of the annotation of item i by who (a human's
	// index, or Candidate for the model) with those of the humans others;
	// higher is better. It is called with len(others) ≥ 1.
	Score func(i, who int, others []int) float64
	// Err, when not nil, reports a failure of Score (a matcher's error)
	// after the test.
	Err func() error
}

// Candidate is the index that stands for the model in Input.Score.
const Candidate = -1

// Options of the test.
type Options struct {
	// Epsilon is the cost-benefit margin ε (0.2 when 0; set NoEpsilon for 0).
	Epsilon float64
	// Q is the false discovery rate of the Benjamini–Yekutieli procedure
	// (0.05 when 0).
	Q float64
	// MinItems is the fewest items a human must share with the model and
	// another human to be tested (30 when 0, the authors' threshold for the
	// t-test; fewer are skipped and named in Result.Skipped).
	MinItems int
	// Wilcoxon replaces the t-test by the one-sided Wilcoxon signed-rank
	// test of the differences against ε (normal approximation with the
	// tie and continuity corrections, as R's wilcox.test(exact = FALSE)):
	// the authors' advice for fewer than 30 items.
	Wilcoxon bool
}

// NoEpsilon asks for ε = 0.
const NoEpsilon = -1.0

// Method names the procedure.
const (
	Method         = "alternative annotator test (Calderon, Reichart & Dror 2025): leave-one-annotator-out indicators, one-sided paired t-test of H0: ρ_h − ρ_f ≥ ε, Benjamini–Yekutieli at q"
	MethodWilcoxon = "alternative annotator test (Calderon, Reichart & Dror 2025): leave-one-annotator-out indicators, one-sided Wilcoxon signed-rank test of the differences against ε (normal approximation, tie and continuity corrections), Benjamini–Yekutieli at q"
)

// Annotator is the test of one human annotator left out.
type Annotator struct {
	Name  string
	Items int
	// RhoModel and RhoHuman are the advantage probabilities ρ^f_j and ρ^h_j;
	// MeanModel and MeanHuman the mean alignment scores.
	RhoModel, RhoHuman   float64
	MeanModel, MeanHuman float64
	T, P                 float64
	Rejected             bool // the model wins against this annotator
}

// Result is the test's outcome.
type Result struct {
	Epsilon, Q  float64
	Annotators  []Annotator
	Skipped     []string // annotators with fewer than MinItems items
	WinningRate float64  // ω
	Rho         float64  // mean ρ^f_j over the tested annotators
	Passed      bool     // ω ≥ 0.5
	Method      string
}

// Test runs the alternative annotator test.
func Test(ctx context.Context, in Input, opt Options) (*Result, error) {
	eps := opt.Epsilon
	switch {
	case eps == 0:
		eps = 0.2
	case eps == NoEpsilon:
		eps = 0
	case math.IsNaN(eps) || eps < 0 || eps > 1:
		return nil, fmt.Errorf("alttest: ε = %v: want 0 ≤ ε ≤ 1", opt.Epsilon)
	}
	q := opt.Q
	if q == 0 {
		q = 0.05
	}
	if !(q > 0 && q < 1) {
		return nil, fmt.Errorf("alttest: q = %v: want 0 < q < 1", opt.Q)
	}
	minItems := opt.MinItems
	if minItems == 0 {
		minItems = 30
	}
	if len(in.Humans) < 2 {
		return nil, fmt.Errorf("alttest: %d human annotators: the test needs at least 2", len(in.Humans))
	}
	if in.Score == nil || in.Annotated == nil {
		return nil, errors.New("alttest: Input.Score and Input.Annotated are required")
	}
	res := &Result{Epsilon: eps, Q: q, Method: Method}
	if opt.Wilcoxon {
		res.Method = MethodWilcoxon
	}
	others := make([]int, 0, len(in.Humans))
	var ps []float64
	for j, name := range in.Humans {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		var d []float64
		a := Annotator{Name: name}
		for i := range in.Items {
			if !in.Annotated(i, j) || (in.Model != nil && !in.Model(i)) {
				continue
			}
			others = others[:0]
			for h := range in.Humans {
				if h != j && in.Annotated(i, h) {
					others = append(others, h)
				}
			}
			if len(others) == 0 {
				continue
			}
			sf, sh := in.Score(i, Candidate, others), in.Score(i, j, others)
			if math.IsNaN(sf) || math.IsNaN(sh) {
				return nil, fmt.Errorf("alttest: the alignment score of item %d is undefined", i)
			}
			wf, wh := 0.0, 0.0
			if sf >= sh {
				wf = 1
			}
			if sh >= sf {
				wh = 1
			}
			a.RhoModel += wf
			a.RhoHuman += wh
			a.MeanModel += sf
			a.MeanHuman += sh
			d = append(d, wh-wf)
		}
		a.Items = len(d)
		if a.Items < max(minItems, 2) {
			res.Skipped = append(res.Skipped, name)
			continue
		}
		n := float64(a.Items)
		a.RhoModel /= n
		a.RhoHuman /= n
		a.MeanModel /= n
		a.MeanHuman /= n
		if opt.Wilcoxon {
			a.T, a.P = wilcoxonLess(d, eps)
		} else {
			a.T, a.P = tLess(d, eps)
		}
		res.Annotators = append(res.Annotators, a)
		ps = append(ps, a.P)
	}
	if in.Err != nil {
		if err := in.Err(); err != nil {
			return nil, err
		}
	}
	if len(res.Annotators) == 0 {
		return nil, fmt.Errorf("alttest: no annotator shares %d items with the model and another annotator (Options.MinItems)", minItems)
	}
	for _, k := range BenjaminiYekutieli(ps, q) {
		res.Annotators[k].Rejected = true
	}
	won := 0
	for _, a := range res.Annotators {
		if a.Rejected {
			won++
		}
		res.Rho += a.RhoModel
	}
	res.WinningRate = float64(won) / float64(len(res.Annotators))
	res.Rho /= float64(len(res.Annotators))
	res.Passed = res.WinningRate >= 0.5
	return res, nil
}

// tLess is the one-sample t-test of H0: mean(d) ≥ mu against mean < mu:
// t = (mean − mu)/(s/√n) and p = P(T_{n−1} ≤ t). With no spread (s = 0)
// the statistic is ∓∞ and p is 0 when the mean is below mu, 1 otherwise.
func tLess(d []float64, mu float64) (t, p float64) {
	n := float64(len(d))
	mean := 0.0
	for _, x := range d {
		mean += x
	}
	mean /= n
	ss := 0.0
	for _, x := range d {
		ss += (x - mean) * (x - mean)
	}
	s := math.Sqrt(ss / (n - 1))
	if s == 0 {
		if mean < mu {
			return math.Inf(-1), 0
		}
		return math.Inf(1), 1
	}
	t = (mean - mu) / (s / math.Sqrt(n))
	two := inference.StudentTwoSided(t, n-1)
	if t < 0 {
		return t, two / 2
	}
	return t, 1 - two/2
}

// BenjaminiYekutieli returns the indices of the hypotheses rejected at
// false discovery rate q by the Benjamini–Yekutieli step-up procedure:
// sort the m p-values, find the largest k with p_(k) ≤ k·q/(m·H_m), H_m =
// Σ_{i≤m} 1/i, and reject the k smallest.
func BenjaminiYekutieli(p []float64, q float64) []int {
	m := len(p)
	idx := make([]int, m)
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int {
		switch {
		case p[a] < p[b]:
			return -1
		case p[a] > p[b]:
			return 1
		}
		return 0
	})
	h := 0.0
	for i := 1; i <= m; i++ {
		h += 1 / float64(i)
	}
	k := -1
	for r, i := range idx {
		if p[i] <= float64(r+1)/float64(m)*q/h {
			k = r
		}
	}
	out := slices.Clone(idx[:k+1])
	slices.Sort(out)
	return out
}

// Accuracy is the labels' alignment score: the share of others who gave
// the same label as who (the authors' "accuracy").
func Accuracy(value func(i, who int) int) func(i, who int, others []int) float64 {
	return func(i, who int, others []int) float64 {
		v, same := value(i, who), 0
		for _, o := range others {
			if value(i, o) == v {
				same++
			}
		}
		return float64(same) / float64(len(others))
	}
}

// NegRMSE is the numbers' alignment score: minus the root mean squared
// difference between who's number and the others' (the authors'
// "neg_rmse").
func NegRMSE(value func(i, who int) float64) func(i, who int, others []int) float64 {
	return func(i, who int, others []int) float64 {
		v, ss := value(i, who), 0.0
		for _, o := range others {
			d := v - value(i, o)
			ss += d * d
		}
		return -math.Sqrt(ss / float64(len(others)))
	}
}

// MeanPairwise is a structured annotation's alignment score: the mean of
// sim(who, o) over the others o (for example the F1 of who's spans on the
// item against o's).
func MeanPairwise(sim func(i, a, b int) float64) func(i, who int, others []int) float64 {
	return func(i, who int, others []int) float64 {
		s := 0.0
		for _, o := range others {
			s += sim(i, who, o)
		}
		return s / float64(len(others))
	}
}

// wilcoxonLess is the one-sample Wilcoxon signed-rank test of H0: the
// differences d − mu are centred at or above 0, against below: the
// non-zero differences ranked by absolute value (ties get their mean
// rank), V the sum of the ranks of the positive ones, and p = Φ((V −
// n(n+1)/4 + 1/2)/σ) with σ² = n(n+1)(2n+1)/24 − Σ(t³ − t)/48 over the
// groups of tied absolute values (R's wilcox.test with exact = FALSE,
// correct = TRUE). With no non-zero difference p is 1.
func wilcoxonLess(d []float64, mu float64) (v, p float64) {
	x := make([]float64, 0, len(d))
	for _, y := range d {
		if z := y - mu; math.Abs(z) > 1e-12 {
			x = append(x, z)
		}
	}
	n := len(x)
	if n == 0 {
		return 0, 1
	}
	idx := make([]int, n)
	for i := range idx {
		idx[i] = i
	}
	slices.SortFunc(idx, func(a, b int) int {
		switch aa, bb := math.Abs(x[a]), math.Abs(x[b]); {
		case aa < bb:
			return -1
		case aa > bb:
			return 1
		}
		return 0
	})
	ties := 0.0
	for i := 0; i < n; {
		j := i + 1
		for j < n && math.Abs(math.Abs(x[idx[j]])-math.Abs(x[idx[i]])) <= 1e-12 {
			j++
		}
		rank := float64(i+j+1) / 2 // the mean of ranks i+1 … j
		for k := i; k < j; k++ {
			if x[idx[k]] > 0 {
				v += rank
			}
		}
		t := float64(j - i)
		ties += t*t*t - t
		i = j
	}
	nf := float64(n)
	sigma := math.Sqrt(nf*(nf+1)*(2*nf+1)/24 - ties/48)
	if sigma == 0 {
		return v, 1
	}
	z := (v - nf*(nf+1)/4 + 0.5) / sigma
	return v, math.Erfc(-z/math.Sqrt2) / 2
}

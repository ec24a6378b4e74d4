package ratings

import (
	"context"
	"fmt"
	"math"
	"runtime"
	"sync"
)

// PairAssociation is the association of raters A and B (indices, A < B).
type PairAssociation struct {
	A, B int
	Association
}

// RaterAssociation is the association of a rater with the mean of the
// other raters' ratings.
type RaterAssociation struct {
	Rater int
	Association
}

// Correlations holds the coefficients of every pair of raters and of each
// rater against the mean of the others.
type Correlations struct {
	Pairs    []PairAssociation  // in the order (0,1), (0,2), …, (1,2), …
	VsOthers []RaterAssociation // in rater order; empty with two raters
}

// Correlate computes Associate for every pair of raters of m and, with
// three or more raters, for each rater against the mean of the others (on
// the items the rater and at least one other rated). Work is shared by
// workers goroutines (0: GOMAXPROCS); results do not depend on it.
func Correlate(ctx context.Context, m *Matrix, level float64, workers int) (Correlations, error) {
	k := len(m.raters)
	codes := make([]coded, k)
	var res Correlations
	type job struct {
		a, b int // a pair, or b < 0: rater a against the others
	}
	var jobs []job
	for a := range k {
		for b := a + 1; b < k; b++ {
			jobs = append(jobs, job{a, b})
		}
	}
	if k >= 3 {
		for a := range k {
			jobs = append(jobs, job{a, -1})
		}
	}
	res.Pairs = make([]PairAssociation, 0, k*(k-1)/2)
	out := make([]Association, len(jobs))
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	run := func(next func() int) error {
		var wg sync.WaitGroup
		errs := make([]error, workers)
		for w := range workers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for j := next(); j >= 0; j = next() {
					if err := ctx.Err(); err != nil {
						errs[w] = err
						return
					}
					jb := jobs[j]
					if jb.b >= 0 {
						out[j] = associate(m.cols[jb.a], m.cols[jb.b], codes[jb.a], codes[jb.b], level)
					} else {
						others, order := m.meanOfOthers(jb.a)
						out[j] = associate(m.cols[jb.a], others, codes[jb.a], encode(order), level)
					}
				}
			}()
		}
		wg.Wait()
		for _, err := range errs {
			if err != nil {
				return err
			}
		}
		return nil
	}
	var mu sync.Mutex
	counter := func(n int) func() int {
		i := 0
		return func() int {
			mu.Lock()
			defer mu.Unlock()
			if i >= n {
				return -1
			}
			i++
			return i - 1
		}
	}
	// The columns' codes first (each once), then the pairs.
	nextCol := counter(k)
	var wg sync.WaitGroup
	for range min(workers, k) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for c := nextCol(); c >= 0; c = nextCol() {
				codes[c] = m.code(c)
			}
		}()
	}
	wg.Wait()
	if err := run(counter(len(jobs))); err != nil {
		return res, err
	}
	for j, jb := range jobs {
		if jb.b >= 0 {
			res.Pairs = append(res.Pairs, PairAssociation{A: jb.a, B: jb.b, Association: out[j]})
		} else {
			res.VsOthers = append(res.VsOthers, RaterAssociation{Rater: jb.a, Association: out[j]})
		}
	}
	return res, nil
}

// meanOfOthers returns, for each item rater r rated, the mean of the other
// raters' ratings of it (NaN where r or every other rater did not rate),
// and a column in the same order as the means for the ranks: their sums
// when every item has the same number of other ratings (whole numbers for
// whole-number ratings, which encode codes without sorting), else the means.
func (m *Matrix) meanOfOthers(r int) (mean, order []float64) {
	n := m.Items()
	out := make([]float64, n)
	cnt := make([]int32, n)
	for c, col := range m.cols {
		if c == r {
			continue
		}
		for i, x := range col {
			if !math.IsNaN(x) {
				out[i] += x
				cnt[i]++
			}
		}
	}
	own := m.cols[r]
	sums := make([]float64, n)
	same, first := true, int32(-1)
	for i := range out {
		switch {
		case cnt[i] == 0 || math.IsNaN(own[i]):
			out[i] = math.NaN()
		case first < 0:
			first = cnt[i]
		case cnt[i] != first:
			same = false
		}
		sums[i] = out[i]
		out[i] /= float64(cnt[i])
	}
	if !same {
		return out, out
	}
	return out, sums
}

// KendallW is Kendall's coefficient of concordance of the raters' rankings
// of the items.
type KendallW struct {
	// W is corrected for ties (Kendall 1970, eq. 6.19); Uncorrected is
	// W without the correction.
	W, Uncorrected float64
	// ChiSquare = raters·(items − 1)·W on DF = items − 1 degrees of freedom,
	// and its upper-tail P (a large-sample test).
	ChiSquare, DF, P float64
	// Items are the complete items ranked; Dropped the others.
	Items, Raters, Dropped int
	Reason                 string
}

// ConcordanceW computes Kendall's W on the complete items of m: each
// rater's ratings are turned into mid-ranks over the items, and
// W = 12·S / (m²(n³ − n) − m·ΣT), S the sum of squared deviations of the
// items' rank sums from their mean and T = Σ(t³ − t) over each rater's
// groups of t tied items — as irr::kendall(ratings, correct = TRUE).
func ConcordanceW(m *Matrix) KendallW {
	complete := m.Complete()
	n, k := len(complete), len(m.raters)
	res := KendallW{Items: n, Raters: k, Dropped: m.Items() - n, DF: float64(n - 1)}
	fail := func(why string) KendallW {
		res.W, res.Uncorrected, res.ChiSquare, res.P, res.Reason = math.NaN(), math.NaN(), math.NaN(), math.NaN(), why
		return res
	}
	switch {
	case k < 2:
		return fail(fmt.Sprintf("%d rater; Kendall's W needs two or more", k))
	case n < 2:
		return fail(fmt.Sprintf("%d complete items; Kendall's W needs two or more", n))
	}
	sums := make([]float64, n)
	var tSum float64
	sub := m
	if n < m.Items() {
		sub = m.Subset(complete)
	}
	for r := range sub.cols {
		c := sub.code(r)
		counts := make([]int64, len(c.vals))
		for _, code := range c.code {
			counts[code]++
		}
		rk := midranks(counts)
		for i, code := range c.code {
			sums[i] += rk[code]
		}
		tSum += ties(counts).cube
	}
	fn, fk := float64(n), float64(k)
	mean := fk * (fn + 1) / 2
	var s float64
	for _, r := range sums {
		s += (r - mean) * (r - mean)
	}
	full := fk * fk * (fn*fn*fn - fn)
	den := full - fk*tSum
	if den == 0 {
		return fail("every rater gave every item the same rating: no ranking")
	}
	res.W = 12 * s / den
	res.Uncorrected = 12 * s / full
	res.ChiSquare = fk * (fn - 1) * res.W
	res.P = chiSquareSurvival(res.ChiSquare, res.DF)
	return res
}

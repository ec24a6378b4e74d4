package inference

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"agree/coding"
	"agree/distance"
)

// krippendorffData is Krippendorff's canonical reliability data (Content
// Analysis, 2004, §11.3; restated in shared/reference/coding.md): 12 units
// × 4 coders with missing values.
const krippendorffData = "1 1 . 1 | 2 2 3 2 | 3 3 3 3 | 3 3 3 3 | 2 2 2 2 | 1 2 3 4 | 4 4 4 4 | 1 1 2 1 | 2 2 2 2 | . 5 5 5 | . . 1 1 | . . 3 ."

// wide builds data from rows of space-separated values, one row per item,
// one column per coder; "." is a missing value.
func wide(t testing.TB, rows string) *coding.Data {
	t.Helper()
	b := coding.NewBuilder()
	for i, row := range strings.Split(rows, "|") {
		item := b.NewItem(fmt.Sprint(i + 1))
		for c, v := range strings.Fields(row) {
			coder := b.Coder(fmt.Sprintf("c%d", c+1))
			if v == "." {
				continue
			}
			if err := b.Set(item, coder, v, coding.Pos{}); err != nil {
				t.Fatal(err)
			}
		}
	}
	d, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func analyze(t testing.TB, d *coding.Data, opt coding.Options) *coding.Analysis {
	t.Helper()
	a, err := coding.Analyze(d, opt)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

func approx(t testing.TB, what string, got, want, tol float64) {
	t.Helper()
	if math.IsNaN(got) || math.Abs(got-want) > tol {
		t.Errorf("%s = %.6f, want %.6f ± %g", what, got, want, tol)
	}
}

func mustSpec(t testing.TB, s string) distance.Spec {
	t.Helper()
	sp, err := distance.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return sp
}

// spreadError generates data under the survey's "randomly spread error"
// model (Artstein & Poesio 2008, §5.2): each item's true category is drawn
// from prior; each coder independently gives the true category with
// probability p and otherwise a category drawn from prior. The population
// value of π (and of α, multi-π) is p². missing is the probability that a
// cell is left empty.
func spreadError(t testing.TB, rng *rand.Rand, items, coders int, prior []float64, p, missing float64) *coding.Data {
	t.Helper()
	draw := func() int {
		u := rng.Float64()
		for k, w := range prior {
			if u < w {
				return k
			}
			u -= w
		}
		return len(prior) - 1
	}
	b := coding.NewBuilder()
	b.Reserve(items)
	cs := make([]int, coders)
	for c := range cs {
		cs[c] = b.Coder(fmt.Sprintf("c%d", c))
	}
	labels := make([]string, len(prior))
	for k := range labels {
		labels[k] = fmt.Sprint(k)
	}
	for i := range items {
		it := b.NewItem(fmt.Sprint(i))
		truth := draw()
		for _, c := range cs {
			if rng.Float64() < missing {
				continue
			}
			v := truth
			if rng.Float64() >= p {
				v = draw()
			}
			if err := b.Set(it, c, labels[v], coding.Pos{}); err != nil {
				t.Fatal(err)
			}
		}
	}
	d, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// agreementTable builds data from Fleiss-style counts: counts[i][k] coders
// put item i in category k.
func agreementTable(t testing.TB, counts [][]int) *coding.Data {
	t.Helper()
	b := coding.NewBuilder()
	for i, row := range counts {
		item := b.NewItem(fmt.Sprint(i + 1))
		c := 0
		for k, n := range row {
			for range n {
				if err := b.Set(item, b.Coder(fmt.Sprintf("r%d", c+1)), fmt.Sprint(k+1), coding.Pos{}); err != nil {
					t.Fatal(err)
				}
				c++
			}
		}
	}
	d, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func splitFields(s string) []string { return strings.Fields(s) }

func joinFields(f []string) string { return strings.Join(f, " ") }

// alphaBoot is Bootstrap of Krippendorff's α alone.
func alphaBoot(ctx context.Context, a *coding.Analysis, opt Options) (*Result, error) {
	rs, err := Bootstrap(ctx, a, []coding.Coefficient{coding.KrippendorffAlpha}, opt)
	if err != nil {
		return nil, err
	}
	return rs[0], nil
}

// single is Items of one statistic that needs neither random numbers nor
// scratch state: stat is shared by the workers.
func single(ctx context.Context, n int, stat func(items []int) (float64, error), opt Options) (*Result, error) {
	rs, err := Items(ctx, n, 1, func() Statistic {
		return func(items []int, _ *rand.Rand, out []float64) (err error) {
			out[0], err = stat(items)
			return err
		}
	}, opt)
	if err != nil {
		return nil, err
	}
	return rs[0], nil
}

// reanalysed is the statistic "coefficient c of d under opt" computed by
// analysing the resampled data anew: the reference that Bootstrap's
// re-weighting and its path for α are held to. Frequency-dependent
// distances (ordinal) are re-bound to each resample's own frequencies.
func reanalysed(d *coding.Data, opt coding.Options, c coding.Coefficient) func(items []int) (float64, error) {
	return func(items []int) (float64, error) {
		a, err := coding.Analyze(d.Resample(items), opt)
		if err != nil {
			return 0, err
		}
		return a.Coefficient(c).Value, nil
	}
}

// rankAll is Rank of every item, which must not fail.
func rankAll(t testing.TB, a *coding.Analysis) []ItemDisagreement {
	t.Helper()
	return rankTop(t, a, 0)
}

// rankTop is Rank of the first n items, which must not fail.
func rankTop(t testing.TB, a *coding.Analysis, n int) []ItemDisagreement {
	t.Helper()
	r, err := Rank(a, n)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

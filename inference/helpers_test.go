package inference

import (
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

package ratings

import (
	"context"
	"math/rand/v2"
	"testing"
)

// benchMatrix is n items × k raters: a true score per item plus each
// rater's bias and noise; levels > 0 rounds to a scale of that many points
// (a Likert scale), 0 keeps continuous values.
func benchMatrix(b testing.TB, n, k, levels int) *Matrix {
	rng := rand.New(rand.NewPCG(7, uint64(levels)))
	cols := make([][]float64, k)
	names := make([]string, k)
	truth := make([]float64, n)
	for i := range truth {
		truth[i] = rng.NormFloat64()
	}
	for r := range cols {
		names[r] = string(rune('A' + r))
		bias := rng.NormFloat64() * 0.2
		c := make([]float64, n)
		for i := range c {
			x := truth[i] + bias + rng.NormFloat64()*0.5
			if levels > 0 {
				x = float64(min(levels, max(1, int(x*1.2+float64(levels+1)/2))))
			}
			c[i] = x
		}
		cols[r] = c
	}
	m, err := New(names, nil, cols)
	if err != nil {
		b.Fatal(err)
	}
	return m
}

// BenchmarkRatings1e6x5 is issue 22's workload: the intraclass
// correlations, every pair's and each rater-against-the-others' Pearson,
// Spearman, Kendall τ-b and Lin's CCC, and Kendall's W on 1e6 items × 5
// raters (go test -bench Ratings1e6 ./ratings).
func BenchmarkRatings1e6x5(b *testing.B) {
	for _, c := range []struct {
		name   string
		levels int
	}{{"likert7", 7}, {"continuous", 0}} {
		m := benchMatrix(b, 1_000_000, 5, c.levels)
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				IntraclassCorrelations(m, 0.95)
				if _, err := Correlate(context.Background(), m, 0.95, 0); err != nil {
					b.Fatal(err)
				}
				ConcordanceW(m)
			}
		})
	}
}

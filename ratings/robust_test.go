package ratings

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"agree/coding"
)

// TestNoPanicSmallData runs every statistic on many small random matrices
// — few items, missing ratings, constant raters, ties — and checks that
// nothing panics and that every defined coefficient lies in its range
// (correlations and CCC in [−1, 1], W in [0, 1], the ICCs at most 1, the
// p-values in [0, 1]) and an undefined one has a reason.
func TestNoPanicSmallData(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	in := func(name string, x, lo, hi float64, reason string) {
		t.Helper()
		if math.IsNaN(x) {
			if reason == "" {
				t.Errorf("%s undefined without a reason", name)
			}
			return
		}
		if x < lo-1e-12 || x > hi+1e-12 {
			t.Errorf("%s = %v outside [%v, %v]", name, x, lo, hi)
		}
	}
	for trial := range 400 {
		n, k := 1+rng.IntN(8), 1+rng.IntN(4)
		levels := 1 + rng.IntN(4)
		cols := make([][]float64, k)
		names := make([]string, k)
		b := coding.NewBuilder()
		for r := range cols {
			names[r] = fmt.Sprint("r", r)
			b.Coder(names[r])
			for range n {
				x := float64(rng.IntN(levels))
				if rng.IntN(5) == 0 {
					x = math.NaN()
				}
				cols[r] = append(cols[r], x)
			}
		}
		for i := range n {
			item := b.NewItem(fmt.Sprint(i))
			for r := range cols {
				if x := cols[r][i]; !math.IsNaN(x) {
					b.Set(item, r, fmt.Sprint(x), coding.Pos{})
				}
			}
		}
		d, _ := b.Build()
		m, err := New(names, nil, cols)
		if err != nil {
			t.Fatal(err)
		}
		name := fmt.Sprintf("trial %d (%d×%d)", trial, n, k)
		icc := IntraclassCorrelations(m, 0.95)
		for _, f := range icc.Forms {
			in(name+" "+f.Form.String(), f.Value, math.Inf(-1), 1, f.Reason)
			if !math.IsNaN(f.P) {
				in(name+" p", f.P, 0, 1, "x")
			}
		}
		c, err := Correlate(context.Background(), m, 0.95, 1+rng.IntN(2))
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range c.Pairs {
			for _, x := range []Correlation{p.Pearson, p.Spearman, p.KendallTauB, p.Concordance} {
				in(name+" correlation", x.Value, -1, 1, x.Reason)
				if !math.IsNaN(x.CI.Low) && !(x.CI.Low <= x.CI.High) {
					t.Errorf("%s: interval [%v, %v]", name, x.CI.Low, x.CI.High)
				}
			}
		}
		w := ConcordanceW(m)
		in(name+" W", w.W, 0, 1, w.Reason)
		if d != nil {
			if _, err := LightKappa(d); err != nil {
				t.Fatal(err)
			}
			FleissPerCategory(d)
		}
	}
}

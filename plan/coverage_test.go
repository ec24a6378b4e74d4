package plan

import (
	"context"
	"math"
	"math/rand/v2"
	"strconv"
	"testing"

	"agree/coding"
	"agree/inference"
	"agree/internal/longtest"
)

// TestSequentialCoverage simulates 2000 annotation projects (two coders,
// three categories with prevalences 0.5, 0.3, 0.2, population α = 0.7)
// that look after every 100 items up to 500 and checks that the repeated
// confidence intervals (α ± c_k·SE_k, SE the delta method's) cover the
// true α at every look at once in 95% ± 1.5 points of the projects: the
// error control of Boundaries holds for repeated looks, where the naive
// 1.96 at every look would cover far less (also checked).
func TestSequentialCoverage(t *testing.T) {
	longtest.Skip(t)
	const projects, batch, looks, truth = 2000, 100, 5, 0.7
	ctx := context.Background()
	fr := make([]float64, looks)
	for k := range fr {
		fr[k] = float64(k+1) / looks
	}
	c, err := Boundaries(ctx, fr, 0.05)
	if err != nil {
		t.Fatal(err)
	}
	prev := []float64{0.5, 0.3, 0.2}
	labels := []string{"a", "b", "c"}
	r := math.Sqrt(truth)
	covered, naive := 0, 0
	for p := range projects {
		rng := rand.New(rand.NewPCG(uint64(p), 99))
		draw := func() int {
			u := rng.Float64()
			for k, x := range prev {
				if u < x {
					return k
				}
				u -= x
			}
			return len(prev) - 1
		}
		var vals [][2]int
		all, fixed := true, true
		for k := range looks {
			for range batch {
				truthK := draw()
				var item [2]int
				for j := range item {
					item[j] = truthK
					if rng.Float64() >= r {
						item[j] = draw()
					}
				}
				vals = append(vals, item)
			}
			b := coding.NewBuilder()
			for i, item := range vals {
				for j, coder := range []string{"x", "y"} {
					if err := b.Add(strconv.Itoa(i), coder, labels[item[j]]); err != nil {
						t.Fatal(err)
					}
				}
			}
			d, err := b.Build()
			if err != nil {
				t.Fatal(err)
			}
			a, err := coding.Analyze(d, coding.Options{})
			if err != nil {
				t.Fatal(err)
			}
			an := inference.Delta(a, coding.KrippendorffAlpha, inference.GwetOptions{})
			if math.Abs(an.Estimate-truth) > c[k]*an.SE {
				all = false
			}
			if math.Abs(an.Estimate-truth) > 1.959964*an.SE {
				fixed = false
			}
		}
		if all {
			covered++
		}
		if fixed {
			naive++
		}
	}
	cov := 100 * float64(covered) / projects
	t.Logf("simultaneous coverage over %d projects: %.2f%% (naive 1.96 at every look: %.2f%%)", projects, cov, 100*float64(naive)/projects)
	if math.Abs(cov-95) > 1.5 {
		t.Errorf("coverage %.2f%%, want 95 ± 1.5", cov)
	}
	if naive >= covered {
		t.Errorf("the naive intervals cover %d projects, the repeated ones %d", naive, covered)
	}
}

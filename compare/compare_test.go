package compare

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"agree/coding"
	"agree/inference"
)

// gen makes n items × 3 coders who copy a true label with probability q.
func gen(t *testing.T, n int, q float64, seed uint64) *coding.Analysis {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 9))
	b := coding.NewBuilder()
	for i := range n {
		item := b.NewItem(fmt.Sprint("i", i))
		truth := rng.IntN(3)
		for c := range 3 {
			v := truth
			if rng.Float64() > q {
				v = rng.IntN(3)
			}
			if err := b.Set(item, b.Coder(fmt.Sprint("c", c)), fmt.Sprint(v), coding.Pos{}); err != nil {
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
	return a
}

func shared(n int) [][2]int {
	s := make([][2]int, n)
	for i := range s {
		s[i] = [2]int{i, i}
	}
	return s
}

// TestCompare: the point estimates are each set's coefficient (two paths:
// the analysis of each set); a set against itself, paired, differs by 0 in
// every resample (interval [0, 0], p = 1); a large difference is found
// (interval away from 0, small p) paired and unpaired; swapping the sets
// negates the difference and its interval; the method is named.
func TestCompare(t *testing.T) {
	ctx := context.Background()
	hi, lo := gen(t, 200, 0.9, 1), gen(t, 200, 0.3, 2)
	opt := Options{Options: inference.Options{Resamples: 400, Seed: 5}, Categories: true}
	self := opt
	self.Shared = shared(200)
	r, err := Coefficient(ctx, hi, hi, coding.KrippendorffAlpha, self)
	if err != nil {
		t.Fatal(err)
	}
	if d := r.Overall; d.Diff != 0 || d.CI.Low != 0 || d.CI.High != 0 || d.P != 1 || r.Method != MethodPaired {
		t.Errorf("a set against itself: %+v (%s)", d, r.Method)
	}
	for _, paired := range []bool{true, false} {
		o := opt
		if paired {
			o.Shared = shared(200)
		}
		r, err := Coefficient(ctx, hi, lo, coding.KrippendorffAlpha, o)
		if err != nil {
			t.Fatal(err)
		}
		d := r.Overall
		if d.A != hi.Coefficient(coding.KrippendorffAlpha).Value || d.B != lo.Coefficient(coding.KrippendorffAlpha).Value {
			t.Errorf("estimates %v, %v", d.A, d.B)
		}
		if !(d.CI.High < 0) || !(d.P < 0.01) || (r.Paired != paired) {
			t.Errorf("paired %v: difference %v, interval [%v, %v], p %v", paired, d.Diff, d.CI.Low, d.CI.High, d.P)
		}
		if len(r.PerCategory) != 3 {
			t.Errorf("%d categories compared", len(r.PerCategory))
		}
		sw, err := Coefficient(ctx, lo, hi, coding.KrippendorffAlpha, o)
		if err != nil {
			t.Fatal(err)
		}
		if sw.Overall.Diff != -d.Diff || (paired && math.Abs(sw.Overall.CI.Low+d.CI.High) > 1e-12) {
			t.Errorf("paired %v: swapped %v [%v, %v] against %v [%v, %v]", paired, sw.Overall.Diff, sw.Overall.CI.Low, sw.Overall.CI.High, d.Diff, d.CI.Low, d.CI.High)
		}
	}
	// Two sets of the same process: no difference to speak of.
	r2, err := Coefficient(ctx, gen(t, 300, 0.7, 3), gen(t, 300, 0.7, 4), coding.KrippendorffAlpha, opt)
	if err != nil {
		t.Fatal(err)
	}
	if !(r2.Overall.CI.Low < 0 && r2.Overall.CI.High > 0) || r2.Overall.P < 0.05 {
		t.Errorf("same process: %+v", r2.Overall)
	}
	if _, err := Coefficient(ctx, hi, lo, coding.KrippendorffAlpha, Options{Options: inference.Options{Resamples: 10}, Shared: shared(1)}); err == nil {
		t.Error("one shared item: want an error")
	}
}

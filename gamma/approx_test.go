package gamma

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"
)

// TestApproximateWindow measures the windowed approximation against the
// exact alignment on generated continua: it never goes below the optimum
// (it is a feasible alignment), it is labelled approximate with no bound,
// a window holding every unit gives the optimum, and its error on these
// realistic data and on shuffled versions of them (the continua of the
// expected disorder) stays below the figures documented in the README.
func TestApproximateWindow(t *testing.T) {
	worst := map[int]float64{}
	for i, s := range []genSpec{realistic(3, 200), realistic(4, 100), realistic(5, 60), realistic(3, 200), realistic(4, 100), realistic(5, 60)} {
		c := genContinuum(11, s)
		if i >= 3 {
			st := statsOf(c)
			sh := shuffle(rand.New(rand.NewPCG(uint64(i), 1)), c, &st)
			c = &sh
		}
		d := combinedFor(t, c, 1, 1, 1)
		exact, err := BestAlignment(c, d)
		if err != nil {
			t.Fatal(err)
		}
		for _, w := range []int{1, 2, 5, 10, 20, 100000} {
			al, err := Align(context.Background(), c, d, AlignOptions{Window: w})
			if err != nil {
				t.Fatal(err)
			}
			checkAlignment(t, c, d, al)
			rel := (al.Disorder - exact.Disorder) / exact.Disorder
			if al.Exact || !math.IsNaN(al.LowerBound) || rel < -1e-12 {
				t.Errorf("%dx%d window %d: exact %v lower %v, relative error %v", s.Annotators, s.Units, w, al.Exact, al.LowerBound, rel)
			}
			worst[w] = max(worst[w], rel)
			if (w == 100000 && rel != 0) || (w >= 10 && rel > 0.01) || rel > 0.03 {
				t.Errorf("%dx%d window %d: relative error %.4f", s.Annotators, s.Units, w, rel)
			}
			t.Logf("%dx%d (shuffled %v) window %d: disorder %.5f, exact %.5f, relative error %.2e", s.Annotators, s.Units, i >= 3, w, al.Disorder, exact.Disorder, rel)
		}
	}
	t.Logf("largest relative error by window: %v", worst)
}

// TestApproximateCompute: γ computed with a window is labelled approximate
// and claims no bound.
func TestApproximateCompute(t *testing.T) {
	c := genContinuum(12, realistic(3, 40))
	d := combinedFor(t, c, 1, 1, 1)
	r, err := Compute(context.Background(), corpusOf(c), d, Options{Window: 5, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if r.Approximate != "window:5" || r.Exact || !math.IsNaN(r.ObservedLower) || !math.IsNaN(r.GammaLow) || math.IsNaN(r.Gamma) {
		t.Errorf("approximate %q exact %v lower %v γ %v [%v, %v]", r.Approximate, r.Exact, r.ObservedLower, r.Gamma, r.GammaLow, r.GammaHigh)
	}
}

package coding

import (
	"math"
	"testing"
)

func TestResample(t *testing.T) {
	// Repeating every item twice doubles every count but leaves A_o and the
	// pooled proportions unchanged, so percent agreement and π (biased
	// expected agreement) are unchanged; α changes only through N/(N−1).
	d := wide(t, krippendorffData)
	idx := make([]int, 0, 2*d.NumItems())
	for i := range d.NumItems() {
		idx = append(idx, i, i)
	}
	r := d.Resample(idx)
	if r.NumItems() != 24 || r.NumCoders() != 4 {
		t.Fatalf("resample has %d items × %d coders, want 24 × 4", r.NumItems(), r.NumCoders())
	}
	for j, i := range idx {
		for c := range 4 {
			if r.Value(j, c) != d.Value(i, c) {
				t.Fatalf("item %d coder %d: %d, want %d", j, c, r.Value(j, c), d.Value(i, c))
			}
		}
	}
	a, b := analyze(t, d, Options{}), analyze(t, r, Options{})
	for _, c := range []Coefficient{PercentAgreement, FleissKappa, AlphaBiased} {
		approx(t, c.Key(), b.Coefficient(c).Value, a.Coefficient(c).Value, 1e-12)
	}
	// α = 1 − (N−1)·D_o/(N·D_e^b): N = 40 → 80 pairable values.
	ab := a.Coefficient(AlphaBiased).Value
	want := 1 - (1-ab)*79.0/80.0
	approx(t, "α doubled", b.Coefficient(KrippendorffAlpha).Value, want, 1e-12)

	m, dmax := a.Metric(false)
	if m.Distance(0, 1) != 1 || dmax != 1 {
		t.Errorf("nominal metric: d(0,1) = %g, d_max = %g", m.Distance(0, 1), dmax)
	}
	if got := len(a.Categories()); got != 5 {
		t.Errorf("categories = %d, want 5", got)
	}
	if math.IsNaN(ab) {
		t.Fatal("α_b undefined")
	}
}

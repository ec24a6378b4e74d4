package shuffle

import (
	"context"
	"math"
	"testing"
)

// findingsSweep runs a small sweep (20-unit references, 3 continua per set so
// that γ uses the corpus sampler, 3 annotators, Disjoint, seed 5).
func findingsSweep(t *testing.T, m Model, e ErrorType, mags []float64, sets int, names ...string) []Point {
	t.Helper()
	m.Units = 20
	var ms []Measure
	for _, n := range names {
		me, err := StandardMeasure(n)
		if err != nil {
			t.Fatal(err)
		}
		ms = append(ms, me)
	}
	pts, err := Sweep{Model: m, Shuffler: Shuffler{Annotators: 3, Disjoint: true}, Errors: []ErrorType{e},
		Magnitudes: mags, Sets: sets, Continua: 3, Seed: 5, Workers: 2, Measures: ms}.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return pts
}

// decreasing checks that the means at mags decrease, allowing a rise of at
// most tol between consecutive magnitudes (sampling noise of a few sets).
func decreasing(t *testing.T, pts []Point, e ErrorType, name string, mags []float64, tol float64) {
	t.Helper()
	prev := math.Inf(1)
	for _, m := range mags {
		p := mean(pts, e, name, m)
		if p.Defined != p.Sets {
			t.Errorf("%s %s m=%v: defined for %d/%d sets (%s)", e, name, m, p.Defined, p.Sets, p.Note)
		}
		if p.Mean > prev+tol {
			t.Errorf("%s %s: rises from %.3f to %.3f at m=%v (tolerance %v)", e, name, prev, p.Mean, m, tol)
		}
		prev = p.Mean
		t.Logf("%s %s m=%.2f: %.3f", e, name, m, p.Mean)
	}
}

// TestFindingsGamma reproduces the γ findings of Mathet et al. (2015) §6.3
// on small corpora: γ decreases from 1 to about 0 for position errors (the
// paper: "reaches 0.1 at magnitude 1", Fig. 26a), false negatives ("almost
// reaches 0 (0.025)", Fig. 28b) and category errors (Fig. 25, pure
// categorization: fixed positions), and responds to splits (Fig. 27) where
// uα, c|uα and κ_d do not.
func TestFindingsGamma(t *testing.T) {
	mags := []float64{0, 0.25, 0.5, 1}
	pts := findingsSweep(t, DefaultModel(), Position, mags, 4, "gamma", "cu_alpha")
	if p := mean(pts, Position, "gamma", 0); p.Mean != 1 {
		t.Errorf("position m=0: γ = %v, want 1", p.Mean)
	}
	decreasing(t, pts, Position, "gamma", mags, 0.02)
	if p := mean(pts, Position, "gamma", 1); !(p.Mean < 0.25) {
		t.Errorf("position m=1: γ = %.3f, want < 0.25 (paper: 0.1)", p.Mean)
	}
	// c|uα is not blocked at 1 by position errors (units of different
	// categories come to intersect; §6.3.4): below 0.9 at m = 0.5.
	if p := mean(pts, Position, "cu_alpha", 0.5); !(p.Mean < 0.9) {
		t.Errorf("position m=0.5: c|uα = %.3f, want < 0.9", p.Mean)
	}

	mags = []float64{0, 0.3, 0.6, 0.9, 1}
	pts = findingsSweep(t, DefaultModel(), FalseNegative, mags, 4, "gamma", "cu_alpha")
	decreasing(t, pts, FalseNegative, "gamma", mags[:4], 0.02)
	if p := mean(pts, FalseNegative, "gamma", 0.9); !(p.Mean < 0.15) {
		t.Errorf("false negatives m=0.9: γ = %.3f, want < 0.15 (paper: 0.025 near 1)", p.Mean)
	}
	// At m = 1 every unit is missed: γ is undefined, never a made-up value.
	if p := mean(pts, FalseNegative, "gamma", 1); p.Defined != 0 || p.Note == "" {
		t.Errorf("false negatives m=1: γ defined for %d sets (note %q), want undefined with a reason", p.Defined, p.Note)
	}
	// c|uα does not react to false negatives (§6.3.4, Fig. 28b).
	if p := mean(pts, FalseNegative, "cu_alpha", 0.6); !near(p.Mean, 1, 1e-9) {
		t.Errorf("false negatives m=0.6: c|uα = %v, want 1", p.Mean)
	}

	mags = []float64{0, 0.5, 1}
	pts = findingsSweep(t, CategorizationModel(), Category, mags, 4, "gamma", "kappa_d")
	decreasing(t, pts, Category, "gamma", mags, 0.02)
	if p := mean(pts, Category, "gamma", 1); !(math.Abs(p.Mean) < 0.15) {
		t.Errorf("category m=1 (fixed positions): γ = %.3f, want |γ| < 0.15", p.Mean)
	}
	if p := mean(pts, Category, "kappa_d", 1); !(p.Mean > 0.2) {
		t.Errorf("category m=1 with gaps: κ_d = %.3f, want > 0.2", p.Mean)
	}

	pts = findingsSweep(t, DefaultModel(), Split, []float64{0, 0.5}, 3, "gamma", "u_alpha", "cu_alpha", "kappa_d")
	if p := mean(pts, Split, "gamma", 0.5); !(p.Mean < 0.8) {
		t.Errorf("splits m=0.5: γ = %.3f, want < 0.8 (γ responds to splits)", p.Mean)
	}
	for _, n := range []string{"u_alpha", "cu_alpha", "kappa_d"} {
		if p := mean(pts, Split, n, 0.5); !near(p.Mean, 1, 1e-9) {
			t.Errorf("splits m=0.5: %s = %v, want 1", n, p.Mean)
		}
	}
}

// BenchmarkSweepMagnitude is one magnitude of a sweep: 4 sets of 3
// continua of 40 units, 3 annotators, position errors, every measure.
func BenchmarkSweepMagnitude(b *testing.B) {
	var ms []Measure
	for _, n := range MeasureNames() {
		m, _ := StandardMeasure(n)
		ms = append(ms, m)
	}
	sw := Sweep{Model: DefaultModel(), Shuffler: Shuffler{Annotators: 3, Disjoint: true}, Errors: []ErrorType{Position},
		Magnitudes: []float64{0.5}, Sets: 4, Continua: 3, Seed: 1, Workers: 1, Measures: ms}
	for b.Loop() {
		if _, err := sw.Run(context.Background()); err != nil {
			b.Fatal(err)
		}
	}
}

// TestFindingsSegmentation reproduces §6.3.2 (Fig. 24) on a small pure
// segmentation: WindowDiff (and Pk), without chance correction, level off
// around agreement 0.5 for shifts and false negatives (the paper: about
// 0.4), while γ goes down to about 0.
func TestFindingsSegmentation(t *testing.T) {
	names := []string{"gamma", "window_diff_agreement", "pk_agreement"}
	pts := findingsSweep(t, SegmentationModel(), Position, []float64{0, 0.5, 1}, 4, names...)
	if p := mean(pts, Position, "gamma", 1); !(p.Mean < 0.25) {
		t.Errorf("segmentation shifts m=1: γ = %.3f, want < 0.25", p.Mean)
	}
	for _, n := range names[1:] {
		if p := mean(pts, Position, n, 1); !(p.Mean > 0.35) {
			t.Errorf("segmentation shifts m=1: %s = %.3f, want > 0.35 (asymptote)", n, p.Mean)
		}
	}
	pts = findingsSweep(t, SegmentationModel(), FalseNegative, []float64{0, 0.75}, 4, names...)
	if p := mean(pts, FalseNegative, "gamma", 0.75); !(p.Mean < 0.15) {
		t.Errorf("segmentation false negatives m=0.75: γ = %.3f, want < 0.15", p.Mean)
	}
	if p := mean(pts, FalseNegative, "window_diff_agreement", 0.75); !(p.Mean > 0.35) {
		t.Errorf("segmentation false negatives m=0.75: 1 − WD = %.3f, want > 0.35", p.Mean)
	}
}

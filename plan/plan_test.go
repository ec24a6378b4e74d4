package plan

import (
	"context"
	"math"
	"testing"

	"agree/coding"
	"agree/distance"
)

// TestCohenKappaIrr reproduces the irr manual's example of N.cohen.kappa
// (irr 0.84.1, "Sample Size Calculation for Cohen's Kappa Statistic"):
// H0: κ = 0.7 against κ = 0.85, both raters 50% positive, one-sided α =
// 0.05, power 0.8: 96 items (the example's printed output).
func TestCohenKappaIrr(t *testing.T) {
	s, err := CohenKappa(0.5, 0.5, 0.7, 0.85, 0.05, 0.8, false)
	if err != nil {
		t.Fatal(err)
	}
	if s.Items != 96 {
		t.Errorf("N.cohen.kappa(0.5, 0.5, 0.7, 0.85) = %d, want 96 (irr manual)", s.Items)
	}
	// Two-sided needs more; more power needs more.
	two, _ := CohenKappa(0.5, 0.5, 0.7, 0.85, 0.05, 0.8, true)
	more, _ := CohenKappa(0.5, 0.5, 0.7, 0.85, 0.05, 0.9, false)
	if two.Items <= s.Items || more.Items <= s.Items {
		t.Errorf("two-sided %d, power 0.9 %d: want both above %d", two.Items, more.Items, s.Items)
	}
	if _, err := CohenKappa(0.5, 0.5, 0.7, 0.7, 0.05, 0.8, false); err == nil {
		t.Error("equal κ accepted")
	}
	if _, err := CohenKappa(0.9, 0.1, 0.9, 0.1, 0.05, 0.8, false); err == nil {
		t.Error("an impossible κ for the rates accepted")
	}
}

// TestKrippendorffTable reproduces entries of Krippendorff's table of
// minimum numbers of values for α (Content Analysis, 2004 §11.4.2 / 2013
// §12.4.2; restated in the ATLAS.ti manual, "Sample Size and Decision
// Rules"): p_c = 1/4 (four equally frequent values), significance 0.05:
// α_min = 0.800 needs 139 values, α_min = 0.667 needs 81.
func TestKrippendorffTable(t *testing.T) {
	for _, c := range []struct {
		min, p, pc float64
		want       int
	}{
		{0.800, 0.05, 0.25, 139},
		{0.667, 0.05, 0.25, 81},
	} {
		s, err := KrippendorffMinimum(c.min, c.p, c.pc)
		if err != nil {
			t.Fatal(err)
		}
		if s.Items != c.want {
			t.Errorf("α_min %.3f, p %.3f, p_c %.2f: %d values, want %d", c.min, c.p, c.pc, s.Items, c.want)
		}
	}
	// Rarer values, a higher α_min and a stricter level all need more.
	base, _ := KrippendorffMinimum(0.8, 0.05, 0.25)
	for _, s := range [][3]float64{{0.8, 0.05, 0.1}, {0.9, 0.05, 0.25}, {0.8, 0.01, 0.25}} {
		n, _ := KrippendorffMinimum(s[0], s[1], s[2])
		if n.Items <= base.Items {
			t.Errorf("%v: %d values, want more than %d", s, n.Items, base.Items)
		}
	}
	if _, err := KrippendorffMinimum(0.8, 0.05, 0.7); err == nil {
		t.Error("p_c 0.7 accepted")
	}
}

// TestModelPlans: the simulated model's per-item SD gives plans that
// shrink as the half-width grows, and its population value is v (the
// estimate on the simulated sample is close to it).
func TestModelPlans(t *testing.T) {
	ctx := context.Background()
	m := Model{Coders: 2, Prevalence: []float64{0.5, 0.3, 0.2}, Items: 4000, Seed: 1}
	sd, err := ModelSD(ctx, m, 0.7)
	if err != nil {
		t.Fatal(err)
	}
	prev := math.MaxInt
	for _, w := range []float64{0.02, 0.05, 0.1, 0.2} {
		s, err := HalfWidthItems(sd, w, 0.95)
		if err != nil {
			t.Fatal(err)
		}
		if s.Items >= prev {
			t.Errorf("w = %g needs %d items, not fewer than %d for a narrower interval", w, s.Items, prev)
		}
		prev = s.Items
	}
	// Two coders, nominal α near κ: the delta SD is close to Cantor's
	// closed form for κ with the same margins (binary case).
	mb := Model{Coders: 2, Prevalence: []float64{0.5, 0.5}, Items: 20000, Seed: 2}
	sdb, err := ModelSD(ctx, mb, 0.85)
	if err != nil {
		t.Fatal(err)
	}
	k, _ := CohenKappa(0.5, 0.5, 0.85, 0.7, 0.05, 0.8, false)
	if math.Abs(sdb-k.SD) > 0.05*k.SD {
		t.Errorf("binary model SD %.4f, Cantor's √Q %.4f: want within 5%%", sdb, k.SD)
	}
	// More coders need fewer items.
	m3 := m
	m3.Coders = 4
	sd3, err := ModelSD(ctx, m3, 0.7)
	if err != nil {
		t.Fatal(err)
	}
	if sd3 >= sd {
		t.Errorf("4 coders SD %.4f, 2 coders %.4f: want smaller", sd3, sd)
	}
	// Any distance: interval α on numeric categories.
	mi := Model{Coders: 3, Prevalence: []float64{0.2, 0.3, 0.3, 0.2}, Distance: distance.Interval(), Coefficient: coding.KrippendorffAlpha, Items: 3000, Seed: 3}
	if _, err := ModelSD(ctx, mi, 0.6); err != nil {
		t.Error(err)
	}
	// Power: a larger gap needs fewer items.
	sd0, _ := ModelSD(ctx, m, 0.667)
	p1, err := PowerItems(sd0, sd, 0.7, 0.667, 0.05, 0.8)
	if err != nil {
		t.Fatal(err)
	}
	sd9, _ := ModelSD(ctx, m, 0.9)
	p2, _ := PowerItems(sd0, sd9, 0.9, 0.667, 0.05, 0.8)
	if p2.Items >= p1.Items {
		t.Errorf("power against 0.9: %d items, against 0.7: %d; want fewer", p2.Items, p1.Items)
	}
	for _, bad := range []Model{{Coders: 1, Prevalence: []float64{.5, .5}}, {Coders: 2, Prevalence: []float64{1}}, {Coders: 2, Prevalence: []float64{.5, .6}}} {
		if _, err := ModelSD(ctx, bad, 0.5); err == nil {
			t.Errorf("%+v accepted", bad)
		}
	}
}

// TestPilot: the projection scales the pilot's SE by √(n/(n+N)), and the
// plan for w is where the curve reaches w.
func TestPilot(t *testing.T) {
	p := Pilot{Estimate: 0.72, SE: 0.05, Items: 50}
	if h := p.HalfWidth(0); math.Abs(h-1.959963984540054*0.05) > 1e-12 {
		t.Errorf("half-width now %v", h)
	}
	if h := p.HalfWidth(150); math.Abs(h-1.959963984540054*0.05/2) > 1e-12 {
		t.Errorf("4× the items: half-width %v, want half", h)
	}
	s, err := p.ItemsFor(0.04)
	if err != nil {
		t.Fatal(err)
	}
	if p.HalfWidth(s.Items-p.Items) > 0.04 || p.HalfWidth(s.Items-p.Items-1) <= 0.04 {
		t.Errorf("%d items: half-width %v at it, %v one before", s.Items, p.HalfWidth(s.Items-p.Items), p.HalfWidth(s.Items-p.Items-1))
	}
	c, err := p.Curve(500, 10)
	if err != nil {
		t.Fatal(err)
	}
	if len(c) != 11 || c[10].More != 500 {
		t.Errorf("curve %+v", c)
	}
	for i := 1; i < len(c); i++ {
		if c[i].HalfWidth >= c[i-1].HalfWidth {
			t.Errorf("the curve does not shrink at %d", i)
		}
	}
}

// TestBoundaries: one look is the fixed-sample interval (1.96); five
// equally spaced looks with the O'Brien–Fleming-type spending function
// give the boundaries 4.877, 3.357, 2.680, 2.290, 2.031, the two-sided
// α = 0.05 example of the Lan–DeMets O'Brien–Fleming-type design as the R
// packages ldbounds (Reboussin, DeMets, Kim & Lan 2000) and gsDesign
// (sfLDOF) tabulate it.
func TestBoundaries(t *testing.T) {
	ctx := context.Background()
	c, err := Boundaries(ctx, []float64{1}, 0.05)
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(c[0]-1.959964) > 1e-5 {
		t.Errorf("one look: %v", c[0])
	}
	c, err = Boundaries(ctx, []float64{0.2, 0.4, 0.6, 0.8, 1}, 0.05)
	if err != nil {
		t.Fatal(err)
	}
	want := []float64{4.877, 3.357, 2.680, 2.290, 2.031}
	for k := range want {
		if math.Abs(c[k]-want[k]) > 2e-3 {
			t.Errorf("look %d: %.4f, want %.3f", k+1, c[k], want[k])
		}
	}
	if _, err := Boundaries(ctx, []float64{0.5, 0.4}, 0.05); err == nil {
		t.Error("decreasing fractions accepted")
	}
}

func TestDecide(t *testing.T) {
	ctx := context.Background()
	r := Rule{MaxItems: 500, HalfWidth: 0.05, Min: 0.667}
	d, err := r.Decide(ctx, nil, Look{Items: 100, Estimate: 0.75, SE: 0.05})
	if err != nil {
		t.Fatal(err)
	}
	if d.Stop || d.More < 1 || d.More > 400 || d.Interval.Critical < 3 {
		t.Errorf("first look: %+v", d)
	}
	d, err = r.Decide(ctx, []int{100}, Look{Items: 400, Estimate: 0.80, SE: 0.02})
	if err != nil {
		t.Fatal(err)
	}
	if !d.Stop || d.Interval.Low <= 0.667 {
		t.Errorf("second look: %+v", d)
	}
	if _, err := r.Decide(ctx, []int{300}, Look{Items: 200, Estimate: 0.8, SE: 0.02}); err == nil {
		t.Error("an earlier look after the last accepted")
	}
}

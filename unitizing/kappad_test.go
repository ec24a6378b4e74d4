package unitizing

import (
	"errors"
	"math"
	"math/rand/v2"
	"testing"
)

func TestKappaDKrippendorff1995Digitized(t *testing.T) {
	// Sheet §8.4, "digitized form of the same data" (DKPro testDigitizedAgreement):
	// 24 binary atoms per pair. By hand for A: both 1 on 6 atoms, rater 0 only
	// on 8, neither on 10; A_o = 16/24, A_e(κ) = (14·6 + 10·18)/576 → κ = 0.3846;
	// pooled 20/48 → A_e(π) = 0.5139 → π = 0.3143.
	cases := []struct {
		ex               string
		kappa, pi, alpha float64 // NaN: undefined
		reason           string
	}{
		{"A", 0.385, 0.314, 0.329, "Bertha/Bill"},
		{"B", 0.385, 0.314, math.NaN(), "John/Jill (α not given)"},
		{"C", 0.314, 0.314, math.NaN(), "Gerret/Gill (κ = π)"},
		{"D", math.NaN(), math.NaN(), math.NaN(), "Heather/Hill: all atoms 1, κ and π undefined (InsufficientDataException)"},
	}
	for _, tc := range cases {
		c, ext := krippendorff1995(tc.ex, 1)
		r, err := KappaD(c, ext, 1)
		if err != nil {
			t.Fatal(err)
		}
		if r.Atoms != 24 {
			t.Errorf("%s: %d atoms, want 24", tc.ex, r.Atoms)
		}
		if !near(r.Kappa, tc.kappa, 0.001) || (math.IsNaN(tc.kappa) && r.KappaReason == "") {
			t.Errorf("%s (%s): κ_d = %v (%q), want %v ± 0.001", tc.ex, tc.reason, r.Kappa, r.KappaReason, tc.kappa)
		}
		if !near(r.Pi, tc.pi, 0.001) || (math.IsNaN(tc.pi) && r.PiReason == "") {
			t.Errorf("%s (%s): π_d = %v (%q), want %v ± 0.001", tc.ex, tc.reason, r.Pi, r.PiReason, tc.pi)
		}
		if tc.ex == "D" && (!math.IsNaN(r.Alpha) || r.AlphaReason == "") {
			t.Errorf("D: α_d = %v, want undefined with a reason", r.Alpha)
		}
		if !math.IsNaN(tc.alpha) && !near(r.Alpha, tc.alpha, 0.001) {
			t.Errorf("%s (%s): α_d = %v, want %v ± 0.001", tc.ex, tc.reason, r.Alpha, tc.alpha)
		}
	}
	// The exact κ of A by hand: (16/24 − 264/576)/(1 − 264/576) = 0.38461538.
	c, ext := krippendorff1995("A", 1)
	r, _ := KappaD(c, ext, 1)
	if want := (16.0/24 - 264.0/576) / (1 - 264.0/576); !near(r.Kappa, want, 1e-12) {
		t.Errorf("A: κ_d = %.10f, want %.10f (by hand)", r.Kappa, want)
	}
}

func TestKappaDAtoms(t *testing.T) {
	// Atoms of length 2 on [0, 24): 12 atoms; the midpoint rule reads the
	// category at 1, 3, 5, …; stretched data (s = 2) at atom 2 must give the
	// same coefficients as the original at atom 1.
	c1, e1 := krippendorff1995("C", 1)
	c2, e2 := krippendorff1995("C", 2)
	r1, err := KappaD(c1, e1, 1)
	if err != nil {
		t.Fatal(err)
	}
	r2, err := KappaD(c2, e2, 2)
	if err != nil {
		t.Fatal(err)
	}
	if r2.Atoms != 24 || !near(r1.Kappa, r2.Kappa, 1e-12) || !near(r1.Alpha, r2.Alpha, 1e-12) {
		t.Errorf("stretch 2, atom 2: %d atoms κ %v α %v; want 24 atoms and κ %v α %v", r2.Atoms, r2.Kappa, r2.Alpha, r1.Kappa, r1.Alpha)
	}
}

func TestKappaDErrors(t *testing.T) {
	over := fromSpans("over", span{"a", "x", 0, 5}, span{"a", "y", 3, 8}, span{"b", "x", 0, 5})
	var oe *OverlapError
	if _, err := KappaD(over, Extent{0, 10}, 1); !errors.As(err, &oe) {
		t.Errorf("overlap: err = %v, want *OverlapError", err)
	}
	long := fromSpans("long", span{"a", "x", 0, 5}, span{"b", "x", 0, 5})
	if _, err := KappaD(long, Extent{0, 1e7}, 1); err == nil {
		t.Error("10,000,000 atoms: no error")
	}
	if r, err := KappaD(long, Extent{0, 1e7}, 1000); err != nil || r.Atoms != 10000 {
		t.Errorf("atoms of 1000: %d atoms, err %v; want 10000", r.Atoms, err)
	}
	blank := fromSpans("blank", span{"a", Blank, 0, 5}, span{"b", "x", 0, 5})
	if _, err := KappaD(blank, Extent{0, 10}, 1); err == nil {
		t.Errorf("category %q: no error", Blank)
	}
}

func BenchmarkKappaD(b *testing.B) {
	rng := rand.New(rand.NewPCG(3, 4))
	c := randomPartition(rng, 3, 3000, []string{"a", "b", "c", "d"})
	for b.Loop() {
		if _, err := KappaD(c, Extent{0, 3000}, 1); err != nil {
			b.Fatal(err)
		}
	}
}

func TestKappaDProperties(t *testing.T) {
	// Annotator order, unit order and category renaming do not change κ_d or
	// α_d; identical annotators give 1 (when defined).
	rng := rand.New(rand.NewPCG(15, 16))
	for trial := 0; trial < 30; trial++ {
		c := randomPartition(rng, 2+rng.IntN(3), 40, []string{"x", "y", "z"})
		r, err := KappaD(c, Extent{0, 40}, 1)
		if err != nil {
			t.Fatal(err)
		}
		p := &Continuum{Name: "perm", Annotators: append([]string(nil), c.Annotators...)}
		perm := rng.Perm(len(c.Annotators))
		rename := map[string]string{"x": "zz", "y": "aa", "z": "mm"}
		for _, u := range c.Units {
			u.Annotator = perm[u.Annotator]
			u.Category = rename[u.Category]
			p.Units = append(p.Units, u)
		}
		rng.Shuffle(len(p.Units), func(i, j int) { p.Units[i], p.Units[j] = p.Units[j], p.Units[i] })
		q, err := KappaD(p, Extent{0, 40}, 1)
		if err != nil {
			t.Fatal(err)
		}
		if !near(q.Kappa, r.Kappa, 1e-12) || !near(q.Alpha, r.Alpha, 1e-12) {
			t.Fatalf("trial %d: permuted κ_d %v α_d %v, want %v %v", trial, q.Kappa, q.Alpha, r.Kappa, r.Alpha)
		}
		cp := &Continuum{Name: "copy", Annotators: c.Annotators}
		for _, u := range c.UnitsOf(0) {
			for a := range c.Annotators {
				u.Annotator = a
				cp.Units = append(cp.Units, u)
			}
		}
		if pr, err := KappaD(cp, Extent{0, 40}, 1); err != nil || (pr.KappaReason == "" && pr.Kappa != 1) {
			t.Fatalf("trial %d: identical annotators κ_d = %v (%q), err %v", trial, pr.Kappa, pr.KappaReason, err)
		}
	}
}

package unitizing

import (
	"errors"
	"math"
	"math/rand/v2"
	"testing"
)

// bl is a unit given as (begin, length, rater, category), the layout of the
// DKPro tests restated in segmentation-unitizing.md §8.4.
type bl struct {
	b, l float64
	r    int
	c    string
}

func fromBL(name string, raters int, us ...bl) *Continuum {
	c := &Continuum{Name: name}
	for r := 0; r < raters; r++ {
		c.Annotators = append(c.Annotators, string(rune('A'+r)))
	}
	for _, u := range us {
		c.Units = append(c.Units, Unit{Annotator: u.r, Category: u.c, Start: u.b, End: u.b + u.l})
	}
	return c
}

func near(got, want, tol float64) bool {
	if math.IsNaN(want) {
		return math.IsNaN(got)
	}
	return math.Abs(got-want) <= tol
}

// krippendorff2004 is the example of Krippendorff (2004), Content Analysis
// 2nd ed., p. 254, as in DKPro's Krippendorff2004Test (sheet §8.4).
func krippendorff2004() *Continuum {
	return fromBL("k2004", 2,
		bl{225, 70, 0, "c"}, bl{370, 30, 0, "c"}, bl{220, 80, 1, "c"}, bl{355, 20, 1, "c"}, bl{400, 20, 1, "c"},
		bl{180, 60, 0, "k"}, bl{300, 50, 0, "k"}, bl{180, 60, 1, "k"}, bl{300, 50, 1, "k"})
}

func TestAlpha1995Distance(t *testing.T) {
	// DKPro Krippendorff2004Test measureDistance sanity vectors (sheet §7.1).
	type sec struct {
		b, l float64
		unit bool
	}
	d := func(g, h sec) float64 { return alphaUDistance(g.b, g.l, g.unit, h.b, h.l, h.unit) }
	X, gap := true, false
	cases := []struct {
		name string
		got  float64
		want float64
	}{
		{"gap(2,3)/X(2,2) + X(5,6)/gap(4,7)", d(sec{2, 3, gap}, sec{2, 2, X}) + d(sec{5, 6, X}, sec{4, 7, gap}), 40},
		{"gap(3,2)/X(3,2) + X(5,6)/gap(5,6)", d(sec{3, 2, gap}, sec{3, 2, X}) + d(sec{5, 6, X}, sec{5, 6, gap}), 40},
		{"X(5,6)/X(4,2)", d(sec{5, 6, X}, sec{4, 2, X}), 26},
		{"X(5,6)/X(5,2)", d(sec{5, 6, X}, sec{5, 2, X}), 16},
		{"X(5,6)/X(6,2)", d(sec{5, 6, X}, sec{6, 2, X}), 10},
		{"X(5,6)/X(7,2)", d(sec{5, 6, X}, sec{7, 2, X}), 8},
		{"X(5,6)/X(6,4)", d(sec{5, 6, X}, sec{6, 4, X}), 2},
		{"X(5,6)/X(5,6)", d(sec{5, 6, X}, sec{5, 6, X}), 0},
		{"c(225,70)/c(220,80)", d(sec{225, 70, X}, sec{220, 80, X}), 50},
		{"c(370,30)/c(355,20)", d(sec{370, 30, X}, sec{355, 20, X}), 850},
		{"gap(400,50)/c(400,20)", d(sec{400, 50, gap}, sec{400, 20, X}), 400},
	}
	for _, tc := range cases {
		if tc.got != tc.want {
			t.Errorf("%s: d = %v, want %v", tc.name, tc.got, tc.want)
		}
	}
}

func TestAlpha1995Krippendorff2004(t *testing.T) {
	// Sheet §8.4: continuum [150, 450). DKPro test tolerances 1e-4 (5e-4 overall);
	// the exact port values (D_o(c) = 0.014444 = 1300/90000 by hand: pairs
	// 50 + 850 + 400, D_e(c) = 0.053222, overall 0.858665) are checked to 1e-6.
	r, err := Alpha1995(krippendorff2004(), Extent{150, 450})
	if err != nil {
		t.Fatal(err)
	}
	c, k := r.Categories[0], r.Categories[1]
	checks := []struct {
		name           string
		got, want, tol float64
	}{
		{"Do(c)", c.Do, 0.0144, 1e-4},
		{"Do(c) exact", c.Do, 1300.0 / 90000, 1e-12},
		{"De(c)", c.De, 0.0532, 1e-4},
		{"De(c) port", c.De, 0.053222, 1e-6},
		{"α(c)", c.Alpha, 0.7286, 1e-4},
		{"Do(k)", k.Do, 0, 0},
		{"De(k)", k.De, 0.0490, 1e-4},
		{"De(k) port", k.De, 0.048979, 1e-6},
		{"α(k)", k.Alpha, 1, 0},
		{"αU", r.Alpha, 0.8591, 5e-4},
		{"αU port", r.Alpha, 0.858665, 1e-6},
	}
	for _, ch := range checks {
		if !near(ch.got, ch.want, ch.tol) {
			t.Errorf("%s = %.7f, want %v ± %v", ch.name, ch.got, ch.want, ch.tol)
		}
	}
}

// krippendorff1995 returns the four two-rater examples A–D of Krippendorff
// (1995), p. 57, stretched by s with int truncation of (begin, length) as in
// DKPro's createExample (sheet §8.4). The continuum is [0, 24·s).
func krippendorff1995(name string, s float64) (*Continuum, Extent) {
	ex := map[string][][][2]float64{
		"A": {{{2, 8}, {14, 6}}, {{4, 4}, {15, 2}}},
		"B": {{{0, 18}}, {{0, 2}, {2, 1}, {3, 1}, {4, 1}, {5, 1}, {6, 3}, {9, 1}}},
		"C": {{{2, 6}, {10, 2}, {14, 4}, {20, 2}}, {{0, 2}, {4, 4}, {10, 4}, {16, 2}, {20, 2}}},
		"D": {{{0, 2}, {2, 8}, {10, 4}, {14, 6}, {20, 4}}, {{0, 4}, {4, 4}, {8, 7}, {15, 2}, {17, 7}}},
	}[name]
	var us []bl
	for r, units := range ex {
		for _, u := range units {
			us = append(us, bl{math.Trunc(u[0] * s), math.Trunc(u[1] * s), r, ""})
		}
	}
	return fromBL("k1995"+name, 2, us...), Extent{0, math.Trunc(24 * s)}
}

func TestAlpha1995Krippendorff1995(t *testing.T) {
	nan := math.NaN()
	cases := []struct {
		ex        string
		s         float64
		do, de, a float64
		tol       float64
		reason    string
	}{
		// D_o from the paper (DKPro tolerance 1e-5); D_e and α exact port values.
		{"A", 1, 0.03125, 0.064471, 0.515288, 1e-5, "sheet §8.4 s=1 (D_o paper, D_e/α port)"},
		{"B", 1, 2.26736, 1.089513, -1.081079, 1e-5, "sheet §8.4 s=1"},
		{"C", 1, 0.02777, 0.070031, 0.603348, 1e-5, "sheet §8.4 s=1"},
		{"D", 1, 0.38715, 0.320796, -0.206849, 1e-5, "sheet §8.4 s=1"},
		{"C", 5, nan, 0.085987, 0.676952, 1e-5, "sheet §8.4 s=5 port"},
		{"C", 0.5, 0.027778, 0.054938, 0.494382, 1e-5, "sheet §8.4 s=0.5, int-truncated lengths"},
		// Paper / DKPro expectations at s = 50000 (L = 1,200,000): D_e tol 0.005, α tol 0.02.
		{"A", 50000, nan, 0.06990, 0.553, 0.005, "Krippendorff 1995 via DKPro, s=50000"},
		{"B", 50000, nan, 1.17731, -0.926, 0.005, "Krippendorff 1995 via DKPro, s=50000"},
		{"D", 50000, nan, 0.41445, 0.066, 0.005, "Krippendorff 1995 via DKPro, s=50000"},
		// Port values at s = 50000, tight.
		{"A", 50000, 0.03125, 0.069902, 0.552947, 1e-5, "sheet §8.4 port s=50000"},
		{"B", 50000, nan, 1.175783, -0.928385, 1e-5, "sheet §8.4 port s=50000"},
		{"C", 50000, nan, 0.090505, 0.693079, 1e-5, "sheet §8.4 port s=50000"},
		{"D", 50000, 0.38715, 0.414452, 0.065869, 1e-5, "sheet §8.4 port s=50000 (D_o independent of s)"},
	}
	for _, tc := range cases {
		c, ext := krippendorff1995(tc.ex, tc.s)
		r, err := Alpha1995(c, ext)
		if err != nil {
			t.Fatalf("%s s=%v: %v", tc.ex, tc.s, err)
		}
		tolA := tc.tol
		if tc.tol == 0.005 {
			tolA = 0.02
		}
		if !math.IsNaN(tc.do) && !near(r.Do, tc.do, 1e-5) {
			t.Errorf("%s s=%v (%s): D_o = %.6f, want %v", tc.ex, tc.s, tc.reason, r.Do, tc.do)
		}
		if !near(r.De, tc.de, tc.tol) {
			t.Errorf("%s s=%v (%s): D_e = %.6f, want %v ± %v", tc.ex, tc.s, tc.reason, r.De, tc.de, tc.tol)
		}
		if !near(r.Alpha, tc.a, tolA) {
			t.Errorf("%s s=%v (%s): α = %.6f, want %v ± %v", tc.ex, tc.s, tc.reason, r.Alpha, tc.a, tolA)
		}
	}
}

func TestAlpha19951995CByStretch(t *testing.T) {
	// Sheet §8.4, example C only: D_e (tol 0.005; 1e-5 at s = 0.5) and α (tol 0.02) by stretch.
	cases := []struct{ s, de, a, tol float64 }{
		{0.5, 0.05494, 0.494, 1e-5},
		{5, 0.08234, 0.663, 0.005},
		{50, 0.08600, 0.677, 0.005},
		{500, 0.08638, 0.678, 0.005},
		{5000, 0.08642, 0.679, 0.005},
		{50000, 0.08642, 0.679, 0.005},
	}
	for _, tc := range cases {
		c, ext := krippendorff1995("C", tc.s)
		r, err := Alpha1995(c, ext)
		if err != nil {
			t.Fatal(err)
		}
		if !near(r.De, tc.de, tc.tol) {
			t.Errorf("C s=%v: D_e = %.6f, want %v ± %v", tc.s, r.De, tc.de, tc.tol)
		}
		if !near(r.Alpha, tc.a, 0.02) {
			t.Errorf("C s=%v: α = %.6f, want %v ± 0.02", tc.s, r.Alpha, tc.a)
		}
	}
}

func TestAlpha1995Overall1995(t *testing.T) {
	// Sheet §8.4 port, s = 1: treating A–D as four categories of one continuum is
	// not what the sheet does; it gives the overall value −0.756553 for the
	// four examples as one data set. Reproduce that with categories A–D.
	c := &Continuum{Name: "k1995all", Annotators: []string{"r0", "r1"}}
	for _, ex := range []string{"A", "B", "C", "D"} {
		e, _ := krippendorff1995(ex, 1)
		for _, u := range e.Units {
			u.Category = ex
			c.Units = append(c.Units, u)
		}
	}
	r, err := Alpha1995(c, Extent{0, 24})
	if err != nil {
		t.Fatal(err)
	}
	if !near(r.Alpha, -0.756553, 1e-5) {
		t.Errorf("overall αU = %.6f, want −0.756553 ± 1e-5", r.Alpha)
	}
}

func TestAlpha1995Errors(t *testing.T) {
	over := fromBL("over", 2, bl{0, 5, 0, "x"}, bl{3, 5, 0, "x"}, bl{0, 5, 1, "x"})
	_, err := Alpha1995(over, Extent{0, 10})
	var oe *OverlapError
	if !errors.As(err, &oe) {
		t.Errorf("overlapping units of one category: err = %v, want *OverlapError", err)
	}
	// Overlap across categories is legal for αU (each category is its own partition).
	cross := fromBL("cross", 2, bl{0, 5, 0, "x"}, bl{3, 5, 0, "y"}, bl{0, 5, 1, "x"}, bl{3, 5, 1, "y"})
	if r, err := Alpha1995(cross, Extent{0, 10}); err != nil || r.Alpha != 1 {
		t.Errorf("overlap across categories: α = %v, err = %v; want 1, nil", r.Alpha, err)
	}
	outside := fromBL("outside", 2, bl{0, 5, 0, "x"})
	if _, err := Alpha1995(outside, Extent{1, 10}); err == nil {
		t.Error("unit outside the extent: no error")
	}
	one := &Continuum{Name: "one", Annotators: []string{"a"}}
	if _, err := Alpha1995(one, Extent{0, 1}); err == nil {
		t.Error("one annotator: no error")
	}
	empty := &Continuum{Name: "empty", Annotators: []string{"a", "b"}}
	if r, err := Alpha1995(empty, Extent{0, 10}); err != nil || !math.IsNaN(r.Alpha) || r.Reason == "" {
		t.Errorf("no units: α = %v (%q), err = %v; want NaN with a reason", r.Alpha, r.Reason, err)
	}
}

func TestAlpha1995Properties(t *testing.T) {
	// Invariance to annotator order, unit order and category renaming;
	// identical annotators → 1 (D_o = 0) whenever D_e > 0; and the overall
	// value is the ratio of the category means (checked from the parts).
	rng := rand.New(rand.NewPCG(9, 10))
	for trial := 0; trial < 50; trial++ {
		c := randomPartition(rng, 2+rng.IntN(3), 40, []string{"x", "y", "z"})
		ext := Extent{0, 40}
		r, err := Alpha1995(c, ext)
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
		q, err := Alpha1995(p, ext)
		if err != nil {
			t.Fatal(err)
		}
		if !near(q.Alpha, r.Alpha, 1e-12) {
			t.Fatalf("trial %d: permuted/renamed αU %v, want %v", trial, q.Alpha, r.Alpha)
		}
		sumDo, sumDe := 0.0, 0.0
		for _, ca := range r.Categories {
			sumDo += ca.Do
			sumDe += ca.De
		}
		if want := 1 - sumDo/sumDe; !near(r.Alpha, want, 1e-12) {
			t.Fatalf("trial %d: αU %v, want 1 − ΣD_o/ΣD_e = %v", trial, r.Alpha, want)
		}
		cp := &Continuum{Name: "copy", Annotators: c.Annotators}
		for _, u := range c.UnitsOf(0) {
			for a := range c.Annotators {
				u.Annotator = a
				cp.Units = append(cp.Units, u)
			}
		}
		if pr, err := Alpha1995(cp, ext); err != nil || (pr.Reason == "" && pr.Alpha != 1) {
			t.Fatalf("trial %d: identical annotators: αU = %v (%q), err %v; want 1", trial, pr.Alpha, pr.Reason, err)
		}
	}
}

package unitizing

import (
	"errors"
	"math"
	"testing"
)

// TestMeasure: Measure gives what each measure gives alone, leaves out
// (with its error) what cannot take the data, and Value names the same
// numbers.
func TestMeasure(t *testing.T) {
	c := &Continuum{Name: "k", Annotators: []string{"a", "b", "c"}, Units: []Unit{
		{Annotator: 0, Category: "1", Start: 2, End: 5}, {Annotator: 0, Category: "1", Start: 9, End: 11},
		{Annotator: 0, Category: "2", Start: 12, End: 20}, {Annotator: 1, Category: "1", Start: 2, End: 5},
		{Annotator: 1, Category: "2", Start: 7, End: 15}, {Annotator: 2, Category: "1", Start: 2, End: 5},
		{Annotator: 2, Category: "2", Start: 10, End: 15},
	}}
	ext := Extent{Begin: 0, End: 20}
	m, err := Measure(c, ext, MeasureOptions{Atom: 1})
	if err != nil {
		t.Fatal(err)
	}
	au, _ := Alpha1995(c, ext)
	ua, _ := UAlpha(c, ext)
	kd, _ := KappaD(c, ext, 1)
	s, _ := SERAnnotators(c, DefaultSERCosts())
	for _, k := range []struct {
		key  string
		want float64
	}{{"alpha_u", au.Alpha}, {"u_alpha", ua.U}, {"binary_u_alpha", ua.Binary}, {"cu_alpha", ua.CU}, {"kappa_d", kd.Kappa}, {"alpha_d", kd.Alpha}, {"ser", s.Mean}} {
		if got := m.Value(k.key); got != k.want {
			t.Errorf("%s = %v, want %v (the measure alone)", k.key, got, k.want)
		}
	}
	// Overlapping units: the alphas and κ_d are left out with an
	// *OverlapError; with CUOverlap, c|uα still is computed.
	c.Units = append(c.Units, Unit{Annotator: 0, Category: "1", Start: 3, End: 4})
	for _, cu := range []bool{false, true} {
		m, err := Measure(c, ext, MeasureOptions{Atom: 1, CUOverlap: cu})
		if err != nil {
			t.Fatal(err)
		}
		var oe *OverlapError
		if m.Alpha1995 != nil || !errors.As(m.Alpha1995Err, &oe) || m.KappaD != nil || !errors.As(m.KappaDErr, &oe) {
			t.Errorf("CUOverlap %v: αU %v (%v), κ_d %v (%v): want both left out with an *OverlapError", cu, m.Alpha1995, m.Alpha1995Err, m.KappaD, m.KappaDErr)
		}
		if cu != m.CUOverlapping || cu != (m.UAlpha != nil) || cu == (m.UAlphaErr != nil) {
			t.Errorf("CUOverlap %v: uα %v, error %v, overlapping %v", cu, m.UAlpha, m.UAlphaErr, m.CUOverlapping)
		}
		if cu && (!math.IsNaN(m.Value("u_alpha")) || math.IsNaN(m.Value("cu_alpha"))) {
			t.Errorf("CUOverlap: uα %v (want NaN), c|uα %v (want a value)", m.Value("u_alpha"), m.Value("cu_alpha"))
		}
	}
	// An atom too short for κ_d leaves it out with a *TooManyAtomsError.
	c.Units = c.Units[:len(c.Units)-1]
	m, err = Measure(c, Extent{Begin: 0, End: 20}, MeasureOptions{Atom: 20.0 / (MaxAtoms + 10)})
	var tm *TooManyAtomsError
	if err != nil || m.KappaD != nil || !errors.As(m.KappaDErr, &tm) || m.Alpha1995 == nil {
		t.Errorf("a short atom: %v, κ_d %v (%v)", err, m.KappaD, m.KappaDErr)
	}
}

func TestMacroAndPairwise(t *testing.T) {
	u := func(a int, s, e float64) Unit { return Unit{Annotator: a, Category: "x", Start: s, End: e} }
	d1 := Continuum{Name: "d1", Annotators: []string{"a", "b", "c"}, Units: []Unit{u(2, 0, 4), u(0, 0, 5), u(1, 1, 5), u(0, 8, 10), u(1, 8, 9)}}
	d2 := Continuum{Name: "d2", Annotators: []string{"a", "b"}, Units: []Unit{u(0, 0, 3), u(1, 0, 3), u(0, 5, 9)}}
	cs := []Continuum{d1, d2}
	exts := []Extent{{0, 12}, {0, 10}}
	var ms []*Measures
	sum, n := 0.0, 0
	for k := range cs {
		m, err := Measure(&cs[k], exts[k], MeasureOptions{Atom: 1})
		if err != nil {
			t.Fatal(err)
		}
		ms = append(ms, m)
		if v := m.Value("u_alpha"); !math.IsNaN(v) {
			sum += v
			n++
		}
	}
	if v, k := Macro(ms, "u_alpha"); k != n || v != sum/float64(n) {
		t.Errorf("Macro = %v over %d, want %v over %d", v, k, sum/float64(n), n)
	}
	if SameAnnotators(cs) || !SameAnnotators(cs[:1]) || !SameAnnotators(nil) {
		t.Error("SameAnnotators")
	}
	names, ua, au, err := Pairwise(cs, exts)
	if err != nil {
		t.Fatal(err)
	}
	// Concatenate's order: d1's units' annotators first (c, a, b).
	if len(names) != 3 || names[0] != "c" || names[1] != "a" || names[2] != "b" {
		t.Fatalf("names %q, want [c a b]", names)
	}
	// a and b on d1 and d2 end to end; a and c on d1 only.
	ab, abExt, _ := Concatenate([]Continuum{d1.Pair(0, 1), d2.Pair(0, 1)}, exts)
	wantAB, _ := UAlpha(&ab, abExt)
	ac := d1.Pair(2, 0)
	wantCA, _ := Alpha1995(&ac, exts[0])
	if ua[1][2] != wantAB.U || ua[2][1] != wantAB.U || au[0][1] != wantCA.Alpha || ua[0][0] != 1 {
		t.Errorf("uα(a,b) %v, want %v; αU(c,a) %v, want %v", ua[1][2], wantAB.U, au[0][1], wantCA.Alpha)
	}
}

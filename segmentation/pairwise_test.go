package segmentation

import (
	"math"
	"testing"
)

func close(a, b, eps float64) bool {
	if math.IsNaN(a) || math.IsNaN(b) {
		return math.IsNaN(a) && math.IsNaN(b)
	}
	return math.Abs(a-b) <= eps
}

func mustMasses(t testing.TB, m ...int) Segmentation {
	t.Helper()
	s, err := FromMasses(m)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func ones(n int) []int {
	m := make([]int, n)
	for i := range m {
		m[i] = 1
	}
	return m
}

// TestSegEvalPairwise reproduces the table of sheet §8.1 (SegEval 2.0.11,
// hyp first, masses, n_t = 2, k from the reference, Lamprier off except in
// the last column).
func TestSegEvalPairwise(t *testing.T) {
	cases := []struct {
		hyp, ref           []int
		k                  int
		b, s               float64
		adds, subs, trans  int
		pk, wd, wdLamprier float64
	}{
		{[]int{2, 3, 6}, []int{5, 6}, 3, 0.5, 0.9, 1, 0, 0, 0.25, 0.25, 0.2},
		{[]int{2, 3, 6}, []int{2, 3, 3, 3}, 2, 0.6666666667, 0.9, 1, 0, 0, 0.2222222222, 0.2222222222, 0.1428571429},
		{[]int{2, 3, 6}, []int{2, 2, 7}, 2, 0.75, 0.95, 0, 0, 1, 0.2222222222, 0.2222222222, 0.1428571429},
		{[]int{2, 3, 6}, []int{1, 1, 3, 1, 5}, 2, 0.5, 0.8, 2, 0, 0, 0.1111111111, 0.3333333333, 0.2857142857},
		{[]int{11}, []int{5, 6}, 3, 0, 0.9, 1, 0, 0, 0.375, 0.375, 0.2},
		{[]int{5, 6}, []int{11}, 6, 0, 0.9, 1, 0, 0, 1, 1, 0.3333333333},
		{[]int{2, 6, 4, 2, 4, 3}, []int{2, 3, 3, 1, 3, 6, 3}, 2, 0.5714285714, 0.85, 3, 0, 0, 0.2631578947, 0.3157894737, 0.25},
		{[]int{2, 3, 3, 1, 3, 6, 3}, []int{2, 8, 2, 4, 2, 3}, 2, 0.5, 0.825, 3, 0, 1, 0.3684210526, 0.3684210526, 0.2916666667},
		{[]int{5, 5, 5, 5, 1}, []int{2, 8, 2, 4, 2, 3}, 2, 0.2142857143, 0.725, 5, 0, 1, 0.5789473684, 0.5789473684, 0.5},
		{[]int{12}, []int{6, 6}, 3, 0, 0.9090909091, 1, 0, 0, 0.3333333333, 0.3333333333, 0.1875},
		{[]int{5, 7}, []int{6, 6}, 3, 0.5, 0.9545454545, 0, 0, 1, 0.2222222222, 0.2222222222, 0.125},
		{[]int{1, 5, 6}, []int{6, 6}, 3, 0.5, 0.9090909091, 1, 0, 0, 0.1111111111, 0.1111111111, 0.1875},
		{[]int{5, 1, 1, 5}, []int{6, 6}, 3, 0.3333333333, 0.8181818182, 2, 0, 0, 0.2222222222, 0.5555555556, 0.3125},
		{ones(11), []int{11}, 6, 0, 0, 10, 0, 0, 1, 1, 0.8333333333},
		{[]int{2, 8, 2, 1}, []int{2, 1, 7, 2, 1}, 2, 0.75, 0.9166666667, 1, 0, 0, 0.0909090909, 0.1818181818, 0.125},
		{[]int{2, 8, 2, 1}, []int{11, 2}, 3, 0.1666666667, 0.7916666667, 2, 0, 1, 0.3, 0.4, 0.3529411765},
		{[]int{5, 5}, []int{5, 5}, 2, 1, 1, 0, 0, 0, 0, 0, 0},
		{[]int{3, 3, 3}, []int{9}, 4, 0, 0.75, 2, 0, 0, 1, 1, 0.5},
	}
	const eps = 1e-9 // the sheet prints 10 decimals
	for _, c := range cases {
		hyp, ref := mustMasses(t, c.hyp...), mustMasses(t, c.ref...)
		name := hyp.String() + " vs " + ref.String()
		if k := WindowSize(ref); k != c.k {
			t.Errorf("%s: WindowSize = %d, want %d", name, k, c.k)
		}
		e, err := BoundaryEdits(hyp, ref, 0)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if !close(e.B(), c.b, eps) || !close(e.S(), c.s, eps) {
			t.Errorf("%s: B = %.10f, S = %.10f; want %.10f, %.10f", name, e.B(), e.S(), c.b, c.s)
		}
		if len(e.Additions) != c.adds || len(e.Substitutions) != c.subs || len(e.Transpositions) != c.trans {
			t.Errorf("%s: BED %d/%d/%d, want %d/%d/%d", name, len(e.Additions), len(e.Substitutions), len(e.Transpositions), c.adds, c.subs, c.trans)
		}
		pk, err := Pk(hyp, ref, 0)
		if err != nil || !close(pk.Value, c.pk, eps) {
			t.Errorf("%s: Pk = %v (%v), want %.10f", name, pk, err, c.pk)
		}
		wd, err := WindowDiff(hyp, ref, WindowOptions{})
		if err != nil || !close(wd.Value, c.wd, eps) {
			t.Errorf("%s: WD = %v (%v), want %.10f", name, wd, err, c.wd)
		}
		wdl, err := WindowDiff(hyp, ref, WindowOptions{Lamprier: true})
		if err != nil || !close(wdl.Value, c.wdLamprier, eps) {
			t.Errorf("%s: WD Lamprier = %v (%v), want %.10f", name, wdl, err, c.wdLamprier)
		}
		// B and S are symmetric; BED counts too.
		r, err := BoundaryEdits(ref, hyp, 0)
		if err != nil {
			t.Fatal(err)
		}
		if !close(r.B(), e.B(), 1e-15) || !close(r.S(), e.S(), 1e-15) {
			t.Errorf("%s: B, S not symmetric: %v %v against %v %v", name, r.B(), r.S(), e.B(), e.S())
		}
	}
}

// TestSegEvalParts checks the parts and explicit windows listed under the
// table of sheet §8.1.
func TestSegEvalParts(t *testing.T) {
	e, err := BoundaryEdits(mustMasses(t, 2, 3, 6), mustMasses(t, 5, 6), 0)
	if err != nil {
		t.Fatal(err)
	}
	if n, d := e.SParts(); n != 9 || d != 10 {
		t.Errorf("S parts = (%v, %v), want (9, 10)", n, d)
	}
	if n, d := e.BParts(); n != 1 || d != 2 {
		t.Errorf("B parts = (%v, %v), want (1, 2)", n, d)
	}
	pk, _ := Pk(mustMasses(t, 2, 3, 6), mustMasses(t, 2, 2, 7), 0)
	if pk.Errors != 2 || pk.Windows != 9 {
		t.Errorf("Pk parts = (%d, %d), want (2, 9)", pk.Errors, pk.Windows)
	}
	pk, _ = Pk(mustMasses(t, 2, 3, 6), mustMasses(t, 2, 2, 7), 2)
	wd, _ := WindowDiff(mustMasses(t, 2, 3, 6), mustMasses(t, 2, 2, 7), WindowOptions{K: 2})
	if !close(pk.Value, 2.0/9, 1e-7) || !close(wd.Value, 2.0/9, 1e-7) {
		t.Errorf("explicit k=2: Pk %v WD %v, want 0.2222222", pk.Value, wd.Value)
	}
	a, _ := FromBoundaryString("0100100000")
	b, _ := FromBoundaryString("0101000000")
	pk, _ = Pk(a, b, 2)
	if !close(pk.Value, 0.2222222, 1e-7) {
		t.Errorf("NLTK strings k=2: Pk %v, want 0.2222222", pk.Value)
	}
}

// TestSegEvalPositions reproduces the position-format cases of sheet §8.1
// (N = 13).
func TestSegEvalPositions(t *testing.T) {
	pos := func(p ...int) Segmentation {
		s, err := FromPositions(p)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	a := pos(1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1)
	b := pos(1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3)
	all := pos(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13)
	c := pos(1, 1, 1, 1, 1, 2, 2, 2, 3, 3, 3, 3, 3)
	d := pos(1, 1, 1, 1, 1, 2, 3, 3, 4, 4, 4, 4, 4)
	pk := func(h, r Segmentation) Window {
		w, err := Pk(h, r, 0)
		if err != nil {
			t.Fatal(err)
		}
		return w
	}
	wd := func(h, r Segmentation) Window {
		w, err := WindowDiff(h, r, WindowOptions{})
		if err != nil {
			t.Fatal(err)
		}
		return w
	}
	cases := []struct {
		name      string
		got, want float64
	}{
		{"pk(b,a)", pk(b, a).Value, 1},
		{"pk(a,b)", pk(a, b).Value, 4.0 / 11},
		{"WD(a,b)", wd(a, b).Value, 4.0 / 11},
		{"WD(b,a)", wd(b, a).Value, 1},
		{"pk(all,b)", pk(all, b).Value, 7.0 / 11},
		{"pk(b,all)", pk(b, all).Value, 7.0 / 11},
		{"WD(all,b)", wd(all, b).Value, 1},
		{"WD(b,all)", wd(b, all).Value, 1},
		{"pk(c,b)", pk(c, b).Value, 0.181818181818},
		{"WD(c,b)", wd(c, b).Value, 2.0 / 11},
		{"pk(d,c)", pk(d, c).Value, 0.090909090909},
		{"WD(d,c)", wd(d, c).Value, 2.0 / 11},
		{"pk(b,d)", pk(b, d).Value, 0.272727272727},
		{"WD(b,d)", wd(b, d).Value, 0.272727272727},
	}
	for _, c := range cases {
		if !close(c.got, c.want, 1e-11) {
			t.Errorf("%s = %.12f, want %.12f", c.name, c.got, c.want)
		}
	}
	if w := pk(all, b); w.Errors != 7 || w.Windows != 11 {
		t.Errorf("pk(all,b) parts (%d,%d), want (7,11)", w.Errors, w.Windows)
	}
	if w := wd(all, b); w.Errors != 11 || w.Windows != 11 {
		t.Errorf("WD(all,b) parts (%d,%d), want (11,11)", w.Errors, w.Windows)
	}
	e, _ := BoundaryEdits(a, b, 0)
	if e.B() != 0 {
		t.Errorf("B(a,b) = %v, want 0", e.B())
	}
}

// TestScaianoAndKazantseva reproduces the Scaiano-paper WD cases and the long
// Kazantseva case of sheet §8.1.
func TestScaianoAndKazantseva(t *testing.T) {
	ref := mustMasses(t, 6, 6)
	for _, c := range []struct {
		hyp  []int
		want float64
	}{
		{[]int{12}, 3.0 / 9}, {[]int{5, 7}, 2.0 / 9}, {[]int{1, 5, 6}, 1.0 / 9}, {[]int{5, 1, 1, 5}, 5.0 / 9},
	} {
		w, err := WindowDiff(mustMasses(t, c.hyp...), ref, WindowOptions{})
		if err != nil || !close(w.Value, c.want, 1e-12) {
			t.Errorf("WD(%v, (6,6)) = %v (%v), want %v", c.hyp, w.Value, err, c.want)
		}
	}
	w, _ := WindowDiff(mustMasses(t, ones(11)...), mustMasses(t, 11), WindowOptions{})
	if w.Value != 1 {
		t.Errorf("WD((1,)*11, (11,)) = %v, want 1", w.Value)
	}
	hyp := mustMasses(t, 2, 31, 4, 1, 1, 3, 11, 5, 21, 4, 2, 1, 17, 26, 16, 1, 17, 4, 3, 7, 7, 6, 12, 1, 6, 25, 2, 4, 3, 16, 8)
	kref := mustMasses(t, 2, 36, 1, 3, 10, 1, 5, 21, 4, 3, 59, 8, 10, 4, 3, 7, 13, 12, 7, 27, 4, 3, 24)
	pk, _ := Pk(hyp, kref, 0)
	wd, _ := WindowDiff(hyp, kref, WindowOptions{})
	if !close(pk.Value, 0.1532567049808429118773946360, 1e-15) {
		t.Errorf("Kazantseva Pk = %.17f", pk.Value)
	}
	if !close(wd.Value, 0.2681992337164750957854406130, 1e-15) {
		t.Errorf("Kazantseva WD = %.17f", wd.Value)
	}
	// WD with Lamprier on KAZANTSEVA G5 ch4: WD(an2, an1) = 0.76363636.
	an1 := mustMasses(t, 17, 25, 4)
	an2 := mustMasses(t, 1, 10, 2, 4, 1, 2, 3, 10, 6, 6, 1)
	wdl, _ := WindowDiff(an2, an1, WindowOptions{Lamprier: true})
	if !close(wdl.Value, 0.76363636, 1e-8) {
		t.Errorf("G5 ch4 WD Lamprier(an2, an1) = %.10f, want 0.76363636", wdl.Value)
	}
}

// TestStargazerHypotheses reproduces the two-dataset comparison of sheet §8.1
// (HYPOTHESIS_STARGAZER against HEARST_1997_STARGAZER coders 1 and 2).
func TestStargazerHypotheses(t *testing.T) {
	h := [][]int{{2, 6, 4, 2, 4, 3}, {2, 1, 1, 1, 5, 8, 2, 1}}
	r := [][]int{{2, 3, 3, 1, 3, 6, 3}, {2, 8, 2, 4, 2, 3}}
	// Indexed [hyp][ref]: h1/1, h1/2, h2/1, h2/2.
	wantB := [2][2]float64{{0.57142857, 0.42857142}, {0.38888888, 0.33333333}}
	wantS := [2][2]float64{{0.85, 0.8}, {0.725, 0.7}}
	wantPk := [2][2]float64{{0.26315789, 0.42105263}, {0.36842105, 0.42105263}}
	wantWD := [2][2]float64{{0.31578947, 0.42105263}, {0.47368421, 0.47368421}}
	for i := range h {
		for j := range r {
			hyp, ref := mustMasses(t, h[i]...), mustMasses(t, r[j]...)
			e, err := BoundaryEdits(hyp, ref, 0)
			if err != nil {
				t.Fatal(err)
			}
			pk, _ := Pk(hyp, ref, 0)
			wd, _ := WindowDiff(hyp, ref, WindowOptions{})
			if !close(e.B(), wantB[i][j], 1e-8) || !close(e.S(), wantS[i][j], 1e-8) ||
				!close(pk.Value, wantPk[i][j], 1e-8) || !close(wd.Value, wantWD[i][j], 1e-8) {
				t.Errorf("h%d/%d: B %.8f S %.8f Pk %.8f WD %.8f; want %v %v %v %v", i+1, j+1,
					e.B(), e.S(), pk.Value, wd.Value, wantB[i][j], wantS[i][j], wantPk[i][j], wantWD[i][j])
			}
			if i == 0 && j == 0 {
				if n, d := e.SParts(); n != 17 || d != 20 {
					t.Errorf("S parts h1/1 = (%v,%v), want (17,20)", n, d)
				}
			}
		}
	}
}

func mustSets(t testing.TB, sets ...[]int) Segmentation {
	t.Helper()
	s, err := FromSets(sets)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestMultipleBoundaryTypes reproduces the BED on sets of sheet §8.1.
func TestMultipleBoundaryTypes(t *testing.T) {
	a := mustSets(t, nil, []int{1}, nil, nil, []int{1}, nil, nil, nil, nil, nil)
	b := mustSets(t, nil, []int{2, 3}, nil, nil, nil, []int{1}, nil, nil, []int{3}, nil)
	e, err := BoundaryEdits(a, b, 0)
	if err != nil {
		t.Fatal(err)
	}
	wantA := []Addition{{Slot: 1, Type: 3, Side: SideB}, {Slot: 8, Type: 3, Side: SideB}}
	wantS := []Substitution{{Slot: 1, TypeA: 1, TypeB: 2}}
	wantT := []Transposition{{From: 4, To: 5, Type: 1}}
	if !equalSlices(e.Additions, wantA) || !equalSlices(e.Substitutions, wantS) || !equalSlices(e.Transpositions, wantT) {
		t.Errorf("BED = %+v %+v %+v; want %+v %+v %+v", e.Additions, e.Substitutions, e.Transpositions, wantA, wantS, wantT)
	}
}

// TestWeights reproduces SegEval's weight tests (sheet §8.1):
// weight_t_scale([[1,2],[1,3],[1,4]], 4) = 1.5, weight_s_scale(same, 4) = 1.5
// (types 1…4) and weight_s_scale(same, 5, 2) = 1.5 (types 2…5).
func TestWeights(t *testing.T) {
	e := &Edits{NT: 4, Transpositions: []Transposition{{1, 2, 1}, {1, 3, 1}, {1, 4, 1}}}
	if w := e.TranspositionWeight(); w != 1.5 {
		t.Errorf("w_t = %v, want 1.5", w)
	}
	e = &Edits{types: 0b1111, Substitutions: []Substitution{{0, 1, 2}, {0, 1, 3}, {0, 1, 4}}}
	if w := e.SubstitutionWeight(); w != 1.5 {
		t.Errorf("w_s types 1…4 = %v, want 1.5", w)
	}
	e.types = 0b11110
	if w := e.SubstitutionWeight(); w != 1.5 {
		t.Errorf("w_s types 2…5 = %v, want 1.5", w)
	}
}

func equalSlices[T comparable](a, b []T) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// TestConfusion reproduces SegEval's confusion-matrix vector (sheet §8.1) in
// this package's orientation: SegEval's additions cm[None][1]=2 and
// cm[1][None]=1 become At(1,None)=2 and At(None,1)=1; the substitution
// cm[2][1]=1 and cm[1][1]=1.5 (a match plus a transposition worth 0.5) stay.
func TestConfusion(t *testing.T) {
	a := mustSets(t, nil, []int{2}, nil, nil, []int{1}, []int{1}, []int{1}, []int{1})
	b := mustSets(t, []int{1}, []int{1}, nil, []int{1}, nil, []int{1}, nil, nil)
	e, err := BoundaryEdits(a, b, 0)
	if err != nil {
		t.Fatal(err)
	}
	cm := e.Confusion()
	want := map[[2]int]float64{{1, None}: 2, {None, 1}: 1, {2, 1}: 1, {1, 1}: 1.5}
	for _, h := range []int{None, 1, 2} {
		for _, r := range []int{None, 1, 2} {
			if got := cm.At(h, r); got != want[[2]int{h, r}] {
				t.Errorf("At(%d,%d) = %v, want %v", h, r, got, want[[2]int{h, r}])
			}
		}
	}
	// Swapping the arguments transposes the matrix.
	r, _ := BoundaryEdits(b, a, 0)
	cr := r.Confusion()
	for k, v := range want {
		if got := cr.At(k[1], k[0]); got != v {
			t.Errorf("swapped: At(%d,%d) = %v, want %v", k[1], k[0], got, v)
		}
	}
}

// TestPrecisionRecallF reproduces the precision/recall examples of sheet §3.
func TestPrecisionRecallF(t *testing.T) {
	// (2,3,6) against (5,6): SegEval reports P(1)=1, R(1)=0.5 (swapped);
	// conventionally the hypothesis has 2 boundaries, 1 right: P=0.5, R=1.
	e, _ := BoundaryEdits(mustMasses(t, 2, 3, 6), mustMasses(t, 5, 6), 0)
	cm := e.Confusion()
	if p, r := cm.Precision(1), cm.Recall(1); p != 0.5 || r != 1 {
		t.Errorf("P(1), R(1) = %v, %v; want 0.5, 1 (SegEval's swapped 1, 0.5)", p, r)
	}
	// (5,5,5,5,1) against Hearst coder 2: micro P = R = 0.230769, micro F =
	// per-class F(1) = 0.375. By hand: cm(1,1) = 1 match + 0.5 transposition,
	// hyp extras 2, ref extras 3: micro = 1.5/6.5; P(1) = 1.5/3.5,
	// R(1) = 1.5/4.5, F = 3/8.
	e, _ = BoundaryEdits(mustMasses(t, 5, 5, 5, 5, 1), mustMasses(t, 2, 8, 2, 4, 2, 3), 0)
	cm = e.Confusion()
	if p, r := cm.MicroPrecision(), cm.MicroRecall(); !close(p, 0.230769, 1e-6) || !close(r, 0.230769, 1e-6) {
		t.Errorf("micro P, R = %v, %v; want 0.230769", p, r)
	}
	if f := cm.MicroF(1); !close(f, 0.375, 1e-12) {
		t.Errorf("micro F = %v, want 0.375", f)
	}
	if f := cm.F(1, 1); !close(f, 0.375, 1e-12) {
		t.Errorf("F(1) = %v, want 0.375", f)
	}
	if p := cm.Precision(AllTypes); !close(p, 1.5/3.5, 1e-12) {
		t.Errorf("P(all) = %v, want %v", p, 1.5/3.5)
	}
	// Undefined: no boundary anywhere.
	e, _ = BoundaryEdits(mustMasses(t, 5), mustMasses(t, 5), 0)
	cm = e.Confusion()
	if !math.IsNaN(cm.Precision(1)) || !math.IsNaN(cm.F(1, 1)) || !math.IsNaN(cm.MicroF(1)) {
		t.Errorf("empty matrix: want NaN, got %v %v %v", cm.Precision(1), cm.F(1, 1), cm.MicroF(1))
	}
}

// TestNoBoundaries checks the edge case SegEval crashes on (sheet §3): B = S = 1.
func TestNoBoundaries(t *testing.T) {
	e, err := BoundaryEdits(mustMasses(t, 5), mustMasses(t, 5), 0)
	if err != nil {
		t.Fatal(err)
	}
	if e.B() != 1 || e.S() != 1 {
		t.Errorf("B, S = %v, %v; want 1, 1", e.B(), e.S())
	}
}

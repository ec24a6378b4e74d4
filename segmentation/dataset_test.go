package segmentation

import (
	"math"
	"math/rand/v2"
	"testing"
)

// Datasets restated from sheet §8.2 ("Raw data of the sample datasets").
type rawDataset struct {
	name   string
	coders []string
	items  []string
	masses map[string]map[string][]int // item → coder → masses
}

func hearst() rawDataset {
	return rawDataset{
		name:   "HEARST_1997_STARGAZER",
		coders: []string{"1", "2", "3", "4", "5", "6", "7"},
		items:  []string{"stargazer"},
		masses: map[string]map[string][]int{"stargazer": {
			"1": {2, 3, 3, 1, 3, 6, 3}, "2": {2, 8, 2, 4, 2, 3}, "3": {2, 1, 2, 3, 1, 3, 1, 3, 2, 2, 1},
			"4": {2, 1, 4, 1, 1, 3, 1, 4, 3, 1}, "5": {3, 2, 4, 3, 5, 4}, "6": {2, 3, 4, 2, 2, 5, 3},
			"7": {2, 3, 2, 2, 3, 1, 3, 2, 3},
		}},
	}
}

func g5() rawDataset {
	return rawDataset{
		name:   "KAZANTSEVA2012_G5",
		coders: []string{"an4", "an1", "an2", "an3"},
		items:  []string{"ch1", "ch11", "ch4", "ch3"},
		masses: map[string]map[string][]int{
			"ch1": {"an4": {2, 8, 2, 1}, "an1": {11, 2}, "an2": {2, 1, 7, 2, 1}, "an3": {9, 4}},
			"ch11": {"an4": {10, 4, 3, 2, 1, 8, 3, 2, 6, 1, 2, 8, 10, 9, 4, 10, 4, 8, 4, 3, 5, 4},
				"an1": {20, 22, 8, 11, 11, 11, 13, 11, 4},
				"an2": {1, 7, 2, 4, 3, 3, 10, 1, 1, 5, 3, 2, 8, 3, 3, 3, 14, 4, 1, 1, 4, 4, 2, 7, 3, 2, 3, 3, 2, 1, 1},
				"an3": {10, 10, 15, 11, 4, 10, 13, 5, 4, 23, 6}},
			"ch4": {"an4": {2, 9, 2, 5, 2, 19, 1, 6}, "an1": {17, 25, 4}, "an2": {1, 10, 2, 4, 1, 2, 3, 10, 6, 6, 1}, "an3": {12, 5, 29}},
			"ch3": {"an4": {2, 3, 4, 2, 5, 17, 4, 1}, "an1": {6, 5, 27}, "an2": {3, 8, 2, 3, 17, 2, 2, 1}, "an3": {3, 15, 15, 5}},
		},
	}
}

func g2() rawDataset {
	cs := []string{"an5", "an6", "an7", "an10", "an8", "an9"}
	rows := map[string][][]int{
		"ch8": {{9, 7, 5, 12, 4, 2}, {3, 5, 4, 3, 6, 7, 5, 4, 2}, {2, 6, 2, 2, 2, 8, 8, 3, 4, 1, 1},
			{2, 6, 4, 3, 6, 7, 5, 4, 1, 1}, {8, 4, 21, 4, 2}, {3, 5, 4, 10, 9, 6, 2}},
		"ch10": {{24, 6, 45, 6, 2}, {3, 3, 2, 3, 8, 1, 4, 6, 11, 22, 10, 6, 4}, {3, 3, 2, 16, 6, 45, 4, 1, 1, 1, 1},
			{3, 5, 16, 5, 8, 2, 23, 13, 4, 4}, {8, 16, 6, 32, 11, 6, 1, 3}, {3, 3, 2, 11, 5, 6, 45, 4, 4}},
		"ch2": {{4, 7, 3, 1}, {4, 7, 3, 1}, {5, 6, 3, 1}, {5, 5, 4, 1}, {14, 1}, {14, 1}},
		"ch5": {{9, 4, 5, 9, 8, 7}, {2, 1, 6, 3, 2, 4, 17, 7}, {19, 15, 8}, {4, 10, 5, 1, 14, 4, 4},
			{9, 4, 6, 16, 3, 4}, {13, 6, 15, 8}},
	}
	d := rawDataset{name: "KAZANTSEVA2012_G2", coders: cs, items: []string{"ch8", "ch10", "ch2", "ch5"}, masses: map[string]map[string][]int{}}
	for item, r := range rows {
		d.masses[item] = map[string][]int{}
		for i, c := range cs {
			d.masses[item][c] = r[i]
		}
	}
	return d
}

func (r rawDataset) only(item string) rawDataset {
	return rawDataset{name: r.name + " " + item, coders: r.coders, items: []string{item}, masses: map[string]map[string][]int{item: r.masses[item]}}
}

func completeAgreement() rawDataset {
	d := rawDataset{name: "COMPLETE_AGREEMENT", coders: []string{"an1", "an2", "an3", "an4"},
		items: []string{"item1", "item2", "item3", "item4"}, masses: map[string]map[string][]int{}}
	ms := [][]int{{2, 8, 2, 1}, {20, 22, 8, 11, 11, 11, 13, 11, 4}, {2, 9, 2, 5, 2, 19, 1, 6}, {6, 5, 27}}
	for i, item := range d.items {
		d.masses[item] = map[string][]int{}
		for _, c := range d.coders {
			d.masses[item][c] = ms[i]
		}
	}
	return d
}

func largeDisagreement() rawDataset {
	d := rawDataset{name: "LARGE_DISAGREEMENT", coders: []string{"an5", "an6"}, masses: map[string]map[string][]int{}}
	for i, n := range []int{12, 20, 5, 42} {
		item := string(rune('a' + i))
		d.items = append(d.items, item)
		d.masses[item] = map[string][]int{"an5": {n}, "an6": ones(n)}
	}
	return d
}

func small(name string, c1, c2 []int) rawDataset {
	return rawDataset{name: name, coders: []string{"c1", "c2"}, items: []string{"i1"},
		masses: map[string]map[string][]int{"i1": {"c1": c1, "c2": c2}}}
}

func (r rawDataset) build(t testing.TB) *Dataset {
	t.Helper()
	var d Dataset
	for _, item := range r.items {
		for _, c := range r.coders {
			if err := d.Add(item, c, mustMasses(t, r.masses[item][c]...)); err != nil {
				t.Fatal(err)
			}
		}
	}
	return &d
}

// multipleBoundaryTypes is MULTIPLE_BOUNDARY_TYPES of sheet §8.2 (sets format).
func multipleBoundaryTypes(t testing.TB) *Dataset {
	var d Dataset
	add := func(item, coder string, sets ...[]int) {
		if err := d.Add(item, coder, mustSets(t, sets...)); err != nil {
			t.Fatal(err)
		}
	}
	add("item1", "an5", []int{1}, nil, nil, nil, []int{1})
	add("item1", "an6", []int{1}, nil, nil, nil, []int{2})
	add("item2", "an5", []int{1}, nil, nil, nil, []int{1})
	add("item2", "an6", nil, nil, nil, []int{1}, nil)
	return &d
}

// pairValues returns, over items × coder pairs, B (one direction) and Pk and
// WD in both directions (SegEval's permuted=True).
func pairValues(t testing.TB, d *Dataset, opt WindowOptions) (bs, pks, wds []float64) {
	t.Helper()
	cs := d.Coders()
	for _, item := range d.Items() {
		for m := range cs {
			for n := m + 1; n < len(cs); n++ {
				a, _ := d.Get(item, cs[m])
				b, _ := d.Get(item, cs[n])
				e, err := BoundaryEdits(a, b, 0)
				if err != nil {
					t.Fatal(err)
				}
				bs = append(bs, e.B())
				for _, p := range [][2]Segmentation{{a, b}, {b, a}} {
					pk, err := Pk(p[0], p[1], 0)
					if err != nil {
						t.Fatal(err)
					}
					wd, err := WindowDiff(p[0], p[1], opt)
					if err != nil {
						t.Fatal(err)
					}
					pks = append(pks, pk.Value)
					wds = append(wds, wd.Value)
				}
			}
		}
	}
	return bs, pks, wds
}

// TestDatasetAgreement reproduces the table of sheet §8.2 (SegEval 2.0.11).
func TestDatasetAgreement(t *testing.T) {
	type row struct {
		aa, aePi, pi, aeKappa, kappa, bias, piS, meanB float64
		nB                                             int
		meanPk                                         float64 // NaN: n/a
		nPk                                            int
	}
	cases := []struct {
		d    func(testing.TB) *Dataset
		name string
		want row
	}{
		{g5().build, "KAZANTSEVA2012_G5", row{0.256457564576, 0.021709313324, 0.239957565220, 0.018931020120, 0.242109932458, 0.002778293203, 0.831722630862, 0.230935503476, 24, 0.355300582824, 48}},
		{g5().only("ch1").build, "KAZANTSEVA2012_G5 ch1", row{0.25, 0.03515625, 0.222672064777, 0.03125, 0.225806451613, 0.00390625, 0.784075573549, 0.222222222222, 6, 0.334848484848, 12}},
		{g2().build, "KAZANTSEVA2012_G2", row{0.420177383592, 0.020045204157, 0.408316976591, 0.016108843537, 0.410684187372, 0.003936360620, 0.898343221502, 0.447457334332, 60, 0.288225692378, 120}},
		{g2().only("ch2").build, "KAZANTSEVA2012_G2 ch2", row{0.546511627907, 0.027777777778, 0.533554817276, 0.026870748299, 0.533989579184, 0.000907029478, 0.904489795918, 0.566666666667, 15, 0.329603729604, 30}},
		{hearst().build, "HEARST_1997_STARGAZER", row{0.530054644809, 0.1225, 0.464449737674, 0.121071428571, 0.465320197263, 0.001428571429, 0.766653099986, 0.533686353329, 21, 0.325814536341, 42}},
		{completeAgreement().build, "COMPLETE_AGREEMENT", row{1, 0.017711409769, 1, 0.009611687812, 1, 0.008099721956, 1, 1, 24, 0, 48}},
		{largeDisagreement().build, "LARGE_DISAGREEMENT", row{0, 0.25, -0.333333333333, 0, 0, 0.25, -0.333333333333, 0, 4, 1, 8}},
		{multipleBoundaryTypes, "MULTIPLE_BOUNDARY_TYPES", row{0.5, 0.0625, 0.466666666667, 0.053333333333, 0.471830985915, 0.009166666667, 0.914666666667, 0.5, 2, math.NaN(), 0}},
		{small("", []int{2, 8, 2, 1}, []int{2, 1, 7, 2, 1}).build, "{c1:[2,8,2,1],c2:[2,1,7,2,1]}", row{0.75, 0.085069444444, 0.726755218216, 0.083333333333, 0.727272727273, 0.001736111111, 0.908918406072, 0.75, 1, 0.090909090909, 2}},
		{small("", []int{2, 8, 2, 1}, []int{11, 2}).build, "{c1:[2,8,2,1],c2:[11,2]}", row{0.166666666667, 0.027777777778, 0.142857142857, 0.020833333333, 0.148936170213, 0.006944444444, 0.785714285714, 0.166666666667, 1, 0.286363636364, 2}},
	}
	const eps = 1e-11 // the sheet prints 12 decimals
	for _, c := range cases {
		d := c.d(t)
		ag, err := DatasetAgreement(d, AgreementOptions{})
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		w := c.want
		for _, x := range []struct {
			what      string
			got, want float64
		}{
			{"A_a", ag.Actual, w.aa}, {"A_e π", ag.ExpectedPi, w.aePi}, {"π", ag.Pi, w.pi},
			{"A_e κ", ag.ExpectedKappa, w.aeKappa}, {"κ", ag.Kappa, w.kappa}, {"bias", ag.Bias, w.bias},
		} {
			if !close(x.got, x.want, eps) {
				t.Errorf("%s: %s = %.12f, want %.12f", c.name, x.what, x.got, x.want)
			}
		}
		agS, err := DatasetAgreement(d, AgreementOptions{Similarity: SimilarityS})
		if err != nil || !close(agS.Pi, w.piS, eps) {
			t.Errorf("%s: π with S = %.12f (%v), want %.12f", c.name, agS.Pi, err, w.piS)
		}
		bs, pks, _ := pairValues(t, d, WindowOptions{})
		if sb := Summarize(bs); !close(sb.Mean, w.meanB, eps) || sb.N != w.nB {
			t.Errorf("%s: mean B = %.12f (%d), want %.12f (%d)", c.name, sb.Mean, sb.N, w.meanB, w.nB)
		}
		if w.nPk > 0 {
			if sp := Summarize(pks); !close(sp.Mean, w.meanPk, eps) || sp.N != w.nPk {
				t.Errorf("%s: mean Pk = %.12f (%d), want %.12f (%d)", c.name, sp.Mean, sp.N, w.meanPk, w.nPk)
			}
		}
	}
}

// TestDatasetSummaries reproduces SegEval's summaries of per-pair values and
// actual_agreement_linear(HEARST, S) of sheet §8.2.
func TestDatasetSummaries(t *testing.T) {
	ag, err := DatasetAgreement(hearst().build(t), AgreementOptions{Similarity: SimilarityS})
	if err != nil || !close(ag.Actual, 0.7952380952380952380952380952, 1e-15) {
		t.Errorf("A_a(S) Hearst = %.17f (%v)", ag.Actual, err)
	}
	type sum struct {
		mean, std, vr, se float64
		n                 int
	}
	check := func(name string, got Summary, w sum, eps float64) {
		t.Helper()
		if !close(got.Mean, w.mean, eps) || got.N != w.n ||
			(!math.IsNaN(w.std) && !close(got.Std, w.std, eps)) ||
			(!math.IsNaN(w.vr) && !close(got.Var, w.vr, eps)) ||
			(!math.IsNaN(w.se) && !close(got.StdErr, w.se, eps)) {
			t.Errorf("%s = %+v, want %+v", name, got, w)
		}
	}
	nan := math.NaN()
	_, pkG5, wdG5 := pairValues(t, g5().build(t), WindowOptions{})
	_, _, wdG5L := pairValues(t, g5().build(t), WindowOptions{Lamprier: true})
	_, pkG2, wdG2 := pairValues(t, g2().build(t), WindowOptions{})
	_, _, wdG2L := pairValues(t, g2().build(t), WindowOptions{Lamprier: true})
	_, pkG5b, _ := pairValues(t, g5().build(t), WindowOptions{})
	check("pk(G5)", Summarize(pkG5), sum{0.35530058282396693, 0.11001760846099215, 0.012103874171476172, 0.015879673965138168, 48}, 1e-14)
	check("pk(G2)", Summarize(pkG2), sum{0.2882256923776327507, 0.1454395656787966, 0.02115266726483699, 0.01327675514600517, 120}, 1e-14)
	check("WD(G5)", Summarize(wdG5), sum{0.42514977232721135, 0.14960495739111837, nan, nan, 48}, 1e-14)
	check("WD(G5) Lamprier", Summarize(wdG5L), sum{0.3981624488837195, nan, nan, nan, 48}, 1e-14)
	check("WD(G2)", Summarize(wdG2), sum{0.3257163091933661553914718469, nan, nan, nan, 120}, 1e-14)
	check("WD(G2) Lamprier", Summarize(wdG2L), sum{0.2745037663246318112728760428, nan, nan, nan, 120}, 1e-14)
	if !equalSlices(pkG5, pkG5b) {
		t.Error("Pk values not deterministic")
	}
	bs, _, _ := pairValues(t, multipleBoundaryTypes(t), WindowOptions{})
	check("B(MULTIPLE_BOUNDARY_TYPES)", Summarize(bs), sum{0.50, 0.25, 0.0625, 0.1767766952966368811002110906, 2}, 1e-15)
}

// TestDatasetIncomplete: in a rotating design (i1 by A and B, i2 by B and
// C, i3 by A and C) every pair is compared on the item both segmented: A_a
// pools B's numerators and denominators over those three (pair, item)
// cells, κ's chance agreement is the mean of the three pairs' products,
// and an item one coder segmented (i4, D alone) changes nothing.
func TestDatasetIncomplete(t *testing.T) {
	cells := []struct {
		item, a, b string
		sa, sb     Segmentation
	}{
		{"i1", "A", "B", mustMasses(t, 2, 3, 6), mustMasses(t, 2, 4, 5)},
		{"i2", "B", "C", mustMasses(t, 5, 5), mustMasses(t, 4, 6)},
		{"i3", "A", "C", mustMasses(t, 1, 2, 3, 4), mustMasses(t, 3, 3, 4)},
	}
	var d Dataset
	var num, den, pseg, kappa float64
	for _, c := range cells {
		if err := d.Add(c.item, c.a, c.sa); err != nil {
			t.Fatal(err)
		}
		if err := d.Add(c.item, c.b, c.sb); err != nil {
			t.Fatal(err)
		}
		e, err := BoundaryEdits(c.sa, c.sb, 0)
		if err != nil {
			t.Fatal(err)
		}
		n, dd := e.BParts()
		num += n
		den += dd
		pb := float64(c.sa.Units()-1) * float64(max(1, e.Types()))
		ba, bb := float64(c.sa.Boundaries()), float64(c.sb.Boundaries())
		pseg += ba/pb + bb/pb
		kappa += (ba / pb) * (bb / pb)
	}
	full, err := DatasetAgreement(&d, AgreementOptions{})
	if err != nil {
		t.Fatal(err)
	}
	wantPi := (pseg / 6) * (pseg / 6)
	if math.Abs(full.Actual-num/den) > 1e-12 || math.Abs(full.ExpectedPi-wantPi) > 1e-12 || math.Abs(full.ExpectedKappa-kappa/3) > 1e-12 || full.Pairs != 3 || full.Items != 3 {
		t.Errorf("got %+v; want A_a %v, A_e(π) %v, A_e(κ) %v over 3 pairs and 3 items", full, num/den, wantPi, kappa/3)
	}
	if err := d.Add("i4", "D", mustMasses(t, 3, 3)); err != nil {
		t.Fatal(err)
	}
	with, err := DatasetAgreement(&d, AgreementOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if with.Actual != full.Actual || with.Pi != full.Pi || with.Kappa != full.Kappa || with.Pairs != 3 || with.Items != 3 {
		t.Errorf("an item of one coder changed the agreement: %+v, was %+v", with, full)
	}
}

// TestSummarizer: the streaming summary's mean is the sum over the count
// bit for bit and its variance the two-pass Σ(x − mean)²/n to 1e-12
// relative on samples of values in [0, scale] (the measures are in [0, 1]),
// NaN left out and counted.
func TestSummarizer(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for trial := range 500 {
		n := r.IntN(50)
		scale := math.Pow(10, float64(r.IntN(7)-3))
		var xs []float64
		var s Summarizer
		var sum float64
		defined, undefined := 0, 0
		for range n {
			x := scale * r.Float64()
			if r.IntN(8) == 0 {
				x = math.NaN()
				undefined++
			} else {
				sum += x
				defined++
			}
			xs = append(xs, x)
			s.Add(x)
		}
		got := s.Summary()
		if got.N != defined || got.Undefined != undefined {
			t.Fatalf("trial %d: n %d/%d", trial, got.N, got.Undefined)
		}
		if defined == 0 {
			if !math.IsNaN(got.Mean) || !math.IsNaN(got.Var) {
				t.Fatalf("trial %d: %+v with no value", trial, got)
			}
			continue
		}
		mean := sum / float64(defined)
		var ss float64
		for _, x := range xs {
			if !math.IsNaN(x) {
				ss += (x - mean) * (x - mean)
			}
		}
		v := ss / float64(defined)
		if got.Mean != mean || math.Abs(got.Var-v) > 1e-12*v {
			t.Fatalf("trial %d: mean %v var %v, want %v %v", trial, got.Mean, got.Var, mean, v)
		}
	}
}

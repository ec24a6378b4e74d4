package distance

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"
)

func setDist(t *testing.T, sp Spec, a, b string) float64 {
	t.Helper()
	m, err := sp.Bind([]string{a, b}, nil)
	if err != nil {
		t.Fatal(err)
	}
	return m.Distance(0, 1)
}

// TestSetDistancesByHand checks each distance on the four relations
// (equal, subset, overlap, disjoint); expected values worked by hand from
// the definitions in shared/reference/coding.md.
func TestSetDistancesByHand(t *testing.T) {
	tests := []struct {
		a, b                      string
		jac, dice, pass, masi, nm float64
		why                       string
	}{
		{"a|b", "b|a", 0, 0, 0, 0, 0, "equal sets written in another order"},
		{"a", "a|b", 0.5, 1 - 2.0/3, 1.0 / 3, 1 - 0.5*2/3, 0, "subset: J=1/2, M=2/3"},
		// NLTK's masi_distance({1,2},{1,2,3,4}) = 0.665; exactly 1 − (1/2)(2/3) = 2/3.
		{"1|2", "1|2|3|4", 0.5, 1 - 4.0/6, 1.0 / 3, 2.0 / 3, 0, "MASI exact thirds (coreference.md §7)"},
		{"a|b", "b|c", 1 - 1.0/3, 0.5, 2.0 / 3, 1 - 1.0/9, 0, "overlap: J=1/3, M=1/3"},
		{"a|b", "c|d", 1, 1, 1, 1, 0, "disjoint"},
		{"", "a", 1, 1, 1, 1, 0, "empty vs non-empty: disjoint by convention"},
		{"", " | ", 0, 0, 0, 0, 0, "two spellings of the empty set"},
		{" a | b |a", "b|a", 0, 0, 0, 0, 0, "spaces and repeats are ignored"},
	}
	for _, tc := range tests {
		for _, c := range []struct {
			sp   Spec
			want float64
		}{{Jaccard(""), tc.jac}, {Dice(""), tc.dice}, {Passonneau(""), tc.pass}, {MASI(""), tc.masi}} {
			got := setDist(t, c.sp, tc.a, tc.b)
			if math.Abs(got-c.want) > 1e-15 {
				t.Errorf("%s(%q, %q) = %v, want %v (%s)", c.sp.Name(), tc.a, tc.b, got, c.want, tc.why)
			}
			if back := setDist(t, c.sp, tc.b, tc.a); back != got {
				t.Errorf("%s not symmetric on %q, %q", c.sp.Name(), tc.a, tc.b)
			}
		}
	}
}

// TestMASISeed003 reproduces the worked examples of Passonneau (2006), seed
// 003, Figures 2 and 3 (coders A3, A4; units x, y, z). Without removing the
// unit: Figure 2 mean Jaccard 5/9 and mean MASI 10/27 (as printed). Figure 3:
// mean Jaccard 4/9 as printed, but mean MASI is 7/27, not the printed 6/27:
// the paper assigns J = 2/3 to column y and 1/3 to x and z, while the sets
// give J(x) = J(z) = 1/2 and J(y) = 1/3, hence MASI = (1/3 + 1/9 + 1/3)/3 =
// 7/27 (the erratum noted in shared/reference/coding.md). With the unit
// removed, as the paper's text prescribes, the means are 1/3 and 0.
func TestMASISeed003(t *testing.T) {
	type fig struct {
		name        string
		units       []string
		a3, a4      []string
		jac, masi   float64 // means, whole sets
		masiRemoved float64 // mean, unit removed
	}
	figs := []fig{
		{"Figure 2", []string{"x", "y", "z"}, []string{"x|y", "x|y", "x"}, []string{"x|y|z", "x|y|z", "x|y|z"}, 5.0 / 9, 10.0 / 27, 1.0 / 3},
		{"Figure 3", []string{"x", "y", "z"}, []string{"x|y", "x|y", "z"}, []string{"x", "y|z", "y|z"}, 4.0 / 9, 7.0 / 27, 0},
	}
	remove := func(set, unit string) string {
		var keep []string
		for _, e := range ParseSet(set, "|") {
			if e != unit {
				keep = append(keep, e)
			}
		}
		return strings.Join(keep, "|")
	}
	for _, f := range figs {
		var sj, sm, smr float64
		for i, u := range f.units {
			sj += 1 - setDist(t, Jaccard(""), f.a3[i], f.a4[i])
			sm += 1 - setDist(t, MASI(""), f.a3[i], f.a4[i])
			smr += 1 - setDist(t, MASI(""), remove(f.a3[i], u), remove(f.a4[i], u))
		}
		n := float64(len(f.units))
		for _, c := range []struct {
			what      string
			got, want float64
		}{{"mean Jaccard", sj / n, f.jac}, {"mean MASI", sm / n, f.masi}, {"mean MASI, unit removed", smr / n, f.masiRemoved}} {
			if math.Abs(c.got-c.want) > 1e-12 {
				t.Errorf("%s %s = %v, want %v", f.name, c.what, c.got, c.want)
			}
		}
	}
}

// TestSetCrossMatchesBruteForce: the inverted-index Cross must equal the
// plain double sum of distances (two computation paths), including repeated
// sets under different spellings and empty sets.
func TestSetCrossMatchesBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	for trial := 0; trial < 60; trial++ {
		k := 1 + rng.IntN(40)
		labels := make([]string, k)
		for i := range labels {
			n := rng.IntN(4)
			var el []string
			for range n {
				el = append(el, fmt.Sprint(rng.IntN(8)))
			}
			labels[i] = strings.Join(el, "|")
		}
		randVec := func() Vector {
			w := make([]float64, k)
			for i := range w {
				if rng.IntN(3) > 0 {
					w[i] = float64(rng.IntN(5))
				}
			}
			return Dense(w)
		}
		for _, name := range setNames {
			sp, _ := SetDistance(name, "|")
			m, err := sp.Bind(labels, nil)
			if err != nil {
				t.Fatal(err)
			}
			p, q := randVec(), randVec()
			want := 0.0
			for i, a := range p.ID {
				for j, b := range q.ID {
					want += p.W[i] * q.W[j] * m.Distance(a, b)
				}
			}
			if got := Cross(m, p, q); math.Abs(got-want) > 1e-9*math.Max(1, want) {
				t.Fatalf("%s trial %d: Cross = %v, brute force %v", name, trial, got, want)
			}
			wantPP := 0.0
			for i, a := range p.ID {
				for j, b := range p.ID {
					wantPP += p.W[i] * p.W[j] * m.Distance(a, b)
				}
			}
			if got := Cross(m, p, p); math.Abs(got-wantPP) > 1e-9*math.Max(1, wantPP) {
				t.Fatalf("%s trial %d: Cross(p, p) = %v, brute force %v", name, trial, got, wantPP)
			}
			ids := p.ID
			bestWant := 0.0
			for i, a := range ids {
				for _, b := range ids[i+1:] {
					bestWant = math.Max(bestWant, m.Distance(a, b))
				}
			}
			if got := Max(m, ids); got != bestWant {
				t.Fatalf("%s: Max = %v, want %v", name, got, bestWant)
			}
		}
	}
}

func TestSetDistanceParse(t *testing.T) {
	tests := []struct {
		in, name string
		sep      string
		ok       bool
	}{
		{"masi", "masi", "|", true},
		{"MASI", "masi", "|", true},
		{"jaccard:;", "jaccard:;", ";", true},
		{"dice", "dice", "|", true},
		{"passonneau", "passonneau", "|", true},
	}
	for _, tc := range tests {
		sp, err := Parse(tc.in)
		if err != nil {
			t.Fatalf("Parse(%q): %v", tc.in, err)
		}
		if sp.Name() != tc.name {
			t.Errorf("Parse(%q).Name() = %q, want %q", tc.in, sp.Name(), tc.name)
		}
		if got := setDist(t, sp, "a"+tc.sep+"b", "a"); got == 1 {
			t.Errorf("Parse(%q): separator %q not used", tc.in, tc.sep)
		}
	}
	if _, err := SetDistance("cosine", ""); err == nil {
		t.Error("SetDistance(cosine) succeeded")
	}
}

func ExampleMASI() {
	m, _ := MASI("|").Bind([]string{"1|2", "1|2|3|4", "a|b", "b|c"}, nil)
	fmt.Printf("%.6f %.6f\n", m.Distance(0, 1), m.Distance(2, 3))
	// Output: 0.666667 0.888889
}

// BenchmarkMASICross: expected disagreement over 5000 distinct sets of 1–4
// elements drawn from 2000 elements (the inverted-index path).
func BenchmarkMASICross(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	k := 5000
	labels := make([]string, k)
	w := make([]float64, k)
	for i := range labels {
		n := 1 + rng.IntN(4)
		var el []string
		for range n {
			el = append(el, fmt.Sprint(rng.IntN(2000)))
		}
		labels[i] = strings.Join(el, "|")
		w[i] = float64(1 + rng.IntN(3))
	}
	m, err := MASI("").Bind(labels, nil)
	if err != nil {
		b.Fatal(err)
	}
	v := Dense(w)
	for b.Loop() {
		Cross(m, v, v)
	}
}

// distanceOnly hides a metric's Cross and Max, forcing the generic paths.
type distanceOnly struct{ m Metric }

func (d distanceOnly) Distance(a, b int) float64 { return d.m.Distance(a, b) }

// BenchmarkMASICrossGeneric is BenchmarkMASICross through the generic
// O(k²) double sum, for comparison.
func BenchmarkMASICrossGeneric(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	k := 5000
	labels := make([]string, k)
	w := make([]float64, k)
	for i := range labels {
		n := 1 + rng.IntN(4)
		var el []string
		for range n {
			el = append(el, fmt.Sprint(rng.IntN(2000)))
		}
		labels[i] = strings.Join(el, "|")
		w[i] = float64(1 + rng.IntN(3))
	}
	m, err := MASI("").Bind(labels, nil)
	if err != nil {
		b.Fatal(err)
	}
	v := Dense(w)
	for b.Loop() {
		Cross(distanceOnly{m}, v, v)
	}
}

// TestSetCrossBitsets: large overlapping sets (every "all but one" subset of
// 100 elements, as coreference chains coded without the mention itself,
// plus random halves and a separate small component) take the bit-set path;
// it must equal the brute-force double sum, and Max the brute-force maximum.
func TestSetCrossBitsets(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9))
	var labels []string
	for x := 0; x < 100; x++ {
		var el []string
		for e := 0; e < 100; e++ {
			if e != x {
				el = append(el, fmt.Sprint(e))
			}
		}
		labels = append(labels, strings.Join(el, "|"))
	}
	for range 30 {
		var el []string
		for e := 0; e < 100; e++ {
			if rng.IntN(2) == 0 {
				el = append(el, fmt.Sprint(e))
			}
		}
		labels = append(labels, strings.Join(el, "|"))
	}
	labels = append(labels, "x|y", "y|z", "x|y|z", "")
	w := make([]float64, len(labels))
	for i := range w {
		w[i] = float64(1 + rng.IntN(4))
	}
	for _, name := range setNames {
		sp, _ := SetDistance(name, "")
		m, err := sp.Bind(labels, nil)
		if err != nil {
			t.Fatal(err)
		}
		v := Dense(w)
		want := 0.0
		for i, a := range v.ID {
			for j, b := range v.ID {
				want += v.W[i] * v.W[j] * m.Distance(a, b)
			}
		}
		if got := Cross(m, v, v); math.Abs(got-want) > 1e-9*want {
			t.Errorf("%s: Cross = %v, brute force %v", name, got, want)
		}
		// Max over the big component alone (no disjoint pair there).
		ids := v.ID[:130]
		bestWant := 0.0
		for i, a := range ids {
			for _, b := range ids[i+1:] {
				bestWant = math.Max(bestWant, m.Distance(a, b))
			}
		}
		if got := Max(m, ids); math.Abs(got-bestWant) > 1e-15 {
			t.Errorf("%s: Max = %v, want %v", name, got, bestWant)
		}
	}
}

// TestSizeDistance: the distance from |A|, |B| and |A ∩ B| alone equals the
// bound metric's on random sets (empty, equal, nested, overlapping and
// disjoint ones), for every set distance; it refuses other distances.
func TestSizeDistance(t *testing.T) {
	rng := rand.New(rand.NewPCG(25, 2))
	for _, name := range setNames {
		sp, _ := SetDistance(name, "")
		d, ok := SizeDistance(sp)
		if !ok {
			t.Fatalf("%s: not a set distance", name)
		}
		for range 2000 {
			var a, b []string
			in := map[string]bool{}
			for e := range rng.IntN(7) {
				a = append(a, fmt.Sprint(e))
				in[fmt.Sprint(e)] = true
			}
			n := 0
			for e := range rng.IntN(9) {
				if rng.IntN(2) == 0 {
					continue
				}
				x := fmt.Sprint(e)
				b = append(b, x)
				if in[x] {
					n++
				}
			}
			want := setDist(t, sp, strings.Join(a, "|"), strings.Join(b, "|"))
			if got := d(len(a), len(b), n); got != want {
				t.Fatalf("%s: %v vs %v: from sizes %v, metric %v", name, a, b, got, want)
			}
		}
	}
	if _, ok := SizeDistance(Nominal()); ok {
		t.Error("nominal taken for a set distance")
	}
}

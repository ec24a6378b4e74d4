package gamma

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"agree/internal/longtest"
	"agree/unitizing"
)

func continuumOf(us []fu) *unitizing.Continuum {
	c := &unitizing.Continuum{Name: "test"}
	for _, u := range us {
		c.Units = append(c.Units, unitizing.Unit{Annotator: c.AnnotatorIndex(u.ann), Category: u.cat, Start: u.start, End: u.end})
	}
	return c
}

func combinedFor(t testing.TB, c *unitizing.Continuum, alpha, beta, delta float64) *Combined {
	t.Helper()
	d, err := NewCombined(alpha, beta, delta, nil, c.Categories())
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func near(a, b, tol float64) bool { return math.Abs(a-b) <= tol*math.Max(1, math.Abs(b)) }

// TestFigure10 restates the positional dissimilarities of Mathet et al.
// (2015), Fig. 10 (also in gamma.md), in multiples of Δ∅.
func TestFigure10(t *testing.T) {
	// tol is half a unit of the last decimal the paper prints; by hand:
	// ((36+30)/14)² = 22.22, ((16+11)/15)² = 3.24 (printed 3.2),
	// (10/20)² = 1, (5/15)² = 0.111, (6+1)/15 → 0.2178 (printed 0.222).
	tests := []struct {
		u, v      [2]float64
		want, tol float64
	}{
		{[2]float64{4, 14}, [2]float64{40, 44}, 22.22, 0.005},
		{[2]float64{4, 14}, [2]float64{20, 25}, 3.2, 0.05},
		{[2]float64{4, 14}, [2]float64{14, 24}, 1, 1e-12},
		{[2]float64{20, 30}, [2]float64{20, 25}, 0.111, 0.0005},
		{[2]float64{20, 25}, [2]float64{14, 24}, 0.222, 0.005},
		{[2]float64{4, 14}, [2]float64{4, 14}, 0, 0},
	}
	for _, tc := range tests {
		u := unitizing.Unit{Start: tc.u[0], End: tc.u[1]}
		v := unitizing.Unit{Start: tc.v[0], End: tc.v[1]}
		if got := Sporadic(u, v); math.Abs(got-tc.want) > tc.tol {
			t.Errorf("d_pos(%v, %v) = %v, want %v (Fig. 10)", tc.u, tc.v, got, tc.want)
		}
		if Sporadic(u, v) != Sporadic(v, u) {
			t.Errorf("d_pos not symmetric for %v, %v", tc.u, tc.v)
		}
	}
}

// TestPygammaPairs checks every pairwise dissimilarity of the pygamma fixtures.
func TestPygammaPairs(t *testing.T) {
	for _, fx := range pygammaFixtures {
		c := continuumOf(fx.units)
		d := combinedFor(t, c, fx.alpha, fx.beta, fx.delta)
		byAnn := map[string][]unitizing.Unit{}
		for _, u := range fx.units {
			byAnn[u.ann] = append(byAnn[u.ann], unitizing.Unit{Category: u.cat, Start: u.start, End: u.end})
		}
		for _, p := range fx.pairs {
			u, v := byAnn[p.annA][p.idxA], byAnn[p.annB][p.idxB]
			if got := d.Positional(u, v) / fx.delta; !near(got, p.pos, 2e-6) {
				t.Errorf("%s %v: positional %v, pygamma %v", fx.name, p, got, p.pos)
			}
			if got := d.CategoryDistance(u, v) / fx.delta; !near(got, p.cat, 2e-6) {
				t.Errorf("%s %v: categorical %v, pygamma %v", fx.name, p, got, p.cat)
			}
			if got := d.Between(u, v); !near(got, p.combined, 2e-6) {
				t.Errorf("%s %v: combined %v, pygamma %v", fx.name, p, got, p.combined)
			}
		}
	}
}

// TestPygammaBestDisorder reproduces pygamma's best disorders: the fixture
// continua and the random continua pygamma sampled (10 per fixture), and
// checks each against brute force where it is small enough.
func TestPygammaBestDisorder(t *testing.T) {
	for _, fx := range pygammaFixtures {
		cases := append([]fsample{{fx.units, fx.best}}, fx.samples...)
		for k, s := range cases {
			c := continuumOf(s.units)
			if len(c.Annotators) < 2 {
				continue
			}
			d := combinedFor(t, c, fx.alpha, fx.beta, fx.delta)
			al, err := BestAlignment(c, d)
			if err != nil {
				t.Fatal(err)
			}
			if !near(al.Disorder, s.disorder, 2e-6) {
				t.Errorf("%s case %d: disorder %v, pygamma %v", fx.name, k, al.Disorder, s.disorder)
			}
			if len(c.Units) <= 8 {
				if bf := bruteForce(c, d); !near(al.Disorder, bf, 1e-9) {
					t.Errorf("%s case %d: disorder %v, brute force %v", fx.name, k, al.Disorder, bf)
				}
			}
			checkAlignment(t, c, d, al)
		}
	}
}

// bruteForce returns the minimum disorder over every partition of the
// units into unitary alignments (blocks with at most one unit per
// annotator), with no pruning at all.
func bruteForce(c *unitizing.Continuum, d Dissimilarity) float64 {
	n := len(c.Annotators)
	cn := float64(n*(n-1)) / 2
	delta := d.Empty()
	m := len(c.Units)
	blockOf := make([]int, m) // restricted growth string: blockOf[i] ≤ 1 + max(blockOf[:i])
	cost := func(b []int) float64 {
		s := 0.0
		for i := range b {
			for j := i + 1; j < len(b); j++ {
				s += d.Between(c.Units[b[i]], c.Units[b[j]])
			}
		}
		k := len(b)
		return (s + (cn-float64(k*(k-1)/2))*delta) / cn
	}
	best := math.Inf(1)
	var rec func(i, nb int)
	rec = func(i, nb int) {
		if i == m {
			blocks := make([][]int, nb)
			for u, b := range blockOf {
				blocks[b] = append(blocks[b], u)
			}
			tot := 0.0
			for _, b := range blocks {
				tot += cost(b)
			}
			best = math.Min(best, tot)
			return
		}
		for b := 0; b <= nb; b++ {
			ok := true
			for u := 0; u < i; u++ {
				if blockOf[u] == b && c.Units[u].Annotator == c.Units[i].Annotator {
					ok = false
					break
				}
			}
			if ok {
				blockOf[i] = b
				rec(i+1, max(nb, b+1))
			}
		}
	}
	rec(0, 0)
	return best / (float64(len(c.Units)) / float64(n))
}

// checkAlignment verifies that al is a valid alignment whose stated
// disorders match a recomputation from the units.
func checkAlignment(t *testing.T, c *unitizing.Continuum, d Dissimilarity, al *Alignment) {
	t.Helper()
	n := len(c.Annotators)
	cn := float64(n*(n-1)) / 2
	seen := make([]int, len(c.Units))
	tot := 0.0
	for _, ua := range al.Unitary {
		anns := map[int]bool{}
		s := 0.0
		for i, x := range ua.Units {
			seen[x]++
			if anns[c.Units[x].Annotator] {
				t.Fatalf("unitary alignment %v has two units of one annotator", ua.Units)
			}
			anns[c.Units[x].Annotator] = true
			for _, y := range ua.Units[i+1:] {
				s += d.Between(c.Units[x], c.Units[y])
			}
		}
		k := len(ua.Units)
		want := (s + (cn-float64(k*(k-1)/2))*d.Empty()) / cn
		if !near(ua.Disorder, want, 1e-12) {
			t.Fatalf("unitary %v: disorder %v, recomputed %v", ua.Units, ua.Disorder, want)
		}
		tot += want
	}
	for i, k := range seen {
		if k != 1 {
			t.Fatalf("unit %d appears %d times", i, k)
		}
	}
	if want := tot / (float64(len(c.Units)) / float64(n)); !near(al.Disorder, want, 1e-12) {
		t.Fatalf("disorder %v, recomputed %v", al.Disorder, want)
	}
}

// randomContinuum draws units clustered around a few true positions, so
// that alignments are non-trivial (overlaps, near-ties, empty annotators).
func randomContinuum(rng *rand.Rand, n, maxUnits int, cats []string, span float64) *unitizing.Continuum {
	c := &unitizing.Continuum{Name: "random"}
	for a := 0; a < n; a++ {
		c.Annotators = append(c.Annotators, fmt.Sprint("A", a))
	}
	total := 1 + rng.IntN(maxUnits)
	for range total {
		s := math.Round(rng.Float64()*span*2) / 2
		l := 0.5 + math.Round(rng.Float64()*span/2*2)/2
		c.Units = append(c.Units, unitizing.Unit{Annotator: rng.IntN(n), Category: cats[rng.IntN(len(cats))], Start: s, End: s + l})
	}
	return c
}

// TestBruteForceRandom compares BestAlignment with exhaustive enumeration
// on many small random continua of 2, 3 and 4 annotators, several α, β, Δ∅.
func TestBruteForceRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	params := [][3]float64{{1, 1, 1}, {3, 1, 1}, {1, 0, 1}, {2, 1, 0.5}, {1, 2, 2}}
	trials := 0
	for n := 2; n <= 4; n++ {
		for trial := 0; trial < 250; trial++ {
			c := randomContinuum(rng, n, 8, []string{"x", "y", "z"}, 10)
			p := params[trial%len(params)]
			d := combinedFor(t, c, p[0], p[1], p[2])
			al, err := BestAlignment(c, d)
			if err != nil {
				t.Fatal(err)
			}
			checkAlignment(t, c, d, al)
			if bf := bruteForce(c, d); !near(al.Disorder, bf, 1e-9) {
				t.Fatalf("n=%d trial %d params %v: disorder %v, brute force %v\n%+v", n, trial, p, al.Disorder, bf, c.Units)
			}
			// the general state encoding of the dynamic programme, and the
			// exhaustive (unpruned) programme in both encodings
			for _, v := range [][4]bool{{true, false, false, false}, {false, true, false, false}, {true, true, false, false}, {false, false, true, false}, {false, false, false, true}} {
				a, _ := newAligner(c, d)
				a.genericDP, a.exhaustiveDP, a.useLP, a.useCG = v[0], v[1], v[2], v[3]
				al2, err := a.solve()
				if err != nil || !near(al2.Disorder, al.Disorder, 1e-12) || !al2.Exact || al2.LowerBound != al2.Disorder {
					t.Fatalf("n=%d trial %d: generic %v exhaustive %v LP %v CG %v: %v (%v), default %v", n, trial, v[0], v[1], v[2], v[3], al2, err, al.Disorder)
				}
				checkAlignment(t, c, d, al2)
			}
			trials++
		}
	}
	t.Logf("%d random continua matched brute force", trials)
}

// TestTwoSolversAgree: for 2 annotators the assignment path and the dynamic
// programme (the n ≥ 3 path) must find the same disorder.
func TestTwoSolversAgree(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for trial := 0; trial < 100; trial++ {
		c := randomContinuum(rng, 2, 24, []string{"x", "y"}, 40)
		d := combinedFor(t, c, 1, 1, 1)
		a1, err := BestAlignment(c, d)
		if err != nil {
			t.Fatal(err)
		}
		a, _ := newAligner(c, d)
		a.genericDP = trial%2 == 1
		a.neighbours()
		// force the generic paths: enumerate tuples as for n ≥ 3, and
		// column generation
		var items []int32
		for i := range a.items {
			items = append(items, int32(i))
		}
		a.enumerate(items, 1<<30)
		sel, err := a.solveDPOnly(items, seq(0, len(a.tuples)))
		if err != nil {
			t.Fatal(err)
		}
		cost := func(sel []int) float64 {
			tot := float64(len(a.items)) * a.delta
			for _, ti := range sel {
				tot += a.tuples[ti].cost - float64(len(a.tuples[ti].members))*a.delta
			}
			return tot / (float64(len(a.items)) / 2)
		}
		if got := cost(sel); !near(got, a1.Disorder, 1e-9) {
			t.Fatalf("trial %d: assignment %v, dynamic programme %v", trial, a1.Disorder, got)
		}
		sel, _, exact, err := a.solveCG(items)
		if got := cost(sel); err != nil || !exact || !near(got, a1.Disorder, 1e-9) {
			t.Fatalf("trial %d: assignment %v, column generation %v (exact %v, %v)", trial, a1.Disorder, got, exact, err)
		}
	}
}

// TestReferenceCases: hand-checkable cases from gamma.md.
func TestReferenceCases(t *testing.T) {
	tests := []struct {
		name  string
		units []fu
		alpha float64
		want  float64
		nUA   int
	}{
		// identical single units: δ = 0
		{"identical", []fu{{"A", "x", 0, 10}, {"B", "x", 0, 10}}, 1, 0, 1},
		// same span, different category: pair costs d_cat = 1, two singletons
		// cost 2; x̄ = 1 → δ(â) = 1.
		{"same span, other category", []fu{{"A", "x", 0, 10}, {"B", "y", 0, 10}}, 1, 1, 1},
		// [0,10] vs [10,20], nominal equal: d_pos = ((10+10)/20)² = 1, α = 2 →
		// pair costs exactly 2 = two singletons: tie, the rule keeps
		// singletons (a unit joins only when it strictly lowers the disorder).
		{"tie at 2Δ∅ stays apart", []fu{{"A", "x", 0, 10}, {"B", "x", 10, 20}}, 2, 2, 2},
		// duplicates are kept: A has two identical units, B one → one pair
		// (cost 0) + one singleton (1); x̄ = 1.5 → 2/3.
		{"duplicates kept", []fu{{"A", "x", 0, 10}, {"A", "x", 0, 10}, {"B", "x", 0, 10}}, 1, 1.0 / 1.5, 2},
	}
	for _, tc := range tests {
		c := continuumOf(tc.units)
		d := combinedFor(t, c, tc.alpha, 1, 1)
		al, err := BestAlignment(c, d)
		if err != nil {
			t.Fatal(err)
		}
		if !near(al.Disorder, tc.want, 1e-12) || len(al.Unitary) != tc.nUA {
			t.Errorf("%s: disorder %v with %d unitary alignments, want %v with %d", tc.name, al.Disorder, len(al.Unitary), tc.want, tc.nUA)
		}
	}
}

// TestInvariance: the disorder does not depend on the order of units or
// of annotators, nor on category names, and scales with nothing else.
func TestInvariance(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9))
	for trial := 0; trial < 60; trial++ {
		n := 2 + trial%3
		c := randomContinuum(rng, n, 14, []string{"x", "y", "z"}, 30)
		d := combinedFor(t, c, 1, 1, 1)
		base, err := BestAlignment(c, d)
		if err != nil {
			t.Fatal(err)
		}
		// shuffle units, reverse annotators, rename categories
		c2 := &unitizing.Continuum{Name: "perm", Annotators: make([]string, n)}
		for i, a := range c.Annotators {
			c2.Annotators[n-1-i] = a
		}
		perm := rng.Perm(len(c.Units))
		for _, p := range perm {
			u := c.Units[p]
			u.Annotator = n - 1 - u.Annotator
			u.Category = "cat-" + u.Category
			c2.Units = append(c2.Units, u)
		}
		d2 := combinedFor(t, c2, 1, 1, 1)
		al2, err := BestAlignment(c2, d2)
		if err != nil {
			t.Fatal(err)
		}
		if !near(base.Disorder, al2.Disorder, 1e-9) {
			t.Fatalf("trial %d: disorder %v after permutation, %v before", trial, al2.Disorder, base.Disorder)
		}
	}
}

// TestBoundedDP: the branch-and-bound search returns the same disorder as
// the exhaustive dynamic programme on denser random continua (too large
// for brute force).
func TestBoundedDP(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 17))
	for trial := 0; trial < 120; trial++ {
		n := 3 + trial%3
		c := randomContinuum(rng, n, 18, []string{"x", "y", "z"}, 25)
		p := [][3]float64{{1, 1, 1}, {3, 1, 1}, {0.5, 1, 1}}[trial%3]
		d := combinedFor(t, c, p[0], p[1], p[2])
		al, err := BestAlignment(c, d)
		if err != nil {
			t.Fatal(err)
		}
		checkAlignment(t, c, d, al)
		a, _ := newAligner(c, d)
		a.exhaustiveDP = true
		ex, err := a.solve()
		if err != nil {
			t.Fatal(err)
		}
		a, _ = newAligner(c, d)
		a.genericDP = true
		gen, err := a.solve()
		if err != nil {
			t.Fatal(err)
		}
		a, _ = newAligner(c, d)
		a.useLP = true
		viaLP, err := a.solve()
		if err != nil {
			t.Fatal(err)
		}
		checkAlignment(t, c, d, viaLP)
		if !near(al.Disorder, ex.Disorder, 1e-9) || !near(gen.Disorder, ex.Disorder, 1e-9) || !near(viaLP.Disorder, ex.Disorder, 1e-9) {
			t.Fatalf("trial %d (n=%d, %d units): bounded %v, bounded generic %v, LP %v, exhaustive %v", trial, n, len(c.Units), al.Disorder, gen.Disorder, viaLP.Disorder, ex.Disorder)
		}
	}
}

// TestNeighbourSweep: the sweep by length classes finds exactly the pairs
// of a scan over every pair (d below the pair bound, different
// annotators), with their dissimilarities, on units of very different
// lengths.
func TestNeighbourSweep(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 33))
	for trial := 0; trial < 40; trial++ {
		n := 2 + trial%3
		c := &unitizing.Continuum{}
		for a := 0; a < n; a++ {
			c.Annotators = append(c.Annotators, fmt.Sprint("A", a))
		}
		for range 60 + rng.IntN(60) {
			s := math.Round(rng.Float64()*200*4) / 4
			l := math.Exp(rng.Float64()*8) / 10 // 0.1 to 300
			c.Units = append(c.Units, unitizing.Unit{Annotator: rng.IntN(n), Category: "x", Start: s, End: s + l})
		}
		d := combinedFor(t, c, []float64{1, 3, 0.3}[trial%3], 1, 1)
		a, err := newAligner(c, d)
		if err != nil {
			t.Fatal(err)
		}
		a.neighbours()
		bound := (a.c + float64(a.n) - 1) * a.delta
		for i := range a.items {
			var want []nb
			for j := i + 1; j < len(a.items); j++ {
				if a.items[j].ann != a.items[i].ann {
					if dd := a.dist(i, j); dd < bound {
						want = append(want, nb{int32(j), dd})
					}
				}
			}
			if fmt.Sprint(a.fwd[i]) != fmt.Sprint(want) {
				t.Fatalf("trial %d, unit %d: sweep %v, all pairs %v", trial, i, a.fwd[i], want)
			}
		}
	}
}

// TestWideMaskDP: components whose tuples span 64 to 127 units use the
// two-word masks of the programme, whose search order and arithmetic are
// those of the general encoding: both must choose the same tuples, with
// and without pruning, and give the optimum of the default solver. Each
// continuum has a long unit of annotator 0 at 0 and one of annotator 1 at
// s, aligned together, with 64 to 110 short units of annotators 1 and 2
// starting in between (so the pair of long units spans them all).
func TestWideMaskDP(t *testing.T) {
	rng := rand.New(rand.NewPCG(12, 60))
	cats := []string{"x", "y"}
	trials := 6
	if !longtest.Enabled() {
		trials = 2
	}
	for trial := 0; trial < trials; trial++ {
		short := 64 + rng.IntN(47)
		s := float64(short + 2)
		us := []unitizing.Unit{{Annotator: 0, Category: "x", Start: 0, End: 2 * s}, {Annotator: 1, Category: "x", Start: s, End: 3 * s}}
		for k := 0; k < short; k++ {
			st := 1 + float64(k)
			us = append(us, unitizing.Unit{Annotator: 1 + k%2, Category: cats[rng.IntN(2)], Start: st, End: st + float64(1+rng.IntN(3))})
		}
		cont := &unitizing.Continuum{Annotators: []string{"A", "B", "C"}, Units: us}
		d := combinedFor(t, cont, 1, 1, 1)
		al, err := BestAlignment(cont, d)
		if err != nil || !al.Exact {
			t.Fatalf("trial %d: %v (exact %v)", trial, err, al != nil && al.Exact)
		}
		xbar := float64(len(cont.Units)) / 3
		for _, exhaustive := range []bool{false, true} {
			var sels [2][]int
			for k, generic := range []bool{false, true} {
				a, _ := newAligner(cont, d)
				a.genericDP, a.exhaustiveDP = generic, exhaustive
				a.neighbours()
				items := make([]int32, len(a.items))
				for i := range items {
					items[i] = int32(i)
				}
				a.enumerate(items, 1<<30)
				ds := &dpSolver{a: a, n: int32(len(items)), byFirst: make([][]ltuple, len(items))}
				for _, tu := range a.tuples {
					ds.byFirst[tu.members[0]] = append(ds.byFirst[tu.members[0]], ltuple{rest: tu.members[1:]})
				}
				if w := ds.width(); w < 64 || w >= 128 {
					t.Fatalf("trial %d: width %d, want 64 to 127", trial, w)
				}
				sel, found, err := a.solveDPWith(items, seq(0, len(a.tuples)), dpOptions{budget: math.Inf(1), limit: 1 << 20})
				if err != nil || !found {
					t.Fatalf("trial %d generic %v exhaustive %v: %v (found %v)", trial, generic, exhaustive, err, found)
				}
				tot := float64(len(a.items)) * a.delta
				for _, ti := range sel {
					tot += a.tuples[ti].cost - float64(len(a.tuples[ti].members))*a.delta
				}
				if !near(tot/xbar, al.Disorder, 1e-12) {
					t.Errorf("trial %d generic %v exhaustive %v: disorder %v, default solver %v", trial, generic, exhaustive, tot/xbar, al.Disorder)
				}
				sels[k] = sel
			}
			if !slices.Equal(sels[0], sels[1]) {
				t.Errorf("trial %d exhaustive %v: two-word masks chose %v, general encoding %v", trial, exhaustive, sels[0], sels[1])
			}
		}
	}
}

package unitizing

import (
	"math"
	"math/rand/v2"
	"testing"

	"agree/internal/assign"
)

func us(sp ...span) []Unit {
	var out []Unit
	for _, x := range sp {
		out = append(out, Unit{Category: x.c, Start: x.s, End: x.e})
	}
	return out
}

func TestSERHand(t *testing.T) {
	// Costs from Mathet et al. 2015 §3.4.2 (T 0.5, B 0.5, TB 1, I 1, D 1);
	// expected values worked by hand in each reason.
	cases := []struct {
		name     string
		ref, hyp []Unit
		want     float64
		counts   [6]int // correct, T, B, TB, I, D
	}{
		{"identical: no error", us(span{"", "x", 0, 5}, span{"", "y", 7, 9}), us(span{"", "x", 0, 5}, span{"", "y", 7, 9}), 0, [6]int{2, 0, 0, 0, 0, 0}},
		{"one T of two: 0.5/2", us(span{"", "x", 0, 5}, span{"", "y", 7, 9}), us(span{"", "z", 0, 5}, span{"", "y", 7, 9}), 0.25, [6]int{1, 1, 0, 0, 0, 0}},
		{"one B: 0.5/1", us(span{"", "x", 0, 5}), us(span{"", "x", 1, 5}), 0.5, [6]int{0, 0, 1, 0, 0, 0}},
		{"one TB: 1/1 (better than D+I = 2)", us(span{"", "x", 0, 5}), us(span{"", "y", 1, 6}), 1, [6]int{0, 0, 0, 1, 0, 0}},
		{"disjoint: D + I = 2/1", us(span{"", "x", 0, 5}), us(span{"", "x", 5, 9}), 2, [6]int{0, 0, 0, 0, 1, 1}},
		{"deletion: 1/2", us(span{"", "x", 0, 5}, span{"", "x", 7, 9}), us(span{"", "x", 0, 5}), 0.5, [6]int{1, 0, 0, 0, 0, 1}},
		{"insertions beyond 1: 3 I over 1 ref = 3", us(span{"", "x", 0, 5}), us(span{"", "x", 0, 5}, span{"", "x", 6, 7}, span{"", "x", 8, 9}, span{"", "x", 10, 11}), 3, [6]int{1, 0, 0, 0, 3, 0}},
		// Split: ref [0,10) x; hyp [0,5) x + [5,10) x: one B (0.5) + one I (1) = 1.5.
		{"split: B + I", us(span{"", "x", 0, 10}), us(span{"", "x", 0, 5}, span{"", "x", 5, 10}), 1.5, [6]int{0, 0, 1, 0, 1, 0}},
		// Optimal versus greedy: ref a=[0,10) x, b=[10,12) y; hyp p=[0,12) y,
		// q=[2,10) x. Greedy a–p (TB 1) leaves b–? (p taken) D and q I: 3.
		// Optimum a–q (B 0.5) + b–p (B 0.5) = 1 → SER 0.5.
		{"optimal alignment", us(span{"", "x", 0, 10}, span{"", "y", 10, 12}), us(span{"", "y", 0, 12}, span{"", "x", 2, 10}), 0.5, [6]int{0, 0, 2, 0, 0, 0}},
	}
	for _, tc := range cases {
		r := SER(tc.ref, tc.hyp, DefaultSERCosts())
		if !near(r.SER, tc.want, 1e-12) {
			t.Errorf("%s: SER = %v, want %v", tc.name, r.SER, tc.want)
		}
		got := [6]int{r.Correct, r.Type, r.Boundary, r.TypeBoundary, r.Ins, r.Del}
		if got != tc.counts {
			t.Errorf("%s: counts (C,T,B,TB,I,D) = %v, want %v", tc.name, got, tc.counts)
		}
	}
	if r := SER(nil, us(span{"", "x", 0, 1}), DefaultSERCosts()); !math.IsNaN(r.SER) || r.Reason == "" {
		t.Errorf("empty reference: SER = %v (%q), want NaN with a reason", r.SER, r.Reason)
	}
}

// serBrute enumerates every matching of ref to hyp (overlapping pairs only).
func serBrute(ref, hyp []Unit, c SERCosts) float64 {
	best := math.Inf(1)
	used := make([]bool, len(hyp))
	var rec func(i int, cost float64, paired int)
	rec = func(i int, cost float64, paired int) {
		if i == len(ref) {
			best = math.Min(best, cost+c.Insertion*float64(len(hyp)-paired))
			return
		}
		rec(i+1, cost+c.Deletion, paired)
		for j := range hyp {
			if used[j] {
				continue
			}
			pc := serPairCost(ref[i], hyp[j], c)
			if math.IsInf(pc, 1) {
				continue
			}
			used[j] = true
			rec(i+1, cost+pc, paired+1)
			used[j] = false
		}
	}
	rec(0, 0, 0)
	return best
}

func TestSERBruteForce(t *testing.T) {
	// The assignment per cluster must reach the true optimum.
	rng := rand.New(rand.NewPCG(5, 6))
	draw := func() []Unit {
		n := rng.IntN(6)
		var out []Unit
		for i := 0; i < n; i++ {
			s := float64(rng.IntN(12))
			out = append(out, Unit{Category: []string{"a", "b"}[rng.IntN(2)], Start: s, End: s + float64(1+rng.IntN(5))})
		}
		return out
	}
	costs := []SERCosts{DefaultSERCosts(), {Type: 0.3, Boundary: 0.7, TypeBoundary: 1.5, Insertion: 1, Deletion: 0.8}}
	for trial := 0; trial < 400; trial++ {
		ref, hyp := draw(), draw()
		c := costs[trial%2]
		r := SER(ref, hyp, c)
		if want := serBrute(ref, hyp, c); !near(r.Cost, want, 1e-9) {
			t.Fatalf("trial %d: cost %v, brute force %v\nref %v\nhyp %v", trial, r.Cost, want, ref, hyp)
		}
		if r.Correct+r.Type+r.Boundary+r.TypeBoundary+r.Del != len(ref) || r.Correct+r.Type+r.Boundary+r.TypeBoundary+r.Ins != len(hyp) {
			t.Fatalf("trial %d: counts do not add up: %+v", trial, r)
		}
	}
}

func TestSERAnnotators(t *testing.T) {
	// Two annotators, a = {[0,5) x, [7,9) y}, b = {[0,5) x}: SER(ref a, hyp b)
	// = 1 D / 2 = 0.5; SER(ref b, hyp a) = 1 I / 1 = 1; mean 0.75, agreement 0.25.
	c := fromSpans("ser", span{"a", "x", 0, 5}, span{"a", "y", 7, 9}, span{"b", "x", 0, 5})
	s, err := SERAnnotators(c, DefaultSERCosts())
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Pairs) != 2 || !near(s.Pairs[0].SER, 0.5, 1e-12) || !near(s.Pairs[1].SER, 1, 1e-12) {
		t.Errorf("pairs = %+v, want SER 0.5 (ref a) and 1 (ref b)", s.Pairs)
	}
	if !near(s.Mean, 0.75, 1e-12) || !near(s.Agreement, 0.25, 1e-12) {
		t.Errorf("mean %v agreement %v, want 0.75 and 0.25", s.Mean, s.Agreement)
	}
	// An annotator without units cannot be a reference: those pairs are
	// skipped and counted. With c empty: a→b 0.5, a→c 2/2 = 1, b→a 1, b→c 1/1 = 1;
	// mean over 4 pairs = 0.875, 2 skipped.
	c.Annotators = append(c.Annotators, "c")
	s, err = SERAnnotators(c, DefaultSERCosts())
	if err != nil {
		t.Fatal(err)
	}
	if s.Skipped != 2 || !near(s.Mean, 0.875, 1e-12) {
		t.Errorf("with an empty annotator: mean %v skipped %d, want 0.875 and 2", s.Mean, s.Skipped)
	}
}

func BenchmarkSER(b *testing.B) {
	rng := rand.New(rand.NewPCG(7, 8))
	c := randomPartition(rng, 2, 5000, []string{"a", "b", "c"})
	ref, hyp := c.UnitsOf(0), c.UnitsOf(1)
	for b.Loop() {
		SER(ref, hyp, DefaultSERCosts())
	}
}

func TestSERBruteForceDisjoint(t *testing.T) {
	// Disjoint units on each side take the dynamic-programming path; it must
	// reach the same optimum as brute force and as the assignment solver.
	rng := rand.New(rand.NewPCG(13, 14))
	draw := func() []Unit {
		var out []Unit
		pos := float64(rng.IntN(3))
		for n := rng.IntN(7); n > 0; n-- {
			l := float64(1 + rng.IntN(4))
			out = append(out, Unit{Category: []string{"a", "b"}[rng.IntN(2)], Start: pos, End: pos + l})
			pos += l + float64(rng.IntN(3))
		}
		return out
	}
	costs := []SERCosts{DefaultSERCosts(), {Type: 0.3, Boundary: 0.7, TypeBoundary: 1.5, Insertion: 1, Deletion: 0.8}}
	for trial := 0; trial < 400; trial++ {
		ref, hyp := draw(), draw()
		c := costs[trial%2]
		r := SER(ref, hyp, c)
		if want := serBrute(ref, hyp, c); !near(r.Cost, want, 1e-9) {
			t.Fatalf("trial %d: cost %v, brute force %v\nref %v\nhyp %v", trial, r.Cost, want, ref, hyp)
		}
		// The same pairs' cost through the assignment solver.
		unpaired := c.Insertion + c.Deletion
		cost := make([][]float64, len(ref))
		for i := range ref {
			cost[i] = make([]float64, len(hyp))
			for j := range hyp {
				cost[i][j] = math.Min(serPairCost(ref[i], hyp[j], c), unpaired)
			}
		}
		_, total := assign.MinCost(cost)
		if len(ref) <= len(hyp) {
			total += c.Insertion * float64(len(hyp)-len(ref))
		} else {
			total += c.Deletion * float64(len(ref)-len(hyp))
		}
		if !near(r.Cost, total, 1e-9) {
			t.Fatalf("trial %d: DP cost %v, assignment %v", trial, r.Cost, total)
		}
	}
}

// BenchmarkSERChain: two segmentations offset by half a unit form one
// cluster of 2×2000 units (the dynamic-programming path).
func BenchmarkSERChain(b *testing.B) {
	var ref, hyp []Unit
	for i := 0; i < 2000; i++ {
		ref = append(ref, Unit{Category: "x", Start: float64(10 * i), End: float64(10*i + 10)})
		hyp = append(hyp, Unit{Category: "x", Start: float64(10*i + 5), End: float64(10*i + 15)})
	}
	for b.Loop() {
		SER(ref, hyp, DefaultSERCosts())
	}
}

func TestSERClusterLimit(t *testing.T) {
	// 2001 nested reference units and 2000 hypothesis units form one cluster
	// of 4001 units that overlap within a side: beyond the exact solver's
	// limit, SER is undefined with a reason (never a heuristic value).
	var ref, hyp []Unit
	for i := 0; i < 2001; i++ {
		ref = append(ref, Unit{Category: "x", Start: 0, End: float64(10 + i)})
	}
	for i := 0; i < 2000; i++ {
		hyp = append(hyp, Unit{Category: "x", Start: float64(i), End: float64(i + 1)})
	}
	r := SER(ref, hyp, DefaultSERCosts())
	if !math.IsNaN(r.SER) || r.Reason == "" {
		t.Errorf("SER = %v (%q), want NaN with a reason", r.SER, r.Reason)
	}
}

package gamma

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"

	"agree/internal/longtest"
	"agree/unitizing"
)

// TestExactPathsBruteForce: column generation, with each way of closing
// the gap (the deepening programme over the tuples below a budget, and
// branch and price), gives the brute-force optimum on small dense random
// continua, whose relaxations are often fractional; the path counters show
// that both ways ran, and branched.
func TestExactPathsBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(17, 23))
	var deep, bnp solverStats
	trials := 400
	if !longtest.Enabled() {
		trials = 24
	}
	for trial := 0; trial < trials; trial++ {
		n := 3 + trial%4
		c := randomContinuum(rng, n, 12, []string{"x", "y", "z"}, 4)
		for len(c.Units) < 8 {
			c.Units = append(c.Units, randomContinuum(rng, n, 4, []string{"x", "y", "z"}, 4).Units...)
		}
		p := [][3]float64{{1, 1, 1}, {3, 1, 1}, {0.5, 1, 1}, {1, 0.5, 2}}[trial%4]
		d := combinedFor(t, c, p[0], p[1], p[2])
		want := bruteForce(c, d)
		for _, useBnP := range []bool{false, true} {
			a, err := newAligner(c, d)
			if err != nil {
				t.Fatal(err)
			}
			a.useCG, a.useBnP = true, useBnP
			al, err := a.solve()
			if err != nil {
				t.Fatal(err)
			}
			checkAlignment(t, c, d, al)
			if !al.Exact || !near(al.Disorder, want, 1e-9) || al.LowerBound != al.Disorder {
				t.Fatalf("trial %d (n=%d, %v, branch and price %v): disorder %v lower %v exact %v, brute force %v\n%+v",
					trial, n, p, useBnP, al.Disorder, al.LowerBound, al.Exact, want, c.Units)
			}
			st := &deep
			if useBnP {
				st = &bnp
			}
			st.cg += a.stats.cg
			st.deepening += a.stats.deepening
			st.bnp += a.stats.bnp
			st.bnpNodes += a.stats.bnpNodes
		}
	}
	t.Logf("deepening runs: %+v; branch and price runs: %+v", deep, bnp)
	if longtest.Enabled() && (deep.deepening < 15 || bnp.bnp < 15 || bnp.bnpNodes <= bnp.bnp) {
		t.Errorf("paths not exercised: deepening %+v, branch and price %+v", deep, bnp)
	}
}

// certificateCases are continua solved exactly by each path, on which runs
// stopped early are checked.
func certificateCases() []*unitizing.Continuum {
	var cs []*unitizing.Continuum
	for i, s := range []genSpec{realistic(5, 40), realistic(8, 15), {Annotators: 4, Units: 30, Categories: 4, Jitter: 2, Miss: 0.1, FalsePositive: 0.05, Recategorise: 0.1, Dense: true}} {
		c := genContinuum(uint64(40+i), s)
		cs = append(cs, c)
		st := statsOf(c)
		sh := shuffle(rand.New(rand.NewPCG(uint64(i), 7)), c, &st)
		cs = append(cs, &sh)
	}
	return cs
}

// TestCertificate: on instances solved exactly, a run stopped early (the
// deadline counted as passed from its k-th check on) returns a valid
// alignment with LowerBound ≤ optimum ≤ Disorder, and claims exactness only
// with the optimum; the same holds with MaxGap, whose gap is respected.
func TestCertificate(t *testing.T) {
	stops := []int{1, 2, 4, 9, 25}
	if !longtest.Enabled() {
		stops = []int{2, 9}
	}
	stoppedEarly, nodes := 0, 0
	for ci, c := range certificateCases() {
		d := combinedFor(t, c, 1, 1, 1)
		exact, err := BestAlignment(c, d)
		if err != nil || !exact.Exact {
			t.Fatalf("case %d: %v, exact %v", ci, err, exact.Exact)
		}
		opt := exact.Disorder
		// branch and price alone (no deepening) is exact too
		a, _ := newAligner(c, d)
		a.useCG, a.useBnP = true, true
		viaBnP, err := a.solve()
		if err != nil || !viaBnP.Exact || !near(viaBnP.Disorder, opt, 1e-9) {
			t.Fatalf("case %d: branch and price %v (exact %v, %v), default path %v", ci, viaBnP.Disorder, viaBnP.Exact, err, opt)
		}
		nodes += a.stats.bnpNodes
		for _, k := range stops {
			for _, useBnP := range []bool{false, true} {
				a, _ := newAligner(c, d)
				a.ctl.stopAfter, a.useCG, a.useBnP = k, true, useBnP
				al, err := a.solve()
				if err != nil {
					t.Fatal(err)
				}
				checkAlignment(t, c, d, al)
				tol := 1e-9 * math.Max(1, opt)
				if al.LowerBound > opt+tol || opt > al.Disorder+tol || (al.Exact && !near(al.Disorder, opt, 1e-9)) || (al.Exact != (al.LowerBound == al.Disorder)) {
					t.Fatalf("case %d stopped at check %d (branch and price %v): lower %v, optimum %v, returned %v, exact %v",
						ci, k, useBnP, al.LowerBound, opt, al.Disorder, al.Exact)
				}
				if !al.Exact {
					stoppedEarly++
				}
			}
		}
		for _, g := range []float64{1e-3, 0.05} {
			al, err := Align(context.Background(), c, d, AlignOptions{MaxGap: g})
			if err != nil {
				t.Fatal(err)
			}
			checkAlignment(t, c, d, al)
			if al.LowerBound > opt+1e-9 || opt > al.Disorder+1e-9 || (al.Disorder-al.LowerBound) > g*al.Disorder+1e-9 {
				t.Fatalf("case %d MaxGap %v: lower %v optimum %v returned %v", ci, g, al.LowerBound, opt, al.Disorder)
			}
		}
	}
	if stoppedEarly < 10 {
		t.Errorf("only %d runs stopped before proving optimality: the test does not test the certificate", stoppedEarly)
	}
	t.Logf("%d runs stopped early; %d branch-and-price nodes", stoppedEarly, nodes)
}

// TestGammaBounds: γ computed under a time limit that stops the solver
// brackets the exact γ of the same random samples (same seed).
func TestGammaBounds(t *testing.T) {
	c := genContinuum(50, realistic(5, 30))
	d := combinedFor(t, c, 1, 1, 1)
	opt := Options{Seed: 5, Samples: 10, MaxSamples: 10, Precision: -1}
	ex, err := Compute(context.Background(), corpusOf(c), d, opt)
	if err != nil || !ex.Exact {
		t.Fatalf("%v, exact %v", err, ex.Exact)
	}
	opt.TimeLimit = 1 // nanosecond: every component stops at its first check
	r, err := Compute(context.Background(), corpusOf(c), d, opt)
	if err != nil {
		t.Fatal(err)
	}
	if r.Exact {
		t.Skip("every alignment was solved before the first check")
	}
	tol := 1e-9
	if !(r.GammaLow <= ex.Gamma+tol && ex.Gamma <= r.GammaHigh+tol && r.ObservedLower <= ex.Observed+tol && ex.Observed <= r.Observed+tol &&
		r.ExpectedLower <= ex.Expected+tol && ex.Expected <= r.Expected+tol && r.Gap >= 0) {
		t.Errorf("exact γ %v (observed %v, expected %v) outside [%v, %v] (observed [%v, %v], expected [%v, %v])",
			ex.Gamma, ex.Observed, ex.Expected, r.GammaLow, r.GammaHigh, r.ObservedLower, r.Observed, r.ExpectedLower, r.Expected)
	}
	t.Logf("exact γ %.6f in [%.6f, %.6f], reported %.6f, gap %.2g", ex.Gamma, r.GammaLow, r.GammaHigh, r.Gamma, r.Gap)
}

// TestBranchingAgainstDenseLP: on random (shuffled) dense continua whose
// relaxations are fractional, branch and price — and the default path —
// give the optimum of an independent solver: every candidate enumerated,
// and the dense simplex with branch and bound of internal/lp.Solve.
func TestBranchingAgainstDenseLP(t *testing.T) {
	longtest.Skip(t) // the dense LP solver takes seconds
	sp := genSpec{Annotators: 5, Units: 30, Categories: 4, Jitter: 2, Miss: 0.1, FalsePositive: 0.05, Recategorise: 0.1, Dense: true}
	nodes := 0
	for _, seed := range []uint64{1, 3, 6} {
		c := genContinuum(60+seed, sp)
		st := statsOf(c)
		sh := shuffle(rand.New(rand.NewPCG(seed, 9)), c, &st)
		d := combinedFor(t, &sh, 1, 1, 1)
		a, _ := newAligner(&sh, d)
		a.useLP = true
		want, err := a.solve()
		if err != nil {
			t.Fatal(err)
		}
		for _, bnp := range []bool{false, true} {
			a, _ := newAligner(&sh, d)
			a.useCG, a.useBnP = true, bnp
			al, err := a.solve()
			if err != nil || !al.Exact || !near(al.Disorder, want.Disorder, 1e-9) {
				t.Fatalf("seed %d (branch and price only %v): %v (exact %v, %v), dense LP %v", seed, bnp, al.Disorder, al.Exact, err, want.Disorder)
			}
			checkAlignment(t, &sh, d, al)
			nodes += a.stats.bnpNodes
		}
	}
	if nodes < 10 {
		t.Errorf("%d branch-and-price nodes: the relaxations were not fractional enough to test branching", nodes)
	}
}

// TestManyAnnotatorsColumnGeneration: with 16 annotators or more the
// pricing search takes its candidates in order of promise rather than of
// the continuum; its optimum still equals brute force.
func TestManyAnnotatorsColumnGeneration(t *testing.T) {
	rng := rand.New(rand.NewPCG(77, 7))
	for trial := 0; trial < 30; trial++ {
		n := deltaOrderFrom + trial%4
		c := randomContinuum(rng, n, 10, []string{"x", "y"}, 3)
		for len(c.Units) < 6 {
			c.Units = append(c.Units, randomContinuum(rng, n, 4, []string{"x", "y"}, 3).Units...)
		}
		d := combinedFor(t, c, []float64{1, 3, 0.5}[trial%3], 1, 1)
		want := bruteForce(c, d)
		for _, bnp := range []bool{false, true} {
			a, _ := newAligner(c, d)
			a.useCG, a.useBnP = true, bnp
			al, err := a.solve()
			if err != nil || !al.Exact || !near(al.Disorder, want, 1e-9) {
				t.Fatalf("trial %d (n=%d, branch and price %v): %v (exact %v, %v), brute force %v", trial, n, bnp, al.Disorder, al.Exact, err, want)
			}
			checkAlignment(t, c, d, al)
		}
	}
}

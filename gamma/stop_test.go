package gamma

import (
	"context"
	"errors"
	"math/rand/v2"
	"testing"
	"time"

	"agree/inference"
	"agree/internal/longtest"
	"agree/unitizing"
)

// checkCertificate verifies that al is a valid alignment of c (its stated
// disorders recomputed) and a valid certificate for the optimum opt:
// LowerBound ≤ opt ≤ Disorder, Exact only with the optimum.
func checkCertificate(t *testing.T, c *unitizing.Continuum, d Dissimilarity, al *Alignment, opt float64, what string) {
	t.Helper()
	checkAlignment(t, c, d, al)
	tol := 1e-9 * max(1, opt)
	if al.LowerBound > opt+tol || opt > al.Disorder+tol || al.LowerBound < 0 ||
		(al.Exact && (!near(al.Disorder, opt, 1e-9) || al.LowerBound != al.Disorder)) || (!al.Exact && len(al.Unproven) == 0) {
		t.Fatalf("%s: lower bound %v, optimum %v, returned %v, exact %v, %d unproven components", what, al.LowerBound, opt, al.Disorder, al.Exact, len(al.Unproven))
	}
}

// phaseLabel names the phase of an alignment at a look, branch and price
// counting as one phase whatever it does inside.
func phaseLabel(ac *alignCtl) string {
	if ac.inBnP {
		return "branch and price"
	}
	return ac.phase.String()
}

// stopPhases are the phases a cancellation must be able to stop.
var stopPhases = []string{"neighbour sweep", "enumeration", "dynamic programme", "simplex", "pricing", "restricted search", "branch and price"}

// TestStopInEveryPhase: a context cancelled in the middle of any phase of
// the solver — the neighbour sweep, the enumeration, the dynamic
// programme, a simplex solve, pricing, the restricted search, branch and
// price — stops the alignment within the grace period (in fact within
// milliseconds) with a valid certificate: lower bound ≤ optimum ≤
// returned disorder. Each run is first made without cancellation to
// number the solver's looks at the context and label them with their
// phase (looks come at fixed amounts of work, so the numbering is
// reproducible); the context is then cancelled at the middle look of each
// phase, from inside the solver. Every phase must be reached by some
// instance and solver path, with at least minLooks looks (a phase that
// lasts).
func TestStopInEveryPhase(t *testing.T) {
	const minLooks = 4
	type path struct {
		name       string
		cg, bnp    bool
		onlyPhases bool // (the default path: only its own phases)
	}
	paths := []path{{"default", false, false, false}, {"column generation", true, false, false}, {"branch and price", true, true, false}}
	covered := map[string]int{}
	cases := append([]*unitizing.Continuum{genContinuum(80, realistic(3, 1500))}, certificateCases()...)
	for ci, c := range cases {
		if !longtest.Enabled() && ci != 0 && ci != 4 {
			continue // (these two reach every phase)
		}
		d := combinedFor(t, c, 1, 1, 1)
		ex, err := BestAlignment(c, d)
		if err != nil || !ex.Exact {
			t.Fatalf("case %d: %v, exact %v", ci, err, ex.Exact)
		}
		for _, p := range paths {
			if !longtest.Enabled() && (ci == 0) != (p.name == "default") {
				continue
			}
			t0 := time.Now()
			// the dry run: the phase of each look
			a, _ := newAligner(c, d)
			a.useCG, a.useBnP = p.cg, p.bnp
			var labels []string
			a.ctl.onLook = func(int) { labels = append(labels, phaseLabel(a.ctl)) }
			if _, err := a.solve(); err != nil {
				t.Fatal(err)
			}
			at := map[string][]int{} // looks of each phase (1-based)
			for k, l := range labels {
				at[l] = append(at[l], k+1)
			}
			cnt := map[string]int{}
			for l, x := range at {
				cnt[l] = len(x)
			}
			t.Logf("case %d %s: %v %v", ci, p.name, time.Since(t0), cnt)
			for _, ph := range stopPhases {
				looks := at[ph]
				if len(looks) < minLooks {
					continue
				}
				target := looks[len(looks)/2]
				ctx, cancel := context.WithCancel(context.Background())
				a, _ := newAligner(c, d)
				a.useCG, a.useBnP = p.cg, p.bnp
				a.ctl.ctx = ctx
				var cancelled time.Time
				got := ""
				a.ctl.onLook = func(k int) {
					if k == target {
						got = phaseLabel(a.ctl)
						cancelled = time.Now()
						cancel()
					}
				}
				al, err := a.solve()
				took := time.Since(cancelled)
				cancel()
				what := c.Name + ", " + p.name + ", cancelled in the " + ph
				if err != nil || got != ph {
					t.Fatalf("%s: error %v, phase at look %d: %q", what, err, target, got)
				}
				if took > Grace(0) {
					t.Errorf("%s: returned %v after the cancellation", what, took)
				}
				checkCertificate(t, c, d, al, ex.Disorder, what)
				covered[ph]++
			}
		}
	}
	for _, ph := range stopPhases {
		if covered[ph] == 0 {
			t.Errorf("no instance lasts %d looks in the %s: the test does not test it", minLooks, ph)
		}
	}
	t.Logf("cancellations per phase: %v", covered)
}

// TestTimeLimitOnLargeComponents: on components too large to solve in the
// time given (12 annotators × 200 units and 20 × 100: one component of
// about 2000 units each), Align returns within the time limit and its
// grace period with a valid alignment and a lower bound below it.
func TestTimeLimitOnLargeComponents(t *testing.T) {
	for _, sh := range [][2]int{{12, 200}, {20, 100}} {
		c := genContinuum(1, realistic(sh[0], sh[1]))
		d := combinedFor(t, c, 1, 1, 1)
		const limit = 200 * time.Millisecond
		start := time.Now()
		al, err := Align(context.Background(), c, d, AlignOptions{TimeLimit: limit})
		took := time.Since(start)
		if err != nil {
			t.Fatal(err)
		}
		if took > limit+Grace(limit) {
			t.Errorf("%s: %v with a time limit of %v", c.Name, took, limit)
		}
		checkAlignment(t, c, d, al)
		if al.Exact || !(al.LowerBound >= 0 && al.LowerBound <= al.Disorder) || len(al.Unproven) == 0 {
			t.Errorf("%s: exact %v, lower bound %v, disorder %v, %d unproven", c.Name, al.Exact, al.LowerBound, al.Disorder, len(al.Unproven))
		}
		t.Logf("%s: %v, disorder %.4f, lower bound %.4f", c.Name, took, al.Disorder, al.LowerBound)
	}
}

// TestStopWhileSampling: a context cancelled while random samples are
// solved stops Compute within the grace period; it returns the context's
// error with the result so far: the observed alignment, and the samples
// solved (a prefix of the sample sequence), whose bounds contain the
// exact expected disorder of the same samples.
func TestStopWhileSampling(t *testing.T) {
	c := genContinuum(11, realistic(4, 30))
	d := combinedFor(t, c, 1, 1, 1)
	opt := Options{Seed: 3, Samples: 60, MaxSamples: 60, Precision: -1, Workers: 2, KeepSamples: true}
	ex, err := Compute(context.Background(), corpusOf(c), d, opt)
	if err != nil || !ex.Exact {
		t.Fatalf("%v, exact %v", err, ex.Exact)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var cancelled time.Time
	opt.Progress = func(p Progress) {
		if p.Phase == "samples" && p.SamplesDone == 7 {
			cancelled = time.Now()
			cancel()
		}
	}
	r, err := Compute(ctx, corpusOf(c), d, opt)
	took := time.Since(cancelled)
	if !errors.Is(err, context.Canceled) || r == nil {
		t.Fatalf("error %v, result %v", err, r)
	}
	if took > Grace(0) {
		t.Errorf("returned %v after the cancellation", took)
	}
	if r.StoppedEarly != "cancelled" || r.Samples < 7 || r.Samples >= 60 || len(r.SampleDisorders) != r.Samples {
		t.Fatalf("stopped %q after %d samples (%d kept)", r.StoppedEarly, r.Samples, len(r.SampleDisorders))
	}
	var mean float64
	for _, x := range ex.SampleDisorders[:r.Samples] {
		mean += x
	}
	mean /= float64(r.Samples)
	tol := 1e-9
	if !(r.ExpectedLower <= mean+tol && mean <= r.Expected+tol && r.ObservedLower <= ex.Observed+tol && ex.Observed <= r.Observed+tol) {
		t.Errorf("expected disorder of the same %d samples %v outside [%v, %v]; observed %v outside [%v, %v]",
			r.Samples, mean, r.ExpectedLower, r.Expected, ex.Observed, r.ObservedLower, r.Observed)
	}
}

// TestTimeLimitDuringObserved: when the time limit falls in the observed
// alignment, Compute still returns within the grace period, with γ
// bounded by the samples of the first batch (drawn and stopped at once)
// or, if none could be, undefined with the reason.
func TestTimeLimitDuringObserved(t *testing.T) {
	c := genContinuum(1, realistic(20, 100))
	d := combinedFor(t, c, 1, 1, 1)
	const limit = 300 * time.Millisecond
	start := time.Now()
	r, err := Compute(context.Background(), corpusOf(c), d, Options{Seed: 1, TimeLimit: limit, Workers: 2})
	took := time.Since(start)
	if err != nil {
		t.Fatal(err)
	}
	if took > limit+Grace(limit) {
		t.Errorf("%v with a time limit of %v", took, limit)
	}
	if r.Exact || r.StoppedEarly != "time limit" && r.Samples != 30 {
		t.Errorf("exact %v, %d samples, stopped %q", r.Exact, r.Samples, r.StoppedEarly)
	}
	if r.Samples > 0 && !(r.GammaLow <= r.Gamma && r.Gamma <= r.GammaHigh) || r.Samples == 0 && r.Undefined == "" {
		t.Errorf("γ %v in [%v, %v] from %d samples (%q)", r.Gamma, r.GammaLow, r.GammaHigh, r.Samples, r.Undefined)
	}
	t.Logf("%v: %d samples, γ %v in [%v, %v], gap %.3g", took, r.Samples, r.Gamma, r.GammaLow, r.GammaHigh, r.Gap)
}

var _ = rand.New

// TestAgglomerateIncumbent: with many annotators, the agglomerative
// alignment is a valid alignment (one unit per annotator per tuple, every
// pair neighbours) within 20 % of the optimum on realistic data (this
// one: 10.5 %), and it is what a component stopped in its first simplex
// solve returns.
func TestAgglomerateIncumbent(t *testing.T) {
	c := genContinuum(3, realistic(10, 40))
	d := combinedFor(t, c, 1, 1, 1)
	ex, err := BestAlignment(c, d)
	if err != nil || !ex.Exact {
		t.Fatalf("%v, exact %v", err, ex.Exact)
	}
	a, _ := newAligner(c, d)
	a.neighbours()
	items := make([]int32, len(a.items))
	for i := range items {
		items[i] = int32(i)
	}
	s := a.newCG(items)
	used := make([]bool, s.m)
	cost := float64(s.m) * a.delta
	for _, tu := range s.agglomerate() {
		anns := map[int32]bool{}
		for x, u := range tu {
			if used[u] || anns[s.ann[u]] {
				t.Fatalf("tuple %v: unit %d used twice or annotator %d twice", tu, u, s.ann[u])
			}
			used[u], anns[s.ann[u]] = true, true
			for _, v := range tu[x+1:] {
				if _, ok := s.pairE(u, v); !ok {
					t.Fatalf("tuple %v: %d and %d are not neighbours", tu, u, v)
				}
			}
		}
		cost += s.tupleCost(tu) - float64(len(tu))*a.delta
	}
	xbar := float64(len(c.Units)) / float64(len(c.Annotators))
	if got := cost / xbar; got < ex.Disorder-1e-9 || got > 1.2*ex.Disorder {
		t.Errorf("agglomerative disorder %v, optimum %v", got, ex.Disorder)
	}
	// stopped in the first simplex solve, the component keeps it
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	a, _ = newAligner(c, d)
	a.ctl.ctx = ctx
	a.ctl.onLook = func(int) {
		if a.ctl.phase == phaseSimplex {
			cancel()
		}
	}
	al, err := a.solve()
	if err != nil {
		t.Fatal(err)
	}
	checkCertificate(t, c, d, al, ex.Disorder, "stopped in the simplex")
	if al.Disorder > cost/xbar+1e-12 {
		t.Errorf("stopped: disorder %v above the agglomerative %v", al.Disorder, cost/xbar)
	}
	t.Logf("agglomerative %.4f, stopped %.4f (bound %.4f), optimum %.4f", cost/xbar, al.Disorder, al.LowerBound, ex.Disorder)
}

// TestBootstrapTimeLimit: the time limit bounds a whole bootstrap (every
// resample shares it): past it, Bootstrap stops within the grace period
// with ErrTimeLimit.
func TestBootstrapTimeLimit(t *testing.T) {
	var cs []*unitizing.Continuum
	for i := range 4 {
		cs = append(cs, genContinuum(uint64(90+i), realistic(4, 40)))
	}
	d := combinedFor(t, cs[0], 1, 1, 1)
	const limit = 150 * time.Millisecond
	start := time.Now()
	_, err := Bootstrap(context.Background(), corpusOf(cs...), d, Options{Seed: 1, TimeLimit: limit}, inference.Options{Resamples: 1000, Seed: 1, Workers: 2})
	took := time.Since(start)
	if !errors.Is(err, ErrTimeLimit) {
		t.Fatalf("error %v after %v, want ErrTimeLimit", err, took)
	}
	if took > limit+Grace(limit) {
		t.Errorf("returned after %v with a time limit of %v", took, limit)
	}
}

package errmodel

import (
	"bytes"
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"agree/coding"
)

func approx(t testing.TB, what string, got, want, tol float64) {
	t.Helper()
	if math.IsNaN(got) || math.Abs(got-want) > tol {
		t.Errorf("%s = %.6f, want %.6f ± %g", what, got, want, tol)
	}
}

func table(t testing.TB, labels []string, counts [][]int) *coding.Analysis {
	t.Helper()
	d, err := coding.FromContingency(labels, labels, counts)
	if err != nil {
		t.Fatal(err)
	}
	a, err := coding.Analyze(d, coding.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// aickinLogLik is the log-likelihood of Aickin's model written directly
// from its cell probabilities.
func aickinLogLik(cells [][]float64, a float64, p, q []float64) float64 {
	s := 0.0
	for k := range p {
		s += p[k] * q[k]
	}
	l := 0.0
	for i := range cells {
		for j, x := range cells[i] {
			if x == 0 {
				continue
			}
			pij := (1 - a) * p[i] * q[j]
			if i == j {
				pij += a * p[i] * q[i] / s
			}
			l += x * math.Log(pij)
		}
	}
	return l
}

func TestAickinUniformMarginals(t *testing.T) {
	// Survey §5.2: with uniform coder distributions Aickin's α equals κ.
	// Table 4 case 1 (Artstein & Poesio 2008, after Zwick 1988) has uniform
	// marginals and A_o = 0.6 over 4 categories: κ = (0.6 − 0.25)/0.75.
	a := table(t, []string{"STAT", "IREQ", "IAFA", "CSFA"},
		[][]int{{20, 0, 0, 5}, {0, 10, 15, 0}, {0, 15, 10, 0}, {5, 0, 0, 20}})
	m, err := FitAickin(context.Background(), a, FitOptions{})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("a=%.12f iter=%d", m.A, m.Iterations)
	approx(t, "a", m.A, 0.35/0.75, 1e-8)
	approx(t, "κ", m.Kappa, 0.35/0.75, 1e-12)
	for i := range m.P {
		approx(t, "P", m.P[i], 0.25, 1e-8)
	}
}

func TestAickinBruteForce(t *testing.T) {
	// Exactness: for two categories, the likelihood profiled over A
	// (A* = (A_o − S)/(1 − S), derived by setting ∂L/∂A = 0) is maximised
	// over a 1000×1000 grid of (P_1, Q_1); EM must reach at least the grid
	// maximum (less 1e-6) and its A must satisfy the stationarity identity.
	// Data: survey Table 1 (20 20 / 10 50), and a skewed table.
	for _, counts := range [][][]int{{{20, 20}, {10, 50}}, {{70, 5}, {8, 17}}} {
		a := table(t, []string{"x", "y"}, counts)
		m, err := FitAickin(context.Background(), a, FitOptions{})
		if err != nil {
			t.Fatal(err)
		}
		cells := [][]float64{{float64(counts[0][0]), float64(counts[0][1])}, {float64(counts[1][0]), float64(counts[1][1])}}
		n := cells[0][0] + cells[0][1] + cells[1][0] + cells[1][1]
		ao := (cells[0][0] + cells[1][1]) / n
		best := math.Inf(-1)
		const g = 1000
		for x := 1; x < g; x++ {
			for y := 1; y < g; y++ {
				p := []float64{float64(x) / g, 1 - float64(x)/g}
				q := []float64{float64(y) / g, 1 - float64(y)/g}
				s := p[0]*q[0] + p[1]*q[1]
				A := math.Min(1, math.Max(0, (ao-s)/(1-s)))
				best = math.Max(best, aickinLogLik(cells, A, p, q))
			}
		}
		approx(t, "log-likelihood vs own formula", m.LogLikelihood, aickinLogLik(cells, m.A, m.P, m.Q), 1e-9)
		if m.LogLikelihood < best-1e-6 {
			t.Errorf("%v: EM log-likelihood %.9f below grid maximum %.9f", counts, m.LogLikelihood, best)
		}
		s := m.P[0]*m.Q[0] + m.P[1]*m.Q[1]
		approx(t, "A = (A_o − S)/(1 − S)", m.A, (ao-s)/(1-s), 1e-6)
		if !m.Converged {
			t.Errorf("%v: not converged after %d iterations", counts, m.Iterations)
		}
	}
}

func TestAickinRecoversParameters(t *testing.T) {
	// Simulated from the model with A = 0.6, P = (.5,.3,.2),
	// Q = (.4,.4,.2), 20,000 items; tolerance 0.02 (≈ 3 SE for A).
	rng := rand.New(rand.NewPCG(10, 20))
	P, Q, A := []float64{.5, .3, .2}, []float64{.4, .4, .2}, 0.6
	draw := func(w []float64) int {
		u := rng.Float64()
		for k, x := range w {
			if u < x {
				return k
			}
			u -= x
		}
		return len(w) - 1
	}
	counts := [][]int{{0, 0, 0}, {0, 0, 0}, {0, 0, 0}}
	for range 20000 {
		x, y := draw(P), draw(Q)
		if rng.Float64() < A {
			for x != y { // easy: a pair from P×Q conditioned on agreement
				x, y = draw(P), draw(Q)
			}
		}
		counts[x][y]++
	}
	m, err := FitAickin(context.Background(), table(t, []string{"a", "b", "c"}, counts), FitOptions{})
	if err != nil {
		t.Fatal(err)
	}
	approx(t, "A", m.A, A, 0.02)
	for k := range P {
		approx(t, "P", m.P[k], P[k], 0.02)
		approx(t, "Q", m.Q[k], Q[k], 0.02)
	}
	if m.Kappa > m.A {
		t.Errorf("κ %.4f > a %.4f", m.Kappa, m.A)
	}
}

func TestNonArbitrary(t *testing.T) {
	// Survey §5.2: with arbitrary judgments spread evenly (each judgment
	// non-arbitrary with probability p), E(π) = p², so √π recovers p; with
	// arbitrary judgments concentrated on hard items coded from the same
	// distribution, π recovers the share of easy items. 40,000 items,
	// 2 coders; tolerance 0.01.
	rng := rand.New(rand.NewPCG(1, 1))
	prior := []float64{.6, .3, .1}
	draw := func() int {
		u := rng.Float64()
		for k, x := range prior {
			if u < x {
				return k
			}
			u -= x
		}
		return 2
	}
	build := func(concentrated bool) float64 {
		b := coding.NewBuilder()
		c1, c2 := b.Coder("a"), b.Coder("b")
		for i := range 40000 {
			it := b.NewItem(fmt.Sprint(i))
			truth := draw()
			v1, v2 := truth, truth
			if concentrated {
				if rng.Float64() >= 0.7 { // hard item: both arbitrary
					v1, v2 = draw(), draw()
				}
			} else {
				if rng.Float64() >= 0.7 {
					v1 = draw()
				}
				if rng.Float64() >= 0.7 {
					v2 = draw()
				}
			}
			_ = b.Set(it, c1, fmt.Sprint(v1), coding.Pos{})
			_ = b.Set(it, c2, fmt.Sprint(v2), coding.Pos{})
		}
		d, _ := b.Build()
		a, _ := coding.Analyze(d, coding.Options{})
		return a.Coefficient(coding.ScottPi).Value
	}
	spread, _ := NonArbitraryShare(build(false))
	approx(t, "√π (spread)", float64(spread.High), 0.7, 0.01)
	conc, _ := NonArbitraryShare(build(true))
	approx(t, "π (concentrated)", float64(conc.Low), 0.7, 0.01)
	if _, ok := NonArbitraryShare(-0.1); ok {
		t.Error("negative π: want !ok")
	}
}

// simulateAnnotators draws labels from known confusion matrices.
func simulateAnnotators(t testing.TB, rng *rand.Rand, items int, prior []float64, conf [][][]float64, missing float64) (*coding.Data, []int) {
	t.Helper()
	draw := func(w []float64) int {
		u := rng.Float64()
		for k, x := range w {
			if u < x {
				return k
			}
			u -= x
		}
		return len(w) - 1
	}
	b := coding.NewBuilder()
	if err := b.DeclareCategories([]string{"A", "B", "C"}[:len(prior)], true); err != nil {
		t.Fatal(err)
	}
	cs := make([]int, len(conf))
	for c := range cs {
		cs[c] = b.Coder(fmt.Sprintf("ann%d", c))
	}
	truth := make([]int, items)
	for i := range items {
		it := b.NewItem(fmt.Sprint(i))
		truth[i] = draw(prior)
		for c, cm := range conf {
			if rng.Float64() < missing {
				continue
			}
			if err := b.Set(it, cs[c], []string{"A", "B", "C"}[draw(cm[truth[i]])], coding.Pos{}); err != nil {
				t.Fatal(err)
			}
		}
	}
	d, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	return d, truth
}

func TestDawidSkeneRecovers(t *testing.T) {
	// Five simulated annotators of different quality and biases, three
	// classes with priors .5/.3/.2, 5000 items, 20% of labels missing.
	// Tolerance: 0.05 on every confusion entry (the smallest class has
	// ≈ 800 labels per annotator: SE ≤ 0.018) and 0.02 on the priors.
	prior := []float64{.5, .3, .2}
	conf := [][][]float64{
		{{.9, .05, .05}, {.05, .9, .05}, {.05, .05, .9}},
		{{.8, .15, .05}, {.1, .8, .1}, {.1, .2, .7}},
		{{.7, .2, .1}, {.2, .7, .1}, {.3, .1, .6}},
		{{.95, .05, 0}, {.3, .6, .1}, {0, .2, .8}},
		{{.6, .2, .2}, {.2, .6, .2}, {.2, .2, .6}},
	}
	rng := rand.New(rand.NewPCG(6, 6))
	d, truth := simulateAnnotators(t, rng, 5000, prior, conf, 0.2)
	m, err := FitDawidSkene(context.Background(), d, FitOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if !m.Converged {
		t.Errorf("not converged after %d iterations", m.Iterations)
	}
	for k := range prior {
		approx(t, "prior "+m.Labels[k], m.Priors[k], prior[k], 0.02)
	}
	for c := range conf {
		for k := range conf[c] {
			for l := range conf[c][k] {
				approx(t, fmt.Sprintf("confusion[%d][%d][%d]", c, k, l), m.Confusion[c][k][l], conf[c][k][l], 0.05)
			}
		}
	}
	for c := range conf {
		acc := 0.0
		for k := range prior {
			acc += prior[k] * conf[c][k][k]
		}
		approx(t, fmt.Sprintf("accuracy[%d]", c), m.Accuracy[c], acc, 0.02)
	}
	right := 0
	for i, k := range m.Consensus {
		if k == truth[i] {
			right++
		}
		s := 0.0
		for _, p := range m.Posteriors[i] {
			s += p
		}
		if math.Abs(s-1) > 1e-9 {
			t.Fatalf("item %d: posteriors sum to %g", i, s)
		}
	}
	// With these annotators the consensus should beat the best annotator
	// (90%): require 93%.
	if acc := float64(right) / float64(len(truth)); acc < 0.93 {
		t.Errorf("consensus accuracy %.3f, want ≥ 0.93", acc)
	}
}

func TestDawidSkeneMonotone(t *testing.T) {
	// EM never decreases the likelihood: fits stopped after 1, 2, … 8
	// iterations have non-decreasing log-likelihoods.
	rng := rand.New(rand.NewPCG(3, 3))
	conf := [][][]float64{{{.8, .2}, {.3, .7}}, {{.7, .3}, {.2, .8}}, {{.6, .4}, {.4, .6}}}
	d, _ := simulateAnnotators(t, rng, 300, []float64{.7, .3}, conf, 0.3)
	prev := math.Inf(-1)
	for it := 1; it <= 8; it++ {
		m, err := FitDawidSkene(context.Background(), d, FitOptions{MaxIter: it, Tol: -1})
		if err != nil {
			t.Fatal(err)
		}
		if m.LogLikelihood < prev-1e-9 {
			t.Errorf("iteration %d: log-likelihood %.9f < %.9f", it, m.LogLikelihood, prev)
		}
		prev = m.LogLikelihood
	}
}

func TestDawidSkeneConsensusFile(t *testing.T) {
	// Unanimous annotators: every item's consensus is its label with
	// posterior ≈ 1; an item without labels gets an empty label.
	b := coding.NewBuilder()
	for i, row := range []string{"x x x", "y y y", "x x x", "y y y", ". . ."} {
		it := b.NewItem(fmt.Sprint("u", i))
		for c, v := range strings.Fields(row) {
			cd := b.Coder(fmt.Sprint("c", c))
			if v != "." {
				_ = b.Set(it, cd, v, coding.Pos{})
			}
		}
	}
	d, _ := b.Build()
	m, err := FitDawidSkene(context.Background(), d, FitOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := m.WriteConsensus(&buf, d); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
	if lines[0] != "item,label,posterior,p_x,p_y" || len(lines) != 6 {
		t.Fatalf("consensus file:\n%s", buf.String())
	}
	if !strings.HasPrefix(lines[1], "u0,x,") || !strings.HasPrefix(lines[2], "u1,y,") || !strings.HasPrefix(lines[5], "u4,,") {
		t.Errorf("consensus file:\n%s", buf.String())
	}
	if m.Posteriors[0][0] < 0.999 {
		t.Errorf("posterior of a unanimous item = %g", m.Posteriors[0][0])
	}
}

func BenchmarkDawidSkene10kx5(b *testing.B) {
	prior := []float64{.5, .3, .2}
	conf := [][][]float64{
		{{.9, .05, .05}, {.05, .9, .05}, {.05, .05, .9}},
		{{.8, .15, .05}, {.1, .8, .1}, {.1, .2, .7}},
		{{.7, .2, .1}, {.2, .7, .1}, {.3, .1, .6}},
		{{.95, .05, 0}, {.3, .6, .1}, {0, .2, .8}},
		{{.6, .2, .2}, {.2, .6, .2}, {.2, .2, .6}},
	}
	d, _ := simulateAnnotators(b, rand.New(rand.NewPCG(1, 1)), 10000, prior, conf, 0.1)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := FitDawidSkene(context.Background(), d, FitOptions{}); err != nil {
			b.Fatal(err)
		}
	}
}

func TestAickinClosedForms(t *testing.T) {
	// Issue 18 §3: on two coders who share no category EM ran 100 000
	// iterations without converging; on a flat likelihood it printed one
	// point of the ridge. The maxima are known.
	cases := []struct {
		name   string
		counts [][]int
		a      float64 // NaN: not identified
		pq     bool    // P and Q given
		reason string
		why    string
	}{
		{"no agreement", [][]int{{0, 3}, {5, 0}}, 0, true, "",
			"no agreeing item: A = 0, P and Q the margins (the independence model)"},
		{"constant first coder", [][]int{{4, 3}, {0, 0}}, math.NaN(), false, "the first coder used one category only",
			"π_aj = (1 − A)Q_j + [j = a]A fits for any A in [0, 4/7]"},
		{"constant second coder", [][]int{{4, 0}, {2, 0}}, math.NaN(), false, "the second coder used one category only",
			"the same, by columns"},
		{"perfect agreement", [][]int{{4, 0}, {0, 6}}, 1, false, "only the products P_i·Q_i",
			"A = 1; only P_i·Q_i ∝ n_ii is determined"},
	}
	for _, c := range cases {
		a := table(t, []string{"a", "b"}, c.counts)
		m, err := FitAickin(context.Background(), a, FitOptions{})
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if math.IsNaN(c.a) != math.IsNaN(m.A) || (!math.IsNaN(c.a) && math.Abs(m.A-c.a) > 1e-15) {
			t.Errorf("%s (%s): A = %v, want %v", c.name, c.why, m.A, c.a)
		}
		if !m.Converged || m.Iterations != 0 {
			t.Errorf("%s: converged %v after %d iterations, want a closed form", c.name, m.Converged, m.Iterations)
		}
		if c.pq != (m.P != nil) || !strings.Contains(m.Reason, c.reason) {
			t.Errorf("%s: P %v, reason %q; want P given %v and %q", c.name, m.P, m.Reason, c.pq, c.reason)
		}
		if c.pq {
			cells := [][]float64{{0, 3}, {5, 0}}
			approx(t, c.name+" log-likelihood", m.LogLikelihood, aickinLogLik(cells, m.A, m.P, m.Q), 1e-12)
		}
	}
	// The closed form is the maximum: EM from a perturbed table approaches it.
	near := table(t, []string{"a", "b"}, [][]int{{0, 300}, {500, 1}})
	m, err := FitAickin(context.Background(), near, FitOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if m.A > 0.01 {
		t.Errorf("one agreement in 801 items: A = %v, want near 0", m.A)
	}
}

// TestDawidSkeneAnonymousCoders: the model of each coder needs to know
// which coder gave which value.
func TestDawidSkeneAnonymousCoders(t *testing.T) {
	b := coding.NewBuilder()
	for i, r := range [][]string{{"a", "b"}, {"b", "b"}} {
		it := b.NewItem(string(rune('1' + i)))
		for c, v := range r {
			if err := b.Set(it, b.Coder(string(rune('A'+c))), v, coding.Pos{}); err != nil {
				t.Fatal(err)
			}
		}
	}
	d, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	d.SetAnonymousCoders("the coders are anonymous here")
	if _, err := FitDawidSkene(context.Background(), d, FitOptions{}); err == nil || !strings.Contains(err.Error(), "the coders are anonymous here") {
		t.Errorf("got %v, want the reason", err)
	}
}

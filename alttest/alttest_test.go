package alttest

import (
	"context"
	"math"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"testing"

	"agree/coding"
	"agree/formats/table"
)

func readTable(t *testing.T, path string) *coding.Data {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	d, err := table.Read(f, path, table.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func coderIndex(d *coding.Data, name string) int { return slices.Index(d.Coders(), name) }

// TestAgainstR: the test on our own fixtures against R 4's t.test(d, mu =
// ε, alternative = "less") and p.adjust(p, "BY") run on the same
// indicators (the script is in testdata/alttest.R): t, p, ρ per
// annotator, the winning rate, and Benjamini–Yekutieli's verdicts — on
// scores.csv h1's p = 0.036 is below 0.05 but not rejected after the
// correction (adjusted 0.066).
func TestAgainstR(t *testing.T) {
	cases := []struct {
		file, score string
		eps         float64
		ts, ps, rho []float64
		rejected    []bool
		wr          float64
	}{
		{"testdata/labels.csv", ScoreAccuracy, 0.2,
			[]float64{-5.0071377624, -5.0840002777, -5.3118202232, -5.6031725991},
			[]float64{6.12259607233e-06, 4.80232938478e-06, 2.3311901992e-06, 9.2095246029e-07},
			[]float64{0.975, 0.975, 0.975, 0.975}, []bool{true, true, true, true}, 1},
		{"testdata/labels.csv", ScoreAccuracy, 0.1,
			[]float64{-3.3380918416, -3.5196924999, -3.8953348303, -4.2847790464},
			[]float64{0.000931905070446, 0.000558087834857, 0.000186989323118, 5.79044085582e-05},
			[]float64{0.975, 0.975, 0.975, 0.975}, []bool{true, true, true, true}, 1},
		{"testdata/scores.csv", ScoreNegRMSE, 0.15,
			[]float64{-1.8597469866, -4.1460103924, -4.5027413303},
			[]float64{0.0357958481917, 0.000106331975929, 3.75325825383e-05},
			[]float64{30.0 / 35, 32.0 / 35, 33.0 / 35}, []bool{false, true, true}, 2.0 / 3},
	}
	for _, c := range cases {
		d := readTable(t, c.file)
		var humans []int
		for k, n := range d.Coders() {
			if n != "model" {
				humans = append(humans, k)
			}
		}
		in, err := FromData(d, coderIndex(d, "model"), humans, c.score)
		if err != nil {
			t.Fatal(err)
		}
		r, err := Test(context.Background(), in, Options{Epsilon: c.eps})
		if err != nil {
			t.Fatal(err)
		}
		for k, a := range r.Annotators {
			if math.Abs(a.T-c.ts[k]) > 1e-8 || math.Abs(a.P-c.ps[k]) > 1e-9*math.Max(1, c.ps[k]) || math.Abs(a.P/c.ps[k]-1) > 1e-6 || math.Abs(a.RhoModel-c.rho[k]) > 1e-12 || a.Rejected != c.rejected[k] {
				t.Errorf("%s ε %g %s: t %.10f p %.12g ρ %v rejected %v; R: t %.10f p %.12g ρ %v rejected %v", c.file, c.eps, a.Name, a.T, a.P, a.RhoModel, a.Rejected, c.ts[k], c.ps[k], c.rho[k], c.rejected[k])
			}
		}
		if math.Abs(r.WinningRate-c.wr) > 1e-12 || r.Passed != (c.wr >= 0.5) {
			t.Errorf("%s: winning rate %v, want %v", c.file, r.WinningRate, c.wr)
		}
	}
}

// TestBenjaminiYekutieli against R's p.adjust(p, "BY") ≤ q: the rejected
// set of a vector where Benjamini–Hochberg would reject more.
func TestBenjaminiYekutieli(t *testing.T) {
	// p.adjust(c(0.001, 0.008, 0.039, 0.041, 0.042, 0.06, 0.074, 0.205), "BY")
	// = 0.02174 0.08697 0.18264 0.18264 0.18264 0.21743 0.22985 0.55716 (R 4):
	// only the first at q = 0.05; at q = 0.1, the first two.
	p := []float64{0.042, 0.001, 0.205, 0.008, 0.039, 0.06, 0.074, 0.041}
	if got := BenjaminiYekutieli(p, 0.05); !slices.Equal(got, []int{1}) {
		t.Errorf("q 0.05: rejected %v, want [1]", got)
	}
	if got := BenjaminiYekutieli(p, 0.1); !slices.Equal(got, []int{1, 3}) {
		t.Errorf("q 0.1: rejected %v, want [1 3]", got)
	}
	if got := BenjaminiYekutieli(nil, 0.05); len(got) != 0 {
		t.Errorf("no p-value: %v", got)
	}
}

// TestIdenticalModelPasses: on random data with reliable annotators, a
// model that copies one of the humans passes (it ties that human, and
// aligns with the others as a human does), and a model that guesses
// fails; the winning rate and ρ do not depend on the order of the
// annotators.
func TestIdenticalModelPasses(t *testing.T) {
	for seed := range uint64(20) {
		rng := rand.New(rand.NewPCG(seed, 7))
		b := coding.NewBuilder()
		humans := 3 + int(seed%3)
		for i := range 60 {
			truth := rng.IntN(3)
			for h := range humans {
				v := truth
				if rng.Float64() > 0.8 {
					v = rng.IntN(3)
				}
				b.Add(strconv.Itoa(i), "h"+strconv.Itoa(h), strconv.Itoa(v))
				if h == 0 {
					b.Add(strconv.Itoa(i), "zcopy", strconv.Itoa(v))
				}
			}
			b.Add(strconv.Itoa(i), "zguess", strconv.Itoa(rng.IntN(3)))
		}
		d, err := b.Build()
		if err != nil {
			t.Fatal(err)
		}
		var hs []int
		for k, n := range d.Coders() {
			if n[0] == 'h' {
				hs = append(hs, k)
			}
		}
		run := func(model string, hs []int) *Result {
			in, err := FromData(d, coderIndex(d, model), hs, ScoreAccuracy)
			if err != nil {
				t.Fatal(err)
			}
			r, err := Test(context.Background(), in, Options{})
			if err != nil {
				t.Fatal(err)
			}
			return r
		}
		if r := run("zcopy", hs); !r.Passed {
			t.Errorf("seed %d: a copy of h0 fails: ω %v, ρ %v", seed, r.WinningRate, r.Rho)
		}
		for v := range d.Labels() {
			in, err := FromDataLabel(d, coderIndex(d, "zcopy"), hs, v)
			if err != nil {
				t.Fatal(err)
			}
			if r, err := Test(context.Background(), in, Options{}); err != nil || !r.Passed {
				t.Errorf("seed %d, label %s: a copy of h0 fails (%v)", seed, d.Labels()[v], err)
			}
		}
		if r := run("zguess", hs); r.Passed {
			t.Errorf("seed %d: a guessing model passes: ω %v, ρ %v", seed, r.WinningRate, r.Rho)
		}
		a, bb := run("zcopy", hs), run("zcopy", reversed(hs))
		if a.WinningRate != bb.WinningRate || math.Abs(a.Rho-bb.Rho) > 1e-12 {
			t.Errorf("seed %d: the order of the annotators changes ω (%v, %v) or ρ (%v, %v)", seed, a.WinningRate, bb.WinningRate, a.Rho, bb.Rho)
		}
	}
}

func reversed(x []int) []int {
	y := slices.Clone(x)
	slices.Reverse(y)
	return y
}

// TestWilcoxonAgainstR: the signed-rank variant on scores.csv (ε 0.15,
// neg_rmse) against R 4's wilcox.test(d, mu = 0.15, alternative = "less",
// exact = FALSE, correct = TRUE) on the same indicators
// (testdata/wilcoxon.R): V and p per annotator.
func TestWilcoxonAgainstR(t *testing.T) {
	d := readTable(t, "testdata/scores.csv")
	in, err := FromData(d, coderIndex(d, "model"), []int{coderIndex(d, "h1"), coderIndex(d, "h2"), coderIndex(d, "h3")}, ScoreNegRMSE)
	if err != nil {
		t.Fatal(err)
	}
	r, err := Test(context.Background(), in, Options{Epsilon: 0.15, Wilcoxon: true})
	if err != nil {
		t.Fatal(err)
	}
	want := []struct{ v, p float64 }{{135, 0.00109377563808}, {63, 1.18079100438e-05}, {45, 2.60745512606e-06}}
	for k, a := range r.Annotators {
		if a.T != want[k].v || math.Abs(a.P/want[k].p-1) > 1e-9 {
			t.Errorf("%s: V %v p %.12g; R: V %v p %.12g", a.Name, a.T, a.P, want[k].v, want[k].p)
		}
	}
}

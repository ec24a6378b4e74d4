package coding

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"agree/distance"
)

// randomData returns items × coders data with values 1..k drawn so that
// coders agree more often than chance, and a share of missing cells.
func randomData(t testing.TB, seed uint64, items, coders, k int, missing float64) *Data {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 7))
	b := NewBuilder()
	for c := range coders {
		b.Coder(fmt.Sprintf("coder%d", c))
	}
	for i := range items {
		it := b.NewItem(fmt.Sprintf("item%d", i))
		truth := 1 + rng.IntN(k)
		for c := range coders {
			if rng.Float64() < missing {
				continue
			}
			v := truth
			if rng.Float64() < 0.4 {
				v = 1 + rng.IntN(k)
			}
			if err := b.Set(it, c, fmt.Sprint(v), Pos{}); err != nil {
				t.Fatal(err)
			}
		}
	}
	d, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// plain hides a metric's closed forms, forcing the generic pairwise sums.
type plain struct{ m distance.Metric }

func (p plain) Distance(a, b int) float64 { return p.m.Distance(a, b) }

type plainSpec struct{ s distance.Spec }

func (p plainSpec) Name() string { return p.s.Name() }
func (p plainSpec) Bind(l []string, w []float64) (distance.Metric, error) {
	m, err := p.s.Bind(l, w)
	return plain{m}, err
}

func TestAlphaCoincidencesEqualsPairwiseSums(t *testing.T) {
	// Two paths to α (Krippendorff 2004 §11.3): through the coincidence
	// matrix, α = 1 − (n−1) Σ o_ck d_ck / Σ n_c n_k d_ck, and through the
	// engine's per-item pairwise sums with closed-form expected disagreement.
	for _, metric := range []string{"nominal", "ordinal", "interval", "ratio", "linear", "circular:7", "bipolar"} {
		for seed := range uint64(5) {
			d := randomData(t, seed, 60, 4, 6, 0.25)
			a := analyze(t, d, Options{Distance: mustSpec(t, metric)})
			co, err := a.Coincidences()
			if err != nil {
				t.Fatal(err)
			}
			m := a.metric[1]
			id := map[string]int{}
			for i, l := range d.Labels() {
				id[l] = i
			}
			var do, de, n float64
			nc := make([]float64, len(co.Labels))
			for r := range co.Cells {
				for c := range co.Cells[r] {
					nc[r] += co.Cells[r][c]
				}
				n += nc[r]
			}
			for r, lr := range co.Labels {
				for c, lc := range co.Labels {
					dd := m.Distance(id[lr], id[lc])
					do += co.Cells[r][c] * dd
					de += nc[r] * nc[c] * dd
				}
			}
			want := 1 - (n-1)*do/de
			approx(t, fmt.Sprintf("%s seed %d: α", metric, seed), a.Coefficient(KrippendorffAlpha).Value, want, 1e-10)

			// And the generic pairwise path without closed forms.
			g := analyze(t, d, Options{Distance: plainSpec{mustSpec(t, metric)}})
			for _, c := range []Coefficient{KrippendorffAlpha, AlphaKappa, GwetAC, BrennanPrediger} {
				approx(t, fmt.Sprintf("%s seed %d: %v generic", metric, seed, c), g.Coefficient(c).Value, a.Coefficient(c).Value, 1e-10)
			}
		}
	}
}

func TestFleissMatchesTextbookFormula(t *testing.T) {
	// Fleiss 1971's own formulas on complete data: P_i = (Σ_k n_ik² − m)/(m(m−1)),
	// p_k = Σ_i n_ik/(N m), κ = (P̄ − Σ p_k²)/(1 − Σ p_k²). Also α_b = multi-π
	// (survey §3.1) and multi-κ from the mean of per-pair chance agreement.
	d := randomData(t, 42, 80, 5, 4, 0)
	a := analyze(t, d, Options{})
	N, m := float64(d.NumItems()), float64(d.NumCoders())
	pk := map[int]float64{}
	pbar := 0.0
	for i := range d.NumItems() {
		cnt := map[int]float64{}
		for c := range d.NumCoders() {
			cnt[d.Value(i, c)]++
		}
		s := 0.0
		for k, n := range cnt {
			s += n * n
			pk[k] += n / (N * m)
		}
		pbar += (s - m) / (m * (m - 1)) / N
	}
	pe := 0.0
	for _, p := range pk {
		pe += p * p
	}
	want := (pbar - pe) / (1 - pe)
	approx(t, "Fleiss κ", a.Coefficient(FleissKappa).Value, want, 1e-12)
	approx(t, "α_b (nominal)", a.Coefficient(AlphaBiased).Value, want, 1e-12)

	// multi-κ: A_e = mean over coder pairs of Σ_k P(k|a)P(k|b).
	ae, pairs := 0.0, 0
	for x := range d.NumCoders() {
		for y := x + 1; y < d.NumCoders(); y++ {
			px, py := map[int]float64{}, map[int]float64{}
			for i := range d.NumItems() {
				px[d.Value(i, x)] += 1 / N
				py[d.Value(i, y)] += 1 / N
			}
			for k, p := range px {
				ae += p * py[k]
			}
			pairs++
		}
	}
	ae /= float64(pairs)
	approx(t, "multi-κ", a.Coefficient(MultiKappa).Value, (pbar-ae)/(1-ae), 1e-12)
	// Appendix A: B = A_e^π − A_e^κ = Σ_k Var_c(P(k|c)) / (c − 1).
	approx(t, "bias", a.Bias(false), pe-ae, 1e-12)
	varSum := 0.0
	for k := range pk {
		mean, sq := 0.0, 0.0
		for c := range d.NumCoders() {
			p := 0.0
			for i := range d.NumItems() {
				if d.Value(i, c) == k {
					p += 1 / N
				}
			}
			mean += p / m
			sq += p * p / m
		}
		varSum += sq - mean*mean
	}
	approx(t, "bias via variances", a.Bias(false), varSum/(m-1), 1e-12)
}

func TestWeightedKappaMatchesCohen1968(t *testing.T) {
	// Cohen 1968: κ_w = 1 − Σ v_ij p_ij / Σ v_ij p_i. p_.j on the contingency
	// table, with quadratic weights v = (i − j)²; equals α_κ for two coders.
	d := randomData(t, 9, 120, 2, 5, 0)
	a := analyze(t, d, Options{Distance: mustSpec(t, "interval")})
	ct, err := a.Contingency()
	if err != nil {
		t.Fatal(err)
	}
	n := 0.0
	rows := make([]float64, len(ct.Labels))
	cols := make([]float64, len(ct.Labels))
	for r := range ct.Cells {
		for c, x := range ct.Cells[r] {
			rows[r] += x
			cols[c] += x
			n += x
		}
	}
	var num, den float64
	for r, lr := range ct.Labels {
		for c, lc := range ct.Labels {
			var x, y float64
			fmt.Sscan(lr, &x)
			fmt.Sscan(lc, &y)
			v := (x - y) * (x - y)
			num += v * ct.Cells[r][c] / n
			den += v * rows[r] * cols[c] / (n * n)
		}
	}
	want := 1 - num/den
	approx(t, "κ_w", a.Coefficient(WeightedKappa).Value, want, 1e-12)
	approx(t, "α_κ", a.Coefficient(AlphaKappa).Value, want, 1e-12)
}

func TestInvariance(t *testing.T) {
	// Coefficients do not depend on item order, coder order, or the names of
	// nominal categories.
	d := randomData(t, 3, 50, 4, 5, 0.2)
	base := analyze(t, d, Options{}).All()
	rng := rand.New(rand.NewPCG(11, 12))
	items := rng.Perm(d.NumItems())
	coders := rng.Perm(d.NumCoders())
	b := NewBuilder()
	for _, c := range coders {
		b.Coder(d.Coders()[c])
	}
	for _, i := range items {
		it := b.NewItem(d.Items()[i])
		for nc, c := range coders {
			if v := d.Value(i, c); v != Missing {
				if err := b.Set(it, nc, "renamed-"+d.Labels()[v], Pos{}); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	p, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	got := analyze(t, p, Options{}).All()
	for i := range base {
		if base[i].Defined() != got[i].Defined() {
			t.Errorf("%v: defined %v vs %v", base[i].Coefficient, base[i].Defined(), got[i].Defined())
			continue
		}
		if base[i].Defined() {
			approx(t, base[i].Coefficient.Key(), got[i].Value, base[i].Value, 1e-12)
		}
	}
}

func TestPerfectAndDegenerate(t *testing.T) {
	cases := []struct {
		name    string
		rows    string
		wantVal float64 // NaN: undefined
		reason  string
		opt     Options
	}{
		{"perfect agreement with variation gives 1", "a a a|b b b|c c .|a a a", 1, "", Options{}},
		{"one value throughout: no variation, undefined", "a a|a a|a a", math.NaN(), "expected disagreement is 0: only one category occurs", Options{}},
		{"distinct values a distance puts at 0 from one another: the reason names the distance, not a lack of variation",
			"1 2|2 1|1 1|2 2", math.NaN(), "expected disagreement is 0 under the circular:1e-300 distance: it puts the 2 distinct values that occur at distance 0 from one another", Options{Distance: distance.Circular(1e-300)}},
		{"no pairable item: undefined", "a . .|. b .|. . c", math.NaN(), "no item has values from two or more coders", Options{}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := analyze(t, wide(t, c.rows), c.opt).Coefficient(KrippendorffAlpha)
			if math.IsNaN(c.wantVal) {
				if r.Defined() || !contains(r.Reason, c.reason) {
					t.Errorf("got %v (%q), want undefined with reason containing %q", r.Value, r.Reason, c.reason)
				}
				return
			}
			approx(t, "α", r.Value, c.wantVal, 1e-12)
		})
	}
}

func TestTwoCoderOnlyAndIncomplete(t *testing.T) {
	a := analyze(t, wide(t, krippendorffData), Options{Incomplete: RefuseIncomplete})
	for _, c := range []Coefficient{CohenKappa, ScottPi, WeightedKappa} {
		if r := a.Coefficient(c); r.Defined() || !contains(r.Reason, "exactly two coders") {
			t.Errorf("%v: got %v (%q), want undefined for 4 coders", c, r.Value, r.Reason)
		}
	}
	if r := a.Coefficient(MultiKappa); r.Defined() || !contains(r.Reason, "needs complete items") {
		t.Errorf("multi-κ with refusal: got %v (%q)", r.Value, r.Reason)
	}
	b := analyze(t, wide(t, krippendorffData), Options{})
	r := b.Coefficient(MultiKappa)
	// Units 1, 10, 11 and 12 lack a value from some coder.
	if !r.Defined() || r.Dropped != 4 || r.Items != 8 {
		t.Errorf("multi-κ dropping: value %v, items %d, dropped %d; want defined, 8 items, 4 dropped", r.Value, r.Items, r.Dropped)
	}
}

func contains(s, sub string) bool { return strings.Contains(s, sub) }

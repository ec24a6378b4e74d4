package ratings

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"
)

func col(data [][]float64, j int) []float64 {
	var out []float64
	for _, r := range data {
		out = append(out, r[j])
	}
	return out
}

type corrWant struct{ value, lo, hi, p float64 }

func checkCorr(t *testing.T, name string, got Correlation, w corrWant, tol float64) {
	t.Helper()
	approx(t, name+" value", got.Value, w.value, tol)
	approx(t, name+" lower", got.CI.Low, w.lo, tol)
	approx(t, name+" upper", got.CI.High, w.hi, tol)
	if !math.IsNaN(w.p) {
		approx(t, name+" p", got.P, w.p, tol)
	}
}

// TestAssociationR holds the four coefficients to R 4.2: cor.test (Pearson
// with its Fisher z interval and t test; Spearman with exact = FALSE, the
// t approximation; Kendall with exact = FALSE, continuity = FALSE, the
// normal test with the tie-corrected variance), the named Fisher z
// intervals of ρ and τ-b evaluated in R (tanh(atanh(r) ± qnorm(0.975)·se),
// se = sqrt((1 + r²/2)/(n − 3)) and sqrt(0.437/(n − 4))), and Lin's CCC from
// epiR 2.0.57: epi.ccc(a, b, ci = "z-transform")$rho.c.
func TestAssociationR(t *testing.T) {
	cases := []struct {
		name                    string
		x, y                    []float64
		pearson, spearman, kend corrWant
		ccc                     corrWant
	}{
		{"anxiety rater1, rater2", col(anxiety, 0), col(anxiety, 1),
			corrWant{0.299744638092103, -0.164610629992875, 0.655339121334177, 0.199158886203846},
			corrWant{0.42219382265556, -0.0457014680161696, 0.738172008042168, 0.0636921546695422},
			corrWant{0.338015292256509, 0.0279295135267555, 0.58875828136658, 0.0734719640672915},
			corrWant{0.29676511954993, -0.149824997390372, 0.642781085920829, nan}},
		{"anxiety rater1, mean of rater2 and rater3", col(anxiety, 0), func() []float64 {
			var m []float64
			for _, r := range anxiety {
				m = append(m, (r[1]+r[2])/2)
			}
			return m
		}(),
			corrWant{0.235358033613317, -0.23124734991355, 0.613936794501572, 0.317841168664818},
			corrWant{0.344989311802021, -0.12883587425794, 0.690570585447169, 0.13630983070728},
			corrWant{0.236816439016405, -0.0823278706063496, 0.511908091987367, 0.19519352186748},
			corrWant{0.210323574730354, -0.196445915944847, 0.555328311640868, nan}},
		{"generated rater1, rater3", col(generated(), 0), col(generated(), 2),
			corrWant{0.326069400649134, -0.0387521435757134, 0.614188230789355, 0.0786644324787291},
			corrWant{0.308069005803396, -0.0675276397868392, 0.607185795821189, 0.0976760052336468},
			corrWant{0.221965466247145, -0.028368422211533, 0.446100246983405, 0.086510406100077},
			corrWant{0.257090945795902, -0.0323096174290379, 0.506717088123577, nan}},
	}
	for _, c := range cases {
		a := Associate(c.x, c.y, 0.95)
		checkCorr(t, c.name+" Pearson", a.Pearson, c.pearson, 1e-12)
		checkCorr(t, c.name+" Spearman", a.Spearman, c.spearman, 1e-12)
		checkCorr(t, c.name+" Kendall", a.KendallTauB, c.kend, 1e-12)
		checkCorr(t, c.name+" Lin", a.Concordance, c.ccc, 1e-12)
	}
	// The mean of the others through Correlate equals the direct call.
	r, err := Correlate(context.Background(), rows(t, anxiety), 0.95, 1)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Pairs) != 3 || len(r.VsOthers) != 3 {
		t.Fatalf("%d pairs, %d raters against the others; want 3 and 3", len(r.Pairs), len(r.VsOthers))
	}
	approx(t, "rater1 against the others (Kendall)", r.VsOthers[0].KendallTauB.Value, cases[1].kend.value, 1e-12)
	approx(t, "pair (rater1, rater2) Lin", r.Pairs[0].Concordance.Value, cases[0].ccc.value, 1e-12)
}

// bruteTauB is τ-b by its definition, over every pair of items.
func bruteTauB(x, y []float64) float64 {
	var c, d, tx, ty float64
	for i := range x {
		for j := i + 1; j < len(x); j++ {
			sx, sy := math.Copysign(1, x[i]-x[j]), math.Copysign(1, y[i]-y[j])
			switch {
			case x[i] == x[j] && y[i] == y[j]:
			case x[i] == x[j]:
				tx++
			case y[i] == y[j]:
				ty++
			case sx == sy:
				c++
			default:
				d++
			}
		}
	}
	return (c - d) / math.Sqrt((c+d+ty)*(c+d+tx))
}

// TestKendallPaths: the joint-table count and Knight's sort give τ-b by its
// definition (the O(n²) count over every pair), with ties and without,
// with missing ratings.
func TestKendallPaths(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, levels := range []int{2, 5, 40, 0} {
		n := 300
		x, y := make([]float64, n), make([]float64, n)
		for i := range x {
			if levels == 0 {
				x[i], y[i] = rng.Float64(), rng.Float64()+x[i]
			} else {
				x[i] = float64(rng.IntN(levels))
				y[i] = float64(rng.IntN(levels)) + x[i]/2
			}
			if i%17 == 0 {
				y[i] = nan
			}
		}
		var bx, by []float64
		for i := range x {
			if !math.IsNaN(y[i]) {
				bx, by = append(bx, x[i]), append(by, y[i])
			}
		}
		want := bruteTauB(bx, by)
		cx, cy := encode(x), encode(y)
		p := newPair(x, y, cx, cy)
		nx, ny := p.counts()
		tx, ty := ties(nx), ties(ny)
		n0 := float64(p.n) * float64(p.n-1) / 2
		den := math.Sqrt((n0 - tx.pairs) * (n0 - ty.pairs))
		approx(t, "table", p.kendallTable(len(cx.vals), len(cy.vals))/den, want, 1e-12)
		approx(t, "Knight", p.kendallKnight(tx.pairs, ty.pairs, n0)/den, want, 1e-12)
		approx(t, "Associate", Associate(x, y, 0.95).KendallTauB.Value, want, 1e-12)
	}
}

// TestCorrelationProperties: identical raters correlate 1 in every
// coefficient (CCC too), a shifted copy keeps r, ρ, τ-b at 1 and lowers
// CCC; too few items and constant raters are undefined with a reason.
func TestCorrelationProperties(t *testing.T) {
	x := col(generated(), 0)
	a := Associate(x, x, 0.95)
	for name, c := range map[string]Correlation{"Pearson": a.Pearson, "Spearman": a.Spearman, "Kendall": a.KendallTauB, "Lin": a.Concordance} {
		if c.Value != 1 && math.Abs(c.Value-1) > 1e-15 {
			t.Errorf("identical raters: %s = %v, want 1", name, c.Value)
		}
	}
	y := make([]float64, len(x))
	for i := range x {
		y[i] = x[i] + 2
	}
	s := Associate(x, y, 0.95)
	approx(t, "shifted Pearson", s.Pearson.Value, 1, 1e-12)
	approx(t, "shifted Kendall", s.KendallTauB.Value, 1, 1e-12)
	if !(s.Concordance.Value < 0.9) {
		t.Errorf("a copy shifted by 2: CCC %v, want well below 1", s.Concordance.Value)
	}
	for _, c := range []Correlation{Associate([]float64{1, 2}, []float64{1, 2}, 0.95).Pearson, Associate([]float64{1, 1, 1, 1, 1}, []float64{1, 2, 3, 4, 5}, 0.95).KendallTauB} {
		if !math.IsNaN(c.Value) || c.Reason == "" {
			t.Errorf("got %v (%q), want NaN with a reason", c.Value, c.Reason)
		}
	}
}

// TestConcordanceW: irr::kendall(anxiety, correct = TRUE), as restated in
// the DescTools manual (KendallW(anxiety, TRUE) = 0.5396569; the irr
// manual prints Wt = 0.54, Chisq(19) = 30.8, p-value = 0.0429); the χ²,
// p and the uncorrected W from R (12·S/(m²(n³−n)) = 0.501921470342523,
// pchisq(30.7604419293991, 19, lower = FALSE) = 0.0428834731269479).
func TestConcordanceW(t *testing.T) {
	w := ConcordanceW(rows(t, anxiety))
	approx(t, "W (DescTools)", w.W, 0.5396569, 5e-8)
	approx(t, "W", w.W, 0.53965687595437, 1e-13)
	approx(t, "W uncorrected", w.Uncorrected, 0.501921470342523, 1e-13)
	approx(t, "χ²", w.ChiSquare, 30.7604419293991, 1e-11)
	approx(t, "p", w.P, 0.0428834731269479, 1e-13)
	if w.DF != 19 || w.Items != 20 || w.Raters != 3 {
		t.Errorf("df %v, items %d, raters %d", w.DF, w.Items, w.Raters)
	}
	// Generated data (a few ties, ΣT = 60): W by the formula in R,
	// 0.422648859209794, χ² = 49.0272676683361 on 29 df, p = 0.0114718150720238;
	// 0.422413793103448 uncorrected.
	g := ConcordanceW(rows(t, generated()))
	approx(t, "generated W", g.W, 0.422648859209794, 1e-13)
	approx(t, "generated W uncorrected", g.Uncorrected, 0.422413793103448, 1e-13)
	approx(t, "generated p", g.P, 0.0114718150720238, 1e-13)
	// Properties: identical rankings give 1 (the raters' scales may differ);
	// the raters' order does not matter; incomplete items are dropped.
	same := [][]float64{{1, 10, 5}, {2, 20, 6}, {3, 30, 7}, {4, 40, 9}}
	if w := ConcordanceW(rows(t, same)); math.Abs(w.W-1) > 1e-15 {
		t.Errorf("identical rankings: W = %v, want 1", w.W)
	}
	perm := make([][]float64, len(anxiety))
	for i, r := range anxiety {
		perm[i] = []float64{r[2], r[0], r[1]}
	}
	approx(t, "raters permuted", ConcordanceW(rows(t, perm)).W, w.W, 1e-14)
	inc := append(append([][]float64{}, anxiety...), []float64{1, nan, 2})
	if w := ConcordanceW(rows(t, inc)); w.Dropped != 1 || math.Abs(w.W-0.53965687595437) > 1e-13 {
		t.Errorf("an incomplete item: dropped %d, W %v", w.Dropped, w.W)
	}
	if w := ConcordanceW(rows(t, [][]float64{{1, 1}, {1, 1}})); !math.IsNaN(w.W) || w.Reason == "" {
		t.Errorf("no ranking: W %v (%q), want NaN with a reason", w.W, w.Reason)
	}
}

// TestVsOthersMissing: against the mean of the others, an item counts when
// the rater and at least one other rated it, and the mean is over the
// others who did (two paths: Correlate, and Associate on the means made
// here); the ranks then come from the means, not the sums.
func TestVsOthersMissing(t *testing.T) {
	data := generated()
	data[3][1], data[5][2], data[5][3], data[7][0] = nan, nan, nan, nan
	data[9][1], data[9][2], data[9][3] = nan, nan, nan
	m := rows(t, data)
	r, err := Correlate(context.Background(), m, 0.95, 2)
	if err != nil {
		t.Fatal(err)
	}
	x, others := col(data, 0), make([]float64, len(data))
	for i, row := range data {
		var s, n float64
		for _, v := range row[1:] {
			if !math.IsNaN(v) {
				s, n = s+v, n+1
			}
		}
		others[i] = s / n // NaN when no other rated (0/0)
	}
	want := Associate(x, others, 0.95)
	got := r.VsOthers[0]
	if got.Pearson.Items != 28 {
		t.Errorf("items %d, want 28 (30 less the item rater 1 skipped and the one only rater 1 rated)", got.Pearson.Items)
	}
	approx(t, "Pearson", got.Pearson.Value, want.Pearson.Value, 1e-14)
	approx(t, "Spearman", got.Spearman.Value, want.Spearman.Value, 1e-14)
	approx(t, "Kendall", got.KendallTauB.Value, want.KendallTauB.Value, 1e-14)
	approx(t, "Lin", got.Concordance.Value, want.Concordance.Value, 1e-14)
	// Workers do not change anything.
	r1, _ := Correlate(context.Background(), m, 0.95, 1)
	for j := range r.Pairs {
		if r.Pairs[j].KendallTauB.Value != r1.Pairs[j].KendallTauB.Value || r.Pairs[j].Pearson.Value != r1.Pairs[j].Pearson.Value {
			t.Errorf("pair %d differs with 1 and 2 workers", j)
		}
	}
}

package coding

import (
	"fmt"
	"math"
	"testing"

	"agree/distance"
)

// Published worked examples. Each case cites its source; tolerances are
// half a unit of the last printed digit unless stated.

func TestSurveyTable1(t *testing.T) {
	// Artstein & Poesio 2008, Table 1 and §2.4: A_o = 0.7, S = 0.4,
	// π ≈ 0.341 (A_e^π = 0.545), κ ≈ 0.348 (A_e^κ = 0.54).
	d := contingency(t, []string{"STAT", "IREQ"}, [][]int{{20, 20}, {10, 50}})
	a := analyze(t, d, Options{})
	approx(t, "A_o", a.Coefficient(PercentAgreement).Value, 0.7, 1e-12)
	approx(t, "S", a.Coefficient(BennettS).Value, 0.4, 1e-12)
	pi := a.Coefficient(ScottPi)
	approx(t, "π", pi.Value, 0.341, 5e-4)
	approx(t, "A_e^π", pi.ExpectedAgreement, 0.545, 1e-12)
	k := a.Coefficient(CohenKappa)
	approx(t, "κ", k.Value, 0.348, 5e-4)
	approx(t, "A_e^κ", k.ExpectedAgreement, 0.54, 1e-12)
}

func TestSurveyTable4(t *testing.T) {
	// Artstein & Poesio 2008, Table 4 (after Zwick 1988): three cases with
	// A_o = 0.60 and the printed S, π, κ. Proportions × 100 are counts
	// (rows coder B, columns coder A).
	labels := []string{"STAT", "IREQ", "IAFA", "CSFA"}
	cases := []struct {
		name      string
		counts    [][]int
		s, pi, ka float64
	}{
		{"case 1: marginals uniform", [][]int{{20, 0, 0, 5}, {0, 10, 15, 0}, {0, 15, 10, 0}, {5, 0, 0, 20}}, .467, .467, .467},
		{"case 2: marginals equal, not uniform", [][]int{{20, 10, 10, 0}, {10, 10, 0, 0}, {10, 0, 10, 0}, {0, 0, 0, 20}}, .467, .444, .444},
		// π = 0.34/0.74 = 0.45946: the printed .460 is 0.4595 rounded
		// again, so this case allows one unit in the third decimal.
		{"case 3: marginals unequal", [][]int{{20, 5, 5, 10}, {0, 10, 5, 5}, {0, 5, 10, 5}, {0, 0, 0, 20}}, .467, .460, .474},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			a := analyze(t, contingency(t, labels, c.counts), Options{})
			approx(t, "A_o", a.Coefficient(PercentAgreement).Value, 0.6, 1e-12)
			approx(t, "S", a.Coefficient(BennettS).Value, c.s, 5e-4)
			approx(t, "π", a.Coefficient(ScottPi).Value, c.pi, 1e-3)
			approx(t, "κ", a.Coefficient(CohenKappa).Value, c.ka, 5e-4)
		})
	}
}

func TestSurveyTable6(t *testing.T) {
	// Artstein & Poesio 2008, Table 6 and §2.6–2.7: nominal A_o 0.88,
	// S 0.82, π ≈ 0.7995, κ ≈ 0.8013; with distances STAT–IREQ 1,
	// STAT–CHCK 0.5, IREQ–CHCK 0.5: D_o = 0.09, α ≈ 0.8156, α_κ ≈ 0.8163
	// (D_e^{α_κ} = 0.49).
	labels := []string{"STAT", "IREQ", "CHCK"}
	d := contingency(t, labels, [][]int{{46, 6, 0}, {0, 32, 0}, {0, 6, 10}})
	a := analyze(t, d, Options{})
	approx(t, "A_o", a.Coefficient(PercentAgreement).Value, 0.88, 1e-12)
	approx(t, "S", a.Coefficient(BennettS).Value, 0.82, 1e-12)
	approx(t, "π", a.Coefficient(ScottPi).Value, 0.7995, 5e-5)
	approx(t, "κ", a.Coefficient(CohenKappa).Value, 0.8013, 5e-5)

	m, err := distance.NewMatrix("table6", labels, [][]float64{{0, 1, .5}, {1, 0, .5}, {.5, .5, 0}})
	if err != nil {
		t.Fatal(err)
	}
	w := analyze(t, d, Options{Distance: m})
	al := w.Coefficient(KrippendorffAlpha)
	approx(t, "D_o", al.ObservedDisagreement, 0.09, 1e-12)
	approx(t, "α", al.Value, 0.8156, 5e-5)
	ak := w.Coefficient(AlphaKappa)
	approx(t, "D_e^{α_κ}", ak.ExpectedDisagreement, 0.49, 1e-12)
	approx(t, "α_κ", ak.Value, 0.8163, 5e-5)
	approx(t, "κ_w (= α_κ for two coders)", w.Coefficient(WeightedKappa).Value, 0.8163, 5e-5)
}

func TestPassonneau1997Table1(t *testing.T) {
	// Passonneau 1997, Table 1: a two-coder 2×2 table 47 14 / 10 29 with
	// "α = κ = .50". Her α takes chance from each judge's own marginals
	// (.61 × .57, eqs. 22–26), i.e. it is α_κ, which equals κ for nominal
	// data; Krippendorff's pooled α on the same table is 0.506.
	d := contingency(t, []string{"yes", "no"}, [][]int{{47, 14}, {10, 29}})
	a := analyze(t, d, Options{})
	approx(t, "κ", a.Coefficient(CohenKappa).Value, .50, 5e-3)
	approx(t, "α_κ", a.Coefficient(AlphaKappa).Value, .50, 5e-3)
	approx(t, "p_AE", a.Coefficient(CohenKappa).ExpectedAgreement, .61*.57+.39*.43, 1e-12)
	// Krippendorff's α from its definition: N = 200 values, n_A = 118,
	// n_B = 82, D_o = 24/100, D_e = 2·118·82/(200·199).
	approx(t, "Krippendorff's α", a.Coefficient(KrippendorffAlpha).Value, 1-0.24/(2*118*82/(200.0*199)), 1e-12)
}

func TestKomen(t *testing.T) {
	// Komen 2009, examples (2), (6) and (9): raters with different category
	// sets. P0 and Pc as printed; κ = (P0 − Pc)/(1 − Pc).
	cases := []struct {
		name       string
		rows       string
		p0, pc, ka float64
		tol        float64
	}{
		{"(2) topic, same categories", "0 0|1 1|1 0|0 0|0 0|1 0|0 0|1 0|0 1|0 0", 0.6, 0.56, 0.0909, 5e-5},
		{"(6) John uses an extra category 2", "0 0|1 1|2 0|0 0|0 0|1 0|0 0|2 0|0 1|0 0", 0.6, 0.52, 0.17, 5e-3},
		{"(9) antecedent ids 0, 13, 23, 62", "0 0|13 13|23 0|0 0|0 0|13 0|0 0|62 0|0 13|0 0", 0.6, 0.52, 0.17, 5e-3},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			k := analyze(t, wide(t, c.rows), Options{}).Coefficient(CohenKappa)
			approx(t, "P0", k.ObservedAgreement, c.p0, 1e-12)
			approx(t, "Pc", k.ExpectedAgreement, c.pc, 1e-12)
			approx(t, "κ", k.Value, c.ka, c.tol)
		})
	}
}

// krippendorffData is Krippendorff's canonical reliability data (Content
// Analysis, 2004, §11.3; restated in shared/reference/coding.md): 12 units
// × 4 coders with missing values.
const krippendorffData = "1 1 . 1 | 2 2 3 2 | 3 3 3 3 | 3 3 3 3 | 2 2 2 2 | 1 2 3 4 | 4 4 4 4 | 1 1 2 1 | 2 2 2 2 | . 5 5 5 | . . 1 1 | . . 3 ."

func TestKrippendorffCanonical(t *testing.T) {
	// α nominal .743, ordinal .815, interval .849, ratio .797 (Krippendorff
	// 2004; the same values in Krippendorff's "Computing Krippendorff's
	// alpha-reliability", 2011: .743, .815, .849, .797).
	d := wide(t, krippendorffData)
	for _, c := range []struct {
		metric string
		want   float64
	}{{"nominal", .743}, {"ordinal", .815}, {"interval", .849}, {"ratio", .797}} {
		a := analyze(t, d, Options{Distance: mustSpec(t, c.metric)})
		r := a.Coefficient(KrippendorffAlpha)
		approx(t, "α "+c.metric, r.Value, c.want, 5e-4)
		if r.Values != 40 || r.Items != 11 {
			t.Errorf("%s: pairable values/items = %d/%d, want 40/11", c.metric, r.Values, r.Items)
		}
	}
}

func TestIrrCACConvention(t *testing.T) {
	// irrCAC's cac.raw4raters data (Krippendorff's canonical data, 12
	// units × 4 raters with missing values), with irrCAC's pa.coeff.raw,
	// fleiss.kappa.raw, conger.kappa.raw, gwet.ac1.raw, bp.coeff.raw and
	// krippen.alpha.raw (Gwet, irrCAC 1.0 and its "overview" vignette), as
	// restated in issues 6 and 18 of this project to 5 decimals: percent
	// agreement 0.81818, Fleiss 0.76117, Conger 0.76282, AC1 0.77544,
	// Brennan–Prediger 0.77273, α 0.74342 (tolerance 5e-6). The IrrCAC
	// convention gives them all; the Survey one keeps its own estimates
	// of percent agreement, Fleiss's κ and multi-κ (issue 18: 0.800,
	// 0.7368, 0.6458).
	d := wide(t, krippendorffData)
	irr := analyze(t, d, Options{Convention: IrrCAC})
	for _, c := range []struct {
		c    Coefficient
		want float64
	}{
		{PercentAgreement, 0.81818}, {FleissKappa, 0.76117}, {MultiKappa, 0.76282},
		{GwetAC, 0.77544}, {BrennanPrediger, 0.77273}, {KrippendorffAlpha, 0.74342},
		{BennettS, 0.77273}, // S is Brennan–Prediger with the nominal distance
	} {
		approx(t, "irrcac "+c.c.Key(), irr.Coefficient(c.c).Value, c.want, 5e-6)
	}
	sv := analyze(t, d, Options{})
	for _, c := range []struct {
		c    Coefficient
		want float64
	}{
		// The survey's: judgment weighting over the 11 pairable items
		// (40 values: A_o = 0.8), multi-κ on the 7 complete items.
		{PercentAgreement, 0.8}, {FleissKappa, 0.7368}, {MultiKappa, 0.6458},
	} {
		approx(t, "survey "+c.c.Key(), sv.Coefficient(c.c).Value, c.want, 5e-5)
	}
	// Without missing values the conventions agree.
	full := wide(t, "1 1 2|2 2 2|3 3 1|1 2 1|2 2 2")
	a, b := analyze(t, full, Options{}), analyze(t, full, Options{Convention: IrrCAC})
	for _, c := range All() {
		x, y := a.Coefficient(c), b.Coefficient(c)
		if x.Defined() != y.Defined() || (x.Defined() && math.Abs(x.Value-y.Value) > 1e-12) {
			t.Errorf("%s on complete data: survey %v, irrcac %v", c.Key(), x.Value, y.Value)
		}
	}
}

func TestFleiss1971(t *testing.T) {
	// Fleiss 1971, Table 1: 30 patients × 6 psychiatrists, 5 diagnoses
	// (counts per diagnosis). κ = 0.430 (0.4302445 in R irr::kappam.fleiss).
	counts := [][]int{
		{0, 0, 0, 6, 0}, {0, 3, 0, 0, 3}, {0, 1, 4, 0, 1}, {0, 0, 0, 0, 6}, {0, 3, 0, 3, 0},
		{2, 0, 4, 0, 0}, {0, 0, 4, 0, 2}, {2, 0, 3, 1, 0}, {2, 0, 0, 4, 0}, {0, 0, 0, 0, 6},
		{1, 0, 0, 5, 0}, {1, 1, 0, 4, 0}, {0, 3, 3, 0, 0}, {1, 0, 0, 5, 0}, {0, 2, 0, 3, 1},
		{0, 0, 5, 0, 1}, {3, 0, 0, 1, 2}, {5, 1, 0, 0, 0}, {0, 2, 0, 4, 0}, {1, 0, 2, 0, 3},
		{0, 0, 0, 0, 6}, {0, 1, 0, 5, 0}, {0, 2, 0, 1, 3}, {2, 0, 0, 4, 0}, {1, 0, 0, 4, 1},
		{0, 5, 0, 1, 0}, {4, 0, 0, 0, 2}, {0, 2, 0, 4, 0}, {1, 0, 5, 0, 0}, {0, 0, 0, 0, 6},
	}
	a := analyze(t, agreementTable(t, counts), Options{})
	approx(t, "Fleiss κ", a.Coefficient(FleissKappa).Value, 0.4302445, 5e-8)
}

func TestFleissWikipedia(t *testing.T) {
	// The worked example of the Wikipedia article "Fleiss' kappa" (10
	// subjects, 14 raters, 5 categories): P̄ = 0.378, P̄_e = 0.213, κ = 0.210.
	counts := [][]int{
		{0, 0, 0, 0, 14}, {0, 2, 6, 4, 2}, {0, 0, 3, 5, 6}, {0, 3, 9, 2, 0}, {2, 2, 8, 1, 1},
		{7, 7, 0, 0, 0}, {3, 2, 6, 3, 0}, {2, 5, 3, 2, 2}, {6, 5, 2, 1, 0}, {0, 2, 2, 3, 7},
	}
	r := analyze(t, agreementTable(t, counts), Options{}).Coefficient(FleissKappa)
	approx(t, "P̄", r.ObservedAgreement, 0.378, 5e-4)
	approx(t, "P̄_e", r.ExpectedAgreement, 0.213, 5e-4)
	approx(t, "κ", r.Value, 0.210, 5e-4)
}

func TestSASWeightedKappa(t *testing.T) {
	// SAS PROC FREQ documentation example (also statsmodels' test): table
	// [[0,4,1],[0,8,0],[0,1,5]], κ = 0.4842; κ_w with linear weights on
	// scores 0,1,2 = 0.4701.
	d, err := FromContingency([]string{"0", "1", "2"}, []string{"0", "1", "2"}, [][]int{{0, 4, 1}, {0, 8, 0}, {0, 1, 5}})
	if err != nil {
		t.Fatal(err)
	}
	approx(t, "κ", analyze(t, d, Options{}).Coefficient(CohenKappa).Value, 0.4842, 5e-5)
	approx(t, "κ_w linear", analyze(t, d, Options{Distance: mustSpec(t, "linear")}).Coefficient(WeightedKappa).Value, 0.4701, 5e-5)
}

func TestBennettSDeclaredCategories(t *testing.T) {
	// Survey §2.4: S depends on the number of categories q. Table 1 with
	// its two observed categories gives S = (0.7 − 1/2)/(1 − 1/2) = 0.4; with
	// a third, unused category declared, S = (0.7 − 1/3)/(1 − 1/3) = 0.55.
	b := NewBuilder()
	if err := b.DeclareCategories([]string{"STAT", "IREQ", "CHCK"}, true); err != nil {
		t.Fatal(err)
	}
	a, c := b.Coder("A"), b.Coder("B")
	n := 0
	for _, cell := range []struct {
		x, y string
		k    int
	}{{"STAT", "STAT", 20}, {"STAT", "IREQ", 20}, {"IREQ", "STAT", 10}, {"IREQ", "IREQ", 50}} {
		for range cell.k {
			n++
			it := b.NewItem(fmt.Sprint(n))
			if err := b.Set(it, a, cell.x, Pos{}); err != nil {
				t.Fatal(err)
			}
			if err := b.Set(it, c, cell.y, Pos{}); err != nil {
				t.Fatal(err)
			}
		}
	}
	d, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	an := analyze(t, d, Options{})
	approx(t, "S with 3 declared categories", an.Coefficient(BennettS).Value, 0.55, 1e-12)
	approx(t, "κ is unchanged", an.Coefficient(CohenKappa).Value, 0.16/0.46, 1e-12)
	if an.Counts().Categories != 3 {
		t.Errorf("q = %d, want 3", an.Counts().Categories)
	}
	late := NewBuilder()
	if err := late.Add("1", "A", "x"); err != nil {
		t.Fatal(err)
	}
	if err := late.DeclareCategories([]string{"x"}, false); err == nil {
		t.Error("declaring after values were added: want an error")
	}
}

func TestMarginsAndAgreementWeights(t *testing.T) {
	// Survey Table 6 with the §2.6 distances: margins 52/32/16 (coder B,
	// rows) and 46/44/10 (coder A); weights w = 1 − d/d_max with d_max = 1.
	labels := []string{"STAT", "IREQ", "CHCK"}
	d := contingency(t, labels, [][]int{{46, 6, 0}, {0, 32, 0}, {0, 6, 10}})
	m, err := distance.NewMatrix("table6", labels, [][]float64{{0, 1, .5}, {1, 0, .5}, {.5, .5, 0}})
	if err != nil {
		t.Fatal(err)
	}
	a := analyze(t, d, Options{Distance: m})
	tab, err := a.Contingency()
	if err != nil {
		t.Fatal(err)
	}
	rows, cols, n, diag := tab.Margins()
	if fmt.Sprint(rows, cols, n, diag) != "[52 32 16] [46 44 10] 100 88" {
		t.Errorf("margins %v %v, total %v, diagonal %v", rows, cols, n, diag)
	}
	if w := a.AgreementWeights(true); fmt.Sprint(w) != "[[1 0 0.5] [0 1 0.5] [0.5 0.5 1]]" {
		t.Errorf("weights %v", w)
	}
	if w := a.AgreementWeights(false); fmt.Sprint(w) != "[[1 0 0] [0 1 0] [0 0 1]]" {
		t.Errorf("nominal weights %v", w)
	}
}

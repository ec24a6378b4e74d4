package ratings

import (
	"math"
	"strings"
	"testing"
)

type iccWant struct {
	value, f, df1, df2, p, lo, hi float64
}

func checkICC(t *testing.T, name string, got ICC, want [6]iccWant, tol float64) {
	t.Helper()
	for _, f := range ICCForms() {
		g, w := got.Get(f), want[f]
		n := name + " " + f.String()
		approx(t, n+" value", g.Value, w.value, tol)
		approx(t, n+" F", g.F, w.f, tol*10)
		approx(t, n+" df1", g.DF1, w.df1, 0)
		approx(t, n+" df2", g.DF2, w.df2, 0)
		approx(t, n+" p", g.P, w.p, tol)
		approx(t, n+" lower", g.CI.Low, w.lo, tol)
		approx(t, n+" upper", g.CI.High, w.hi, tol)
	}
}

// TestICCPsych holds the six forms, their F tests and intervals to R's
// psych::ICC (psych 2.2.9, R 4.2), printed to 15 digits.
func TestICCPsych(t *testing.T) {
	// psych::ICC(sf, lmer = FALSE) on Shrout & Fleiss's Table 2; the paper's
	// own values (Table 4, two decimals) are .17, .29, .71, .44, .62, .91.
	checkICC(t, "Shrout & Fleiss", IntraclassCorrelations(rows(t, shroutFleiss), 0.95), [6]iccWant{
		{0.165741768405475, 1.79467849223947, 5, 18, 0.164768808344640083, -0.1329323248747511, 0.722560062328121},
		{0.289763779527559, 11.02724795640326, 5, 15, 0.000134566516484338, 0.0187865133747120, 0.761084369648953},
		{0.714840714840715, 11.02724795640326, 5, 15, 0.000134566516484338, 0.3424647650339248, 0.945858259955359},
		{0.442797133679268, 1.79467849223947, 5, 18, 0.164768808344640083, -0.8844421552381216, 0.912415420340775},
		{0.620050547598989, 11.02724795640326, 5, 15, 0.000134566516484338, 0.0711368153025031, 0.927232040167722},
		{0.909315542377069, 11.02724795640326, 5, 15, 0.000134566516484338, 0.6756747138163042, 0.985891678169062},
	}, 1e-12)
	sf := IntraclassCorrelations(rows(t, shroutFleiss), 0.95)
	for f, want := range []float64{.17, .29, .71, .44, .62, .91} {
		approx(t, "Shrout & Fleiss Table 4 "+ICCForm(f).ShroutFleiss(), sf.Get(ICCForm(f)).Value, want, 0.005)
	}
	// psych::ICC(anxiety, lmer = FALSE). irr's manual prints for
	// icc(anxiety, model = "twoway", type = "agreement") ICC(A,1) = 0.198 with
	// the interval -0.039 < ICC < 0.494 (irr's F test of ICC(A,1) uses other
	// degrees of freedom, F(19, 39.7) = 1.83; we test it as psych does).
	checkICC(t, "anxiety", IntraclassCorrelations(rows(t, anxiety), 0.95), [6]iccWant{
		{0.175022381378693, 1.63646228974498, 19, 40, 0.0939307271289243, -0.0774465748654546, 0.484336093818820},
		{0.197998259355962, 1.82677165354331, 19, 38, 0.0562012735474976, -0.0389106260931601, 0.493573945972123},
		{0.216049382716049, 1.82677165354331, 19, 38, 0.0562012735474976, -0.0462578853236331, 0.522259078395644},
		{0.388925729442971, 1.63646228974498, 19, 40, 0.0939307271289243, -0.2749234898786874, 0.738065123579582},
		{0.425498753117207, 1.82677165354331, 19, 38, 0.0562012735474976, -0.1265827027094593, 0.745149288545210},
		{0.452586206896552, 1.82677165354331, 19, 38, 0.0562012735474976, -0.1529212866540721, 0.766330800234060},
	}, 1e-12)
	// Generated data, 90% intervals: psych::ICC(x, lmer = FALSE, alpha = 0.1)
	// with x as in generated().
	checkICC(t, "generated", IntraclassCorrelations(rows(t, generated()), 0.90), [6]iccWant{
		{0.161305095436832, 1.76931477493999, 29, 90, 0.02183930387116953, 0.0268445722961422, 0.337542145104616},
		{0.203729378081495, 2.37206315004351, 29, 87, 0.00109793501187667, 0.0744120140014488, 0.370876811255470},
		{0.255407114868409, 2.37206315004351, 29, 87, 0.00109793501187667, 0.1080507744710272, 0.434967220810001},
		{0.434809444784115, 1.76931477493999, 29, 90, 0.02183930387116953, 0.0993752323562676, 0.670849073990186},
		{0.505786689341596, 2.37206315004351, 29, 87, 0.00109793501187667, 0.2433283894399325, 0.702208593282960},
		{0.578426063411652, 2.37206315004351, 29, 87, 0.00109793501187667, 0.3263998334950465, 0.754856014727197},
	}, 1e-12)
}

// TestICCProperties: identical raters give 1 in every form (with the
// interval [1, 1]); the order of the raters and of the items does not
// matter; a constant added to one rater leaves consistency unchanged and
// lowers absolute agreement; incomplete items are dropped and counted.
func TestICCProperties(t *testing.T) {
	same := [][]float64{{1, 1, 1}, {3, 3, 3}, {2, 2, 2}, {5, 5, 5}}
	r := IntraclassCorrelations(rows(t, same), 0.95)
	for _, f := range r.Forms {
		if f.Value != 1 || f.CI.Low != 1 || f.CI.High != 1 || f.P != 0 {
			t.Errorf("identical raters: %s = %v [%v, %v], p %v; want 1 [1, 1], p 0", f.Form, f.Value, f.CI.Low, f.CI.High, f.P)
		}
	}
	base := IntraclassCorrelations(rows(t, generated()), 0.95)
	perm := generated()
	for i := range perm {
		perm[i][0], perm[i][3] = perm[i][3], perm[i][0]
		perm[i][1], perm[i][2] = perm[i][2], perm[i][1]
	}
	for i, j := 0, len(perm)-1; i < j; i, j = i+1, j-1 {
		perm[i], perm[j] = perm[j], perm[i]
	}
	pr := IntraclassCorrelations(rows(t, perm), 0.95)
	for _, f := range ICCForms() {
		approx(t, "raters and items permuted "+f.String(), pr.Get(f).Value, base.Get(f).Value, 1e-12)
		approx(t, "raters and items permuted "+f.String()+" lower", pr.Get(f).CI.Low, base.Get(f).CI.Low, 1e-9)
	}
	shifted := generated()
	for i := range shifted {
		shifted[i][2] += 3
	}
	sr := IntraclassCorrelations(rows(t, shifted), 0.95)
	approx(t, "shifted rater ICC(C,1)", sr.Get(ICCC1).Value, base.Get(ICCC1).Value, 1e-12)
	if !(sr.Get(ICCA1).Value < base.Get(ICCA1).Value) {
		t.Errorf("a rater shifted by 3: ICC(A,1) %v, want below %v", sr.Get(ICCA1).Value, base.Get(ICCA1).Value)
	}
	// Identical up to a shift: consistency 1, agreement below 1, finite interval.
	shift := [][]float64{{1, 2}, {3, 4}, {2, 3}, {5, 6}}
	s := IntraclassCorrelations(rows(t, shift), 0.95)
	if s.Get(ICCC1).Value != 1 || !(s.Get(ICCA1).Value < 1) || math.IsNaN(s.Get(ICCA1).CI.Low) {
		t.Errorf("shifted copy: ICC(C,1) %v, ICC(A,1) %v [%v, %v]", s.Get(ICCC1).Value, s.Get(ICCA1).Value, s.Get(ICCA1).CI.Low, s.Get(ICCA1).CI.High)
	}
	// Missing ratings: the incomplete items are dropped, as psych::ICC does
	// by default (na.omit).
	withNA := append(append([][]float64{}, shroutFleiss...), []float64{3, nan, 4, 5}, []float64{nan, nan, 1, 1})
	m := IntraclassCorrelations(rows(t, withNA), 0.95)
	if m.Dropped != 2 || m.Items != 6 {
		t.Errorf("dropped %d of %d, want 2 of 8", m.Dropped, m.Items+m.Dropped)
	}
	approx(t, "incomplete items dropped", m.Get(ICCA1).Value, 0.289763779527559, 1e-12)
}

// TestICCEqualItemMeans: items whose means are all equal give the least
// value, −1/(k − 1) for ICC(1) (MSR = 0 in (MSR − MSW)/(MSR + (k−1)·MSW));
// the average forms divide by MSR = 0 and are undefined; raters who
// differ by a constant on such items leave ICC(C,1) 0/0, undefined.
// (psych::ICC prints numerical noise for these tables: ICC1k −1.8e30.)
func TestICCEqualItemMeans(t *testing.T) {
	r := IntraclassCorrelations(rows(t, [][]float64{{1, 2}, {2, 1}, {1, 2}}), 0.95)
	approx(t, "ICC(1)", r.Get(ICC1).Value, -1, 1e-15)
	if v := r.Get(ICCK); !math.IsNaN(v.Value) || v.Reason == "" {
		t.Errorf("ICC(k) = %v (%q), want NaN with a reason", v.Value, v.Reason)
	}
	// psych::ICC prints ICC2k = 4 for this table: MSR + (MSC − MSE)/n < 0,
	// so the ratio is of two negative numbers; undefined here.
	if v := r.Get(ICCAK); !math.IsNaN(v.Value) || !strings.Contains(v.Reason, "denominator") {
		t.Errorf("ICC(A,k) = %v (%q), want NaN with the reason", v.Value, v.Reason)
	}
	c := IntraclassCorrelations(rows(t, [][]float64{{1, 2}, {1, 2}, {1, 2}}), 0.95)
	if v := c.Get(ICCC1); !math.IsNaN(v.Value) || v.Reason == "" {
		t.Errorf("ICC(C,1) = %v (%q), want NaN with a reason", v.Value, v.Reason)
	}
}

// TestICCUndefined: too few items or raters, and no variance, give NaN with
// a reason, never a made-up number.
func TestICCUndefined(t *testing.T) {
	cases := []struct {
		name string
		data [][]float64
	}{
		{"one item", [][]float64{{1, 2, 3}}},
		{"one rater", [][]float64{{1}, {2}}},
		{"every rating equal", [][]float64{{2, 2}, {2, 2}, {2, 2}}},
		{"no complete item", [][]float64{{1, nan}, {nan, 2}}},
	}
	for _, c := range cases {
		r := IntraclassCorrelations(rows(t, c.data), 0.95)
		if r.Reason == "" {
			t.Errorf("%s: no reason", c.name)
		}
		for _, f := range r.Forms {
			if !math.IsNaN(f.Value) || f.Reason == "" {
				t.Errorf("%s: %s = %v (%q), want NaN with a reason", c.name, f.Form, f.Value, f.Reason)
			}
		}
	}
}

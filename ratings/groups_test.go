package ratings

import (
	"math"
	"testing"
)

// TestGroupICCs: each group's intraclass correlations are those of its
// items alone (two paths: GroupICCs and IntraclassCorrelations of the
// subset, on Shrout & Fleiss's 1979 table split in two), and MacroICC is
// the mean of the groups' defined values, leaving out a group where a form
// is undefined (one item).
func TestGroupICCs(t *testing.T) {
	m := rows(t, shroutFleiss)
	groups := [][]int{{0, 1, 2}, {3, 4, 5}, {2}}
	got := GroupICCs(m, groups, 0.9)
	for g, items := range groups {
		want := IntraclassCorrelations(m.Subset(items), 0.9)
		for f, fm := range got[g].Forms {
			w := want.Forms[f]
			if !(fm.Value == w.Value || math.IsNaN(fm.Value) && math.IsNaN(w.Value)) || fm.CI != w.CI && !math.IsNaN(w.CI.Low) {
				t.Errorf("group %d %s: %v %v, on the items alone %v %v", g, fm.Form.Key(), fm.Value, fm.CI, w.Value, w.CI)
			}
		}
	}
	if got[2].Reason == "" {
		t.Fatalf("one item: every form should be undefined, got %+v", got[2].Forms)
	}
	means, defined := MacroICC(got)
	for _, f := range ICCForms() {
		a, b := got[0].Forms[f].Value, got[1].Forms[f].Value
		if defined[f] != 2 || math.Abs(means[f]-(a+b)/2) > 1e-15 {
			t.Errorf("%s: macro %v over %d groups, want (%v + %v)/2 over 2", f.Key(), means[f], defined[f], a, b)
		}
	}
	means, defined = MacroICC(got[2:])
	if !math.IsNaN(means[ICCA1]) || defined[ICCA1] != 0 {
		t.Errorf("no group defined: %v over %d, want NaN over 0", means[ICCA1], defined[ICCA1])
	}
}

package ratio

import (
	"math"
	"testing"
)

func TestZero(t *testing.T) {
	// A one-category continuum: D_e = l − Σ e_cc, equal in exact
	// arithmetic; the sums of thirds leave a residue.
	l := 0.1 + 0.2 + 0.7
	e := 1.0 / 3 * 3
	for _, c := range []struct {
		d, scale float64
		want     bool
		why      string
	}{
		{0, 0, true, "exact zero"},
		{l - e, l, l-e == 0 || math.Abs(l-e) < 1e-15, "rounding residue of sums of 1"},
		{1e-17, 1, true, "a residue far below the sums"},
		{1e-9, 1, false, "small but real"},
		{1e-12, 1e6, true, "a residue of large sums"},
		{math.NaN(), 1, true, "not a number"},
		{-1e-16, 1, true, "a negative residue"},
	} {
		if got := Zero(c.d, c.scale); got != c.want {
			t.Errorf("%s: Zero(%g, %g) = %v", c.why, c.d, c.scale, got)
		}
	}
	if v, ok := OneMinus(0, 3e-17, 1); ok || !math.IsNaN(v) {
		t.Errorf("0/residue: %v %v, want undefined", v, ok)
	}
	if v, ok := OneMinus(0.2, 0.8, 1); !ok || math.Abs(v-0.75) > 1e-15 {
		t.Errorf("1 − 0.2/0.8 = %v %v", v, ok)
	}
}

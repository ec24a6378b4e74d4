package inference

import (
	"math"
	"testing"

	"agree/coding"
)

func TestScales(t *testing.T) {
	// Band edges of the survey's Table 8 and Krippendorff's 0.667/0.8.
	for _, c := range []struct {
		v      float64
		lk, kr string
	}{
		{-0.1, "poor", "unreliable"},
		{0, "slight", "unreliable"},
		{0.2, "slight", "unreliable"},
		{0.21, "fair", "unreliable"},
		{0.4, "fair", "unreliable"},
		{0.6, "moderate", "unreliable"},
		{0.667, "substantial", "tentative"},
		{0.8, "substantial", "reliable"},
		{0.81, "almost perfect", "reliable"},
		{1, "almost perfect", "reliable"},
		{math.NaN(), "undefined", "undefined"},
	} {
		if got := LandisKoch(c.v); got != c.lk {
			t.Errorf("LandisKoch(%g) = %q, want %q", c.v, got, c.lk)
		}
		if got := Krippendorff(c.v); got != c.kr {
			t.Errorf("Krippendorff(%g) = %q, want %q", c.v, got, c.kr)
		}
	}
}

func TestInterpretWarnsForWeighted(t *testing.T) {
	// The warning is for coefficients computed with a non-nominal distance:
	// interval α gets it, nominal α and Cohen's κ (always nominal) do not.
	d := wide(t, krippendorffData)
	iv := analyze(t, d, coding.Options{Distance: mustSpec(t, "interval")})
	if Interpret(iv.Coefficient(coding.KrippendorffAlpha)).Warning == "" {
		t.Error("interval α: want the weighted warning")
	}
	if Interpret(iv.Coefficient(coding.FleissKappa)).Warning != "" {
		t.Error("Fleiss's κ is nominal: no warning")
	}
	nom := analyze(t, d, coding.Options{})
	in := Interpret(nom.Coefficient(coding.KrippendorffAlpha)) // .743
	if in.Warning != "" || in.Krippendorff != "tentative" || in.LandisKoch != "substantial" {
		t.Errorf("nominal α .743: %+v", in)
	}
}

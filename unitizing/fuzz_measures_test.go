package unitizing

import (
	"math"
	"testing"
)

// FuzzMeasures decodes bytes into units (4 bytes each: annotator, category,
// start, length) of up to 3 annotators on a continuum of up to 255 atoms and
// checks that no measure panics, that errors are only the documented ones,
// and that every NaN carries a reason.
func FuzzMeasures(f *testing.F) {
	f.Add([]byte{0, 0, 2, 3, 1, 0, 2, 3, 2, 1, 10, 5})
	f.Add([]byte{0, 0, 0, 5, 0, 1, 3, 5, 1, 0, 0, 5})
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, data []byte) {
		c := &Continuum{Name: "fuzz", Annotators: []string{"a", "b", "c"}}
		for i := 0; i+3 < len(data) && i < 4*64; i += 4 {
			l := float64(data[i+3]%16) + 1
			s := float64(data[i+2])
			c.Units = append(c.Units, Unit{Annotator: int(data[i] % 3), Category: string(rune('p' + data[i+1]%3)), Start: s, End: s + l})
		}
		ext := Extent{0, 272}
		if au, err := Alpha1995(c, ext); err == nil {
			if math.IsNaN(au.Alpha) && au.Reason == "" {
				t.Errorf("αU NaN without a reason")
			}
			if au.Alpha > 1+1e-9 {
				t.Errorf("αU = %v > 1", au.Alpha)
			}
		}
		if ua, err := UAlpha(c, ext); err == nil {
			for _, v := range []struct {
				x float64
				r string
			}{{ua.U, ua.UReason}, {ua.Binary, ua.BinaryReason}, {ua.CU, ua.CUReason}} {
				if math.IsNaN(v.x) && v.r == "" {
					t.Errorf("u-alpha NaN without a reason: %+v", ua)
				}
			}
			if ua.Coverage < 0 || ua.Coverage > 1+1e-9 {
				t.Errorf("coverage %v outside [0, 1]", ua.Coverage)
			}
		}
		co, err := CUAlphaOverlapping(c, ext)
		if err != nil {
			t.Fatalf("CUAlphaOverlapping: %v", err)
		}
		if math.IsNaN(co.CU) && co.CUReason == "" {
			t.Errorf("c|uα (overlapping) NaN without a reason")
		}
		if ua, err := UAlpha(c, ext); err == nil && !(math.IsNaN(ua.CU) && math.IsNaN(co.CU)) && math.Abs(ua.CU-co.CU) > 1e-9 {
			t.Errorf("c|uα: UAlpha %v, CUAlphaOverlapping %v on disjoint units", ua.CU, co.CU)
		}
		if kd, err := KappaD(c, ext, 1); err == nil && math.IsNaN(kd.Kappa) && kd.KappaReason == "" {
			t.Errorf("κ_d NaN without a reason")
		}
		s, err := SERAnnotators(c, DefaultSERCosts())
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range s.Pairs {
			if p.Correct+p.Type+p.Boundary+p.TypeBoundary+p.Del != p.RefUnits {
				t.Errorf("SER counts do not add up: %+v", p)
			}
		}
	})
}

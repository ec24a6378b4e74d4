package coding

import (
	"math"
	"strconv"
	"strings"
	"testing"
)

// TestPerLabelHand: two coders, four items.
//
//	item  coder 1  coder 2
//	1     a|b      a
//	2     b        b|c
//	3     a        a
//	4     c        a|c
//
// Label a: coder 1 1,0,1,0; coder 2 1,0,1,1. Both present on 2 items (a),
// only coder 2 on 1 (c): positive agreement 2a/(2a + b + c) = 4/5. κ: p_o =
// 3/4, P₁(1) = 1/2, P₂(1) = 3/4, p_e = 1/2·3/4 + 1/2·1/4 = 1/2, κ = 1/2.
func TestPerLabelHand(t *testing.T) {
	b := NewBuilder()
	for i, row := range [][2]string{{"a|b", "a"}, {"b", "b|c"}, {"a", "a"}, {"c", "a|c"}} {
		b.Add(strconv.Itoa(i), "c1", row[0])
		b.Add(strconv.Itoa(i), "c2", row[1])
	}
	d, _ := b.Build()
	if !SetValued(d, "|") || SetValued(d, ";") {
		t.Error("SetValued")
	}
	ls, err := PerLabel(d, "|")
	if err != nil {
		t.Fatal(err)
	}
	if len(ls) != 3 || ls[0].Label != "a" || ls[1].Label != "b" || ls[2].Label != "c" {
		t.Fatalf("labels %+v", ls)
	}
	a := ls[0]
	if a.Present != 5 || a.Values != 8 {
		t.Errorf("a present in %d of %d values, want 5 of 8", a.Present, a.Values)
	}
	if math.Abs(a.PositiveAgreement-0.8) > 1e-15 || math.Abs(a.Kappa.Value-0.5) > 1e-15 {
		t.Errorf("a: positive agreement %v (want 0.8), κ %v (want 0.5)", a.PositiveAgreement, a.Kappa.Value)
	}
}

// TestPerLabelIsBinaryEngine: each label's α, κ, AC1 are the engine's on
// the 0/1 columns written out by hand (missing cells stay missing).
func TestPerLabelIsBinaryEngine(t *testing.T) {
	rows := []string{"x;y,x,x;y", "z,z;w,z", "x,y,", "w,w,w", ",x;z,z", "y;z,y,y;z;w"}
	b := NewBuilder()
	for i, row := range rows {
		for c, v := range strings.Split(row, ",") {
			b.Coder("c" + strconv.Itoa(c))
			if v != "" {
				b.Add(strconv.Itoa(i), "c"+strconv.Itoa(c), v)
			}
		}
	}
	d, _ := b.Build()
	ls, err := PerLabel(d, ";")
	if err != nil {
		t.Fatal(err)
	}
	if len(ls) != 4 {
		t.Fatalf("%d labels", len(ls))
	}
	for _, l := range ls {
		bb := NewBuilder()
		for i, row := range rows {
			for c, v := range strings.Split(row, ",") {
				bb.Coder("c" + strconv.Itoa(c))
				if v == "" {
					continue
				}
				x := "0"
				for _, e := range strings.Split(v, ";") {
					if e == l.Label {
						x = "1"
					}
				}
				bb.Add(strconv.Itoa(i), "c"+strconv.Itoa(c), x)
			}
		}
		bin, _ := bb.Build()
		an, err := Analyze(bin, Options{})
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range []struct {
			name string
			got  Result
			k    Coefficient
		}{{"α", l.Alpha, KrippendorffAlpha}, {"AC1", l.AC1, GwetAC}, {"κ", l.Kappa, CohenKappa}} {
			want := an.Coefficient(c.k)
			if math.IsNaN(want.Value) != math.IsNaN(c.got.Value) || (!math.IsNaN(want.Value) && math.Abs(want.Value-c.got.Value) > 1e-15) {
				t.Errorf("label %s %s = %v, engine on 0/1 columns %v", l.Label, c.name, c.got.Value, want.Value)
			}
		}
		if l.Kappa.Defined() {
			t.Errorf("κ is for two coders; here three: %v", l.Kappa.Value)
		}
	}
}

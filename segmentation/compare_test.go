package segmentation

import (
	"math"
	"testing"
)

// TestCompare: the pairs are those of two coders on the items both
// segmented, each measure the function's own, and the summaries those of
// the pairs' values.
func TestCompare(t *testing.T) {
	var d Dataset
	for _, r := range []struct {
		item, coder string
		masses      []int
	}{
		{"i1", "a", []int{2, 3, 5}}, {"i1", "b", []int{2, 4, 4}}, {"i1", "c", []int{5, 5}},
		{"i2", "a", []int{1, 1, 8}}, {"i2", "b", []int{10}},
	} {
		if err := d.Add(r.item, r.coder, mustMasses(t, r.masses...)); err != nil {
			t.Fatal(err)
		}
	}
	aopt := AgreementOptions{NT: DefaultNT}
	wopt := WindowOptions{}
	costs := GHDCosts{Ins: 2, Del: 2, Shift: 1}
	cmp, err := Compare(&d, aopt, wopt, costs)
	if err != nil {
		t.Fatal(err)
	}
	// a/b on i1 and i2, a/c and b/c on i1 only.
	if len(cmp.Pairs) != 4 || len(cmp.CoderPairs) != 3 || cmp.CoderPairs[0].Items != 2 {
		t.Fatalf("%d pairs, %d coder pairs", len(cmp.Pairs), len(cmp.CoderPairs))
	}
	var bs []float64
	for _, p := range cmp.Pairs {
		a, _ := d.Get(p.Item, p.CoderA)
		b, _ := d.Get(p.Item, p.CoderB)
		e, err := BoundaryEdits(a, b, aopt.NT)
		if err != nil {
			t.Fatal(err)
		}
		pk, _ := Pk(b, a, 0)
		g, _ := GHD(a, b, costs)
		if p.B != e.B() || p.S != e.S() || p.PkBA != pk.Value && !math.IsNaN(pk.Value) || p.GHD != g {
			t.Errorf("%s %s/%s: B %v S %v Pk(b,a) %v GHD %v; want %v %v %v %v", p.Item, p.CoderA, p.CoderB, p.B, p.S, p.PkBA, p.GHD, e.B(), e.S(), pk.Value, g)
		}
		bs = append(bs, p.B)
	}
	if s := Summarize(bs); cmp.Summaries["b"] != s {
		t.Errorf("summary of B %+v, want %+v", cmp.Summaries["b"], s)
	}
	ag, _ := DatasetAgreement(&d, aopt)
	if cmp.Agreement.Pi != ag.Pi && !(math.IsNaN(ag.Pi) && math.IsNaN(cmp.Agreement.Pi)) {
		t.Errorf("agreement π %v, want %v", cmp.Agreement.Pi, ag.Pi)
	}
}

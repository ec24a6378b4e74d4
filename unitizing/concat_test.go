package unitizing

import (
	"math"
	"testing"
)

func TestConcatenate(t *testing.T) {
	a := fromSpans("a", span{"x", "p", 1, 3}, span{"y", "p", 1, 4})
	b := fromSpans("b", span{"y", "q", 0, 2}, span{"z", "q", 5, 6})
	c, ext, err := Concatenate([]Continuum{*a, *b}, []Extent{{0, 5}, {0, 10}})
	if err != nil {
		t.Fatal(err)
	}
	if ext != (Extent{0, 15}) || len(c.Annotators) != 3 || c.Annotators[2] != "z" || c.Name != "a+b" {
		t.Fatalf("extent %v annotators %v name %q; want [0,15), [x y z], a+b", ext, c.Annotators, c.Name)
	}
	// b's units move by 5; y keeps its index across both continua.
	want := []Unit{{0, "p", 1, 3}, {1, "p", 1, 4}, {1, "q", 5, 7}, {2, "q", 10, 11}}
	for i, u := range c.Units {
		if u != want[i] {
			t.Errorf("unit %d = %+v, want %+v", i, u, want[i])
		}
	}
	// The extents must hold the units.
	if _, _, err := Concatenate([]Continuum{*a}, []Extent{{2, 3}}); err == nil {
		t.Error("unit outside its extent: no error")
	}
	// Concatenating a continuum with a copy of itself doubles both l' and
	// l.. = m·L, so the coverage l'/l.. is unchanged.
	v := fromSpans("v", span{"Alex", "1", 2, 5}, span{"Alex", "2", 12, 20}, span{"Paul", "1", 2, 5}, span{"Paul", "2", 7, 15})
	one, err := UAlpha(v, Extent{0, 20})
	if err != nil {
		t.Fatal(err)
	}
	cc, ext, err := Concatenate([]Continuum{*v, *v}, []Extent{{0, 20}, {0, 20}})
	if err != nil {
		t.Fatal(err)
	}
	two, err := UAlpha(&cc, ext)
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(one.Coverage-two.Coverage) > 1e-12 {
		t.Errorf("coverage %v vs %v after doubling", one.Coverage, two.Coverage)
	}
}

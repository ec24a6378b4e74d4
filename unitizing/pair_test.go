package unitizing

import (
	"slices"
	"testing"
)

func TestPair(t *testing.T) {
	c := Continuum{Name: "d1", Annotators: []string{"a", "b", "c"}, Units: []Unit{
		{Annotator: 2, Category: "x", Start: 0, End: 1}, {Annotator: 0, Category: "y", Start: 1, End: 2},
		{Annotator: 1, Category: "z", Start: 2, End: 3}, {Annotator: 2, Category: "w", Start: 3, End: 4},
	}}
	// c and a, in that order: c's units become annotator 0, a's 1, in c's order; b's are left out.
	p := c.Pair(2, 0)
	want := []Unit{{Annotator: 0, Category: "x", Start: 0, End: 1}, {Annotator: 1, Category: "y", Start: 1, End: 2}, {Annotator: 0, Category: "w", Start: 3, End: 4}}
	if p.Name != "d1" || !slices.Equal(p.Annotators, []string{"c", "a"}) || !slices.Equal(p.Units, want) {
		t.Errorf("Pair(2, 0) = %+v, want annotators [c a] and units %+v", p, want)
	}
	if len(c.Units) != 4 || c.Units[0].Annotator != 2 {
		t.Error("Pair changed the continuum")
	}

	d := Continuum{Name: "d2", Annotators: []string{"b", "d"}, Units: []Unit{{Annotator: 0, Start: 0, End: 1}}}
	corpus := Corpus{Continua: []Continuum{c, d}}
	if got := corpus.Annotators(); !slices.Equal(got, []string{"a", "b", "c", "d"}) {
		t.Errorf("Annotators() = %q, want the order of first appearance [a b c d]", got)
	}
	// a and b share d1 only; b and d share d2 only; a and d share nothing.
	for _, k := range []struct {
		a, b string
		docs []string
	}{{"a", "b", []string{"d1"}}, {"b", "d", []string{"d2"}}, {"a", "d", nil}} {
		sub := corpus.Pair(k.a, k.b)
		var names []string
		for _, x := range sub.Continua {
			names = append(names, x.Name)
			if !slices.Equal(x.Annotators, []string{k.a, k.b}) {
				t.Errorf("Pair(%s, %s): continuum %s has annotators %q", k.a, k.b, x.Name, x.Annotators)
			}
		}
		if !slices.Equal(names, k.docs) {
			t.Errorf("Pair(%s, %s) has continua %q, want those both annotated, %q", k.a, k.b, names, k.docs)
		}
	}
}

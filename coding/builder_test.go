package coding

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"
)

func TestFirstDuplicateMatchesBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for trial := range 300 {
		n := rng.IntN(40)
		ids := make([]string, n)
		for k := range ids {
			ids[k] = fmt.Sprint(rng.IntN(60))
			if ids[k] == "0" {
				ids[k] = "" // anonymous
			}
		}
		wi, wj, wok := -1, n, false
		for j := range ids { // smallest j with an earlier equal id
			for i := range j {
				if ids[i] == ids[j] && ids[i] != "" && j < wj {
					wi, wj, wok = i, j, true
				}
			}
			if wok {
				break
			}
		}
		i, j, ok := firstDuplicate(ids)
		if ok != wok || (ok && (i != wi || j != wj)) {
			t.Fatalf("trial %d %v: got (%d,%d,%v), want (%d,%d,%v)", trial, ids, i, j, ok, wi, wj, wok)
		}
	}
}

func TestAppendItemThenLookup(t *testing.T) {
	// Items appended without the index are still found by Item and AddItem.
	b := NewBuilder()
	b.AppendItem("x")
	b.AppendItem("y")
	if i := b.Item("y"); i != 1 {
		t.Errorf("Item(y) = %d, want 1", i)
	}
	if i, isNew := b.AddItem("x"); i != 0 || isNew {
		t.Errorf("AddItem(x) = %d, %v; want 0, false", i, isNew)
	}
	if i, isNew := b.AddItem("z"); i != 2 || !isNew {
		t.Errorf("AddItem(z) = %d, %v; want 2, true", i, isNew)
	}
}

// BenchmarkBuildAnonymous: 200k anonymous items (id "", as the span
// command's label pairs) build in linear time; they once all fell in one
// run of equal hashes, compared pairwise.
func BenchmarkBuildAnonymous(b *testing.B) {
	for b.Loop() {
		bd := NewBuilder()
		c0, c1 := bd.Coder("a"), bd.Coder("b")
		for range 200_000 {
			i := bd.AppendItem("")
			bd.Set(i, c0, "x", Pos{})
			bd.Set(i, c1, "y", Pos{})
		}
		if _, err := bd.Build(); err != nil {
			b.Fatal(err)
		}
	}
}

// TestFromColumnsValidates: FromColumns, exported for the parallel table
// reader, checks everything it is given; each case breaks one rule.
func TestFromColumnsValidates(t *testing.T) {
	items := []string{"i1", "i2"}
	coders := []string{"a", "b"}
	labels := []string{"x", "y"}
	good := [][]int32{{0, 1}, {Missing, 1}}
	if d, err := FromColumns("f.csv", items, coders, labels, 0, good, nil); err != nil || d.NumItems() != 2 || d.Value(1, 0) != 1 || d.Value(0, 1) != Missing {
		t.Fatalf("valid columns: %v", err)
	}
	for _, c := range []struct {
		why      string
		items    []string
		coders   []string
		labels   []string
		declared int
		cols     [][]int32
		first    []Pos
		want     string
	}{
		{"fewer columns than coders", items, coders, labels, 0, good[:1], nil, "1 columns for 2 coders"},
		{"no coder", items, nil, labels, 0, nil, nil, "0 columns for 0 coders"},
		{"more declared categories than labels", items, coders, labels, 3, good, nil, "inconsistent value table"},
		{"negative declared count", items, coders, labels, -1, good, nil, "inconsistent value table"},
		{"positions for fewer labels", items, coders, labels, 0, good, []Pos{{}}, "inconsistent value table"},
		{"a coder twice", items, []string{"a", "a"}, labels, 0, good, nil, `coder "a" appears twice`},
		{"a label twice", items, coders, []string{"x", "x"}, 0, good, nil, `value "x" appears twice in the value table`},
		{"a short column", items, coders, labels, 0, [][]int32{{0}, {1, 1}}, nil, `coder "a" has 1 cells for 2 items`},
		{"an index past the labels", items, coders, labels, 0, [][]int32{{0, 2}, {1, 1}}, nil, `coder "a": value index 2 out of range`},
		{"a negative index other than Missing", items, coders, labels, 0, [][]int32{{0, 1}, {-2, 1}}, nil, `coder "b": value index -2 out of range`},
		{"an item id twice", []string{"i1", "i1"}, coders, labels, 0, good, nil, `item "i1" appears twice (items 1 and 2)`},
	} {
		_, err := FromColumns("f.csv", c.items, c.coders, c.labels, c.declared, c.cols, c.first)
		if err == nil || err.Error() != c.want {
			t.Errorf("%s: got %v, want %q", c.why, err, c.want)
		}
	}
	var dup *DuplicateItemError
	if _, err := FromColumns("f.csv", []string{"i1", "i1"}, coders, labels, 0, good, nil); !errors.As(err, &dup) || dup.First != 0 || dup.Second != 1 {
		t.Errorf("a repeated id: %v, want a *DuplicateItemError", err)
	}
}

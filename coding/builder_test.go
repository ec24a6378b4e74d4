package coding

import (
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

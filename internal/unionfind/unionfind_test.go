package unionfind

import (
	"math/rand/v2"
	"testing"
)

func TestAgainstLabelPropagation(t *testing.T) {
	// A naive partition (relabel the whole smaller-label set on each merge)
	// must give the same sets and the smallest element as representative.
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := range 200 {
		n := 1 + rng.IntN(60)
		s := New(n)
		label := make([]int, n)
		for i := range label {
			label[i] = i
		}
		for range rng.IntN(2 * n) {
			x, y := rng.IntN(n), rng.IntN(n)
			merged := s.Union(x, y)
			lx, ly := label[x], label[y]
			if merged != (lx != ly) {
				t.Fatalf("trial %d: Union(%d,%d) = %v with labels %d %d", trial, x, y, merged, lx, ly)
			}
			lo, hi := min(lx, ly), max(lx, ly)
			for i := range label {
				if label[i] == hi {
					label[i] = lo
				}
			}
		}
		for i := range n {
			if got := s.Find(i); got != label[i] {
				t.Fatalf("trial %d: Find(%d) = %d, want %d (the smallest element)", trial, i, got, label[i])
			}
		}
	}
}

package view

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestBest: Best keeps what TopRows keeps, in the same order, on random
// keys with many ties, for every bound.
func TestBest(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for trial := range 300 {
		n := r.IntN(40)
		keys := make([]int, n)
		for i := range keys {
			keys[i] = r.IntN(5)
		}
		max := r.IntN(n + 2)
		b := NewBest(max, func(x, y int) bool { return keys[x] > keys[y] })
		for i := range n {
			b.Add(i)
		}
		want, omitted := TopRows(n, max, func(i int) int { return keys[i] })
		if max <= 0 || n <= max { // TopRows keeps the order then
			slices.SortStableFunc(want, func(x, y int) int { return keys[y] - keys[x] })
		}
		if got := b.Sorted(); !slices.Equal(got, want) || b.Omitted() != omitted {
			t.Fatalf("trial %d: keys %v max %d: got %v (omitted %d), want %v (%d)", trial, keys, max, got, b.Omitted(), want, omitted)
		}
		slices.Sort(want)
		if got := b.InOrder(); !slices.Equal(got, want) {
			t.Fatalf("trial %d: in order %v, want %v", trial, got, want)
		}
	}
}

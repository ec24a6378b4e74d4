package view

import (
	"container/heap"
	"slices"
)

// Best keeps, of values given one at a time, the n best by better (ties
// go to the earlier value) in memory O(n): --max-rows over rows that are
// streamed, not kept (TopRows's rule when better compares TopRows's key).
// n ≤ 0 keeps every value.
type Best[T any] struct {
	n      int
	better func(a, b T) bool
	h      bestHeap[T]
	seen   int
}

// NewBest returns a Best keeping n values.
func NewBest[T any](n int, better func(a, b T) bool) *Best[T] {
	return &Best[T]{n: n, better: better, h: bestHeap[T]{better: better}}
}

// Add offers v.
func (b *Best[T]) Add(v T) {
	e := bestEntry[T]{v, b.seen}
	b.seen++
	if b.n <= 0 || len(b.h.e) < b.n {
		heap.Push(&b.h, e)
		return
	}
	if b.h.worse(b.h.e[0], e) { // the worst kept is worse than v
		b.h.e[0] = e
		heap.Fix(&b.h, 0)
	}
}

// Omitted counts the values offered and not kept.
func (b *Best[T]) Omitted() int { return b.seen - len(b.h.e) }

// Sorted returns the values kept, best first (ties in the order given).
func (b *Best[T]) Sorted() []T {
	e := append([]bestEntry[T](nil), b.h.e...)
	h := bestHeap[T]{e: e, better: b.better}
	out := make([]T, len(e))
	for i := len(out) - 1; i >= 0; i-- {
		out[i] = heap.Pop(&h).(bestEntry[T]).v
	}
	return out
}

// InOrder returns the values kept in the order they were given.
func (b *Best[T]) InOrder() []T {
	if len(b.h.e) == 0 {
		return nil
	}
	e := append([]bestEntry[T](nil), b.h.e...)
	slices.SortFunc(e, func(x, y bestEntry[T]) int { return x.seq - y.seq })
	out := make([]T, len(e))
	for i := range e {
		out[i] = e[i].v
	}
	return out
}

type bestEntry[T any] struct {
	v   T
	seq int
}

// bestHeap is a heap of the worst entry first.
type bestHeap[T any] struct {
	e      []bestEntry[T]
	better func(a, b T) bool
}

// worse reports whether x ranks after y: not better, and later on a tie.
func (h *bestHeap[T]) worse(x, y bestEntry[T]) bool {
	if h.better(x.v, y.v) {
		return false
	}
	if h.better(y.v, x.v) {
		return true
	}
	return x.seq > y.seq
}

func (h *bestHeap[T]) Len() int           { return len(h.e) }
func (h *bestHeap[T]) Less(i, j int) bool { return h.worse(h.e[i], h.e[j]) }
func (h *bestHeap[T]) Swap(i, j int)      { h.e[i], h.e[j] = h.e[j], h.e[i] }
func (h *bestHeap[T]) Push(x any)         { h.e = append(h.e, x.(bestEntry[T])) }
func (h *bestHeap[T]) Pop() any {
	x := h.e[len(h.e)-1]
	h.e = h.e[:len(h.e)-1]
	return x
}

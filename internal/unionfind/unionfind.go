// Package unionfind partitions the integers [0, n) into disjoint sets
// (union–find with path halving). The representative of a set is always
// its smallest element, so results built on representatives do not depend
// on the order of the unions.
package unionfind

// Sets is a partition of [0, n), initially into singletons.
type Sets struct{ parent []int32 }

// New returns n singletons.
func New(n int) *Sets {
	s := &Sets{parent: make([]int32, n)}
	for i := range s.parent {
		s.parent[i] = int32(i)
	}
	return s
}

// Find returns the representative of x's set: its smallest element.
func (s *Sets) Find(x int) int {
	p := s.parent
	for int(p[x]) != x {
		p[x] = p[p[x]]
		x = int(p[x])
	}
	return x
}

// Union merges the sets of x and y and reports whether they were distinct.
func (s *Sets) Union(x, y int) bool {
	a, b := s.Find(x), s.Find(y)
	if a == b {
		return false
	}
	if b < a {
		a, b = b, a
	}
	s.parent[b] = int32(a)
	return true
}

// Reset makes s a partition of [0, n) into singletons again, reusing its
// memory (for callers that partition many small sets in turn).
func (s *Sets) Reset(n int) {
	if cap(s.parent) < n {
		s.parent = make([]int32, n)
	}
	s.parent = s.parent[:n]
	for i := range s.parent {
		s.parent[i] = int32(i)
	}
}

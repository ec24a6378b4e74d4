package shuffle

import (
	"sort"

	"agree/unitizing"
)

// intervalSet is a set of disjoint intervals [start, end) ordered by start,
// kept in a treap (a binary search tree balanced by random priorities,
// drawn from a private counter so that the caller's random stream is not
// touched): overlaps and insert cost O(log n) expected.
type intervalSet struct {
	start, end  []float64
	left, right []int32
	prio        []uint64
	root        int32
	seq         uint64
}

// newIntervalSet returns the union of the units' spans (overlapping ones
// merged).
func newIntervalSet(us []unitizing.Unit) *intervalSet {
	spans := make([][2]float64, 0, len(us))
	for _, u := range us {
		spans = append(spans, [2]float64{u.Start, u.End})
	}
	sort.Slice(spans, func(i, j int) bool { return spans[i][0] < spans[j][0] })
	t := &intervalSet{root: -1}
	for i := 0; i < len(spans); {
		lo, hi := spans[i][0], spans[i][1]
		j := i + 1
		for ; j < len(spans) && spans[j][0] < hi; j++ {
			hi = max(hi, spans[j][1])
		}
		t.insert(lo, hi)
		i = j
	}
	return t
}

// overlaps reports whether [lo, hi) shares a stretch of positive length
// with an interval of the set. The intervals being disjoint and ordered,
// only the last one starting before hi can.
func (t *intervalSet) overlaps(lo, hi float64) bool {
	best := int32(-1)
	for n := t.root; n >= 0; {
		if t.start[n] < hi {
			best, n = n, t.right[n]
		} else {
			n = t.left[n]
		}
	}
	return best >= 0 && t.end[best] > lo
}

// insert adds [lo, hi), which must not overlap the set.
func (t *intervalSet) insert(lo, hi float64) {
	t.seq++
	n := int32(len(t.start))
	t.start = append(t.start, lo)
	t.end = append(t.end, hi)
	t.left = append(t.left, -1)
	t.right = append(t.right, -1)
	t.prio = append(t.prio, splitmix64(t.seq))
	t.root = t.insertAt(t.root, n)
}

func (t *intervalSet) insertAt(root, n int32) int32 {
	if root < 0 {
		return n
	}
	if t.prio[n] > t.prio[root] {
		t.left[n], t.right[n] = t.split(root, t.start[n])
		return n
	}
	if t.start[n] < t.start[root] {
		t.left[root] = t.insertAt(t.left[root], n)
	} else {
		t.right[root] = t.insertAt(t.right[root], n)
	}
	return root
}

// split divides the subtree at root into the nodes starting before key and
// the others.
func (t *intervalSet) split(root int32, key float64) (int32, int32) {
	if root < 0 {
		return -1, -1
	}
	if t.start[root] < key {
		l, r := t.split(t.right[root], key)
		t.right[root] = l
		return root, r
	}
	l, r := t.split(t.left[root], key)
	t.left[root] = r
	return l, root
}

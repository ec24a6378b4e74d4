package coding

import (
	"hash/maphash"
	"slices"
)

// patternTable counts distinct item patterns. A pattern is what one item
// received: its (coder, value) pairs, sorted by coder, stored flat as
// c₀ v₀ c₁ v₁ …. Items are exchangeable in every computation of this
// package (coefficients, standard errors, diagnostics), so the multiset of
// patterns is a sufficient statistic: the table keeps one entry per
// distinct pattern with its number of items, never the items themselves.
type patternTable struct {
	seed  uint64
	cv    []int32 // pattern p is cv[start[p]:start[p+1]]
	start []int   // len = patterns + 1
	count []int64
	hash  []uint64
	slots []int32 // open addressing, linear probing: pattern index + 1, 0 = empty
}

func newPatternTable() *patternTable {
	return &patternTable{seed: maphash.Comparable(maphash.MakeSeed(), 0) | 1, start: []int{0}}
}

func (t *patternTable) len() int { return len(t.count) }

// pattern returns the pairs of pattern p. Do not modify.
func (t *patternTable) pattern(p int) []int32 { return t.cv[t.start[p]:t.start[p+1]] }

// hashPairs mixes the pairs into 64 bits (seeded, so that crafted input
// cannot make every pattern collide).
func (t *patternTable) hashPairs(cv []int32) uint64 {
	h := t.seed
	for i := 0; i+1 < len(cv); i += 2 {
		x := uint64(uint32(cv[i]))<<32 | uint64(uint32(cv[i+1]))
		h ^= x
		h *= 0x9E3779B97F4A7C15
		h ^= h >> 32
	}
	h ^= uint64(len(cv))
	h *= 0xC2B2AE3D27D4EB4F
	h ^= h >> 29
	return h
}

// add adds n items with pattern cv and returns the pattern's index.
func (t *patternTable) add(cv []int32, n int64) int {
	if 2*(len(t.count)+1) > len(t.slots) {
		t.grow()
	}
	h := t.hashPairs(cv)
	mask := uint64(len(t.slots) - 1)
	for s := h & mask; ; s = (s + 1) & mask {
		p := t.slots[s]
		if p == 0 {
			idx := len(t.count)
			t.slots[s] = int32(idx + 1)
			t.cv = append(t.cv, cv...)
			t.start = append(t.start, len(t.cv))
			t.count = append(t.count, n)
			t.hash = append(t.hash, h)
			return idx
		}
		if t.hash[p-1] == h && slices.Equal(t.pattern(int(p-1)), cv) {
			t.count[p-1] += n
			return int(p - 1)
		}
	}
}

func (t *patternTable) grow() {
	n := max(64, 2*len(t.slots))
	t.slots = make([]int32, n)
	mask := uint64(n - 1)
	for p, h := range t.hash {
		s := h & mask
		for t.slots[s] != 0 {
			s = (s + 1) & mask
		}
		t.slots[s] = int32(p + 1)
	}
}

// find returns the index of pattern cv, or −1.
func (t *patternTable) find(cv []int32) int {
	if len(t.slots) == 0 {
		return -1
	}
	h := t.hashPairs(cv)
	mask := uint64(len(t.slots) - 1)
	for s := h & mask; ; s = (s + 1) & mask {
		p := t.slots[s]
		if p == 0 {
			return -1
		}
		if t.hash[p-1] == h && slices.Equal(t.pattern(int(p-1)), cv) {
			return int(p - 1)
		}
	}
}

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

	// Patterns of few coders and values — most data — are also found by
	// a packed 64-bit key (see pack), in a table whose slots hold the key
	// itself: one memory access per item instead of three (slot, hash,
	// pairs).
	packed     []packedSlot // key 0: empty
	packedUsed int
}

// packedSlot counts the items of its pattern since the last flush (the
// low 31 bits of n), so that an item touches the slot only; the top bit of
// n is the pattern's skip flag (see skip).
type packedSlot struct {
	key uint64
	n   uint32
	p   int32
}

const (
	skipBit  = 1 << 31
	countMax = skipBit - 1
)

// pack returns the packed key of cv, or 0 when it has none: value + 1 in
// 8 bits per coder for coders 0–6 and values below 255; else in 12 bits
// for coders 0–4 and values below 4095 (tag 1 in the top 4 bits); else in
// 20 bits for coders 0–2 and values below 2²⁰ − 1 (tag 2).
func pack(cv []int32) uint64 {
	var maxC, maxV int32
	for i := 0; i < len(cv); i += 2 {
		maxC, maxV = max(maxC, cv[i]), max(maxV, cv[i+1])
	}
	var bits, tag uint64
	switch {
	case maxC < 7 && maxV < 255:
		bits, tag = 8, 0
	case maxC < 5 && maxV < 4095:
		bits, tag = 12, 1
	case maxC < 3 && maxV < 1<<20-1:
		bits, tag = 20, 2
	default:
		return 0
	}
	k := tag << 60
	for i := 0; i < len(cv); i += 2 {
		k |= uint64(cv[i+1]+1) << (bits * uint64(cv[i]))
	}
	return k
}

// mix is a 64-bit finaliser (murmur3), seeded.
func (t *patternTable) mix(k uint64) uint64 {
	k ^= t.seed
	k ^= k >> 33
	k *= 0xff51afd7ed558ccd
	k ^= k >> 33
	k *= 0xc4ceb9fe1a85ec53
	k ^= k >> 33
	return k
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
	p, _ := t.addItems(cv, n)
	return p
}

// addItems is add, also returning the pattern's skip flag (packed
// patterns only).
func (t *patternTable) addItems(cv []int32, n int64) (int, bool) {
	if k := pack(cv); k != 0 {
		return t.addPacked(k, cv, n)
	}
	return t.addGeneral(cv, n), false
}

func (t *patternTable) addPacked(k uint64, cv []int32, n int64) (int, bool) {
	if 2*(t.packedUsed+1) > len(t.packed) {
		t.growPacked()
	}
	mask := uint64(len(t.packed) - 1)
	for s := t.mix(k) & mask; ; s = (s + 1) & mask {
		sl := &t.packed[s]
		if sl.key == k {
			if n == 1 && sl.n&countMax < countMax {
				sl.n++
			} else {
				t.count[sl.p] += n
			}
			return int(sl.p), sl.n&skipBit != 0
		}
		if sl.key == 0 {
			p := t.addGeneral(cv, n)
			*sl = packedSlot{key: k, p: int32(p)}
			t.packedUsed++
			return p, false
		}
	}
}

// skip sets the skip flag of pattern cv (if it is packed): the items that
// come with it need nothing more than their count.
func (t *patternTable) skip(cv []int32) {
	k := pack(cv)
	if k == 0 {
		return
	}
	mask := uint64(len(t.packed) - 1)
	for s := t.mix(k) & mask; t.packed[s].key != 0; s = (s + 1) & mask {
		if t.packed[s].key == k {
			t.packed[s].n |= skipBit
			return
		}
	}
}

// counts returns the number of items of each pattern. Do not modify.
func (t *patternTable) counts() []int64 {
	t.flush()
	return t.count
}

// flush moves the counts kept in the packed slots to count.
func (t *patternTable) flush() {
	for i := range t.packed {
		if sl := &t.packed[i]; sl.n&countMax > 0 {
			t.count[sl.p] += int64(sl.n & countMax)
			sl.n &= skipBit
		}
	}
}

func (t *patternTable) growPacked() {
	t.flush()
	old := t.packed
	t.packed = make([]packedSlot, max(1024, 2*len(old)))
	mask := uint64(len(t.packed) - 1)
	for _, sl := range old {
		if sl.key == 0 {
			continue
		}
		s := t.mix(sl.key) & mask
		for t.packed[s].key != 0 {
			s = (s + 1) & mask
		}
		t.packed[s] = sl
	}
}

// addGeneral is add through the general table.
func (t *patternTable) addGeneral(cv []int32, n int64) int {
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

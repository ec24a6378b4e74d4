package gamma

// memoTable is the memo of the bounded dynamic programme on bit-mask
// states (maskSolver): an open-addressing hash table from (u, mask) to
// bEntry with linear probing. It replaces a Go map, whose hashing of the
// padded key and growth dominated the programme, and it is emptied in
// O(1) by a generation counter, so that a worker reuses one table for
// every component and sample it solves.
type memoTable struct {
	slots []memoSlot
	gen   uint32 // slots of another generation are empty
	n     int    // entries of the current generation
	// limit (0: none) is the programme's state limit: a table of 2·limit
	// slots or more fills up to 15/16 before growing, so that the entry
	// that makes the programme give up (limit + 1) does not double it
	limit int
}

type memoSlot struct {
	gen uint32
	u   int32
	m   mask128
	e   bEntry
}

const (
	memoMinSlots  = 1 << 10
	memoKeepSlots = 1 << 16 // larger tables are dropped by reset
)

// reset empties the table and sets its limit.
func (t *memoTable) reset(limit int) {
	t.n, t.limit = 0, limit
	if len(t.slots) > memoKeepSlots {
		t.slots = nil
	}
	if t.gen++; t.gen == 0 { // wrapped: stale stamps could match again
		clear(t.slots)
		t.gen = 1
	}
}

// shrink drops a table grown beyond memoKeepSlots (as reset would, but at
// once: a programme that filled it is over, and branch and price, which
// often follows, needs the memory more).
func (t *memoTable) shrink() {
	if len(t.slots) > memoKeepSlots {
		t.slots, t.n = nil, 0
	}
}

// len returns the number of entries.
func (t *memoTable) len() int { return t.n }

func memoHash(k mkey) uint64 {
	h := uint64(uint32(k.u))*0x9e3779b97f4a7c15 ^ k.m.lo ^ k.m.hi*0xc2b2ae3d27d4eb4f
	h ^= h >> 31
	h *= 0xbf58476d1ce4e5b9
	return h ^ h>>29
}

// get returns the entry of k.
func (t *memoTable) get(k mkey) (bEntry, bool) {
	if len(t.slots) == 0 {
		return bEntry{}, false
	}
	mask := uint64(len(t.slots) - 1)
	for i := memoHash(k) & mask; ; i = (i + 1) & mask {
		s := &t.slots[i]
		if s.gen != t.gen {
			return bEntry{}, false
		}
		if s.u == k.u && s.m == k.m {
			return s.e, true
		}
	}
}

// put sets the entry of k.
func (t *memoTable) put(k mkey, e bEntry) {
	if 2*(t.n+1) > len(t.slots) && (t.limit <= 0 || len(t.slots) < 2*t.limit || 16*(t.n+1) > 15*len(t.slots)) {
		t.grow()
	}
	mask := uint64(len(t.slots) - 1)
	for i := memoHash(k) & mask; ; i = (i + 1) & mask {
		s := &t.slots[i]
		if s.gen != t.gen {
			*s = memoSlot{gen: t.gen, u: k.u, m: k.m, e: e}
			t.n++
			return
		}
		if s.u == k.u && s.m == k.m {
			s.e = e
			return
		}
	}
}

// grow doubles the table (or allocates it) and reinserts the entries.
func (t *memoTable) grow() {
	old := t.slots
	t.slots = make([]memoSlot, max(memoMinSlots, 2*len(old)))
	gen := t.gen
	t.gen, t.n = 1, 0
	for i := range old {
		if s := &old[i]; s.gen == gen {
			t.put(mkey{s.u, s.m}, s.e)
		}
	}
}

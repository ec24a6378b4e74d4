package gamma

// memoTable is the memo of the bounded dynamic programme on bit-mask
// states (maskSolver): an open-addressing hash table from (u, mask) to
// bEntry with linear probing. It replaces a Go map, whose hashing of the
// padded key and growth dominated the programme, and it is emptied in
// O(1) by a generation counter, so that a worker reuses one table for
// every component and sample it solves. A slot takes 32 bytes (the
// generation shares a word with the unit, the exact flag one with the
// choice), so that the largest table of column generation's programme
// (2·maxCGStates slots) takes 64 MiB instead of 80.
type memoTable struct {
	slots []memoSlot
	gen   uint32 // 1…memoGens; slots of another generation are empty
	n     int    // entries of the current generation
	// limit (0: none) is the programme's state limit: a table grows when
	// more than half full, unless it holds the entry on which the
	// programme gives up (limit + 1) at a load of at most 7/8 (so that
	// this entry does not double it, and column generation's largest
	// programme, maxCGStates, fits 2²⁰ slots: 32 MiB)
	limit int
}

type memoSlot struct {
	m   mask128
	val float64
	key uint32 // u<<memoGenBits | generation
	ch  uint32 // (choice+1)<<1 | exact
}

const (
	memoMinSlots  = 1 << 10
	memoKeepSlots = 1 << 16 // larger tables are dropped by reset
	memoGenBits   = 8
	memoGens      = 1<<memoGenBits - 1
	// maxMemoUnit bounds the local unit index of a state (solveMask
	// leaves larger components to the general encoding)
	maxMemoUnit = 1<<(32-memoGenBits) - 1
)

func (s *memoSlot) gen() uint32 { return s.key & memoGens }

func (s *memoSlot) entry() bEntry {
	return bEntry{val: s.val, choice: int32(s.ch>>1) - 1, exact: s.ch&1 != 0}
}

func (s *memoSlot) set(e bEntry) {
	s.val, s.ch = e.val, uint32(e.choice+1)<<1
	if e.exact {
		s.ch |= 1
	}
}

// reset empties the table and sets its limit.
func (t *memoTable) reset(limit int) {
	t.n, t.limit = 0, limit
	if len(t.slots) > memoKeepSlots {
		t.slots = nil
	}
	if t.gen++; t.gen > memoGens { // wrapped: stale stamps could match again
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

// slotKey is the key word of k in the current generation.
func (t *memoTable) slotKey(k mkey) uint32 { return uint32(k.u)<<memoGenBits | t.gen }

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
	key := t.slotKey(k)
	for i := memoHash(k) & mask; ; i = (i + 1) & mask {
		s := &t.slots[i]
		if s.gen() != t.gen {
			return bEntry{}, false
		}
		if s.key == key && s.m == k.m {
			return s.entry(), true
		}
	}
}

// put sets the entry of k.
func (t *memoTable) put(k mkey, e bEntry) {
	if t.full() {
		t.grow()
	}
	mask := uint64(len(t.slots) - 1)
	key := t.slotKey(k)
	for i := memoHash(k) & mask; ; i = (i + 1) & mask {
		s := &t.slots[i]
		if s.gen() != t.gen {
			s.m, s.key = k.m, key
			s.set(e)
			t.n++
			return
		}
		if s.key == key && s.m == k.m {
			s.set(e)
			return
		}
	}
}

// full reports whether the table must grow before one more entry.
func (t *memoTable) full() bool {
	n := t.n + 1
	if 2*n <= len(t.slots) {
		return false
	}
	if t.limit > 0 && 8*(t.limit+1) <= 7*len(t.slots) {
		// large enough: the few entries put while the programme unwinds
		// after giving up fit as well
		return 16*n > 15*len(t.slots)
	}
	return true
}

// grow doubles the table (or allocates it) and reinserts the entries.
func (t *memoTable) grow() {
	old := t.slots
	t.slots = make([]memoSlot, max(memoMinSlots, 2*len(old)))
	gen := t.gen
	t.gen, t.n = 1, 0
	for i := range old {
		if s := &old[i]; s.gen() == gen {
			t.put(mkey{int32(s.key >> memoGenBits), s.m}, s.entry())
		}
	}
}

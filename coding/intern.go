package coding

// byteIndex caches the index of byte strings already interned (labels,
// coder names), so that readers find them without building or hashing a
// Go string: strings of 1 or 2 bytes index a table directly, strings of 3
// to 7 bytes are packed with their length into a 64-bit key of an
// open-addressing table. Longer strings are not cached (the caller's map
// finds them).
type byteIndex struct {
	direct []int32 // index + 1 by shortCode (0: unknown)
	keys   []uint64
	vals   []int32
	used   int
}

// shortCodes is the number of byte strings of length 1 or 2.
const shortCodes = 256 + 1<<16

// key packs a string of 3 to 7 bytes and its length (0: not packable).
func key[T ~string | ~[]byte](b T) uint64 {
	if len(b) < 3 || len(b) > 7 {
		return 0
	}
	k := uint64(len(b)) << 56
	for i := range len(b) {
		k |= uint64(b[i]) << (8 * i)
	}
	return k
}

// cached reports whether a byteIndex holds every string of length n put
// into it (1 to 7 bytes): for such strings it can be the only index.
func cached(n int) bool { return n >= 1 && n <= 7 }

func mixKey(k uint64) uint64 {
	k ^= k >> 33
	k *= 0xff51afd7ed558ccd
	k ^= k >> 33
	return k
}

// get returns the cached index of b.
func (x *byteIndex) get(b []byte) (int32, bool) { return get(x, b) }

// getString is get for a string.
func (x *byteIndex) getString(s string) (int32, bool) { return get(x, s) }

func get[T ~string | ~[]byte](x *byteIndex, b T) (int32, bool) {
	switch len(b) {
	case 1, 2:
		if x.direct == nil {
			return 0, false
		}
		code := int(b[0])
		if len(b) == 2 {
			code = 256 + int(b[0])<<8 | int(b[1])
		}
		v := x.direct[code] - 1
		return v, v >= 0
	}
	k := key(b)
	if k == 0 || len(x.keys) == 0 {
		return 0, false
	}
	mask := uint64(len(x.keys) - 1)
	for s := mixKey(k) & mask; x.keys[s] != 0; s = (s + 1) & mask {
		if x.keys[s] == k {
			return x.vals[s], true
		}
	}
	return 0, false
}

// put caches index v of b (not yet cached).
func (x *byteIndex) put(b []byte, v int32) { put(x, b, v) }

// putString is put for a string.
func (x *byteIndex) putString(s string, v int32) { put(x, s, v) }

func put[T ~string | ~[]byte](x *byteIndex, b T, v int32) {
	switch len(b) {
	case 1, 2:
		if x.direct == nil {
			x.direct = make([]int32, shortCodes)
		}
		code := int(b[0])
		if len(b) == 2 {
			code = 256 + int(b[0])<<8 | int(b[1])
		}
		x.direct[code] = v + 1
		return
	}
	k := key(b)
	if k == 0 {
		return
	}
	if 2*(x.used+1) > len(x.keys) {
		x.grow()
	}
	x.insert(k, v)
	x.used++
}

func (x *byteIndex) insert(k uint64, v int32) {
	mask := uint64(len(x.keys) - 1)
	s := mixKey(k) & mask
	for x.keys[s] != 0 {
		s = (s + 1) & mask
	}
	x.keys[s], x.vals[s] = k, v
}

func (x *byteIndex) grow() {
	keys, vals := x.keys, x.vals
	n := max(256, 2*len(keys))
	x.keys, x.vals = make([]uint64, n), make([]int32, n)
	for i, k := range keys {
		if k != 0 {
			x.insert(k, vals[i])
		}
	}
}

package ratings

import "math"

// coded is a column of ratings as indices into its distinct values
// (ascending), with the counts and the sorted order of the items: what the
// rank statistics need, computed once per column.
type coded struct {
	code   []int32   // code[i] indexes vals; -1 where the rating is missing
	vals   []float64 // the distinct values, ascending
	counts []int64   // counts[k]: the items rated vals[k]
	order  []int32   // the rated items by value (ties in item order)
}

// maxDirect bounds the range of whole-number ratings coded by direct
// indexing.
const maxDirect = 1 << 20

// encode codes the column x (NaN: missing). Whole-number ratings within a
// range of maxDirect (scales, counts, sums of such) are coded by indexing
// an array; other columns by a radix sort of the values. Both are O(n).
func encode(x []float64) coded {
	c := coded{code: make([]int32, len(x))}
	lo, hi := math.Inf(1), math.Inf(-1)
	integers := true
	for _, v := range x {
		if math.IsNaN(v) {
			continue
		}
		if v != math.Trunc(v) {
			integers = false
		}
		lo, hi = min(lo, v), max(hi, v)
	}
	if lo > hi { // no rating
		for i := range c.code {
			c.code[i] = -1
		}
		return c
	}
	if integers && hi-lo < maxDirect {
		idx := make([]int32, int(hi-lo)+1)
		for _, v := range x {
			if !math.IsNaN(v) {
				idx[int(v-lo)] = 1
			}
		}
		k := int32(0)
		for j, used := range idx {
			if used != 0 {
				idx[j] = k
				c.vals = append(c.vals, lo+float64(j))
				k++
			}
		}
		c.counts = make([]int64, len(c.vals))
		for i, v := range x {
			if math.IsNaN(v) {
				c.code[i] = -1
			} else {
				c.code[i] = idx[int(v-lo)]
				c.counts[c.code[i]]++
			}
		}
		c.order = orderByCode(c.code, c.counts)
		return c
	}
	// Sort the (value, item) pairs by a radix sort of the values' bits,
	// mapped so that their order as unsigned integers is the numbers' order.
	keys := make([]uint64, 0, len(x))
	items := make([]int32, 0, len(x))
	for i, v := range x {
		if math.IsNaN(v) {
			c.code[i] = -1
			continue
		}
		if v == 0 {
			v = 0 // −0 and +0 are one value
		}
		b := math.Float64bits(v)
		if b>>63 != 0 {
			b = ^b
		} else {
			b |= 1 << 63
		}
		keys = append(keys, b)
		items = append(items, int32(i))
	}
	keys, items = radixSort(keys, items)
	k := int32(-1)
	for j, key := range keys {
		if j == 0 || key != keys[j-1] {
			k++
			c.vals = append(c.vals, x[items[j]])
			c.counts = append(c.counts, 0)
		}
		c.code[items[j]] = k
		c.counts[k]++
	}
	c.order = items
	return c
}

// orderByCode returns the items with a code, ordered by code (a counting
// sort; ties in item order).
func orderByCode(code []int32, counts []int64) []int32 {
	start := make([]int64, len(counts))
	var sum int64
	for k, n := range counts {
		start[k] = sum
		sum += n
	}
	out := make([]int32, sum)
	for i, k := range code {
		if k >= 0 {
			out[start[k]] = int32(i)
			start[k]++
		}
	}
	return out
}

// radixSort sorts keys (carrying items along, stably) by four passes of
// 16 bits, least significant first: O(n).
func radixSort(keys []uint64, items []int32) ([]uint64, []int32) {
	if len(keys) == 0 {
		return keys, items
	}
	k2, i2 := make([]uint64, len(keys)), make([]int32, len(items))
	count := make([]int, 1<<16)
	for shift := uint(0); shift < 64; shift += 16 {
		clear(count)
		for _, k := range keys {
			count[(k>>shift)&0xffff]++
		}
		if count[(keys[0]>>shift)&0xffff] == len(keys) {
			continue // every key has the same digit: nothing to move
		}
		sum := 0
		for d, c := range count {
			count[d] = sum
			sum += c
		}
		for j, k := range keys {
			d := (k >> shift) & 0xffff
			k2[count[d]], i2[count[d]] = k, items[j]
			count[d]++
		}
		keys, k2 = k2, keys
		items, i2 = i2, items
	}
	return keys, items
}

// midranks returns, for each code, the mid-rank (1-based, ties averaged)
// of its value among the given counts per code.
func midranks(counts []int64) []float64 {
	r := make([]float64, len(counts))
	var below int64
	for k, c := range counts {
		r[k] = float64(below) + float64(c+1)/2
		below += c
	}
	return r
}

// tieSums are the sums over groups of tied values (sizes t) that Kendall's
// statistics need: Σ t(t−1)/2, Σ t(t−1)(2t+5), Σ t(t−1), Σ t(t−1)(t−2)
// and Σ (t³ − t).
type tieSums struct {
	pairs, v0, v1, v2, cube float64
}

func ties(counts []int64) tieSums {
	var s tieSums
	for _, c := range counts {
		t := float64(c)
		if c < 2 {
			continue
		}
		s.pairs += t * (t - 1) / 2
		s.v0 += t * (t - 1) * (2*t + 5)
		s.v1 += t * (t - 1)
		s.v2 += t * (t - 1) * (t - 2)
		s.cube += t*t*t - t
	}
	return s
}

// inversions sorts a and returns the number of pairs i < j with a[i] >
// a[j]: insertion sorts of short runs, then a bottom-up merge sort.
func inversions(a []int32) int64 {
	const run = 32
	n := len(a)
	var inv int64
	for lo := 0; lo < n; lo += run {
		hi := min(lo+run, n)
		for i := lo + 1; i < hi; i++ {
			v := a[i]
			j := i
			for j > lo && a[j-1] > v {
				a[j] = a[j-1]
				j--
			}
			inv += int64(i - j)
			a[j] = v
		}
	}
	buf := make([]int32, n)
	src, dst := a, buf
	for width := run; width < n; width *= 2 {
		for lo := 0; lo < n; lo += 2 * width {
			mid, hi := min(lo+width, n), min(lo+2*width, n)
			i, j, k := lo, mid, lo
			for i < mid && j < hi {
				// Branch-free: the comparison of random codes is
				// unpredictable.
				x, y := src[i], src[j]
				t := 0
				if y < x {
					t = 1
				}
				dst[k] = x + int32(t)*(y-x)
				inv += int64(t * (mid - i))
				j += t
				i += 1 - t
				k++
			}
			k += copy(dst[k:], src[i:mid])
			copy(dst[k:], src[j:hi])
		}
		src, dst = dst, src
	}
	return inv
}

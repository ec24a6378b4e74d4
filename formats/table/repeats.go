package table

import (
	"cmp"
	"io"
	"slices"
	"strings"
	"sync"

	"agree/internal/csvio"
)

// Repeated item ids of a wide file read by Stream are found without
// keeping the ids: each row leaves a 64-bit fingerprint of its id and its
// line (12 bytes); the fingerprints are sorted (an in-place radix sort)
// and equal ones are candidate repeats. When the input can be read again
// (Options.Reopen), the candidates are checked against the ids themselves,
// so a fingerprint collision (a chance of about n²/2⁶⁵) is never reported.

// fingerprints holds the hashes of item ids and the lines they were read on.
type fingerprints struct {
	h    []uint64
	line []int32
}

// repeat is a candidate repeat: the line of a row and of an earlier row
// with the same fingerprint.
type repeat struct{ first, second int }

// candidateRepeats returns, for every row whose fingerprint equals that of
// an earlier row, the pair (earliest such row, row), by increasing second
// line.
func candidateRepeats(fps []*fingerprints) []repeat {
	var wg sync.WaitGroup
	for _, f := range fps {
		wg.Add(1)
		go func() { defer wg.Done(); radixSort(f.h, f.line, 56) }()
	}
	wg.Wait()
	// Merge the sorted lists (few: one per parser) and collect the groups
	// of equal hashes.
	pos := make([]int, len(fps))
	var out []repeat
	var group []int32
	for {
		best := -1
		for k, f := range fps {
			if pos[k] < len(f.h) && (best < 0 || f.h[pos[k]] < fps[best].h[pos[best]]) {
				best = k
			}
		}
		if best < 0 {
			break
		}
		h := fps[best].h[pos[best]]
		group = group[:0]
		for k, f := range fps {
			for pos[k] < len(f.h) && f.h[pos[k]] == h {
				group = append(group, f.line[pos[k]])
				pos[k]++
			}
		}
		if len(group) > 1 {
			slices.Sort(group)
			for _, l := range group[1:] {
				out = append(out, repeat{int(group[0]), int(l)})
			}
		}
	}
	slices.SortFunc(out, func(a, b repeat) int { return cmp.Compare(a.second, b.second) })
	return out
}

// radixSort sorts h in increasing order, moving line along, in place: an
// MSD radix sort on the byte at shift (American flag sort), small buckets
// by insertion.
func radixSort(h []uint64, line []int32, shift uint) {
	if len(h) <= 32 {
		for i := 1; i < len(h); i++ {
			for j := i; j > 0 && h[j] < h[j-1]; j-- {
				h[j], h[j-1] = h[j-1], h[j]
				line[j], line[j-1] = line[j-1], line[j]
			}
		}
		return
	}
	var count, next, end [256]int
	for _, x := range h {
		count[(x>>shift)&0xff]++
	}
	sum := 0
	for b := range 256 {
		next[b] = sum
		sum += count[b]
		end[b] = sum
	}
	for b := range 256 {
		for next[b] < end[b] {
			x, l := h[next[b]], line[next[b]]
			d := int((x >> shift) & 0xff)
			for d != b {
				x, h[next[d]] = h[next[d]], x
				l, line[next[d]] = line[next[d]], l
				next[d]++
				d = int((x >> shift) & 0xff)
			}
			h[next[b]], line[next[b]] = x, l
			next[b]++
		}
	}
	if shift == 0 {
		return
	}
	start := 0
	for b := range 256 {
		if end[b]-start > 1 {
			radixSort(h[start:end[b]], line[start:end[b]], shift-8)
		}
		start = end[b]
	}
}

// firstRepeatError returns the error for the first row whose item id
// repeats an earlier one, or nil. With reopen, candidate repeats are
// checked against the ids read again from the input.
func (rd *reader) firstRepeatError(fps []*fingerprints) error {
	cands := candidateRepeats(fps)
	if len(cands) == 0 {
		return nil
	}
	if rd.opt.Reopen == nil {
		c := cands[0]
		return rd.errorf(c.second, 1, "this row's item id repeats that of line %d (same 64-bit fingerprint; read the file rather than standard input to have the id named)", c.first)
	}
	want := map[int]bool{}
	for _, c := range cands {
		want[c.first], want[c.second] = true, true
	}
	ids, err := rd.idsAt(want)
	if err != nil {
		return err
	}
	for _, c := range cands {
		if id, ok := ids[c.first]; ok && id == ids[c.second] {
			return rd.errorf(c.second, 1, "item %s appears on two rows (first on line %d)", csvio.Quote(id), c.first)
		}
	}
	return nil
}

// idsAt reads the input again and returns the item ids (first field,
// trimmed) of the records on the wanted lines.
func (rd *reader) idsAt(want map[int]bool) (map[int]string, error) {
	r, err := rd.opt.Reopen()
	if err != nil {
		return nil, err
	}
	defer r.Close()
	src := newSource(r, 0)
	b, l, err := src.block() // strips the byte order mark
	if err != nil {
		return nil, err
	}
	if b == nil {
		l = 1
	}
	cr := rd.csvReader(io.MultiReader(strings.NewReader(string(b)), src.remaining()))
	out := map[int]string{}
	err = rd.csvRecords(cr, l, func(line int, fields [][]byte, _ []int) error {
		if want[line] {
			out[line] = strings.TrimSpace(string(fields[0]))
		}
		return nil
	})
	return out, err
}

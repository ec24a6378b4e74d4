package table

import (
	"bytes"
	"cmp"
	"container/heap"
	"errors"
	"hash/maphash"
	"io"
	"runtime"
	"slices"
	"strings"
	"sync"

	"agree/internal/csvio"
)

// Repeated item ids of a wide file read by Stream are found without
// keeping the ids: each row leaves a 64-bit fingerprint of its id and its
// line (12 bytes); unless the ids are increasing, the fingerprints are
// sorted (in-place radix sorts of chunks, merged by a heap) and equal ones
// are candidate repeats. When the input can be read again
// (Options.Reopen), the candidates are checked against the ids themselves,
// so a fingerprint collision (a chance of about n²/2⁶⁵) is never reported.

// fingerprints holds the hashes of item ids and the lines they were read
// on, in chunks of fixed size (no copying as they grow).
type fingerprints struct {
	chunks []*fpChunk
}

type fpChunk struct {
	h    []uint64
	line []int32
}

const fpChunkSize = 1 << 16

func (f *fingerprints) add(h uint64, line int32) {
	n := len(f.chunks)
	if n == 0 || len(f.chunks[n-1].h) == fpChunkSize {
		f.chunks = append(f.chunks, &fpChunk{h: make([]uint64, 0, fpChunkSize), line: make([]int32, 0, fpChunkSize)})
		n++
	}
	c := f.chunks[n-1]
	c.h = append(c.h, h)
	c.line = append(c.line, line)
}

// repeat is a candidate repeat: the line of a row and of an earlier row
// with the same fingerprint.
type repeat struct{ first, second int }

// candidateRepeats returns, for every row whose fingerprint equals that of
// an earlier row, the pair (earliest such row, row), by increasing second
// line.
func candidateRepeats(fps []*fingerprints) []repeat {
	var chunks []*fpChunk
	for _, f := range fps {
		chunks = append(chunks, f.chunks...)
	}
	// Sort the chunks (concurrently), then merge them with a heap and
	// collect the groups of equal hashes.
	var wg sync.WaitGroup
	next := make(chan *fpChunk)
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for c := range next {
				radixSort(c.h, c.line, 56)
			}
		}()
	}
	for _, c := range chunks {
		next <- c
	}
	close(next)
	wg.Wait()
	h := &chunkHeap{}
	for _, c := range chunks {
		if len(c.h) > 0 {
			h.items = append(h.items, chunkHead{c, 0})
		}
	}
	heap.Init(h)
	var out []repeat
	var group []int32
	for h.Len() > 0 {
		x := h.items[0].key()
		group = group[:0]
		for h.Len() > 0 && h.items[0].key() == x {
			top := &h.items[0]
			group = append(group, top.c.line[top.i])
			top.i++
			if top.i == len(top.c.h) {
				heap.Pop(h)
			} else {
				heap.Fix(h, 0)
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

// chunkHeap is a min-heap of sorted chunks by their next hash.
type chunkHead struct {
	c *fpChunk
	i int
}

func (c chunkHead) key() uint64 { return c.c.h[c.i] }

type chunkHeap struct{ items []chunkHead }

func (h *chunkHeap) Len() int           { return len(h.items) }
func (h *chunkHeap) Less(i, j int) bool { return h.items[i].key() < h.items[j].key() }
func (h *chunkHeap) Swap(i, j int)      { h.items[i], h.items[j] = h.items[j], h.items[i] }
func (h *chunkHeap) Push(x any)         { h.items = append(h.items, x.(chunkHead)) }
func (h *chunkHeap) Pop() any {
	x := h.items[len(h.items)-1]
	h.items = h.items[:len(h.items)-1]
	return x
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
			return rd.errorf(c.second, 1, "item %s appears on two rows (first on line %d)%s", csvio.Quote(id), c.first, rd.repeatHint())
		}
	}
	return nil
}

// fingerprintsUpTo reads the input again and returns the fingerprints of
// the item ids of the records on lines up to end (the header excluded).
func (rd *reader) fingerprintsUpTo(end int, seed maphash.Seed) (*fingerprints, error) {
	fp := &fingerprints{}
	header := true
	err := rd.reread(func(line int, fields [][]byte) error {
		if line > end {
			return errStop
		}
		if header || blank(fields) {
			header = false
			return nil
		}
		fp.add(maphash.Bytes(seed, trim(fields[0])), int32(line))
		return nil
	})
	return fp, err
}

var errStop = errors.New("stop")

// reread reads the input again (Options.Reopen) with encoding/csv and
// calls fn for each record until it returns errStop.
func (rd *reader) reread(fn func(line int, fields [][]byte) error) error {
	r, err := rd.opt.Reopen()
	if err != nil {
		return err
	}
	defer r.Close()
	src := newSource(r, rd.name, 0)
	b, l, err := src.block() // strips the byte order mark
	if err != nil {
		return err
	}
	if b == nil {
		l = 1
	}
	cr := rd.csvReader(io.MultiReader(bytes.NewReader(b), src.remaining()), l)
	err = rd.csvRecords(cr, l, func(line int, fields [][]byte, _ []int) error { return fn(line, fields) })
	if err == errStop {
		return nil
	}
	return err
}

// idsAt reads the input again and returns the item ids (first field,
// trimmed) of the records on the wanted lines.
func (rd *reader) idsAt(want map[int]bool) (map[int]string, error) {
	out := map[int]string{}
	err := rd.reread(func(line int, fields [][]byte) error {
		if want[line] {
			out[line] = strings.TrimSpace(string(fields[0]))
		}
		return nil
	})
	return out, err
}

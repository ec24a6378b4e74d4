package table

import (
	"hash/maphash"
	"unsafe"

	"agree/coding"
	"agree/internal/csvio"
)

// wideRow checks a record of a wide file with want fields and returns its
// trimmed item id; ok is false for a blank line.
func (rd *reader) wideRow(line int, fields [][]byte, want int) (id []byte, ok bool, err error) {
	if blank(fields) {
		return nil, false, nil
	}
	if len(fields) != want {
		return nil, false, rd.raggedError(line, len(fields), want)
	}
	id = trim(fields[0])
	if len(id) == 0 {
		return nil, false, rd.errorf(line, 1, "empty item id")
	}
	return id, true, nil
}

// view returns b as a string without copying: valid while b is not
// modified (for lookups and comparisons; anything kept is copied).
func view(b []byte) string { return unsafe.String(unsafe.SliceData(b), len(b)) }

// readWide reads a wide file into Data: the values are interned as they
// come and the columns built directly (coding.FromColumns checks them,
// repeated item ids included).
func (rd *reader) readWide(src *source, st start, header []string, line int) (*coding.Data, error) {
	names, err := rd.wideCoders(header, line)
	if err != nil {
		return nil, err
	}
	w := &wideData{rd: rd, want: len(header), cols: make([][]int32, len(names)), index: map[string]int32{}, miss: rd.newCounts()}
	for _, l := range rd.opt.Categories {
		w.add(l, coding.Pos{})
	}
	if _, err := rd.body(src, st, 1, func() sink { return w }, func(any) error { return nil }); err != nil {
		return nil, err
	}
	rd.addCounts(w.miss)
	if len(w.items) == 0 {
		return nil, rd.noItems()
	}
	d, err := coding.FromColumns(rd.name, w.items, names, w.labels, len(rd.opt.Categories), w.cols, w.first)
	if err != nil {
		return nil, rd.duplicate(err, w.lines)
	}
	if err := rd.shapeCheck(d.Stats(0), d.Items()); err != nil {
		return nil, err
	}
	return d, nil
}

// wideData collects a wide file's columns.
type wideData struct {
	rd     *reader
	want   int
	items  []string
	lines  []int32
	cols   [][]int32
	labels []string
	index  map[string]int32
	first  []coding.Pos
	miss   missCounts
	key    []byte // the group's name (Options.By)
}

func (w *wideData) add(l string, p coding.Pos) int32 {
	v := int32(len(w.labels))
	w.index[l] = v
	w.labels = append(w.labels, l)
	w.first = append(w.first, p)
	return v
}

func (w *wideData) record(line int, fields [][]byte, cols []int) error {
	id, ok, err := w.rd.wideRow(line, fields, w.want)
	if !ok {
		return err
	}
	w.items = append(w.items, string(id))
	w.lines = append(w.lines, int32(line))
	if w.rd.by != nil {
		w.key = w.rd.groupKey(w.key, fields, w.rd.by)
		w.rd.itemGroup(w.key)
	}
	for c := range w.cols {
		f := w.rd.wideField[c]
		v := trim(fields[f])
		x := int32(coding.Missing)
		if !w.miss.missing(w.rd.miss, v) {
			p := coding.Pos{Line: int32(line), Col: int32(cols[f])}
			var known bool
			if x, known = w.index[string(v)]; !known {
				if w.rd.opt.Closed && len(w.rd.opt.Categories) > 0 {
					return w.rd.errorf(line, cols[f], "value %s is not among the declared categories", csvio.Quote(string(v)))
				}
				x = w.add(string(v), p)
			} else if w.first[x] == (coding.Pos{}) {
				w.first[x] = p
			}
		}
		w.cols[c] = append(w.cols[c], x)
	}
	return nil
}

func (w *wideData) flush() any { return nil }

// streamWide reads a wide file into Stats, parsed by several goroutines.
func (rd *reader) streamWide(src *source, st start, header []string, line int) (*coding.Stats, error) {
	names, err := rd.wideCoders(header, line)
	if err != nil {
		return nil, err
	}
	seed := maphash.MakeSeed()
	var accs []*coding.Accumulator
	var newErr error
	newSink := func() sink {
		acc, err := rd.accumulator(names)
		if err != nil {
			newErr = err
			acc, _ = coding.NewAccumulator(coding.StatsOptions{Coders: names})
		}
		accs = append(accs, acc)
		return &wideStats{rd: rd, want: len(header), acc: acc, seed: seed, miss: rd.newCounts()}
	}
	// The ids are checked for repeats only if they are not in increasing
	// natural order throughout (blocks merged in order). While they are,
	// and the input can be read again, the blocks' fingerprints are
	// dropped: after the first block out of order, the rows before it are
	// read again to check them against the later ones (a run of
	// increasing ids has no repeat in itself).
	reread := rd.opt.Reopen != nil
	increasing, last, items, prefixEnd := true, "", 0, 0
	var head []string
	var kept []*fingerprints
	merge := func(x any) error {
		b := x.(wideBlock)
		if b.n == 0 {
			return nil
		}
		increasing = increasing && b.increasing && (items == 0 || coding.CompareNatural(last, b.first) < 0)
		if len(head) < maxHead {
			head = append(head, b.head[:min(len(b.head), maxHead-len(head))]...)
		}
		last = b.last
		items += b.n
		if increasing && reread {
			prefixEnd = b.lastLine
		} else {
			kept = append(kept, b.fp)
		}
		return nil
	}
	sinks, err := rd.body(src, st, rd.opt.Workers, newSink, merge)
	if newErr != nil {
		return nil, newErr
	}
	if err != nil {
		return nil, err
	}
	for _, s := range sinks {
		rd.addCounts(s.(*wideStats).miss)
	}
	if items == 0 {
		return nil, rd.noItems()
	}
	if !increasing {
		if prefixEnd > 0 {
			fp, err := rd.fingerprintsUpTo(prefixEnd, seed)
			if err != nil {
				return nil, err
			}
			kept = append(kept, fp)
		}
		if err := rd.firstRepeatError(kept); err != nil {
			return nil, err
		}
	}
	out, err := merged(accs)
	if err != nil {
		return nil, err
	}
	if err := rd.shapeCheck(out, head); err != nil {
		return nil, err
	}
	return out, nil
}

// wideStats accumulates the records of a wide file.
type wideStats struct {
	rd   *reader
	want int
	acc  *coding.Accumulator
	cv   []int32
	seed maphash.Seed
	blk  wideBlock
	prev []byte // the previous id of the block (a view into the block)
	miss missCounts
	key  []byte // the group's name (Options.By)
}

// wideBlock is what the merge needs of a block: whether its ids increase
// (natural order), its first and last ids, its last line and the
// fingerprints of its ids.
type wideBlock struct {
	n           int
	increasing  bool
	first, last string
	lastLine    int
	fp          *fingerprints
	head        []string // the first ids (at most maxHead), for shape checks
}

func (w *wideStats) record(line int, fields [][]byte, cols []int) error {
	id, ok, err := w.rd.wideRow(line, fields, w.want)
	if !ok {
		return err
	}
	w.cv = w.cv[:0]
	fc := w.rd.fieldCoder[:len(fields)]
	for c := 1; c < len(fields); c++ {
		k := fc[c]
		if k < 0 {
			continue
		}
		v := trim(fields[c])
		if w.miss.missing(w.rd.miss, v) {
			continue
		}
		x, err := w.acc.ValueBytes(v, coding.Pos{Line: int32(line), Col: int32(cols[c])})
		if err != nil {
			return w.rd.errorf(line, cols[c], "%v", err)
		}
		w.cv = append(w.cv, k, int32(x))
	}
	if w.rd.by != nil {
		w.key = w.rd.groupKey(w.key, fields, w.rd.by)
		err = w.acc.AddIn(w.acc.GroupBytes(w.key), view(id), w.cv)
	} else {
		err = w.acc.Add(view(id), w.cv)
	}
	if err != nil {
		return w.rd.errorf(line, 0, "%v", err)
	}
	if w.blk.n == 0 {
		w.blk = wideBlock{increasing: true, first: string(id), fp: &fingerprints{}}
	} else if w.blk.increasing && coding.CompareNatural(view(w.prev), view(id)) >= 0 {
		w.blk.increasing = false
	}
	w.blk.fp.add(maphash.Bytes(w.seed, id), int32(line))
	if len(w.blk.head) < maxHead {
		w.blk.head = append(w.blk.head, string(id))
	}
	w.blk.n++
	w.blk.lastLine = line
	w.prev = id
	return nil
}

func (w *wideStats) flush() any {
	b := w.blk
	if b.n > 0 {
		b.last = string(w.prev)
	}
	w.blk, w.prev = wideBlock{}, nil
	return b
}

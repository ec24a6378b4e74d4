package table

import (
	"bytes"
	"slices"

	"agree/coding"
	"agree/internal/csvio"
	"agree/position"
)

// longLayout is where the item, coder and value columns of a long file
// are, and its document column (dc, −1 when none): an item is then a
// document and an item (id "document/item").
type longLayout struct {
	want, ic, cc, vc, dc int
}

func newLongLayout(header []string, roles map[string]int) longLayout {
	ll := longLayout{want: len(header), ic: roles["item"], cc: roles["coder"], vc: roles["value"], dc: -1}
	if d, ok := roles["document"]; ok {
		ll.dc = d
	}
	return ll
}

// rowState is what a sink of a long file keeps from row to row: the buffer
// of ids built from a document and an item, and the coder names read with
// surrounding spaces (the first few), for a warning.
type rowState struct {
	idBuf  []byte
	spaced []string
}

// maxSpaced bounds the coder names with spaces kept for the warning.
const maxSpaced = 5

// row checks a record of a long file and returns its trimmed item id,
// coder and value; ok is false for a blank line. With a document column
// the id is built in st (reused: valid until the next call).
func (rd *reader) longRow(ll longLayout, line int, fields [][]byte, st *rowState) (id, coder, value []byte, ok bool, err error) {
	if blank(fields) {
		return nil, nil, nil, false, nil
	}
	if len(fields) != ll.want {
		return nil, nil, nil, false, rd.errorf(line, 0, "%d fields, want %d as in the header", len(fields), ll.want)
	}
	id, coder = trim(fields[ll.ic]), trim(fields[ll.cc])
	if len(coder) != len(fields[ll.cc]) && len(st.spaced) < maxSpaced && len(coder) > 0 {
		if raw := string(fields[ll.cc]); !slices.Contains(st.spaced, raw) {
			st.spaced = append(st.spaced, raw)
		}
	}
	if len(id) == 0 {
		return nil, nil, nil, false, rd.errorf(line, ll.ic+1, "empty item id")
	}
	if ll.dc >= 0 {
		doc := trim(fields[ll.dc])
		if len(doc) == 0 {
			return nil, nil, nil, false, rd.errorf(line, ll.dc+1, "empty document")
		}
		st.idBuf = append(append(append(st.idBuf[:0], doc...), '/'), id...)
		id = st.idBuf
	}
	if len(coder) == 0 {
		return nil, nil, nil, false, rd.errorf(line, ll.cc+1, "empty coder name")
	}
	return id, coder, trim(fields[ll.vc]), true, nil
}

// twice is the error of a coder giving an item a second value.
func (rd *reader) twice(line, col int, coder, item, earlier string) error {
	return rd.errorf(line, col, "coder %s already gave item %s a value (%s)", csvio.Quote(coder), csvio.Quote(item), csvio.Quote(earlier))
}

// readLong reads a long file into Data (coders in natural order).
func (rd *reader) readLong(src *source, st start, header []string, roles map[string]int) (*coding.Data, error) {
	ll := newLongLayout(header, roles)
	b := coding.NewBuilder()
	b.SetSource(rd.name)
	b.SortCoders()
	if len(rd.opt.Categories) > 0 {
		if err := b.DeclareCategories(rd.opt.Categories, rd.opt.Closed); err != nil {
			return nil, position.Errorf(rd.name, 0, 0, "%w", err)
		}
	}
	records := 0
	var key []byte
	var row rowState
	defer func() { rd.spacedNames(row.spaced) }()
	cnt := rd.newCounts()
	defer rd.addCounts(cnt)
	s := &builderSink{fn: func(line int, fields [][]byte, cols []int) error {
		id, coder, value, ok, err := rd.longRow(ll, line, fields, &row)
		if !ok {
			return err
		}
		records++
		item, c := b.Item(string(id)), b.Coder(string(coder))
		if rd.by != nil {
			key = rd.groupKey(key, fields, rd.by)
			if item == len(rd.itemGroups) {
				rd.itemGroup(key)
			} else if g := rd.groups[rd.itemGroups[item]]; g != string(key) {
				return rd.groupConflict(line, string(id), key, []byte(g))
			}
		}
		if cnt.missing(rd.miss, value) {
			return nil
		}
		if err := b.Set(item, c, string(value), coding.Pos{Line: int32(line), Col: int32(cols[ll.vc])}); err != nil {
			return rd.errorf(line, cols[ll.vc], "%v", err)
		}
		return nil
	}}
	if _, err := rd.body(src, st, 1, func() sink { return s }, func(any) error { return nil }); err != nil {
		return nil, err
	}
	if records == 0 {
		return nil, rd.noItems()
	}
	d, err := b.Build()
	if err != nil {
		return nil, position.Errorf(rd.name, 0, 0, "%w", err)
	}
	if d.NumItems() == 0 {
		return nil, rd.noItems()
	}
	return d, nil
}

// builderSink hands records to a function, in one goroutine.
type builderSink struct {
	fn func(line int, fields [][]byte, cols []int) error
}

func (s *builderSink) record(line int, fields [][]byte, cols []int) error {
	return s.fn(line, fields, cols)
}
func (s *builderSink) flush() any { return nil }

// streamLong reads an unsorted long file into Stats: the judgments are
// grouped by item until the end (an item's records may come anywhere).
func (rd *reader) streamLong(src *source, st start, header []string, roles map[string]int) (*coding.Stats, error) {
	acc, err := rd.accumulator(nil)
	if err != nil {
		return nil, err
	}
	g := &longGroups{rd: rd, ll: newLongLayout(header, roles), acc: acc, index: map[string]int32{}, miss: rd.newCounts()}
	if _, err := rd.body(src, st, 1, func() sink { return g }, func(any) error { return nil }); err != nil {
		return nil, err
	}
	rd.addCounts(g.miss)
	rd.spacedNames(g.row.spaced)
	if len(g.ids) == 0 {
		return nil, rd.noItems()
	}
	var cv []int32
	for it, id := range g.ids {
		cv = cv[:0]
		for r := g.head[it]; r >= 0; r = g.recs[r].next {
			cv = append(cv, g.recs[r].c, g.recs[r].v)
		}
		sortPairs(cv)
		if g.grp != nil {
			err = acc.AddIn(int(g.grp[it]), id, cv)
		} else {
			err = acc.Add(id, cv)
		}
		if err != nil {
			return nil, position.Errorf(rd.name, 0, 0, "%w", err)
		}
	}
	return acc.Stats(), nil
}

// longGroups groups the judgments of a long file by item: 12 bytes per
// judgment in a linked arena, and per item its id and list head.
type longGroups struct {
	rd    *reader
	ll    longLayout
	acc   *coding.Accumulator
	index map[string]int32
	ids   []string
	head  []int32
	tail  []int32
	recs  []longRec
	miss  missCounts
	row   rowState
	grp   []int32 // per item, its group (Options.By)
	key   []byte
}

type longRec struct{ c, v, next int32 }

func (g *longGroups) record(line int, fields [][]byte, cols []int) error {
	id, coder, value, ok, err := g.rd.longRow(g.ll, line, fields, &g.row)
	if !ok {
		return err
	}
	it, known := g.index[view(id)]
	if !known {
		it = int32(len(g.ids))
		s := string(id)
		g.index[s] = it
		g.ids = append(g.ids, s)
		g.head = append(g.head, -1)
		g.tail = append(g.tail, -1)
		if g.rd.by != nil {
			g.key = g.rd.groupKey(g.key, fields, g.rd.by)
			g.grp = append(g.grp, int32(g.acc.GroupBytes(g.key)))
		}
	} else if g.rd.by != nil {
		g.key = g.rd.groupKey(g.key, fields, g.rd.by)
		if x := g.acc.GroupBytes(g.key); int32(x) != g.grp[it] {
			return g.rd.groupConflict(line, g.ids[it], g.key, []byte(g.acc.GroupName(int(g.grp[it]))))
		}
	}
	c, err := g.acc.CoderBytes(coder)
	if err != nil {
		return g.rd.errorf(line, g.ll.cc+1, "%v", err)
	}
	if g.miss.missing(g.rd.miss, value) {
		return nil
	}
	col := cols[g.ll.vc]
	v, err := g.acc.ValueBytes(value, coding.Pos{Line: int32(line), Col: int32(col)})
	if err != nil {
		return g.rd.errorf(line, col, "%v", err)
	}
	for r := g.head[it]; r >= 0; r = g.recs[r].next {
		if g.recs[r].c == int32(c) {
			return g.rd.twice(line, col, string(coder), g.ids[it], g.acc.Label(int(g.recs[r].v)))
		}
	}
	r := int32(len(g.recs))
	g.recs = append(g.recs, longRec{int32(c), int32(v), -1})
	if g.tail[it] >= 0 {
		g.recs[g.tail[it]].next = r
	} else {
		g.head[it] = r
	}
	g.tail[it] = r
	return nil
}

func (g *longGroups) flush() any { return nil }

// sortPairs sorts the (coder, value) pairs of cv by coder (insertion sort:
// items have few values).
func sortPairs(cv []int32) {
	for i := 2; i < len(cv); i += 2 {
		for j := i; j >= 2 && cv[j-2] > cv[j]; j -= 2 {
			cv[j-2], cv[j] = cv[j], cv[j-2]
			cv[j-1], cv[j+1] = cv[j+1], cv[j-1]
		}
	}
}

// streamLongSorted reads a long file whose records are grouped by item,
// in item order (Options.Sorted), into Stats with O(1) memory per item.
// Blocks are parsed concurrently; the groups cut by a block boundary (the
// first and last of each block) are joined when the blocks are merged in
// order, and so is the check of the order.
func (rd *reader) streamLongSorted(src *source, st start, header []string, roles map[string]int) (*coding.Stats, error) {
	ll := newLongLayout(header, roles)
	main, err := rd.accumulator(nil)
	if err != nil {
		return nil, err
	}
	accs := []*coding.Accumulator{main}
	var newErr error
	newSink := func() sink {
		acc, err := rd.accumulator(nil)
		if err != nil {
			newErr = err
			acc, _ = coding.NewAccumulator(coding.StatsOptions{})
		}
		accs = append(accs, acc)
		return &longSorted{rd: rd, ll: ll, acc: acc, miss: rd.newCounts()}
	}
	o := &orderCheck{rd: rd}
	var carry *edgeGroup
	items := 0
	finish := func(g *edgeGroup) error {
		if g == nil {
			return nil
		}
		items++
		return rd.addEdge(main, g)
	}
	merge := func(x any) error {
		b := x.(sortedBlock)
		if b.groups == 0 {
			return nil
		}
		if err := o.boundary(b); err != nil {
			return err
		}
		first := b.first
		if b.groups == 1 {
			first = b.last
		}
		if carry != nil && carry.id == first.id {
			if first, err = rd.join(carry, first); err != nil {
				return err
			}
		} else if err := finish(carry); err != nil {
			return err
		}
		carry = nil
		if b.groups == 1 {
			carry = first
			return nil
		}
		items += b.groups - 2 // the groups inside the block, already added
		if err := finish(first); err != nil {
			return err
		}
		carry = b.last
		return nil
	}
	sinks, err := rd.body(src, st, rd.opt.Workers, newSink, merge)
	if err != nil {
		return nil, err
	}
	if newErr != nil {
		return nil, newErr
	}
	for _, s := range sinks {
		rd.addCounts(s.(*longSorted).miss)
		rd.spacedNames(s.(*longSorted).row.spaced)
	}
	if err := finish(carry); err != nil {
		return nil, err
	}
	if err := o.final(); err != nil {
		return nil, err
	}
	if items == 0 {
		return nil, rd.noItems()
	}
	return merged(accs)
}

// edgeGroup is an item whose records may continue in the next block (the
// first or last of a block), by name rather than by index.
type edgeGroup struct {
	id    string
	group string // its group (Options.By)
	pairs []edgePair
	line  int // of the first record
}

type edgePair struct {
	coder, value string // value "" with missing: a record without a value
	missing      bool
	line, col    int
}

// join appends g's records to e's (the same item across a boundary).
func (rd *reader) join(e, g *edgeGroup) (*edgeGroup, error) {
	if e.group != g.group {
		return nil, rd.groupConflict(g.line, g.id, []byte(g.group), []byte(e.group))
	}
	e.pairs = append(e.pairs, g.pairs...)
	return e, nil
}

// addEdge adds an edge group to acc, checking that no coder gave the item
// two values.
func (rd *reader) addEdge(acc *coding.Accumulator, g *edgeGroup) error {
	var cv []int32
	seen := map[string]string{}
	for _, p := range g.pairs {
		c, err := acc.Coder(p.coder)
		if err != nil {
			return rd.errorf(p.line, 0, "%v", err)
		}
		if p.missing {
			continue
		}
		if earlier, dup := seen[p.coder]; dup {
			return rd.twice(p.line, p.col, p.coder, g.id, earlier)
		}
		seen[p.coder] = p.value
		v, err := acc.Value(p.value, coding.Pos{Line: int32(p.line), Col: int32(p.col)})
		if err != nil {
			return rd.errorf(p.line, p.col, "%v", err)
		}
		cv = append(cv, int32(c), int32(v))
	}
	sortPairs(cv)
	var err error
	if rd.by != nil {
		err = acc.AddIn(acc.Group(g.group), g.id, cv)
	} else {
		err = acc.Add(g.id, cv)
	}
	if err != nil {
		return position.Errorf(rd.name, 0, 0, "%w", err)
	}
	return nil
}

// longSorted accumulates a block of a sorted long file: the groups inside
// the block go to its accumulator, the first and last are returned.
type longSorted struct {
	rd  *reader
	ll  longLayout
	acc *coding.Accumulator

	groups int
	cur    []byte // the current group's id (a view into the block)
	line   int    // its first record's line
	pairs  []sortedPair
	first  *edgeGroup
	order  blockOrder
	cv     []int32
	miss   missCounts
	row    rowState
	curBuf []byte // the current group's id, when built (cur points here)
	grp    []byte // the current item's group (Options.By)
	key    []byte
}

type sortedPair struct {
	c, v      int32 // v < 0: missing
	line, col int32
}

// sortedBlock is what the merge needs of a block.
type sortedBlock struct {
	groups      int
	first, last *edgeGroup
	order       blockOrder
}

// blockOrder records where, inside a block, the item ids stop being in
// byte order and in natural order (0: they do not), and its first line.
type blockOrder struct {
	firstLine         int
	firstID, lastID   string
	byteAt, naturalAt int
}

func (s *longSorted) record(line int, fields [][]byte, cols []int) error {
	id, coder, value, ok, err := s.rd.longRow(s.ll, line, fields, &s.row)
	if !ok {
		return err
	}
	if s.groups == 0 || !bytes.Equal(id, s.cur) {
		if s.groups > 0 {
			if s.order.byteAt == 0 && bytes.Compare(s.cur, id) > 0 {
				s.order.byteAt = line
			}
			if s.order.naturalAt == 0 && coding.CompareNatural(view(s.cur), view(id)) > 0 {
				s.order.naturalAt = line
			}
			if err := s.end(); err != nil {
				return err
			}
		} else {
			s.order.firstLine = line
		}
		s.groups++
		if s.ll.dc >= 0 { // id is in idBuf, which the next record reuses
			s.curBuf = append(s.curBuf[:0], id...)
			id = s.curBuf
		}
		s.cur, s.line, s.pairs = id, line, s.pairs[:0]
		if s.rd.by != nil {
			s.grp = s.rd.groupKey(s.grp, fields, s.rd.by)
		}
	} else if s.rd.by != nil {
		if s.key = s.rd.groupKey(s.key, fields, s.rd.by); !bytes.Equal(s.key, s.grp) {
			return s.rd.groupConflict(line, string(id), s.key, s.grp)
		}
	}
	c, err := s.acc.CoderBytes(coder)
	if err != nil {
		return s.rd.errorf(line, s.ll.cc+1, "%v", err)
	}
	p := sortedPair{c: int32(c), v: -1, line: int32(line), col: int32(cols[s.ll.vc])}
	if !s.miss.missing(s.rd.miss, value) {
		v, err := s.acc.ValueBytes(value, coding.Pos{Line: p.line, Col: p.col})
		if err != nil {
			return s.rd.errorf(line, int(p.col), "%v", err)
		}
		p.v = int32(v)
		for _, q := range s.pairs {
			if q.c == p.c && q.v >= 0 {
				return s.rd.twice(line, int(p.col), string(coder), string(id), s.acc.Label(int(q.v)))
			}
		}
	}
	s.pairs = append(s.pairs, p)
	return nil
}

// end ends the current group: the block's first group is kept by name
// for the merge, the others go to the accumulator.
func (s *longSorted) end() error {
	if s.groups == 1 {
		s.first = s.edge()
		return nil
	}
	s.cv = s.cv[:0]
	for _, p := range s.pairs {
		if p.v >= 0 {
			s.cv = append(s.cv, p.c, p.v)
		}
	}
	sortPairs(s.cv)
	if s.rd.by != nil {
		return s.acc.AddIn(s.acc.GroupBytes(s.grp), view(s.cur), s.cv)
	}
	return s.acc.Add(view(s.cur), s.cv)
}

// edge returns the current group by name.
func (s *longSorted) edge() *edgeGroup {
	g := &edgeGroup{id: string(s.cur), group: string(s.grp), line: s.line}
	for _, p := range s.pairs {
		e := edgePair{coder: s.acc.CoderName(int(p.c)), missing: p.v < 0, line: int(p.line), col: int(p.col)}
		if p.v >= 0 {
			e.value = s.acc.Label(int(p.v))
		}
		g.pairs = append(g.pairs, e)
	}
	return g
}

func (s *longSorted) flush() any {
	b := sortedBlock{groups: s.groups, first: s.first, order: s.order}
	if s.groups > 0 {
		b.last = s.edge()
		b.order.firstID = b.last.id
		if s.first != nil {
			b.order.firstID = s.first.id
		}
		b.order.lastID = b.last.id
	}
	s.groups, s.cur, s.pairs, s.first, s.order = 0, nil, s.pairs[:0], nil, blockOrder{}
	return b
}

// orderCheck checks, across blocks, that the item ids are in byte order
// or in natural order: the file is refused where the second of the two
// stops holding.
type orderCheck struct {
	rd            *reader
	byteAt, natAt int
	lastID        string
	started       bool
}

// boundary takes a block's order and its first id against the last id of
// the blocks before it.
func (o *orderCheck) boundary(b sortedBlock) error {
	if o.started && b.order.firstID != o.lastID {
		if o.byteAt == 0 && o.lastID > b.order.firstID {
			o.byteAt = b.order.firstLine
		}
		if o.natAt == 0 && coding.CompareNatural(o.lastID, b.order.firstID) > 0 {
			o.natAt = b.order.firstLine
		}
	}
	if o.byteAt == 0 {
		o.byteAt = b.order.byteAt
	}
	if o.natAt == 0 {
		o.natAt = b.order.naturalAt
	}
	o.started, o.lastID = true, b.order.lastID
	return o.final()
}

func (o *orderCheck) final() error {
	if o.byteAt > 0 && o.natAt > 0 {
		return o.rd.errorf(max(o.byteAt, o.natAt), 0, "the records are not sorted by item (Options.Sorted promises it): sort them (LC_ALL=C sort -t, -k1,1 -s, keeping the header first) or leave Options.Sorted out")
	}
	return nil
}

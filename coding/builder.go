package coding

import (
	"cmp"
	"errors"
	"fmt"
	"hash/maphash"
	"slices"
	"strings"

	"agree/internal/csvio"
)

// Builder accumulates reliability data cell by cell.
//
// Errors returned by Set and Add carry no position; readers add theirs.
type Builder struct {
	d Data
	// Items are found by a 64-bit hash of their id (cheaper than a map of
	// strings for millions of items); ids whose hash is taken by another id
	// go to collided.
	seed       maphash.Seed
	itemIndex  map[uint64]int32
	collided   map[string]int
	unindexed  bool // AppendItem was called since the index was built
	coderIndex map[string]int
	valueIndex map[string]int32
	closed     bool // declared categories are a closed set
	itemCap    int
	sortCoders bool
	appended   bool // AppendItem was used: ids are checked for duplicates at Build
}

// NewBuilder returns an empty Builder.
func NewBuilder() *Builder {
	return &Builder{
		seed:       maphash.MakeSeed(),
		itemIndex:  map[uint64]int32{},
		coderIndex: map[string]int{},
		valueIndex: map[string]int32{},
	}
}

// SetSource names the file the data comes from, for messages.
func (b *Builder) SetSource(name string) { b.d.source = name }

// DeclareCategories fixes the category set and its order before any value
// is added. If closed, a value outside the set is an error (a typo guard);
// otherwise other values are allowed and come after the declared ones.
func (b *Builder) DeclareCategories(labels []string, closed bool) error {
	if len(b.d.labels) > 0 {
		return errors.New("categories must be declared before any value is added")
	}
	for _, l := range labels {
		if _, dup := b.valueIndex[l]; dup {
			return fmt.Errorf("category %q declared twice", l)
		}
		b.valueIndex[l] = int32(len(b.d.labels))
		b.d.labels = append(b.d.labels, l)
		b.d.firstSeen = append(b.d.firstSeen, Pos{})
	}
	b.d.declared = len(labels)
	b.d.ordered = len(labels)
	b.closed = closed
	return nil
}

// Coder returns the index of the named coder, adding it if new.
func (b *Builder) Coder(name string) int {
	if c, ok := b.coderIndex[name]; ok {
		return c
	}
	c := len(b.d.coders)
	b.coderIndex[name] = c
	b.d.coders = append(b.d.coders, name)
	col := make([]int32, len(b.d.items), max(b.itemCap, len(b.d.items)))
	for i := range col {
		col[i] = Missing
	}
	b.d.cols = append(b.d.cols, col)
	return c
}

// Item returns the index of the item, adding it if new.
func (b *Builder) Item(id string) int {
	i, _ := b.item(id)
	return i
}

// AddItem adds a new item; isNew is false (and nothing is added) when the
// item already exists, i being its index.
func (b *Builder) AddItem(id string) (i int, isNew bool) { return b.item(id) }

// AppendItem adds an item without looking it up: cheaper than AddItem for
// millions of items. Build checks that the ids are distinct; items with the
// empty id "" are anonymous and exempt (e.g. pairs of labels that only
// need counting). Item, AddItem
// and HasItem still work after it (the index is rebuilt when they are next
// called).
func (b *Builder) AppendItem(id string) int {
	b.unindexed = true
	b.appended = true
	b.appendItem(id)
	return len(b.d.items) - 1
}

// SortCoders puts the coders in natural order when the data are built, for
// inputs whose coder order is only the order of first appearance (a long
// file), so that the order does not depend on the order of the records.
func (b *Builder) SortCoders() { b.sortCoders = true }

// reindex builds the item index after AppendItem calls.
func (b *Builder) reindex() {
	b.unindexed = false
	b.itemIndex = make(map[uint64]int32, len(b.d.items))
	b.collided = nil
	for i, id := range b.d.items {
		h := maphash.String(b.seed, id)
		if _, taken := b.itemIndex[h]; !taken {
			b.itemIndex[h] = int32(i)
			continue
		}
		if b.collided == nil {
			b.collided = map[string]int{}
		}
		if _, dup := b.collided[id]; !dup {
			b.collided[id] = i
		}
	}
}

// firstDuplicate returns the positions i < j of the first repeated id in
// ids (the smallest j), or ok = false when all ids differ; empty ids are
// anonymous and never repeat. It sorts 64-bit
// hashes instead of filling a hash map, which is several times faster for
// millions of ids.
func firstDuplicate(ids []string) (i, j int, ok bool) {
	seed := maphash.MakeSeed()
	type hi struct {
		h   uint64
		idx int32
	}
	hs := make([]hi, 0, len(ids))
	for k, id := range ids {
		if id != "" { // anonymous items are exempt (and would all collide)
			hs = append(hs, hi{maphash.String(seed, id), int32(k)})
		}
	}
	slices.SortFunc(hs, func(a, b hi) int {
		if c := cmp.Compare(a.h, b.h); c != 0 {
			return c
		}
		return cmp.Compare(a.idx, b.idx)
	})
	i, j = -1, len(ids)
	for k := 0; k < len(hs); {
		e := k + 1
		for e < len(hs) && hs[e].h == hs[k].h {
			e++
		}
		// Within a run of equal hashes (almost always one id), find the
		// earliest second occurrence of an id.
		for x := k; x < e; x++ {
			for y := x + 1; y < e; y++ {
				if int(hs[y].idx) < j && ids[hs[x].idx] == ids[hs[y].idx] {
					i, j = int(hs[x].idx), int(hs[y].idx)
					break
				}
			}
		}
		k = e
	}
	return i, j, i >= 0
}

// item finds or adds an item with a single hash-map access in the common case.
func (b *Builder) item(id string) (int, bool) {
	if b.unindexed {
		b.reindex()
	}
	h := maphash.String(b.seed, id)
	n := int32(len(b.d.items))
	i, ok := b.itemIndex[h]
	if !ok {
		b.itemIndex[h] = n
		b.appendItem(id)
		return int(n), true
	}
	if b.d.items[i] == id {
		return int(i), false
	}
	if j, ok := b.collided[id]; ok {
		return j, false
	}
	if b.collided == nil {
		b.collided = map[string]int{}
	}
	b.collided[id] = int(n)
	b.appendItem(id)
	return int(n), true
}

// HasItem reports whether the item exists.
func (b *Builder) HasItem(id string) bool { _, ok := b.lookup(id); return ok }

func (b *Builder) lookup(id string) (int, bool) {
	if b.unindexed {
		b.reindex()
	}
	h := maphash.String(b.seed, id)
	if i, ok := b.itemIndex[h]; ok {
		if b.d.items[i] == id {
			return int(i), true
		}
		i, ok := b.collided[id]
		return i, ok
	}
	return 0, false
}

// NewItem adds an item; the caller guarantees it is new (use Item or
// AddItem otherwise).
func (b *Builder) NewItem(id string) int {
	i, _ := b.item(id)
	return i
}

// appendItem stores a copy of id, so that an id sliced from a larger
// string (a CSV record) does not keep the whole record alive.
func (b *Builder) appendItem(id string) {
	b.d.items = append(b.d.items, strings.Clone(id))
	b.d.n++
	for c := range b.d.cols {
		b.d.cols[c] = append(b.d.cols[c], Missing)
	}
}

// Reserve hints the number of items to expect.
func (b *Builder) Reserve(items int) {
	b.itemCap = items
	if len(b.itemIndex) == 0 {
		b.itemIndex = make(map[uint64]int32, items)
	}
	if cap(b.d.items) < items {
		b.d.items = append(make([]string, 0, items), b.d.items...)
	}
}

// Set gives item i the value label from coder c. at records where the value
// was read (for later messages about it). It is an error to set a cell
// twice, or to use an undeclared value when the categories are closed.
func (b *Builder) Set(i, c int, label string, at Pos) error {
	v, ok := b.valueIndex[label]
	if !ok {
		if b.closed {
			return fmt.Errorf("value %s is not among the declared categories", csvio.Quote(label))
		}
		v = int32(len(b.d.labels))
		b.valueIndex[label] = v
		b.d.labels = append(b.d.labels, label)
		b.d.firstSeen = append(b.d.firstSeen, at)
	} else if b.d.firstSeen[v] == (Pos{}) {
		b.d.firstSeen[v] = at
	}
	if b.d.cols[c][i] != Missing {
		return fmt.Errorf("coder %s already gave item %s a value (%s)", csvio.Quote(b.d.coders[c]), csvio.Quote(b.d.items[i]), csvio.Quote(b.d.labels[b.d.cols[c][i]]))
	}
	b.d.cols[c][i] = v
	return nil
}

// Add sets the value of (item, coder), creating either if new.
func (b *Builder) Add(item, coder, value string) error {
	c := b.Coder(coder)
	return b.Set(b.Item(item), c, value, Pos{})
}

// Build returns the data, with the value table in canonical order (see
// Data.Labels). It fails when there is no coder, or when items added with
// AppendItem repeat an id (a *DuplicateItemError). The Builder must not be
// used afterwards.
func (b *Builder) Build() (*Data, error) {
	d := b.d
	b.d = Data{}
	if len(d.coders) == 0 {
		return nil, errors.New("no coders")
	}
	if b.appended {
		if i, j, dup := firstDuplicate(d.items); dup {
			return nil, &DuplicateItemError{ID: d.items[i], First: i, Second: j}
		}
	}
	if b.sortCoders {
		perm := canonicalNames(d.coders)
		coders, cols := make([]string, len(perm)), make([][]int32, len(perm))
		for n, o := range perm {
			coders[n], cols[n] = d.coders[o], d.cols[o]
		}
		d.coders, d.cols = coders, cols
	}
	d.closed = b.closed && d.declared > 0
	d.canonicalize()
	return &d, nil
}

// DuplicateItemError reports an item id given to two items (by their
// positions in input order).
type DuplicateItemError struct {
	ID            string
	First, Second int
}

func (e *DuplicateItemError) Error() string {
	return fmt.Sprintf("item %q appears twice (items %d and %d)", e.ID, e.First+1, e.Second+1)
}

// canonicalize puts the value table in canonical order: labels[:ordered]
// stay, the others are sorted (numbers by value, then natural order), and
// the cells follow.
func (d *Data) canonicalize() {
	perm := canonicalLabels(d.labels, d.ordered)
	unchanged := true
	for n, o := range perm {
		unchanged = unchanged && n == o
	}
	inv := inverse(perm)
	if !unchanged {
		labels := make([]string, len(perm))
		first := make([]Pos, len(perm))
		for n, o := range perm {
			labels[n] = d.labels[o]
			if o < len(d.firstSeen) {
				first[n] = d.firstSeen[o]
			}
		}
		d.labels, d.firstSeen = labels, first
	}
	// Equal numbers are one value (numbers.go).
	if m := mergeNumbers(d.labels, d.ordered); m != nil {
		for o, n := range inv {
			inv[o] = m.to[n]
		}
		d.labels, d.firstSeen = m.apply(d.labels, d.firstSeen)
		d.merged = m.groups
		unchanged = false
	}
	if unchanged {
		return
	}
	cols := make([][]int32, len(d.cols))
	for c, col := range d.cols {
		out := make([]int32, len(col))
		for i, v := range col {
			out[i] = v
			if v != Missing {
				out[i] = inv[v]
			}
		}
		cols[c] = out
	}
	d.cols = cols
}

// FromContingency returns two-coder data from a contingency table:
// counts[i][j] items were put in rowLabels[i] by the first coder ("A") and
// in colLabels[j] by the second ("B").
func FromContingency(rowLabels, colLabels []string, counts [][]int) (*Data, error) {
	if len(counts) != len(rowLabels) {
		return nil, fmt.Errorf("contingency table has %d rows for %d row labels", len(counts), len(rowLabels))
	}
	b := NewBuilder()
	a, c2 := b.Coder("A"), b.Coder("B")
	// The table's labels keep their order (rows, then new column labels)
	// without becoming declared categories.
	for _, l := range append(slices.Clone(rowLabels), colLabels...) {
		if _, ok := b.valueIndex[l]; !ok {
			b.valueIndex[l] = int32(len(b.d.labels))
			b.d.labels = append(b.d.labels, l)
			b.d.firstSeen = append(b.d.firstSeen, Pos{})
		}
	}
	b.d.ordered = len(b.d.labels)
	n := 0
	for i, row := range counts {
		if len(row) != len(colLabels) {
			return nil, fmt.Errorf("contingency row %d has %d cells for %d column labels", i+1, len(row), len(colLabels))
		}
		for j, k := range row {
			if k < 0 {
				return nil, fmt.Errorf("contingency cell (%d,%d) is negative", i+1, j+1)
			}
			for range k {
				n++
				it := b.NewItem(fmt.Sprint(n))
				if err := b.Set(it, a, rowLabels[i], Pos{}); err != nil {
					return nil, err
				}
				if err := b.Set(it, c2, colLabels[j], Pos{}); err != nil {
					return nil, err
				}
			}
		}
	}
	return b.Build()
}

// Items returns the ids of the items added so far. Do not modify.
func (b *Builder) Items() []string { return b.d.items }

// FromColumns returns data built from columns already interned by the
// caller (a parallel reader): cols[c][i] is the index into labels of coder
// c's value for item i, or Missing; the first declared labels are the
// declared categories; firstSeen[v] is where value v was first read (may be
// nil). Everything is checked: the lengths, the indices, distinct coder
// names, labels and item ids (a repeated id is a *DuplicateItemError). The
// value table is put in canonical order; the slices are not modified and
// may be reused by the data.
func FromColumns(source string, items, coders, labels []string, declared int, cols [][]int32, firstSeen []Pos) (*Data, error) {
	if len(cols) != len(coders) || len(coders) == 0 {
		return nil, fmt.Errorf("%d columns for %d coders", len(cols), len(coders))
	}
	if declared < 0 || declared > len(labels) || (firstSeen != nil && len(firstSeen) != len(labels)) {
		return nil, errors.New("inconsistent value table")
	}
	if dup := firstDuplicateString(coders); dup >= 0 {
		return nil, fmt.Errorf("coder %q appears twice", coders[dup])
	}
	if dup := firstDuplicateString(labels); dup >= 0 {
		return nil, fmt.Errorf("value %q appears twice in the value table", labels[dup])
	}
	for c, col := range cols {
		if len(col) != len(items) {
			return nil, fmt.Errorf("coder %q has %d cells for %d items", coders[c], len(col), len(items))
		}
		for _, v := range col {
			if v != Missing && (v < 0 || int(v) >= len(labels)) {
				return nil, fmt.Errorf("coder %q: value index %d out of range", coders[c], v)
			}
		}
	}
	if i, j, dup := firstDuplicate(items); dup {
		return nil, &DuplicateItemError{ID: items[i], First: i, Second: j}
	}
	if firstSeen == nil {
		firstSeen = make([]Pos, len(labels))
	}
	d := &Data{source: source, n: len(items), items: items, coders: coders, labels: labels,
		declared: declared, ordered: declared, cols: cols, firstSeen: firstSeen}
	d.canonicalize()
	return d, nil
}

// firstDuplicateString returns the index of the first string that repeats
// an earlier one, or −1.
func firstDuplicateString(s []string) int {
	seen := make(map[string]bool, len(s))
	for i, x := range s {
		if seen[x] {
			return i
		}
		seen[x] = true
	}
	return -1
}

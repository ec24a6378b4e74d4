package coding

// Missing marks an absent value in Data.
const Missing = -1

// Data is reliability data: items × coders, each cell holding one value or
// nothing. Values are interned once into a value table (Labels); cells hold
// indices into it. A coder may use categories no other coder uses (Komen
// 2009): the value table is simply the union.
//
// Data is immutable once built; build it with a Builder.
type Data struct {
	source    string
	n         int // number of items (rows)
	items     []string
	coders    []string
	labels    []string
	declared  int        // labels[:declared] were declared (in order) before any data
	ordered   int        // labels[:ordered] keep their given order (≥ declared)
	closed    bool       // the declared categories are a closed set
	cols      [][]int32  // cols[coder][item]: index into labels, or Missing
	firstSeen []Pos      // where each value was first read (zero Pos if unknown)
	merged    [][]string // spellings of equal numbers read as one value (MergedNumbers)
	anonymous string     // why the coders are anonymous (SetAnonymousCoders), or ""
}

// SetAnonymousCoders marks the coders of d as anonymous: the data say how
// many coders gave each value to each item, not which coder did (a table
// of counts per item and category, say), reason telling why. The
// coefficients whose chance model needs each coder's own distribution of
// values (Cohen's κ, multi-κ, κ_w, α_κ) are then undefined with reason,
// and so are the tables of coders (pairs of coders, each coder left out,
// the contingency table, annotator bias) and the models of coders (Aickin,
// Dawid–Skene); the other coefficients depend only on each item's counts.
func (d *Data) SetAnonymousCoders(reason string) { d.anonymous = reason }

// AnonymousCoders returns why the coders of d are anonymous, or "" when
// the data say which coder gave each value (SetAnonymousCoders).
func (d *Data) AnonymousCoders() string { return d.anonymous }

// Pos is a position in an input file (1-based; 0 means unknown).
type Pos struct {
	Line, Col int32
}

// Source returns the name of the file the data came from ("" if built in memory).
func (d *Data) Source() string { return d.source }

// NumItems returns the number of items.
func (d *Data) NumItems() int { return d.n }

// NumCoders returns the number of coders.
func (d *Data) NumCoders() int { return len(d.coders) }

// Items returns the item identifiers in input order. Do not modify.
func (d *Data) Items() []string { return d.items }

// Coders returns the coder names in input order. Do not modify.
func (d *Data) Coders() []string { return d.coders }

// Labels returns the value table: every distinct value in canonical order —
// declared categories first (in declared order), then numbers by value,
// then the other values in natural order ("b2" before "b10"). The order
// does not depend on the order of the input, so that results do not
// either. Do not modify.
func (d *Data) Labels() []string { return d.labels }

// Declared returns the declared categories (a prefix of Labels), or nil.
func (d *Data) Declared() []string { return d.labels[:d.declared] }

// Value returns the value index coder c gave item i, or Missing.
func (d *Data) Value(i, c int) int { return int(d.cols[c][i]) }

// FirstSeen returns where value v was first read (zero if unknown).
func (d *Data) FirstSeen(v int) Pos {
	if v < len(d.firstSeen) {
		return d.firstSeen[v]
	}
	return Pos{}
}

// Subset returns the data restricted to the given coders (by index, in the
// given order) and to the items for which keep returns true (nil keeps all).
// The value table is shared.
func (d *Data) Subset(coders []int, keep func(item int) bool) *Data {
	return d.subset(coders, keep, true)
}

// subset is Subset; without ids the result has no item names (for internal
// computations that only need the cells).
func (d *Data) subset(coders []int, keep func(item int) bool, ids bool) *Data {
	s := &Data{source: d.source, labels: d.labels, declared: d.declared, ordered: d.ordered, closed: d.closed, firstSeen: d.firstSeen, merged: d.merged, anonymous: d.anonymous}
	var idx []int32
	if keep == nil && ids {
		s.items = d.items
	}
	for i := range d.n {
		if keep == nil || keep(i) {
			idx = append(idx, int32(i))
			if ids && keep != nil {
				s.items = append(s.items, d.items[i])
			}
		}
	}
	s.n = len(idx)
	for _, c := range coders {
		s.coders = append(s.coders, d.coders[c])
		col := make([]int32, len(idx))
		for j, i := range idx {
			col[j] = d.cols[c][i]
		}
		s.cols = append(s.cols, col)
	}
	return s
}

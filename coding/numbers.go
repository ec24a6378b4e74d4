package coding

import (
	"math"
	"strconv"
)

// Equal numbers, one value. A spreadsheet or pandas writes the same
// number in several ways ("1" and "1.0": pandas writes floats whenever a
// column has a gap), and as text labels they would be two categories: a
// file whose coders agree perfectly would show disagreement under every
// distance. When every label of the value table is a finite number, labels
// that are equal numbers are therefore one value, spelt as the first of
// them in canonical order ("1" before "1.0"); MergedNumbers lists them, so
// that a caller can say so. Declared categories are never merged with one
// another (they were listed on purpose), but an undeclared spelling joins
// the declared category it equals. When some label is not a number (codes
// such as "1.10" next to "other"), nothing is merged.

// numberMerge is the outcome of merging equal numbers in a value table.
type numberMerge struct {
	to     []int32    // old index → new index
	labels []int      // new index → old index of the spelling kept
	groups [][]string // the spellings of each merged value, the kept one first
}

// mergeNumbers returns how to merge the labels (in canonical order, the
// first fixed ones in a given order) that are equal numbers, or nil when
// nothing is merged: some label is not a finite number, or no two are
// equal.
func mergeNumbers(labels []string, fixed int) *numberMerge {
	if len(labels) < 2 {
		return nil
	}
	bits := make([]uint64, len(labels))
	for i, l := range labels {
		x, err := strconv.ParseFloat(l, 64)
		if err != nil || math.IsInf(x, 0) || math.IsNaN(x) {
			return nil
		}
		bits[i] = orderedBits(x)
	}
	// The undeclared labels are sorted by value: equal numbers are
	// adjacent; each may also equal a fixed label.
	fixedOf := map[uint64]int32{}
	for i := range fixed {
		if _, ok := fixedOf[bits[i]]; !ok {
			fixedOf[bits[i]] = int32(i)
		}
	}
	m := &numberMerge{to: make([]int32, len(labels))}
	merged := false
	for i := range labels {
		if i >= fixed {
			if f, ok := fixedOf[bits[i]]; ok {
				m.to[i] = m.to[f]
				merged = true
				continue
			}
			if i > fixed && bits[i] == bits[i-1] {
				m.to[i] = m.to[i-1]
				merged = true
				continue
			}
		}
		m.to[i] = int32(len(m.labels))
		m.labels = append(m.labels, i)
	}
	if !merged {
		return nil
	}
	spellings := make([][]string, len(m.labels))
	for i, n := range m.to {
		spellings[n] = append(spellings[n], labels[i])
	}
	for _, s := range spellings {
		if len(s) > 1 {
			m.groups = append(m.groups, s)
		}
	}
	return m
}

// apply returns the merged value table and first positions.
func (m *numberMerge) apply(labels []string, firstSeen []Pos) ([]string, []Pos) {
	out := make([]string, len(m.labels))
	first := make([]Pos, len(m.labels))
	for n, o := range m.labels {
		out[n] = labels[o]
	}
	for o, n := range m.to {
		if o < len(firstSeen) {
			if p := firstSeen[o]; p.Line > 0 && (first[n].Line == 0 || p.Line < first[n].Line || (p.Line == first[n].Line && p.Col < first[n].Col)) {
				first[n] = p
			}
		}
	}
	return out, first
}

// MergedNumbers returns the groups of labels read as one value because
// they are equal numbers (every label being a number), each group's kept
// spelling first: [["1", "1.0"]]. Do not modify.
func (d *Data) MergedNumbers() [][]string { return d.merged }

// MergedNumbers is Data.MergedNumbers for statistics.
func (s *Stats) MergedNumbers() [][]string { return s.merged }

// hasEqualNumbers reports whether two of the labels are different
// spellings of one finite number (labels that are not numbers are
// skipped). parsed and seen carry the work from one call to the next, over
// a growing value table.
func hasEqualNumbers(labels []string, parsed *int, seen map[uint64]bool) bool {
	found := false
	for ; *parsed < len(labels); *parsed++ {
		x, err := strconv.ParseFloat(labels[*parsed], 64)
		if err != nil || math.IsInf(x, 0) || math.IsNaN(x) {
			continue
		}
		b := orderedBits(x)
		if seen[b] {
			found = true
		}
		seen[b] = true
	}
	return found
}

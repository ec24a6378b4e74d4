package table

import (
	"fmt"
	"strings"

	"agree/internal/csvio"
)

// Groups of items by columns (Options.By): a wide file's columns that are
// not coders, or a long file's columns besides item, coder and value (a
// batch, a round, a date; or its document column). Each item is in the
// group of its values in them; Stream adds the item to its group
// (coding.Accumulator.AddIn: the statistics count each group's items of
// each pattern, the patterns being those of the table without the
// columns), Read names each item's group in Info.

// NoGroup is the group value of an item whose cell in a By column is
// missing (empty or a marker of missing values).
const NoGroup = "(none)"

// GroupSep separates the values of the By columns in a group's name
// (GroupValues splits them): a NUL byte, which no cell holds.
const GroupSep = "\x00"

// GroupValues returns the values of the By columns in a group's name.
func GroupValues(name string) []string { return strings.Split(name, GroupSep) }

// NoColumnError is a By column that the table's header does not have.
type NoColumnError struct {
	Column  string
	Columns []string // the header's columns that could be By columns
}

func (e *NoColumnError) Error() string {
	return fmt.Sprintf("no column %s among %s", csvio.Quote(e.Column), strings.Join(e.Columns, ", "))
}

// byColumns resolves Options.By in a header: the fields holding the
// columns, in the order of By. A column is found by its name without
// surrounding spaces; taken (the long layout's item, coder and value
// columns) cannot be one.
func (rd *reader) byColumns(header []string, taken func(i int) bool) ([]int, error) {
	if len(rd.opt.By) == 0 {
		return nil, nil
	}
	var cands []string
	for i, h := range header {
		if !taken(i) {
			cands = append(cands, strings.TrimSpace(h))
		}
	}
	out := make([]int, len(rd.opt.By))
	for j, c := range rd.opt.By {
		c = strings.TrimSpace(c)
		out[j] = -1
		for i, h := range header {
			if !taken(i) && strings.TrimSpace(h) == c {
				out[j] = i
				break
			}
		}
		if out[j] < 0 {
			return nil, &NoColumnError{Column: c, Columns: cands}
		}
		for _, k := range out[:j] {
			if k == out[j] {
				return nil, fmt.Errorf("column %s given twice", csvio.Quote(c))
			}
		}
	}
	return out, nil
}

// groupKey appends to buf the name of the group of a record: the values of
// its By columns (fields by), trimmed, NoGroup for a missing one, joined
// by GroupSep.
func (rd *reader) groupKey(buf []byte, fields [][]byte, by []int) []byte {
	buf = buf[:0]
	for j, f := range by {
		if j > 0 {
			buf = append(buf, GroupSep...)
		}
		v := trim(fields[f])
		if len(v) == 0 || (rd.miss.lens>>(uint(len(v))%64)&1 != 0 && rd.miss.match(v) >= 0) {
			buf = append(buf, NoGroup...)
			continue
		}
		buf = append(buf, v...)
	}
	return buf
}

// groupConflict is the error of an item whose records of a long file give
// two groups.
func (rd *reader) groupConflict(line int, item string, got, earlier []byte) error {
	return rd.errorf(line, 0, "item %s is in %s %s here and %s on an earlier record: each item is in one group (Options.By)",
		csvio.Quote(item), strings.Join(rd.opt.By, ", "), csvio.Quote(strings.ReplaceAll(string(got), GroupSep, ", ")), csvio.Quote(strings.ReplaceAll(string(earlier), GroupSep, ", ")))
}

func (rd *reader) byLayoutError() error {
	return rd.errorf(0, 0, "Options.By reads the columns of a headed wide or long table, not of this layout")
}

// itemGroup records, for Read, the group of the next item: the group
// named key.
func (rd *reader) itemGroup(key []byte) {
	g, ok := rd.groupIndex[string(key)]
	if !ok {
		if rd.groupIndex == nil {
			rd.groupIndex = map[string]int32{}
		}
		g = int32(len(rd.groups))
		rd.groups = append(rd.groups, string(key))
		rd.groupIndex[string(key)] = g
	}
	rd.itemGroups = append(rd.itemGroups, g)
}

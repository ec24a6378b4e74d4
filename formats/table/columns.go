package table

import (
	"fmt"
	"strconv"

	"agree/coding"
	"agree/position"
)

// columnsLayout reads the Columns layout: no header unless Options.Header,
// the chosen columns are the coders, each line an item numbered from 1.
type columnsLayout struct {
	rd     *reader
	maxCol int
	named  bool
	names  []string
	n      int
}

func (rd *reader) newColumnsLayout() (*columnsLayout, error) {
	cols := rd.opt.Columns
	if len(cols) < 2 {
		return nil, position.Errorf(rd.name, 0, 0, "the columns layout needs two or more columns (e.g. Options.Columns 2,3)")
	}
	l := &columnsLayout{rd: rd}
	for _, c := range cols {
		if c < 1 {
			return nil, position.Errorf(rd.name, 0, 0, "column numbers start at 1, got %d", c)
		}
		l.maxCol = max(l.maxCol, c)
	}
	return l, nil
}

// row checks a record; named reports the coders' names when they are
// first known, and item is false for a blank line or the header.
func (l *columnsLayout) row(line int, fields [][]byte) (item bool, err error) {
	if blank(fields) {
		return false, nil
	}
	if len(fields) < l.maxCol {
		return false, l.rd.errorf(line, 0, "%d fields, but column %d was chosen", len(fields), l.maxCol)
	}
	if !l.named {
		l.named = true
		for _, c := range l.rd.opt.Columns {
			name := fmt.Sprintf("column%d", c)
			if l.rd.opt.Header {
				name = string(trim(fields[c-1]))
			}
			l.names = append(l.names, name)
		}
		if l.rd.opt.Header {
			return false, nil
		}
	}
	l.n++
	return true, nil
}

func (rd *reader) readColumns(src *source) (*coding.Data, error) {
	l, err := rd.newColumnsLayout()
	if err != nil {
		return nil, err
	}
	b := coding.NewBuilder()
	b.SetSource(rd.name)
	if len(rd.opt.Categories) > 0 {
		if err := b.DeclareCategories(rd.opt.Categories, rd.opt.Closed); err != nil {
			return nil, position.Errorf(rd.name, 0, 0, "%w", err)
		}
	}
	var coders []int
	cnt := rd.newCounts()
	defer rd.addCounts(cnt)
	s := &builderSink{fn: func(line int, fields [][]byte, cols []int) error {
		named := l.named
		item, err := l.row(line, fields)
		if !named && l.named {
			for _, name := range l.names {
				coders = append(coders, b.Coder(name))
			}
		}
		if !item {
			return err
		}
		it := b.NewItem(strconv.Itoa(l.n))
		for j, c := range coders {
			col := rd.opt.Columns[j] - 1
			v := trim(fields[col])
			if cnt.missing(rd.miss, v) {
				continue
			}
			if err := b.Set(it, c, string(v), coding.Pos{Line: int32(line), Col: int32(cols[col])}); err != nil {
				return rd.errorf(line, cols[col], "%v", err)
			}
		}
		return nil
	}}
	if _, err := rd.body(src, start{}, 1, func() sink { return s }, func(any) error { return nil }); err != nil {
		return nil, err
	}
	if !l.named {
		return nil, position.Errorf(rd.name, 0, 0, "empty file")
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

func (rd *reader) streamColumns(src *source) (*coding.Stats, error) {
	l, err := rd.newColumnsLayout()
	if err != nil {
		return nil, err
	}
	var acc *coding.Accumulator
	var cv []int32
	cnt := rd.newCounts()
	defer rd.addCounts(cnt)
	s := &builderSink{fn: func(line int, fields [][]byte, cols []int) error {
		item, err := l.row(line, fields)
		if acc == nil && l.named {
			if acc, err = rd.accumulator(l.names); err != nil {
				return err
			}
		}
		if !item {
			return err
		}
		cv = cv[:0]
		for j, c := range rd.opt.Columns {
			v := trim(fields[c-1])
			if cnt.missing(rd.miss, v) {
				continue
			}
			x, err := acc.ValueBytes(v, coding.Pos{Line: int32(line), Col: int32(cols[c-1])})
			if err != nil {
				return rd.errorf(line, cols[c-1], "%v", err)
			}
			cv = append(cv, int32(j), int32(x))
		}
		id := ""
		if rd.opt.KeepItems > 0 {
			id = strconv.Itoa(l.n)
		}
		if err := acc.Add(id, cv); err != nil {
			return rd.errorf(line, 0, "%v", err)
		}
		return nil
	}}
	if _, err := rd.body(src, start{}, 1, func() sink { return s }, func(any) error { return nil }); err != nil {
		return nil, err
	}
	if !l.named {
		return nil, position.Errorf(rd.name, 0, 0, "empty file")
	}
	if l.n == 0 {
		return nil, rd.noItems()
	}
	return acc.Stats(), nil
}

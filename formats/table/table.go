package table

import (
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"strings"

	"agree/coding"
	"agree/internal/csvio"
)

// Layout is the arrangement of a file.
type Layout int

// The layouts.
const (
	Auto Layout = iota
	Wide
	Long
	Columns
)

// ParseLayout parses auto, wide, long or columns.
func ParseLayout(s string) (Layout, error) {
	switch strings.ToLower(s) {
	case "", "auto":
		return Auto, nil
	case "wide":
		return Wide, nil
	case "long":
		return Long, nil
	case "columns":
		return Columns, nil
	}
	if l, ok := parseLayout2(s); ok { // layouts.go
		return l, nil
	}
	return Auto, fmt.Errorf("unknown layout %q (want %s)", s, layoutNames)
}

// Options control reading.
type Options struct {
	Layout Layout
	// Comma is the field separator; 0 means ','.
	Comma rune
	// Columns are the 1-based columns holding the coders' values in the
	// Columns layout (at least two).
	Columns []int
	// Header says whether a Columns-layout file starts with a header row
	// naming the columns (the names become the coders' names).
	Header bool
	// Missing lists the cell contents that mean "no value"; nil means "" and "NA".
	Missing []string
	// Categories, if set, declares the categories and their order; with
	// Closed, any other value is an error.
	Categories []string
	Closed     bool

	noFastPath bool // tests: force the encoding/csv path
	chunks     int  // tests: number of chunks of the fast path (0: one per CPU on large input)
}

// Read reads reliability data from r; name is used in messages.
func Read(r io.Reader, name string, opt Options) (*coding.Data, error) {
	rd := &reader{name: name, opt: opt, b: coding.NewBuilder()}
	rd.b.SetSource(name)
	if len(opt.Categories) > 0 {
		if err := rd.b.DeclareCategories(opt.Categories, opt.Closed); err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
	}
	rd.missing = map[string]bool{"": true, "NA": true}
	if opt.Missing != nil {
		rd.missing = map[string]bool{}
		for _, m := range opt.Missing {
			rd.missing[m] = true
		}
	}
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	data = bytes.TrimPrefix(data, []byte("\ufeff"))
	if opt.Layout >= Transposed { // layouts.go
		return readLayout(data, name, opt, rd.missing)
	}
	if !opt.noFastPath {
		if d, ok, err := rd.fast(data); ok {
			return d, err
		}
	}
	rd.csv = csv.NewReader(bytes.NewReader(data))
	rd.csv.FieldsPerRecord = -1
	rd.csv.ReuseRecord = true
	if opt.Comma != 0 {
		rd.csv.Comma = opt.Comma
	}
	switch opt.Layout {
	case Columns:
		err = rd.columns()
	default:
		err = rd.headed()
	}
	if err != nil {
		return nil, err
	}
	d, err := rd.b.Build()
	if err != nil {
		return nil, rd.duplicate(err, rd.lines)
	}
	if d.NumItems() == 0 {
		return nil, rd.noItems()
	}
	return d, nil
}

type reader struct {
	name    string
	opt     Options
	b       *coding.Builder
	csv     *csv.Reader
	missing map[string]bool
	lines   []int32 // wide layout: the line of each item
}

// errorf formats an error at a line and column (column 0: none).
func (rd *reader) errorf(line, col int, format string, args ...any) error {
	msg := fmt.Sprintf(format, args...)
	if col > 0 {
		return fmt.Errorf("%s:%d:%d: %s", rd.name, line, col, msg)
	}
	return fmt.Errorf("%s:%d: %s", rd.name, line, msg)
}

// next returns the next record, or io.EOF.
func (rd *reader) next() ([]string, error) {
	rec, err := rd.csv.Read()
	if err == io.EOF {
		return nil, err
	}
	if err != nil {
		return nil, csvio.Wrap(rd.name, err)
	}
	return rec, nil
}

func (rd *reader) pos(field int) coding.Pos {
	l, c := rd.csv.FieldPos(field)
	return coding.Pos{Line: int32(l), Col: int32(c)}
}

func (rd *reader) set(item, coder int, rec []string, field int) error {
	v := strings.TrimSpace(rec[field])
	if rd.missing[v] {
		return nil
	}
	p := rd.pos(field)
	if err := rd.b.Set(item, coder, v, p); err != nil {
		return rd.errorf(int(p.Line), int(p.Col), "%v", err)
	}
	return nil
}

func (rd *reader) raggedError(line, got, want int) error {
	return rd.errorf(line, 0, "%d fields, want %d (item id and %d coders, as in the header)", got, want, want-1)
}

// duplicate turns the error of an item id given on two rows into one
// naming the lines (lines[i] is the line of the i-th item); other errors
// get the file name.
func (rd *reader) duplicate(err error, lines []int32) error {
	var de *coding.DuplicateItemError
	if errors.As(err, &de) && de.Second < len(lines) {
		return rd.errorf(int(lines[de.Second]), 1, "item %s appears on two rows (first on line %d)", csvio.Quote(de.ID), lines[de.First])
	}
	return fmt.Errorf("%s: %w", rd.name, err)
}

func (rd *reader) noItems() error { return fmt.Errorf("%s: no items", rd.name) }

func normalize(h string) string { return strings.ToLower(strings.TrimSpace(h)) }

// longColumn maps a header name to its role in the long layout.
func longColumn(h string) string {
	switch normalize(h) {
	case "item", "unit", "subject", "item_id", "id":
		return "item"
	case "coder", "annotator", "rater", "judge", "coder_id", "annotator_id":
		return "coder"
	case "value", "label", "category", "code", "rating", "annotation":
		return "value"
	}
	return ""
}

func (rd *reader) headed() error {
	header, err := rd.next()
	if err == io.EOF {
		return fmt.Errorf("%s: empty file; want a header row", rd.name)
	}
	if err != nil {
		return err
	}
	header = append([]string(nil), header...)
	layout, roles, err := rd.classify(header)
	if err != nil {
		return err
	}
	if layout == Long {
		return rd.long(header, roles)
	}
	return rd.wide(header)
}

// classify decides the layout of a headed file from its header and, for
// the long layout, where its item, coder and value columns are.
func (rd *reader) classify(header []string) (Layout, map[string]int, error) {
	roles := map[string]int{}
	for i, h := range header {
		if r := longColumn(h); r != "" {
			if _, dup := roles[r]; !dup {
				roles[r] = i
			}
		}
	}
	layout := rd.opt.Layout
	if layout == Auto {
		layout = Wide
		if len(roles) == 3 && len(header) == 3 {
			layout = Long
		}
	}
	if layout == Long {
		for _, r := range []string{"item", "coder", "value"} {
			if _, ok := roles[r]; !ok {
				return layout, nil, rd.errorf(1, 0, "long layout: the header has no %q column (found %s)", r, strings.Join(header, ", "))
			}
		}
	}
	return layout, roles, nil
}

// wideCoders returns the coder names of a wide header.
func (rd *reader) wideCoders(header []string) ([]string, error) {
	if len(header) < 2 {
		return nil, rd.errorf(1, 0, "wide layout: the header has %d column(s); want an item column and one column per coder", len(header))
	}
	names := make([]string, len(header)-1)
	seen := map[string]int{}
	for j, h := range header[1:] {
		h = strings.TrimSpace(h)
		if h == "" {
			h = fmt.Sprintf("coder%d", j+1)
		}
		if first, dup := seen[h]; dup {
			return nil, rd.errorf(1, 0, "coder %s names columns %d and %d", csvio.Quote(h), first+2, j+2)
		}
		seen[h] = j
		names[j] = h
	}
	return names, nil
}

func (rd *reader) wide(header []string) error {
	names, err := rd.wideCoders(header)
	if err != nil {
		return err
	}
	coders := make([]int, len(names))
	for j, h := range names {
		coders[j] = rd.b.Coder(h)
	}
	want := len(header)
	var lines []int32 // line of each item, for duplicate messages
	for {
		rec, err := rd.next()
		if err == io.EOF {
			rd.lines = lines // duplicates are found by Build
			return nil
		}
		if err != nil {
			return err
		}
		line, _ := rd.csv.FieldPos(0)
		if len(rec) == 1 && strings.TrimSpace(rec[0]) == "" {
			continue // blank line
		}
		if len(rec) != want {
			return rd.raggedError(line, len(rec), want)
		}
		id := strings.TrimSpace(rec[0])
		if id == "" {
			return rd.errorf(line, 1, "empty item id")
		}
		item := rd.b.AppendItem(id) // duplicates are checked at the end
		lines = append(lines, int32(line))
		for j, c := range coders {
			if err := rd.set(item, c, rec, j+1); err != nil {
				return err
			}
		}
	}
}

func (rd *reader) long(header []string, roles map[string]int) error {
	ic, cc, vc := roles["item"], roles["coder"], roles["value"]
	for {
		rec, err := rd.next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		line, _ := rd.csv.FieldPos(0)
		if len(rec) == 1 && strings.TrimSpace(rec[0]) == "" {
			continue
		}
		if len(rec) != len(header) {
			return rd.errorf(line, 0, "%d fields, want %d as in the header", len(rec), len(header))
		}
		id, coder := strings.TrimSpace(rec[ic]), strings.TrimSpace(rec[cc])
		if id == "" {
			return rd.errorf(line, ic+1, "empty item id")
		}
		if coder == "" {
			return rd.errorf(line, cc+1, "empty coder name")
		}
		if err := rd.set(rd.b.Item(id), rd.b.Coder(coder), rec, vc); err != nil {
			return err
		}
	}
}

func (rd *reader) columns() error {
	cols := rd.opt.Columns
	if len(cols) < 2 {
		return fmt.Errorf("%s: the columns layout needs two or more columns (e.g. --columns 2,3)", rd.name)
	}
	coders := make([]int, len(cols))
	maxCol := 0
	for _, c := range cols {
		if c < 1 {
			return fmt.Errorf("%s: column numbers start at 1, got %d", rd.name, c)
		}
		maxCol = max(maxCol, c)
	}
	named := false
	n := 0
	for {
		rec, err := rd.next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return err
		}
		line, _ := rd.csv.FieldPos(0)
		if len(rec) == 1 && strings.TrimSpace(rec[0]) == "" {
			continue
		}
		if len(rec) < maxCol {
			return rd.errorf(line, 0, "%d fields, but column %d was chosen", len(rec), maxCol)
		}
		if !named {
			named = true
			for j, c := range cols {
				name := fmt.Sprintf("column%d", c)
				if rd.opt.Header {
					name = strings.TrimSpace(rec[c-1])
				}
				coders[j] = rd.b.Coder(name)
			}
			if rd.opt.Header {
				continue
			}
		}
		n++
		item := rd.b.NewItem(fmt.Sprint(n))
		for j, c := range coders {
			if err := rd.set(item, c, rec, cols[j]-1); err != nil {
				return err
			}
		}
	}
	if !named {
		return fmt.Errorf("%s: empty file", rd.name)
	}
	return nil
}

package table

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"agree/internal/suggest"
	"agree/position"

	"agree/coding"
	"agree/internal/csvio"
	"agree/internal/plural"
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

// ParseColumns parses a list of 1-based column numbers and ranges, as
// --columns takes them: "2,3", "1-5", "1-3,7".
func ParseColumns(s string) ([]int, error) {
	var out []int
	for _, part := range strings.Split(s, ",") {
		part = strings.TrimSpace(part)
		lo, hi, isRange := strings.Cut(part, "-")
		a, err1 := strconv.Atoi(strings.TrimSpace(lo))
		b, err2 := a, error(nil)
		if isRange {
			b, err2 = strconv.Atoi(strings.TrimSpace(hi))
		}
		if err1 != nil || err2 != nil || a < 1 || b < a || b-a >= 10_000 {
			return nil, fmt.Errorf("%q is not a column number or a range of them (1-based: 2, 1-5)", part)
		}
		for c := a; c <= b; c++ {
			out = append(out, c)
		}
	}
	return out, nil
}

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
	return Auto, fmt.Errorf("unknown layout %q%s (want %s)", s, suggest.DidYouMean(s, strings.Split(strings.NewReplacer(" or ", ", ").Replace(layoutNames), ", ")), layoutNames)
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
	// Missing lists the cell contents that mean "no value" (after trimming
	// the cell's surrounding spaces); nil means DefaultMissing. Include ""
	// for the empty cell.
	Missing []string
	// Info, if set, receives what the reader tells besides the data: the
	// cells read as missing by marker, notes and warnings.
	Info *Info
	// Categories, if set, declares the categories and their order; with
	// Closed, any other value is an error.
	Categories []string
	Closed     bool
	// By names columns that group the items (a batch, a round, a date;
	// see by.go): in a wide file, columns that are then no coders; in a
	// long file, columns besides item, coder and value (the records of an
	// item must agree on them). Stream's statistics then count each
	// group's items (coding.Stats.Groups, GroupItems); Read names each
	// item's group in Info (Groups, ItemGroups). Headed wide and long
	// files only.
	By []string

	// The options below are for Stream.

	// Sorted promises that the records of each item are contiguous in a
	// long file, ordered by item id (in byte order, as LC_ALL=C sort
	// orders them, or in natural order, as sort -V does); Stream checks
	// it and then keeps O(1) per item. Without it, Stream keeps every
	// judgment of a long file until the end: about 12 bytes each, plus 60
	// bytes and the id per item.
	Sorted bool
	// KeepItems is the number of item ids Stream keeps per distinct
	// pattern of values, for ranking items (coding.StatsOptions.KeepItems).
	KeepItems int
	// Rank, if set, promises the ranking (coding.StatsOptions.Rank).
	Rank *coding.Ranking
	// Workers bounds the goroutines that parse a wide file or a sorted
	// long file (0: GOMAXPROCS). Results do not depend on it.
	Workers int
	// Progress, if set, is called (from another goroutine) with the
	// number of bytes read so far, after each block of the input.
	Progress func(bytes int64)
	// Reopen, if set, opens the input again: Stream then names a repeated
	// item id of a wide file, checked against the ids themselves.
	Reopen func() (io.ReadCloser, error)

	noFastPath bool // tests: force the encoding/csv path
	blockSize  int  // tests: small blocks (0: defaultBlockSize)
}

// Read reads reliability data from r; name is used in messages. The input
// is read in blocks (never as a whole); the data are kept in memory. To
// compute agreement without keeping the data, use Stream.
func Read(r io.Reader, name string, opt Options) (*coding.Data, error) {
	rd := newReader(name, opt)
	d, err := rd.read(r)
	if err != nil {
		return nil, err
	}
	if d, err = rd.dropBlank(d); err != nil {
		return nil, err
	}
	rd.nameWarnings(d.Coders())
	rd.finish()
	return d, nil
}

func (rd *reader) read(r io.Reader) (*coding.Data, error) {
	r, sep := sepLine(r)
	if err := rd.useSepLine(sep); err != nil {
		return nil, err
	}
	opt := rd.opt
	if len(opt.By) > 0 && (opt.Layout >= Transposed || opt.Layout == Columns) {
		return nil, rd.byLayoutError()
	}
	if opt.Layout >= Transposed { // layouts.go
		return rd.readLayout(r)
	}
	src := newSource(r, rd.name, opt.blockSize)
	if opt.Layout == Columns {
		return rd.readColumns(src)
	}
	h, err := rd.headed(src)
	if err != nil {
		return nil, err
	}
	if h.layout == Long {
		return rd.readLong(src, h.st, h.header, h.roles)
	}
	return rd.readWide(src, h.st, h.header, h.line)
}

// Stream reads reliability data from r into their sufficient statistics
// (coding.Stats) as the records are parsed, keeping no item: the value
// table, the coders and the distinct patterns of values with their counts
// (see package coding). A wide file, or a long file with Sorted, is parsed
// by several goroutines; a long file without Sorted keeps its judgments
// until the end (an item's records may come anywhere).
//
// The checks are Read's, except that repeated item ids of a wide file are
// found by 64-bit fingerprints (12 bytes per row), checked against the ids
// when Reopen can read the input again; without it a report has a chance
// of about n²/2⁶⁵ of being a fingerprint collision (3·10⁻⁶ for ten million
// rows). Ids in increasing natural order cost no sorting.
func Stream(r io.Reader, name string, opt Options) (*coding.Stats, error) {
	rd := newReader(name, opt)
	s, err := rd.stream(r)
	if err != nil {
		return nil, err
	}
	if s, err = rd.dropBlankStats(s); err != nil {
		return nil, err
	}
	rd.nameWarnings(s.Coders())
	rd.finish()
	return s, nil
}

func (rd *reader) stream(r io.Reader) (*coding.Stats, error) {
	r, sep := sepLine(r)
	if err := rd.useSepLine(sep); err != nil {
		return nil, err
	}
	opt := rd.opt
	if len(opt.By) > 0 && (opt.Layout >= Transposed || opt.Layout == Columns) {
		return nil, rd.byLayoutError()
	}
	if opt.Layout >= Transposed { // layouts.go: small tables, read whole
		d, err := rd.readLayout(r)
		if err != nil {
			return nil, err
		}
		return d.Stats(opt.KeepItems), nil
	}
	src := newSource(r, rd.name, opt.blockSize)
	if opt.Layout == Columns {
		return rd.streamColumns(src)
	}
	h, err := rd.headed(src)
	if err != nil {
		return nil, err
	}
	if h.layout == Long {
		if opt.Sorted {
			return rd.streamLongSorted(src, h.st, h.header, h.roles)
		}
		return rd.streamLong(src, h.st, h.header, h.roles)
	}
	return rd.streamWide(src, h.st, h.header, h.line)
}

type reader struct {
	name     string
	opt      Options
	miss     *missingSet
	counts   missCounts // cells read as missing, summed over the sinks
	notes    []string   // for Options.Info
	warnings []string
	spaced   []string // coder names read without surrounding spaces (names.go)
	blank    []int    // coders (wide) named by an empty header
	width    int      // fields of a wide header
	idHeader string   // the name of a wide header's first column (its item ids')

	// Options.By (by.go): the fields of the By columns; in a wide file,
	// each coder's field and each field's coder (−1: not a coder); for
	// Read, the groups' names and each item's group.
	by         []int
	wideField  []int
	fieldCoder []int32
	groups     []string
	groupIndex map[string]int32
	itemGroups []int32
}

func newReader(name string, opt Options) *reader {
	markers := opt.Missing
	if markers == nil {
		markers = DefaultMissing
	}
	return &reader{name: name, opt: opt, miss: newMissingSet(markers)}
}

// accumulator returns a new Accumulator with the reader's options.
func (rd *reader) accumulator(coders []string) (*coding.Accumulator, error) {
	acc, err := coding.NewAccumulator(coding.StatsOptions{Source: rd.name, Categories: rd.opt.Categories, Closed: rd.opt.Closed,
		Coders: coders, KeepItems: rd.opt.KeepItems, Rank: rd.opt.Rank})
	if err != nil {
		return nil, position.Errorf(rd.name, 0, 0, "%w", err)
	}
	return acc, nil
}

// merged merges the accumulators of the sinks into one's Stats.
func merged(accs []*coding.Accumulator) (*coding.Stats, error) {
	for _, a := range accs[1:] {
		if err := accs[0].Merge(a); err != nil {
			return nil, err
		}
	}
	return accs[0].Stats(), nil
}

// errorf formats an error at a line and column (column 0: none).
func (rd *reader) errorf(line, col int, format string, args ...any) error {
	return position.Errorf(rd.name, line, col, format, args...)
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
		return rd.errorf(int(lines[de.Second]), 1, "item %s appears on two rows (first on line %d)%s", csvio.Quote(de.ID), lines[de.First], rd.repeatHint())
	}
	return position.Errorf(rd.name, 0, 0, "%w", err)
}

// repeatHint follows the error of a repeated item id in a wide file: the
// first column may be a coder's, when the file is a rating matrix with a
// header of coder names only (as R's write.csv(row.names = FALSE) and
// pandas' to_csv(index = False) write one).
func (rd *reader) repeatHint() string {
	if rd.width < 2 {
		return ""
	}
	return fmt.Sprintf(": a wide file has one row per item, its id in the first column; if every column is a coder's (a rating matrix whose header names the coders only), read it with Options.Layout columns Options.Header Options.Columns 1-%d", rd.width)
}

func (rd *reader) noItems() error { return position.Errorf(rd.name, 0, 0, "no items") }

// blank reports whether a record is a blank line (one field of spaces).
func blank(fields [][]byte) bool { return len(fields) == 1 && len(trim(fields[0])) == 0 }

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
	case "document", "doc", "document_id", "doc_id":
		return "document"
	}
	return ""
}

// headedTable is the start of a headed file: its header, read on line
// line, where the records after it start, and the layout and columns the
// header announces (classify).
type headedTable struct {
	header []string
	line   int
	st     start
	layout Layout
	roles  map[string]int
}

// headed reads the header of a headed file and classifies it.
func (rd *reader) headed(src *source) (*headedTable, error) {
	header, line, st, err := rd.readHeader(src)
	if err == io.EOF {
		return nil, position.Errorf(rd.name, 0, 0, "empty file; want a header row")
	}
	if err != nil {
		return nil, err
	}
	layout, roles, err := rd.classify(header, line)
	if err != nil {
		return nil, err
	}
	return &headedTable{header, line, st, layout, roles}, nil
}

// classify decides the layout of a headed file from its header (read on
// line line) and, for the long layout, where its item, coder and value
// columns are.
func (rd *reader) classify(header []string, line int) (Layout, map[string]int, error) {
	roles := map[string]int{}
	for i, h := range header {
		if r := longColumn(h); r != "" {
			if _, dup := roles[r]; !dup {
				roles[r] = i
			}
		}
	}
	_, hasItem := roles["item"]
	_, hasCoder := roles["coder"]
	_, hasValue := roles["value"]
	layout := rd.opt.Layout
	if layout == Auto {
		// The long header among other columns (item,coder,value,batch;
		// document,item,coder,value) is long too: read as wide, its
		// items would repeat on every row.
		layout = Wide
		if hasItem && hasCoder && hasValue {
			layout = Long
		}
	}
	if layout == Long {
		for _, r := range []string{"item", "coder", "value"} {
			if _, ok := roles[r]; !ok {
				return layout, nil, rd.errorf(line, 0, "long layout: the header has no %q column (found %s)", r, strings.Join(header, ", "))
			}
		}
		if d, ok := roles["document"]; ok {
			rd.notes = append(rd.notes, fmt.Sprintf("long layout: an item is a %s and an %s (ids shown as document/item)",
				csvio.Quote(strings.TrimSpace(header[d])), csvio.Quote(strings.TrimSpace(header[roles["item"]]))))
		}
		taken := func(i int) bool { return i == roles["item"] || i == roles["coder"] || i == roles["value"] }
		by, err := rd.byColumns(header, taken)
		if err != nil {
			return layout, nil, rd.errorf(line, 0, "%w", err)
		}
		rd.by = by
		var extra []string
		for i, h := range header {
			used := slices.Contains(by, i)
			for _, c := range roles {
				used = used || c == i
			}
			if !used {
				extra = append(extra, csvio.Quote(strings.TrimSpace(h)))
			}
		}
		if len(extra) > 0 {
			rd.notes = append(rd.notes, fmt.Sprintf("long layout: %s %s not used by the coefficients (every row counts; --by COLUMN gives the results per value of a column)", plural.Noun(len(extra), "column"), strings.Join(extra, ", ")))
		}
	}
	return layout, roles, nil
}

// wideCoders returns the coder names of a wide header read on line line.
func (rd *reader) wideCoders(header []string, line int) ([]string, error) {
	if len(header) < 2 {
		return nil, rd.errorf(line, 0, "wide layout: the header has %s; want an item column and one column per coder", plural.Count(len(header), "column"))
	}
	rd.width = len(header)
	rd.idHeader = strings.TrimSpace(header[0])
	by, err := rd.byColumns(header, func(i int) bool { return i == 0 })
	if err != nil {
		return nil, rd.errorf(line, 0, "%w", err)
	}
	rd.by = by
	var names []string
	rd.fieldCoder = make([]int32, len(header))
	rd.fieldCoder[0] = -1
	seen := map[string]int{}
	for j, h := range header[1:] {
		if slices.Contains(by, j+1) {
			rd.fieldCoder[j+1] = -1
			continue
		}
		h = strings.TrimSpace(h)
		if h == "" {
			h = fmt.Sprintf("coder%d", j+1)
			rd.blank = append(rd.blank, len(names))
		}
		if first, dup := seen[h]; dup {
			return nil, rd.errorf(line, 0, "coder %s names columns %d and %d", csvio.Quote(h), first+2, j+2)
		}
		seen[h] = j
		rd.fieldCoder[j+1] = int32(len(names))
		rd.wideField = append(rd.wideField, j+1)
		names = append(names, h)
	}
	if len(names) == 0 {
		return nil, rd.errorf(line, 0, "wide layout: no coder column besides the item column and %s", strings.Join(rd.opt.By, ", "))
	}
	return names, nil
}

// trim is bytes.TrimSpace with a fast path for cells that start and end
// with a visible ASCII character (most of them).
func trim(b []byte) []byte {
	if n := len(b); n == 0 || (b[0] > ' ' && b[0] < 0x80 && b[n-1] > ' ' && b[n-1] < 0x80) {
		return b
	}
	return bytes.TrimSpace(b)
}

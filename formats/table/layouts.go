package table

import (
	"bytes"
	"io"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"agree/coding"
	"agree/internal/csvio"
	"agree/internal/limits"
	"agree/position"
)

// The layouts of the statistics literature, besides the items × coders
// tables (wide, long, columns).
const (
	// Transposed is Krippendorff's reliability data matrix, rows = coders
	// and columns = units, as his papers and the krippendorff package lay
	// the data out. When the first row's first cell is empty or names the
	// coder column (coder, annotator, rater, observer, judge), the first
	// row gives the units' ids and each row starts with its coder's name;
	// otherwise every cell is a value, the coders and units being numbered
	// from 1 (a matrix written by numpy.savetxt; give --na nan).
	Transposed Layout = iota + 100
	// Counts is a table of item × category counts, as Fleiss (1971) and
	// irrCAC's .dist functions take the data: a header naming the
	// categories, then one row per item with the number of coders who
	// chose each category (an empty cell is 0). When the first header
	// cell is empty (R's row names) or names the item column (item, unit,
	// subject, id, patient, case, document, text, sentence, or their
	// plurals), the first column holds the items' ids; otherwise items are
	// numbered from 1. The coders are anonymous: the data get as many
	// coders as the largest row total, an item's values being given to
	// coders 1, 2, … in column order, so the coefficients that need to know
	// who coded what (Cohen's κ, Conger's multi-κ, κ_w, α_κ, coder tables)
	// are not defined on them (see CodersAnonymous).
	Counts
	// Contingency is a two-coder square table: a header with the second
	// coder's categories (its first cell a corner label), then one row per
	// category of the first coder with the number of items coded so by
	// both. The coders are "A" (rows) and "B" (columns).
	Contingency
)

// parseLayout2 parses the layouts of this file.
func parseLayout2(s string) (Layout, bool) {
	switch strings.ToLower(s) {
	case "transposed":
		return Transposed, true
	case "counts":
		return Counts, true
	case "contingency":
		return Contingency, true
	}
	return 0, false
}

// layoutNames lists every layout for messages.
const layoutNames = "auto, wide, long, columns, transposed, counts or contingency"

// CodersAnonymous reports whether data read in a layout do not say which
// coder gave which value (Counts): the coefficients and tables that need
// coder identity are undefined on them.
func CodersAnonymous(l Layout) bool { return l == Counts }

// AnonymousReason is why the coders of a counts table are anonymous: the
// data it gives (coding.Data.SetAnonymousCoders) say it for the
// coefficients and tables that need coder identity.
const AnonymousReason = "needs to know which coder gave which value, and a counts table (the counts layout) does not say"

// readLayout reads the layouts of this file.
func (rd *reader) readLayout(r io.Reader) (*coding.Data, error) {
	name, opt := rd.name, rd.opt // after read's sepLine
	cnt := rd.newCounts()
	defer rd.addCounts(cnt)
	missing := func(v string) bool { return cnt.missing(rd.miss, []byte(v)) }
	data, err := limits.ReadAll(limits.Records(r, name, 1, 0), name, "file", limits.MaxFile, 0)
	if err != nil {
		if limits.IsLimit(err) {
			return nil, err
		}
		return nil, position.Errorf(name, 0, 0, "%w", err)
	}
	data = bytes.TrimPrefix(data, []byte("\ufeff"))
	sep := byte(',')
	if opt.Comma > 0 && opt.Comma < utf8.RuneSelf {
		sep = byte(opt.Comma)
	}
	if err := rd.textError(data, 1, sep); err != nil {
		return nil, err
	}
	cr := csvio.NewReader(bytes.NewReader(data), name)
	cr.SkipBlank = true
	if opt.Comma != 0 {
		cr.SetComma(opt.Comma)
	}
	var recs [][]string
	var lines []int
	for {
		rec, line, err := cr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
		for i := range rec {
			rec[i] = strings.TrimSpace(rec[i])
		}
		recs = append(recs, rec)
		lines = append(lines, line)
	}
	if len(recs) == 0 {
		return nil, position.Errorf(name, 0, 0, "empty file")
	}
	lr := layoutReader{name: name, opt: opt, recs: recs, lines: lines, missing: missing}
	switch opt.Layout {
	case Transposed:
		return lr.transposed()
	case Counts:
		return lr.counts()
	}
	return lr.contingency()
}

type layoutReader struct {
	name    string
	opt     Options
	recs    [][]string
	lines   []int
	missing func(string) bool
}

func (lr *layoutReader) errorf(r, col int, format string, args ...any) error {
	return position.Errorf(lr.name, lr.lines[r], col, format, args...)
}

func (lr *layoutReader) builder() (*coding.Builder, error) {
	b := coding.NewBuilder()
	b.SetSource(lr.name)
	if len(lr.opt.Categories) > 0 {
		if err := b.DeclareCategories(lr.opt.Categories, lr.opt.Closed); err != nil {
			return nil, position.Errorf(lr.name, 0, 0, "%w", err)
		}
	}
	return b, nil
}

// idColumnNames name the item column of a counts table.
var idColumnNames = []string{"item", "items", "unit", "units", "subject", "subjects", "id", "patient", "patients",
	"case", "cases", "document", "documents", "text", "texts", "sentence", "sentences"}

func oneOfNames(h string, names ...string) bool {
	h = strings.ToLower(strings.TrimPrefix(h, "\ufeff"))
	return h == "" || slices.Contains(names, h)
}

func (lr *layoutReader) transposed() (*coding.Data, error) {
	b, err := lr.builder()
	if err != nil {
		return nil, err
	}
	headed := oneOfNames(lr.recs[0][0], "coder", "coders", "annotator", "annotators", "rater", "raters", "observer", "observers", "judge", "judges")
	rows, first := lr.recs, 0
	width := len(rows[0])
	var units []string
	if headed {
		units = rows[0][1:]
		rows, first = rows[1:], 1
		if len(units) == 0 {
			return nil, lr.errorf(0, 0, "a header without units (want a coder column and one column per unit)")
		}
		for k, u := range units {
			if u == "" {
				return nil, lr.errorf(0, k+2, "an empty unit id in the header")
			}
		}
	} else {
		for k := range width {
			units = append(units, strconv.Itoa(k+1))
		}
	}
	items := make([]int, len(units))
	for k, u := range units {
		var isNew bool
		if items[k], isNew = b.AddItem(u); !isNew {
			return nil, lr.errorf(0, k+2, "unit %s appears twice in the header", csvio.Quote(u))
		}
	}
	if len(rows) == 0 {
		return nil, position.Errorf(lr.name, 0, 0, "no coder rows")
	}
	seen := map[string]bool{}
	for r, rec := range rows {
		ri := r + first
		if len(rec) != width {
			return nil, lr.errorf(ri, 0, "%d fields, want %d (as in the first row)", len(rec), width)
		}
		name, cells, off := strconv.Itoa(r+1), rec, 1
		if headed {
			name, cells, off = rec[0], rec[1:], 2
			if name == "" {
				return nil, lr.errorf(ri, 1, "an empty coder name")
			}
		}
		if seen[name] {
			return nil, lr.errorf(ri, 1, "coder %s has two rows", csvio.Quote(name))
		}
		seen[name] = true
		c := b.Coder(name)
		for k, v := range cells {
			if lr.missing(v) {
				continue
			}
			if err := b.Set(items[k], c, v, coding.Pos{Line: int32(lr.lines[ri]), Col: int32(k + off)}); err != nil {
				return nil, lr.errorf(ri, k+off, "%v", err)
			}
		}
	}
	return b.Build()
}

func (lr *layoutReader) counts() (*coding.Data, error) {
	header := lr.recs[0]
	idCol := oneOfNames(header[0], idColumnNames...)
	cats := header
	if idCol {
		cats = header[1:]
	}
	if len(cats) < 1 {
		return nil, lr.errorf(0, 0, "a header without categories")
	}
	for k, c := range cats {
		if c == "" {
			return nil, lr.errorf(0, k+1+b2i(idCol), "an empty category name in the header")
		}
		if slices.Contains(cats[:k], c) {
			return nil, lr.errorf(0, k+1+b2i(idCol), "category %s appears twice in the header", csvio.Quote(c))
		}
	}
	declared := cats
	if len(lr.opt.Categories) > 0 {
		for k, c := range cats {
			if !slices.Contains(lr.opt.Categories, c) {
				return nil, lr.errorf(0, k+1+b2i(idCol), "category %s is not among Options.Categories", csvio.Quote(c))
			}
		}
		declared = lr.opt.Categories
	}
	b := coding.NewBuilder()
	b.SetSource(lr.name)
	if err := b.DeclareCategories(declared, true); err != nil {
		return nil, position.Errorf(lr.name, 0, 0, "%w", err)
	}
	type row struct {
		id     string
		counts []int
		r      int
	}
	var rows []row
	maxTotal := 0
	for r := 1; r < len(lr.recs); r++ {
		rec := lr.recs[r]
		if len(rec) != len(header) {
			return nil, lr.errorf(r, 0, "%d fields, want %d (as in the header)", len(rec), len(header))
		}
		id, cells := strconv.Itoa(r), rec
		if idCol {
			id, cells = rec[0], rec[1:]
		}
		counts := make([]int, len(cells))
		total := 0
		for k, v := range cells {
			if v == "" {
				continue
			}
			n, err := strconv.Atoi(v)
			if err != nil || n < 0 || n > 1_000_000 {
				return nil, lr.errorf(r, k+1+b2i(idCol), "count %s is not a whole number from 0 to 1000000", csvio.Quote(v))
			}
			counts[k], total = n, total+n
		}
		maxTotal = max(maxTotal, total)
		rows = append(rows, row{id, counts, r})
	}
	if len(rows) == 0 {
		return nil, position.Errorf(lr.name, 0, 0, "no items")
	}
	for c := 1; c <= maxTotal; c++ {
		b.Coder(strconv.Itoa(c))
	}
	for _, rw := range rows {
		it, isNew := b.AddItem(rw.id)
		if !isNew {
			return nil, lr.errorf(rw.r, 1, "item %s appears on two rows", csvio.Quote(rw.id))
		}
		coder := 0
		for k, n := range rw.counts {
			for range n {
				if err := b.Set(it, coder, cats[k], coding.Pos{Line: int32(lr.lines[rw.r]), Col: int32(k + 1 + b2i(idCol))}); err != nil {
					return nil, lr.errorf(rw.r, k+1+b2i(idCol), "%v", err)
				}
				coder++
			}
		}
	}
	d, err := b.Build()
	if err != nil {
		return nil, err
	}
	d.SetAnonymousCoders(AnonymousReason)
	return d, nil
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

func (lr *layoutReader) contingency() (*coding.Data, error) {
	header := lr.recs[0]
	cols := header[1:]
	if len(cols) == 0 {
		return nil, lr.errorf(0, 0, "a header without the second coder's categories")
	}
	var rows []string
	var counts [][]int
	for r := 1; r < len(lr.recs); r++ {
		rec := lr.recs[r]
		if len(rec) != len(header) {
			return nil, lr.errorf(r, 0, "%d fields, want %d (a category and one count per column, as in the header)", len(rec), len(header))
		}
		if rec[0] == "" {
			return nil, lr.errorf(r, 1, "an empty category name")
		}
		if slices.Contains(rows, rec[0]) {
			return nil, lr.errorf(r, 1, "category %s has two rows", csvio.Quote(rec[0]))
		}
		row := make([]int, len(cols))
		for k, v := range rec[1:] {
			if v == "" {
				continue
			}
			n, err := strconv.Atoi(v)
			if err != nil || n < 0 || n > 10_000_000 {
				return nil, lr.errorf(r, k+2, "count %s is not a whole number from 0 to 10000000", csvio.Quote(v))
			}
			row[k] = n
		}
		rows = append(rows, rec[0])
		counts = append(counts, row)
	}
	if len(rows) == 0 {
		return nil, position.Errorf(lr.name, 0, 0, "no rows")
	}
	if lr.opt.Closed {
		for _, l := range append(slices.Clone(rows), cols...) {
			if !slices.Contains(lr.opt.Categories, l) {
				return nil, position.Errorf(lr.name, 0, 0, "category %s is not among Options.Categories", csvio.Quote(l))
			}
		}
	}
	d, err := coding.FromContingency(rows, cols, counts)
	if err != nil {
		return nil, position.Errorf(lr.name, 0, 0, "%w", err)
	}
	return d, nil
}

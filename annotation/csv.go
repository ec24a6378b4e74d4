package annotation

import (
	"bufio"
	"bytes"
	"cmp"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"

	"agree/internal/csvio"
	"agree/internal/plural"
	"agree/position"
)

// CSVHeader is the span CSV's fixed header; the optional columns follow in
// the order of CSVOptional, each written only when some span has it.
var CSVHeader = []string{"document", "annotator", "start", "end", "label"}

// CSVOptional are the optional columns of the span CSV, in their order.
var CSVOptional = []string{"layer", "chain", "part_of", "text"}

// WriteCSV writes the spans of c as the span CSV: the header, then one row
// per span in corpus order, one row per part for a discontinuous span (the
// parts share an id in part_of: the span's ID, or "s" and its index when it
// has none). The text column holds each part's covered text: from the
// document text when there is one, else what the file gave. Offsets are
// written in full (no exponent). Document labels and relations are not
// part of the span CSV (see WriteJSONL).
func WriteCSV(w io.Writer, c *Corpus) error {
	var has [4]bool // layer, chain, part_of, text
	for i := range c.Spans {
		s := &c.Spans[i]
		has[0] = has[0] || s.Layer != ""
		has[1] = has[1] || s.Chain != ""
		has[2] = has[2] || len(s.Parts) > 0
		has[3] = has[3] || s.Text != "" || c.Documents[s.Doc].HasText
	}
	bw := bufio.NewWriter(w)
	row := append([]string(nil), CSVHeader...)
	for k, name := range CSVOptional {
		if has[k] {
			row = append(row, name)
		}
	}
	writeRow(bw, row)
	offs := make(map[int]*Offsets)
	for i := range c.Spans {
		s := &c.Spans[i]
		doc := &c.Documents[s.Doc]
		for _, p := range s.PartsOrSelf() {
			row = append(row[:0], doc.Name, c.Annotators[s.Annotator], formatOffset(p.Start), formatOffset(p.End), s.Label)
			if has[0] {
				row = append(row, s.Layer)
			}
			if has[1] {
				row = append(row, s.Chain)
			}
			if has[2] {
				id := ""
				if len(s.Parts) > 0 {
					id = s.ID
					if id == "" {
						id = "s" + strconv.Itoa(i)
					}
				}
				row = append(row, id)
			}
			if has[3] {
				text := s.Text
				if doc.HasText && !doc.Time {
					o := offs[s.Doc]
					if o == nil {
						var err error
						if o, err = NewOffsets(doc.Text, CodePoint); err != nil {
							return err
						}
						offs[s.Doc] = o
					}
					text = o.Text(int(p.Start), int(p.End))
				} else if len(s.Parts) > 0 {
					text = ""
				}
				row = append(row, text)
			}
			writeRow(bw, row)
		}
	}
	return bw.Flush()
}

// formatOffset writes x in full decimal notation with the fewest digits
// that read back to x.
func formatOffset(x float64) string { return strconv.FormatFloat(x, 'f', -1, 64) }

// writeRow writes one CSV record, quoting fields that need it, including
// fields starting with '#' (the readers take such lines for comments).
func writeRow(w *bufio.Writer, row []string) {
	for i, f := range row {
		if i > 0 {
			w.WriteByte(',')
		}
		if f == "" || !(strings.ContainsAny(f, ",\"\r\n") || f[0] == '#' || f[0] == ' ' || f[0] == '\t') {
			w.WriteString(f)
			continue
		}
		w.WriteByte('"')
		w.WriteString(strings.ReplaceAll(f, `"`, `""`))
		w.WriteByte('"')
	}
	w.WriteByte('\n')
}

// IsSpanCSVHeader reports whether a CSV header row is the span CSV's: it
// names document, annotator, start, end and label (in any order, any case).
func IsSpanCSVHeader(rec []string) bool {
	seen := 0
	for _, f := range rec {
		for k, name := range CSVHeader {
			if strings.EqualFold(strings.TrimSpace(strings.TrimPrefix(f, "\ufeff")), name) {
				seen |= 1 << k
			}
		}
	}
	return seen == 1<<len(CSVHeader)-1
}

// ReadCSV reads a span CSV (see WriteCSV). The header must name the
// columns document, annotator, start, end and label; layer, chain, part_of
// and text are optional; the columns may come in any order; another column
// is an error naming it. Rows sharing a part_of id (within a document and
// annotator, with the same label, layer and chain) are the parts of one
// discontinuous span. Offsets that are all whole numbers are read as text
// offsets (code points); a document with a fractional offset is a time
// continuum (seconds). Errors name the file, line and column.
func ReadCSV(r io.Reader, name string) (*Corpus, error) {
	return readCSV(r, name, 0)
}

// ReadCSVBytes is ReadCSV on a file already in memory; it sizes the spans
// from the number of lines, so that a large file's spans are allocated
// once (not grown and copied).
func ReadCSVBytes(data []byte, name string) (*Corpus, error) {
	return readCSV(bytes.NewReader(data), name, bytes.Count(data, []byte{'\n'}))
}

func readCSV(r io.Reader, name string, rows int) (*Corpus, error) {
	cr := csvio.NewReader(r, name)
	cr.SkipBlank = true
	rec, line, err := cr.Next()
	if err == io.EOF {
		return nil, fmt.Errorf("%s: empty file (want a header %s)", name, strings.Join(CSVHeader, ","))
	}
	if err != nil {
		return nil, err
	}
	col := map[string]int{}
	for i, f := range rec {
		f = strings.ToLower(strings.TrimSpace(strings.TrimPrefix(f, "\ufeff")))
		known := false
		for _, n := range append(append([]string(nil), CSVHeader...), CSVOptional...) {
			known = known || f == n
		}
		if !known {
			_, cn := cr.FieldPos(i)
			return nil, position.Errorf(name, line, cn, "unknown column %q (the span CSV has %s, then optionally %s)", f, strings.Join(CSVHeader, ","), strings.Join(CSVOptional, ","))
		}
		if _, dup := col[f]; dup {
			_, cn := cr.FieldPos(i)
			return nil, position.Errorf(name, line, cn, "column %q appears twice", f)
		}
		col[f] = i
	}
	for _, n := range CSVHeader {
		if _, ok := col[n]; !ok {
			return nil, position.Errorf(name, line, 0, "the header has no %q column (want %s)", n, strings.Join(CSVHeader, ","))
		}
	}
	// The column of each name, -1 when absent: resolved once, not per row.
	index := func(n string) int {
		if i, ok := col[n]; ok {
			return i
		}
		return -1
	}
	iDoc, iAnn, iStart, iEnd, iLabel := index("document"), index("annotator"), index("start"), index("end"), index("label")
	iLayer, iChain, iPart, iText := index("layer"), index("chain"), index("part_of"), index("text")
	get := func(rec []string, i int) string {
		if i >= 0 && i < len(rec) {
			return rec[i]
		}
		return ""
	}
	// Records are read into one slice (the fields are strings of their own,
	// which the spans keep when they need them).
	cr.ReuseRecord()
	c := &Corpus{Spans: make([]Span, 0, rows)}
	// Labels, layers and chains are few: one string each, not a reference
	// into every record (which would keep the records alive).
	interned := map[string]string{}
	intern := func(x string) string {
		if x == "" {
			return ""
		}
		if y, ok := interned[x]; ok {
			return y
		}
		x = strings.Clone(x)
		interned[x] = x
		return x
	}
	type key struct {
		doc, ann int
		id       string
	}
	parts := map[key]int{} // part_of id → span index
	// partLines[i]: the lines of span i's parts, parallel to its Parts
	partLines := map[int][]int{}
	fractional := map[int]bool{}
	var lastDoc, lastAnn struct {
		name string
		id   int
	}
	for {
		rec, line, err := cr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
		if len(rec) != len(col) {
			return nil, position.Errorf(name, line, 0, "%s; the header has %d", plural.Count(len(rec), "field"), len(col))
		}
		pos := Pos{File: name, Line: line}
		docName, annName := strings.TrimSpace(get(rec, iDoc)), strings.TrimSpace(get(rec, iAnn))
		for _, f := range [...]struct {
			v, n string
			i    int
		}{{docName, "document", iDoc}, {annName, "annotator", iAnn}} {
			if f.v == "" {
				_, cn := cr.FieldPos(f.i)
				return nil, position.Errorf(name, line, cn, "empty %s", f.n)
			}
		}
		var b [2]float64
		for k, i := range [2]int{iStart, iEnd} {
			v, err := ParseOffset(get(rec, i))
			if err != nil {
				_, cn := cr.FieldPos(i)
				return nil, position.Errorf(name, line, cn, "%s %w", [2]string{"start", "end"}[k], err)
			}
			b[k] = v
		}
		if err := CheckBounds(b[0], b[1], true); err != nil {
			return nil, pos.Errorf("%w", err)
		}
		// rows come grouped by document, often by annotator: the last
		// names looked up are kept
		if docName != lastDoc.name {
			lastDoc.name, lastDoc.id = docName, c.Document(docName)
		}
		if annName != lastAnn.name {
			lastAnn.name, lastAnn.id = annName, c.Annotator(annName)
		}
		d, a := lastDoc.id, lastAnn.id
		if b[0] != math.Trunc(b[0]) || b[1] != math.Trunc(b[1]) {
			fractional[d] = true
		}
		s := Span{Doc: d, Annotator: a, Start: b[0], End: b[1], Label: intern(get(rec, iLabel)),
			Layer: intern(get(rec, iLayer)), Chain: intern(get(rec, iChain)), Text: get(rec, iText), Pos: pos}
		id := get(rec, iPart)
		if id == "" {
			c.Spans = append(c.Spans, s)
			continue
		}
		k := key{d, a, id}
		j, ok := parts[k]
		if !ok {
			s.ID = id
			parts[k] = len(c.Spans)
			c.Spans = append(c.Spans, s)
			continue
		}
		prev := &c.Spans[j]
		if prev.Label != s.Label || prev.Layer != s.Layer || prev.Chain != s.Chain {
			return nil, pos.Errorf("part of span %q has another label, layer or chain than its first part (%v)", id, prev.Pos)
		}
		if len(prev.Parts) == 0 {
			prev.Parts = []Part{{prev.Start, prev.End}}
			partLines[j] = []int{prev.Pos.Line}
		}
		// the parts of a span must not overlap (taken in order of start,
		// a part given earlier first): this row is the one that does
		for x, p := range prev.Parts {
			first, second := p, Part{s.Start, s.End}
			if second.Start < first.Start {
				first, second = second, first
			}
			if second.Start < first.End {
				return nil, pos.Errorf("part [%v, %v) of span %q overlaps its part [%v, %v) of line %d (the parts of a discontinuous span must not overlap)", s.Start, s.End, id, p.Start, p.End, partLines[j][x])
			}
		}
		prev.Parts = append(prev.Parts, Part{s.Start, s.End})
		partLines[j] = append(partLines[j], line)
		if s.Text != "" {
			prev.Text += " " + s.Text
		}
	}
	for d := range c.Documents {
		c.Documents[d].Time = fractional[d]
	}
	// Text offsets are whole numbers up to 2^53, checked part by part at
	// the part's own line.
	for i := range c.Spans {
		s := &c.Spans[i]
		if fractional[s.Doc] {
			continue
		}
		for x, p := range s.PartsOrSelf() {
			if err := CheckBounds(p.Start, p.End, false); err != nil {
				at := s.Pos
				if lines := partLines[i]; lines != nil {
					at.Line = lines[x]
				}
				return nil, at.Errorf("%w", err)
			}
		}
	}
	for i := range c.Spans {
		s := &c.Spans[i]
		if len(s.Parts) == 0 {
			continue
		}
		sortParts(s.Parts)
		s.Start, s.End = s.Parts[0].Start, s.Parts[len(s.Parts)-1].End
	}
	if len(c.Spans) == 0 {
		return nil, fmt.Errorf("%s: no spans (only a header)", name)
	}
	return c, c.Validate()
}

func sortParts(p []Part) {
	slices.SortStableFunc(p, func(a, b Part) int { return cmp.Compare(a.Start, b.Start) })
}

// truncate shortens a value quoted in a message to at most 60 characters.
func truncate(s string) string {
	const limit = 60
	if len(s) <= limit {
		return s
	}
	cut := limit
	for cut > 0 && !utf8RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + fmt.Sprintf("… (%d bytes)", len(s))
}

func utf8RuneStart(b byte) bool { return b&0xC0 != 0x80 }

package segeval

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"agree/internal/csvio"
	"agree/internal/limits"
	"agree/internal/plural"
	"agree/position"
	"agree/segmentation"
)

// Format is an input layout.
type Format int

// The layouts Read understands.
const (
	// Auto picks JSON when the first non-blank byte is '{', CSV otherwise.
	Auto Format = iota
	JSON
	CSV
)

// ParseFormat parses auto, json or csv.
func ParseFormat(s string) (Format, error) {
	switch strings.ToLower(s) {
	case "", "auto":
		return Auto, nil
	case "json":
		return JSON, nil
	case "csv":
		return CSV, nil
	}
	return Auto, fmt.Errorf("unknown input format %q (want auto, json or csv)", s)
}

// Read reads a dataset in layout f from r; name (usually the file name) is
// used in error messages.
func Read(r io.Reader, name string, f Format) (*segmentation.Dataset, error) {
	data, err := limits.ReadAll(r, name, "file", limits.MaxFile, 0)
	if err != nil {
		if limits.IsLimit(err) {
			return nil, err // it names the file
		}
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if f == Auto {
		f = CSV
		if t := bytes.TrimLeft(data, " \t\r\n\ufeff"); len(t) > 0 && t[0] == '{' {
			f = JSON
		}
	}
	if f == JSON {
		return parseJSON(data, name)
	}
	return parseCSV(data, name)
}

// ReadJSON reads SegEval's JSON dataset layout (see the package doc).
func ReadJSON(r io.Reader, name string) (*segmentation.Dataset, error) { return Read(r, name, JSON) }

// ReadCSV reads the CSV long layout (see the package doc).
func ReadCSV(r io.Reader, name string) (*segmentation.Dataset, error) { return Read(r, name, CSV) }

// builder collects segmentations and checks them with file positions.
type builder struct {
	name    string
	d       segmentation.Dataset
	itemPos map[string][2]int // item → line, column of its first appearance
	first   map[string]string // item → first coder
}

func newBuilder(name string) *builder {
	return &builder{name: name, itemPos: map[string][2]int{}, first: map[string]string{}}
}

func (b *builder) errorf(line, col int, format string, args ...any) error {
	return position.Errorf(b.name, line, col, format, args...)
}

func (b *builder) add(item, coder string, s segmentation.Segmentation, line, col int) error {
	if _, ok := b.first[item]; !ok {
		b.first[item] = coder
		if _, ok := b.itemPos[item]; !ok {
			b.itemPos[item] = [2]int{line, col}
		}
	} else if f, ok := b.d.Get(item, b.first[item]); ok && f.Units() != s.Units() {
		return b.errorf(line, col, "item %s: coder %s has %d units but coder %s has %d (segmentations of an item must have equal total mass)",
			csvio.Quote(item), csvio.Quote(coder), s.Units(), csvio.Quote(b.first[item]), f.Units())
	}
	if _, dup := b.d.Get(item, coder); dup {
		return b.errorf(line, col, "item %s: coder %s appears twice", csvio.Quote(item), csvio.Quote(coder))
	}
	if err := b.d.Add(item, coder, s); err != nil {
		return b.errorf(line, col, "%v", err)
	}
	return nil
}

// finish returns the dataset, refusing an empty one. Coders need not
// segment every item (segmentation.Dataset.Validate).
func (b *builder) finish() (*segmentation.Dataset, error) {
	if len(b.d.Items()) == 0 {
		return nil, fmt.Errorf("%s: no segmentation (empty dataset)", b.name)
	}
	return &b.d, nil
}

// ---------------------------------------------------------------------------
// JSON

type jsonReader struct {
	*builder
	data []byte
	dec  *json.Decoder
	at   cursor // the position of the last token, advanced incrementally
}

// cursor is a byte offset with its 1-based line and rune column. Tokens
// come in increasing offsets, so each position is found from the previous
// one by scanning only the bytes between them: reading is linear in the
// input, not quadratic (issue 13; a file on one line is the worst case of
// recounting from the start or from the line start).
type cursor struct {
	off       int64
	line, col int
}

// pos returns the line and column of offset off, moving the cursor there
// when off is not before it (and computing from the start otherwise).
func (jr *jsonReader) pos(off int64) (int, int) {
	off = min(max(off, 0), int64(len(jr.data)))
	c := &jr.at
	if c.line == 0 {
		*c = cursor{line: 1, col: 1}
	}
	if off < c.off {
		return lineCol(jr.data, off)
	}
	seg := jr.data[c.off:off]
	if nl := bytes.LastIndexByte(seg, '\n'); nl >= 0 {
		c.line += bytes.Count(seg, []byte{'\n'})
		c.col = 1
		seg = seg[nl+1:]
	}
	c.col += utf8.RuneCount(seg)
	c.off = off
	return c.line, c.col
}

// lineCol converts a byte offset into a 1-based line and column (in runes).
func lineCol(data []byte, off int64) (int, int) {
	if off > int64(len(data)) {
		off = int64(len(data))
	}
	if off < 0 {
		off = 0
	}
	pre := data[:off]
	line := bytes.Count(pre, []byte{'\n'}) + 1
	start := bytes.LastIndexByte(pre, '\n') + 1
	return line, utf8.RuneCount(pre[start:]) + 1
}

// tokenStart returns the offset where the next token begins.
func (jr *jsonReader) tokenStart() int64 {
	off := jr.dec.InputOffset()
	for off < int64(len(jr.data)) {
		switch jr.data[off] {
		case ' ', '\t', '\r', '\n', ',', ':':
			off++
			continue
		}
		break
	}
	return off
}

// token reads the next token, returning its start line and column.
func (jr *jsonReader) token() (json.Token, int, int, error) {
	off := jr.tokenStart()
	line, col := jr.pos(off)
	tok, err := jr.dec.Token()
	if err != nil {
		var se *json.SyntaxError
		switch {
		case errors.As(err, &se):
			l, c := lineCol(jr.data, se.Offset)
			return nil, 0, 0, jr.errorf(l, c, "invalid JSON: %v", se)
		case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
			l, c := lineCol(jr.data, int64(len(jr.data)))
			return nil, 0, 0, jr.errorf(l, c, "unexpected end of JSON input")
		default:
			return nil, 0, 0, jr.errorf(line, col, "invalid JSON: %v", err)
		}
	}
	return tok, line, col, nil
}

func (jr *jsonReader) expectDelim(d json.Delim, what string) (int, int, error) {
	tok, line, col, err := jr.token()
	if err != nil {
		return 0, 0, err
	}
	if tok != d {
		return 0, 0, jr.errorf(line, col, "%s: want %q, found %s", what, string(d), describe(tok))
	}
	return line, col, nil
}

func describe(tok json.Token) string {
	switch v := tok.(type) {
	case json.Delim:
		return fmt.Sprintf("%q", string(v))
	case string:
		return "string " + csvio.Quote(v)
	case json.Number:
		return "number " + v.String()
	case bool:
		return fmt.Sprintf("%v", v)
	case nil:
		return "null"
	}
	return fmt.Sprintf("%v", tok)
}

// skipValue skips one value whose first token has been read.
func (jr *jsonReader) skipValue(tok json.Token) error {
	d, ok := tok.(json.Delim)
	if !ok || (d != '{' && d != '[') {
		return nil
	}
	depth := 1
	for depth > 0 {
		t, _, _, err := jr.token()
		if err != nil {
			return err
		}
		if d, ok := t.(json.Delim); ok {
			if d == '{' || d == '[' {
				depth++
			} else {
				depth--
			}
		}
	}
	return nil
}

// boundaryFormat is the representation of each coder's value.
type boundaryFormat int

const (
	fmtMass boundaryFormat = iota
	fmtPosition
	fmtSets
	fmtNLTK
)

func parseBoundaryFormat(s string) (boundaryFormat, bool) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "", "mass", "masses":
		return fmtMass, true
	case "position", "positions":
		return fmtPosition, true
	case "sets", "set":
		return fmtSets, true
	case "nltk", "boundaries", "boundary_string":
		return fmtNLTK, true
	}
	return 0, false
}

func parseJSON(data []byte, name string) (*segmentation.Dataset, error) {
	jr := &jsonReader{builder: newBuilder(name), data: data}
	// A first pass finds "boundary_format", which may follow "items".
	bf := fmtMass
	var head struct {
		BoundaryFormat   *string `json:"boundary_format"`
		SegmentationType *string `json:"segmentation_type"`
	}
	if err := json.Unmarshal(data, &head); err == nil {
		if head.BoundaryFormat != nil {
			f, ok := parseBoundaryFormat(*head.BoundaryFormat)
			if !ok {
				line, col := jr.keyPos("boundary_format")
				return nil, jr.errorf(line, col, "boundary_format %s: want mass, position, sets or nltk", csvio.Quote(*head.BoundaryFormat))
			}
			bf = f
		}
		if head.SegmentationType != nil && *head.SegmentationType != "linear" {
			line, col := jr.keyPos("segmentation_type")
			return nil, jr.errorf(line, col, "segmentation_type %s: only linear segmentations are supported", csvio.Quote(*head.SegmentationType))
		}
	}
	jr.dec = json.NewDecoder(bytes.NewReader(data))
	jr.dec.UseNumber()
	if _, _, err := jr.expectDelim('{', "top level"); err != nil {
		return nil, err
	}
	sawItems := false
	for jr.dec.More() {
		tok, line, col, err := jr.token()
		if err != nil {
			return nil, err
		}
		key, _ := tok.(string)
		if key == "items" {
			if sawItems {
				return nil, jr.errorf(line, col, `"items" appears twice`)
			}
			sawItems = true
			if err := jr.items(bf); err != nil {
				return nil, err
			}
			continue
		}
		v, _, _, err := jr.token()
		if err != nil {
			return nil, err
		}
		if err := jr.skipValue(v); err != nil {
			return nil, err
		}
	}
	if _, _, err := jr.expectDelim('}', "top level"); err != nil {
		return nil, err
	}
	if off := jr.tokenStart(); off < int64(len(data)) {
		l, c := lineCol(data, off)
		return nil, jr.errorf(l, c, "unexpected data after the top-level object")
	}
	if !sawItems {
		return nil, fmt.Errorf(`%s: no "items" object; want {"items": {"doc1": {"coderA": [2,3,6], …}}}`, name)
	}
	return jr.finish()
}

// keyPos finds the position of a top-level key for error messages (best
// effort: the first occurrence of the quoted key).
func (jr *jsonReader) keyPos(key string) (int, int) {
	i := bytes.Index(jr.data, []byte(strconv.Quote(key)))
	if i < 0 {
		return 1, 1
	}
	return lineCol(jr.data, int64(i))
}

func (jr *jsonReader) items(bf boundaryFormat) error {
	if _, _, err := jr.expectDelim('{', `"items"`); err != nil {
		return err
	}
	seen := map[string]bool{}
	for jr.dec.More() {
		tok, line, col, err := jr.token()
		if err != nil {
			return err
		}
		item, ok := tok.(string)
		if !ok {
			return jr.errorf(line, col, "want an item name, found %s", describe(tok))
		}
		if seen[item] {
			return jr.errorf(line, col, "item %s appears twice", csvio.Quote(item))
		}
		seen[item] = true
		jr.itemPos[item] = [2]int{line, col}
		if _, _, err := jr.expectDelim('{', "item "+csvio.Quote(item)); err != nil {
			return err
		}
		for jr.dec.More() {
			tok, line, col, err := jr.token()
			if err != nil {
				return err
			}
			coder, ok := tok.(string)
			if !ok {
				return jr.errorf(line, col, "item %s: want a coder name, found %s", csvio.Quote(item), describe(tok))
			}
			s, err := jr.segmentation(bf, item, coder)
			if err != nil {
				return err
			}
			if err := jr.add(item, coder, s, line, col); err != nil {
				return err
			}
		}
		if _, _, err := jr.expectDelim('}', "item "+csvio.Quote(item)); err != nil {
			return err
		}
	}
	_, _, err := jr.expectDelim('}', `"items"`)
	return err
}

// segmentation reads one coder's value.
func (jr *jsonReader) segmentation(bf boundaryFormat, item, coder string) (segmentation.Segmentation, error) {
	where := fmt.Sprintf("item %s, coder %s", csvio.Quote(item), csvio.Quote(coder))
	tok, line, col, err := jr.token()
	if err != nil {
		return segmentation.Segmentation{}, err
	}
	if bf == fmtNLTK {
		str, ok := tok.(string)
		if !ok {
			return segmentation.Segmentation{}, jr.errorf(line, col, "%s: want a boundary string such as \"0100100000\", found %s", where, describe(tok))
		}
		s, err := segmentation.FromBoundaryString(str)
		if err != nil {
			return s, jr.errorf(line, col, "%s: %v", where, err)
		}
		return s, nil
	}
	if tok != json.Delim('[') {
		return segmentation.Segmentation{}, jr.errorf(line, col, "%s: want an array of %s, found %s", where, bfNoun(bf), describe(tok))
	}
	var ints []int
	var sets [][]int
	for jr.dec.More() {
		if bf == fmtSets {
			t, l, c, err := jr.token()
			if err != nil {
				return segmentation.Segmentation{}, err
			}
			if t != json.Delim('[') {
				return segmentation.Segmentation{}, jr.errorf(l, c, "%s: slot %d: want an array of boundary types, found %s", where, len(sets), describe(t))
			}
			var set []int
			for jr.dec.More() {
				v, err := jr.integer(where, "boundary type")
				if err != nil {
					return segmentation.Segmentation{}, err
				}
				set = append(set, v)
			}
			if _, _, err := jr.expectDelim(']', where); err != nil {
				return segmentation.Segmentation{}, err
			}
			sets = append(sets, set)
			continue
		}
		noun := "mass"
		if bf == fmtPosition {
			noun = "position label"
		}
		off := jr.tokenStart()
		v, err := jr.integer(where, noun)
		if err != nil {
			return segmentation.Segmentation{}, err
		}
		if bf == fmtMass && v <= 0 {
			l, c := lineCol(jr.data, off)
			return segmentation.Segmentation{}, jr.errorf(l, c, "%s: mass %d must be a positive integer", where, v)
		}
		ints = append(ints, v)
	}
	if _, _, err := jr.expectDelim(']', where); err != nil {
		return segmentation.Segmentation{}, err
	}
	var s segmentation.Segmentation
	switch bf {
	case fmtMass:
		s, err = segmentation.FromMasses(ints)
	case fmtPosition:
		s, err = segmentation.FromPositions(ints)
	case fmtSets:
		s, err = segmentation.FromSets(sets)
	}
	if err != nil {
		return s, jr.errorf(line, col, "%s: %v", where, err)
	}
	return s, nil
}

func bfNoun(bf boundaryFormat) string {
	switch bf {
	case fmtPosition:
		return "position labels"
	case fmtSets:
		return "sets of boundary types"
	}
	return "masses (segment lengths)"
}

// integer reads a JSON number that must be an integer.
func (jr *jsonReader) integer(where, noun string) (int, error) {
	tok, line, col, err := jr.token()
	if err != nil {
		return 0, err
	}
	num, ok := tok.(json.Number)
	if !ok {
		return 0, jr.errorf(line, col, "%s: want a %s (an integer), found %s", where, noun, describe(tok))
	}
	v, err := strconv.ParseInt(num.String(), 10, 32)
	if err != nil {
		return 0, jr.errorf(line, col, "%s: %s %s is not an integer in range", where, noun, num)
	}
	return int(v), nil
}

// ---------------------------------------------------------------------------
// CSV

func parseCSV(data []byte, name string) (*segmentation.Dataset, error) {
	b := newBuilder(name)
	cr := csvio.NewReader(bytes.NewReader(data), name)
	cr.SkipBlank = true
	bf := fmtMass
	first := true
	for {
		rec, line, err := cr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
		if first {
			first = false
			if strings.EqualFold(strings.TrimSpace(rec[0]), "item") {
				if len(rec) != 3 {
					return nil, b.errorf(line, 0, "header has %d columns; want item,coder,<masses|positions|boundaries>", len(rec))
				}
				f, ok := parseBoundaryFormat(rec[2])
				if !ok || f == fmtSets {
					_, c := cr.FieldPos(2)
					return nil, b.errorf(line, c, "header column 3 %s: want masses, positions or boundaries", csvio.Quote(rec[2]))
				}
				bf = f
				continue
			}
		}
		if len(rec) < 3 {
			return nil, b.errorf(line, 0, "%s; want item,coder,%s", plural.Count(len(rec), "field"), csvNoun(bf))
		}
		item, coder := strings.TrimSpace(rec[0]), strings.TrimSpace(rec[1])
		if item == "" {
			_, c := cr.FieldPos(0)
			return nil, b.errorf(line, c, "empty item name")
		}
		if coder == "" {
			_, c := cr.FieldPos(1)
			return nil, b.errorf(line, c, "empty coder name")
		}
		where := fmt.Sprintf("item %s, coder %s", csvio.Quote(item), csvio.Quote(coder))
		_, col3 := cr.FieldPos(2)
		var s segmentation.Segmentation
		if bf == fmtNLTK {
			if len(rec) != 3 {
				return nil, b.errorf(line, 0, "%d fields; want item,coder,boundaries", len(rec))
			}
			s, err = segmentation.FromBoundaryString(strings.TrimSpace(rec[2]))
			if err != nil {
				return nil, b.errorf(line, col3, "%s: %v", where, err)
			}
		} else {
			var ints []int
			for f := 2; f < len(rec); f++ {
				fl, fc := cr.FieldPos(f)
				for _, w := range wordsWithOffsets(rec[f]) {
					v, err := strconv.ParseInt(w.s, 10, 32)
					col := fc + w.off
					if fl != line {
						col = 0 // a quoted field spanning lines: no reliable column
					}
					if err != nil {
						return nil, b.errorf(fl, col, "%s: %s is not an integer %s", where, csvio.Quote(w.s), csvNoun(bf))
					}
					if bf == fmtMass && v <= 0 {
						return nil, b.errorf(fl, col, "%s: mass %d must be a positive integer", where, v)
					}
					ints = append(ints, int(v))
				}
			}
			if len(ints) == 0 {
				return nil, b.errorf(line, col3, "%s: no %s", where, csvNoun(bf))
			}
			if bf == fmtMass {
				s, err = segmentation.FromMasses(ints)
			} else {
				s, err = segmentation.FromPositions(ints)
			}
			if err != nil {
				return nil, b.errorf(line, col3, "%s: %v", where, err)
			}
		}
		if err := b.add(item, coder, s, line, 1); err != nil {
			return nil, err
		}
	}
	return b.finish()
}

func csvNoun(bf boundaryFormat) string {
	switch bf {
	case fmtPosition:
		return "positions"
	case fmtNLTK:
		return "boundaries"
	}
	return "masses"
}

type word struct {
	s   string
	off int // byte offset in the field
}

// wordsWithOffsets splits a field on blanks, keeping each word's offset.
func wordsWithOffsets(f string) []word {
	var out []word
	start := -1
	for i := 0; i <= len(f); i++ {
		blank := i == len(f) || f[i] == ' ' || f[i] == '\t' || f[i] == '\n' || f[i] == '\r'
		switch {
		case blank && start >= 0:
			out = append(out, word{f[start:i], start})
			start = -1
		case !blank && start < 0:
			start = i
		}
	}
	return out
}

package annotation

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"strconv"

	"agree/internal/jsonerr"
	"agree/internal/jsonx"
	"agree/position"
)

// jsonRecord is one line of the JSONL form: its "type" says which fields
// are used. Keys are stable.
type jsonRecord struct {
	Type        string            `json:"type"` // annotator, document, span, label, relation, note
	Document    string            `json:"document,omitempty"`
	Text        *string           `json:"text,omitempty"`
	Time        bool              `json:"time,omitempty"`
	AnnotatedBy []string          `json:"annotated_by,omitempty"`
	Tokens      [][2]int          `json:"tokens,omitempty"`
	Extent      *[2]float64       `json:"extent,omitempty"`
	Annotator   string            `json:"annotator,omitempty"`
	ID          string            `json:"id,omitempty"`
	Start       *float64          `json:"start,omitempty"`
	End         *float64          `json:"end,omitempty"`
	Parts       [][2]float64      `json:"parts,omitempty"`
	Label       *string           `json:"label,omitempty"`
	Layer       string            `json:"layer,omitempty"`
	Chain       string            `json:"chain,omitempty"`
	Attributes  map[string]string `json:"attributes,omitempty"`
	Item        string            `json:"item,omitempty"`
	Value       *string           `json:"value,omitempty"`
	Source      string            `json:"source,omitempty"`
	Target      string            `json:"target,omitempty"`
	Relation    string            `json:"relation,omitempty"`
	Note        string            `json:"note,omitempty"`
}

// WriteJSONL writes the whole corpus, one JSON object per line: first the
// annotators in order ({"type":"annotator","annotator"}), then the
// documents ({"type":"document","document","text","time","annotated_by",
// "tokens","extent"}), then the spans ({"type":"span","document","annotator","id",
// "start","end","parts","label","layer","chain","attributes","text"}), the
// document labels ({"type":"label","document","annotator","layer","item","value"}),
// the relations ({"type":"relation","document","annotator","source",
// "target","relation","layer"}, source and target being span ids; a span without an
// id that a relation needs is given "#" and its index) and the notes
// ({"type":"note","note"}). ReadJSONL reads it back.
func WriteJSONL(w io.Writer, c *Corpus) error {
	bw := bufio.NewWriter(w)
	enc := json.NewEncoder(bw)
	enc.SetEscapeHTML(false)
	for _, a := range c.Annotators {
		if err := enc.Encode(jsonRecord{Type: "annotator", Annotator: a}); err != nil {
			return err
		}
	}
	for _, d := range c.Documents {
		r := jsonRecord{Type: "document", Document: d.Name, Time: d.Time}
		if d.HasText {
			r.Text = &d.Text
		}
		for _, a := range d.AnnotatedBy {
			r.AnnotatedBy = append(r.AnnotatedBy, c.Annotators[a])
		}
		for _, t := range d.Tokens {
			r.Tokens = append(r.Tokens, [2]int{t.Start, t.End})
		}
		if d.Extent != ([2]float64{}) {
			r.Extent = &d.Extent
		}
		if err := enc.Encode(r); err != nil {
			return err
		}
	}
	ids := make([]string, len(c.Spans))
	for i := range c.Spans {
		ids[i] = c.Spans[i].ID
	}
	for _, r := range c.Relations {
		for _, e := range []int{r.Source, r.Target} {
			if ids[e] == "" {
				ids[e] = "#" + strconv.Itoa(e)
			}
		}
	}
	for i := range c.Spans {
		s := &c.Spans[i]
		r := jsonRecord{Type: "span", Document: c.Documents[s.Doc].Name, Annotator: c.Annotators[s.Annotator],
			ID: ids[i], Start: &s.Start, End: &s.End, Label: &s.Label, Layer: s.Layer, Chain: s.Chain, Attributes: s.Attrs}
		for _, p := range s.Parts {
			r.Parts = append(r.Parts, [2]float64{p.Start, p.End})
		}
		if s.Text != "" {
			r.Text = &s.Text
		}
		if err := enc.Encode(r); err != nil {
			return err
		}
	}
	for _, l := range c.Labels {
		r := jsonRecord{Type: "label", Document: c.Documents[l.Doc].Name, Annotator: c.Annotators[l.Annotator], Layer: l.Layer, Item: l.Item, Value: &l.Value}
		if err := enc.Encode(r); err != nil {
			return err
		}
	}
	for _, rel := range c.Relations {
		r := jsonRecord{Type: "relation", Document: c.Documents[rel.Doc].Name, Annotator: c.Annotators[rel.Annotator],
			Source: ids[rel.Source], Target: ids[rel.Target], Relation: rel.Type, Layer: rel.Layer}
		if err := enc.Encode(r); err != nil {
			return err
		}
	}
	for _, n := range c.Notes {
		if err := enc.Encode(jsonRecord{Type: "note", Note: n}); err != nil {
			return err
		}
	}
	return bw.Flush()
}

// ReadJSONL reads the JSONL form written by WriteJSONL. Errors name the
// file and line, and the column of a malformed or mistyped value (a
// record with a document's text can be a long line).
func ReadJSONL(r io.Reader, name string) (*Corpus, error) {
	return readJSONL(r, name, 0)
}

// ReadJSONLBytes is ReadJSONL on a file already in memory; it sizes the
// spans from the number of lines that may be span records, so that a
// large file's spans are allocated once (not grown and copied).
func ReadJSONLBytes(data []byte, name string) (*Corpus, error) {
	// a span record has "span" (unless escaped, when the slice grows)
	spans := min(bytes.Count(data, []byte{'\n'})+1, bytes.Count(data, []byte(`"span"`)))
	return readJSONL(bytes.NewReader(data), name, spans)
}

func readJSONL(r io.Reader, name string, spans int) (*Corpus, error) {
	c := &Corpus{Spans: make([]Span, 0, spans)}
	type key struct {
		doc, ann int
		id       string
	}
	byID := map[key]int{}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 1<<30)
	var dec jsonlDecoder
	var rec record
	var lastDoc, lastAnn struct {
		name string
		id   int
	}
	lastDoc.id, lastAnn.id = -1, -1
	document := func(name string) int {
		if lastDoc.id < 0 || name != lastDoc.name {
			lastDoc.name, lastDoc.id = name, c.Document(name)
		}
		return lastDoc.id
	}
	annotator := func(name string) int {
		if lastAnn.id < 0 || name != lastAnn.name {
			lastAnn.name, lastAnn.id = name, c.Annotator(name)
		}
		return lastAnn.id
	}
	line := 0
	for sc.Scan() {
		line++
		b := sc.Bytes()
		if len(b) == 0 {
			continue
		}
		if !dec.decode(b, &rec) {
			// encoding/json decides what the fast decoder cannot: the
			// error, or a record it reads in its own way
			var jr jsonRecord
			if err := json.Unmarshal(b, &jr); err != nil {
				return nil, jsonerr.At(name, line, b, err) // file:line:col, in JSON's terms
			}
			rec.from(&jr)
		}
		pos := Pos{File: name, Line: line}
		need := func(ok bool, what string) error {
			if !ok {
				return pos.Errorf("a %q record needs %s", rec.Type, what)
			}
			return nil
		}
		switch rec.Type {
		case "annotator":
			if err := need(rec.Annotator != "", `"annotator"`); err != nil {
				return nil, err
			}
			annotator(rec.Annotator)
		case "document":
			if err := need(rec.Document != "", `"document"`); err != nil {
				return nil, err
			}
			d := document(rec.Document)
			if rec.HasText {
				if err := c.SetText(d, rec.Text, pos); err != nil {
					return nil, err
				}
			}
			c.Documents[d].Time = c.Documents[d].Time || rec.Time
			for _, a := range rec.AnnotatedBy {
				c.MarkAnnotated(d, annotator(a))
			}
			c.Documents[d].Tokens = append(c.Documents[d].Tokens, rec.Tokens...)
			if rec.HasExtent {
				if err := CheckBounds(rec.Extent[0], rec.Extent[1], true); err != nil {
					return nil, pos.Errorf("extent: %w", err)
				}
				c.Documents[d].Extent = rec.Extent
			}
		case "span":
			if err := need(rec.Document != "" && rec.Annotator != "" && rec.HasStart && rec.HasEnd && rec.HasLabel,
				`"document", "annotator", "start", "end" and "label"`); err != nil {
				return nil, err
			}
			s := Span{Doc: document(rec.Document), Annotator: annotator(rec.Annotator), ID: rec.ID,
				Start: rec.Start, End: rec.End, Label: rec.Label, Layer: rec.Layer, Chain: rec.Chain, Attrs: rec.Attributes, Text: rec.Text, Pos: pos}
			if len(rec.Parts) > 0 {
				s.Parts = append([]Part(nil), rec.Parts...)
			}
			if s.ID != "" {
				k := key{s.Doc, s.Annotator, s.ID}
				if j, dup := byID[k]; dup {
					return nil, pos.Errorf("span id %q already used (%v)", s.ID, c.Spans[j].Pos)
				}
				byID[k] = len(c.Spans)
			}
			c.Spans = append(c.Spans, s)
		case "label":
			if err := need(rec.Document != "" && rec.Annotator != "" && rec.HasValue, `"document", "annotator" and "value"`); err != nil {
				return nil, err
			}
			c.Labels = append(c.Labels, Label{Doc: document(rec.Document), Annotator: annotator(rec.Annotator), Layer: rec.Layer, Item: rec.Item, Value: rec.Value, Pos: pos})
		case "relation":
			if err := need(rec.Document != "" && rec.Annotator != "" && rec.Source != "" && rec.Target != "", `"document", "annotator", "source" and "target"`); err != nil {
				return nil, err
			}
			d, a := document(rec.Document), annotator(rec.Annotator)
			rel := Relation{Doc: d, Annotator: a, Type: rec.Relation, Layer: rec.Layer, Pos: pos}
			var ok bool
			if rel.Source, ok = byID[key{d, a, rec.Source}]; !ok {
				return nil, pos.Errorf("relation source %q is not a span id of %s in %s read before", rec.Source, rec.Annotator, rec.Document)
			}
			if rel.Target, ok = byID[key{d, a, rec.Target}]; !ok {
				return nil, pos.Errorf("relation target %q is not a span id of %s in %s read before", rec.Target, rec.Annotator, rec.Document)
			}
			c.Relations = append(c.Relations, rel)
		case "note":
			c.Notes = append(c.Notes, rec.Note)
		default:
			return nil, pos.Errorf("unknown record type %q (want annotator, document, span, label, relation or note)", rec.Type)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, position.Errorf(name, line+1, 0, "%w", err)
	}
	return c, c.Validate()
}

// record is one line of the JSONL form as ReadJSONL uses it, whichever
// decoder read it: jsonRecord without pointers (an absent or null
// "text", "label", "value", "start", "end" or "extent" has its Has…
// false) and with the model's types. Its slices are reused from line to
// line.
type record struct {
	Type, Document, Annotator, ID, Layer, Chain string
	Source, Target, Relation, Note, Item        string
	Text, Label, Value                          string
	HasText, HasLabel, HasValue                 bool
	Start, End                                  float64
	HasStart, HasEnd, HasExtent                 bool
	Time                                        bool
	Extent                                      [2]float64
	AnnotatedBy                                 []string
	Tokens                                      []Token
	Parts                                       []Part
	Attributes                                  map[string]string
}

func (r *record) reset() {
	*r = record{AnnotatedBy: r.AnnotatedBy[:0], Tokens: r.Tokens[:0], Parts: r.Parts[:0]}
}

// from sets r to what encoding/json decoded.
func (r *record) from(j *jsonRecord) {
	r.reset()
	r.Type, r.Document, r.Annotator, r.ID, r.Layer, r.Chain = j.Type, j.Document, j.Annotator, j.ID, j.Layer, j.Chain
	r.Source, r.Target, r.Relation, r.Note, r.Item = j.Source, j.Target, j.Relation, j.Note, j.Item
	if j.Text != nil {
		r.Text, r.HasText = *j.Text, true
	}
	if j.Label != nil {
		r.Label, r.HasLabel = *j.Label, true
	}
	if j.Value != nil {
		r.Value, r.HasValue = *j.Value, true
	}
	if j.Start != nil {
		r.Start, r.HasStart = *j.Start, true
	}
	if j.End != nil {
		r.End, r.HasEnd = *j.End, true
	}
	if j.Extent != nil {
		r.Extent, r.HasExtent = *j.Extent, true
	}
	r.Time = j.Time
	r.AnnotatedBy = append(r.AnnotatedBy, j.AnnotatedBy...)
	for _, t := range j.Tokens {
		r.Tokens = append(r.Tokens, Token{t[0], t[1]})
	}
	for _, p := range j.Parts {
		r.Parts = append(r.Parts, Part{p[0], p[1]})
	}
	r.Attributes = j.Attributes
}

// jsonlDecoder decodes lines of the JSONL form with jsonx, several times
// faster than encoding/json's reflection, sharing one string among the
// records that repeat it (labels, names, layers). It decodes a line only
// when it can say what encoding/json would decode; for the rest (a
// syntax error, a value of another type than the field's, a key that
// matches a field only regardless of case, …) it says so and ReadJSONL
// asks encoding/json, for its result or its error.
type jsonlDecoder struct {
	doc  jsonx.Doc
	strs jsonx.Interner
}

// decode decodes line into r as encoding/json decodes it into a zero
// jsonRecord, and reports whether it could.
func (d *jsonlDecoder) decode(line []byte, r *record) bool {
	if _, err := jsonx.Parse(line, &d.doc); err != nil {
		return false
	}
	v := d.doc.Root()
	if v.Kind() != jsonx.Object {
		return false
	}
	r.reset()
	ok, attrs := true, false
	v.Fields(func(key []byte, val jsonx.Value) bool {
		switch string(key) {
		case "type":
			ok = d.str(val, &r.Type, true)
		case "document":
			ok = d.str(val, &r.Document, true)
		case "annotator":
			ok = d.str(val, &r.Annotator, true)
		case "id":
			ok = d.str(val, &r.ID, false)
		case "layer":
			ok = d.str(val, &r.Layer, true)
		case "chain":
			ok = d.str(val, &r.Chain, true)
		case "source":
			ok = d.str(val, &r.Source, false)
		case "target":
			ok = d.str(val, &r.Target, false)
		case "relation":
			ok = d.str(val, &r.Relation, true)
		case "note":
			ok = d.str(val, &r.Note, false)
		case "item":
			ok = d.str(val, &r.Item, true)
		case "text":
			ok = d.optStr(val, &r.Text, &r.HasText, false)
		case "label":
			ok = d.optStr(val, &r.Label, &r.HasLabel, true)
		case "value":
			ok = d.optStr(val, &r.Value, &r.HasValue, true)
		case "start":
			ok = optFloat(val, &r.Start, &r.HasStart)
		case "end":
			ok = optFloat(val, &r.End, &r.HasEnd)
		case "time":
			if b, isBool := val.Bool(); isBool {
				r.Time = b
			} else {
				ok = val.Kind() == jsonx.Null
			}
		case "extent":
			switch val.Kind() {
			case jsonx.Null:
				r.HasExtent = false
			case jsonx.Array:
				r.Extent, ok = floatPair(val)
				r.HasExtent = ok
			default:
				ok = false
			}
		case "annotated_by":
			r.AnnotatedBy = r.AnnotatedBy[:0]
			ok = list(val, func(e jsonx.Value) bool {
				b, isStr := e.StrBytes()
				if isStr {
					r.AnnotatedBy = append(r.AnnotatedBy, d.strs.String(b))
				}
				return isStr
			})
		case "tokens":
			r.Tokens = r.Tokens[:0]
			ok = list(val, func(e jsonx.Value) bool {
				t, isPair := intPair(e)
				if isPair {
					r.Tokens = append(r.Tokens, t)
				}
				return isPair
			})
		case "parts":
			r.Parts = r.Parts[:0]
			ok = list(val, func(e jsonx.Value) bool {
				p, isPair := floatPair(e)
				if isPair {
					r.Parts = append(r.Parts, Part{p[0], p[1]})
				}
				return isPair
			})
		case "attributes":
			switch val.Kind() {
			case jsonx.Null:
				r.Attributes = nil
			case jsonx.Object:
				if attrs { // encoding/json merges the objects
					ok = false
					break
				}
				attrs = true
				m := make(map[string]string, 4)
				val.Fields(func(k []byte, e jsonx.Value) bool {
					b, isStr := e.StrBytes()
					if ok = isStr; ok {
						m[d.strs.String(k)] = d.strs.String(b)
					}
					return ok
				})
				r.Attributes = m
			default:
				ok = false
			}
		default:
			// another member is ignored, unless encoding/json would take
			// it for a field regardless of case (every field's name is in
			// lower-case ASCII)
			for _, c := range key {
				if c >= 0x80 || 'A' <= c && c <= 'Z' {
					ok = false
					break
				}
			}
		}
		return ok
	})
	return ok
}

// str decodes a string member into dst; null leaves dst as it is, as
// encoding/json does.
func (d *jsonlDecoder) str(v jsonx.Value, dst *string, intern bool) bool {
	switch v.Kind() {
	case jsonx.Null:
		return true
	case jsonx.String:
		b, _ := v.StrBytes()
		if intern {
			*dst = d.strs.String(b)
		} else {
			*dst = string(b)
		}
		return true
	}
	return false
}

// optStr decodes a member that may be absent or null (a *string of
// jsonRecord).
func (d *jsonlDecoder) optStr(v jsonx.Value, dst *string, has *bool, intern bool) bool {
	if v.Kind() == jsonx.Null {
		*dst, *has = "", false
		return true
	}
	*has = d.str(v, dst, intern)
	return *has
}

// optFloat decodes a number that may be null (a *float64 of jsonRecord).
func optFloat(v jsonx.Value, dst *float64, has *bool) bool {
	if v.Kind() == jsonx.Null {
		*dst, *has = 0, false
		return true
	}
	*dst, *has = v.Float()
	return *has
}

// list decodes a member that is a list (a slice of jsonRecord) with elem
// for each element, until elem fails; null is an empty list, another kind
// than an array is left to encoding/json.
func list(v jsonx.Value, elem func(e jsonx.Value) bool) bool {
	switch v.Kind() {
	case jsonx.Null:
		return true
	case jsonx.Array:
		ok := true
		v.Elems(func(_ int, e jsonx.Value) bool {
			ok = elem(e)
			return ok
		})
		return ok
	}
	return false
}

// floatPair decodes [x, y] (a [2]float64 of jsonRecord; any other length
// is left to encoding/json).
func floatPair(v jsonx.Value) (p [2]float64, ok bool) {
	n := 0
	ok = v.Kind() == jsonx.Array
	v.Elems(func(i int, e jsonx.Value) bool {
		if n++; i < 2 {
			p[i], ok = e.Float()
		}
		return ok
	})
	return p, ok && n == 2
}

// intPair decodes [i, j] into a Token (a [2]int of jsonRecord: integers
// written without fraction or exponent, as encoding/json wants them).
func intPair(v jsonx.Value) (t Token, ok bool) {
	n := 0
	ok = v.Kind() == jsonx.Array
	v.Elems(func(i int, e jsonx.Value) bool {
		if n++; i < 2 {
			var x int64
			var err error
			if ok = e.Kind() == jsonx.Number; ok {
				x, err = strconv.ParseInt(string(e.Raw()), 10, 64)
				ok = err == nil
			}
			if i == 0 {
				t.Start = int(x)
			} else {
				t.End = int(x)
			}
		}
		return ok
	})
	return t, ok && n == 2
}

package annotation

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"strconv"

	"agree/internal/jsonerr"
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
// document labels ({"type":"label","document","annotator","layer","value"}),
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
		r := jsonRecord{Type: "label", Document: c.Documents[l.Doc].Name, Annotator: c.Annotators[l.Annotator], Layer: l.Layer, Value: &l.Value}
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
	c := &Corpus{}
	type key struct {
		doc, ann int
		id       string
	}
	byID := map[key]int{}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 1<<30)
	line := 0
	for sc.Scan() {
		line++
		b := sc.Bytes()
		if len(b) == 0 {
			continue
		}
		var rec jsonRecord
		if err := json.Unmarshal(b, &rec); err != nil {
			return nil, jsonerr.At(name, line, b, err) // file:line:col, in JSON's terms
		}
		pos := Pos{File: name, Line: line}
		need := func(ok bool, what string) error {
			if !ok {
				return fmt.Errorf("%v: a %q record needs %s", pos, rec.Type, what)
			}
			return nil
		}
		switch rec.Type {
		case "annotator":
			if err := need(rec.Annotator != "", `"annotator"`); err != nil {
				return nil, err
			}
			c.Annotator(rec.Annotator)
		case "document":
			if err := need(rec.Document != "", `"document"`); err != nil {
				return nil, err
			}
			d := c.Document(rec.Document)
			if rec.Text != nil {
				if err := c.SetText(d, *rec.Text, pos); err != nil {
					return nil, err
				}
			}
			c.Documents[d].Time = c.Documents[d].Time || rec.Time
			for _, a := range rec.AnnotatedBy {
				c.MarkAnnotated(d, c.Annotator(a))
			}
			for _, t := range rec.Tokens {
				c.Documents[d].Tokens = append(c.Documents[d].Tokens, Token{t[0], t[1]})
			}
			if rec.Extent != nil {
				if err := CheckBounds(rec.Extent[0], rec.Extent[1], true); err != nil {
					return nil, fmt.Errorf("%v: extent: %w", pos, err)
				}
				c.Documents[d].Extent = *rec.Extent
			}
		case "span":
			if err := need(rec.Document != "" && rec.Annotator != "" && rec.Start != nil && rec.End != nil && rec.Label != nil,
				`"document", "annotator", "start", "end" and "label"`); err != nil {
				return nil, err
			}
			s := Span{Doc: c.Document(rec.Document), Annotator: c.Annotator(rec.Annotator), ID: rec.ID,
				Start: *rec.Start, End: *rec.End, Label: *rec.Label, Layer: rec.Layer, Chain: rec.Chain, Attrs: rec.Attributes, Pos: pos}
			for _, p := range rec.Parts {
				s.Parts = append(s.Parts, Part{p[0], p[1]})
			}
			if rec.Text != nil {
				s.Text = *rec.Text
			}
			if s.ID != "" {
				k := key{s.Doc, s.Annotator, s.ID}
				if j, dup := byID[k]; dup {
					return nil, fmt.Errorf("%v: span id %q already used (%v)", pos, s.ID, c.Spans[j].Pos)
				}
				byID[k] = len(c.Spans)
			}
			c.Spans = append(c.Spans, s)
		case "label":
			if err := need(rec.Document != "" && rec.Annotator != "" && rec.Value != nil, `"document", "annotator" and "value"`); err != nil {
				return nil, err
			}
			c.Labels = append(c.Labels, Label{Doc: c.Document(rec.Document), Annotator: c.Annotator(rec.Annotator), Layer: rec.Layer, Value: *rec.Value, Pos: pos})
		case "relation":
			if err := need(rec.Document != "" && rec.Annotator != "" && rec.Source != "" && rec.Target != "", `"document", "annotator", "source" and "target"`); err != nil {
				return nil, err
			}
			d, a := c.Document(rec.Document), c.Annotator(rec.Annotator)
			rel := Relation{Doc: d, Annotator: a, Type: rec.Relation, Layer: rec.Layer, Pos: pos}
			var ok bool
			if rel.Source, ok = byID[key{d, a, rec.Source}]; !ok {
				return nil, fmt.Errorf("%v: relation source %q is not a span id of %s in %s read before", pos, rec.Source, rec.Annotator, rec.Document)
			}
			if rel.Target, ok = byID[key{d, a, rec.Target}]; !ok {
				return nil, fmt.Errorf("%v: relation target %q is not a span id of %s in %s read before", pos, rec.Target, rec.Annotator, rec.Document)
			}
			c.Relations = append(c.Relations, rel)
		case "note":
			c.Notes = append(c.Notes, rec.Note)
		default:
			return nil, fmt.Errorf("%v: unknown record type %q (want annotator, document, span, label, relation or note)", pos, rec.Type)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s:%d: %w", name, line+1, err)
	}
	return c, c.Validate()
}

// Package doccano reads doccano's JSONL and JSON exports into the
// annotation model.
//
// doccano exports a project as one JSON object per line and example
// (JSONL), or as a JSON array of the same objects (the JSON export, which
// pandas writes on one line: positions then name the element, "[3].label"),
// and,
// unless the project shares annotations among its members ("collaborative
// annotation"), one file per member, named after the member
// (<username>.jsonl in the export ZIP): the file name is the annotator.
// The collaborative export, all.jsonl, merges every member's labels without
// saying who gave them, so agreement cannot be measured from it; it is
// refused with a message saying so.
//
// Each line is an example: "id" (the document's name; examples without one
// are named by their text) and "text", and
//
//   - sequence labelling: "label": [[start, end, "LABEL"], …], end
//     exclusive, in UTF-16 code units by default (doccano's front end is
//     JavaScript; Options.Unit when the project counted grapheme clusters
//     or code points);
//   - relation projects: "entities": [{"id", "start_offset", "end_offset",
//     "label"}] and "relations": [{"from_id", "to_id", "type"}];
//   - text classification (and sequence-to-sequence answers): "label":
//     ["positive", …], document labels (several form a set); "cats" (older
//     versions) likewise.
//
// Every example of the file counts as annotated by the file's member, even
// with no label (doccano writes the project's examples into each member's
// file). Errors name the file, line and field.
package doccano

import (
	"bytes"
	"fmt"
	"io"
	"strconv"

	"agree/annotation"
	"agree/formats/internal/names"
	"agree/internal/jsonx"
	"agree/position"
)

// Options control reading.
type Options struct {
	// Unit is what offsets count; doccano's default is UTF-16 code units.
	Unit annotation.OffsetUnit
	// Annotator names the file's member; "" takes the file's base name.
	Annotator string
}

// DefaultUnit is doccano's offset unit.
const DefaultUnit = annotation.UTF16

// Collaborative reports whether a file name is doccano's collaborative
// export (all.jsonl), which Read refuses.
func Collaborative(file string) bool { return names.Base(file) == "all" }

// Read reads one member's export; name is the file name (its base name is
// the annotator unless opt.Annotator is set).
func Read(r io.Reader, name string, opt Options) (*annotation.Corpus, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return ReadBytes(data, name, opt)
}

// ReadBytes is Read on the file's content: JSONL, or a JSON array of
// examples (IsArray).
func ReadBytes(data []byte, name string, opt Options) (*annotation.Corpus, error) {
	who := opt.Annotator
	if who == "" {
		if Collaborative(name) {
			return nil, fmt.Errorf("%s: doccano's export of a collaborative project (\"Share annotations across all users\" on) merges every member's labels into all.jsonl and loses who gave them, so agreement cannot be measured from it; turn that project setting off and export again: doccano then writes one <username>.jsonl per member", name)
		}
		who = names.Base(name)
	}
	rd := &reader{name: name, opt: opt, c: &annotation.Corpus{}}
	rd.c.Spans = make([]annotation.Span, 0, maxSpans(data))
	rd.ann = rd.c.Annotator(who)
	if IsArray(data) {
		return rd.array(data)
	}
	err := jsonx.Lines(data, rd.line)
	if se, ok := err.(*jsonx.SyntaxError); ok {
		return nil, position.Errorf(name, se.Line, se.Col, "%s (want one JSON object per line: doccano's JSONL export)", se.Msg)
	}
	if err != nil {
		return nil, err
	}
	return rd.c, nil
}

// IsArray reports whether data is a JSON array (doccano's JSON export)
// rather than JSONL: its first character, after white space and a
// byte-order mark, is '['.
func IsArray(data []byte) bool {
	data = bytes.TrimLeft(bytes.TrimPrefix(data, []byte("\ufeff")), " \t\r\n")
	return len(data) > 0 && data[0] == '['
}

// array reads doccano's JSON export: an array of examples, each read as a
// line of the JSONL, its position the element's line and index.
func (rd *reader) array(data []byte) (*annotation.Corpus, error) {
	data = bytes.TrimPrefix(data, []byte("\ufeff"))
	doc, err := jsonx.Parse(data, nil)
	if se, ok := err.(*jsonx.SyntaxError); ok {
		return nil, position.Errorf(rd.name, se.Line, se.Col, "%s (want doccano's JSON export: an array of examples)", se.Msg)
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", rd.name, err)
	}
	// lines counted from one element to the next: the file once in all
	line, off := 1, 0
	doc.Root().Elems(func(i int, e jsonx.Value) bool {
		o := e.Offset()
		line += bytes.Count(data[off:o], []byte("\n"))
		off = o
		rd.elem = "[" + strconv.Itoa(i) + "]"
		err = rd.line(line, e)
		return err == nil
	})
	if err != nil {
		return nil, err
	}
	return rd.c, nil
}

// maxSpans bounds the spans of an export, so that the spans are stored
// once, not copied as their slice grows: each is an array [start, end,
// "LABEL"] or an entity object, so there are fewer than the file has '['
// and '{', and fewer than one per 10 bytes (the shortest, [0,1,"A"],).
func maxSpans(data []byte) int {
	return min(bytes.Count(data, []byte("["))+bytes.Count(data, []byte("{")), len(data)/10)
}

type reader struct {
	name string
	opt  Options
	c    *annotation.Corpus
	ann  int
	seen map[int]string // document → where it was read ("line 3", "[2]")
	strs jsonx.Interner
	offs annotation.Offsets // the current example's, rebuilt for each
	// elem is the path of the current element of a JSON export ("[3]"),
	// "" for JSONL
	elem string
}

func (rd *reader) errorf(line int, field, format string, args ...any) error {
	if field == "" && rd.elem == "" {
		return position.Errorf(rd.name, line, 0, format, args...)
	}
	p := rd.path(field)
	return position.Errorf(rd.name, line, 0, "%s: %s", p, fmt.Sprintf(format, args...)).In(p)
}

// path is field within the current element of a JSON export.
func (rd *reader) path(field string) string {
	switch {
	case rd.elem == "":
		return field
	case field == "":
		return rd.elem
	}
	return rd.elem + "." + field
}

func (rd *reader) pos(line int, field string) annotation.Pos {
	return annotation.Pos{File: rd.name, Line: line, Path: rd.path(field)}
}

func (rd *reader) line(line int, v jsonx.Value) error {
	if v.Kind() != jsonx.Object {
		return rd.errorf(line, "", "a JSON %s (want an example object)", v.Kind())
	}
	// the members read, the last of each name as Get gives it
	var tv, idv, entsv, relsv jsonx.Value
	var lists [3]jsonx.Value // "label", "labels", "cats"
	v.Fields(func(key []byte, val jsonx.Value) bool {
		switch string(key) {
		case "text":
			tv = val
		case "id":
			idv = val
		case "label":
			lists[0] = val
		case "labels":
			lists[1] = val
		case "cats":
			lists[2] = val
		case "entities":
			entsv = val
		case "relations":
			relsv = val
		}
		return true
	})
	text, hasText := tv.Str()
	if tv.Exists() && !hasText && !tv.IsNull() {
		return rd.errorf(line, "text", "a JSON %s (want the example's text)", tv.Kind())
	}
	docName, ok := idv.Scalar()
	if !ok || docName == "" {
		if !hasText {
			return rd.errorf(line, "", "an example with neither id nor text")
		}
		docName = names.ForText(text)
	}
	d := rd.c.Document(docName)
	if rd.seen == nil {
		rd.seen = map[int]string{}
	}
	if prev, dup := rd.seen[d]; dup {
		return rd.errorf(line, "id", "example %q already read at %s", docName, prev)
	}
	rd.seen[d] = "line " + strconv.Itoa(line)
	if rd.elem != "" {
		rd.seen[d] = rd.elem
	}
	rd.c.MarkAnnotated(d, rd.ann)
	var offs *annotation.Offsets
	if hasText {
		if err := rd.c.SetText(d, text, rd.pos(line, "text")); err != nil {
			return err
		}
		if err := rd.offs.Reset(text, rd.opt.Unit); err != nil {
			return rd.errorf(line, "text", "%v", err)
		}
		offs = &rd.offs
	}
	span := func(field string, start, end jsonx.Value, label, id string) (int, error) {
		s, ok1 := start.Float()
		e, ok2 := end.Float()
		if !ok1 || !ok2 {
			return 0, rd.errorf(line, field, "offsets %s and %s are not numbers", start.Raw(), end.Raw())
		}
		if err := annotation.CheckBounds(s, e, false); err != nil {
			return 0, rd.errorf(line, field, "%v", err)
		}
		if offs == nil {
			return 0, rd.errorf(line, field, "a span in an example without text")
		}
		cs, err := offs.CodePoint(int(s))
		if err != nil {
			return 0, rd.errorf(line, field, "start: %v%s", err, rd.hint())
		}
		ce, err := offs.CodePoint(int(e))
		if err != nil {
			return 0, rd.errorf(line, field, "end: %v%s", err, rd.hint())
		}
		rd.c.Spans = append(rd.c.Spans, annotation.Span{Doc: d, Annotator: rd.ann, ID: id, Start: float64(cs), End: float64(ce), Label: label, Pos: rd.pos(line, field)})
		return len(rd.c.Spans) - 1, nil
	}
	var err error
	for k, key := range listKeys[:entitiesList] {
		lv := lists[k]
		if lv.IsNull() {
			continue
		}
		if lv.Kind() != jsonx.Array {
			return rd.errorf(line, key, "a JSON %s (want a list of [start, end, label] spans or of labels)", lv.Kind())
		}
		lv.Elems(func(i int, e jsonx.Value) bool {
			field := fieldName(k, i)
			switch e.Kind() {
			case jsonx.Array: // [start, end, "LABEL"]
				var parts [3]jsonx.Value
				n := 0
				e.Elems(func(k int, x jsonx.Value) bool {
					if k < 3 {
						parts[k] = x
					}
					n++
					return true
				})
				l, ok := rd.strs.Scalar(parts[2])
				if n != 3 || !ok {
					err = rd.errorf(line, field, "%s is not a span [start, end, \"LABEL\"]", e.Excerpt())
					return false
				}
				_, err = span(field, parts[0], parts[1], l, "")
			case jsonx.String, jsonx.Number: // a class
				l, _ := rd.strs.Scalar(e)
				rd.c.Labels = append(rd.c.Labels, annotation.Label{Doc: d, Annotator: rd.ann, Value: l, Pos: rd.pos(line, field)})
			default:
				err = rd.errorf(line, field, "a JSON %s (want a span [start, end, \"LABEL\"] or a label)", e.Kind())
			}
			return err == nil
		})
		if err != nil {
			return err
		}
	}
	// relation projects
	byID := map[string]int{}
	ents := entsv
	if !ents.IsNull() && ents.Kind() != jsonx.Array {
		return rd.errorf(line, "entities", "a JSON %s (want a list of entities)", ents.Kind())
	}
	ents.Elems(func(i int, e jsonx.Value) bool {
		field := fieldName(entitiesList, i)
		if e.Kind() != jsonx.Object {
			err = rd.errorf(line, field, "a JSON %s (want an entity object)", e.Kind())
			return false
		}
		label, _ := rd.strs.Scalar(e.Get("label"))
		id, _ := rd.strs.Scalar(e.Get("id"))
		var k int
		if k, err = span(field, e.Get("start_offset"), e.Get("end_offset"), label, id); err != nil {
			return false
		}
		if id != "" {
			byID[id] = k
		}
		return true
	})
	if err != nil {
		return err
	}
	rels := relsv
	if !rels.IsNull() && rels.Kind() != jsonx.Array {
		return rd.errorf(line, "relations", "a JSON %s (want a list of relations)", rels.Kind())
	}
	rels.Elems(func(i int, r jsonx.Value) bool {
		field := "relations[" + strconv.Itoa(i) + "]"
		from, _ := r.Get("from_id").Scalar()
		to, _ := r.Get("to_id").Scalar()
		src, ok1 := byID[from]
		dst, ok2 := byID[to]
		if !ok1 || !ok2 {
			err = rd.errorf(line, field, "from_id %q or to_id %q is not the id of an entity of the example", from, to)
			return false
		}
		ty, _ := rd.strs.Scalar(r.Get("type"))
		rd.c.Relations = append(rd.c.Relations, annotation.Relation{Doc: d, Annotator: rd.ann, Source: src, Target: dst, Type: ty, Pos: rd.pos(line, field)})
		return true
	})
	return err
}

func (rd *reader) hint() string {
	return fmt.Sprintf(" (offsets read as %s, doccano's default being utf16; Options.OffsetUnit sets the unit)", rd.opt.Unit)
}

// listKeys are the lists of spans or labels, in the order of fieldNames.
var listKeys = [...]string{"label", "labels", "cats", "entities"}

const entitiesList = 3 // listKeys[entitiesList] == "entities"

// fieldNames holds the JSON paths of the first elements of the lists of
// listKeys, so that reading a span does not build its path.
var fieldNames = func() (names [len(listKeys)][]string) {
	for k, key := range listKeys {
		for i := 0; i < 64; i++ {
			names[k] = append(names[k], key+"["+strconv.Itoa(i)+"]")
		}
	}
	return names
}()

// fieldName returns the path of element i of list listKeys[k].
func fieldName(k, i int) string {
	if names := fieldNames[k]; i < len(names) {
		return names[i]
	}
	return listKeys[k] + "[" + strconv.Itoa(i) + "]"
}

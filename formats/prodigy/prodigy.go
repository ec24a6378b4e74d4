// Package prodigy reads Prodigy's JSONL annotations (prodigy db-out
// DATASET) into the annotation model.
//
// Each line is one answered task (Prodigy's "annotation task format"):
// "text", "tokens" ([{"text", "start", "end", "id", "ws"}]), "spans"
// ([{"start", "end", "label", "token_start", "token_end"}], character
// offsets in code points, as Python counts them), "accept" (the options a
// choice task's annotator selected), "label" (the label a binary task asked
// about), "relations" (rel.manual: head_span and child_span with a label),
// "answer" (accept, reject or ignore), "_input_hash" (the same for every
// task on the same input: the document's name; a task without one is
// named by its text), "_annotator_id" and "_session_id" (the annotator: the
// first present; a file of one annotator's answers without them is named
// after the file).
//
// Answers: accept gives the task's spans, its tokens (Document.Tokens) and
// the selected options (document labels, several forming a set); reject
// excludes the task (its spans were rejected as a whole); ignore excludes
// it too. Excluded tasks are counted in notes.
//
// Binary recipes (ner.teach, textcat.teach, spans.teach, any recipe whose
// _view_id is "ner", "spans", "classification", "text" or "html"; or a task
// with a "label" and neither options nor spans; or, in a file without view
// ids, tasks that suggest one span each and have no options, when an
// annotator answered two of them about one input — a manual recipe
// answers an input once; a note says so) ask one question per task,
// so one input comes back as many tasks, answered accept or reject. Each
// answer is a document label "accept" or "reject" in the layer of the
// asked label, about its question (Label.Item): "[start,end)" for a
// suggested span, "" for the whole text — the data of agree coding, which
// then compares the annotators on the questions both answered, rejections
// included (explicit negatives). An accepted suggested span is also a
// span; a rejected one is not. An annotator answering one question twice
// is an error. Errors name the file and line; a span or token whose
// offsets cover another text than its "text" is one.
package prodigy

import (
	"errors"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"

	"agree/annotation"
	"agree/formats/internal/names"
	"agree/internal/jsonx"
	"agree/internal/plural"
	"agree/position"
)

// Options control reading.
type Options struct {
	// Unit is what offsets count; Prodigy's are code points (the zero
	// value).
	Unit annotation.OffsetUnit
}

// Read reads one JSONL file; name is the file name used in positions.
func Read(r io.Reader, name string, opt Options) (*annotation.Corpus, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return ReadBytes(data, name, opt)
}

// ReadBytes is Read on the file's content.
func ReadBytes(data []byte, name string, opt Options) (*annotation.Corpus, error) {
	rd := &reader{name: name, opt: opt, c: &annotation.Corpus{}, seen: map[[2]int]int{}}
	err := jsonx.Lines(data, rd.line)
	var rep *repeatedSuggestion
	if errors.As(err, &rep) {
		// a binary recipe's export without view ids: read again, one
		// question per one-suggestion task
		rd = &reader{name: name, opt: opt, c: &annotation.Corpus{}, seen: map[[2]int]int{}, byShape: true}
		err = jsonx.Lines(data, rd.line)
		rd.c.Notes = append(rd.c.Notes, fmt.Sprintf("%s: prodigy: read as a binary recipe's answers (one question per task) by the tasks' shape, the tasks having no _view_id: annotator %q answered tasks with one suggested span each about input %s at lines %d and %d", name, rep.annotator, rep.input, rep.first, rep.line))
	}
	if se, ok := err.(*jsonx.SyntaxError); ok {
		return nil, position.Errorf(name, se.Line, se.Col, "%s (want one JSON object per line: prodigy db-out)", se.Msg)
	}
	if err != nil {
		return nil, err
	}
	for _, n := range []struct {
		k    int
		what string
	}{{rd.ignored, "answered ignore excluded"}, {rd.rejected, "answered reject excluded (their spans and choices were rejected as a whole)"},
		{rd.binary, "of binary recipes (ner.teach, textcat.teach: one question each) read as answers: each answer is a document label accept or reject, in the layer of the asked label, of its question (a suggested span [start,end) or the whole text), which agree coding compares on the questions both annotators answered; an accepted suggested span is also a span (agree spans compares what each accepted, whatever the other was asked)"}} {
		if n.k > 0 {
			rd.c.Notes = append(rd.c.Notes, fmt.Sprintf("%s: prodigy: %s %s", name, plural.Count(n.k, "task"), n.what))
		}
	}
	return rd.c, nil
}

type reader struct {
	name              string
	opt               Options
	c                 *annotation.Corpus
	seen              map[[2]int]int // (document, annotator) → line
	ignored, rejected int
	// binary counts the answers of binary tasks; asked maps each question
	// an annotator answered (document, annotator, label, item) to its line
	binary int
	asked  map[question]int
	// byShape reads the tasks without a _view_id that suggest one span
	// (no options) as binary questions; without it, shapes records the
	// first such task of each (input, annotator), so that a second one
	// (repeatedSuggestion) shows a binary recipe's export.
	byShape bool
	shapes  map[[2]string]int
}

// repeatedSuggestion is the evidence of a binary recipe's export whose
// tasks have no _view_id: an annotator answered two tasks about one input,
// each suggesting one span (ner.teach, spans.teach ask one question per
// suggested span; a manual recipe answers an input once).
type repeatedSuggestion struct {
	annotator, input string
	first, line      int
}

func (e *repeatedSuggestion) Error() string {
	return fmt.Sprintf("annotator %q answered one-suggestion tasks about input %s at lines %d and %d", e.annotator, e.input, e.first, e.line)
}

type question struct {
	doc, ann    int
	label, item string
}

// binaryViews are the view ids of Prodigy's binary interfaces, whose tasks
// ask one question each (ner.teach: "ner", one suggested span;
// textcat.teach: "classification", a label; spans.teach: "spans"), so that
// one input comes back as many tasks.
var binaryViews = map[string]bool{"ner": true, "spans": true, "classification": true, "text": true, "html": true}

func viewList() string {
	var vs []string
	for v := range binaryViews {
		vs = append(vs, strconv.Quote(v))
	}
	sort.Strings(vs)
	return strings.Join(vs, ", ")
}

// question records an annotator's answer to a binary question as a
// document label of the question's label (layer) about item ("[start,end)"
// for a suggested span, "" for the whole text); answering it twice is an
// error.
func (rd *reader) question(line, d, a int, label, item, answer string) error {
	q := question{d, a, label, item}
	if rd.asked == nil {
		rd.asked = map[question]int{}
	}
	if prev, dup := rd.asked[q]; dup {
		what := "label " + strconv.Quote(label)
		if item != "" {
			what = "span " + item + " as " + strconv.Quote(label)
		}
		return rd.errorf(line, "", "annotator %q answered the question about %s of input %s twice (also at line %d); keep one answer", rd.c.Annotators[a], what, rd.c.Documents[d].Name, prev)
	}
	rd.asked[q] = line
	rd.c.Labels = append(rd.c.Labels, annotation.Label{Doc: d, Annotator: a, Layer: label, Item: item, Value: answer, Pos: rd.pos(line, "answer")})
	return nil
}

// taskNames returns the names of a task's input (its _input_hash, else
// one made from its text; "" without either) and of its annotator
// (_annotator_id, else _session_id, else the file's name).
func (rd *reader) taskNames(v jsonx.Value) (input, annotator string) {
	input = str(v.Get("_input_hash"))
	if input == "" {
		if text, ok := v.Get("text").Str(); ok {
			input = names.ForText(text)
		}
	}
	annotator = str(v.Get("_annotator_id"))
	if annotator == "" {
		annotator = str(v.Get("_session_id"))
	}
	if annotator == "" {
		annotator = names.Base(rd.name)
	}
	return input, annotator
}

// suggestion records a one-suggestion task without a view id by its input
// and annotator (named as line names them); the second of one annotator
// about one input is a *repeatedSuggestion.
func (rd *reader) suggestion(line int, v jsonx.Value) error {
	input, who := rd.taskNames(v)
	if input == "" {
		return nil // neither _input_hash nor text: refused by line, unless rejected
	}
	k := [2]string{input, who}
	if prev, ok := rd.shapes[k]; ok {
		return &repeatedSuggestion{annotator: who, input: input, first: prev, line: line}
	}
	if rd.shapes == nil {
		rd.shapes = map[[2]string]int{}
	}
	rd.shapes[k] = line
	return nil
}

func (rd *reader) errorf(line int, field, format string, args ...any) error {
	if field == "" {
		return position.Errorf(rd.name, line, 0, format, args...)
	}
	return position.Errorf(rd.name, line, 0, "%s: %s", field, fmt.Sprintf(format, args...)).In(field)
}

func (rd *reader) pos(line int, field string) annotation.Pos {
	return annotation.Pos{File: rd.name, Line: line, Path: field}
}

func str(v jsonx.Value) string {
	s, _ := v.Scalar()
	return s
}

func (rd *reader) line(line int, v jsonx.Value) error {
	if v.Kind() != jsonx.Object {
		return rd.errorf(line, "", "a JSON %s (want a task object)", v.Kind())
	}
	answer := str(v.Get("answer"))
	switch answer {
	case "", "accept", "reject":
	case "ignore":
		rd.ignored++
		return nil
	default:
		return rd.errorf(line, "answer", "%q (want accept, reject or ignore)", answer)
	}
	// binary tasks: one question each, accepted or rejected (view ids of
	// the binary interfaces; a question about the whole text has a label
	// and neither options nor spans)
	view := str(v.Get("_view_id"))
	binary := v.Get("label")
	_, hasLabel := binary.Str()
	choice := v.Get("accept").Exists() || v.Get("options").Exists()
	// without a view id, a task suggesting one span (and no options) is a
	// binary recipe's question when the file shows it is one (byShape)
	oneSuggestion := view == "" && v.Get("spans").Len() == 1 && !choice
	spanQuestion := (binaryViews[view] || rd.byShape && oneSuggestion) && v.Get("spans").Len() > 0
	isBinary := spanQuestion || hasLabel && !v.Get("accept").Exists() && v.Get("spans").Len() == 0 && (view == "" || binaryViews[view])
	if oneSuggestion && !rd.byShape {
		if err := rd.suggestion(line, v); err != nil {
			return err
		}
	}
	if answer == "" {
		answer = "accept"
	}
	if answer == "reject" && !isBinary {
		rd.rejected++
		return nil
	}
	text, hasText := v.Get("text").Str()
	docName, who := rd.taskNames(v)
	if docName == "" {
		return rd.errorf(line, "", "a task with neither _input_hash nor text")
	}
	d, a := rd.c.Document(docName), rd.c.Annotator(who)
	k := [2]int{d, a}
	if !isBinary {
		if prev, dup := rd.seen[k]; dup {
			return rd.errorf(line, "", "annotator %q answered input %s twice (also at line %d); keep one answer (a manual recipe answers each input once; binary recipes such as ner.teach and textcat.teach are read as such by their _view_id, %s, or without one when their tasks suggest one span each or ask about a label, with no options)", who, docName, prev, viewList())
		}
		rd.seen[k] = line
	}
	rd.c.MarkAnnotated(d, a)
	if isBinary {
		rd.binary++
	}
	if isBinary && !spanQuestion {
		l, _ := binary.Str()
		if err := rd.question(line, d, a, l, "", answer); err != nil {
			return err
		}
	}
	var offs *annotation.Offsets
	if hasText {
		if err := rd.c.SetText(d, text, rd.pos(line, "text")); err != nil {
			return err
		}
		var err error
		if offs, err = annotation.NewOffsets(text, rd.opt.Unit); err != nil {
			return rd.errorf(line, "text", "%v", err)
		}
	}
	bounds := func(field string, o jsonx.Value) (float64, float64, error) {
		s, ok1 := o.Get("start").Float()
		e, ok2 := o.Get("end").Float()
		if !ok1 || !ok2 {
			return 0, 0, rd.errorf(line, field, "start and end must be numbers")
		}
		if err := annotation.CheckBounds(s, e, false); err != nil {
			return 0, 0, rd.errorf(line, field, "%v", err)
		}
		if offs == nil {
			return 0, 0, rd.errorf(line, field, "offsets in a task without text")
		}
		cs, err := offs.CodePoint(int(s))
		if err != nil {
			return 0, 0, rd.errorf(line, field, "start: %v%s", err, rd.hint())
		}
		ce, err := offs.CodePoint(int(e))
		if err != nil {
			return 0, 0, rd.errorf(line, field, "end: %v%s", err, rd.hint())
		}
		return float64(cs), float64(ce), nil
	}
	var err error
	// tokens, once per document
	if toks := v.Get("tokens"); toks.Kind() == jsonx.Array && rd.c.Documents[d].Tokens == nil && offs != nil {
		var tokens []annotation.Token
		toks.Elems(func(i int, t jsonx.Value) bool {
			var s, e float64
			field := "tokens[" + strconv.Itoa(i) + "]"
			if s, e, err = bounds(field, t); err != nil {
				return false
			}
			if tt, ok := t.Get("text").Str(); ok && !annotation.SameText(offs.Text(int(s), int(e)), tt) {
				err = rd.errorf(line, field, "[%v, %v) covers %q in the text, but the token's text is %q%s", s, e, offs.Text(int(s), int(e)), tt, rd.hint())
				return false
			}
			tokens = append(tokens, annotation.Token{Start: int(s), End: int(e)})
			return true
		})
		if err != nil {
			return err
		}
		rd.c.Documents[d].Tokens = tokens
	}
	// spans
	type key struct{ s, e float64 }
	byOffsets := map[key]int{}
	spans := v.Get("spans")
	if !spans.IsNull() && spans.Kind() != jsonx.Array {
		return rd.errorf(line, "spans", "a JSON %s (want a list of spans)", spans.Kind())
	}
	spans.Elems(func(i int, sp jsonx.Value) bool {
		field := "spans[" + strconv.Itoa(i) + "]"
		var s, e float64
		if s, e, err = bounds(field, sp); err != nil {
			return false
		}
		covered, _ := sp.Get("text").Str()
		if covered != "" && !annotation.SameText(offs.Text(int(s), int(e)), covered) {
			err = rd.errorf(line, field, "[%v, %v) covers %q in the text, but the span's text is %q%s", s, e, offs.Text(int(s), int(e)), covered, rd.hint())
			return false
		}
		label := str(sp.Get("label"))
		if spanQuestion {
			// the question: this suggested span with this label
			if err = rd.question(line, d, a, label, fmt.Sprintf("[%v,%v)", s, e), answer); err != nil {
				return false
			}
			if answer == "reject" {
				return true // an explicit negative, not a span
			}
		}
		byOffsets[key{s, e}] = len(rd.c.Spans)
		rd.c.Spans = append(rd.c.Spans, annotation.Span{Doc: d, Annotator: a, ID: str(sp.Get("id")), Start: s, End: e,
			Label: label, Text: covered, Pos: rd.pos(line, field)})
		return true
	})
	if err != nil {
		return err
	}
	// choices
	acc := v.Get("accept")
	if !acc.IsNull() && acc.Kind() != jsonx.Array {
		return rd.errorf(line, "accept", "a JSON %s (want the list of the selected options' ids)", acc.Kind())
	}
	acc.Elems(func(i int, o jsonx.Value) bool {
		id, ok := o.Scalar()
		if !ok {
			err = rd.errorf(line, "accept["+strconv.Itoa(i)+"]", "a JSON %s (want an option id)", o.Kind())
			return false
		}
		rd.c.Labels = append(rd.c.Labels, annotation.Label{Doc: d, Annotator: a, Value: id, Pos: rd.pos(line, "accept")})
		return true
	})
	if err != nil {
		return err
	}
	// relations (rel.manual): the ends are spans of the task, by offsets
	rels := v.Get("relations")
	rels.Elems(func(i int, r jsonx.Value) bool {
		field := "relations[" + strconv.Itoa(i) + "]"
		var ends [2]int
		for k, name := range []string{"head_span", "child_span"} {
			var s, e float64
			if s, e, err = bounds(field+"."+name, r.Get(name)); err != nil {
				return false
			}
			j, ok := byOffsets[key{s, e}]
			if !ok {
				j = len(rd.c.Spans) // an end that is no span of the task: a span without label
				byOffsets[key{s, e}] = j
				rd.c.Spans = append(rd.c.Spans, annotation.Span{Doc: d, Annotator: a, Start: s, End: e, Label: str(r.Get(name).Get("label")), Pos: rd.pos(line, field+"."+name)})
			}
			ends[k] = j
		}
		rd.c.Relations = append(rd.c.Relations, annotation.Relation{Doc: d, Annotator: a, Source: ends[0], Target: ends[1], Type: str(r.Get("label")), Pos: rd.pos(line, field)})
		return true
	})
	return err
}

func (rd *reader) hint() string {
	return fmt.Sprintf(" (offsets read as %s; Options.OffsetUnit sets the unit)", rd.opt.Unit)
}

// Package bio reads CoNLL-style column files of BIO tags (IOB1, IOB2,
// BIOES, BILOU) into the annotation model: the spans the tags encode, over
// the file's tokens.
//
// A file is one annotator's tagging (the annotator is named after the
// file). Each line is a token: columns separated by tabs (or, in a line
// without a tab, by spaces), the token in the first column and the tag in
// the column Options.Column (counted from 1; by default the last). A blank
// line ends a sentence. A line "-DOCSTART-" (CoNLL-2003) or "#begin
// document (NAME); part N" (CoNLL-2012) starts a document; documents are
// named by that NAME or by their number in the file ("1", "2", …), so that
// the annotators' files, which hold the same tokens, name the same
// documents. Other lines starting with "# " are comments.
//
// The document text is rebuilt by joining a sentence's tokens with a space
// and the sentences with a line break; the tokens become Document.Tokens
// (the token grid of token-level agreement, Corpus.TokenCoding). Tags are
// O or a prefix B, I, E, S (BIOES; L and U of BILOU are E and S), a '-' or
// '_' and a type. Chunks are decoded by the rules of the CoNLL evaluation
// script: those of conlleval.pl itself for IOB1 and IOB2 tags, and for E
// and S its IOBES extension, as the Python ports of conlleval and seqeval's
// default mode have it (conlleval.pl does not know E and S: it reads S-X
// S-X as one chunk, the extension as two). A chunk starts at B or S, at I
// or E after O, after E or S, or after a tag of another type, and ends
// before the tag that does not continue it (after E or S, at B, S or O, or
// at a tag of another type). A chunk becomes a span of its type
// from its first token's start to its last token's end. Chunks that start
// with I or E (IOB1, or tagging errors in IOB2 and BIOES) are counted in a
// note.
//
// Errors name the file and line and say what was expected.
package bio

import (
	"bytes"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"agree/annotation"
	"agree/formats/internal/names"
	"agree/internal/csvio"
	"agree/internal/plural"
	"agree/position"
)

// Options control reading.
type Options struct {
	// Column is the 1-based column of the tags; 0 means the last column.
	Column int
	// Annotator names the file's annotator; "" takes the file's base name.
	Annotator string
}

// Read reads one annotator's file; name is the file name.
func Read(r io.Reader, name string, opt Options) (*annotation.Corpus, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return ReadBytes(data, name, opt)
}

// tag is a decoded tag: its prefix (O, B, I, E, S) and type.
type tag struct {
	prefix byte
	typ    string
}

// parseTag reads a tag: "O", or B/I/E/S/L/U, '-' or '_', and a type.
func parseTag(s string) (tag, bool) {
	if s == "O" {
		return tag{prefix: 'O'}, true
	}
	if len(s) < 3 || (s[1] != '-' && s[1] != '_') {
		return tag{}, false
	}
	p := s[0]
	switch p {
	case 'B', 'I', 'E', 'S':
	case 'L':
		p = 'E'
	case 'U':
		p = 'S'
	default:
		return tag{}, false
	}
	return tag{prefix: p, typ: s[2:]}, true
}

// IsTag reports whether s is a tag ParseTag reads (for format detection).
func IsTag(s string) bool {
	_, ok := parseTag(s)
	return ok
}

// endsChunk and startsChunk are conlleval's rules, with its IOBES
// extension for E and S (the Python ports, seqeval).
func endsChunk(prev, cur tag) bool {
	switch {
	case prev.prefix == 'O':
		return false
	case prev.prefix == 'E' || prev.prefix == 'S':
		return true
	case cur.prefix == 'B' || cur.prefix == 'S' || cur.prefix == 'O':
		return true
	}
	return prev.typ != cur.typ
}

func startsChunk(prev, cur tag) bool {
	switch {
	case cur.prefix == 'O':
		return false
	case cur.prefix == 'B' || cur.prefix == 'S':
		return true
	case prev.prefix == 'O' || prev.prefix == 'E' || prev.prefix == 'S':
		return true
	}
	return prev.typ != cur.typ
}

type reader struct {
	name   string
	opt    Options
	c      *annotation.Corpus
	ann    int
	docNum int
	// the document being read
	doc       int
	text      []byte
	cps       int // code points of text
	tokens    []annotation.Token
	inSent    bool
	prev      tag
	chunk     int // index of the open chunk's span, -1 when none
	irregular int
}

// ReadBytes is Read on the file's content.
func ReadBytes(data []byte, name string, opt Options) (*annotation.Corpus, error) {
	rd := &reader{name: name, opt: opt, c: &annotation.Corpus{}, doc: -1, chunk: -1}
	who := opt.Annotator
	if who == "" {
		who = names.Base(name)
	}
	rd.ann = rd.c.Annotator(who)
	line := 0
	var fields []string
	for len(data) > 0 {
		line++
		var l []byte
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			l, data = data[:i], data[i+1:]
		} else {
			l, data = data, nil
		}
		l = bytes.TrimRight(l, "\r")
		if line == 1 {
			l = bytes.TrimPrefix(l, []byte("\ufeff"))
		}
		if !utf8.Valid(l) {
			return nil, position.Errorf(name, line, 0, "not UTF-8 text")
		}
		s := string(l)
		trimmed := strings.TrimSpace(s)
		switch {
		case trimmed == "":
			rd.endSentence()
			continue
		case strings.HasPrefix(trimmed, "-DOCSTART-"):
			if err := rd.startDocument("", line); err != nil {
				return nil, err
			}
			continue
		case strings.HasPrefix(trimmed, "#begin document"):
			if err := rd.startDocument(docName(trimmed), line); err != nil {
				return nil, err
			}
			continue
		case strings.HasPrefix(trimmed, "#end document"):
			rd.finishDocument()
			continue
		case strings.HasPrefix(s, "# ") || trimmed == "#":
			continue
		}
		if strings.IndexByte(s, '\t') >= 0 {
			fields = strings.Split(s, "\t")
			for i := range fields {
				fields[i] = strings.TrimSpace(fields[i])
			}
		} else {
			fields = strings.Fields(s)
		}
		col := len(fields)
		if rd.opt.Column > 0 {
			col = rd.opt.Column
		}
		if len(fields) < 2 || col > len(fields) {
			want := "a token and a tag"
			if rd.opt.Column > 0 {
				want = fmt.Sprintf("the tag in column %d (Options.Column)", rd.opt.Column)
			}
			return nil, position.Errorf(name, line, 0, "%s; want %s", plural.Count(len(fields), "column"), want)
		}
		if col == 1 {
			return nil, position.Errorf(name, line, 0, "column 1 is the token; the tags are in another column (Options.Column)")
		}
		tok, tg := fields[0], fields[col-1]
		t, ok := parseTag(tg)
		if !ok {
			return nil, position.Errorf(name, line, 0, "column %d: %s is not a tag (want O, or B-, I-, E-, S-, L- or U- and a type, as in B-PER)", col, csvio.Quote(tg))
		}
		if tok == "" {
			return nil, position.Errorf(name, line, 0, "an empty token")
		}
		if err := rd.token(tok, t, line); err != nil {
			return nil, err
		}
	}
	rd.finishDocument()
	if rd.irregular > 0 {
		rd.c.Notes = append(rd.c.Notes, fmt.Sprintf("%s: bio: %s %s with an I- or E- tag (IOB1 tagging, or errors in IOB2/BIOES), read as conlleval reads %s", name, plural.Count(rd.irregular, "chunk"), plural.Verb(rd.irregular, "starts", "start"), plural.Verb(rd.irregular, "it", "them")))
	}
	if len(rd.c.Documents) == 0 {
		return nil, fmt.Errorf("%s: no tokens", name)
	}
	return rd.c, nil
}

// docName takes NAME from "#begin document (NAME); part N".
func docName(line string) string {
	rest := strings.TrimSpace(strings.TrimPrefix(line, "#begin document"))
	name := rest
	if strings.HasPrefix(rest, "(") {
		if i := strings.Index(rest, ")"); i > 0 {
			name = rest[1:i]
			if part := strings.TrimSpace(rest[i+1:]); strings.HasPrefix(part, ";") {
				part = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(strings.TrimPrefix(part, ";")), "part"))
				if part != "" && strings.Trim(part, "0") != "" {
					name += " part " + part
				}
			}
		}
	}
	return name
}

func (rd *reader) startDocument(name string, line int) error {
	rd.finishDocument()
	rd.docNum++
	if name == "" {
		name = strconv.Itoa(rd.docNum)
	}
	if rd.c.LookupDocument(name) >= 0 {
		return position.Errorf(rd.name, line, 0, "document %q a second time in the file", name)
	}
	rd.doc = rd.c.Document(name)
	rd.c.MarkAnnotated(rd.doc, rd.ann)
	return nil
}

func (rd *reader) endSentence() {
	rd.closeChunk()
	rd.prev = tag{prefix: 'O'}
	rd.inSent = false
}

func (rd *reader) closeChunk() {
	rd.chunk = -1
}

func (rd *reader) token(tok string, t tag, line int) error {
	if rd.doc < 0 {
		if err := rd.startDocument("", line); err != nil {
			return err
		}
	}
	if len(rd.tokens) > 0 {
		if rd.inSent {
			rd.text = append(rd.text, ' ')
		} else {
			rd.text = append(rd.text, '\n')
		}
		rd.cps++
	}
	if !rd.inSent {
		rd.prev = tag{prefix: 'O'}
		rd.inSent = true
	}
	start := rd.cps
	rd.text = append(rd.text, tok...)
	rd.cps += utf8.RuneCountInString(tok)
	rd.tokens = append(rd.tokens, annotation.Token{Start: start, End: rd.cps})
	if rd.chunk >= 0 && endsChunk(rd.prev, t) {
		rd.closeChunk()
	}
	if startsChunk(rd.prev, t) {
		if t.prefix == 'I' || t.prefix == 'E' {
			rd.irregular++
		}
		rd.chunk = len(rd.c.Spans)
		rd.c.Spans = append(rd.c.Spans, annotation.Span{Doc: rd.doc, Annotator: rd.ann, Start: float64(start), End: float64(rd.cps),
			Label: t.typ, Pos: annotation.Pos{File: rd.name, Line: line}})
	} else if rd.chunk >= 0 {
		rd.c.Spans[rd.chunk].End = float64(rd.cps)
	}
	rd.prev = t
	return nil
}

func (rd *reader) finishDocument() {
	rd.endSentence()
	if rd.doc < 0 {
		return
	}
	rd.c.Documents[rd.doc].Text = string(rd.text)
	rd.c.Documents[rd.doc].HasText = true
	rd.c.Documents[rd.doc].Tokens = rd.tokens
	rd.doc, rd.text, rd.cps, rd.tokens = -1, nil, 0, nil
}

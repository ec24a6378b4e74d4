// Package textgrid reads Praat TextGrid files into the annotation model.
//
// A TextGrid is one recording: a document named after the file (without
// the extension), whose offsets are seconds. Both text formats Praat writes
// are read — the long one ("xmin = 0", "intervals [1]:") and the short one
// (values only) — as Praat itself reads them (the "TextGrid file formats"
// page of Praat's manual): the file is a sequence of numbers, strings in
// double quotes (a doubled quote stands for one) and flags (<exists>),
// everything else being comment, including "!" to the end of the line.
// The encoding is UTF-8, or UTF-16 with a byte-order mark (which Praat
// writes when the text is not ASCII), or Latin-1 for a file that is not
// valid UTF-8. The binary format is refused with a message.
//
// The TextGrid's xmin and xmax are the document's Extent (the continuum of
// the unitizing measures). Interval tiers give a unit per interval whose
// text is not empty (blank
// intervals are the gaps between units, not units); point tiers (TextTier)
// give a zero-length unit per point with a mark (dropped with
// --drop-zero-length, since the unitizing measures need start < end). Tiers
// become annotators as Options.Tiers says (package formats/internal/tiers:
// by default each tier's name; tiers without any unit are left out, with
// a note). Labels are the texts with surrounding white space removed.
// Errors name the file and the line, and say what was expected; intervals
// of an interval tier that overlap (one starting before the previous one
// ends, which Praat never writes) are an error at the second.
package textgrid

import (
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"agree/annotation"
	"agree/formats/internal/textenc"
	"agree/formats/internal/tiers"
	"agree/internal/plural"
	"agree/position"
)

// Options control reading.
type Options struct {
	// Tiers chooses the tiers and their annotators (see package
	// formats/internal/tiers); "" reads each tier that has units as the
	// annotator of its name.
	Tiers string
	// Document names the document; "" takes the file's base name.
	Document string
}

// Read reads one TextGrid file; name is the file name (its base name is the
// document unless opt.Document is set).
func Read(r io.Reader, name string, opt Options) (*annotation.Corpus, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return ReadBytes(data, name, opt)
}

type tokKind uint8

const (
	tNumber tokKind = iota
	tString
	tFlag
)

type token struct {
	kind tokKind
	num  float64
	text string // strings (unescaped) and flags (without < >)
	line int
}

// tokenize splits a TextGrid text into its numbers, strings and flags.
func tokenize(s, name string) ([]token, error) {
	var out []token
	line := 1
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '\n':
			line++
			i++
		case c == ' ' || c == '\t' || c == '\r':
			i++
		case c == '"':
			start := line
			var b strings.Builder
			i++
			for {
				j := strings.IndexByte(s[i:], '"')
				if j < 0 {
					return nil, position.Errorf(name, start, 0, "a string that never ends (want a closing \")")
				}
				b.WriteString(s[i : i+j])
				line += strings.Count(s[i:i+j], "\n")
				i += j + 1
				if i < len(s) && s[i] == '"' { // "" is a quote
					b.WriteByte('"')
					i++
					continue
				}
				break
			}
			out = append(out, token{kind: tString, text: b.String(), line: start})
		case c == '!':
			for i < len(s) && s[i] != '\n' {
				i++
			}
		case c == '<':
			j := strings.IndexByte(s[i:], '>')
			if j < 0 || strings.ContainsAny(s[i:i+j], "\n\"") {
				return nil, position.Errorf(name, line, 0, "a '<' that starts no flag such as <exists>")
			}
			out = append(out, token{kind: tFlag, text: s[i+1 : i+j], line: line})
			i += j + 1
		default:
			j := i
			for j < len(s) && !strings.ContainsRune(" \t\r\n\"!<", rune(s[j])) {
				j++
			}
			if x, ok := number(s[i:j]); ok {
				out = append(out, token{kind: tNumber, num: x, line: line})
			}
			if j == i {
				j++
			}
			i = j
		}
	}
	return out, nil
}

// number reads a word that starts with a number, as Praat does: an
// optional sign, a digit, then the longest prefix that is a decimal
// number (trailing letters, as in "0s", are comment).
func number(w string) (float64, bool) {
	k := 0
	if k < len(w) && (w[k] == '-' || w[k] == '+') {
		k++
	}
	if k >= len(w) || w[k] < '0' || w[k] > '9' {
		return 0, false
	}
	end := k
	for end < len(w) && w[end] >= '0' && w[end] <= '9' {
		end++
	}
	if end < len(w) && w[end] == '.' {
		end++
		for end < len(w) && w[end] >= '0' && w[end] <= '9' {
			end++
		}
	}
	if end < len(w) && (w[end] == 'e' || w[end] == 'E') {
		e := end + 1
		if e < len(w) && (w[e] == '-' || w[e] == '+') {
			e++
		}
		if e < len(w) && w[e] >= '0' && w[e] <= '9' {
			for e < len(w) && w[e] >= '0' && w[e] <= '9' {
				e++
			}
			end = e
		}
	}
	x, err := strconv.ParseFloat(w[:end], 64)
	if err != nil || math.IsInf(x, 0) {
		return 0, false
	}
	return x, true
}

// parser walks the tokens.
type parser struct {
	name string
	toks []token
	i    int
}

func (p *parser) line() int {
	if p.i < len(p.toks) {
		return p.toks[p.i].line
	}
	if len(p.toks) > 0 {
		return p.toks[len(p.toks)-1].line
	}
	return 1
}

func (p *parser) errorf(format string, args ...any) error {
	return position.Errorf(p.name, p.line(), 0, format, args...)
}

func (p *parser) next(kind tokKind, what string) (token, error) {
	if p.i >= len(p.toks) {
		return token{}, p.errorf("the file ends where %s should be", what)
	}
	t := p.toks[p.i]
	if t.kind != kind {
		found := map[tokKind]string{tNumber: "a number", tString: "a string", tFlag: "a flag"}[t.kind]
		return token{}, p.errorf("%s where %s should be", found, what)
	}
	p.i++
	return t, nil
}

func (p *parser) num(what string) (float64, error) {
	t, err := p.next(tNumber, what)
	return t.num, err
}

func (p *parser) count(what string) (int, error) {
	t, err := p.next(tNumber, what)
	if err != nil {
		return 0, err
	}
	if t.num < 0 || t.num != math.Trunc(t.num) || t.num > float64(len(p.toks)) {
		p.i--
		return 0, p.errorf("%s %v is not a possible count", what, t.num)
	}
	return int(t.num), nil
}

type unit struct {
	start, end float64
	label      string
	line       int
}

type tierData struct {
	name  string
	point bool
	units []unit
}

// ReadBytes is Read on the file's content.
func ReadBytes(data []byte, name string, opt Options) (*annotation.Corpus, error) {
	sel, err := tiers.Parse(opt.Tiers)
	if err != nil {
		return nil, err
	}
	if strings.HasPrefix(string(data[:min(len(data), 16)]), "ooBinaryFile") {
		return nil, fmt.Errorf("%s: a binary TextGrid: save it as a text file in Praat (Save as text file… or Save as short text file…)", name)
	}
	text, enc, err := textenc.Decode(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	toks, err := tokenize(text, name)
	if err != nil {
		return nil, err
	}
	p := &parser{name: name, toks: toks}
	ft, err := p.next(tString, `the file type "ooTextFile"`)
	if err != nil || (ft.text != "ooTextFile" && ft.text != "ooTextFile short") {
		return nil, position.Errorf(name, 1, 0, "not a Praat text file (want File type = \"ooTextFile\")")
	}
	oc, err := p.next(tString, `the object class "TextGrid"`)
	if err != nil {
		return nil, err
	}
	if oc.text != "TextGrid" {
		return nil, position.Errorf(name, oc.line, 0, "a Praat %q object (want a TextGrid)", oc.text)
	}
	gmin, err := p.num("the TextGrid's xmin")
	if err != nil {
		return nil, err
	}
	gmax, err := p.num("the TextGrid's xmax")
	if err != nil {
		return nil, err
	}
	if gmin > gmax {
		return nil, p.errorf("the TextGrid's xmin %v is after its xmax %v", gmin, gmax)
	}
	flag, err := p.next(tFlag, "<exists> or <absent>")
	if err != nil {
		return nil, err
	}
	var tds []tierData
	if flag.text == "exists" {
		n, err := p.count("the number of tiers")
		if err != nil {
			return nil, err
		}
		for k := 0; k < n; k++ {
			td, err := p.tier(k + 1)
			if err != nil {
				return nil, err
			}
			tds = append(tds, td)
		}
	} else if flag.text != "absent" {
		return nil, position.Errorf(name, flag.line, 0, "flag <%s> (want <exists> or <absent>)", flag.text)
	}
	desc := make([]tiers.Tier, len(tds))
	for i, td := range tds {
		desc[i] = tiers.Tier{Name: td.name, Empty: len(td.units) == 0}
	}
	choices, note, err := sel.Assign(desc, name)
	if err != nil {
		return nil, err
	}
	doc := sel.Document(opt.Document, name)
	c := &annotation.Corpus{}
	d := c.Document(doc)
	c.Documents[d].Time = true
	if gmin < gmax {
		c.Documents[d].Extent = [2]float64{gmin, gmax}
	}
	if note != "" {
		c.Notes = append(c.Notes, name+": textgrid: "+note)
	}
	if enc == textenc.Latin1 {
		c.Notes = append(c.Notes, fmt.Sprintf("%s: textgrid: not valid UTF-8, read as ISO Latin-1 (as Praat does)", name))
	}
	points := 0
	for i, td := range tds {
		ch := choices[i]
		if ch.Annotator == "" {
			continue
		}
		a := c.Annotator(ch.Annotator)
		c.MarkAnnotated(d, a)
		if td.point {
			points += len(td.units)
		}
		for _, u := range td.units {
			c.Spans = append(c.Spans, annotation.Span{Doc: d, Annotator: a, Start: u.start, End: u.end, Label: u.label,
				Layer: ch.Layer, Pos: annotation.Pos{File: name, Line: u.line}})
		}
	}
	if points > 0 {
		c.Notes = append(c.Notes, fmt.Sprintf("%s: textgrid: %s of point tiers read as zero-length units", name, plural.Count(points, "point")))
	}
	return c, nil
}

// tier reads one tier: its class, name, extent and intervals or points.
func (p *parser) tier(k int) (tierData, error) {
	cls, err := p.next(tString, fmt.Sprintf(`the class of tier %d ("IntervalTier" or "TextTier")`, k))
	if err != nil {
		return tierData{}, err
	}
	nm, err := p.next(tString, fmt.Sprintf("the name of tier %d", k))
	if err != nil {
		return tierData{}, err
	}
	td := tierData{name: nm.text}
	switch cls.text {
	case "IntervalTier":
	case "TextTier":
		td.point = true
	default:
		return td, position.Errorf(p.name, cls.line, 0, "tier %d (%q) is a %q (want IntervalTier or TextTier)", k, nm.text, cls.text)
	}
	if _, err := p.num("the tier's xmin"); err != nil {
		return td, err
	}
	if _, err := p.num("the tier's xmax"); err != nil {
		return td, err
	}
	what := "intervals"
	if td.point {
		what = "points"
	}
	n, err := p.count("the number of " + what + " of tier " + strconv.Quote(nm.text))
	if err != nil {
		return td, err
	}
	prevEnd, prevLine := math.Inf(-1), 0 // the previous interval's xmax and line
	for j := 0; j < n; j++ {
		line := p.line()
		var u unit
		if td.point {
			if u.start, err = p.num(fmt.Sprintf("the time of point %d of tier %q", j+1, nm.text)); err != nil {
				return td, err
			}
			u.end = u.start
		} else {
			if u.start, err = p.num(fmt.Sprintf("the xmin of interval %d of tier %q", j+1, nm.text)); err != nil {
				return td, err
			}
			if u.end, err = p.num(fmt.Sprintf("the xmax of interval %d of tier %q", j+1, nm.text)); err != nil {
				return td, err
			}
			if u.start > u.end {
				return td, position.Errorf(p.name, line, 0, "interval %d of tier %q: xmin %v is after xmax %v", j+1, nm.text, u.start, u.end)
			}
			if u.start < prevEnd {
				return td, position.Errorf(p.name, line, 0, "interval %d of tier %q starts at %v, before the end of interval %d (%v, line %d): the intervals of an interval tier follow one another without overlapping", j+1, nm.text, u.start, j, prevEnd, prevLine)
			}
			prevEnd, prevLine = u.end, line
		}
		t, err := p.next(tString, fmt.Sprintf("the text of %s %d of tier %q", what[:len(what)-1], j+1, nm.text))
		if err != nil {
			return td, err
		}
		if u.label = strings.TrimSpace(t.text); u.label == "" {
			continue // a gap, not a unit
		}
		u.line = line
		td.units = append(td.units, u)
	}
	return td, nil
}

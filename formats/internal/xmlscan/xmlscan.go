// Package xmlscan is a small XML scanner for the XML files annotation tools
// write (UIMA CAS XMI, ELAN .eaf): start and end tags with their attributes
// (values unescaped and normalised as XML 1.0 and 1.1 say) and, on demand,
// the text of an element, skipping the declaration, comments and CDATA
// between tags.
//
// encoding/xml refuses XML 1.1 declarations and the control characters XML
// 1.1 allows as character references (&#1;), which UIMA writes for texts
// that hold them; it is also several times slower than the files need.
//
// The scanner checks what well-formedness needs of these files: every end
// tag closes the element open (a mismatch is an error, whoever reads), the
// file does not end inside an element, there is one root element, no tag
// has an attribute twice, and the text is UTF-8 without the control
// characters XML forbids as literal characters (NUL and the other C0
// controls but tab, line feed and carriage return). A DOCTYPE is refused;
// the encoding must be UTF-8.
//
// Errors give the line and the column (in bytes, from 1) of what is wrong:
// XMI files are often one line of megabytes, where a line alone locates
// nothing.
//
// The data are held as one string: names, and attribute values and texts
// without references or line breaks, are substrings of it (no copy). A
// caller that keeps such a string beyond the data's lifetime keeps the
// whole data alive: it should clone (or intern) what it keeps.
package xmlscan

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"agree/internal/excerpt"
	"agree/internal/limits"
)

// Attr is an attribute of a tag.
type Attr struct {
	Name, Value string
	// Copied is true when Value is a string of its own (references were
	// resolved or white space normalised), false when it is a substring
	// of the data: a caller that keeps a value only needs to clone the
	// latter.
	Copied bool
}

// Tag is a start tag (with its attributes, Empty for <name/>) or an end
// tag (End), with the line and column (in bytes, from 1) of its '<'.
type Tag struct {
	Name      string
	Attrs     []Attr // reused by the next call of Next
	End       bool   // </name>
	Empty     bool   // <name/>
	Line, Col int
	Off       int // the byte offset of its '<'
}

// Attr returns the value of the attribute name and whether it is there.
func (t *Tag) Attr(name string) (string, bool) {
	for _, a := range t.Attrs {
		if a.Name == name {
			return a.Value, true
		}
	}
	return "", false
}

// open is an element whose end tag has not come yet.
type open struct {
	name string
	at   int // offset of its '<'
}

// Scanner scans one XML text.
type Scanner struct {
	data string
	pos  int
	// line is the line of offset lineAt, which starts at lineStart.
	line, lineAt, lineStart int
	attrs                   []Attr
	stack                   []open
	rootDone                bool // the root element was closed
	checked                 bool // the characters were checked
	seen                    map[string]bool
}

// ReadAll reads r (named name in messages) into one string for
// NewString, in one allocation of the right size when r tells its size (a
// file, a bytes.Reader): a file costs its size once, not the twice or
// thrice of io.ReadAll and a conversion. More than limits.MaxFile bytes
// is an error naming the file.
func ReadAll(r io.Reader, name string) (string, error) {
	var b strings.Builder
	if n := limits.SizeHint(r); n > limits.MaxFile {
		return "", limits.Exceeded(name, 0, "file", limits.MaxFile)
	} else if n > 0 {
		b.Grow(int(n))
	}
	_, err := io.Copy(&b, limits.Reader(r, name, "file", limits.MaxFile))
	return b.String(), err
}

// New returns a scanner of data (converted to a string once; see the
// package documentation).
func New(data []byte) *Scanner { return NewString(string(data)) }

// NewString returns a scanner of data.
func NewString(data string) *Scanner {
	return &Scanner{data: data, line: 1}
}

// Line returns the line of the scanner's position.
func (s *Scanner) Line() int { l, _ := s.position(s.pos); return l }

// PositionOf returns the line and column (in bytes, from 1) of the byte
// offset off (a Tag's Off, for a message about a tag met earlier).
func (s *Scanner) PositionOf(off int) (line, col int) { return s.position(off) }

// Position returns the line and column (in bytes, from 1) of the
// scanner's position.
func (s *Scanner) Position() (line, col int) { return s.position(s.pos) }

// position returns the line and column of offset p. Offsets asked for
// mostly grow (tags in order): those are counted from the last one asked
// for; an earlier one (on an error path) is counted from the start.
func (s *Scanner) position(p int) (line, col int) {
	p = min(max(p, 0), len(s.data))
	if p < s.lineAt {
		before := s.data[:p]
		return 1 + strings.Count(before, "\n"), p - (strings.LastIndexByte(before, '\n') + 1) + 1
	}
	if p > s.lineAt {
		seg := s.data[s.lineAt:p]
		if i := strings.LastIndexByte(seg, '\n'); i >= 0 {
			s.line += strings.Count(seg, "\n")
			s.lineStart = s.lineAt + i + 1
		}
		s.lineAt = p
	}
	return s.line, p - s.lineStart + 1
}

// Error is a scanning error at a line and column (in bytes, from 1).
type Error struct {
	Line, Col int
	Msg       string
}

func (e *Error) Error() string { return fmt.Sprintf("line %d, column %d: %s", e.Line, e.Col, e.Msg) }

func (s *Scanner) errorf(p int, format string, args ...any) error {
	l, c := s.position(p)
	return &Error{Line: l, Col: c, Msg: fmt.Sprintf(format, args...)}
}

// where describes where an open element started, for messages.
func (s *Scanner) where(o open) string {
	l, c := s.position(o.at)
	return fmt.Sprintf("opened at line %d, column %d", l, c)
}

// checkChars refuses data that is not UTF-8 or holds a control character
// XML forbids as a literal character (XML 1.0 §2.2, XML 1.1 §2.2: NUL is
// no character at all; the other C0 controls but tab, line feed and
// carriage return may only appear as character references in XML 1.1).
func (s *Scanner) checkChars() error {
	d := s.data
	for i := 0; i < len(d); i++ {
		c := d[i]
		if c >= 0x20 && c < 0x80 {
			continue
		}
		if c < 0x20 {
			if c == '\t' || c == '\n' || c == '\r' {
				continue
			}
			if c == 0 {
				return s.errorf(i, "a NUL byte, which XML does not allow anywhere (is the file UTF-16 or binary?)")
			}
			return s.errorf(i, "control character U+%04X written as itself: XML allows it only as the reference &#%d; (XML 1.1)", c, c)
		}
		r, n := utf8.DecodeRuneInString(d[i:])
		if r == utf8.RuneError && n == 1 {
			return s.errorf(i, "a byte that is not UTF-8 (0x%02X): the file must be UTF-8", c)
		}
		i += n - 1
	}
	return nil
}

// Next returns the next tag, skipping the text before it; ok is false at
// the end of the input. The Attrs slice of a tag is reused by the
// following call. An end tag that does not close the element open, a
// second root element and the end of the input inside an element are
// errors, as is any other ill-formed markup; errors give the line and
// column ("line 12, column 5: …").
func (s *Scanner) Next() (t Tag, ok bool, err error) {
	if !s.checked {
		s.checked = true
		if err := s.checkChars(); err != nil {
			return t, false, err
		}
	}
	d := s.data
	for {
		i := strings.IndexByte(d[s.pos:], '<')
		if i < 0 {
			s.pos = len(d)
			if n := len(s.stack); n > 0 {
				o := s.stack[n-1]
				return t, false, s.errorf(len(d), "the file ends inside <%s> (%s)", excerpt.Clip(o.name), s.where(o))
			}
			return Tag{}, false, nil
		}
		start := s.pos + i
		rest := d[start:]
		switch {
		case strings.HasPrefix(rest, "<?"):
			end := strings.Index(rest, "?>")
			if end < 0 {
				return t, false, s.errorf(start, "unterminated <? … ?>")
			}
			if strings.HasPrefix(rest, "<?xml ") || strings.HasPrefix(rest, "<?xml\t") || strings.HasPrefix(rest, "<?xml\n") {
				if err := s.declaration(rest[:end], start); err != nil {
					return t, false, err
				}
			}
			s.pos = start + end + 2
		case strings.HasPrefix(rest, "<!--"):
			end := strings.Index(rest[4:], "-->")
			if end < 0 {
				return t, false, s.errorf(start, "unterminated comment")
			}
			s.pos = start + 4 + end + 3
		case strings.HasPrefix(rest, "<![CDATA["):
			end := strings.Index(rest, "]]>")
			if end < 0 {
				return t, false, s.errorf(start, "unterminated CDATA section")
			}
			s.pos = start + end + 3
		case strings.HasPrefix(rest, "<!"):
			return t, false, s.errorf(start, "a DOCTYPE or other <! declaration, which these files have none of")
		case strings.HasPrefix(rest, "</"):
			return s.endTag(start)
		default:
			return s.startTag(start)
		}
	}
}

// endTag scans "</name>" at start and closes the open element.
func (s *Scanner) endTag(start int) (Tag, bool, error) {
	rest := s.data[start:]
	end := strings.IndexByte(rest, '>')
	if end < 0 {
		return Tag{}, false, s.errorf(start, "unterminated end tag")
	}
	name := strings.TrimRight(rest[2:end], " \t\r\n")
	if !validName(name) {
		return Tag{}, false, s.errorf(start, "end tag %q: not an XML name", excerpt.Clip(name))
	}
	n := len(s.stack)
	if n == 0 {
		return Tag{}, false, s.errorf(start, "end tag </%s> closes no element", excerpt.Clip(name))
	}
	if o := s.stack[n-1]; o.name != name {
		return Tag{}, false, s.errorf(start, "</%s> does not close <%s> (%s): the file is not well-formed XML", excerpt.Clip(name), excerpt.Clip(o.name), s.where(o))
	}
	s.stack = s.stack[:n-1]
	s.rootDone = n == 1
	s.pos = start + end + 1
	l, c := s.position(start)
	return Tag{Name: name, End: true, Line: l, Col: c, Off: start}, true, nil
}

// declaration checks the XML declaration: version 1.0 or 1.1, encoding
// UTF-8 (or none).
func (s *Scanner) declaration(decl string, at int) error {
	if i := strings.Index(decl, "encoding"); i >= 0 {
		v := decl[i+len("encoding"):]
		v = strings.TrimLeft(v, " \t\r\n=")
		if len(v) > 0 && (v[0] == '"' || v[0] == '\'') {
			if j := strings.IndexByte(v[1:], v[0]); j >= 0 {
				enc := strings.ToUpper(v[1 : 1+j])
				if enc != "UTF-8" && enc != "UTF8" && enc != "US-ASCII" && enc != "ASCII" {
					return s.errorf(at, "encoding %q: want UTF-8 (the tools write UTF-8; convert the file)", v[1:1+j])
				}
			}
		}
	}
	return nil
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// validName reports whether n can be an XML name here: not empty, without
// the characters that end or quote one (the data are valid UTF-8).
func validName(n string) bool {
	if n == "" {
		return false
	}
	for i := 0; i < len(n); i++ {
		c := n[i]
		if isSpace(c) || c == '<' || c == '>' || c == '/' || c == '=' || c == '"' || c == '\'' || c == '&' {
			return false
		}
	}
	return true
}

// startTag scans "<name attr='v' …>" or "<name …/>" at start.
func (s *Scanner) startTag(start int) (Tag, bool, error) {
	d := s.data
	p := start + 1
	n := p
	for n < len(d) && !isSpace(d[n]) && d[n] != '>' && d[n] != '/' {
		n++
	}
	name := d[p:n]
	if !validName(name) {
		return Tag{}, false, s.errorf(start, "a tag without a valid name")
	}
	if len(s.stack) == 0 && s.rootDone {
		return Tag{}, false, s.errorf(start, "a second root element <%s>: an XML file has one", excerpt.Clip(name))
	}
	l, c := s.position(start)
	t := Tag{Name: name, Line: l, Col: c, Off: start}
	s.attrs = s.attrs[:0]
	p = n
	for {
		for p < len(d) && isSpace(d[p]) {
			p++
		}
		if p >= len(d) {
			return t, false, s.errorf(start, "unterminated tag <%s", excerpt.Clip(name))
		}
		if d[p] == '>' {
			p++
			break
		}
		if d[p] == '/' {
			if p+1 < len(d) && d[p+1] == '>' {
				t.Empty = true
				p += 2
				break
			}
			return t, false, s.errorf(p, "in tag <%s: '/' not followed by '>'", excerpt.Clip(name))
		}
		a := p
		for p < len(d) && !isSpace(d[p]) && d[p] != '=' && d[p] != '>' && d[p] != '/' {
			p++
		}
		an := d[a:p]
		if !validName(an) {
			return t, false, s.errorf(a, "in tag <%s: an attribute without a valid name", excerpt.Clip(name))
		}
		if s.duplicate(an) {
			return t, false, s.errorf(a, "in tag <%s: attribute %s given twice", excerpt.Clip(name), excerpt.Clip(an))
		}
		for p < len(d) && isSpace(d[p]) {
			p++
		}
		if p >= len(d) || d[p] != '=' {
			return t, false, s.errorf(a, "in tag <%s: attribute %s without a value", excerpt.Clip(name), excerpt.Clip(an))
		}
		p++
		for p < len(d) && isSpace(d[p]) {
			p++
		}
		if p >= len(d) || (d[p] != '"' && d[p] != '\'') {
			return t, false, s.errorf(a, "in tag <%s: the value of %s is not quoted", excerpt.Clip(name), excerpt.Clip(an))
		}
		q := d[p]
		e := strings.IndexByte(d[p+1:], q)
		if e < 0 {
			return t, false, s.errorf(a, "in tag <%s: unterminated value of %s", excerpt.Clip(name), excerpt.Clip(an))
		}
		v, copied, err := s.resolve(d[p+1:p+1+e], true)
		if err != nil {
			return t, false, s.errorf(a, "in tag <%s, attribute %s: %v", excerpt.Clip(name), excerpt.Clip(an), err)
		}
		s.attrs = append(s.attrs, Attr{an, v, copied})
		p += e + 2
	}
	switch {
	case !t.Empty:
		s.stack = append(s.stack, open{name, start})
	case len(s.stack) == 0:
		s.rootDone = true // an empty root element
	}
	s.pos = p
	t.Attrs = s.attrs
	return t, true, nil
}

// duplicate reports whether the tag being scanned has an attribute name
// already: by a look at the few attributes of real tags, by a set past
// 16 (a tag of a million attributes must not take a million squared).
func (s *Scanner) duplicate(name string) bool {
	const linear = 16
	n := len(s.attrs)
	if n < linear {
		for _, a := range s.attrs {
			if a.Name == name {
				return true
			}
		}
		return false
	}
	if n == linear {
		clear(s.seen)
		if s.seen == nil {
			s.seen = map[string]bool{}
		}
		for _, a := range s.attrs {
			s.seen[a.Name] = true
		}
	}
	if s.seen[name] {
		return true
	}
	s.seen[name] = true
	return false
}

// resolve resolves the references of raw (text, or with attr an attribute
// value) and normalises its white space as XML does: in an attribute
// value a literal tab, line feed or carriage return (a CR LF pair counting
// as one) becomes a space, and text keeps them (a CR LF pair, or a lone
// CR, becoming a line feed); characters written as references stay. raw
// itself is returned when it has nothing to resolve or normalise (copied
// false); otherwise a string of its own, built in one allocation of at
// most raw's size (a reference is never shorter than its character), the
// runs of ordinary characters copied whole: a 50 MB document text costs
// its size once.
func (s *Scanner) resolve(raw string, attr bool) (string, bool, error) {
	special := func(c byte) bool {
		return c == '&' || c == '\r' || c == '<' || (attr && (c == '\t' || c == '\n'))
	}
	k := 0
	for k < len(raw) && !special(raw[k]) {
		k++
	}
	if k == len(raw) {
		return raw, false, nil
	}
	var b strings.Builder
	b.Grow(len(raw))
	for i := 0; i < len(raw); i++ {
		j := i
		for j < len(raw) && !special(raw[j]) {
			j++
		}
		b.WriteString(raw[i:j])
		if i = j; i == len(raw) {
			break
		}
		switch c := raw[i]; c {
		case '<':
			if attr {
				return "", false, fmt.Errorf("'<' in an attribute value")
			}
			b.WriteByte(c)
		case '\t', '\n':
			b.WriteByte(' ') // special only in an attribute value
		case '\r':
			if attr {
				b.WriteByte(' ')
			} else {
				b.WriteByte('\n')
			}
			if i+1 < len(raw) && raw[i+1] == '\n' {
				i++
			}
		case '&':
			e := strings.IndexByte(raw[i:], ';')
			if e < 0 {
				return "", false, fmt.Errorf("'&' without ';'")
			}
			ref := raw[i+1 : i+e]
			switch ref {
			case "lt":
				b.WriteByte('<')
			case "gt":
				b.WriteByte('>')
			case "amp":
				b.WriteByte('&')
			case "quot":
				b.WriteByte('"')
			case "apos":
				b.WriteByte('\'')
			default:
				if !strings.HasPrefix(ref, "#") || len(ref) < 2 {
					return "", false, fmt.Errorf("unknown entity &%s;", excerpt.Clip(ref))
				}
				var n uint64
				var err error
				if ref[1] == 'x' {
					n, err = strconv.ParseUint(ref[2:], 16, 32)
				} else {
					n, err = strconv.ParseUint(ref[1:], 10, 32)
				}
				// XML 1.1 allows references to every character but NUL
				if err != nil || n == 0 || n > utf8.MaxRune || (n >= 0xD800 && n < 0xE000) {
					return "", false, fmt.Errorf("bad character reference &%s;", excerpt.Clip(ref))
				}
				b.WriteRune(rune(n))
			}
			i += e
		}
	}
	return b.String(), true, nil
}

// Skip skips the content of the element just opened (not empty), up to
// its end tag (which must match: see Next).
func (s *Scanner) Skip(name string) error {
	depth := len(s.stack) - 1
	if depth < 0 || s.stack[depth].name != name {
		return fmt.Errorf("Skip(%q): the element open is not <%s>", name, name)
	}
	for len(s.stack) > depth {
		_, ok, err := s.Next()
		if err != nil {
			return err
		}
		if !ok {
			return s.errorf(len(s.data), "element <%s> is not closed", excerpt.Clip(name))
		}
	}
	return nil
}

// Text returns the character data from the scanner's position (just after
// a start tag) up to the next tag, references resolved and CDATA sections
// kept as they are; comments in it are skipped.
func (s *Scanner) Text() (string, error) {
	d := s.data
	var b []byte
	single, pieces := "", 0 // the text when it is one piece
	for {
		i := strings.IndexByte(d[s.pos:], '<')
		if i < 0 {
			return "", s.errorf(len(d), "the file ends in the text of an element")
		}
		if raw := d[s.pos : s.pos+i]; len(raw) > 0 {
			t, _, err := s.resolve(raw, false)
			if err != nil {
				return "", s.errorf(s.pos, "%v", err)
			}
			b = piece(b, t, &single, &pieces)
		}
		s.pos += i
		rest := d[s.pos:]
		switch {
		case strings.HasPrefix(rest, "<![CDATA["):
			end := strings.Index(rest, "]]>")
			if end < 0 {
				return "", s.errorf(s.pos, "unterminated CDATA section")
			}
			if t := rest[len("<![CDATA["):end]; len(t) > 0 {
				b = piece(b, t, &single, &pieces)
			}
			s.pos += end + 3
		case strings.HasPrefix(rest, "<!--"):
			end := strings.Index(rest[4:], "-->")
			if end < 0 {
				return "", s.errorf(s.pos, "unterminated comment")
			}
			s.pos += 4 + end + 3
		default:
			if pieces == 1 {
				return single, nil
			}
			return string(b), nil
		}
	}
}

// piece adds a piece of text to b, or holds it in single while it is the
// only one (a text of one piece is returned without a copy).
func piece(b []byte, t string, single *string, pieces *int) []byte {
	*pieces++
	switch *pieces {
	case 1:
		*single = t
		return b
	case 2:
		b = append(b, *single...)
	}
	return append(b, t...)
}

package xmlscan

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Package xmlscan is a small XML scanner for the XML files annotation tools
// write (UIMA CAS XMI, ELAN .eaf): start and end tags with their attributes
// (values unescaped and normalised as XML 1.0 and 1.1 say) and, on demand,
// the text of an element, skipping the declaration, comments and CDATA
// between tags. encoding/xml refuses XML 1.1 declarations and the control
// characters XML 1.1 allows as character references (&#1;), which UIMA
// writes for texts that hold them; it is also several times slower than
// the files need. It does not check that end tags match start tags: its
// callers do, knowing what they read. A DOCTYPE is refused; the encoding
// must be UTF-8.

// Attr is an attribute of a tag.
type Attr struct {
	Name, Value string
}

// Tag is a start tag (with its attributes, Empty for <name/>) or an end
// tag (End).
type Tag struct {
	Name  string
	Attrs []Attr // reused by the next call of Next
	End   bool   // </name>
	Empty bool   // <name/>
	Line  int
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

// Scanner scans one XML text.
type Scanner struct {
	data []byte
	pos  int
	line int
	// lineAt is the offset up to which line is counted.
	lineAt int
	attrs  []Attr
	buf    []byte
}

// New returns a scanner of data.
func New(data []byte) *Scanner {
	return &Scanner{data: data, line: 1}
}

// Line returns the line of the scanner's position.
func (s *Scanner) Line() int { return s.lineOf(s.pos) }

// lineOf returns the line of offset p (p only grows between calls).
func (s *Scanner) lineOf(p int) int {
	if p > len(s.data) {
		p = len(s.data)
	}
	if p > s.lineAt {
		s.line += bytes.Count(s.data[s.lineAt:p], []byte{'\n'})
		s.lineAt = p
	}
	return s.line
}

// Error is a scanning error at a line.
type Error struct {
	Line int
	Msg  string
}

func (e *Error) Error() string { return fmt.Sprintf("line %d: %s", e.Line, e.Msg) }

func (s *Scanner) errorf(p int, format string, args ...any) error {
	return &Error{Line: s.lineOf(p), Msg: fmt.Sprintf(format, args...)}
}

// Next returns the next tag, skipping the text before it; ok is false at
// the end of the input. The Attrs slice of a tag is reused by the
// following call. Errors give the line ("line 12: …").
func (s *Scanner) Next() (t Tag, ok bool, err error) {
	d := s.data
	for {
		i := bytes.IndexByte(d[s.pos:], '<')
		if i < 0 {
			s.pos = len(d)
			return Tag{}, false, nil
		}
		start := s.pos + i
		rest := d[start:]
		switch {
		case bytes.HasPrefix(rest, []byte("<?")):
			end := bytes.Index(rest, []byte("?>"))
			if end < 0 {
				return t, false, s.errorf(start, "unterminated <? … ?>")
			}
			if bytes.HasPrefix(rest, []byte("<?xml ")) || bytes.HasPrefix(rest, []byte("<?xml\t")) || bytes.HasPrefix(rest, []byte("<?xml\n")) {
				if err := s.declaration(rest[:end], start); err != nil {
					return t, false, err
				}
			}
			s.pos = start + end + 2
		case bytes.HasPrefix(rest, []byte("<!--")):
			end := bytes.Index(rest[4:], []byte("-->"))
			if end < 0 {
				return t, false, s.errorf(start, "unterminated comment")
			}
			s.pos = start + 4 + end + 3
		case bytes.HasPrefix(rest, []byte("<![CDATA[")):
			end := bytes.Index(rest, []byte("]]>"))
			if end < 0 {
				return t, false, s.errorf(start, "unterminated CDATA section")
			}
			s.pos = start + end + 3
		case bytes.HasPrefix(rest, []byte("<!")):
			return t, false, s.errorf(start, "a DOCTYPE or other <! declaration, which these files have none of")
		case bytes.HasPrefix(rest, []byte("</")):
			end := bytes.IndexByte(rest, '>')
			if end < 0 {
				return t, false, s.errorf(start, "unterminated end tag")
			}
			name := strings.TrimSpace(string(rest[2:end]))
			if !validName(name) {
				return t, false, s.errorf(start, "end tag %q: not an XML name", clip(name))
			}
			s.pos = start + end + 1
			return Tag{Name: name, End: true, Line: s.lineOf(start)}, true, nil
		default:
			return s.startTag(start)
		}
	}
}

// declaration checks the XML declaration: version 1.0 or 1.1, encoding
// UTF-8 (or none).
func (s *Scanner) declaration(decl []byte, at int) error {
	str := string(decl)
	if i := strings.Index(str, "encoding"); i >= 0 {
		v := str[i+len("encoding"):]
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
	return utf8.ValidString(n)
}

// startTag scans "<name attr='v' …>" or "<name …/>" at start.
func (s *Scanner) startTag(start int) (Tag, bool, error) {
	d := s.data
	p := start + 1
	n := p
	for n < len(d) && !isSpace(d[n]) && d[n] != '>' && d[n] != '/' {
		n++
	}
	name := string(d[p:n])
	if !validName(name) {
		return Tag{}, false, s.errorf(start, "a tag without a valid name")
	}
	t := Tag{Name: name, Line: s.lineOf(start)}
	s.attrs = s.attrs[:0]
	p = n
	for {
		for p < len(d) && isSpace(d[p]) {
			p++
		}
		if p >= len(d) {
			return t, false, s.errorf(start, "unterminated tag <%s", clip(name))
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
			return t, false, s.errorf(p, "in tag <%s: '/' not followed by '>'", clip(name))
		}
		a := p
		for p < len(d) && !isSpace(d[p]) && d[p] != '=' && d[p] != '>' && d[p] != '/' {
			p++
		}
		an := string(d[a:p])
		if !validName(an) {
			return t, false, s.errorf(a, "in tag <%s: an attribute without a valid name", clip(name))
		}
		for p < len(d) && isSpace(d[p]) {
			p++
		}
		if p >= len(d) || d[p] != '=' {
			return t, false, s.errorf(a, "in tag <%s: attribute %s without a value", clip(name), clip(an))
		}
		p++
		for p < len(d) && isSpace(d[p]) {
			p++
		}
		if p >= len(d) || (d[p] != '"' && d[p] != '\'') {
			return t, false, s.errorf(a, "in tag <%s: the value of %s is not quoted", clip(name), clip(an))
		}
		q := d[p]
		e := bytes.IndexByte(d[p+1:], q)
		if e < 0 {
			return t, false, s.errorf(a, "in tag <%s: unterminated value of %s", clip(name), clip(an))
		}
		raw := d[p+1 : p+1+e]
		v, err := s.unescape(raw)
		if err != nil {
			return t, false, s.errorf(a, "in tag <%s, attribute %s: %v", clip(name), clip(an), err)
		}
		s.attrs = append(s.attrs, Attr{an, v})
		p += e + 2
	}
	s.pos = p
	t.Attrs = s.attrs
	return t, true, nil
}

// unescape resolves the references of an attribute value and normalises
// its white space as XML does: a literal tab, line feed or carriage return
// (a CR LF pair counting as one) becomes a space; characters written as
// references stay.
func (s *Scanner) unescape(raw []byte) (string, error) { return s.resolve(raw, true) }

// resolve resolves references; attr normalises white space as in an
// attribute value (text keeps it, a CR LF pair becoming a line feed).
func (s *Scanner) resolve(raw []byte, attr bool) (string, error) {
	if bytes.IndexAny(raw, "&\t\n\r<") < 0 {
		if !utf8.Valid(raw) {
			return "", fmt.Errorf("not valid UTF-8")
		}
		return string(raw), nil
	}
	b := s.buf[:0]
	for i := 0; i < len(raw); i++ {
		c := raw[i]
		switch c {
		case '<':
			return "", fmt.Errorf("'<' in an attribute value")
		case '\t', '\n':
			if attr {
				c = ' '
			}
			b = append(b, c)
		case '\r':
			if attr {
				b = append(b, ' ')
			} else {
				b = append(b, '\n')
			}
			if i+1 < len(raw) && raw[i+1] == '\n' {
				i++
			}
		case '&':
			e := bytes.IndexByte(raw[i:], ';')
			if e < 0 {
				return "", fmt.Errorf("'&' without ';'")
			}
			ref := string(raw[i+1 : i+e])
			switch ref {
			case "lt":
				b = append(b, '<')
			case "gt":
				b = append(b, '>')
			case "amp":
				b = append(b, '&')
			case "quot":
				b = append(b, '"')
			case "apos":
				b = append(b, '\'')
			default:
				if !strings.HasPrefix(ref, "#") || len(ref) < 2 {
					return "", fmt.Errorf("unknown entity &%s;", clip(ref))
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
					return "", fmt.Errorf("bad character reference &%s;", clip(ref))
				}
				b = utf8.AppendRune(b, rune(n))
			}
			i += e
		default:
			b = append(b, c)
		}
	}
	s.buf = b
	if !utf8.Valid(b) {
		return "", fmt.Errorf("not valid UTF-8")
	}
	return string(b), nil
}

// Skip skips the content of the element just opened (not empty), up to
// its end tag.
func (s *Scanner) Skip(name string) error {
	depth := 1
	for depth > 0 {
		t, ok, err := s.Next()
		if err != nil {
			return err
		}
		if !ok {
			return fmt.Errorf("element <%s> is not closed", clip(name))
		}
		switch {
		case t.End:
			depth--
		case !t.Empty:
			depth++
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
	for {
		i := bytes.IndexByte(d[s.pos:], '<')
		if i < 0 {
			return "", s.errorf(len(d), "the file ends in the text of an element")
		}
		raw := d[s.pos : s.pos+i]
		if len(raw) > 0 {
			t, err := s.resolve(raw, false)
			if err != nil {
				return "", s.errorf(s.pos, "%v", err)
			}
			b = append(b, t...)
		}
		s.pos += i
		rest := d[s.pos:]
		switch {
		case bytes.HasPrefix(rest, []byte("<![CDATA[")):
			end := bytes.Index(rest, []byte("]]>"))
			if end < 0 {
				return "", s.errorf(s.pos, "unterminated CDATA section")
			}
			b = append(b, rest[len("<![CDATA["):end]...)
			s.pos += end + 3
		case bytes.HasPrefix(rest, []byte("<!--")):
			end := bytes.Index(rest[4:], []byte("-->"))
			if end < 0 {
				return "", s.errorf(s.pos, "unterminated comment")
			}
			s.pos += 4 + end + 3
		default:
			if !utf8.Valid(b) {
				return "", s.errorf(s.pos, "text that is not valid UTF-8")
			}
			return string(b), nil
		}
	}
}

// clip shortens a name quoted in a message.
func clip(s string) string {
	const limit = 80
	if len(s) <= limit {
		return s
	}
	cut := limit
	for cut > 0 && s[cut]&0xC0 == 0x80 {
		cut--
	}
	return s[:cut] + "…"
}

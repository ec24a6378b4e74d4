package uima

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// A small XML scanner for XMI: start and end tags with their attributes
// (values unescaped and normalised as XML 1.0 and 1.1 say), skipping the
// declaration, comments, CDATA and text. encoding/xml refuses XML 1.1
// declarations and the control characters XML 1.1 allows as character
// references (&#1;), which UIMA writes for texts that hold them; it is
// also slower than the files need.

type xmlAttr struct {
	name, value string
}

type xmlTag struct {
	name  string
	attrs []xmlAttr
	end   bool // </name>
	empty bool // <name/>
	line  int
}

type xmlScanner struct {
	data []byte
	pos  int
	line int
	// lineAt is the offset up to which line is counted.
	lineAt int
	attrs  []xmlAttr
	buf    []byte
}

func newXMLScanner(data []byte) *xmlScanner {
	return &xmlScanner{data: data, line: 1}
}

// lineOf returns the line of offset p (p only grows between calls).
func (s *xmlScanner) lineOf(p int) int {
	if p > len(s.data) {
		p = len(s.data)
	}
	if p > s.lineAt {
		s.line += bytes.Count(s.data[s.lineAt:p], []byte{'\n'})
		s.lineAt = p
	}
	return s.line
}

func (s *xmlScanner) errorf(p int, format string, args ...any) error {
	return fmt.Errorf("line %d: %s", s.lineOf(p), fmt.Sprintf(format, args...))
}

// next returns the next tag; ok is false at the end of the input. The
// attrs slice of a tag is reused by the following call.
func (s *xmlScanner) next() (t xmlTag, ok bool, err error) {
	d := s.data
	for {
		i := bytes.IndexByte(d[s.pos:], '<')
		if i < 0 {
			s.pos = len(d)
			return xmlTag{}, false, nil
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
			return t, false, s.errorf(start, "a DOCTYPE or other <! declaration: XMI files have none")
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
			return xmlTag{name: name, end: true, line: s.lineOf(start)}, true, nil
		default:
			return s.startTag(start)
		}
	}
}

// declaration checks the XML declaration: version 1.0 or 1.1, encoding
// UTF-8 (or none).
func (s *xmlScanner) declaration(decl []byte, at int) error {
	str := string(decl)
	if i := strings.Index(str, "encoding"); i >= 0 {
		v := str[i+len("encoding"):]
		v = strings.TrimLeft(v, " \t\r\n=")
		if len(v) > 0 && (v[0] == '"' || v[0] == '\'') {
			if j := strings.IndexByte(v[1:], v[0]); j >= 0 {
				enc := strings.ToUpper(v[1 : 1+j])
				if enc != "UTF-8" && enc != "UTF8" && enc != "US-ASCII" && enc != "ASCII" {
					return s.errorf(at, "encoding %q: UIMA writes XMI in UTF-8; convert the file to UTF-8", v[1:1+j])
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
func (s *xmlScanner) startTag(start int) (xmlTag, bool, error) {
	d := s.data
	p := start + 1
	n := p
	for n < len(d) && !isSpace(d[n]) && d[n] != '>' && d[n] != '/' {
		n++
	}
	name := string(d[p:n])
	if !validName(name) {
		return xmlTag{}, false, s.errorf(start, "a tag without a valid name")
	}
	t := xmlTag{name: name, line: s.lineOf(start)}
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
				t.empty = true
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
		s.attrs = append(s.attrs, xmlAttr{an, v})
		p += e + 2
	}
	s.pos = p
	t.attrs = s.attrs
	return t, true, nil
}

// unescape resolves the references of an attribute value and normalises
// its white space as XML does: a literal tab, line feed or carriage return
// (a CR LF pair counting as one) becomes a space; characters written as
// references stay.
func (s *xmlScanner) unescape(raw []byte) (string, error) {
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
			b = append(b, ' ')
		case '\r':
			b = append(b, ' ')
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

// skip skips the content of the element just opened (not empty), up to
// its end tag.
func (s *xmlScanner) skip(name string) error {
	depth := 1
	for depth > 0 {
		t, ok, err := s.next()
		if err != nil {
			return err
		}
		if !ok {
			return fmt.Errorf("element <%s> is not closed", clip(name))
		}
		switch {
		case t.end:
			depth--
		case !t.empty:
			depth++
		}
	}
	return nil
}

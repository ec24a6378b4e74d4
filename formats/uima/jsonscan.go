package uima

import (
	"errors"
	"fmt"
	"strconv"
	"unicode/utf16"
	"unicode/utf8"
)

// A small JSON scanner for the JSON CAS: encoding/json decodes feature
// structures into maps several times slower than the files need. It reads
// strict JSON (RFC 8259), decoding strings and keeping numbers as text.

type jsonScanner struct {
	data []byte
	pos  int
	buf  []byte
}

var errJSONEnd = errors.New("unexpected end of the input")

func (s *jsonScanner) errorf(format string, args ...any) error {
	p := min(s.pos, len(s.data))
	line, col := 1, 1
	for i := 0; i < p; i++ {
		if s.data[i] == '\n' {
			line, col = line+1, 1
		} else {
			col++
		}
	}
	return fmt.Errorf("line %d, column %d: %s", line, col, fmt.Sprintf(format, args...))
}

// wantErr is the error at the scanner's position when what was wanted is
// not there: the end of the input (a truncated file) says so.
func (s *jsonScanner) wantErr(what string) error {
	if s.peek() == 0 && s.pos >= len(s.data) {
		return s.errorf("%v (a truncated file?): want %s", errJSONEnd, what)
	}
	return s.errorf("want %s", what)
}

func (s *jsonScanner) ws() {
	for s.pos < len(s.data) {
		switch s.data[s.pos] {
		case ' ', '\t', '\n', '\r':
			s.pos++
		default:
			return
		}
	}
}

// peek returns the next non-space byte (0 at the end).
func (s *jsonScanner) peek() byte {
	s.ws()
	if s.pos >= len(s.data) {
		return 0
	}
	return s.data[s.pos]
}

func (s *jsonScanner) expect(c byte) error {
	if s.peek() != c {
		if s.pos >= len(s.data) {
			return s.errorf("%v: want %q", errJSONEnd, c)
		}
		return s.errorf("want %q, found %q", c, s.data[s.pos])
	}
	s.pos++
	return nil
}

// str reads a string (the scanner is at its quote).
func (s *jsonScanner) str() (string, error) {
	if err := s.expect('"'); err != nil {
		return "", err
	}
	start := s.pos
	d := s.data
	// fast path: no escape
	for i := start; i < len(d); i++ {
		c := d[i]
		if c == '"' {
			if !utf8.Valid(d[start:i]) {
				return "", s.errorf("a string that is not valid UTF-8")
			}
			s.pos = i + 1
			return string(d[start:i]), nil
		}
		if c == '\\' || c < 0x20 {
			break
		}
	}
	b := s.buf[:0]
	for i := start; ; i++ {
		if i >= len(d) {
			s.pos = i
			return "", s.errorf("%v in a string", errJSONEnd)
		}
		c := d[i]
		switch {
		case c == '"':
			s.pos = i + 1
			s.buf = b
			if !utf8.Valid(b) {
				return "", s.errorf("a string that is not valid UTF-8")
			}
			return string(b), nil
		case c < 0x20:
			s.pos = i
			return "", s.errorf("a control character in a string")
		case c != '\\':
			b = append(b, c)
			continue
		}
		if i+1 >= len(d) {
			s.pos = i
			return "", s.errorf("%v in a string", errJSONEnd)
		}
		i++
		switch d[i] {
		case '"', '\\', '/':
			b = append(b, d[i])
		case 'b':
			b = append(b, '\b')
		case 'f':
			b = append(b, '\f')
		case 'n':
			b = append(b, '\n')
		case 'r':
			b = append(b, '\r')
		case 't':
			b = append(b, '\t')
		case 'u':
			r, ok := hex4(d, i+1)
			if !ok {
				s.pos = i
				return "", s.errorf("a bad \\u escape")
			}
			i += 4
			if utf16.IsSurrogate(r) {
				if r2, ok := hex4(d, i+3); ok && i+2 < len(d) && d[i+1] == '\\' && d[i+2] == 'u' {
					if dec := utf16.DecodeRune(r, r2); dec != utf8.RuneError {
						b = utf8.AppendRune(b, dec)
						i += 6
						continue
					}
				}
				r = utf8.RuneError // a lone surrogate, as encoding/json reads it
			}
			b = utf8.AppendRune(b, r)
		default:
			s.pos = i
			return "", s.errorf("a bad escape \\%c", d[i])
		}
	}
}

func hex4(d []byte, at int) (rune, bool) {
	if at+4 > len(d) {
		return 0, false
	}
	v, err := strconv.ParseUint(string(d[at:at+4]), 16, 16)
	return rune(v), err == nil
}

// number reads a number and returns its text.
func (s *jsonScanner) number() (string, error) {
	d := s.data
	start := s.pos
	i := start
	if i < len(d) && d[i] == '-' {
		i++
	}
	switch {
	case i < len(d) && d[i] == '0':
		i++
	case i < len(d) && d[i] >= '1' && d[i] <= '9':
		for i < len(d) && d[i] >= '0' && d[i] <= '9' {
			i++
		}
	default:
		s.pos = i
		return "", s.errorf("a bad number")
	}
	if i < len(d) && d[i] == '.' {
		i++
		if i >= len(d) || d[i] < '0' || d[i] > '9' {
			s.pos = i
			return "", s.errorf("a bad number")
		}
		for i < len(d) && d[i] >= '0' && d[i] <= '9' {
			i++
		}
	}
	if i < len(d) && (d[i] == 'e' || d[i] == 'E') {
		i++
		if i < len(d) && (d[i] == '+' || d[i] == '-') {
			i++
		}
		if i >= len(d) || d[i] < '0' || d[i] > '9' {
			s.pos = i
			return "", s.errorf("a bad number")
		}
		for i < len(d) && d[i] >= '0' && d[i] <= '9' {
			i++
		}
	}
	s.pos = i
	return string(d[start:i]), nil
}

func (s *jsonScanner) literal(word string) error {
	if s.pos+len(word) > len(s.data) || string(s.data[s.pos:s.pos+len(word)]) != word {
		return s.errorf("want a JSON value")
	}
	s.pos += len(word)
	return nil
}

// scalar reads a string, number, true, false or null: kind is 's', 'n',
// 'b' or 0 (null); compound values are not scalars (kind '[' or '{',
// skipped).
func (s *jsonScanner) value() (v string, kind byte, err error) {
	switch c := s.peek(); c {
	case '"':
		v, err = s.str()
		return v, 's', err
	case '{', '[':
		return "", c, s.skip(0)
	case 't':
		return "true", 'b', s.literal("true")
	case 'f':
		return "false", 'b', s.literal("false")
	case 'n':
		return "", 0, s.literal("null")
	default:
		if s.pos >= len(s.data) {
			return "", 0, s.errorf("%v: want a JSON value", errJSONEnd)
		}
		v, err = s.number()
		return v, 'n', err
	}
}

// skip skips one value.
func (s *jsonScanner) skip(depth int) error {
	if depth > 10000 {
		return s.errorf("values nested too deep")
	}
	switch s.peek() {
	case '{':
		return s.object(func(string) error { return s.skip(depth + 1) })
	case '[':
		return s.array(func(int) error { return s.skip(depth + 1) })
	}
	_, _, err := s.value()
	return err
}

// object reads an object, calling member for each key with the scanner at
// the value (member must read or skip it).
func (s *jsonScanner) object(member func(key string) error) error {
	if err := s.expect('{'); err != nil {
		return err
	}
	if s.peek() == '}' {
		s.pos++
		return nil
	}
	for {
		if s.peek() != '"' {
			return s.wantErr("a member name in quotes")
		}
		k, err := s.str()
		if err != nil {
			return err
		}
		if err := s.expect(':'); err != nil {
			return err
		}
		if err := member(k); err != nil {
			return err
		}
		switch s.peek() {
		case ',':
			s.pos++
		case '}':
			s.pos++
			return nil
		default:
			return s.wantErr("',' or '}' after a member")
		}
	}
}

// array reads an array, calling elem for each element with the scanner at
// it.
func (s *jsonScanner) array(elem func(i int) error) error {
	if err := s.expect('['); err != nil {
		return err
	}
	if s.peek() == ']' {
		s.pos++
		return nil
	}
	for i := 0; ; i++ {
		if err := elem(i); err != nil {
			return err
		}
		switch s.peek() {
		case ',':
			s.pos++
		case ']':
			s.pos++
			return nil
		default:
			return s.wantErr("',' or ']' after an array element")
		}
	}
}

// end checks that only white space follows.
func (s *jsonScanner) end() error {
	if s.ws(); s.pos < len(s.data) {
		return s.errorf("data after the JSON value")
	}
	return nil
}

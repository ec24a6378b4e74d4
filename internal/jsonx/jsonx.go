// Package jsonx parses JSON into a flat, read-only tree that the readers of
// JSON files (Label Studio, doccano, Prodigy, the UIMA JSON CAS, the
// model's own JSONL) walk by hand: one
// pass over the bytes, one slice of nodes, strings decoded only when asked
// for. It is several times faster than decoding into structs with
// encoding/json (no reflection, no intermediate RawMessage copies), which
// the readers need to read large exports at disk speed.
//
// The parser accepts exactly RFC 8259 JSON (one value, optionally
// surrounded by whitespace); errors give the line and column. Nesting
// deeper than MaxDepth is refused.
package jsonx

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"strconv"
	"unicode/utf16"
	"unicode/utf8"
)

// MaxDepth is the deepest nesting of arrays and objects accepted.
const MaxDepth = 1000

// Kind is the kind of a JSON value.
type Kind uint8

// The kinds.
const (
	Invalid Kind = iota
	Null
	False
	True
	Number
	String
	Array
	Object
)

func (k Kind) String() string {
	return [...]string{"invalid", "null", "false", "true", "number", "string", "array", "object"}[k]
}

// node is one value (or an object member's key, which precedes its value).
// Nodes are in document order; the nodes of a value's subtree follow it and
// end at skip.
type node struct {
	kind       Kind
	escaped    bool  // a string with backslash escapes
	ascii      bool  // a string whose bytes are all ASCII (valid UTF-8 as it is)
	start, end int32 // bytes of the value (strings: without the quotes)
	skip       int32 // index of the node after this value's subtree
}

// Doc is a parsed JSON text.
type Doc struct {
	data  []byte
	nodes []node
	// kbuf and vbuf hold the decoded key of Fields and the string of
	// StrBytes when the text's bytes cannot be returned as they are.
	kbuf, vbuf []byte
}

// SyntaxError is a parse error at a line and column (1-based).
type SyntaxError struct {
	Line, Col int
	Msg       string
	// AtEnd is true when the text ended before the value did (a
	// truncated file, for a reader to say so).
	AtEnd bool
}

func (e *SyntaxError) Error() string {
	return fmt.Sprintf("line %d, column %d: %s", e.Line, e.Col, e.Msg)
}

// Parse parses data, which it keeps (do not modify it while the Doc is in
// use). The Doc's node storage is reused from d when d is not nil.
func Parse(data []byte, d *Doc) (*Doc, error) {
	if len(data) >= math.MaxInt32 {
		return nil, errors.New("JSON text longer than 2 GiB")
	}
	if d == nil {
		d = &Doc{}
	}
	d.data, d.nodes = data, d.nodes[:0]
	if want := maxNodes(data); cap(d.nodes) < want {
		d.nodes = make([]node, 0, want)
	}
	p := parser{data: data, d: d}
	p.space()
	if err := p.value(0); err != nil {
		return nil, err
	}
	p.space()
	if p.i < len(data) {
		return nil, p.errorf("unexpected %s after the JSON value", p.what())
	}
	return d, nil
}

// maxNodes bounds the nodes of data, so that a large text's nodes are
// allocated once, not grown and copied: every value but the first, and
// every member name, follows a '[', '{', ',' or ':' (those inside strings
// count too: the bound is loose by them). A short text takes the common
// one node per 12 bytes of exports, and grows if need be.
func maxNodes(data []byte) int {
	if len(data) < 64<<10 {
		return len(data) / 12
	}
	n := 1
	for _, c := range []byte("[{,:") {
		n += bytes.Count(data, []byte{c})
	}
	return n
}

// Root returns the top-level value.
func (d *Doc) Root() Value { return Value{d, 0} }

type parser struct {
	data []byte
	i    int
	d    *Doc
}

func (p *parser) errorf(format string, args ...any) error {
	line, col := Position(p.data, p.i)
	return &SyntaxError{Line: line, Col: col, Msg: fmt.Sprintf(format, args...), AtEnd: p.i >= len(p.data)}
}

// Position returns the 1-based line and column (in bytes) of offset off.
func Position(data []byte, off int) (line, col int) {
	off = min(max(off, 0), len(data))
	line = bytes.Count(data[:off], []byte("\n")) + 1
	col = off - (bytes.LastIndexByte(data[:off], '\n') + 1) + 1
	return line, col
}

func (p *parser) what() string {
	if p.i >= len(p.data) {
		return "end of input"
	}
	c := p.data[p.i]
	if c < 0x20 || c >= 0x7f {
		return fmt.Sprintf("byte 0x%02x", c)
	}
	return strconv.QuoteRune(rune(c))
}

func (p *parser) space() {
	for p.i < len(p.data) {
		switch p.data[p.i] {
		case ' ', '\t', '\n', '\r':
			p.i++
		default:
			return
		}
	}
}

func (p *parser) add(k Kind, start, end int) int {
	p.d.nodes = append(p.d.nodes, node{kind: k, start: int32(start), end: int32(end)})
	return len(p.d.nodes) - 1
}

// next reads what follows a member of an object or an element of an
// array (in, "an object" or "an array", closed by end): a comma, after
// which more follow, or end; anything else is an error.
func (p *parser) next(end byte, in string) (more bool, err error) {
	p.space()
	if p.i < len(p.data) {
		switch p.data[p.i] {
		case ',':
			p.i++
			p.space()
			return true, nil
		case end:
			p.i++
			return false, nil
		}
	}
	return false, p.errorf("unexpected %s (want ',' or '%c' in %s)", p.what(), end, in)
}

func (p *parser) value(depth int) error {
	if p.i >= len(p.data) {
		return p.errorf("unexpected end of input (want a JSON value)")
	}
	switch c := p.data[p.i]; {
	case c == '{':
		if depth >= MaxDepth {
			return p.errorf("nesting deeper than %d", MaxDepth)
		}
		n := p.add(Object, p.i, 0)
		p.i++
		p.space()
		if p.i < len(p.data) && p.data[p.i] == '}' {
			p.i++
		} else {
			for {
				if p.i >= len(p.data) || p.data[p.i] != '"' {
					return p.errorf("unexpected %s (want a member name in quotes)", p.what())
				}
				if err := p.str(); err != nil {
					return err
				}
				p.space()
				if p.i >= len(p.data) || p.data[p.i] != ':' {
					return p.errorf("unexpected %s (want ':' after a member name)", p.what())
				}
				p.i++
				p.space()
				if err := p.value(depth + 1); err != nil {
					return err
				}
				if more, err := p.next('}', "an object"); !more {
					if err != nil {
						return err
					}
					break
				}
			}
		}
		p.d.nodes[n].end = int32(p.i)
		p.d.nodes[n].skip = int32(len(p.d.nodes))
	case c == '[':
		if depth >= MaxDepth {
			return p.errorf("nesting deeper than %d", MaxDepth)
		}
		n := p.add(Array, p.i, 0)
		p.i++
		p.space()
		if p.i < len(p.data) && p.data[p.i] == ']' {
			p.i++
		} else {
			for {
				if err := p.value(depth + 1); err != nil {
					return err
				}
				if more, err := p.next(']', "an array"); !more {
					if err != nil {
						return err
					}
					break
				}
			}
		}
		p.d.nodes[n].end = int32(p.i)
		p.d.nodes[n].skip = int32(len(p.d.nodes))
	case c == '"':
		return p.str()
	case c == '-' || (c >= '0' && c <= '9'):
		return p.number()
	case c == 't':
		return p.literal("true", True)
	case c == 'f':
		return p.literal("false", False)
	case c == 'n':
		return p.literal("null", Null)
	default:
		return p.errorf("unexpected %s (want a JSON value)", p.what())
	}
	return nil
}

func (p *parser) literal(word string, k Kind) error {
	if !bytes.HasPrefix(p.data[p.i:], []byte(word)) {
		return p.errorf("unexpected %s (want a JSON value)", p.what())
	}
	n := p.add(k, p.i, p.i+len(word))
	p.i += len(word)
	p.d.nodes[n].skip = int32(n + 1)
	return nil
}

func (p *parser) str() error {
	start := p.i + 1
	i := start
	escaped, ascii := false, true
	for {
		// fast scan over plain bytes
		for i < len(p.data) {
			c := p.data[i]
			if c == '"' || c == '\\' || c < 0x20 || c >= 0x80 {
				break
			}
			i++
		}
		if i >= len(p.data) {
			p.i = len(p.data)
			return p.errorf("unexpected end of input in a string")
		}
		switch c := p.data[i]; {
		case c == '"':
			n := p.add(String, start, i)
			p.d.nodes[n].escaped = escaped
			p.d.nodes[n].ascii = ascii
			p.d.nodes[n].skip = int32(n + 1)
			p.i = i + 1
			return nil
		case c >= 0x80:
			ascii = false
			i++
		case c == '\\':
			escaped = true
			if i+1 >= len(p.data) {
				p.i = len(p.data)
				return p.errorf("unexpected end of input in a string")
			}
			switch p.data[i+1] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				i += 2
			case 'u':
				if i+6 > len(p.data) || !isHex4(p.data[i+2:i+6]) {
					p.i = i
					return p.errorf(`bad \u escape in a string (want four hexadecimal digits)`)
				}
				i += 6
			default:
				p.i = i
				return p.errorf("bad escape \\%c in a string", p.data[i+1])
			}
		default:
			p.i = i
			return p.errorf("control character 0x%02x in a string (it must be escaped)", c)
		}
	}
}

func isHex4(b []byte) bool {
	for _, c := range b {
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F') {
			return false
		}
	}
	return true
}

func (p *parser) number() error {
	start := p.i
	i := p.i
	if p.data[i] == '-' {
		i++
	}
	digits := func() int {
		n := 0
		for i < len(p.data) && p.data[i] >= '0' && p.data[i] <= '9' {
			i++
			n++
		}
		return n
	}
	switch {
	case i < len(p.data) && p.data[i] == '0':
		i++
	case digits() == 0:
		p.i = i
		return p.errorf("unexpected %s in a number (want a digit)", p.what())
	}
	if i < len(p.data) && p.data[i] == '.' {
		i++
		if digits() == 0 {
			p.i = i
			return p.errorf("unexpected %s in a number (want a digit after '.')", p.what())
		}
	}
	if i < len(p.data) && (p.data[i] == 'e' || p.data[i] == 'E') {
		i++
		if i < len(p.data) && (p.data[i] == '+' || p.data[i] == '-') {
			i++
		}
		if digits() == 0 {
			p.i = i
			return p.errorf("unexpected %s in a number (want a digit in the exponent)", p.what())
		}
	}
	n := p.add(Number, start, i)
	p.d.nodes[n].skip = int32(n + 1)
	p.i = i
	return nil
}

// InvalidUTF8 returns the offset of the first string (a member name or a
// value) that is not valid UTF-8 as written, for readers that refuse such
// strings rather than read U+FFFD for their bytes (Str's reading).
func (d *Doc) InvalidUTF8() (off int, found bool) {
	for _, n := range d.nodes {
		if n.kind == String && !n.ascii && !utf8.Valid(d.data[n.start:n.end]) {
			return int(n.start) - 1, true
		}
	}
	return 0, false
}

// Value is one value of a Doc. The zero Value is Invalid (a missing
// member).
type Value struct {
	d *Doc
	i int
}

// Kind returns the value's kind (Invalid for a missing member).
func (v Value) Kind() Kind {
	if v.d == nil {
		return Invalid
	}
	return v.d.nodes[v.i].kind
}

// Exists reports whether the value is present (not a missing member).
func (v Value) Exists() bool { return v.d != nil }

// IsNull reports whether the value is missing or null.
func (v Value) IsNull() bool { k := v.Kind(); return k == Invalid || k == Null }

// Offset returns the byte offset of the value in the parsed text.
func (v Value) Offset() int {
	if v.d == nil {
		return 0
	}
	n := v.d.nodes[v.i]
	if n.kind == String {
		return int(n.start) - 1
	}
	return int(n.start)
}

// Line returns the 1-based line of the value in the parsed text.
func (v Value) Line() int {
	if v.d == nil {
		return 0
	}
	l, _ := Position(v.d.data, v.Offset())
	return l
}

// Raw returns the value's JSON text (strings with their quotes).
func (v Value) Raw() []byte {
	if v.d == nil {
		return nil
	}
	n := v.d.nodes[v.i]
	if n.kind == String {
		return v.d.data[n.start-1 : n.end+1]
	}
	return v.d.data[n.start:n.end]
}

// Excerpt returns the value's JSON text for a message, cut after 40
// characters.
func (v Value) Excerpt() string {
	raw := string(v.Raw())
	n := 0
	for i := range raw {
		if n == 40 {
			return raw[:i] + "…"
		}
		n++
	}
	return raw
}

// Get returns the member key of an object (the last one when the key is
// repeated, as encoding/json does), or an Invalid value.
func (v Value) Get(key string) Value {
	if v.Kind() != Object {
		return Value{}
	}
	nodes := v.d.nodes
	var found Value
	for k := v.i + 1; k < int(nodes[v.i].skip); {
		kn := nodes[k]
		if v.d.keyIs(kn, key) {
			found = Value{v.d, k + 1}
		}
		k = int(nodes[k+1].skip)
	}
	return found
}

func (d *Doc) keyIs(kn node, key string) bool {
	raw := d.data[kn.start:kn.end]
	if !kn.escaped {
		return string(raw) == key
	}
	return d.str(kn) == key
}

// Members calls f for each member of an object, in order, until f returns
// false.
func (v Value) Members(f func(key string, val Value) bool) {
	if v.Kind() != Object {
		return
	}
	nodes := v.d.nodes
	for k := v.i + 1; k < int(nodes[v.i].skip); {
		if !f(v.d.str(nodes[k]), Value{v.d, k + 1}) {
			return
		}
		k = int(nodes[k+1].skip)
	}
}

// Fields calls f for each member of an object, in order, until f returns
// false, like Members but with the key as bytes (decoded): no string is
// made. The key is valid only during the call.
func (v Value) Fields(f func(key []byte, val Value) bool) {
	if v.Kind() != Object {
		return
	}
	d := v.d
	nodes := d.nodes
	for k := v.i + 1; k < int(nodes[v.i].skip); {
		kn := nodes[k]
		var key []byte
		if kn.escaped || !kn.ascii && !utf8.Valid(d.data[kn.start:kn.end]) {
			d.kbuf = d.appendStr(d.kbuf[:0], kn)
			key = d.kbuf
		} else {
			key = d.data[kn.start:kn.end]
		}
		if !f(key, Value{d, k + 1}) {
			return
		}
		k = int(nodes[k+1].skip)
	}
}

// Len returns the number of elements of an array or members of an object.
func (v Value) Len() int {
	n := 0
	switch v.Kind() {
	case Array:
		v.Elems(func(int, Value) bool { n++; return true })
	case Object:
		v.Members(func(string, Value) bool { n++; return true })
	}
	return n
}

// Elems calls f for each element of an array, in order, until f returns
// false.
func (v Value) Elems(f func(i int, e Value) bool) {
	if v.Kind() != Array {
		return
	}
	nodes := v.d.nodes
	idx := 0
	for k := v.i + 1; k < int(nodes[v.i].skip); k = int(nodes[k].skip) {
		if !f(idx, Value{v.d, k}) {
			return
		}
		idx++
	}
}

// Str returns the value of a string (decoded; invalid UTF-8 becomes
// U+FFFD), and false for another kind.
func (v Value) Str() (string, bool) {
	if v.Kind() != String {
		return "", false
	}
	return v.d.str(v.d.nodes[v.i]), true
}

// StrBytes is Str without making a string: the decoded bytes, which are
// valid until the next call of StrBytes on a value of the same Doc (or
// the next Parse into it). Callers look them up (m[string(b)] makes no
// string) or copy them.
func (v Value) StrBytes() ([]byte, bool) {
	if v.Kind() != String {
		return nil, false
	}
	d := v.d
	n := d.nodes[v.i]
	if raw := d.data[n.start:n.end]; !n.escaped && (n.ascii || utf8.Valid(raw)) {
		return raw, true
	}
	d.vbuf = d.appendStr(d.vbuf[:0], n)
	return d.vbuf, true
}

// Float returns the value of a number, and false for another kind or a
// number out of float64's range.
func (v Value) Float() (float64, bool) {
	if v.Kind() != Number {
		return 0, false
	}
	n := v.d.nodes[v.i]
	raw := v.d.data[n.start:n.end]
	// fast path: small non-negative integers
	if len(raw) <= 15 {
		x := 0
		ok := true
		for _, c := range raw {
			if c < '0' || c > '9' {
				ok = false
				break
			}
			x = x*10 + int(c-'0')
		}
		if ok {
			return float64(x), true
		}
	}
	f, err := strconv.ParseFloat(string(raw), 64)
	return f, err == nil
}

// Bool returns the value of true or false, and false, false otherwise.
func (v Value) Bool() (b, ok bool) {
	switch v.Kind() {
	case True:
		return true, true
	case False:
		return false, true
	}
	return false, false
}

// Scalar returns a string or a number as text (a number as written), and
// false for another kind.
func (v Value) Scalar() (string, bool) {
	switch v.Kind() {
	case String:
		return v.Str()
	case Number:
		return string(v.Raw()), true
	}
	return "", false
}

func (d *Doc) str(n node) string {
	raw := d.data[n.start:n.end]
	if !n.escaped && (n.ascii || utf8.Valid(raw)) {
		return string(raw)
	}
	return string(d.appendStr(make([]byte, 0, len(raw)), n))
}

// appendStr appends the decoded string of n to b: escapes decoded (a
// surrogate pair in \u escapes gives one character, a lone surrogate
// U+FFFD), each byte of invalid UTF-8 replaced by U+FFFD as encoding/json
// does.
func (d *Doc) appendStr(b []byte, n node) []byte {
	raw := d.data[n.start:n.end]
	start := len(b)
	if !n.escaped {
		return appendValid(b, raw)
	}
	for i := 0; i < len(raw); {
		c := raw[i]
		if c != '\\' {
			b = append(b, c)
			i++
			continue
		}
		switch raw[i+1] {
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
			r := rune(hex4(raw[i+2 : i+6]))
			i += 6
			if utf16.IsSurrogate(r) {
				if i+6 <= len(raw) && raw[i] == '\\' && raw[i+1] == 'u' {
					if r2 := rune(hex4(raw[i+2 : i+6])); utf16.DecodeRune(r, r2) != utf8.RuneError {
						r = utf16.DecodeRune(r, r2)
						i += 6
					} else {
						r = utf8.RuneError
					}
				} else {
					r = utf8.RuneError
				}
			}
			b = utf8.AppendRune(b, r)
			continue
		default: // '"', '\\', '/'
			b = append(b, raw[i+1])
		}
		i += 2
	}
	if !utf8.Valid(b[start:]) {
		tail := append([]byte(nil), b[start:]...)
		return appendValid(b[:start], tail)
	}
	return b
}

func hex4(b []byte) int {
	x := 0
	for _, c := range b {
		x <<= 4
		switch {
		case c >= '0' && c <= '9':
			x |= int(c - '0')
		case c >= 'a' && c <= 'f':
			x |= int(c-'a') + 10
		default:
			x |= int(c-'A') + 10
		}
	}
	return x
}

// appendValid appends text to b with each byte of an invalid UTF-8
// sequence replaced by U+FFFD, as encoding/json does.
func appendValid(b, text []byte) []byte {
	if utf8.Valid(text) {
		return append(b, text...)
	}
	for len(text) > 0 {
		r, n := utf8.DecodeRune(text)
		if r == utf8.RuneError && n == 1 {
			b = utf8.AppendRune(b, utf8.RuneError)
		} else {
			b = append(b, text[:n]...)
		}
		text = text[n:]
	}
	return b
}

// MaxInterned bounds the strings an Interner keeps.
const MaxInterned = 1 << 16

// Interner makes strings of the bytes of a document's strings, the same
// string for the same bytes: the labels, names and layers that repeat from
// record to record are made (and kept) once. It keeps at most MaxInterned
// strings and makes the others anew each time. The zero value is ready to
// use.
type Interner struct {
	m map[string]string
}

// String returns b as a string.
func (in *Interner) String(b []byte) string {
	if s, ok := in.m[string(b)]; ok {
		return s
	}
	s := string(b)
	if in.m == nil {
		in.m = make(map[string]string)
	}
	if len(in.m) < MaxInterned {
		in.m[s] = s
	}
	return s
}

// Str is v.Str() through the interner.
func (in *Interner) Str(v Value) (string, bool) {
	b, ok := v.StrBytes()
	if !ok {
		return "", false
	}
	return in.String(b), true
}

// Scalar is v.Scalar() through the interner.
func (in *Interner) Scalar(v Value) (string, bool) {
	if v.Kind() == Number {
		return in.String(v.Raw()), true
	}
	return in.Str(v)
}

// Lines parses JSON Lines: each non-blank line of data is one JSON value,
// passed to f with its 1-based line number. A syntax error is returned
// with the line's number and the column; f's error is returned as it is.
// The Value is valid only during the call.
func Lines(data []byte, f func(line int, v Value) error) error {
	var d Doc
	line := 0
	for len(data) > 0 {
		line++
		var l []byte
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			l, data = data[:i], data[i+1:]
		} else {
			l, data = data, nil
		}
		if len(bytes.TrimSpace(l)) == 0 {
			continue
		}
		if _, err := Parse(l, &d); err != nil {
			var se *SyntaxError
			if errors.As(err, &se) {
				return &SyntaxError{Line: line, Col: se.Col, Msg: se.Msg, AtEnd: se.AtEnd}
			}
			return fmt.Errorf("line %d: %w", line, err)
		}
		if err := f(line, d.Root()); err != nil {
			return err
		}
	}
	return nil
}

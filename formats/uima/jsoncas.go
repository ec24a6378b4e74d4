package uima

import (
	"bytes"
	"fmt"
	"io"

	"agree/annotation"
	"agree/internal/excerpt"
	"agree/internal/jsonx"
	"agree/internal/limits"
	"agree/position"
)

// ReadJSON reads a UIMA CAS in the JSON CAS format (the "UIMA CAS JSON"
// INCEpTION exports; %TYPES, %FEATURE_STRUCTURES as an array or an object
// keyed by id, %VIEWS; from r, named name in messages) as annotator's
// annotation of document doc into c. Features named "@x" are references,
// "^begin" and "^end" anchors like begin and end, "#x" special floating
// point values. See the package documentation.
func ReadJSON(c *annotation.Corpus, r io.Reader, name, doc, annotator string, opt Options) error {
	data, err := limits.ReadAll(r, name, "file", limits.MaxFile, limits.SizeHint(r))
	if limits.IsLimit(err) {
		return err
	}
	if err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	return ReadJSONBytes(c, data, name, doc, annotator, opt)
}

// ReadJSONBytes is ReadJSON on the file's content, which it does not copy
// (nor keep).
func ReadJSONBytes(c *annotation.Corpus, data []byte, name, doc, annotator string, opt Options) error {
	cs, err := parseJSONCAS(data, name)
	if err != nil {
		return err
	}
	return build(c, cs, name, doc, annotator, &opt)
}

func parseJSONCAS(data []byte, name string) (*cas, error) {
	if err := checkUTF16(data, name, "JSON CAS"); err != nil {
		return nil, err
	}
	// a byte-order mark is not JSON, but harmless (RFC 8259 §8.1)
	data = bytes.TrimPrefix(data, []byte("\ufeff"))
	fail := func(off int, format string, args ...any) (*cas, error) {
		line, col := jsonx.Position(data, off)
		return nil, fmt.Errorf("%s: not a UIMA JSON CAS: line %d, column %d: %s", name, line, col, fmt.Sprintf(format, args...))
	}
	if at := len(data) - len(bytes.TrimLeft(data, " \t\r\n")); at == len(data) || data[at] != '{' {
		return fail(at, "want a JSON object")
	}
	doc, err := jsonx.Parse(data, nil)
	if se, ok := err.(*jsonx.SyntaxError); ok && se.AtEnd {
		return nil, fmt.Errorf("%s: not a UIMA JSON CAS: %w; a truncated file?", name, err)
	}
	if err != nil {
		return nil, fmt.Errorf("%s: not a UIMA JSON CAS: %w", name, err)
	}
	// offsets into a text with bytes that are not UTF-8 would be ambiguous
	if off, bad := doc.InvalidUTF8(); bad {
		return fail(off, "a string that is not valid UTF-8")
	}
	cs := &cas{file: name}
	var strs jsonx.Interner
	found := false
	doc.Root().Fields(func(key []byte, fs jsonx.Value) bool {
		if string(key) != "%FEATURE_STRUCTURES" {
			return true
		}
		found = true
		add := func(v jsonx.Value, n fsNode) bool {
			n, err = jsonNode(v, n, &cs.feats, &strs)
			if err == nil {
				cs.keep(n, len(cs.feats.cur)-len(n.features))
			}
			return err == nil
		}
		switch fs.Kind() {
		case jsonx.Array:
			fs.Elems(func(i int, v jsonx.Value) bool {
				return add(v, fsNode{file: name, index: i, off: v.Offset()})
			})
		case jsonx.Object:
			fs.Fields(func(id []byte, v jsonx.Value) bool {
				return add(v, fsNode{file: name, id: string(id), index: -1, off: v.Offset()})
			})
		default:
			_, err = fail(fs.Offset(), "%%FEATURE_STRUCTURES: want an array or an object")
		}
		return err == nil
	})
	if err != nil {
		return nil, err
	}
	if !found {
		return nil, fmt.Errorf("%s: no %%FEATURE_STRUCTURES: not a UIMA JSON CAS", name)
	}
	if i, j, dup := cs.firstDuplicateID(); dup {
		first, second := cs.node(i), cs.node(j)
		l1, c1 := jsonx.Position(data, first.off)
		l2, c2 := jsonx.Position(data, second.off)
		return nil, position.Errorf(name, l2, c2, "%s: id %s is the id of %s too (line %d, column %d): an id names one feature structure", second.where().Path, excerpt.Clip(second.id), first.where().Path, l1, c1)
	}
	return cs, nil
}

// jsonNode reads one feature structure object into n (which has its
// file and index, or id), appending its features to feats.
func jsonNode(v jsonx.Value, n fsNode, feats *featArena, strs *jsonx.Interner) (fsNode, error) {
	var hasBegin, hasEnd bool
	fail := func(format string, args ...any) error {
		return n.where().Errorf(format, args...)
	}
	if v.Kind() != jsonx.Object {
		return n, fail("want an object")
	}
	first := len(feats.cur)
	var err error
	v.Fields(func(k []byte, val jsonx.Value) bool {
		kind := val.Kind()
		switch {
		case string(k) == "%ID":
			if kind != jsonx.Number {
				err = fail("%%ID is not a number")
				return false
			}
			n.id = string(val.Raw())
		case string(k) == "%TYPE":
			if n.typ, _ = strs.Str(val); n.typ == "" {
				err = fail("%%TYPE is not a type name")
				return false
			}
		case bytes.HasPrefix(k, []byte("%")):
		case string(k) == "@sofa":
			n.sofa = scalar(val, strs)
		case string(k) == "begin" || string(k) == "end" || string(k) == "^begin" || string(k) == "^end":
			off, ok := offset(val)
			switch {
			case kind == jsonx.String:
				err = fail("%s %q is a string: want a non-negative integer", k, excerpt.Clip(scalar(val, strs)))
			case !ok:
				what := excerpt.Clip(scalar(val, strs))
				switch kind {
				case jsonx.Null, jsonx.Invalid:
					what = "null"
				case jsonx.Object:
					what = "(an object)"
				case jsonx.Array:
					what = "(an array)"
				}
				err = fail("%s %s is not a non-negative integer", k, what)
			case bytes.HasSuffix(k, []byte("begin")):
				n.begin, hasBegin = off, true
			default:
				n.end, hasEnd = off, true
			}
		case kind == jsonx.Null || kind == jsonx.Array || kind == jsonx.Object:
			// null, arrays and objects are not labels
		case bytes.HasPrefix(k, []byte("@")):
			feats.add(feature{name: strs.String(k[1:]), value: scalar(val, strs), ref: true, owned: true}, &first)
		default:
			feats.add(feature{name: strs.String(bytes.TrimLeft(k, "#^")), value: scalar(val, strs), owned: true}, &first)
		}
		return err == nil
	})
	n.features = feats.done(first)
	if err != nil {
		return n, err
	}
	if n.typ == "" {
		return n, fail("no %%TYPE")
	}
	n.hasSpan = hasBegin && hasEnd
	return n, nil
}

// scalar returns a value as a feature's text: a string (shared: labels
// repeat), a number as written, true or false; "" for null, an array or
// an object.
func scalar(v jsonx.Value, strs *jsonx.Interner) string {
	switch v.Kind() {
	case jsonx.True:
		return "true"
	case jsonx.False:
		return "false"
	case jsonx.Number:
		return string(v.Raw()) // an id or a count: seldom repeated
	}
	s, _ := strs.Str(v)
	return s
}

// offset reads a begin or end: a number written as a non-negative
// integer of at most 10 digits (atoiOffset's), read without a string.
func offset(v jsonx.Value) (int, bool) {
	raw := v.Raw()
	if v.Kind() != jsonx.Number || len(raw) == 0 || len(raw) > 10 {
		return 0, false
	}
	n := 0
	for _, c := range raw {
		if c < '0' || c > '9' {
			return atoiOffset(string(raw)) // "-0", or not an integer
		}
		n = n*10 + int(c-'0')
	}
	return n, true
}

package uima

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"

	"agree/annotation"
)

// ReadJSON reads a UIMA CAS in the JSON CAS format (the "UIMA CAS JSON"
// INCEpTION exports; %TYPES, %FEATURE_STRUCTURES as an array or an object
// keyed by id, %VIEWS; from r, named name in messages) as annotator's
// annotation of document doc into c. Features named "@x" are references,
// "^begin" and "^end" anchors like begin and end, "#x" special floating
// point values. See the package documentation.
func ReadJSON(c *annotation.Corpus, r io.Reader, name, doc, annotator string, opt Options) error {
	data, err := io.ReadAll(r)
	if err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	nodes, err := parseJSONCAS(data, name)
	if err != nil {
		return err
	}
	return build(c, nodes, name, doc, annotator, &opt)
}

func parseJSONCAS(data []byte, name string) ([]fsNode, error) {
	if err := checkUTF16(data, name, "JSON CAS"); err != nil {
		return nil, err
	}
	// a byte-order mark is not JSON, but harmless (RFC 8259 §8.1)
	data = bytes.TrimPrefix(data, []byte("\ufeff"))
	s := &jsonScanner{data: data}
	var nodes []fsNode
	var feats []feature // the nodes' features, in one array
	found := false
	fail := func(err error) ([]fsNode, error) { return nil, fmt.Errorf("%s: not a UIMA JSON CAS: %w", name, err) }
	if s.peek() != '{' {
		return fail(s.errorf("want a JSON object"))
	}
	err := s.object(func(key string) error {
		if key != "%FEATURE_STRUCTURES" {
			return s.skip(0)
		}
		found = true
		// room for a node per %TYPE, but no more than real files have (a
		// feature structure takes at least 20 bytes)
		nodes = make([]fsNode, 0, min(bytes.Count(data, []byte("%TYPE")), len(data)/20+1))
		feats = make([]feature, 0, 2*cap(nodes))
		switch s.peek() {
		case '[':
			return s.array(func(i int) error {
				n, err := jsonNode(s, fsNode{file: name, index: i}, &feats)
				nodes = append(nodes, n)
				return err
			})
		case '{':
			return s.object(func(id string) error {
				n, err := jsonNode(s, fsNode{file: name, id: id, index: -1}, &feats)
				nodes = append(nodes, n)
				return err
			})
		}
		return s.errorf("%%FEATURE_STRUCTURES: want an array or an object")
	})
	if err == nil {
		err = s.end()
	}
	if err != nil {
		var pe *posError
		if errors.As(err, &pe) {
			return nil, err
		}
		return fail(err)
	}
	if !found {
		return nil, fmt.Errorf("%s: no %%FEATURE_STRUCTURES: not a UIMA JSON CAS", name)
	}
	return nodes, nil
}

// posError is an error at a JSON path.
type posError struct {
	where annotation.Pos
	err   error
}

func (e *posError) Error() string { return fmt.Sprintf("%v: %v", e.where, e.err) }
func (e *posError) Unwrap() error { return e.err }

// jsonNode reads one feature structure object into n (which has its
// file and index, or id), appending its features to feats.
func jsonNode(s *jsonScanner, n fsNode, feats *[]feature) (fsNode, error) {
	var hasBegin, hasEnd bool
	fail := func(format string, args ...any) error {
		return &posError{n.where(), fmt.Errorf(format, args...)}
	}
	if s.peek() != '{' {
		return n, fail("want an object")
	}
	first := len(*feats)
	err := s.object(func(k string) error {
		v, kind, err := s.value()
		if err != nil {
			return &posError{n.where(), err}
		}
		switch {
		case k == "%ID":
			if kind != 'n' {
				return fail("%%ID is not a number")
			}
			n.id = v
		case k == "%TYPE":
			if kind != 's' || v == "" {
				return fail("%%TYPE is not a type name")
			}
			n.typ = v
		case strings.HasPrefix(k, "%"):
		case k == "@sofa":
			n.sofa = v
		case k == "begin" || k == "end" || k == "^begin" || k == "^end":
			off, ok := atoiOffset(v)
			switch {
			case kind == 's':
				return fail("%s %q is a string: want a non-negative integer", k, clip(v))
			case kind != 'n' || !ok:
				return fail("%s %s is not a non-negative integer", k, clip(v))
			}
			if strings.HasSuffix(k, "begin") {
				n.begin, hasBegin = off, true
			} else {
				n.end, hasEnd = off, true
			}
		case kind == 0 || kind == '[' || kind == '{':
			// null, arrays and objects are not labels
		case strings.HasPrefix(k, "@"):
			*feats = append(*feats, feature{name: k[1:], value: v, ref: true})
		default:
			*feats = append(*feats, feature{name: strings.TrimLeft(k, "#^"), value: v})
		}
		return nil
	})
	n.features = (*feats)[first:len(*feats):len(*feats)]
	if err != nil {
		return n, err
	}
	if n.typ == "" {
		return n, fail("no %%TYPE")
	}
	n.hasSpan = hasBegin && hasEnd
	return n, nil
}

package uima

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"agree/annotation"
	"agree/formats/internal/xmlscan"
	"agree/internal/excerpt"
	"agree/internal/limits"
	"agree/position"
)

// ReadXMI reads a UIMA CAS in XMI (XML 1.0 or 1.1, UTF-8; from r, named
// name in messages) as annotator's annotation of document doc into c. No
// type system is needed: an element's type is its namespace (the package,
// from the xmlns declaration's URI http:///<package path>.ecore) and local
// name, its features are its attributes. See the package documentation.
func ReadXMI(c *annotation.Corpus, r io.Reader, name, doc, annotator string, opt Options) error {
	data, err := xmlscan.ReadAll(r, name)
	if limits.IsLimit(err) {
		return err
	}
	if err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	if err := checkUTF16([]byte(data[:min(len(data), 4096)]), name, "XMI"); err != nil {
		return err
	}
	cs, err := parseXMI(data, name)
	if err != nil {
		return err
	}
	return build(c, cs, name, doc, annotator, &opt)
}

// nsPackage turns an XMI namespace URI into a package name:
// "http:///de/tudarmstadt/ukp/dkpro/core/api/ner/type.ecore" →
// "de.tudarmstadt.ukp.dkpro.core.api.ner.type".
func nsPackage(uri string) string {
	p := strings.TrimPrefix(uri, "http:///")
	p = strings.TrimSuffix(p, ".ecore")
	return strings.ReplaceAll(strings.Trim(p, "/"), "/", ".")
}

func parseXMI(data, name string) (*cas, error) {
	s := xmlscan.NewString(data)
	fail := func(err error) (*cas, error) {
		var xe *xmlscan.Error
		if errors.As(err, &xe) {
			return nil, position.Errorf(name, xe.Line, xe.Col, "%s", xe.Msg)
		}
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	// at is where a tag is, for messages: file:line:column
	root, ok, err := s.Next()
	if err != nil {
		return fail(err)
	}
	if !ok || root.End {
		return fail(fmt.Errorf("no root element: want <xmi:XMI …>"))
	}
	if LocalName(root.Name) != "XMI" {
		return nil, position.Errorf(name, root.Line, root.Col, "the root element is <%s>, want <xmi:XMI> (a UIMA CAS XMI file)", excerpt.Clip(root.Name))
	}
	ns := map[string]string{}
	for _, a := range root.Attrs {
		if p, ok := strings.CutPrefix(a.Name, "xmlns:"); ok {
			ns[p] = nsPackage(a.Value)
		}
	}
	cs := &cas{file: name, locate: func(off int) (int, int, string) {
		l, c := s.PositionOf(off)
		elem := data[off+1:]
		if i := strings.IndexAny(elem, " \t\r\n/>"); i >= 0 {
			elem = elem[:i]
		}
		return l, c, elem
	}}
	if root.Empty {
		return cs, nil
	}
	type elemType struct{ name, typ string }
	types := map[string]elemType{} // element name → its first copy and its type
	for {
		t, ok, err := s.Next()
		if err != nil {
			return fail(err)
		}
		if !ok {
			return fail(fmt.Errorf("the root element <%s> is not closed", excerpt.Clip(root.Name)))
		}
		if t.End {
			break // the root's end (the scanner checks that end tags match)
		}
		n := fsNode{file: name, line: t.Line, col: t.Col, elem: t.Name, index: -1, off: t.Off}
		if et, ok := types[t.Name]; ok {
			n.typ, n.elem = et.typ, et.name
		} else {
			prefix, local, hasPrefix := strings.Cut(t.Name, ":")
			switch {
			case !hasPrefix:
				n.typ = t.Name
			case ns[prefix] != "":
				n.typ = ns[prefix] + "." + local
			default:
				n.typ = t.Name
			}
			types[t.Name] = elemType{t.Name, n.typ}
		}
		first := len(cs.feats.cur)
		var hasBegin, hasEnd bool
		for _, a := range t.Attrs {
			switch a.Name {
			case "xmi:id":
				n.id = a.Value
			case "sofa":
				n.sofa = a.Value
			case "begin", "end":
				v, ok := atoiOffset(a.Value)
				if !ok {
					return nil, position.Errorf(name, t.Line, t.Col, "<%s xmi:id=%q>: %s %q is not a non-negative integer", excerpt.Clip(t.Name), n.id, a.Name, excerpt.Clip(a.Value)).In(a.Name)
				}
				if a.Name == "begin" {
					n.begin, hasBegin = v, true
				} else {
					n.end, hasEnd = v, true
				}
			default:
				if !strings.HasPrefix(a.Name, "xmlns") {
					cs.feats.add(feature{name: a.Name, value: a.Value, owned: a.Copied}, &first)
				}
			}
		}
		n.features = cs.feats.done(first)
		n.hasSpan = hasBegin && hasEnd
		if !t.Empty {
			if err := s.Skip(t.Name); err != nil {
				return fail(err)
			}
		}
		cs.keep(n, first)
	}
	// nothing but comments and processing instructions after the root
	if _, _, err := s.Next(); err != nil {
		return fail(err)
	}
	if i, j, dup := cs.firstDuplicateID(); dup {
		first, second := cs.node(i), cs.node(j)
		w := first.where()
		return nil, second.where().Errorf("xmi:id %s is the id of %s too (line %d, column %d): an id names one feature structure", excerpt.Clip(second.id), w.Path, w.Line, w.Col)
	}
	return cs, nil
}

package uima

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"

	"agree/annotation"
	"agree/formats/internal/xmlscan"
	"agree/internal/excerpt"
	"agree/position"
)

// ReadXMI reads a UIMA CAS in XMI (XML 1.0 or 1.1, UTF-8; from r, named
// name in messages) as annotator's annotation of document doc into c. No
// type system is needed: an element's type is its namespace (the package,
// from the xmlns declaration's URI http:///<package path>.ecore) and local
// name, its features are its attributes. See the package documentation.
func ReadXMI(c *annotation.Corpus, r io.Reader, name, doc, annotator string, opt Options) error {
	data, err := io.ReadAll(r)
	if err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	if err := checkUTF16(data, name, "XMI"); err != nil {
		return err
	}
	nodes, err := parseXMI(data, name)
	if err != nil {
		return err
	}
	return build(c, nodes, name, doc, annotator, &opt)
}

// nsPackage turns an XMI namespace URI into a package name:
// "http:///de/tudarmstadt/ukp/dkpro/core/api/ner/type.ecore" →
// "de.tudarmstadt.ukp.dkpro.core.api.ner.type".
func nsPackage(uri string) string {
	p := strings.TrimPrefix(uri, "http:///")
	p = strings.TrimSuffix(p, ".ecore")
	return strings.ReplaceAll(strings.Trim(p, "/"), "/", ".")
}

func parseXMI(data []byte, name string) ([]fsNode, error) {
	s := xmlscan.New(data)
	fail := func(err error) ([]fsNode, error) {
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
	if root.Empty {
		return nil, nil
	}
	// room for a node per tag, but no more than real files have (an element
	// takes at least 16 bytes): a file of '<' must not reserve gigabytes
	nodes := make([]fsNode, 0, min(bytes.Count(data, []byte{'<'}), len(data)/16+1))
	type elemType struct{ name, typ string }
	types := map[string]elemType{} // element name → its first copy and its type
	// the nodes' features, in one array (a node's are a slice of it)
	feats := make([]feature, 0, min(bytes.Count(data, []byte{'='}), len(data)/8+1))
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
		n := fsNode{file: name, line: t.Line, col: t.Col, elem: t.Name, index: -1}
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
		first := len(feats)
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
					feats = append(feats, feature{name: a.Name, value: a.Value})
				}
			}
		}
		n.features = feats[first:len(feats):len(feats)]
		n.hasSpan = hasBegin && hasEnd
		if !t.Empty {
			if err := s.Skip(t.Name); err != nil {
				return fail(err)
			}
		}
		nodes = append(nodes, n)
	}
	// nothing but comments and processing instructions after the root
	if _, _, err := s.Next(); err != nil {
		return fail(err)
	}
	if i, j, dup := firstDuplicateID(nodes); dup {
		first := nodes[i].where()
		return nil, nodes[j].where().Errorf("xmi:id %s is the id of %s too (line %d, column %d): an id names one feature structure", excerpt.Clip(nodes[j].id), first.Path, first.Line, first.Col)
	}
	return nodes, nil
}

package uima

import (
	"bytes"
	"fmt"
	"io"
	"strings"

	"agree/annotation"
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
	s := newXMLScanner(data)
	fail := func(err error) ([]fsNode, error) { return nil, fmt.Errorf("%s: %w", name, err) }
	root, ok, err := s.next()
	if err != nil {
		return fail(err)
	}
	if !ok || root.end {
		return fail(fmt.Errorf("no root element: want <xmi:XMI …>"))
	}
	if LocalName(root.name) != "XMI" {
		return fail(fmt.Errorf("line %d: the root element is <%s>, want <xmi:XMI> (a UIMA CAS XMI file)", root.line, clip(root.name)))
	}
	ns := map[string]string{}
	for _, a := range root.attrs {
		if p, ok := strings.CutPrefix(a.name, "xmlns:"); ok {
			ns[p] = nsPackage(a.value)
		}
	}
	if root.empty {
		return nil, nil
	}
	// room for a node per tag, but no more than real files have (an element
	// takes at least 16 bytes): a file of '<' must not reserve gigabytes
	nodes := make([]fsNode, 0, min(bytes.Count(data, []byte{'<'}), len(data)/16+1))
	var lastName, lastType string // the type of the last element name seen
	for {
		t, ok, err := s.next()
		if err != nil {
			return fail(err)
		}
		if !ok {
			return fail(fmt.Errorf("the root element <%s> is not closed", clip(root.name)))
		}
		if t.end {
			break
		}
		n := fsNode{where: annotation.Pos{File: name, Line: t.line}, features: make([]feature, 0, len(t.attrs))}
		if t.name == lastName {
			n.typ = lastType
		} else {
			prefix, local, hasPrefix := strings.Cut(t.name, ":")
			switch {
			case !hasPrefix:
				n.typ = t.name
			case ns[prefix] != "":
				n.typ = ns[prefix] + "." + local
			default:
				n.typ = t.name
			}
			lastName, lastType = t.name, n.typ
		}
		var hasBegin, hasEnd bool
		for _, a := range t.attrs {
			switch a.name {
			case "xmi:id":
				n.id = a.value
			case "sofa":
				n.sofa = a.value
			case "begin", "end":
				v, ok := atoiOffset(a.value)
				if !ok {
					return fail(fmt.Errorf("line %d: <%s xmi:id=%q>: %s %q is not a non-negative integer", t.line, clip(t.name), n.id, a.name, clip(a.value)))
				}
				if a.name == "begin" {
					n.begin, hasBegin = v, true
				} else {
					n.end, hasEnd = v, true
				}
			default:
				if !strings.HasPrefix(a.name, "xmlns") {
					n.features = append(n.features, feature{name: a.name, value: a.value})
				}
			}
		}
		n.hasSpan = hasBegin && hasEnd
		if n.id != "" {
			n.where.Path = "<" + t.name + " xmi:id=\"" + n.id + "\">"
		} else {
			n.where.Path = "<" + t.name + ">"
		}
		if !t.empty {
			if err := s.skip(t.name); err != nil {
				return fail(err)
			}
		}
		nodes = append(nodes, n)
	}
	return nodes, nil
}

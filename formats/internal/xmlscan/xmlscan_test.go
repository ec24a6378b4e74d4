package xmlscan

import (
	"strings"
	"testing"
)

// TestScan: tags, attributes and text, each case with its reason.
func TestScan(t *testing.T) {
	in := "<?xml version=\"1.1\" encoding=\"UTF-8\"?>\n<root a=\"x &amp; y&#10;z\">\n<!-- c --><v>a &lt;b&gt; <![CDATA[<c>]]> 😀\r\nd</v><e/></root>"
	s := New([]byte(in))
	root, ok, err := s.Next()
	if err != nil || !ok || root.Name != "root" || root.Line != 2 {
		t.Fatalf("root %+v %v %v", root, ok, err)
	}
	if v, _ := root.Attr("a"); v != "x & y\nz" {
		t.Errorf("attribute %q: a reference is kept, as XML normalises", v)
	}
	v, ok, err := s.Next()
	if err != nil || v.Name != "v" || v.Line != 3 {
		t.Fatalf("v %+v %v", v, err)
	}
	text, err := s.Text()
	if err != nil || text != "a <b> <c> 😀\nd" {
		t.Errorf("text %q %v: references resolved, CDATA kept, CR LF a line feed", text, err)
	}
	for _, want := range []string{"/v", "e/", "/root"} {
		tg, ok, err := s.Next()
		got := tg.Name
		if tg.End {
			got = "/" + got
		}
		if tg.Empty {
			got += "/"
		}
		if err != nil || !ok || got != want {
			t.Errorf("tag %q, want %q (%v)", got, want, err)
		}
	}
	if _, ok, _ := s.Next(); ok {
		t.Error("a tag after the end")
	}
	for _, tc := range []struct{ in, want string }{
		{"<a b='1' b2=x>", "line 1: in tag <a: the value of b2 is not quoted"},
		{"<!DOCTYPE x>", "a DOCTYPE"},
		{"<a>x &bogus; y</a>", "unknown entity &bogus;"},
		{"<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><a/>", `encoding "ISO-8859-1": want UTF-8`},
	} {
		s := New([]byte(tc.in))
		var err error
		for err == nil {
			var ok bool
			var tg Tag
			if tg, ok, err = s.Next(); !ok || err != nil {
				break
			}
			if !tg.End && !tg.Empty {
				_, err = s.Text()
			}
		}
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: err %v, want %q", tc.in, err, tc.want)
		}
	}
}

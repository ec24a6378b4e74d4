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
	if err != nil || !ok || v.Name != "v" || v.Line != 3 {
		t.Fatalf("v %+v %v %v", v, ok, err)
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
		{"<a b='1' b2=x>", "line 1, column 10: in tag <a: the value of b2 is not quoted"},
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

// scanAll reads every tag of in, and the text of each element, as the
// readers do; it returns the first error.
func scanAll(in string) error {
	s := NewString(in)
	for {
		tg, ok, err := s.Next()
		if err != nil || !ok {
			return err
		}
		if !tg.End && !tg.Empty {
			if _, err := s.Text(); err != nil {
				return err
			}
		}
	}
}

// TestWellFormed: what XML 1.0 and 1.1 call not well-formed is refused,
// with the line and the column (in bytes) of the fault.
func TestWellFormed(t *testing.T) {
	many := "<a"
	for i := range 40 {
		many += " x" + strings.Repeat("y", i) + "='1'"
	}
	for _, tc := range []struct{ why, in, want string }{
		{"an end tag that closes another element", "<a><b></c></a>", "line 1, column 7: </c> does not close <b> (opened at line 1, column 4)"},
		{"the same, on the root", "<a></b>", "line 1, column 4: </b> does not close <a>"},
		{"an end tag with no element open", "<a/></a>", "line 1, column 5: end tag </a> closes no element"},
		{"the input ends inside elements", "<a>\n<b></b>", "line 2, column 8: the file ends inside <a> (opened at line 1, column 1)"},
		{"the input ends in a text", "<a>\n<b>text", "line 2, column 8: the file ends in the text of an element"},
		{"two root elements", "<a/><b/>", "line 1, column 5: a second root element <b>"},
		{"an attribute twice", "<a x='1' y='2' x='3'/>", "line 1, column 16: in tag <a: attribute x given twice"},
		{"an attribute twice among many (found by a set)", many + " xyyy='2'/>", "attribute xyyy given twice"},
		{"a literal NUL in an attribute", "<a x='1\x002'/>", "line 1, column 8: a NUL byte"},
		{"a literal NUL in text", "<a>\n ab\x00</a>", "line 2, column 4: a NUL byte"},
		{"another literal C0 control (XML 1.1 wants &#7;)", "<a>\x07</a>", "line 1, column 4: control character U+0007 written as itself"},
		{"bytes that are not UTF-8", "<a x='\xff'/>", "line 1, column 7: a byte that is not UTF-8"},
		{"'<' in an attribute value", "<a x='<'/>", "line 1, column 4: in tag <a, attribute x: '<' in an attribute value"},
		{"a column far into a one-line file", "<r>" + strings.Repeat("<x a='1'/>", 1000) + "<x a='&z;'/></r>", "line 1, column 10007: in tag <x, attribute a: unknown entity &z;"},
	} {
		err := scanAll(tc.in)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: err %v, want %q", tc.why, err, tc.want)
		}
	}
	for _, tc := range []struct{ why, in string }{
		{"tab, line feed and carriage return are characters", "<a x='\t\n\r'>\t\r\n</a>"},
		{"white space after an end tag's name", "<a><b></b \n></a>"},
		{"comments and processing instructions after the root", "<a/><!-- c --><?pi x?>\n"},
		{"many distinct attributes", many + "/>"},
		{"a control character as an XML 1.1 reference", "<a x='&#1;'>&#7;</a>"},
	} {
		if err := scanAll(tc.in); err != nil {
			t.Errorf("%s: %v", tc.why, err)
		}
	}
}

// TestSkip: Skip goes to the end tag of the element just opened, and
// refuses a mismatched end tag inside it (it used to count tags only).
func TestSkip(t *testing.T) {
	for _, tc := range []struct{ why, in, want string }{
		{"nested elements are skipped", "<r><a><b/><c>x</c></a><d/></r>", ""},
		{"a mismatched end tag inside", "<r><a><b></c></a><d/></r>", "line 1, column 10: </c> does not close <b>"},
		{"the element is not closed", "<r><a><b></b>", "the file ends inside <a>"},
	} {
		s := NewString(tc.in)
		s.Next() // <r>
		s.Next() // <a>
		err := s.Skip("a")
		if err == nil {
			var tg Tag
			tg, _, err = s.Next()
			if err == nil && tg.Name != "d" {
				t.Errorf("%s: after Skip, <%s>, want <d>", tc.why, tg.Name)
			}
		}
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%s: %v", tc.why, err)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("%s: err %v, want %q", tc.why, err, tc.want)
		}
	}
}

// TestSubstrings: names, and values and texts with nothing to resolve,
// are substrings of the data: scanning a tag allocates nothing.
func TestSubstrings(t *testing.T) {
	in := "<r>" + strings.Repeat(`<type3:NamedEntity xmi:id="12" sofa="1" begin="0" end="5" value="PER"/>`, 200) + "</r>"
	s := NewString(in)
	s.Next()
	allocs := testing.AllocsPerRun(100, func() {
		tg, ok, err := s.Next()
		if err != nil || !ok || tg.Name != "type3:NamedEntity" || len(tg.Attrs) != 5 {
			t.Fatalf("%+v %v %v", tg, ok, err)
		}
	})
	if allocs != 0 {
		t.Errorf("%v allocations per tag, want 0", allocs)
	}
	s = NewString("<a>plain text</a>")
	s.Next()
	if allocs := testing.AllocsPerRun(1, func() { s.pos = 3; s.Text() }); allocs != 0 {
		t.Errorf("%v allocations for a plain text, want 0", allocs)
	}
}

package xmlscan

import (
	"errors"
	"strings"
	"testing"
)

// FuzzScan: no input panics the scanner; an error has a position inside
// the input; an input scanned without error has balanced tags.
func FuzzScan(f *testing.F) {
	for _, s := range []string{
		`<?xml version="1.1"?><xmi:XMI a="x &amp; &#1;"><b>t<![CDATA[<c>]]></b><e/></xmi:XMI>`,
		"<a>\n<b x='1' x='2'/></a>", "<a></b>", "<a>\x00</a>", "<a/><b/>", "<!-- c --><a\r\n  b = 'v'\t/>",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		s := NewString(in)
		depth := 0
		for {
			tg, ok, err := s.Next()
			if err != nil {
				var xe *Error
				if errors.As(err, &xe) && (xe.Line < 1 || xe.Col < 1 || xe.Line > strings.Count(in, "\n")+1) {
					t.Fatalf("error at line %d, column %d: %v", xe.Line, xe.Col, err)
				}
				return
			}
			if !ok {
				break
			}
			switch {
			case tg.End:
				depth--
			case !tg.Empty:
				depth++
				if len(in)%2 == 0 {
					if _, err := s.Text(); err != nil {
						return
					}
				}
			}
			if depth < 0 {
				t.Fatal("an end tag with no element open was accepted")
			}
		}
		if depth != 0 {
			t.Fatalf("the input ended with %d elements open and no error", depth)
		}
	})
}

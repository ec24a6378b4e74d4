package annotation

import (
	"bytes"
	"strings"
	"testing"
)

// FuzzReadCSV: no input panics; what is read validates, and writing it and
// reading it back gives the same spans.
func FuzzReadCSV(f *testing.F) {
	for _, s := range []string{
		"document,annotator,start,end,label\nd,a,0,3,X\nd,b,1,3,Y\n",
		"document,annotator,start,end,label,layer,chain,part_of,text\nd,a,0,1,X,NE,c1,p,😀\nd,a,2,3,X,NE,c1,p,z\n",
		"annotator,document,label,start,end\nA,rec,beat,1.25,2\n",
		"document,annotator,start,end,label\n\"#d\",\" a\",0,1e15,\"x,y\"\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		c, err := ReadCSV(strings.NewReader(in), "f.csv")
		if err != nil {
			return
		}
		if err := c.Validate(); err != nil {
			t.Fatalf("read data does not validate: %v", err)
		}
		var buf bytes.Buffer
		if err := WriteCSV(&buf, c); err != nil {
			t.Fatal(err)
		}
		back, err := ReadCSV(&buf, "back.csv")
		if err != nil {
			t.Fatalf("written CSV does not read back: %v\n%s", err, buf.String())
		}
		if len(back.Spans) != len(c.Spans) {
			t.Fatalf("%d spans read back, want %d", len(back.Spans), len(c.Spans))
		}
		for i := range c.Spans {
			a, b := c.Spans[i], back.Spans[i]
			if a.Start != b.Start || a.End != b.End || a.Label != b.Label || len(a.Parts) != len(b.Parts) ||
				c.Documents[a.Doc].Name != back.Documents[b.Doc].Name || c.Annotators[a.Annotator] != back.Annotators[b.Annotator] {
				t.Fatalf("span %d: %+v read back as %+v", i, a, b)
			}
		}
	})
}

// FuzzReadJSONL: no input panics; what is read validates and survives a
// write/read round trip.
func FuzzReadJSONL(f *testing.F) {
	f.Add(`{"type":"annotator","annotator":"a"}` + "\n" + `{"type":"document","document":"d","text":"ab😀"}` + "\n" +
		`{"type":"span","document":"d","annotator":"a","id":"T1","start":0,"end":3,"label":"X"}` + "\n" +
		`{"type":"span","document":"d","annotator":"a","id":"T2","start":0,"end":2,"parts":[[0,1],[1,2]],"label":"Y"}` + "\n" +
		`{"type":"relation","document":"d","annotator":"a","source":"T1","target":"T2","relation":"r"}` + "\n" +
		`{"type":"label","document":"d","annotator":"a","value":"pos"}` + "\n")
	f.Fuzz(func(t *testing.T, in string) {
		c, err := ReadJSONL(strings.NewReader(in), "f.jsonl")
		if err != nil {
			return
		}
		var buf bytes.Buffer
		if err := WriteJSONL(&buf, c); err != nil {
			t.Fatal(err)
		}
		back, err := ReadJSONL(&buf, "back.jsonl")
		if err != nil {
			t.Fatalf("written JSONL does not read back: %v\n%s", err, buf.String())
		}
		if len(back.Spans) != len(c.Spans) || len(back.Relations) != len(c.Relations) || len(back.Labels) != len(c.Labels) {
			t.Fatalf("round trip lost records")
		}
	})
}

package annotation

import (
	"bytes"
	"encoding/json"
	"reflect"
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

// jsonlLines are records of the JSONL form for the decoders' comparison:
// each field, each kind of value where another is wanted, null, repeated
// and case-folded keys, escapes and text outside the BMP.
var jsonlLines = []string{
	`{"type":"annotator","annotator":"a"}`,
	`{"type":"document","document":"d","text":"ab😀","time":false,"annotated_by":["a","b"],"tokens":[[0,1],[1,3]],"extent":[0,2.5]}`,
	`{"type":"span","document":"d","annotator":"a","id":"T1","start":0,"end":3,"label":"X","layer":"NE","chain":"c1","attributes":{"k":"v","k2":""},"text":"ab\ud83d\ude00"}`,
	`{"type":"span","document":"d","annotator":"a","id":"T2","start":0,"end":2,"parts":[[0,1],[1,2]],"label":"Y"}`,
	`{"type":"relation","document":"d","annotator":"a","source":"T1","target":"T2","relation":"r","layer":"L"}`,
	`{"type":"label","document":"d","annotator":"a","value":"pos","layer":"sentiment"}`,
	`{"type":"note","note":"brat: 3 lines ignored"}`,
	`{"Type":"span","DOCUMENT":"d","annotator":"a","start":0,"end":1,"label":"X"}`,
	`{"type":"span","label":"X","label":null,"start":null,"end":1e400}`,
	`{"type":"span","type":null,"document":"d","attributes":{"a":"1"},"attributes":{"b":"2"}}`,
	`{"type":"span","attributes":{"a":null},"extra":{"deep":[1,2,{"x":null}]}}`,
	`{"\u0074ype":"s\u0070an","document":"\ud83d\ude00","label":"\ud83d x\u00e9\n"}`,
	`{"type":"document","document":"d","tokens":[[0,1.0]],"time":"yes"}`,
	`{"type":"document","document":"d","tokens":[[0,1,2]],"extent":[1]}`,
	`{"type":"document","document":"d","annotated_by":[null,"a"],"tokens":null,"extent":null}`,
	`{"type":"span","start":-0,"end":12345678901234567890,"label":"\u017f","ſtart":1,"Kind":1}`,
	`["type","span"]`,
	`null`,
	`{"type":"span",}`,
	"{\"type\":\"span\",\"label\":\"a\xffb\",\"document\":\"\\u00e9\xfe\"}",
}

// normal is r with empty slices made nil, for comparison.
func normal(r record) record {
	if len(r.AnnotatedBy) == 0 {
		r.AnnotatedBy = nil
	}
	if len(r.Tokens) == 0 {
		r.Tokens = nil
	}
	if len(r.Parts) == 0 {
		r.Parts = nil
	}
	return r
}

// FuzzJSONLDecoder: whatever line the fast decoder of the JSONL form
// decodes, encoding/json decodes to the same record.
func FuzzJSONLDecoder(f *testing.F) {
	for _, l := range jsonlLines {
		f.Add(l)
	}
	f.Fuzz(func(t *testing.T, line string) {
		checkJSONLDecoder(t, line)
	})
}

func checkJSONLDecoder(t *testing.T, line string) {
	t.Helper()
	var dec jsonlDecoder
	var fast record
	if !dec.decode([]byte(line), &fast) {
		return
	}
	var jr jsonRecord
	if err := json.Unmarshal([]byte(line), &jr); err != nil {
		t.Fatalf("%s: decoded, but encoding/json says %v", line, err)
	}
	var slow record
	slow.from(&jr)
	if got, want := normal(fast), normal(slow); !reflect.DeepEqual(got, want) {
		t.Fatalf("%s:\ndecoded     %+v\nencoding/json %+v", line, got, want)
	}
}

// TestJSONLDecoder: the fast decoder of the JSONL form decodes the
// records WriteJSONL writes, leaves to encoding/json what only it can
// say, and agrees with it on everything it decodes.
func TestJSONLDecoder(t *testing.T) {
	fast := map[int]string{
		0: "annotator", 1: "document with every field", 2: "span with attributes and escaped text", 3: "parts",
		4: "relation", 5: "label", 6: "note", 11: "escaped key and values", 19: "invalid UTF-8",
	}
	for i, line := range jsonlLines {
		var dec jsonlDecoder
		var r record
		if got := dec.decode([]byte(line), &r); got != (fast[i] != "") {
			t.Errorf("%s (%s): decoded %v", line, fast[i], got)
		}
		checkJSONLDecoder(t, line)
	}
}

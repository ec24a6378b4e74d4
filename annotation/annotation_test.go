package annotation

import (
	"bytes"
	"math"
	"reflect"
	"slices"
	"strings"
	"testing"

	"agree/coref"
)

// sample is a small corpus with text outside the BMP, a discontinuous
// span, a chain, document labels (one a set) and a relation.
func sample(t *testing.T) *Corpus {
	t.Helper()
	c := &Corpus{}
	d := c.Document("d1")
	// code points: A=0 l i c e=4 ' '=5 😀=6 ' '=7 漢=8 字=9 ' '=10 s h e=11..13
	if err := c.SetText(d, "Alice 😀 漢字 she", Pos{}); err != nil {
		t.Fatal(err)
	}
	a, b := c.Annotator("ann1"), c.Annotator("ann2")
	c.Spans = append(c.Spans,
		Span{Doc: d, Annotator: a, ID: "T1", Start: 0, End: 5, Label: "PER", Chain: "c1"},
		Span{Doc: d, Annotator: a, ID: "T2", Start: 6, End: 10, Label: "MISC", Parts: []Part{{6, 7}, {8, 10}}},
		Span{Doc: d, Annotator: a, ID: "T3", Start: 11, End: 14, Label: "PER", Chain: "c1"},
		Span{Doc: d, Annotator: b, Start: 0, End: 5, Label: "PER"},
	)
	c.Labels = append(c.Labels,
		Label{Doc: d, Annotator: a, Value: "pos"},
		Label{Doc: d, Annotator: b, Value: "pos"},
		Label{Doc: d, Annotator: b, Value: "neg"},
	)
	c.Relations = append(c.Relations, Relation{Doc: d, Annotator: a, Source: 0, Target: 2, Type: "coref"})
	if err := c.Validate(); err != nil {
		t.Fatal(err)
	}
	return c
}

func TestWriteCSV(t *testing.T) {
	var buf bytes.Buffer
	if err := WriteCSV(&buf, sample(t)); err != nil {
		t.Fatal(err)
	}
	want := `document,annotator,start,end,label,chain,part_of,text
d1,ann1,0,5,PER,c1,,Alice
d1,ann1,6,7,MISC,,T2,😀
d1,ann1,8,10,MISC,,T2,漢字
d1,ann1,11,14,PER,c1,,she
d1,ann2,0,5,PER,,,Alice
`
	if buf.String() != want {
		t.Fatalf("got\n%s\nwant\n%s", buf.String(), want)
	}
	// Read back: the same spans (the text column gives covered text).
	c, err := ReadCSV(&buf, "x.csv")
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Spans) != 4 || len(c.Spans[1].Parts) != 2 || c.Spans[1].Start != 6 || c.Spans[1].End != 10 || c.Spans[1].Text != "😀 漢字" {
		t.Fatalf("read back: %+v", c.Spans)
	}
}

func TestCSVQuotesCommentLikeFields(t *testing.T) {
	c := &Corpus{}
	c.Spans = append(c.Spans, Span{Doc: c.Document("#1, \"x\""), Annotator: c.Annotator(" a"), Start: 0, End: 1e15, Label: "L"})
	var buf bytes.Buffer
	if err := WriteCSV(&buf, c); err != nil {
		t.Fatal(err)
	}
	if want := "\"#1, \"\"x\"\"\",\" a\",0,1000000000000000,L\n"; !strings.HasSuffix(buf.String(), want) {
		t.Fatalf("got %q", buf.String())
	}
	back, err := ReadCSV(&buf, "q.csv")
	if err != nil {
		t.Fatal(err)
	}
	if back.Documents[0].Name != "#1, \"x\"" || back.Spans[0].End != 1e15 {
		t.Fatalf("read back %+v %+v", back.Documents, back.Spans)
	}
}

func TestReadCSVErrors(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"empty file", "", "x.csv: empty file"},
		{"missing column", "document,annotator,start,end\n", `x.csv:1: the header has no "label" column`},
		{"unknown column", "document,annotator,start,end,label,colour\n", `x.csv:1:36: unknown column "colour"`},
		{"duplicate column", "document,annotator,start,end,label,label\n", `column "label" appears twice`},
		{"only a header", "document,annotator,start,end,label\n", "no spans"},
		{"not a number", "document,annotator,start,end,label\nd,a,x,3,L\n", `x.csv:2:5: start "x" is not a finite number`},
		{"infinite", "document,annotator,start,end,label\nd,a,0,1e999,L\n", `x.csv:2:7: end "1e999" is not a finite number`},
		{"overflowing length", "document,annotator,start,end,label\nd,a,-1.5e308,1.5e308,L\n", "x.csv:2: the length of"},
		{"reversed", "document,annotator,start,end,label\nd,a,5,3,L\n", "x.csv:2: start 5 is after end 3"},
		{"negative text offset", "document,annotator,start,end,label\nd,a,-1,3,L\n", "x.csv:2: text offsets [-1, 3) must be whole numbers"},
		{"ragged", "document,annotator,start,end,label\nd,a,1,3\n", "x.csv:2: 4 fields; the header has 5"},
		{"empty annotator", "document,annotator,start,end,label\nd, ,1,3,L\n", "x.csv:2:4: empty annotator"},
		{"overlapping parts: the row that overlaps is named, with the part it overlaps", "document,annotator,start,end,label,part_of\nd,a,1,3,L,p\nd,a,2,4,L,p\n", `x.csv:3: part [2, 4) of span "p" overlaps its part [1, 3) of line 2`},
		{"a part that overlaps the second of three, given before it in the text", "document,annotator,start,end,label,part_of\nd,a,0,2,L,p\nd,a,10,12,L,p\nd,b,0,1,L,\nd,a,9,11,L,p\n", `x.csv:5: part [9, 11) of span "p" overlaps its part [10, 12) of line 3`},
		{"a repeated part", "document,annotator,start,end,label,part_of\nd,a,0,2,L,p\nd,a,5,6,L,p\nd,a,5,6,L,p\n", `x.csv:4: part [5, 6) of span "p" overlaps its part [5, 6) of line 3`},
		{"2^53 + 1 is not rounded down to 2^53", "document,annotator,start,end,label\nd,a,0,9007199254740993,L\n", `x.csv:2:7: end "9007199254740993" has more digits than a 64-bit float holds: it would be read as 9007199254740992`},
		{"a decimal that does not round-trip", "document,annotator,start,end,label\nd,a,0.5,0.3000000000000000444,L\n", `x.csv:2:9: end "0.3000000000000000444" has more digits`},
		{"a text offset above 2^53 on a later part is named at its line", "document,annotator,start,end,label,part_of\nd,a,0,2,L,p\nd,a,5,9007199254740994,L,p\n", "x.csv:3: text offsets [5, 9.007199254740994e+15) must be whole numbers from 0 to 2^53"},
		{"parts disagree", "document,annotator,start,end,label,part_of\nd,a,1,3,L,p\nd,a,5,6,M,p\n", "x.csv:3: part of span \"p\" has another label"},
		{"a long value is cut", "document,annotator,start,end,label\nd,a," + strings.Repeat("9x", 1000) + ",3,L\n", "… (2000 bytes)"},
	}
	for _, tc := range tests {
		_, err := ReadCSV(strings.NewReader(tc.in), "x.csv")
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want %q", tc.name, err, tc.want)
		}
	}
}

func TestReadCSVTimeDocuments(t *testing.T) {
	in := "annotator,document,label,start,end\nA,rec,beat,1.25,2\nB,rec,beat,1,2\nA,doc,x,0,3\n"
	c, err := ReadCSV(strings.NewReader(in), "t.csv")
	if err != nil {
		t.Fatal(err)
	}
	if !c.Documents[0].Time || c.Documents[1].Time {
		t.Fatalf("time flags: %+v", c.Documents)
	}
}

func TestJSONLRoundTrip(t *testing.T) {
	c := sample(t)
	c.Documents[0].Tokens = []Token{{0, 5}, {6, 7}}
	c.MarkAnnotated(c.Document("empty"), 1)
	c.Spans[0].Attrs = map[string]string{"certainty": "high"}
	c.Notes = []string{"brat: 1 note ignored"}
	var buf bytes.Buffer
	if err := WriteJSONL(&buf, c); err != nil {
		t.Fatal(err)
	}
	back, err := ReadJSONL(bytes.NewReader(buf.Bytes()), "c.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	// The span without an id that a relation needs... (none here: T1, T3).
	for i := range back.Spans {
		back.Spans[i].Pos = Pos{}
	}
	for i := range back.Labels {
		back.Labels[i].Pos = Pos{}
	}
	for i := range back.Relations {
		back.Relations[i].Pos = Pos{}
	}
	back.docIndex, back.annIndex, c.docIndex, c.annIndex = nil, nil, nil, nil
	if !reflect.DeepEqual(back, c) {
		t.Fatalf("round trip differs:\n got %+v\nwant %+v", back, c)
	}
}

func TestContinua(t *testing.T) {
	c := sample(t)
	c.MarkAnnotated(c.Document("d2"), c.Annotator("ann3")) // annotated, nothing marked
	uc, err := c.Continua("", AnnotatedDocuments)
	if err != nil {
		t.Fatal(err)
	}
	if len(uc.Continua) != 2 {
		t.Fatalf("%d continua", len(uc.Continua))
	}
	d1 := uc.Continua[0]
	if d1.Name != "d1" || !reflect.DeepEqual(d1.Annotators, []string{"ann1", "ann2"}) || len(d1.Units) != 5 {
		t.Fatalf("d1: %+v", d1)
	}
	if u := d1.Units[1]; u.Start != 6 || u.End != 7 || u.Category != "MISC" {
		t.Fatalf("first part of the discontinuous span: %+v", u)
	}
	if d2 := uc.Continua[1]; !reflect.DeepEqual(d2.Annotators, []string{"ann3"}) || len(d2.Units) != 0 {
		t.Fatalf("d2: %+v", d2)
	}
	c.Spans[3].Layer = "NE"
	if _, err := c.Continua("", AnnotatedDocuments); err == nil || !strings.Contains(err.Error(), `2 layers ("", "NE")`) {
		t.Fatalf("two layers: %v", err)
	}
	uc, err = c.Continua("NE", AnnotatedDocuments)
	if err != nil || len(uc.Continua[0].Units) != 1 {
		t.Fatalf("layer NE: %v %+v", err, uc)
	}
}

func TestCoding(t *testing.T) {
	c := sample(t)
	if _, err := c.Coding("", ""); err == nil || !strings.Contains(err.Error(), "multi-label data needs a set separator") {
		t.Fatalf("set without separator: %v", err)
	}
	d, err := c.Coding("", "|")
	if err != nil {
		t.Fatal(err)
	}
	if d.NumItems() != 1 || d.NumCoders() != 2 {
		t.Fatalf("%d items × %d coders", d.NumItems(), d.NumCoders())
	}
	if got := d.Labels()[d.Value(0, 1)]; got != "neg|pos" {
		t.Fatalf("ann2's set %q", got)
	}
}

func TestCoref(t *testing.T) {
	c := sample(t)
	b := coref.NewBuilder(coref.Duplicates(0))
	if err := c.Coref(b, ""); err != nil {
		t.Fatal(err)
	}
	cc, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	ents := cc.Entities(0, 0)
	var got []string
	for _, e := range ents {
		got = append(got, strings.Join(e, " "))
	}
	slices.Sort(got)
	want := []string{"0-5 11-14", "6-7;8-10"}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("ann1's entities %q, want %q", got, want)
	}
}

func TestValidate(t *testing.T) {
	tests := []struct {
		name string
		edit func(c *Corpus)
		want string
	}{
		{"past the text", func(c *Corpus) { c.Spans[2].End = 15 }, "after the end of the text"},
		{"not the hull", func(c *Corpus) { c.Spans[1].End = 11 }, "not the hull"},
		{"one part", func(c *Corpus) { c.Spans[1].Parts = c.Spans[1].Parts[:1] }, "at least two parts"},
		{"fractional text offset", func(c *Corpus) { c.Spans[0].End = 4.5 }, "whole numbers"},
		{"NaN", func(c *Corpus) { c.Spans[0].Start = math.NaN() }, "not finite"},
		{"relation across annotators", func(c *Corpus) { c.Relations[0].Target = 3 }, "another document or annotator"},
		{"relation to nothing", func(c *Corpus) { c.Relations[0].Target = 9 }, "unknown span"},
	}
	for _, tc := range tests {
		c := sample(t)
		tc.edit(c)
		if err := c.Validate(); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want %q", tc.name, err, tc.want)
		}
	}
}

func TestMerge(t *testing.T) {
	a := sample(t)
	b := sample(t)
	b.Annotators[0] = "ann9"
	b.reindex()
	if err := a.Merge(b); err != nil {
		t.Fatal(err)
	}
	if len(a.Annotators) != 3 || len(a.Documents) != 1 || len(a.Spans) != 8 || a.Relations[1].Source != 4 || a.Spans[4].Annotator != 2 {
		t.Fatalf("merged: annotators %v, %d docs, %d spans, relations %+v", a.Annotators, len(a.Documents), len(a.Spans), a.Relations)
	}
	b.Documents[0].Text = "other"
	if err := a.Merge(b); err == nil || !strings.Contains(err.Error(), "differs") {
		t.Fatalf("different texts: %v", err)
	}
}

// TestJSONLErrors: a malformed or mistyped value is located by line and
// column (a document record with its text is one long line) and named in
// JSON's terms.
func TestJSONLErrors(t *testing.T) {
	doc := `{"type":"document","document":"d","text":"` + strings.Repeat("a", 5000) + `"}` + "\n"
	for _, tc := range []struct{ why, in, want string }{
		{"a type error after a long record", doc + `{"type":"span","document":"d","annotator":"A","start":0,"end":"zz","label":"X"}`, `f.jsonl:2:67: "end": want a number, got a string`},
		{"a syntax error far into a long line", `{"type":"document","document":"d","text":"` + strings.Repeat("a", 5000) + `",x}`, "f.jsonl:1:5045: invalid JSON: invalid character 'x'"},
		{"a whole record of the wrong kind", `["span"]`, `f.jsonl:1:2: the value: want an object, got an array`},
	} {
		_, err := ReadJSONL(strings.NewReader(tc.in), "f.jsonl")
		if err == nil || !strings.Contains(err.Error(), tc.want) || strings.Contains(err.Error(), "Go struct") {
			t.Errorf("%s: %v, want %q", tc.why, err, tc.want)
		}
	}
}

package uima

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"agree/annotation"
	"agree/formats/internal/commontest"
)

type reader func(c *annotation.Corpus, f *os.File, name, doc, ann string, opt Options) error

func readCommon(t *testing.T, ext string, read reader) *annotation.Corpus {
	t.Helper()
	c := &annotation.Corpus{}
	for _, ann := range []string{"alice", "bob", "碧"} {
		for _, doc := range []string{"d1", "d2"} {
			path := "testdata/common/" + ann + "/" + doc + ext
			f, err := os.Open(path)
			if err != nil {
				t.Fatal(err)
			}
			err = read(c, f, path, doc, ann, Options{})
			f.Close()
			if err != nil {
				t.Fatal(err)
			}
		}
	}
	if err := c.Validate(); err != nil {
		t.Fatal(err)
	}
	return c
}

// checkCommon checks every span of the common set read from a CAS: the
// named entities (UTF-16 offsets converted, the discontinuous span as two
// spans), the coreference links and their chains through first/next, the
// relation (Governor → Dependent), an attribute, the tokens and no
// infrastructure type (Sentence, DocumentMetaData) among the layers.
func checkCommon(t *testing.T, c *annotation.Corpus) {
	t.Helper()
	if d := commontest.Diff(commontest.Corpus(t), c, commontest.Options{SplitParts: true, NoChains: true, Layer: "NamedEntity"}); d != "" {
		t.Errorf("named entities differ from the common set:\n%s", d)
	}
	if got := fmt.Sprint(c.Layers()); got != "[NamedEntity CoreferenceLink]" {
		t.Errorf("layers %s", got)
	}
	var links []string
	for _, s := range c.Spans {
		if s.Layer == "CoreferenceLink" {
			links = append(links, fmt.Sprintf("%s/%s %v-%v %s %v", c.Annotators[s.Annotator], c.Documents[s.Doc].Name, s.Start, s.End, s.Label, s.Attrs))
			if s.Chain == "" {
				t.Errorf("link %s in no chain", s.ID)
			}
		}
	}
	if got := strings.Join(links, "; "); got != "alice/d1 0-5 nam map[referenceRelation:coref]; alice/d1 26-29 pr map[]; bob/d1 0-5 nam map[referenceRelation:coref]; bob/d1 26-29 pr map[]" {
		t.Errorf("links: %s", got)
	}
	if len(c.Relations) != 1 {
		t.Fatalf("relations: %+v", c.Relations)
	}
	r := c.Relations[0]
	if src, tgt := c.Spans[r.Source], c.Spans[r.Target]; src.Start != 12 || tgt.Start != 19 || r.Type != "Located" || r.Layer != "Located" || tgt.Attrs["identifier"] != "wiki:東京_(city)" {
		t.Errorf("relation %+v: %+v → %+v", r, src, tgt)
	}
	for _, d := range c.Documents {
		want, _ := os.ReadFile(commontest.Dir() + "/" + d.Name + ".txt")
		if d.Text != string(want) {
			t.Errorf("%s: text %q", d.Name, d.Text)
		}
	}
	if got := fmt.Sprint(c.Documents[0].Tokens); got != "[{0 5} {6 9} {10 11} {12 15} {16 18} {19 21} {22 25} {26 29} {30 36} {36 37}]" {
		t.Errorf("d1 tokens %s", got)
	}
}

func TestCommonXMI(t *testing.T) {
	c := readCommon(t, ".xmi", func(c *annotation.Corpus, f *os.File, name, doc, ann string, opt Options) error {
		return ReadXMI(c, f, name, doc, ann, opt)
	})
	checkCommon(t, c)
	if p := c.Spans[0].Pos.String(); !strings.HasPrefix(p, "testdata/common/alice/d1.xmi:1:1382: <type3:NamedEntity xmi:id=") {
		t.Errorf("position %s", p)
	}
}

func TestCommonJSON(t *testing.T) {
	c := readCommon(t, ".json", func(c *annotation.Corpus, f *os.File, name, doc, ann string, opt Options) error {
		return ReadJSON(c, f, name, doc, ann, opt)
	})
	checkCommon(t, c)
	if p := c.Spans[0].Pos.String(); p != "testdata/common/alice/d1.json: %FEATURE_STRUCTURES[13]" {
		t.Errorf("position %s", p)
	}
}

// TestXML11: XML 1.1 allows control characters as character references;
// attribute values are normalised (a literal line break is a space, &#10;
// a line break) and the offsets count them.
func TestXML11(t *testing.T) {
	in := `<?xml version="1.1" encoding="UTF-8"?>
<xmi:XMI xmlns:xmi="http://www.omg.org/XMI" xmlns:cas="http:///uima/cas.ecore" xmlns:custom="http:///webanno/custom.ecore">
<!-- a comment --><cas:NULL xmi:id="0"/>
<custom:Span xmi:id="2" sofa="1" begin="2" end="4" value="a&amp;b"><ignored x="1"/></custom:Span>
<custom:Span xmi:id="3" sofa="1" begin="5" end="7" value='c"d'/>
<cas:Sofa xmi:id="1" sofaNum="1" sofaID="_InitialView" mimeType="text" sofaString="x&#1;ab&#10;😀
c"/>
</xmi:XMI>`
	c := &annotation.Corpus{}
	if err := ReadXMI(c, strings.NewReader(in), "x.xmi", "d", "a", Options{}); err != nil {
		t.Fatal(err)
	}
	if got := c.Documents[0].Text; got != "x\x01ab\n😀 c" {
		t.Errorf("text %q", got)
	}
	if s := c.Spans[0]; s.Start != 2 || s.End != 4 || s.Label != "a&b" || s.Layer != "Span" {
		t.Errorf("span %+v", s)
	}
	if s := c.Spans[1]; s.Start != 5 || s.End != 6 || s.Label != `c"d` {
		t.Errorf("span after the emoji %+v", s)
	}
}

// TestByteOrderMark: a UTF-8 byte-order mark before the JSON is skipped
// (RFC 8259 allows a parser to), and before the XML declaration too.
func TestByteOrderMark(t *testing.T) {
	const js = `{"%FEATURE_STRUCTURES":[{"%ID":1,"%TYPE":"uima.cas.Sofa","sofaID":"_InitialView","sofaString":"ab"},{"%ID":2,"%TYPE":"x.S","@sofa":1,"begin":0,"end":2,"value":"V"}]}`
	c := &annotation.Corpus{}
	if err := ReadJSON(c, strings.NewReader("\ufeff"+js), "x.json", "d", "a", Options{}); err != nil || len(c.Spans) != 1 || c.Spans[0].Label != "V" {
		t.Errorf("JSON with a byte-order mark: %v, spans %+v", err, c.Spans)
	}
	const xmi = `<?xml version="1.0" encoding="UTF-8"?><xmi:XMI xmlns:xmi="http://www.omg.org/XMI" xmlns:cas="http:///uima/cas.ecore" xmlns:c="http:///x.ecore"><c:S xmi:id="2" sofa="1" begin="0" end="2" value="V"/><cas:Sofa xmi:id="1" sofaID="_InitialView" sofaString="ab"/></xmi:XMI>`
	c = &annotation.Corpus{}
	if err := ReadXMI(c, strings.NewReader("\ufeff"+xmi), "x.xmi", "d", "a", Options{}); err != nil || len(c.Spans) != 1 || c.Spans[0].Label != "V" {
		t.Errorf("XMI with a byte-order mark: %v, spans %+v", err, c.Spans)
	}
}

// TestOtherViewsAndLabels: annotations of another view are ignored with a
// note; a type with several unknown features has empty labels and a note;
// LabelFeature chooses the label; Unit reads code-point offsets.
func TestOtherViewsAndLabels(t *testing.T) {
	in := `{"%FEATURE_STRUCTURES":[
{"%ID":1,"%TYPE":"uima.cas.Sofa","sofaID":"_InitialView","sofaString":"😀 ab"},
{"%ID":2,"%TYPE":"uima.cas.Sofa","sofaID":"other","sofaString":"zzz"},
{"%ID":3,"%TYPE":"x.Sentiment","@sofa":1,"begin":3,"end":5,"Category":"abstract","Opinion":"negative"},
{"%ID":4,"%TYPE":"x.Sentiment","@sofa":2,"begin":0,"end":1,"Category":"c","Opinion":"o"}]}`
	c := &annotation.Corpus{}
	if err := ReadJSON(c, strings.NewReader(in), "v.json", "d", "a", Options{}); err != nil {
		t.Fatal(err)
	}
	if len(c.Spans) != 1 || c.Spans[0].Label != "" || c.Spans[0].Start != 2 || len(c.Notes) != 2 ||
		!strings.Contains(c.Notes[0], "type Sentiment has the features Category, Opinion") || !strings.Contains(c.Notes[1], "1 annotation of other views") {
		t.Errorf("spans %+v, notes %q", c.Spans, c.Notes)
	}
	c = &annotation.Corpus{}
	if err := ReadJSON(c, strings.NewReader(in), "v.json", "d", "a", Options{LabelFeature: "Opinion"}); err != nil {
		t.Fatal(err)
	}
	if s := c.Spans[0]; s.Label != "negative" || s.Attrs["Category"] != "abstract" {
		t.Errorf("span %+v", s)
	}
	c = &annotation.Corpus{}
	cp := strings.Replace(in, `"begin":3,"end":5`, `"begin":2,"end":4`, 1)
	if err := ReadJSON(c, strings.NewReader(cp), "v.json", "d", "a", Options{Unit: "codepoint"}); err != nil {
		t.Fatal(err)
	}
	if s := c.Spans[0]; s.Start != 2 || s.End != 4 {
		t.Errorf("code points: span %+v", s)
	}
}

func TestErrors(t *testing.T) {
	const sofa = `<cas:Sofa xmi:id="1" sofaID="_InitialView" sofaString="ab😀"/>`
	const head = `<xmi:XMI xmlns:xmi="http://www.omg.org/XMI" xmlns:cas="http:///uima/cas.ecore" xmlns:c="http:///c.ecore">`
	for _, tc := range []struct{ in, want, why string }{
		{"", "x.xmi: no root element", "empty"},
		{"<a/>", "x.xmi:1:1: the root element is <a>, want <xmi:XMI>", "not XMI"},
		{head + sofa, "x.xmi:1:170: the file ends inside <xmi:XMI> (opened at line 1, column 1)", "unclosed root"},
		{head + `<c:S sofa="1" begin="x" end="1"/>` + sofa + "</xmi:XMI>", `x.xmi:1:106: <c:S xmi:id="">: begin "x" is not a non-negative integer`, "bad begin"},
		{head + `<c:S sofa="1" begin="0" end="9"/>` + sofa + "</xmi:XMI>", "x.xmi:1:106: <c:S>: end: offset 9 is outside the text", "past the end: the column locates the element in a one-line file"},
		{head + `<c:S sofa="1" begin="0" end="3"/>` + sofa + "</xmi:XMI>", "utf16 offset 3 falls inside a character", "inside the emoji"},
		{head + `<c:S sofa="1" begin="2" end="1"/>` + sofa + "</xmi:XMI>", "begin 2 is after end 1", "reversed"},
		{head + `<c:S sofa="1" begin="0" end="1" v="&bogus;"/>` + sofa + "</xmi:XMI>", "unknown entity &bogus;", "unknown entity"},
		{head + `<c:S sofa="1" begin="0" end="1" v="&#0;"/>` + sofa + "</xmi:XMI>", "bad character reference &#0;", "NUL reference"},
		{head + `<c:S sofa="1" begin="0" end="1" v="a/>` + sofa + "</xmi:XMI>", "", "unterminated value"},
		{head + `<c:S sofa="1" begin="0" end="1"/></xmi:XMI>`, "x.xmi: no uima.cas.Sofa", "no sofa"},
		{head + `<!DOCTYPE x>` + sofa + "</xmi:XMI>", "DOCTYPE", "doctype"},
		{`<?xml version="1.0" encoding="ISO-8859-1"?>` + head + sofa + "</xmi:XMI>", `encoding "ISO-8859-1"`, "latin-1"},
		{head + `<c:Chain xmi:id="5" first="6"/>` + sofa + "</xmi:XMI>", "chain 5: link 6 is not in the file", "dangling chain"},
		{head + `<c:Chain xmi:id="5" first="6"/><c:Link xmi:id="6" sofa="1" begin="0" end="1" next="6"/>` + sofa + "</xmi:XMI>", "its links form a cycle", "cyclic chain"},
		{head + `<c:Chain xmi:id="5" first="6"/><c:Chain xmi:id="8" first="7"/><c:Link xmi:id="7" sofa="1" begin="0" end="1" next="6"/><c:Link xmi:id="6" sofa="1" begin="1" end="2"/>` + sofa + "</xmi:XMI>",
			`chain 8: link 6 is in chain 5 too (x.xmi:1:106: <c:Chain xmi:id="5">): a link belongs to one chain`, "two chains sharing a link (thousands of them, sharing a long tail, took minutes)"},
		{"\xff\xfe<\x00x\x00m\x00i\x00", "x.xmi: UTF-16, but XMI files are UTF-8", "a file saved as UTF-16"},
		{head + sofa + "</xmi:XMIX>", "x.xmi:1:170: </xmi:XMIX> does not close <xmi:XMI> (opened at line 1, column 1)", "the root closed by another end tag"},
		{head + `<c:S sofa="1" begin="0" end="1"><x></y></c:S>` + sofa + "</xmi:XMI>", "x.xmi:1:141: </y> does not close <x> (opened at line 1, column 138)", "a mismatched end tag inside a feature structure (skipped unread) is refused too"},
		{head + `<c:S sofa="1" begin="0" end="1" begin="1"/>` + sofa + "</xmi:XMI>", "x.xmi:1:138: in tag <c:S: attribute begin given twice", "a duplicate attribute"},
		{head + "<c:S sofa=\"1\" begin=\"0\" end=\"1\" v=\"a\x00b\"/>" + sofa + "</xmi:XMI>", "x.xmi:1:142: a NUL byte", "a literal NUL"},
		{head + "<c:S sofa=\"1\" begin=\"0\" end=\"1\" v=\"a\x01b\"/>" + sofa + "</xmi:XMI>", "control character U+0001 written as itself", "a literal control character (XML 1.1 writes &#1;)"},
		{head + sofa + "</xmi:XMI><xmi:XMI/>", "x.xmi:1:180: a second root element <xmi:XMI>", "two root elements"},
		{"\n\n" + head + "\n  <c:S sofa=\"1\" begin=\"0\" end=\"1\" v=\"&bad;\"/>" + sofa + "</xmi:XMI>", "x.xmi:4:35: in tag <c:S, attribute v: unknown entity &bad;", "line and column on a file of several lines"},
		{head + "\n" + `<c:S xmi:id="5" sofa="1" begin="0" end="1"/>` + "\n" + `<c:T xmi:id="5" sofa="1" begin="1" end="2"/>` + sofa + "</xmi:XMI>",
			`x.xmi:3:1: <c:T xmi:id="5">: xmi:id 5 is the id of <c:S xmi:id="5"> too (line 2, column 1)`, "issue 25: an id given twice, refused at the second"},
		{head + `<c:S xmi:id="1" sofa="1" begin="0" end="1"/>` + sofa + "</xmi:XMI>", `x.xmi:1:150: <cas:Sofa xmi:id="1">: xmi:id 1 is the id of <c:S xmi:id="1"> too (line 1, column 106)`, "the sofa's id taken"},
	} {
		err := ReadXMI(&annotation.Corpus{}, strings.NewReader(tc.in), "x.xmi", "d", "a", Options{})
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: got %v, want %q", tc.why, err, tc.want)
		}
	}
	for _, tc := range []struct{ in, want, why string }{
		{"", "x.json: not a UIMA JSON CAS: line 1, column 1: want a JSON object", "empty"},
		{`{"%FEATURE_STRUCTURES": 3}`, "want an array or an object", "number"},
		{`{}`, "no %FEATURE_STRUCTURES", "no structures"},
		{"{\n \"a\": [1,]\n}", "x.json: not a UIMA JSON CAS: line 2, column 10: unexpected ']' (want a JSON value)", "syntax error"},
		{`{"%FEATURE_STRUCTURES":[{"%ID":1}]}`, "x.json: %FEATURE_STRUCTURES[0]: no %TYPE", "no type"},
		{`{"%FEATURE_STRUCTURES":[{"%ID":"1","%TYPE":"x"}]}`, "x.json: %FEATURE_STRUCTURES[0]: %ID is not a number", "string id"},
		{`{"%FEATURE_STRUCTURES":[]} x`, "x.json: not a UIMA JSON CAS: line 1, column 28: unexpected 'x' after the JSON value", "trailing data"},
		{`{"%FEATURE_STRUCTURES":[{"%ID":1,"%TYPE":"uima.cas.Sofa","sofaString":"ab"},{"%ID":2,"%TYPE":"x.S","@sofa":1,"begin":-1,"end":1}]}`, "x.json: %FEATURE_STRUCTURES[1]: begin -1 is not a non-negative integer", "negative begin"},
		{`{"%FEATURE_STRUCTURES":[{"%ID":1,"%TYPE":"uima.cas.Sofa","sofaString":"ab"},{"%ID":2,"%TYPE":"x.S","@sofa":1,"begin":"0","end":1}]}`, `x.json: %FEATURE_STRUCTURES[1]: begin "0" is a string: want a non-negative integer`, "a string offset"},
		{`{"%FEATURE_STRUCTURES":[{"%ID":1,"%TYPE":"uima.cas.Sofa","sofaString":"ab"}`, "line 1, column 76: unexpected end of input (want ',' or ']' in an array); a truncated file?", "a truncated file"},
		{`{"%FEATURE_STRUCTURES":[{"%ID":1,"%TYPE":"uima.cas.Sofa",`, "line 1, column 58: unexpected end of input (want a member name in quotes); a truncated file?", "a file truncated after a comma"},
		{"{\"%FEATURE_STRUCTURES\":[{\"%ID\":1,\"%TYPE\":\"x\xff\"}]}", "x.json: not a UIMA JSON CAS: line 1, column 42: a string that is not valid UTF-8", "bytes that are not UTF-8 in a string (offsets would be ambiguous)"},
		{"{\"%FEATURE_STRUCTURES\":{\"7\":{\"%TYPE\":\"x.S\",\"end\":null}}}", "x.json: %FEATURE_STRUCTURES[\"7\"]: end null is not a non-negative integer", "null offset, structures keyed by id"},
		{"{\"%FEATURE_STRUCTURES\":{\"7\":{\"%TYPE\":\"x.S\",\"end\":[1]}}}", "x.json: %FEATURE_STRUCTURES[\"7\"]: end (an array) is not a non-negative integer", "an array as offset"},
		{"\xff\xfe{\x00\"\x00", "x.json: UTF-16, but JSON CAS files are UTF-8", "a file saved as UTF-16"},
		{"{\"%FEATURE_STRUCTURES\":[{\"%ID\":1,\"%TYPE\":\"uima.cas.Sofa\",\"sofaString\":\"ab\"},\n{\"%ID\":2,\"%TYPE\":\"x.S\",\"@sofa\":1,\"begin\":0,\"end\":1},\n {\"%ID\":2,\"%TYPE\":\"x.S\",\"@sofa\":1,\"begin\":1,\"end\":2}]}",
			"x.json:3:2: %FEATURE_STRUCTURES[2]: id 2 is the id of %FEATURE_STRUCTURES[1] too (line 2, column 1)", "issue 25: an id given twice, refused at the second"},
		{"{\"%FEATURE_STRUCTURES\":{\"1\":{\"%TYPE\":\"uima.cas.Sofa\",\"sofaString\":\"ab\"},\"7\":{\"%TYPE\":\"x.S\"},\"7\":{\"%TYPE\":\"x.S\"}}}",
			`x.json:1:97: %FEATURE_STRUCTURES["7"]: id 7 is the id of %FEATURE_STRUCTURES["7"] too (line 1, column 77)`, "a key given twice in structures keyed by id"},
	} {
		err := ReadJSON(&annotation.Corpus{}, strings.NewReader(tc.in), "x.json", "d", "a", Options{})
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: got %v, want %q", tc.why, err, tc.want)
		}
	}
}

// TestManyFeatures: a type whose structures have thousands of distinct
// features (a crafted file: 60,000 took 5 s, quadratic in them) is read in
// one pass over them, and the note naming the features lists the first
// ones and counts the rest.
func TestManyFeatures(t *testing.T) {
	var b strings.Builder
	b.WriteString(`<xmi:XMI xmlns:xmi="http://www.omg.org/XMI" xmlns:cas="http:///uima/cas.ecore" xmlns:c="http:///c.ecore">`)
	for i := range 2000 {
		fmt.Fprintf(&b, `<c:S xmi:id="%d" sofa="1" begin="0" end="1" f%d="x"/>`, i+2, i)
	}
	b.WriteString(`<cas:Sofa xmi:id="1" sofaID="_InitialView" sofaString="ab"/></xmi:XMI>`)
	c := &annotation.Corpus{}
	if err := ReadXMI(c, strings.NewReader(b.String()), "x.xmi", "d", "a", Options{}); err != nil {
		t.Fatal(err)
	}
	if len(c.Spans) != 2000 || len(c.Notes) != 1 || !strings.Contains(c.Notes[0], "f10, f11 and 1988 more") || len(c.Notes[0]) > 300 {
		t.Errorf("%d spans, notes %q", len(c.Spans), c.Notes)
	}
}

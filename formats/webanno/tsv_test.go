package webanno

import (
	"fmt"
	"os"
	"runtime"
	"strings"
	"testing"

	"agree/annotation"
	"agree/formats/internal/commontest"
)

func readTSVFile(t *testing.T, c *annotation.Corpus, path, doc, ann string, opt Options) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := ReadTSV(c, f, path, doc, ann, opt); err != nil {
		t.Fatal(err)
	}
}

// TestCommonTSV reads the common annotation set written as one WebAnno
// TSV 3.3 file per document and annotator (UTF-16 offsets, one more than
// the code points after the emoji) and checks every span: the named
// entities against the common set (the discontinuous span written as two
// spans, as TSV cannot write one), the chain links, the relation, the
// attributes, the text and the tokens.
func TestCommonTSV(t *testing.T) {
	c := &annotation.Corpus{}
	for _, doc := range []string{"d1", "d2"} {
		for _, ann := range []string{"alice", "bob", "碧"} {
			readTSVFile(t, c, "testdata/project/annotation/"+doc+"/"+ann+".tsv", doc, ann, Options{})
		}
	}
	if err := c.Validate(); err != nil {
		t.Fatal(err)
	}
	want := commontest.Corpus(t)
	if d := commontest.Diff(want, c, commontest.Options{SplitParts: true, NoChains: true, Layer: "NamedEntity"}); d != "" {
		t.Errorf("named entities differ from the common set:\n%s", d)
	}
	for d := range c.Documents {
		if c.Documents[d].Text != want.Documents[want.LookupDocument(c.Documents[d].Name)].Text {
			t.Errorf("document %s: text %q", c.Documents[d].Name, c.Documents[d].Text)
		}
	}
	if got := fmt.Sprint(c.Documents[0].Tokens); got != "[{0 5} {6 9} {10 11} {12 15} {16 18} {19 21} {22 25} {26 29} {30 36} {36 37}]" {
		t.Errorf("d1 tokens %s", got)
	}
	var links []string
	for _, s := range c.Spans {
		if s.Layer == "CoreferenceLink" {
			links = append(links, fmt.Sprintf("%s %v-%v %s chain %s %v", c.Annotators[s.Annotator], s.Start, s.End, s.Label, s.Chain, s.Attrs))
		}
	}
	if got := strings.Join(links, "; "); got != "alice 0-5 nam chain 1 map[referenceRelation:coref]; alice 26-29 pr chain 1 map[]; bob 0-5 nam chain 1 map[referenceRelation:coref]; bob 26-29 pr chain 1 map[]" {
		t.Errorf("chain links: %s", got)
	}
	if len(c.Relations) != 1 {
		t.Fatalf("relations %+v", c.Relations)
	}
	r := c.Relations[0]
	if src, tgt := c.Spans[r.Source], c.Spans[r.Target]; src.Start != 12 || tgt.Start != 19 || r.Type != "Located" || r.Layer != "Located" || tgt.Attrs["identifier"] != "wiki:東京_(city)" {
		t.Errorf("relation %+v: %+v → %+v", r, src, tgt)
	}
	// the same entities give the same continua as the common set
	got, err := c.Continua("NamedEntity", annotation.AnnotatedDocuments)
	if err != nil {
		t.Fatal(err)
	}
	exp, _ := want.Continua("", annotation.AnnotatedDocuments)
	if fmt.Sprint(len(got.Continua[1].Units)) != fmt.Sprint(len(exp.Continua[1].Units)) {
		t.Errorf("continuum d2: %d units, want %d", len(got.Continua[1].Units), len(exp.Continua[1].Units))
	}
}

// TestSpecExamples reads the examples of the format description: the
// emoji sentence, sub-tokens, stacked and multi-token spans, a chain whose
// columns come in the other order, dependency relations with stacked values,
// disambiguated relation ends, two sentences (the second line break
// dropped where sentences touch, spaces filling a gap) and escapes.
func TestSpecExamples(t *testing.T) {
	for _, tc := range []struct {
		name, in string
		check    func(t *testing.T, c *annotation.Corpus)
	}{
		{"emoji", "#FORMAT=WebAnno TSV 3.3\n#T_SP=webanno.custom.Span|value\n\n\n#Text=I like it 😊 .\n1-1\t0-1\tI\t_\t\n1-2\t2-6\tlike\t_\t\n1-3\t7-9\tit\t_\t\n1-4\t10-12\t😊\t*\t\n1-5\t13-14\t.\t_\t\n",
			func(t *testing.T, c *annotation.Corpus) {
				if s := c.Spans[0]; s.Start != 10 || s.End != 11 || s.Label != "" || s.Layer != "Span" {
					t.Errorf("span %+v", s)
				}
			}},
		{"sub-tokens and stacks", "#FORMAT=WebAnno TSV 3.3\n#T_SP=webanno.custom.Span|value\n\n\n#Text=aaaaaa bbbbbb cccccc\n" +
			"1-1\t0-6\taaaaaa\t2a[1]|7a[3]\t\n1-1.1\t3-6\taaa\t9a[7]\t\n1-2\t7-13\tbbbbbb\t2a[1]|9a[7]\t\n1-2.1\t7-10\tbbb\t7a[3]\t\n1-2.2\t7-7\t\t11a[15]\t\n1-3\t14-20\tcccccc\t_\t\n1-3.1\t14-17\tccc\t9a[7]|x\\|y\t\n",
			func(t *testing.T, c *annotation.Corpus) {
				var got []string
				for _, s := range c.Spans {
					got = append(got, fmt.Sprintf("%s %v-%v", s.Label, s.Start, s.End))
				}
				if strings.Join(got, ", ") != "2a 0-13, 7a 0-10, 9a 3-17, 11a 7-7, x|y 14-17" {
					t.Errorf("spans %s", strings.Join(got, ", "))
				}
				if len(c.Documents[0].Tokens) != 3 {
					t.Errorf("tokens %v", c.Documents[0].Tokens)
				}
			}},
		{"chain", "#FORMAT=WebAnno TSV 3.3\n#T_CH=webanno.custom.SimpleLink|referenceRelation|referenceType\n\n\n#Text=This is a test .\n" +
			"1-1\t0-4\tThis\t*->1-1\t*[1]\t\n1-2\t5-7\tis\t*->1-2\t*[1]\t\n1-3\t8-9\ta\t*->2-1|rel->1-3\tx[2]|*[1]\t\n1-4\t10-14\ttest\t*->2-1\tx[2]\t\n1-5\t15-16\t.\t_\t_\t\n",
			func(t *testing.T, c *annotation.Corpus) {
				var got []string
				for _, s := range c.Spans {
					got = append(got, fmt.Sprintf("%v-%v %s %s", s.Start, s.End, s.Label, s.Chain))
				}
				if strings.Join(got, ", ") != "0-4  1, 5-7  1, 8-14 x 2, 8-9  1" {
					t.Errorf("links %s", strings.Join(got, ", "))
				}
			}},
		{"dependencies", "#FORMAT=WebAnno TSV 3.3\n#T_SP=de.tudarmstadt.ukp.dkpro.core.api.lexmorph.type.pos.POS|PosValue\n#T_RL=de.tudarmstadt.ukp.dkpro.core.api.syntax.type.dependency.Dependency|DependencyType|BT_de.tudarmstadt.ukp.dkpro.core.api.lexmorph.type.pos.POS\n\n\n#Text=Ms. Haag plays Elianti .\n" +
			"1-1\t0-3\tMs.\tNNP\tSUBJ\t1-3\n1-2\t4-8\tHaag\tNNP\tSBJ\t1-3\n1-3\t9-14\tplays\tVBD\tP|ROOT\t1-5|1-3\n1-4\t15-22\tElianti\tNNP\tOBJ\t1-3\n1-5\t23-24\t.\t.\t_\t_\n",
			func(t *testing.T, c *annotation.Corpus) {
				var got []string
				for _, r := range c.Relations {
					got = append(got, fmt.Sprintf("%s %s→%s", r.Type, c.Spans[r.Source].Label, c.Spans[r.Target].Label))
				}
				if strings.Join(got, ", ") != "SUBJ VBD→NNP, SBJ VBD→NNP, P .→VBD, ROOT VBD→VBD, OBJ VBD→NNP" || c.Relations[0].Layer != "Dependency" {
					t.Errorf("relations %s", strings.Join(got, ", "))
				}
				if c.Spans[0].Label != "NNP" || c.Spans[0].Layer != "POS" {
					t.Errorf("POS %+v", c.Spans[0])
				}
			}},
		{"disambiguated relation ends", "#FORMAT=WebAnno TSV 3.3\n#T_SP=webanno.custom.Span|value\n#T_RL=webanno.custom.Relation|value|BT_webanno.custom.Span\n\n\n#Text=This is a test .\n" +
			"1-1\t0-4\tThis\t*[1]|*[2]\t_\t_\t\n1-2\t5-7\tis\t*[1]|*[2]\t_\t_\t\n1-5\t15-16\t.\t*[3]|*[4]\t*\t1-1[1_4]\t\n",
			func(t *testing.T, c *annotation.Corpus) {
				r := c.Relations[0]
				if r.Source != 0 || r.Target != 3 || r.Type != "" {
					t.Errorf("relation %+v", r)
				}
			}},
		{"sentences and escapes", "#FORMAT=WebAnno TSV 3.2\n#T_SP=webanno.custom.Span|value\n\n\n#Text=a\\\\b c\n#Text=d\n1-1\t0-3\ta\\\\b\t_\n1-2\t4-7\tc\\nd\tv\\_1\\->2\\]\n\n#Text=e\n2-1\t7-8\te\t_\n\n#Text=f\\tg\n3-1\t12-15\tf\\tg\t_\n",
			func(t *testing.T, c *annotation.Corpus) {
				if got := c.Documents[0].Text; got != "a\\b c\nde\n   f\tg" {
					t.Errorf("text %q", got)
				}
				if s := c.Spans[0]; s.Label != "v_1->2]" || s.Start != 4 || s.End != 7 {
					t.Errorf("span %+v", s)
				}
			}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := &annotation.Corpus{}
			if err := ReadTSV(c, strings.NewReader(tc.in), "x.tsv", "d", "a", Options{}); err != nil {
				t.Fatal(err)
			}
			if err := c.Validate(); err != nil {
				t.Fatal(err)
			}
			tc.check(t, c)
		})
	}
}

func TestTSVErrors(t *testing.T) {
	const h = "#FORMAT=WebAnno TSV 3.3\n#T_SP=webanno.custom.Span|value\n\n\n"
	for _, tc := range []struct{ in, want, why string }{
		{"", "x.tsv: empty file", "empty"},
		{"#FORMAT=WebAnno TSV 2\n", "x.tsv:1: WebAnno TSV 2 is not supported", "old version"},
		{"hello\n", "x.tsv:1: want the header #FORMAT=WebAnno TSV 3.x", "not TSV"},
		{"#FORMAT=WebAnno TSV 3.3\n#X=y\n", "x.tsv:2: want a layer declaration", "bad header line"},
		{h + "#Text=ab\n1-1\t0-2\tab\n", `x.tsv:6: want a token line <sentence>-<token>\t<begin>-<end>\t<token>\t<1 annotation columns>, found "1-1\t0-2\tab"`, "missing column"},
		{h + "#Text=ab\n1-1\t0-2\tab\tx\ty\n", "x.tsv:6: more columns than the 1", "extra column"},
		{h + "#Text=ab\n1-1\t0-2\tac\t_\n", `x.tsv:6: token 1-1 at 0-2 is "ac", but the text rebuilt from the #Text= lines has "ab" there`, "token text mismatch"},
		{h + "#Text=😀 ab\n1-1\t0-1\t😀\t_\n1-2\t2-4\tab\t_\n", `x.tsv:6: token 1-1 at 0-1: utf16 offset 1 falls inside a character`, "code-point offsets read as UTF-16 (inside the emoji)"},
		{h + "#Text=😀 ab\n1-1\t0-2\t😀\t_\n1-2\t2-4\tab\t_\n", `x.tsv:7: token 1-2 at 2-4 is "ab", but the text rebuilt from the #Text= lines has " a" there (offsets read as utf16`, "code-point offsets read as UTF-16"},
		{h + "#Text=ab\n1-1\t0-9\tab\t_\n", "x.tsv:6: token 1-1 at 0-9: offset 9 is outside the text", "offset past the end"},
		{h + "#Text=ab\n1-1\t2-0\tab\t_\n", "x.tsv:6: token 1-1: offsets 2-0: the end is before the begin", "reversed offsets"},
		{h + "#Text=ab\nx\t0-2\tab\t_\n", "x.tsv:6: token id \"x\"", "bad token id"},
		{h + "#Text=ab\n1-1\t0-2\tab\tPER[x]\n", "x.tsv:6: column 4: value \"PER[x]\": the id in brackets must be a number", "bad disambiguation id"},
		// issue 25: "LOC[1" was read as the label "LOC[1"
		{h + "#Text=ab\n1-1\t0-2\tab\tLOC[1\n", `x.tsv:6: column 4: value "LOC[1": an unescaped '['`, "an id's bracket left open"},
		{h + "#Text=ab\n1-1\t0-2\tab\tL]OC[1]\n", `x.tsv:6: column 4: value "L]OC[1]": an unescaped ']'`, "a stray bracket before the id"},
		{h + "#Text=ab\n1-1\t0-2\tab\t\n", "x.tsv:6: column 4 is empty", "empty cell"},
		{h + "1-1\t0-2\tab\t_\n", "x.tsv:5: token line before any #Text= line", "no sentence"},
		{h + "#Text=ab\n#Foo=x\n1-1\t0-2\tab\t_\n", "x.tsv:6: unexpected header line", "unknown sentence header"},
		{h + "#Text=abc\n1-1\t0-3\tabc\t_\n\n#Text=d\n2-1\t1-2\td\t_\n", "x.tsv:9: the sentence starts at offset 1, inside the text", "overlapping sentences"},
		{"#FORMAT=WebAnno TSV 3.3\n#T_CH=x.Link|referenceType|referenceRelation\n\n\n#Text=ab\n1-1\t0-2\tab\tpr[1]\tcoref\n", "x.tsv:6: column 5: chain link \"coref\"", "chain link without ids"},
		{"#FORMAT=WebAnno TSV 3.3\n#T_SP=x.S|value\n#T_RL=x.R|value|BT_x.S\n\n\n#Text=ab\n1-1\t0-2\tab\tA\tr\t1-9\n", "x.tsv:7: relation R: its source 1-9 is not a token", "relation to an unknown token"},
		{h + "#Text=\xff\n", "x.tsv:5: not valid UTF-8", "bad UTF-8: the line of the first bad byte"},
		{"\xff\xfe#\x00F\x00", "x.tsv: UTF-16, but WebAnno TSV files are UTF-8", "a file saved as UTF-16"},
		{"#\x00F\x00O\x00R\x00M\x00A\x00T\x00", "x.tsv: UTF-16", "UTF-16 without a byte-order mark"},
		{h + "#Text=ab\n1-1\t0-2\tab\t_\n\n#Text=cd\n2-1\t999999990-999999992\tcd\t_\n", "x.tsv:9: the sentence starts at offset 999999990, 999999987 utf16 units after the text of the sentences before it ends", "a gap of a billion units between two sentences (a 100-byte file would become a 1 GB text)"},
	} {
		err := ReadTSV(&annotation.Corpus{}, strings.NewReader(tc.in), "x.tsv", "d", "a", Options{})
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: got %v, want %q", tc.why, err, tc.want)
		}
	}
	if err := ReadTSV(&annotation.Corpus{}, strings.NewReader(""), "x.tsv", "d", "a", Options{Unit: "chars"}); err == nil {
		t.Error("unit chars accepted")
	}
}

// TestGapsBounded: the white space rebuilt between sentences is bounded by
// the file's size and a margin of maxGap units in all, so that many
// sentences each far from the one before cannot add up to a huge text;
// gaps within the bound are read.
func TestGapsBounded(t *testing.T) {
	const h = "#FORMAT=WebAnno TSV 3.3\n#T_SP=webanno.custom.Span|value\n\n\n"
	sentences := func(n, step int) string {
		var b strings.Builder
		b.WriteString(h)
		for i := range n {
			fmt.Fprintf(&b, "#Text=ab\n%d-1\t%d-%d\tab\t_\n\n", i+1, i*step, i*step+2)
		}
		return b.String()
	}
	for _, tc := range []struct {
		in   string
		want string // "" when read
		why  string
	}{
		{sentences(3, 1000), "", "gaps of about 1000 units are read"},
		{sentences(2, maxGap), "", "one gap of maxGap units is read"},
		{sentences(40, maxGap/8), "sentence starts at offset", "40 gaps of maxGap/8 units add up to more than the bound"},
	} {
		c := &annotation.Corpus{}
		err := ReadTSV(c, strings.NewReader(tc.in), "x.tsv", "d", "a", Options{})
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%s: %v", tc.why, err)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("%s: got %v, want %q", tc.why, err, tc.want)
		}
	}
}

// TestNoRoomForBlankLines: room for rows is reserved by the file's size,
// not by its lines: a header and 10 MB of blank lines must not reserve
// room for ten million tokens (1.4 GB; a 300 MB file crashed with "out of
// memory").
func TestNoRoomForBlankLines(t *testing.T) {
	in := "#FORMAT=WebAnno TSV 3.3\n#T_SP=webanno.custom.Span|value\n\n\n#Text=ab\n1-1\t0-2\tab\t_\n" + strings.Repeat("\n", 10_000_000)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	if err := ReadTSV(&annotation.Corpus{}, strings.NewReader(in), "x.tsv", "d", "a", Options{}); err != nil {
		t.Fatal(err)
	}
	runtime.ReadMemStats(&after)
	if mb := (after.TotalAlloc - before.TotalAlloc) >> 20; mb > 200 {
		t.Errorf("reading 10 MB of blank lines allocated %d MB", mb)
	}
}

// TestLabelFeature: a layer with several features and no known label
// feature has empty labels and a note; LabelFeature chooses one.
func TestLabelFeature(t *testing.T) {
	in := "#FORMAT=WebAnno TSV 3.3\n#T_SP=webanno.custom.Sentiment|Category|Opinion\n\n\n#Text=ab\n1-1\t0-2\tab\tabstract\tnegative\n"
	c := &annotation.Corpus{}
	if err := ReadTSV(c, strings.NewReader(in), "s.tsv", "d", "a", Options{}); err != nil {
		t.Fatal(err)
	}
	if c.Spans[0].Label != "" || len(c.Notes) != 1 || !strings.Contains(c.Notes[0], "layer Sentiment has the features Category, Opinion") {
		t.Errorf("label %q, notes %q", c.Spans[0].Label, c.Notes)
	}
	c = &annotation.Corpus{}
	if err := ReadTSV(c, strings.NewReader(in), "s.tsv", "d", "a", Options{LabelFeature: "Opinion"}); err != nil {
		t.Fatal(err)
	}
	if s := c.Spans[0]; s.Label != "negative" || s.Attrs["Category"] != "abstract" || len(c.Notes) != 0 {
		t.Errorf("span %+v, notes %q", s, c.Notes)
	}
}

package annotation

import (
	"bytes"
	"reflect"
	"strings"
	"testing"

	"agree/coding"
)

// rotatingCorpus is the rotating-pair design: d1 annotated by A and B, d2
// by B and C, d3 by A and C, each pair marking the same span; recorded
// says whether the reader marked the annotators (a tool export) or not (a
// span CSV).
func rotatingCorpus(recorded bool) *Corpus {
	c := &Corpus{}
	for _, a := range []string{"A", "B", "C"} {
		c.Annotator(a)
	}
	for d, anns := range [][]int{{0, 1}, {1, 2}, {0, 2}} {
		doc := c.Document("d" + string(rune('1'+d)))
		if err := c.SetText(doc, "word word", Pos{}); err != nil {
			panic(err)
		}
		for _, a := range anns {
			if recorded {
				c.MarkAnnotated(doc, a)
			}
			c.Spans = append(c.Spans, Span{Doc: doc, Annotator: a, Start: 0, End: 4, Label: "X"})
		}
	}
	return c
}

func TestRecordsAssignment(t *testing.T) {
	cases := []struct {
		name string
		c    func() *Corpus
		want bool
		why  string
	}{
		{"tool export", func() *Corpus { return rotatingCorpus(true) }, true, "every document's annotators were marked by the reader"},
		{"span CSV", func() *Corpus { return rotatingCorpus(false) }, false, "nothing marked: an annotator without spans cannot be told from one who never saw the document"},
		{"partly", func() *Corpus {
			c := rotatingCorpus(true)
			c.Documents[2].AnnotatedBy = nil
			return c
		}, false, "a document with spans but no record (a span CSV merged with an export)"},
		{"unmarked annotator", func() *Corpus {
			c := rotatingCorpus(true)
			c.Spans = append(c.Spans, Span{Doc: 0, Annotator: 2, Start: 5, End: 9, Label: "X"})
			return c
		}, false, "C has a span in d1 where the record does not list it"},
		{"empty", func() *Corpus { return &Corpus{} }, false, "nothing recorded"},
	}
	for _, c := range cases {
		corpus := c.c()
		if got := corpus.RecordsAssignment(); got != c.want {
			t.Errorf("%s: RecordsAssignment %v, want %v (%s)", c.name, got, c.want, c.why)
		}
		want := AllDocuments
		if c.want {
			want = AnnotatedDocuments
		}
		if got := corpus.DefaultScope(); got != want {
			t.Errorf("%s: DefaultScope %v, want %v", c.name, got, want)
		}
	}
}

func TestShare(t *testing.T) {
	c := rotatingCorpus(true)
	sh := c.Share(AnnotatedDocuments)
	want := []PairShare{{0, 1, 1}, {0, 2, 1}, {1, 2, 1}}
	if !reflect.DeepEqual(sh.Pairs, want) || sh.Documents != 3 || sh.Single != 0 || sh.Unshared != 0 || !sh.Recorded {
		t.Errorf("annotated: %+v, want pairs %v sharing one document each", sh, want)
	}
	all := c.Share(AllDocuments)
	if all.Pairs != nil || all.Every != 3 || all.Documents != 3 {
		t.Errorf("all: %+v, want every pair on the 3 documents", all)
	}
	// a fourth annotator on d1 alone; a document B annotated alone
	c.MarkAnnotated(0, c.Annotator("D"))
	c.MarkAnnotated(c.Document("d4"), 1)
	sh = c.Share(AnnotatedDocuments)
	if sh.Single != 1 || sh.Documents != 3 || sh.Unshared != 6-5 || sh.Pairs[0].Documents != 1 || len(sh.Pairs) != 5 {
		t.Errorf("with D on d1 and d4 by B alone: %+v", sh)
	}
	// ShareOf on lists gives the same as Share
	if got := ShareOf(c.Annotated(), len(c.Annotators), AnnotatedDocuments, true); !reflect.DeepEqual(got, sh) {
		t.Errorf("ShareOf %+v, Share %+v", got, sh)
	}
}

func TestContinuaScope(t *testing.T) {
	c := rotatingCorpus(true)
	ann, err := c.Continua("", AnnotatedDocuments)
	if err != nil {
		t.Fatal(err)
	}
	all, err := c.Continua("", AllDocuments)
	if err != nil {
		t.Fatal(err)
	}
	for d := range 3 {
		if n := len(ann.Continua[d].Annotators); n != 2 {
			t.Errorf("annotated: continuum %d has %d annotators, want the 2 who annotated it", d, n)
		}
		if got := all.Continua[d].Annotators; !reflect.DeepEqual(got, []string{"A", "B", "C"}) {
			t.Errorf("all: continuum %d has %v, want every annotator", d, got)
		}
		if len(all.Continua[d].Units) != 2 {
			t.Errorf("all: continuum %d has %d units, want 2", d, len(all.Continua[d].Units))
		}
		for _, u := range all.Continua[d].Units {
			if name := all.Continua[d].Annotators[u.Annotator]; !strings.Contains("ABC", name) {
				t.Errorf("bad annotator %q", name)
			}
		}
	}
	// the units keep their annotator in both projections
	if u := ann.Continua[1].Units[0]; ann.Continua[1].Annotators[u.Annotator] != "B" {
		t.Errorf("annotated: d2's first unit is %q's, want B's", ann.Continua[1].Annotators[u.Annotator])
	}
	if u := all.Continua[1].Units[0]; all.Continua[1].Annotators[u.Annotator] != "B" {
		t.Errorf("all: d2's first unit is %q's, want B's", all.Continua[1].Annotators[u.Annotator])
	}
}

// TestTokenCodingScope: with AnnotatedDocuments a document is coded by its
// annotators only, and one annotated by fewer than two is left out and
// counted.
func TestTokenCodingScope(t *testing.T) {
	c := rotatingCorpus(true)
	c.MarkAnnotated(c.Document("d4"), 1)
	c.SetText(3, "word", Pos{})
	d, st, err := c.TokenCoding(TokenOptions{Documents: AnnotatedDocuments})
	if err != nil {
		t.Fatal(err)
	}
	if st.Single != 1 || st.Documents != 3 || d.NumItems() != 6 {
		t.Errorf("annotated: %+v, %d items; want 3 documents of 2 tokens, d4 skipped", st, d.NumItems())
	}
	_, st, err = c.TokenCoding(TokenOptions{Documents: AllDocuments})
	if err != nil || st.Single != 0 || st.Documents != 4 {
		t.Errorf("all: %+v %v; want the 4 documents", st, err)
	}
}

// TestLabelItems: labels about questions within a document (Label.Item,
// Prodigy's binary answers) are items of the coding projection, after the
// document's own item, in order of first appearance; they survive the
// JSONL.
func TestLabelItems(t *testing.T) {
	c := &Corpus{}
	a, b := c.Annotator("A"), c.Annotator("B")
	d1, d2 := c.Document("d1"), c.Document("d2")
	c.Document("d3") // no label: an item without values, as before
	c.Labels = []Label{
		{Doc: d1, Annotator: a, Item: "[5,9)", Value: "reject"},
		{Doc: d1, Annotator: a, Item: "[0,3)", Value: "accept"},
		{Doc: d1, Annotator: b, Item: "[0,3)", Value: "accept"},
		{Doc: d1, Annotator: b, Item: "[5,9)", Value: "accept"},
		{Doc: d2, Annotator: a, Value: "x"},
		{Doc: d2, Annotator: b, Item: "q", Value: "y"},
	}
	data, err := c.Coding("", "")
	if err != nil {
		t.Fatal(err)
	}
	if got, want := data.Items(), []string{"d1 [5,9)", "d1 [0,3)", "d2", "d2 q", "d3"}; !reflect.DeepEqual(got, want) {
		t.Errorf("items %q, want %q", got, want)
	}
	var buf bytes.Buffer
	if err := WriteJSONL(&buf, c); err != nil {
		t.Fatal(err)
	}
	back, err := ReadJSONL(&buf, "x.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back.Labels[0].Item, "[5,9)") || back.Labels[4].Item != "" {
		t.Errorf("JSONL lost the items: %+v", back.Labels)
	}
	st, err := c.CodingStats("", "", coding.StatsOptions{})
	if err != nil || st == nil {
		t.Fatalf("CodingStats: %v", err)
	}
}

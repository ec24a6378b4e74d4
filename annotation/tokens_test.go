package annotation

import (
	"strings"
	"testing"

	"agree/coding"
)

func tokenCorpus(t *testing.T) *Corpus {
	t.Helper()
	// Ada[0,3) Lovelace[4,12) met[13,16) Charles[17,24) Babbage[25,32) 😀[33,34)
	in := `{"type":"document","document":"d","text":"Ada Lovelace met Charles Babbage 😀"}
{"type":"span","document":"d","annotator":"A","start":0,"end":12,"label":"PER"}
{"type":"span","document":"d","annotator":"A","start":17,"end":32,"label":"PER"}
{"type":"span","document":"d","annotator":"B","start":0,"end":3,"label":"PER"}
{"type":"span","document":"d","annotator":"B","start":18,"end":34,"label":"ORG"}
`
	c, err := ReadJSONL(strings.NewReader(in), "t.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func column(d *coding.Data, c int) string {
	var out []string
	for i := range d.NumItems() {
		out = append(out, d.Labels()[d.Value(i, c)])
	}
	return strings.Join(out, " ")
}

func TestTokenCoding(t *testing.T) {
	c := tokenCorpus(t)
	d, st, err := c.TokenCoding(TokenOptions{})
	if err != nil {
		t.Fatal(err)
	}
	// B's ORG [18,34) covers part of "Charles", "Babbage" and the emoji (a
	// code point outside the BMP: one character).
	if got, want := column(d, 0), "PER PER O PER PER O"; got != want {
		t.Errorf("A: %s, want %s", got, want)
	}
	if got, want := column(d, 1), "PER O O ORG ORG ORG"; got != want {
		t.Errorf("B: %s, want %s", got, want)
	}
	if st.Tokens != 6 || st.Tokenisation != "whitespace" || d.Items()[2] != "d:3" {
		t.Errorf("stats %+v, item %q", st, d.Items()[2])
	}
	// exclude: "met" is outside both annotators' spans.
	d, st, _ = c.TokenCoding(TokenOptions{Outside: OutsideExclude})
	if got, want := column(d, 0), "PER PER PER PER O"; got != want || st.Excluded != 1 {
		t.Errorf("exclude: A %s (want %s), %d excluded", got, want, st.Excluded)
	}
	// BIO tags tell a span's first token from the others.
	d, _, _ = c.TokenCoding(TokenOptions{BIO: true})
	if got, want := column(d, 0), "B-PER I-PER O B-PER I-PER O"; got != want {
		t.Errorf("BIO: %s, want %s", got, want)
	}
	// The format's tokens win over white space.
	c.Documents[0].Tokens = []Token{{0, 12}, {13, 16}, {17, 34}}
	d, st, _ = c.TokenCoding(TokenOptions{})
	if got, want := column(d, 1), "PER O ORG"; got != want || st.Tokenisation != "format" {
		t.Errorf("format tokens: %s (want %s), %s", got, want, st.Tokenisation)
	}
	// A span CSV has no text: an error that says what to do.
	csv, _ := ReadCSV(strings.NewReader("document,annotator,start,end,label\nd,A,0,3,X\nd,B,0,3,X\n"), "s.csv")
	if _, _, err := csv.TokenCoding(TokenOptions{}); err == nil || !strings.Contains(err.Error(), "no text and no tokens") {
		t.Errorf("span CSV: %v", err)
	}
}

// TestTokenCodingCover: a token takes a span's label when they share a
// character — an empty span (or an empty part) covers no token.
func TestTokenCodingCover(t *testing.T) {
	// Ada[0,3) met[4,7) Bob[8,11)
	for _, tc := range []struct {
		why   string
		spans string // A's spans as JSONL lines
		want  string
	}{
		{"an empty span inside a token covers nothing (it marked the token)",
			`{"type":"span","document":"d","annotator":"A","start":1,"end":1,"label":"X"}`, "O O O"},
		{"an empty span at a token's start covers nothing",
			`{"type":"span","document":"d","annotator":"A","start":4,"end":4,"label":"X"}`, "O O O"},
		{"one shared character is enough",
			`{"type":"span","document":"d","annotator":"A","start":2,"end":5,"label":"X"}`, "X X O"},
		{"the space between tokens is no token's",
			`{"type":"span","document":"d","annotator":"A","start":3,"end":4,"label":"X"}`, "O O O"},
		{"an empty part of a discontinuous span covers nothing, its other part does",
			`{"type":"span","document":"d","annotator":"A","start":1,"end":11,"parts":[[1,1],[9,11]],"label":"X"}`, "O O X"},
	} {
		in := `{"type":"document","document":"d","text":"Ada met Bob"}` + "\n" + tc.spans + "\n" +
			`{"type":"span","document":"d","annotator":"B","start":8,"end":11,"label":"X"}` + "\n"
		c, err := ReadJSONL(strings.NewReader(in), "t.jsonl")
		if err != nil {
			t.Fatal(err)
		}
		d, _, err := c.TokenCoding(TokenOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if got := column(d, 0); got != tc.want {
			t.Errorf("%s: %s, want %s", tc.why, got, tc.want)
		}
	}
}

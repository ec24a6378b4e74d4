package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestSpansAndTokensFromBIO: conlleval's sentence (gold and guess BIO
// files, tags in column 3): exact strict span F1 is conlleval's FB1 20.00
// (precision 1/6, recall 1/4; spans TestConllEval has the arithmetic), and
// agree coding --input bio compares the same files token by token on the
// files' tokens.
func TestSpansAndTokensFromBIO(t *testing.T) {
	files := []string{"testdata/bio/gold.conll", "testdata/bio/guess.conll"}
	out, errs, code := agree(t, "", append([]string{"spans", "--input", "bio", "--column", "3", "--format", "json"}, files...)...)
	if code != 0 {
		t.Fatal(errs)
	}
	v := decodeSpans(t, out)
	p := v.Pairs[0]
	if p.Annotators != [2]string{"gold", "guess"} || p.Matched != 1 || *p.F1 != 0.2 {
		t.Errorf("pair %v: %d matched, F1 %v; want gold/guess, 1, 0.2", p.Annotators, p.Matched, *p.F1)
	}
	out, errs, code = agree(t, "", append([]string{"coding", "--input", "bio", "--column", "3", "--format", "json", "--no-se", "--top", "0"}, files...)...)
	if code != 0 {
		t.Fatal(errs)
	}
	var c struct {
		Items int      `json:"items"`
		Notes []string `json:"notes"`
	}
	if err := json.Unmarshal([]byte(out), &c); err != nil {
		t.Fatal(err)
	}
	if c.Items != 23 || !strings.Contains(strings.Join(c.Notes, " "), "format tokens") {
		t.Errorf("%d tokens (want 23), notes %q", c.Items, c.Notes)
	}
}

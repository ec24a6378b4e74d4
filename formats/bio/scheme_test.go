package bio

import (
	"go/parser"
	"go/token"
	"strings"
	"testing"
)

// TestSchemesAsDocumented: the package comment says which rules decode
// which tags — conlleval.pl's for IOB1 and IOB2, its IOBES extension (the
// Python ports, seqeval) for E and S, which conlleval.pl does not know —
// and the reader follows it: S-X S-X is two chunks (conlleval.pl would
// join them), I-X I-X one.
func TestSchemesAsDocumented(t *testing.T) {
	f, err := parser.ParseFile(token.NewFileSet(), "bio.go", nil, parser.ParseComments|parser.PackageClauseOnly)
	if err != nil {
		t.Fatal(err)
	}
	doc := strings.Join(strings.Fields(f.Doc.Text()), " ")
	for _, want := range []string{"conlleval.pl itself for IOB1 and IOB2", "IOBES extension", "seqeval", "reads S-X S-X as one chunk, the extension as two"} {
		if !strings.Contains(doc, want) {
			t.Errorf("the package comment does not say %q", want)
		}
	}
	if strings.Contains(doc, "whatever the scheme") {
		t.Error("the package comment says conlleval decodes every scheme: it does not know E and S")
	}
	for _, tc := range []struct {
		why  string
		tags []string
		want []string // type [first, last] token
	}{
		{"S-X S-X: two one-token chunks (IOBES extension; conlleval.pl joins them)", []string{"S-X", "S-X"}, []string{"X [0,0]", "X [1,1]"}},
		{"B-X E-X S-X: a chunk ended by E, then one of S", []string{"B-X", "E-X", "S-X"}, []string{"X [0,1]", "X [2,2]"}},
		{"E-X I-X: E ends its chunk, the I starts another", []string{"E-X", "I-X"}, []string{"X [0,0]", "X [1,1]"}},
		{"I-X I-X (IOB1): one chunk", []string{"I-X", "I-X"}, []string{"X [0,1]"}},
		{"B-X B-X (IOB2): two chunks", []string{"B-X", "B-X"}, []string{"X [0,0]", "X [1,1]"}},
		{"I-X I-Y: a change of type starts a chunk", []string{"I-X", "I-Y"}, []string{"X [0,0]", "Y [1,1]"}},
	} {
		var b strings.Builder
		for k, tag := range tc.tags {
			b.WriteString(string(rune('a'+k)) + "\t" + tag + "\n")
		}
		c, err := ReadBytes([]byte(b.String()), "x.bio", Options{})
		if err != nil {
			t.Fatalf("%s: %v", tc.why, err)
		}
		toks := c.Documents[0].Tokens
		var got []string
		for _, s := range c.Spans {
			first, last := -1, -1
			for k, tk := range toks {
				if float64(tk.Start) == s.Start {
					first = k
				}
				if float64(tk.End) == s.End {
					last = k
				}
			}
			got = append(got, s.Label+" ["+string(rune('0'+first))+","+string(rune('0'+last))+"]")
		}
		if strings.Join(got, " ") != strings.Join(tc.want, " ") {
			t.Errorf("%s: chunks %v, want %v", tc.why, got, tc.want)
		}
	}
}

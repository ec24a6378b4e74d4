package commontest

import (
	"strings"
	"testing"

	"agree/annotation"
)

// TestCorpus: the common set reads, its covered texts match the documents,
// and Diff sees a changed label and a split discontinuous span.
func TestCorpus(t *testing.T) {
	c := Corpus(t)
	if len(c.Documents) != 2 || len(c.Annotators) != 3 || len(c.Spans) != 23 {
		t.Fatalf("%d documents, %d annotators, %d spans", len(c.Documents), len(c.Annotators), len(c.Spans))
	}
	for _, s := range c.Spans {
		o, err := annotation.NewOffsets(c.Documents[s.Doc].Text, annotation.CodePoint)
		if err != nil {
			t.Fatal(err)
		}
		var parts []string
		for _, p := range s.PartsOrSelf() {
			parts = append(parts, o.Text(int(p.Start), int(p.End)))
		}
		if got := strings.Join(parts, " "); got != s.Text {
			t.Errorf("%v: covered text %q, CSV says %q", s.Pos, got, s.Text)
		}
	}
	if d := Diff(c, c, Options{}); d != "" {
		t.Errorf("self diff: %s", d)
	}
	other := Corpus(t)
	other.Spans[0].Label = "ORG"
	if d := Diff(c, other, Options{}); !strings.Contains(d, "missing: d1 alice 0-5 PER chain{0-5,26-29}") || !strings.Contains(d, "extra:   d1 alice 0-5 ORG") {
		t.Errorf("diff after a label change:\n%s", d)
	}
	if d := Diff(c, c, Options{SplitParts: true}); d != "" {
		t.Errorf("split self diff: %s", d)
	}
	if n := len(Spans(c, Options{SplitParts: true})); n != 25 {
		t.Errorf("split: %d spans, want 25", n)
	}
}

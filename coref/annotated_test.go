package coref

import (
	"agree/position"
	"math"
	"testing"
)

// TestOnAnnotated: with who annotated what recorded (MarkAnnotated), the
// pairs of a rotating design (d1 by A and B, d2 by B and C) are compared
// on the document they share; without OnAnnotated, on every document,
// where the one an annotator never opened counts as empty.
func TestOnAnnotated(t *testing.T) {
	b := NewBuilder(KeepFirst)
	for _, r := range []struct{ ann, doc, m, chain string }{
		{"A", "d1", "1-1", "x"}, {"A", "d1", "3-3", "x"}, {"B", "d1", "1-1", "x"}, {"B", "d1", "3-3", "x"},
		{"B", "d2", "5-5", "y"}, {"B", "d2", "7-7", "y"}, {"C", "d2", "5-5", "y"}, {"C", "d2", "7-7", "y"},
	} {
		b.MarkAnnotated(r.ann, r.doc)
		if err := b.Add(r.ann, r.doc, r.m, r.chain, position.Pos{}); err != nil {
			t.Fatal(err)
		}
	}
	c, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	if !c.RecordsAssignment() || c.Annotated(0, 1) || !c.Annotated(1, 1) {
		t.Fatalf("recorded %v, A on d2 %v, B on d2 %v", c.RecordsAssignment(), c.Annotated(0, 1), c.Annotated(1, 1))
	}
	on := c.OnAnnotated()
	// A–B agree fully on d1: every F1 is 1; on every document B's chain
	// in d2 is a miss (mentions F1 2·2/(2+4) = 2/3)
	if s := on.Compare(0, 1); s.CoNLL != 1 || s.Mentions.F1 != 1 {
		t.Errorf("on annotated: CoNLL %v, mentions F1 %v; want 1", s.CoNLL, s.Mentions.F1)
	}
	if s := c.Compare(0, 1); math.Abs(s.Mentions.F1-2.0/3) > 1e-12 {
		t.Errorf("on every document: mentions F1 %v, want 2/3", s.Mentions.F1)
	}
	if on.SharedDocuments(0, 1) != 1 || on.SharedDocuments(0, 2) != 0 || c.SharedDocuments(0, 2) != 2 {
		t.Errorf("shared documents: %d %d %d", on.SharedDocuments(0, 1), on.SharedDocuments(0, 2), c.SharedDocuments(0, 2))
	}
	if d := on.MarkableDifferences(0, 1); d != nil {
		t.Errorf("markables differ on annotated documents: %v", d)
	}
	if d := c.MarkableDifferences(0, 1); d == nil {
		t.Error("markables on every document: want B's d2 mentions as differences")
	}
	ws, added := on.WithSingletons()
	if len(added) != 0 || ws.Annotated(0, 1) {
		t.Errorf("singletons added where A never annotated: %v", added)
	}
	sel, err := on.Select(1, 2)
	if err != nil || sel.SharedDocuments(0, 1) != 1 {
		t.Errorf("Select keeps the record: %v %d", err, sel.SharedDocuments(0, 1))
	}
}

package report

import (
	"strings"
	"testing"
)

// TestTextSpansPassages: the text is cut into passages, each showing every
// annotator's row (one under the other), passages without spans folded;
// a span over two passages is marked in both, its label once at its end.
func TestTextSpansPassages(t *testing.T) {
	text := "Ada met Bob.\nNothing here.\nAlso nothing.\nEve 😀 left."
	ts := &TextSpans{Text: text, Rows: []TextRow{
		{Annotator: "A", Spans: []TextSpan{{Start: 0, End: 3, Label: "PER"}, {Start: 41, End: 44, Label: "PER"}}},
		{Annotator: "B", Spans: []TextSpan{{Start: 8, End: 11, Label: "PER", Disagree: true}}},
	}}
	h := string(ts.html())
	for _, want := range []string{
		`characters 0–13`, `characters 41–52`, // the two passages with spans
		`characters 13–41: no span`, // the two lines between, folded
		`<sup class="lab">PER ≠</sup>`,
	} {
		if !strings.Contains(h, want) {
			t.Errorf("lacks %q:\n%s", want, h)
		}
	}
	if n := strings.Count(h, `<div class="who">A</div>`); n != 2 {
		t.Errorf("annotator A has %d rows, want one per passage with spans (2)", n)
	}
	if strings.Contains(h, "Nothing here") {
		t.Error("a passage without spans is shown")
	}
	// a long line is cut near PassageRunes at a space; a span across the
	// cut is marked on both sides, its label after its end only
	long := strings.Repeat("word ", 100) // 500 runes
	ts = &TextSpans{Text: long, Rows: []TextRow{{Annotator: "A", Spans: []TextSpan{{Start: 310, End: 330, Label: "X"}}}}}
	h = string(ts.html())
	if strings.Count(h, `class="passage"`) != 2 || strings.Count(h, `<mark`) != 2 || strings.Count(h, `<sup class="lab">X</sup>`) != 1 {
		t.Errorf("a span over the cut of a long line:\n%s", h)
	}
	ps := passages([]rune(long))
	if len(ps) != 2 || ps[0][1] > PassageRunes || ps[0][1]%5 != 0 {
		t.Errorf("passages %v: want a cut at a word boundary before %d", ps, PassageRunes)
	}
}

// BenchmarkTextSpans: a long text with many spans renders in time
// proportional to them (each span visits only the passages it covers).
func BenchmarkTextSpans(b *testing.B) {
	text := strings.Repeat("Lorem ipsum dolor sit amet, consectetur.\n", 2000)
	var rows []TextRow
	for a := range 5 {
		var spans []TextSpan
		for k := 0; k < len(text)-10; k += 37 {
			spans = append(spans, TextSpan{Start: k + a, End: k + a + 5, Label: "L"})
		}
		rows = append(rows, TextRow{Annotator: string(rune('A' + a)), Spans: spans})
	}
	ts := &TextSpans{Text: text, Rows: rows}
	for b.Loop() {
		ts.html()
	}
}

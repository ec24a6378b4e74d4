package spans

import (
	"context"
	"math"
	"testing"

	"agree/annotation"
	"agree/coding"
)

// TestLabelAlpha: the label α over every pair of annotators at once is
// Krippendorff's α on the matched pairs as items (two values each),
// computed here through the coding engine on data built by hand; with one
// pair of annotators it is that pair's α.
func TestLabelAlpha(t *testing.T) {
	c := &annotation.Corpus{}
	d := c.Document("d")
	// three annotators mark the same four stretches with these labels
	labels := map[string][]string{"A": {"X", "X", "Y", "Z"}, "B": {"X", "Y", "Y", "Z"}, "C": {"X", "X", "Z", "Z"}}
	for _, name := range []string{"A", "B", "C"} {
		a := c.Annotator(name)
		for k, l := range labels[name] {
			c.Spans = append(c.Spans, annotation.Span{Doc: d, Annotator: a, Start: float64(10 * k), End: float64(10*k + 5), Label: l})
		}
	}
	res, err := Compare(context.Background(), c, Options{Labels: Ignore})
	if err != nil {
		t.Fatal(err)
	}
	got, err := res.LabelAlpha()
	if err != nil {
		t.Fatal(err)
	}
	// by hand: one item per (pair of annotators, stretch), its two labels
	b := coding.NewBuilder()
	first, second := b.Coder("first"), b.Coder("second")
	for _, pr := range [][2]string{{"A", "B"}, {"A", "C"}, {"B", "C"}} {
		for k := range 4 {
			i := b.NewItem(pr[0] + pr[1] + string(rune('0'+k)))
			b.Set(i, first, labels[pr[0]][k], coding.Pos{})
			b.Set(i, second, labels[pr[1]][k], coding.Pos{})
		}
	}
	data, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	an, err := coding.Analyze(data, coding.Options{})
	if err != nil {
		t.Fatal(err)
	}
	want := an.Coefficient(coding.KrippendorffAlpha).Value
	if math.Abs(got.Value-want) > 1e-12 || got.Items != 12 {
		t.Errorf("LabelAlpha %v over %d items, want %v over the 12 matched pairs", got.Value, got.Items, want)
	}
	// one pair: its own α
	ab, err := Compare(context.Background(), c, Options{Labels: Ignore})
	if err != nil {
		t.Fatal(err)
	}
	ab.Pairs, ab.data = ab.Pairs[:1], ab.data[:1]
	one, _ := ab.LabelAlpha()
	la, _ := ab.LabelAgreement(0)
	if math.Abs(one.Value-la.Alpha.Value) > 1e-12 {
		t.Errorf("one pair: %v, its LabelAgreement α %v", one.Value, la.Alpha.Value)
	}
}

package spans

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"

	"agree/annotation"
	"agree/coding"
)

// TestTokenF1IsSpecificAgreement shows Hripcsak & Rothschild's (2005)
// equivalence on a token grid: for each label, the F1 of two annotators
// on one-token spans of that label (exact matching) equals the coding
// engine's specific agreement of that category on the tokens,
// 2·n_LL/(n_L· + n_·L) = 2a/(2a + b + c).
func TestTokenF1IsSpecificAgreement(t *testing.T) {
	rng := rand.New(rand.NewPCG(10, 20))
	for trial := range 30 {
		// a text of 40 tokens "w w w …" and random labels per token
		n := 40
		text := strings.TrimSpace(strings.Repeat("ww ", n))
		c := &annotation.Corpus{}
		d := c.Document("doc")
		c.SetText(d, text, annotation.Pos{})
		for _, a := range []string{"A", "B"} {
			ai := c.Annotator(a)
			for k := range n {
				if rng.IntN(3) == 0 {
					continue // outside
				}
				label := string(rune('P' + rng.IntN(3)))
				c.Spans = append(c.Spans, annotation.Span{Doc: d, Annotator: ai, Start: float64(3 * k), End: float64(3*k + 2), Label: label})
			}
		}
		data, _, err := c.TokenCoding(annotation.TokenOptions{})
		if err != nil {
			t.Fatal(err)
		}
		an, err := coding.Analyze(data, coding.Options{})
		if err != nil {
			t.Fatal(err)
		}
		cats, err := an.PerCategory()
		if err != nil {
			t.Fatal(err)
		}
		specific := map[string]float64{}
		for _, s := range cats {
			specific[s.Label] = s.Specific
		}
		r, err := Compare(context.Background(), c, Options{})
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range r.Pairs[0].PerLabel {
			near(t, "trial "+string(rune('0'+trial%10))+" label "+l.Label, l.F1(), specific[l.Label], 1e-12)
		}
		if len(r.Pairs[0].PerLabel) == 0 {
			t.Fatal("no labels compared")
		}
	}
}

package spans

import (
	"fmt"
	"strings"
	"testing"

	"agree/annotation"
	"agree/formats/bio"
)

// conllChunks turns IOB tags into chunks [first, last] token ranges with
// their type, by conlleval's rules (CoNLL-2000/2003 evaluation script): a
// chunk starts at B-X, or at I-X after O or after another type; it ends
// before O, before B-, and before a tag of another type.
func conllChunks(tags []string) [][3]string {
	var out [][3]string
	start, typ := -1, ""
	for i := 0; i <= len(tags); i++ {
		tag, t := "O", ""
		if i < len(tags) && tags[i] != "O" {
			tag, t, _ = strings.Cut(tags[i], "-")
		}
		if start >= 0 && (tag == "O" || tag == "B" || t != typ) {
			out = append(out, [3]string{fmt.Sprint(start), fmt.Sprint(i - 1), typ})
			start = -1
		}
		if tag == "B" || (tag == "I" && start < 0) {
			start, typ = i, t
		}
	}
	return out
}

// TestConllEval: exact matching with strict labels is conlleval's chunk
// F1 (CoNLL-2003). Hand-checked on conlleval's documentation sentence:
//
//	token      gold    guess
//	Wolff      B-PER   B-PER    correct
//	Argentina  B-LOC   B-ORG    wrong type
//	Del        B-PER   B-PER    guess splits the name in two
//	Bosque     I-PER   B-PER
//	seventies  O       B-MISC   spurious
//	Real       B-ORG   O        guess's I-ORG after O starts a chunk
//	Madrid     I-ORG   I-ORG    at Madrid: wrong extent
//
// gold chunks 4 (PER, LOC, PER, ORG), guess chunks 6 (PER, ORG, PER, PER,
// MISC, ORG), correct 1: conlleval prints precision 16.67%, recall 25.00%,
// FB1 20.00 = 2·(1/6)(1/4)/(1/6 + 1/4) = 2·1/(4 + 6).
func TestConllEval(t *testing.T) {
	tokens := strings.Fields("Wolff , currently a journalist in Argentina , played with Del Bosque in the final years of the seventies in Real Madrid .")
	gold := strings.Fields("B-PER O O O O O B-LOC O O O B-PER I-PER O O O O O O O O B-ORG I-ORG O")
	guess := strings.Fields("B-PER O O O O O B-ORG O O O B-PER B-PER O O O O O O B-MISC O O I-ORG O")
	if len(tokens) != len(gold) || len(tokens) != len(guess) {
		t.Fatal("fixture: lengths differ")
	}
	// token offsets in the text (one space between tokens)
	starts := make([]int, len(tokens)+1)
	for i, tok := range tokens {
		starts[i+1] = starts[i] + len(tok) + 1
	}
	var rows []string
	for _, ann := range []struct {
		name string
		tags []string
	}{{"gold", gold}, {"guess", guess}} {
		for _, ch := range conllChunks(ann.tags) {
			var first, last int
			fmt.Sscan(ch[0], &first)
			fmt.Sscan(ch[1], &last)
			rows = append(rows, fmt.Sprintf("s1,%s,%d,%d,%s", ann.name, starts[first], starts[last+1]-1, ch[2]))
		}
	}
	if n := len(conllChunks(gold)); n != 4 {
		t.Fatalf("%d gold chunks, want 4", n)
	}
	if n := len(conllChunks(guess)); n != 6 {
		t.Fatalf("%d guess chunks, want 6", n)
	}
	p := compare(t, corpus(t, rows...), "exact", Strict).Pairs[0]
	near(t, "precision (conlleval 16.67%)", p.Precision(), 1.0/6, 1e-15)
	near(t, "recall (conlleval 25.00%)", p.Recall(), 1.0/4, 1e-15)
	near(t, "FB1 (conlleval 20.00)", p.F1(), 0.2, 1e-15)
}

// TestConllEvalFromBIO: the same sentence read by the BIO reader (one
// file per annotator, token and tag columns) gives conlleval's numbers.
func TestConllEvalFromBIO(t *testing.T) {
	tokens := strings.Fields("Wolff , currently a journalist in Argentina , played with Del Bosque in the final years of the seventies in Real Madrid .")
	tags := map[string][]string{
		"gold":  strings.Fields("B-PER O O O O O B-LOC O O O B-PER I-PER O O O O O O O O B-ORG I-ORG O"),
		"guess": strings.Fields("B-PER O O O O O B-ORG O O O B-PER B-PER O O O O O O B-MISC O O I-ORG O"),
	}
	c := &annotation.Corpus{}
	for _, ann := range []string{"gold", "guess"} {
		var b strings.Builder
		b.WriteString("-DOCSTART- O\n\n")
		for k, tok := range tokens {
			fmt.Fprintf(&b, "%s\t%s\n", tok, tags[ann][k])
		}
		one, err := bio.ReadBytes([]byte(b.String()), ann+".conll", bio.Options{Annotator: ann})
		if err != nil {
			t.Fatal(err)
		}
		if err := c.Merge(one); err != nil {
			t.Fatal(err)
		}
	}
	p := compare(t, c, "exact", Strict).Pairs[0]
	if c.Annotators[p.Annotators[0]] != "gold" {
		t.Fatalf("reference %s", c.Annotators[p.Annotators[0]])
	}
	near(t, "precision (conlleval 16.67%)", p.Precision(), 1.0/6, 1e-15)
	near(t, "recall (conlleval 25.00%)", p.Recall(), 1.0/4, 1e-15)
	near(t, "FB1 (conlleval 20.00)", p.F1(), 0.2, 1e-15)
}

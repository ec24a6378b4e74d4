package coref

import (
	"agree/position"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"agree/coref"
)

func build(t *testing.T, f func(b *coref.Builder) error) *coref.Corpus {
	t.Helper()
	b := coref.NewBuilder(coref.KeepFirst)
	if err := f(b); err != nil {
		t.Fatal(err)
	}
	c, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func chains(c *coref.Corpus, a, d int) string {
	var s []string
	for _, e := range c.Entities(a, d) {
		s = append(s, "{"+strings.Join(e, ",")+"}")
	}
	return strings.Join(s, " ")
}

// TestReadCoNLLNested: the hand-written file has a one-token mention, a
// two-token span across lines, a one-token mention inside a span of another
// chain ("(3(1)"), two nested mentions of the same chain opened in one cell
// with '|' and closed concatenated ("3)3)"), a sentence break (token numbers
// keep counting) and leading zeros in a chain id ("(07)" is chain 7).
func TestReadCoNLLNested(t *testing.T) {
	f, err := os.Open("testdata/nested.conll")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	c := build(t, func(b *coref.Builder) error { return ReadCoNLL(f, "nested.conll", "ann", b) })
	if got := c.Documents(); fmt.Sprint(got) != "[doc1; part 000 doc2; part 001]" {
		t.Errorf("documents %q", got)
	}
	// tokens: John 0, went 1, to 2, the 3, market 4, He 5, and 6, his 7,
	// wife 8, the 9, pair 10. Mentions in closing order within each chain.
	// chain 3: "(3|(3" opens two mentions at token 9 and "3)3)" closes
	// both at 10, so 9-10 is repeated (kept once, with a warning).
	ents := c.Entities(0, 0)
	if len(ents) != 3 || fmt.Sprint(ents[0]) != "[0-0 5-5 7-7]" || fmt.Sprint(ents[1]) != "[3-4]" || fmt.Sprint(ents[2]) != "[7-8 9-10]" {
		t.Errorf("doc1 chains = %s", chains(c, 0, 0))
	}
	if len(c.Warnings()) != 1 || !strings.Contains(c.Warnings()[0], "9-10 repeated") {
		t.Errorf("warnings = %q", c.Warnings())
	}
	if got := chains(c, 0, 1); got != "{0-0,1-1}" {
		t.Errorf("doc2 chains = %s", got)
	}
}

// spansToCoNLL writes one document whose last column encodes chains given as
// "id:{s-e,...}" (the notation of shared/reference/coreference.md §3).
func spansToCoNLL(t *testing.T, spec string) string {
	type span struct {
		id   string
		s, e int
	}
	var sp []span
	last := 0
	for _, f := range strings.Fields(spec) {
		id, body, _ := strings.Cut(f, ":")
		for _, m := range strings.Split(strings.Trim(body, "{}"), ",") {
			var s, e int
			if _, err := fmt.Sscanf(m, "%d-%d", &s, &e); err != nil {
				t.Fatal(err)
			}
			sp = append(sp, span{id, s, e})
			last = max(last, e)
		}
	}
	var b strings.Builder
	b.WriteString("#begin document (test); part 000\n")
	for tok := 0; tok <= last+1; tok++ {
		var opens, singles, closes []span
		for _, x := range sp {
			switch {
			case x.s == tok && x.e == tok:
				singles = append(singles, x)
			case x.s == tok:
				opens = append(opens, x)
			case x.e == tok:
				closes = append(closes, x)
			}
		}
		// Properly nested: the longer span opens first and closes last; equal
		// spans open in chain-id order and close in the reverse order (as in
		// the scorer's TC-A-8 and TC-A-9, whose expectations imply that
		// chain 1 is met before chain 3 at token 3).
		idLess := func(a, b string) bool {
			x, _ := strconv.Atoi(a)
			y, _ := strconv.Atoi(b)
			return x < y
		}
		sort.SliceStable(opens, func(i, j int) bool {
			if opens[i].e != opens[j].e {
				return opens[i].e > opens[j].e
			}
			return idLess(opens[i].id, opens[j].id)
		})
		sort.SliceStable(closes, func(i, j int) bool {
			if closes[i].s != closes[j].s {
				return closes[i].s > closes[j].s
			}
			return idLess(closes[j].id, closes[i].id)
		})
		var cell []string
		for _, x := range opens {
			cell = append(cell, "("+x.id)
		}
		for _, x := range singles {
			cell = append(cell, "("+x.id+")")
		}
		for _, x := range closes {
			cell = append(cell, x.id+")")
		}
		c := "-"
		if len(cell) > 0 {
			c = strings.Join(cell, "|")
		}
		fmt.Fprintf(&b, "test 0 %d w%d %s\n", tok, tok, c)
	}
	b.WriteString("#end document\n")
	return b.String()
}

// TestCoNLLDuplicatesLikeScorer: TC-A-7 (b twice in one chain) and TC-A-9
// (b ten times in another chain) read from CoNLL and scored against TC-A
// give TC-A-4's values, as the Perl scorer's de-duplication does
// (coreference.md §4: MUC 1/3, 1/3; B³ R (10/3)/6, P (1+4/3+1/2)/7).
func TestCoNLLDuplicatesLikeScorer(t *testing.T) {
	key := "0:{0-1} 1:{3-6,9-9} 2:{11-12,14-14,16-18}"
	for _, resp := range []string{
		"0:{0-1} 1:{3-6,3-6,9-9,10-10} 2:{11-12,15-15} 3:{13-13}",
		"0:{0-1} 3:{3-6,3-6,3-6,3-6,3-6,3-6,3-6,3-6,3-6,3-6,13-13} 1:{3-6,9-9,10-10} 2:{11-12,15-15}",
	} {
		c := build(t, func(b *coref.Builder) error {
			if err := ReadCoNLL(strings.NewReader(spansToCoNLL(t, key)), "key.conll", "key", b); err != nil {
				return err
			}
			return ReadCoNLL(strings.NewReader(spansToCoNLL(t, resp)), "resp.conll", "resp", b)
		})
		s := c.Compare(0, 1)
		if math.Abs(s.MUC.Recall-1.0/3) > 1e-12 || math.Abs(s.MUC.Precision-1.0/3) > 1e-12 ||
			math.Abs(s.B3.Recall-(10.0/3)/6) > 1e-12 || math.Abs(s.B3.Precision-(1+4.0/3+0.5)/7) > 1e-12 {
			t.Errorf("%s: MUC %+v B³ %+v", resp, s.MUC, s.B3)
		}
		if len(c.Warnings()) == 0 {
			t.Errorf("%s: no warning about repeated mentions", resp)
		}
	}
}

func TestReadCoNLLErrors(t *testing.T) {
	tests := []struct{ in, want string }{
		{"#begin document (d); part 000\nw 5)\n#end document\n", "f.conll:2:3: closing marker \"5)\" for chain 5, which has no open mention"},
		{"#begin document (d); part 000\nw (5\nw -\n#end document\n", "f.conll:4: document \"d; part 000\" ends with unclosed mentions: chain 5 opened at line 2"},
		{"#begin document (d); part 000\nw (x\n#end document\n", "f.conll:2:3: coreference column \"(x\": at byte 2: want a chain number"},
		{"#begin document (d); part 000\nw 5\n#end document\n", "want ')' after chain number 5"},
		{"#begin document (d); part 000\nw a\n#end document\n", "unexpected \"a\""},
		{"#end document\n", "f.conll:1: #end document without #begin"},
		{"#begin document (d)\n#begin document (e)\n", "f.conll:2: #begin document inside document"},
		{"#begin document (d)\nw (1)\n", "has no #end document"},
		{"w (1\n", "f.conll:1: document \"f.conll\" ends with unclosed mentions"},
		// issue 25: the second copy of a document was dropped silently
		{"#begin document (d); part 000\nw (1)\n#end document\n#begin document (e); part 000\nw -\n#end document\n#begin document (d); part 000\nw (1)\n#end document\n",
			"f.conll:7: document \"d; part 000\" begins a second time (first #begin document at line 1)"},
	}
	for _, tc := range tests {
		b := coref.NewBuilder(coref.KeepFirst)
		err := ReadCoNLL(strings.NewReader(tc.in), "f.conll", "a", b)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("ReadCoNLL(%q) error = %v, want %q", tc.in, err, tc.want)
		}
	}
	// duplicates rejected on request
	b := coref.NewBuilder(coref.RejectDuplicates)
	if err := ReadCoNLL(strings.NewReader("w (1)|(2)\n"), "f.conll", "a", b); err != nil {
		t.Fatal(err)
	}
	// a *position.Error at the repeat, naming where the first copy is
	_, err := b.Build()
	if pe := position.As(err); pe == nil || pe.File != "f.conll" || pe.Line != 1 ||
		err.Error() != `f.conll:1: annotator "a", document "f.conll": mention 0-0 repeated (first in chain 1 at f.conll:1)` {
		t.Errorf("RejectDuplicates: %v", err)
	}
}

func TestReadCSV(t *testing.T) {
	in := "document,annotator,mention,chain,note\nd1,ann1,m1,a,x\nd1,ann1,m2,a,\nd1,ann2,m1,z,\nd1,ann2,m2,y,\nd2,ann1,m1,a,\n"
	c := build(t, func(b *coref.Builder) error { return ReadCSV(strings.NewReader(in), "f.csv", b) })
	if fmt.Sprint(c.Annotators(), c.Documents()) != "[ann1 ann2] [d1 d2]" {
		t.Errorf("annotators/documents %v %v", c.Annotators(), c.Documents())
	}
	if got := chains(c, 1, 0); got != "{m1} {m2}" { // chains in file order: z before y
		t.Errorf("ann2 d1 = %s", got)
	}
	c = build(t, func(b *coref.Builder) error {
		return ReadCSV(strings.NewReader("# a comment\nannotator,mention,chain\nA,m1,1\nB,m1,2\n"), "g.csv", b)
	})
	if fmt.Sprint(c.Documents()) != "[g.csv]" {
		t.Errorf("documents %v", c.Documents())
	}
	for _, tc := range []struct{ in, want string }{
		{"A,m1,1\nB,m1,2\n", `g.csv:1: want a header naming the columns annotator,mention,chain (and optionally document), found "A,m1,1"`},
		{"ann,m,c\nA,m1,1\n", "g.csv:1: want a header"},
		{"", "g.csv: empty file"},
		{"# only a comment\n\n", "g.csv: empty file"},
		{"annotator,mention,chain\n", "g.csv: a header but no mention"},
		{"annotator,mention,chain\nA,m1\n", "g.csv:2: want 3 fields"},
		{"annotator,mention,chain\nA,,1\n", "g.csv:2: empty mention id"},
		{"annotator,mention,chain\n,m,1\n", "g.csv:2:1: empty annotator"},
		{"annotator,mention,chain\nA,m,\"1\n", "g.csv:2:"},
	} {
		err := ReadCSV(strings.NewReader(tc.in), "g.csv", coref.NewBuilder(coref.KeepFirst))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("ReadCSV(%q) = %v, want %q", tc.in, err, tc.want)
		}
	}
}

// TestReadBrat: the example of shared/reference/formats.md §3.1 (Equiv T1 T3)
// and a relation-based file; the two agree on the chain {Alice, She}.
func TestReadBrat(t *testing.T) {
	equiv := "T1\tPerson 0 5\tAlice\nT2\tOrganization 13 17\tAcme\nT3\tPerson 19 22\tShe\nT4\tLocation 32 37;48 55\tNorth America\nR1\tWorksFor Arg1:T1 Arg2:T2\n*\tEquiv T1 T3\n#1\tAnnotatorNotes T4\tdiscontinuous span\n"
	rel := "T7\tPerson 19 22\tShe\nT9\tPerson 0 5\tAlice\nT2\tOrganization 13 17\tAcme\nT4\tLocation 32 37;48 55\tNorth America\nR3\tCoreference Arg1:T7 Arg2:T9\n"
	c := build(t, func(b *coref.Builder) error {
		if err := ReadBrat(strings.NewReader(equiv), "a/doc.ann", "a", "doc", BratOptions{}, b); err != nil {
			return err
		}
		return ReadBrat(strings.NewReader(rel), "b/doc.ann", "b", "doc", BratOptions{}, b)
	})
	if got := chains(c, 0, 0); got != "{0-5,19-22} {13-17} {32-37;48-55}" {
		t.Errorf("a: %s", got)
	}
	s := c.Compare(0, 1)
	if s.MUC != (coref.PRF{Recall: 1, Precision: 1, F1: 1}) || s.B3.F1 != 1 {
		t.Errorf("a vs b: %+v", s)
	}
	typed := build(t, func(b *coref.Builder) error {
		return ReadBrat(strings.NewReader(equiv), "a.ann", "a", "doc", BratOptions{Types: []string{"Person"}}, b)
	})
	if got := chains(typed, 0, 0); got != "{0-5,19-22}" {
		t.Errorf("typed: %s", got)
	}
	for _, tc := range []struct{ in, want string }{
		{"T1\tPerson 0\tx\n", "x.ann:1: text-bound annotation T1: offsets \"0\""},
		{"T1\tPerson 5 2\tx\n", "want integers 0 ≤ start ≤ end"},
		{"T1\tPerson\n", "x.ann:1: text-bound annotation T1: want"},
		{"T1\tPerson 0 1\tx\n*\tEquiv T1 T2\n", "x.ann:2: link to unknown annotation T2"},
		{"T1\tPerson 0 1\tx\nR1\tCoref Arg1:T1 T1\n", "x.ann:2: relation R1: argument \"T1\""},
		{"T1\tPerson 0 1\tx\nT1\tPerson 0 1\tx\n", "x.ann:2: id T1 defined twice"},
		{"*\tEquiv T1\n", "x.ann:1: Equiv needs at least two"},
	} {
		err := ReadBrat(strings.NewReader(tc.in), "x.ann", "a", "d", BratOptions{}, coref.NewBuilder(coref.KeepFirst))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("ReadBrat(%q) = %v, want %q", tc.in, err, tc.want)
		}
	}
}

func TestReadBratDir(t *testing.T) {
	dir := t.TempDir()
	for _, p := range []string{"x/d1.ann", "x/sub/d2.ann", "x/d1.txt"} {
		os.MkdirAll(filepath.Join(dir, filepath.Dir(p)), 0o755)
		content := "T1\tP 0 1\ta\nT2\tP 2 3\tb\n*\tEquiv T1 T2\n"
		if strings.HasSuffix(p, ".txt") {
			content = "a b" // the document text: the covered texts are checked against it
		}
		os.WriteFile(filepath.Join(dir, p), []byte(content), 0o644)
	}
	c := build(t, func(b *coref.Builder) error { return ReadBratDir(filepath.Join(dir, "x"), "x", BratOptions{}, b) })
	if fmt.Sprint(c.Documents()) != "[d1 sub/d2]" {
		t.Errorf("documents %v", c.Documents())
	}
	if err := ReadBratDir(t.TempDir(), "y", BratOptions{}, coref.NewBuilder(coref.KeepFirst)); err == nil {
		t.Error("empty directory accepted")
	}
	// a .txt that does not match the covered texts is an error naming both
	os.WriteFile(filepath.Join(dir, "x/d1.txt"), []byte("xyz"), 0o644)
	err := ReadBratDir(filepath.Join(dir, "x"), "x", BratOptions{}, coref.NewBuilder(coref.KeepFirst))
	if err == nil || !strings.Contains(err.Error(), `d1.ann:1: text-bound annotation T1 (P 0 1): the text has "x" there, the .ann gives "a"`) {
		t.Errorf("mismatching .txt: %v", err)
	}
}

func ExampleReadCoNLL() {
	in := `#begin document (d); part 000
w0 (1
w1 1)|(2)
w2 (1(3
w3 3)
w4 1)
#end document
`
	b := coref.NewBuilder(coref.KeepFirst)
	if err := ReadCoNLL(strings.NewReader(in), "a.conll", "a", b); err != nil {
		fmt.Println(err)
		return
	}
	c, _ := b.Build()
	fmt.Println(c.Documents(), c.Entities(0, 0))
	// Output: [d; part 000] [[0-1 2-4] [1-1] [2-3]]
}

// TestReadBratStarRelation: brat's symmetric-transitive relations are
// written like Equiv ("*\tCoreference T1 T2 T3").
func TestReadBratStarRelation(t *testing.T) {
	in := "T1\tP 0 1\ta\nT2\tP 2 3\tb\nT3\tP 4 5\tc\n*\tCoreference T1 T2 T3\n*\tOther T1 T3\n"
	c := build(t, func(b *coref.Builder) error {
		return ReadBrat(strings.NewReader(in), "s.ann", "a", "d", BratOptions{}, b)
	})
	if got := chains(c, 0, 0); got != "{0-1,2-3,4-5}" {
		t.Errorf("chains %s", got)
	}
}

// TestEmptyInputs: an input that holds nothing is an error that says so,
// not an annotator without mentions (issue 14).
func TestEmptyInputs(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		name string
		read func(b *coref.Builder) error
		want string
	}{
		{"0-byte CoNLL", func(b *coref.Builder) error { return ReadCoNLL(strings.NewReader(""), "a.conll", "a", b) }, "a.conll: no token line"},
		{"CoNLL of markers only", func(b *coref.Builder) error {
			return ReadCoNLL(strings.NewReader("#begin document (d); part 000\n\n#end document\n"), "a.conll", "a", b)
		}, "a.conll: no token line"},
		{"0-byte brat", func(b *coref.Builder) error {
			return ReadBrat(strings.NewReader(""), "a.ann", "a", "d", BratOptions{}, b)
		}, "a.ann: no text-bound annotation"},
		{"brat of relations only", func(b *coref.Builder) error {
			return ReadBrat(strings.NewReader("#1\tAnnotatorNotes T1\tx\n"), "a.ann", "a", "d", BratOptions{}, b)
		}, "a.ann: no text-bound annotation"},
		{"brat types filter everything out", func(b *coref.Builder) error {
			return ReadBrat(strings.NewReader("T1\tPerson 0 5\tAlice\n"), "a.ann", "a", "d", BratOptions{Types: []string{"Org"}}, b)
		}, "no text-bound annotation of the types Org"},
		{"not brat at all", func(b *coref.Builder) error {
			return ReadBrat(strings.NewReader("annotator,mention,chain\nA,m1,1\n"), "a.ann", "a", "d", BratOptions{}, b)
		}, `a.ann:1: not a brat standoff line`},
		{"a brat directory without mentions", func(b *coref.Builder) error {
			if err := os.WriteFile(filepath.Join(dir, "d1.ann"), nil, 0o644); err != nil {
				t.Fatal(err)
			}
			return ReadBratDir(dir, "a", BratOptions{}, b)
		}, "(every .ann file): no text-bound annotation"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.read(coref.NewBuilder(coref.KeepFirst))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("got %v, want %q", err, tc.want)
			}
		})
	}
}

// TestCoNLLRepeatKeptInChainMetFirst: the reference scorer keeps a repeated
// response mention in the entity met first in the file (its entity index
// comes from the first marker of the chain), not in the lowest-numbered
// chain. Here mention 0-0 is in chain 5 and chain 2, chain 5 written first
// on the line; the key links 0-0 and 1-1. Keeping the copy in chain 5 gives
// the response {0-0,1-1} {2-2}: MUC recall 1/1. Keeping it in chain 2 would
// give {0-0,2-2} {1-1}: recall 0.
func TestCoNLLRepeatKeptInChainMetFirst(t *testing.T) {
	key := "#begin document (d); part 000\nw0 (1)\nw1 (1)\nw2 -\n#end document\n"
	resp := "#begin document (d); part 000\nw0 (5)|(2)\nw1 (5)\nw2 (2)\n#end document\n"
	c := build(t, func(b *coref.Builder) error {
		if err := ReadCoNLL(strings.NewReader(key), "key.conll", "key", b); err != nil {
			return err
		}
		return ReadCoNLL(strings.NewReader(resp), "resp.conll", "resp", b)
	})
	if got := chains(c, 1, 0); got != "{0-0,1-1} {2-2}" {
		t.Errorf("response chains %s, want {0-0,1-1} {2-2}", got)
	}
	if s := c.Compare(0, 1); s.MUC.Recall != 1 {
		t.Errorf("MUC recall %v, want 1", s.MUC.Recall)
	}
	w := c.Warnings()
	if len(w) != 1 || !strings.Contains(w[0], "mention 0-0 repeated at resp.conll:2 (first in chain 5 at resp.conll:2)") ||
		!strings.Contains(w[0], "keeps both copies of other repeats") {
		t.Errorf("warnings %q", w)
	}
	// An opening marker met before a one-token mention of another chain on
	// an earlier line puts its chain first, even though it closes later.
	resp = "#begin document (d); part 000\nw0 (9|(4)\nw1 9)\nw2 (4)\n#end document\n"
	c = build(t, func(b *coref.Builder) error { return ReadCoNLL(strings.NewReader(resp), "r.conll", "r", b) })
	if got := chains(c, 0, 0); got != "{0-0,2-2} {0-1}" {
		t.Errorf("chains %s: one-token mentions are met before opening markers of the same line", got)
	}
}

package bio

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"agree/annotation"
)

func readAll(t *testing.T, opt Options, files ...string) *annotation.Corpus {
	t.Helper()
	c := &annotation.Corpus{}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		part, err := ReadBytes(data, f, opt)
		if err != nil {
			t.Fatal(err)
		}
		if err := c.Merge(part); err != nil {
			t.Fatal(err)
		}
	}
	if err := c.Validate(); err != nil {
		t.Fatal(err)
	}
	return c
}

func spans(c *annotation.Corpus) []string {
	var out []string
	for _, s := range c.Spans {
		o, _ := annotation.NewOffsets(c.Documents[s.Doc].Text, annotation.CodePoint)
		out = append(out, fmt.Sprintf("%s %s %v-%v %s %q", c.Documents[s.Doc].Name, c.Annotators[s.Annotator], s.Start, s.End, s.Label, o.Text(int(s.Start), int(s.End))))
	}
	slices.Sort(out)
	return out
}

// TestCommonSet reads testdata/{alice,bob,碧}.bio (the common annotation
// set as CoNLL-2003 files: token, POS, chunk and NER columns; alice and bob
// in IOB2, 碧 in BIOES), and checks every span, the rebuilt texts and the
// tokens. BIO cannot write a discontinuous span or two overlapping ones,
// so North … America is left to its South America part, and the texts
// have a space before the final period (tokens joined by spaces).
func TestCommonSet(t *testing.T) {
	files, _ := filepath.Glob("testdata/*.bio")
	c := readAll(t, Options{}, files...)
	if len(c.Documents) != 2 || c.Documents[0].Text != "Alice met 😀 Bob in 東京 and she stayed ." ||
		c.Documents[1].Text != "碧 flew 🚀 to North and South America with ACME ." {
		t.Fatalf("documents %+v", c.Documents)
	}
	want := []string{
		`1 alice 0-5 PER "Alice"`, `1 alice 12-15 PER "Bob"`, `1 alice 19-21 LOC "東京"`, `1 alice 26-29 PER "she"`,
		`1 bob 0-5 PER "Alice"`, `1 bob 12-15 PER "Bob"`, `1 bob 19-21 ORG "東京"`, `1 bob 26-29 PER "she"`,
		`1 碧 0-5 PER "Alice"`, `1 碧 19-21 LOC "東京"`, `1 碧 26-29 PER "she"`,
		`2 alice 0-1 PER "碧"`, `2 alice 12-17 LOC "North"`, `2 alice 22-35 LOC "South America"`, `2 alice 41-45 ORG "ACME"`,
		`2 bob 0-1 PER "碧"`, `2 bob 12-17 LOC "North"`, `2 bob 22-35 LOC "South America"`, `2 bob 41-45 ORG "ACME"`,
		`2 碧 0-1 PER "碧"`, `2 碧 12-17 LOC "North"`, `2 碧 22-35 LOC "South America"`, `2 碧 41-47 ORG "ACME ."`,
	}
	slices.Sort(want)
	if got := spans(c); !slices.Equal(got, want) {
		t.Errorf("spans\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	toks := c.Documents[0].Tokens
	if len(toks) != 10 || toks[2] != (annotation.Token{Start: 10, End: 11}) || toks[9] != (annotation.Token{Start: 37, End: 38}) {
		t.Errorf("tokens %v", toks)
	}
	// --column 3: the chunk tags instead
	c = readAll(t, Options{Column: 3}, "testdata/alice.bio")
	if got := spans(c); len(got) != 13 || !slices.Contains(got, `2 alice 12-35 NP "North and South America"`) {
		t.Errorf("--column 3: %q", got)
	}
}

// TestIOB1: CoNLL-2003's original scheme, tab-separated; chunks start with
// I- and B- separates two adjacent chunks of one type (Bob | Carol).
func TestIOB1(t *testing.T) {
	c := readAll(t, Options{}, "testdata/iob1.tsv")
	want := []string{`1 iob1 0-5 PER "Alice"`, `1 iob1 10-13 PER "Bob"`, `1 iob1 14-19 PER "Carol"`, `1 iob1 23-25 LOC "東京"`}
	slices.Sort(want)
	if got := spans(c); !slices.Equal(got, want) {
		t.Errorf("%q, want %q", got, want)
	}
	if !strings.Contains(strings.Join(c.Notes, "\n"), "3 chunks start with an I- or E- tag") {
		t.Errorf("notes %q", c.Notes)
	}
}

// TestConlleval: chunk decoding on a table of tag sequences, each with its
// reason (the CoNLL evaluation script's rules).
func TestConlleval(t *testing.T) {
	for _, tc := range []struct{ tags, want, why string }{
		{"B-A I-A O", "A:0-2", "a B-I chunk"},
		{"B-A B-A", "A:0-1 A:1-2", "B starts a new chunk"},
		{"I-A I-A", "A:0-2", "IOB1: I after O starts"},
		{"B-A I-B", "A:0-1 B:1-2", "another type starts a chunk"},
		{"S-A S-A", "A:0-1 A:1-2", "S is a chunk"},
		{"B-A E-A I-A", "A:0-2 A:2-3", "E ends, I after E starts"},
		{"U-A B-A L-A", "A:0-1 A:1-3", "BILOU"},
		{"B-A O I-A", "A:0-1 A:2-3", "O breaks"},
		{"B_A I_A", "A:0-2", "underscore separator"},
	} {
		var b strings.Builder
		for i, tg := range strings.Fields(tc.tags) {
			fmt.Fprintf(&b, "w%d\t%s\n", i, tg)
		}
		c, err := ReadBytes([]byte(b.String()), "x.bio", Options{})
		if err != nil {
			t.Fatalf("%s: %v", tc.why, err)
		}
		var got []string
		for _, s := range c.Spans {
			// tokens w0 w1 … are 2 code points and a space apart
			got = append(got, fmt.Sprintf("%s:%d-%d", s.Label, int(s.Start)/3, (int(s.End)+1)/3))
		}
		if strings.Join(got, " ") != tc.want {
			t.Errorf("%s (%s): %v, want %s", tc.why, tc.tags, got, tc.want)
		}
	}
}

// TestErrors: file:line and what was expected.
func TestErrors(t *testing.T) {
	for _, tc := range []struct {
		in   string
		opt  Options
		want string
	}{
		{"Alice\tPER\n", Options{}, `x.bio:1: column 2: "PER" is not a tag (want O, or B-, I-, E-, S-, L- or U- and a type`},
		{"Alice B-PER\nBob\n", Options{}, "x.bio:2: 1 column; want a token and a tag"},
		{"Alice NNP B-PER\n", Options{Column: 4}, "x.bio:1: 3 columns; want the tag in column 4 (Options.Column)"},
		{"Alice NNP B-PER\n", Options{Column: 1}, "column 1 is the token"},
		{"-DOCSTART- O\na O\n-DOCSTART- O\nb O\n#begin document (1); part 000\n", Options{}, `x.bio:5: document "1" a second time`},
		{"\n\n", Options{}, "x.bio: no tokens"},
		{"a\xff B-X\n", Options{}, "x.bio:1: not UTF-8"},
	} {
		_, err := ReadBytes([]byte(tc.in), "x.bio", tc.opt)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: err = %v, want %q", tc.in, err, tc.want)
		}
	}
}

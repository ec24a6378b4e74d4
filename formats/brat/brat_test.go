package brat

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"agree/annotation"
	"agree/formats/internal/commontest"
)

func commonPaths() []string {
	return []string{"testdata/common/alice", "testdata/common/bob", "testdata/common/碧"}
}

// TestCommon reads the common annotation set written as brat directories
// (one per annotator) and checks every span against it: offsets in code
// points after the emoji, labels, the discontinuous span, the chains (an
// Equiv line for alice, a Coreference relation for bob); then the layers,
// the relations and the note of what was ignored.
func TestCommon(t *testing.T) {
	c, err := Read(commonPaths(), nil, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if d := commontest.Diff(commontest.Corpus(t), c, commontest.Options{Layer: EntityLayer}); d != "" {
		t.Errorf("spans differ from the common set:\n%s", d)
	}
	if got := strings.Join(c.Annotators, ","); got != "alice,bob,碧" {
		t.Errorf("annotators %s", got)
	}
	for _, d := range c.Documents {
		want, _ := os.ReadFile(filepath.Join(commontest.Dir(), d.Name+".txt"))
		if !d.HasText || d.Text != string(want) {
			t.Errorf("document %s: text %q", d.Name, d.Text)
		}
	}
	// every span with its id, layer and chain
	var got []string
	for _, s := range c.Spans {
		got = append(got, fmt.Sprintf("%s/%s %s %s %v-%v %s %s", c.Annotators[s.Annotator], c.Documents[s.Doc].Name, s.ID, s.Layer, s.Start, s.End, s.Label, s.Chain))
	}
	want := []string{
		"alice/d1 T1 entity 0-5 PER T1", "alice/d1 T2 entity 12-15 PER ", "alice/d1 T3 entity 19-21 LOC ",
		"alice/d1 T4 entity 26-29 PER T1", "alice/d1 T5 event 6-9 Meeting ",
		"alice/d2 T1 entity 0-1 PER ", "alice/d2 T2 entity 12-35 LOC ", "alice/d2 T3 entity 22-35 LOC ", "alice/d2 T4 entity 41-45 ORG ",
		"bob/d1 T1 entity 0-5 PER T1", "bob/d1 T2 entity 12-15 PER ", "bob/d1 T3 entity 19-21 ORG ", "bob/d1 T4 entity 26-29 PER T1",
		"bob/d2 T1 entity 0-1 PER ", "bob/d2 T2 entity 12-17 LOC ", "bob/d2 T3 entity 22-35 LOC ", "bob/d2 T4 entity 41-45 ORG ",
		"碧/d1 T1 entity 0-5 PER ", "碧/d1 T3 entity 26-29 PER ", "碧/d1 T2 entity 19-21 LOC ",
		"碧/d2 T1 entity 0-1 PER ", "碧/d2 T2 entity 12-35 LOC ", "碧/d2 T3 entity 22-35 LOC ", "碧/d2 T4 entity 41-46 ORG ",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("spans:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	disc := c.Spans[6]
	if fmt.Sprint(disc.Parts) != "[{12 17} {28 35}]" || disc.Text != "North America" {
		t.Errorf("discontinuous span: parts %v, text %q", disc.Parts, disc.Text)
	}
	var rels []string
	for _, r := range c.Relations {
		rels = append(rels, fmt.Sprintf("%s %s→%s %s %v", c.Annotators[r.Annotator], c.Spans[r.Source].Text, c.Spans[r.Target].Text, r.Type, r.Pos))
	}
	if got := strings.Join(rels, "; "); got != "alice Bob→東京 Located testdata/common/alice/d1.ann:7; bob she→Alice Coreference testdata/common/bob/d1.ann:5" {
		t.Errorf("relations: %s", got)
	}
	if got := strings.Join(c.Notes, "; "); got != "brat testdata/common/alice: ignored 1 attribute (A/M line), 1 normalization (N line), 1 annotator note (# line), 2 event arguments (triggers are read as spans)" {
		t.Errorf("notes: %s", got)
	}
	// the measures read it: one layer chosen, the chains as coreference
	if _, err := c.Continua("", annotation.AnnotatedDocuments); err == nil || !strings.Contains(err.Error(), `"entity", "event"`) {
		t.Errorf("Continua without a layer: %v", err)
	}
	cont, err := c.Continua(EntityLayer, annotation.AnnotatedDocuments)
	if err != nil || len(cont.Continua) != 2 || len(cont.Continua[1].Units) != 14 {
		t.Errorf("Continua(entity): %v, %+v", err, cont)
	}
}

// TestOffsetUnit: a file written with UTF-16 offsets (Bob at 13-16 after
// the emoji) reads right with Unit UTF16, and read as code points it is
// refused with the file, line, annotation and both strings.
func TestOffsetUnit(t *testing.T) {
	text := "Alice met 😀 Bob."
	ann := "T1\tPER 0 5\tAlice\nT2\tPER 13 16\tBob\n"
	c := &annotation.Corpus{}
	if err := ReadAnn(c, strings.NewReader(ann), "u.ann", &text, "d", "a", Options{Unit: annotation.UTF16}); err != nil {
		t.Fatal(err)
	}
	if s := c.Spans[1]; s.Start != 12 || s.End != 15 {
		t.Errorf("UTF-16 13-16 read as %v-%v, want 12-15", s.Start, s.End)
	}
	err := ReadAnn(&annotation.Corpus{}, strings.NewReader(ann), "u.ann", &text, "d", "a", Options{})
	want := `u.ann:2: text-bound annotation T2 (PER 13 16): the text has "ob." there, the .ann gives "Bob" (offsets read as codepoint`
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("code points: %v\nwant %s", err, want)
	}
	if err := ReadAnn(&annotation.Corpus{}, strings.NewReader(ann), "u.ann", nil, "d", "a", Options{Unit: annotation.Byte}); err == nil || !strings.Contains(err.Error(), "no .txt") {
		t.Errorf("byte offsets without a text: %v", err)
	}
	// a byte offset inside a character
	if err := ReadAnn(&annotation.Corpus{}, strings.NewReader("T1\tX 10 12\tx\n"), "b.ann", &text, "d", "a", Options{Unit: annotation.Byte}); err == nil || !strings.Contains(err.Error(), "b.ann:1: text-bound annotation T1: byte offset 12 falls inside a character") {
		t.Errorf("byte offset inside the emoji: %v", err)
	}
}

// TestTypesAndChains: Types keeps some types (a relation to a left-out
// span is dropped and counted, a chain link to one is an error); "*"
// lines of a chain relation type and R lines of Coref form chains named
// by their lowest id; an empty ChainRelations keeps only Equiv.
func TestTypesAndChains(t *testing.T) {
	in := "T10\tP 0 1\ta\nT2\tP 2 3\tb\nT3\tO 4 5\tc\nT4\tP 6 7\td\nR1\tWorks Arg1:T10 Arg2:T3\n*\tCoref T10 T2\nR2\tcoref Arg1:T4 Arg2:T10\n"
	c := &annotation.Corpus{}
	if err := ReadAnn(c, strings.NewReader(in), "t.ann", nil, "d", "a", Options{Types: []string{"P"}}); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, s := range c.Spans {
		got = append(got, s.ID+":"+s.Chain)
	}
	if strings.Join(got, " ") != "T10:T2 T2:T2 T4:T2" || len(c.Relations) != 1 || !strings.Contains(strings.Join(c.Notes, ";"), "1 relation to a text-bound annotation of a type left out") {
		t.Errorf("spans %v, relations %d, notes %q", got, len(c.Relations), c.Notes)
	}
	c = &annotation.Corpus{}
	if err := ReadAnn(c, strings.NewReader(in), "t.ann", nil, "d", "a", Options{ChainRelations: []string{}}); err != nil {
		t.Fatal(err)
	}
	for _, s := range c.Spans {
		if s.Chain != "" {
			t.Errorf("Equiv only: %s in chain %s", s.ID, s.Chain)
		}
	}
	err := ReadAnn(&annotation.Corpus{}, strings.NewReader(in+"*\tEquiv T3 T4\n"), "t.ann", nil, "d", "a", Options{Types: []string{"P"}})
	if err == nil || !strings.Contains(err.Error(), "t.ann:8: link to T3, whose type is not among the kept types (P)") {
		t.Errorf("link to a left-out type: %v", err)
	}
}

func TestErrors(t *testing.T) {
	text := "abc def"
	for _, tc := range []struct{ in, want, why string }{
		{"T1\tPerson 0\tx\n", `x.ann:1: text-bound annotation T1: offsets "0"`, "one offset"},
		{"T1\tPerson 5 2\tx\n", "want integers 0 ≤ start ≤ end", "start after end"},
		{"T1\tPerson\n", "x.ann:1: text-bound annotation T1: want", "no offsets"},
		{"T1\tP 0 1\ta\n*\tEquiv T1 T2\n", "x.ann:2: link to unknown annotation T2", "Equiv to an unknown id"},
		{"T1\tP 0 1\ta\nR1\tCoref Arg1:T1 T1\n", `x.ann:2: relation R1: argument "T1"`, "argument without role"},
		{"T1\tP 0 1\ta\nR1\tWorks Arg1:T1 Arg2:T9\n", "x.ann:2: relation Works to unknown annotation T9", "relation to an unknown id"},
		{"T1\tP 0 1\ta\nT1\tP 0 1\ta\n", "x.ann:2: id T1 defined twice", "duplicate id"},
		{"*\tEquiv T1\n", "x.ann:1: Equiv needs at least two", "Equiv of one"},
		{"X1\tP 0 1\ta\n", `x.ann:1: not a brat standoff line: want an id (T1, R1, E1, A1, M1, N1, #1 or *) and a tab, found "X1\tP 0 1\ta"`, "unknown id prefix"},
		{"T1 P 0 1 a\n", "x.ann:1: not a brat standoff line", "no tab"},
		{"Tx\tP 0 1\ta\n", "x.ann:1: not a brat standoff line", "id without a number"},
		{"T1\tP 0 3;2 5\tabc c d\n", "fragments", "overlapping fragments"},
		{"T1\tP 4 9\tdef\n", "x.ann:1: text-bound annotation T1: offset 9 is outside the text", "past the end"},
		{"T1\tP 0 3\tabd\n", `the text has "abc" there, the .ann gives "abd"`, "wrong covered text"},
		{"T1\tP 0 1;4 5\tad\n", `the text has "a d" there, the .ann gives "ad"`, "discontinuous parts are joined with a space"},
		{"E1\tEv:T5 A:T1\n", "event E1: trigger T5", "event without its trigger"},
		{"E1\tEv\n", `event E1: "Ev" is not of the form`, "event without a trigger"},
		{"T1\tP 0 1\t\xff\n", "x.ann:1: not valid UTF-8", "bad UTF-8"},
	} {
		err := ReadAnn(&annotation.Corpus{}, strings.NewReader(tc.in), "x.ann", &text, "d", "a", Options{})
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: ReadAnn(%q) = %v, want %q", tc.why, tc.in, err, tc.want)
		}
	}
	// a discontinuous span joined with a space, a line break compared as a space
	nl := "ab\ncd"
	c := &annotation.Corpus{}
	if err := ReadAnn(c, strings.NewReader("T1\tP 0 1;3 4\ta c\nT2\tP 1 4\tb c\n"), "n.ann", &nl, "d", "a", Options{}); err != nil {
		t.Error(err)
	}
	if _, err := Read([]string{t.TempDir()}, nil, Options{}); err == nil || !strings.Contains(err.Error(), "no .ann files") {
		t.Errorf("empty directory: %v", err)
	}
}

// TestReadFileAndFS: a single .ann takes its directory's name as the
// annotator and its own as the document; ReadFS reads a subtree of a file
// system with the documents named relative to it.
func TestReadFileAndFS(t *testing.T) {
	c, err := Read([]string{"testdata/common/bob/d2.ann", "testdata/common/碧/d2.ann"}, nil, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(c.Annotators, ",") != "bob,碧" || len(c.Documents) != 1 || c.Documents[0].Name != "d2" || !c.Documents[0].HasText {
		t.Errorf("annotators %v, documents %+v", c.Annotators, c.Documents)
	}
	c = &annotation.Corpus{}
	if err := ReadFS(c, os.DirFS("testdata"), "common/alice", "alice", Options{}); err != nil {
		t.Fatal(err)
	}
	if c.Documents[0].Name != "d1" || c.Spans[0].Pos.String() != "common/alice/d1.ann:1" {
		t.Errorf("documents %v, first span at %v", c.Documents[0].Name, c.Spans[0].Pos)
	}
	// without a .txt: read, noted
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "x.ann"), []byte("T1\tP 0 1\ta\n"), 0o644)
	c, err = Read([]string{dir}, []string{"z"}, Options{})
	if err != nil || c.Documents[0].HasText || !strings.Contains(strings.Join(c.Notes, ";"), "1 .ann file without a .txt") {
		t.Errorf("no .txt: %v, notes %q", err, c.Notes)
	}
}

// TestEncodingsAndNames: what a user's editor or another tool does to the
// files gets a message that says what happened, naming the file that has
// it; a byte-order mark before the first line is harmless.
func TestEncodingsAndNames(t *testing.T) {
	dir := t.TempDir()
	utf16 := func(s string) string {
		b := []byte{0xFF, 0xFE}
		for _, r := range s {
			b = append(b, byte(r), byte(r>>8))
		}
		return string(b)
	}
	for _, tc := range []struct {
		name, ann, txt, want, why string
	}{
		{"bom", "\ufeffT1\tP 0 5\tAlice\n", "Alice", "", "an editor's byte-order mark before the first id is skipped"},
		{"bomtext", "T1\tP 1 6\tAlice\n", "\ufeffAlice", "", "a byte-order mark in the .txt is a character, as brat counts it"},
		{"annutf16", utf16("T1\tP 0 5\tAlice\n"), "Alice", "annutf16/a/d.ann: UTF-16, but brat files are UTF-8", "a .ann saved as UTF-16"},
		{"annutf16nobom", utf16("T1\tP 0 5\tAlice\n")[2:], "Alice", "annutf16nobom/a/d.ann: UTF-16", "UTF-16 without a byte-order mark"},
		{"txtutf16", "T1\tP 0 5\tAlice\n", utf16("Alice"), "txtutf16/a/d.txt: UTF-16", "a .txt saved as UTF-16 is named, not the .ann"},
		{"txtlatin1", "T1\tP 0 5\tAlice\n", "Alice\nCaf\xe9", "txtlatin1/a/d.txt:2: not valid UTF-8", "a Latin-1 .txt: the file and the line of the bad byte"},
		{"annlatin1", "T1\tP 0 5\tAlice\n#1\tAnnotatorNotes T1\tcaf\xe9\n", "Alice", "annlatin1/a/d.ann:2: not valid UTF-8", "a Latin-1 .ann: the line of the bad byte"},
	} {
		d := filepath.Join(dir, tc.name, "a")
		os.MkdirAll(d, 0o755)
		os.WriteFile(filepath.Join(d, "d.ann"), []byte(tc.ann), 0o644)
		os.WriteFile(filepath.Join(d, "d.txt"), []byte(tc.txt), 0o644)
		c := &annotation.Corpus{}
		err := ReadFS(c, os.DirFS(dir), tc.name+"/a", "a", Options{})
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%s: %v", tc.why, err)
		case tc.want == "" && (len(c.Spans) != 1 || c.Spans[0].Text != "Alice"):
			t.Errorf("%s: spans %+v", tc.why, c.Spans)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("%s: got %v, want %q", tc.why, err, tc.want)
		}
	}
}

// TestRoot: with Options.Root, ReadFS names its files and notes by the
// directory or archive they are in, so that a message says which
// annotator's d1.ann is wrong.
func TestRoot(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "d1.ann"), []byte("T1\tP 0 5\tAlice\nA1\tNegated T1\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "d2.ann"), []byte("T1\tP 0 5\tAlicia\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "d2.txt"), []byte("Alice"), 0o644)
	for _, tc := range []struct{ root, want, why string }{
		{"", "d2.ann:1: text-bound annotation T1", "no root: paths in the file system"},
		{"brat/bob", "brat/bob/d2.ann:1: text-bound annotation T1", "the root is joined to the path"},
	} {
		c := &annotation.Corpus{}
		err := ReadFS(c, os.DirFS(dir), ".", "bob", Options{Root: tc.root})
		if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("%s: got %v, want %q…", tc.why, err, tc.want)
		}
	}
	os.Remove(filepath.Join(dir, "d2.ann"))
	c := &annotation.Corpus{}
	if err := ReadFS(c, os.DirFS(dir), ".", "bob", Options{Root: "brat/bob"}); err != nil {
		t.Fatal(err)
	}
	if c.Spans[0].Pos.String() != "brat/bob/d1.ann:1" || !strings.HasPrefix(strings.Join(c.Notes, ";"), "brat brat/bob: ignored 1 attribute") {
		t.Errorf("span at %v, notes %q", c.Spans[0].Pos, c.Notes)
	}
}

// TestNoRoomForBlankLines: room for the spans is reserved by the lines
// that start with T, not by all lines: one span and a million blank lines
// (1 MB) must not reserve room for a million spans (200 MB).
func TestNoRoomForBlankLines(t *testing.T) {
	for _, tc := range []struct{ filler, why string }{
		{"\n", "blank lines"},
		{"A1\tNegated T1\n", "attribute lines"},
		{"#1\tAnnotatorNotes T1\tx\n", "note lines"},
	} {
		in := "T1\tP 0 1\ta\n" + strings.Repeat(tc.filler, 1_000_000/len(tc.filler))
		c := &annotation.Corpus{}
		if err := ReadAnn(c, strings.NewReader(in), "x.ann", nil, "d", "a", Options{}); err != nil {
			t.Fatal(err)
		}
		if len(c.Spans) != 1 || cap(c.Spans) > 16 {
			t.Errorf("%s: %d spans, room for %d", tc.why, len(c.Spans), cap(c.Spans))
		}
	}
}

package textgrid

import (
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"agree/annotation"
)

func read(t *testing.T, file string, opt Options) *annotation.Corpus {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	c, err := ReadBytes(data, file, opt)
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Validate(); err != nil {
		t.Fatal(err)
	}
	return c
}

func spans(c *annotation.Corpus) []string {
	var out []string
	for _, s := range c.Spans {
		out = append(out, fmt.Sprintf("%s %s-%s %s", c.Annotators[s.Annotator],
			strconv.FormatFloat(s.Start, 'f', -1, 64), strconv.FormatFloat(s.End, 'f', -1, 64), s.Label))
	}
	return out
}

// TestDialogue reads the same TextGrid in the long format (UTF-8), the
// short format and the long format in UTF-16 with a byte-order mark, and
// checks every unit: blank intervals are gaps, the point tier's points are
// zero-length units (a point without a mark is none), the empty tier is
// left out with a note.
func TestDialogue(t *testing.T) {
	want := []string{
		"coder_A 0.52-1.37 turn",
		"coder_A 1.9-2.754 笑い 😂",
		"coder_B 0.5-1.41 turn",
		"coder_B 2-2.8 笑い 😂",
		`coder_B 2.8-3.3 "quoted" turn`,
		"events 1.25-1.25 click",
	}
	for _, file := range []string{"testdata/dialogue.TextGrid", "testdata/dialogue-short.TextGrid", "testdata/dialogue-utf16.TextGrid"} {
		c := read(t, file, Options{})
		if got := spans(c); !slices.Equal(got, want) {
			t.Errorf("%s:\n%s\nwant\n%s", file, strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
		if len(c.Documents) != 1 || !c.Documents[0].Time || !strings.HasPrefix(c.Documents[0].Name, "dialogue") || c.Documents[0].Extent != [2]float64{0, 4.2} {
			t.Errorf("%s: documents %+v", file, c.Documents)
		}
		notes := strings.Join(c.Notes, "\n")
		if !strings.Contains(notes, `1 tier not read ("notes")`) || !strings.Contains(notes, "1 point of point tiers read as zero-length units") {
			t.Errorf("%s: notes\n%s", file, notes)
		}
	}
	// line of a unit in the long format: intervals [2] of coder_A
	if c := read(t, "testdata/dialogue.TextGrid", Options{}); c.Spans[0].Pos.Line != 20 {
		t.Errorf("position %v", c.Spans[0].Pos)
	}
	// choosing tiers
	c := read(t, "testdata/dialogue.TextGrid", Options{Tiers: "coder_(.)"})
	if got := spans(c); len(got) != 5 || got[0] != "A 0.52-1.37 turn" || c.Spans[0].Layer != "coder_*" {
		t.Errorf("pattern: %q", got)
	}
}

// TestFlexibleSyntax: Praat's reader takes numbers, strings and flags in
// any layout, with "!" comments and trailing text after numbers.
func TestFlexibleSyntax(t *testing.T) {
	in := "File type = \"ooTextFile\"\nObject class = \"TextGrid\"\n! info about the grid\n0s 1s <exists> 1\n\"IntervalTier\" \"Mary\" 0 1 2 ! type, name, xmin, xmax, size\n0 0.5s \"a\" 0.5 1 \"\"\n"
	c, err := ReadBytes([]byte(in), "m.TextGrid", Options{})
	if err != nil {
		t.Fatal(err)
	}
	if got := spans(c); !slices.Equal(got, []string{"Mary 0-0.5 a"}) {
		t.Errorf("%q", got)
	}
}

// TestErrors: the file, the line, what was expected.
func TestErrors(t *testing.T) {
	head := "File type = \"ooTextFile\"\nObject class = \"TextGrid\"\n0 1 <exists> 1\n"
	for _, tc := range []struct{ in, want string }{
		{"ooBinaryFile\x08TextGrid", "a binary TextGrid: save it as a text file"},
		{"hello", "x.TextGrid:1: not a Praat text file"},
		{"File type = \"ooTextFile\"\nObject class = \"Pitch 1\"\n", `x.TextGrid:2: a Praat "Pitch 1" object (want a TextGrid)`},
		{head + "\"IntervalTier\" \"A\" 0 1 1\n0.5 0.2 \"x\"\n", `x.TextGrid:5: interval 1 of tier "A": xmin 0.5 is after xmax 0.2`},
		{head + "\"IntervalTier\" \"A\" 0 1 2\n0 1 \"x\"\n", `the file ends where the xmin of interval 2 of tier "A" should be`},
		{head + "\"PointTier\" \"A\" 0 1 0\n", `tier 1 ("A") is a "PointTier" (want IntervalTier or TextTier)`},
		{head + "\"IntervalTier\" \"A\" 0 1 1\n0 1 x\n", `the file ends where the text of interval 1 of tier "A" should be`},
		{head + "\"IntervalTier\" \"A\" 0 1 1\n0 1 \"x\n", `x.TextGrid:5: a string that never ends`},
		{head + "\"IntervalTier\" \"A\" 0 1 1e9\n", `the number of intervals of tier "A" 1e+09 is not a possible count`},
		{"\xff\xfeF\x00a", "UTF-16 text with an odd number of bytes"},
		// issue 25: overlapping intervals were read as they were
		{head + "\"IntervalTier\" \"A\" 0 2 3\n0 1 \"x\"\n1 1.5 \"\"\n1.2 2 \"y\"\n",
			`x.TextGrid:7: interval 3 of tier "A" starts at 1.2, before the end of interval 2 (1.5, line 6)`},
	} {
		_, err := ReadBytes([]byte(tc.in), "x.TextGrid", Options{})
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q:\nerr = %v\nwant %q", tc.in, err, tc.want)
		}
	}
}

package report

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"strings"
	"testing"
)

func textOf(t *testing.T, tb Table) string {
	t.Helper()
	var b bytes.Buffer
	if err := WriteTables(&b, Text, tb); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// checkWidth fails when a line is wider than Width.
func checkWidth(t *testing.T, out string) {
	t.Helper()
	for i, l := range strings.Split(out, "\n") {
		if n := displayWidth(l); n > Width {
			t.Errorf("line %d is %d columns wide (> %d): %q", i+1, n, Width, l)
		}
		if strings.HasSuffix(l, " ") {
			t.Errorf("line %d ends with a blank: %q", i+1, l)
		}
	}
}

func TestTextFitsWidth(t *testing.T) {
	long := strings.Repeat("a long explanation ", 12)
	wide := Table{Title: "wide: " + long, Header: []string{"pair"}, KeyColumns: 1}
	row := []string{"alice/bob"}
	for i := range 14 {
		wide.Header = append(wide.Header, fmt.Sprintf("measure %d", i))
		row = append(row, fmt.Sprintf("%.4f", float64(i)/7))
	}
	wide.Rows = [][]string{row, append([]string{"carol/dave"}, row[1:]...)}
	tests := []struct {
		name   string
		tb     Table
		blocks int      // tables printed (blocks of columns)
		want   []string // fragments of the output
	}{
		{"a table that fits is unchanged",
			Table{Header: []string{"a", "b"}, Rows: [][]string{{"x", "1.5"}}}, 1, []string{"  a  b\n  x  1.5\n"}},
		{"a long last column wraps in its cell",
			Table{Header: []string{"coefficient", "value", "note"}, Rows: [][]string{{"κ", "0.5", long}, {"α", "0.7", ""}}}, 1,
			[]string{"  κ              0.5  a long explanation", "\n                      long explanation"}},
		{"a wide table splits into blocks that repeat the key column", wide, 2,
			[]string{"  pair        measure 0", "  carol/dave", "measure 13"}},
		{"a long title and notes wrap",
			Table{Title: long, Header: []string{"x"}, Rows: [][]string{{"1"}}, Notes: []string{long}}, 1,
			[]string{"\n  long explanation", "  note: a long", "\n        explanation"}},
		{"a word longer than a line is cut",
			Table{Header: []string{"k", "v"}, Rows: [][]string{{"x", strings.Repeat("y", 250)}}}, 1, []string{"yyyy\n"}},
	}
	for _, c := range tests {
		t.Run(c.name, func(t *testing.T) {
			out := textOf(t, c.tb)
			checkWidth(t, out)
			for _, w := range c.want {
				if !strings.Contains(out, w) {
					t.Errorf("no %q in\n%s", w, out)
				}
			}
			if c.tb.Header != nil {
				if got := strings.Count(out, "  "+c.tb.Header[0]); got != c.blocks {
					t.Errorf("%d header lines, want %d:\n%s", got, c.blocks, out)
				}
			}
			// Every cell's text is printed (possibly wrapped).
			flat := strings.Join(strings.Fields(out), "")
			for _, r := range c.tb.Rows {
				for _, cell := range r {
					if !strings.Contains(flat, strings.Join(strings.Fields(cell), "")) {
						t.Errorf("cell %.30q… lost", cell)
					}
				}
			}
		})
	}
}

func TestCSVNotesAreComments(t *testing.T) {
	var b bytes.Buffer
	tb := Table{Title: "T", Header: []string{"k", "v"}, Rows: [][]string{{"a", "1"}}, Notes: []string{"first", "two\nlines"}}
	if err := WriteTables(&b, CSV, tb, tb); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "# note: first\n# note: two\n# lines\n") {
		t.Errorf("notes not kept:\n%s", b.String())
	}
	// A reader that skips comments sees only the data.
	r := csv.NewReader(&b)
	r.Comment = '#'
	recs, err := r.ReadAll()
	if err != nil || len(recs) != 4 {
		t.Errorf("read back %v, %v", recs, err)
	}
}

// TestDisplayWidth: terminals show East Asian wide characters and emoji in
// two columns and combining marks in none; tables pad and wrap by columns,
// so a column after CJK labels stays aligned.
func TestDisplayWidth(t *testing.T) {
	for _, tc := range []struct {
		s    string
		want int
		why  string
	}{
		{"abc", 3, "ASCII"},
		{"東京都", 6, "CJK ideographs are wide"},
		{"ひらがなカタカナ", 16, "kana are wide"},
		{"한국어", 6, "Hangul syllables are wide"},
		{"ＡＢ", 4, "fullwidth forms are wide"},
		{"😀🚀", 4, "emoji are wide"},
		{"e\u0301", 1, "a combining accent takes no column"},
		{"👩\u200d💻", 4, "a zero-width joiner takes no column"},
		{"שלום", 4, "Hebrew is narrow"},
		{"𝔸", 1, "a mathematical letter outside the BMP is narrow"},
	} {
		if got := displayWidth(tc.s); got != tc.want {
			t.Errorf("%s: displayWidth(%q) = %d, want %d", tc.why, tc.s, got, tc.want)
		}
	}
	out := textOf(t, Table{Header: []string{"category", "count"}, Rows: [][]string{{"x", "3"}, {"東京都", "12"}, {"e\u0301te\u0301", "4"}}})
	var ends []int
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		ends = append(ends, displayWidth(l))
	}
	if ends[1] != ends[2] || ends[2] != ends[3] {
		t.Errorf("numbers not aligned in columns (line widths %v):\n%s", ends, out)
	}
	// a word of wide characters longer than a line is cut by columns
	long := strings.Repeat("東", 80)
	out = textOf(t, Table{Header: []string{"k", "v"}, Rows: [][]string{{"x", long}}})
	checkWidth(t, out)
	if strings.Count(out, "東") != 80 {
		t.Errorf("characters lost when wrapping:\n%s", out)
	}
}

// TestCSVTitleLines: a title of several lines (a file name may hold a
// line break) stays a comment block.
func TestCSVTitleLines(t *testing.T) {
	var b bytes.Buffer
	if err := WriteTables(&b, CSV, Table{Title: "on a\nb.csv", Header: []string{"x"}, Rows: [][]string{{"1"}}}); err != nil {
		t.Fatal(err)
	}
	if b.String() != "# on a\n# b.csv\nx\n1\n" {
		t.Errorf("got %q", b.String())
	}
}

// TestMarkdownCells: a Markdown table cell is one line: a '|' is escaped
// and a line break becomes <br>, so that a label holding them does not
// break the table; a note's lines all stay in the block quote.
func TestMarkdownCells(t *testing.T) {
	var b bytes.Buffer
	if err := WriteTables(&b, Markdown, Table{Title: "t", Header: []string{"label", "n"}, Rows: [][]string{{"a|b", "1"}, {"line\nbreak", "2"}, {"cr\r\nlf", "3"}}, Notes: []string{"one\ntwo"}}); err != nil {
		t.Fatal(err)
	}
	want := "### t\n\n| label | n |\n|---|---|\n| a\\|b | 1 |\n| line<br>break | 2 |\n| cr<br>lf | 3 |\n\n> one\n> two\n"
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
}

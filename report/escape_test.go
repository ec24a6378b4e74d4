package report

import (
	"bytes"
	"strings"
	"testing"
)

// TestTextCellsEscapeControls: a cell holding a line break, a tab or
// another control character stays one cell on one line in the text
// format, the character shown escaped (\n, \t, \x1b, \u2028); Markdown
// shows a line break as <br> and CSV quotes it, as before.
func TestTextCellsEscapeControls(t *testing.T) {
	for _, tc := range []struct {
		why, label, shown string
	}{
		{"a line break", "PER\nORG", `PER\nORG`},
		{"a carriage return and line break", "a\r\nb", `a\r\nb`},
		{"a tab", "a\tb", `a\tb`},
		{"an escape (a terminal's control sequence)", "x\x1b[31my", `x\x1b[31my`},
		{"DEL and a C1 control", "a\x7fb\u0085c", `a\x7fb\u0085c`},
		{"the Unicode line separator", "a\u2028b", `a\u2028b`},
		{"no control: unchanged", "Zoë 😀", "Zoë 😀"},
	} {
		tab := Table{Title: "labels", Header: []string{"label", "n"}, Rows: [][]string{{tc.label, "3"}, {"other", "12"}}}
		var b bytes.Buffer
		if err := WriteTables(&b, Text, tab); err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
		if len(lines) != 4 {
			t.Errorf("%s: %d lines, want 4 (title, header, two rows):\n%s", tc.why, len(lines), b.String())
			continue
		}
		if !strings.HasPrefix(strings.TrimSpace(lines[2]), tc.shown+"  ") || !strings.HasSuffix(lines[2], "3") {
			t.Errorf("%s: row %q, want %q then 3", tc.why, lines[2], tc.shown)
		}
		// the numbers stay aligned: both rows end in the same column
		if len(lines[2]) == 0 || displayWidth(lines[2]) != displayWidth(lines[3]) {
			t.Errorf("%s: rows of width %d and %d:\n%s", tc.why, displayWidth(lines[2]), displayWidth(lines[3]), b.String())
		}
		if tab.Rows[0][0] != tc.label {
			t.Errorf("%s: the table's cell was changed", tc.why)
		}
	}
	tab := Table{Header: []string{"label"}, Rows: [][]string{{"PER\nORG"}}}
	var md, csv bytes.Buffer
	WriteTables(&md, Markdown, tab)
	WriteTables(&csv, CSV, tab)
	if !strings.Contains(md.String(), "| PER<br>ORG |") || !strings.Contains(csv.String(), "\"PER\nORG\"") {
		t.Errorf("markdown %q, csv %q", md.String(), csv.String())
	}
}

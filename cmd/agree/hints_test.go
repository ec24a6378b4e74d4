package main

import (
	"archive/zip"
	"bytes"
	"strings"
	"testing"
)

// TestSeparatorHints: a data error on a file the command reads as CSV
// that looks separated by tabs or semicolons ends with a hint; a file read
// by another reader (WebAnno TSV, CoNLL, an archive, JSON) gets none,
// whatever its first line holds.
func TestSeparatorHints(t *testing.T) {
	dir := t.TempDir()
	// a WebAnno TSV whose token lies outside the text: its reader's error
	webanno := writeFile(t, dir, "f.tsv", "#FORMAT=WebAnno TSV 3.3\n#T_SP=x.Y|value\n\n\n#Text=ab\n1-1\t0-9\tab\tV\n")
	semiSpans := writeFile(t, dir, "spans.csv", "document;annotator;start;end;label\nd;A;0;1;x\n")
	semiTable := writeFile(t, dir, "table.csv", "item;A;B\n1;x;y\n")
	tabTable := writeFile(t, dir, "table.txt", "item\tA\tB\n1\tx\ty\n")
	conll := writeFile(t, dir, "key.conll", "#begin document (d); part 000\nd\t0\t0\tJohn\t(1\n")
	jsonTabs := writeFile(t, dir, "x.json", "[\t{\"a\":\t1}\t]\n")
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	w, _ := zw.Create("a/d.csv")
	w.Write([]byte("document\tannotator\tstart\tend\tlabel\nd\tA\t0\t1\tx\n"))
	zw.Close()
	archive := writeFile(t, dir, "tabs.zip", buf.String())
	for _, tc := range []struct {
		why  string
		args []string
		hint string // "" when no hint may be given
	}{
		{"--input webanno: the TSV reader's error stands alone", []string{"convert", "--input", "webanno", webanno}, ""},
		{"a WebAnno TSV detected by its content", []string{"convert", webanno}, ""},
		{"a ZIP archive is no CSV file", []string{"spans", archive}, ""},
		{"a CoNLL file read by coref", []string{"coref", conll, conll}, ""},
		{"a JSON file with tabs", []string{"convert", jsonTabs}, ""},
		{"a span CSV separated by semicolons, to a command without --sep: the reader says so, no --sep is suggested", []string{"convert", semiSpans}, semiSpans + `:1: 1 field, but the line holds ";": the span, relation and unit CSV files are comma-separated`},
		{"--input csv is CSV whatever the extension", []string{"convert", "--input", "csv", semiTable}, "are comma-separated (convert the file, e.g. tr ';' ',')"},
		{"a TSV table for coding, which has --sep", []string{"coding", tabTable}, `hint: ` + tabTable + ` looks tab-separated: try --sep '\t'`},
		{"a table for coding, which has --sep", []string{"coding", semiTable}, "try --sep ';'"},
	} {
		_, errs, code := agree(t, "", tc.args...)
		if code != 1 {
			t.Errorf("%s: exit %d, want 1: %s", tc.why, code, errs)
			continue
		}
		switch {
		case strings.Contains(errs, "--sep") && !strings.Contains(tc.args[0], "coding"):
			t.Errorf("%s: --sep suggested to agree %s, which has no such flag:\n%s", tc.why, tc.args[0], errs)
		case tc.hint == "" && strings.Contains(errs, "hint:"):
			t.Errorf("%s: a hint for a file not read as CSV:\n%s", tc.why, errs)
		case tc.hint != "" && !strings.Contains(errs, tc.hint):
			t.Errorf("%s: stderr\n%s\nwant %q", tc.why, errs, tc.hint)
		}
	}
}

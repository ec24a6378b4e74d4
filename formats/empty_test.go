package formats

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestEmptyFileEveryReader: an empty file — no byte, white space only, a
// byte-order mark and line breaks, UTF-16 white space — read by any reader
// of the dispatch (each --input name, and detection) is an *EmptyError
// naming the file, not what its format would lack ("no units", "cannot
// tell the format").
func TestEmptyFileEveryReader(t *testing.T) {
	dir := t.TempDir()
	files := []struct {
		why, name, data string
	}{
		{"0 bytes, .csv", "a.csv", ""},
		{"0 bytes, no extension", "a", ""},
		{"white space only", "b.txt", " \n\t\n\r\n"},
		{"a UTF-8 byte-order mark and a line break", "c.jsonl", "\ufeff\r\n"},
		{"UTF-16 white space", "d.tsv", "\xff\xfe \x00\n\x00"},
	}
	for _, f := range files {
		p := filepath.Join(dir, f.name)
		if err := os.WriteFile(p, []byte(f.data), 0o644); err != nil {
			t.Fatal(err)
		}
		for _, input := range append([]string{""}, Names()...) {
			_, err := Read([]string{p}, Options{Format: input})
			var ee *EmptyError
			if !errors.As(err, &ee) || ee.Name != p || ee.Size != len(f.data) || !strings.Contains(err.Error(), p+": the file is empty") {
				t.Errorf("%s, --input %q: %v, want the file is empty", f.why, input, err)
			}
		}
	}
	// standard input
	_, err := Read([]string{"-"}, Options{Stdin: strings.NewReader("\n")})
	if err == nil || err.Error() != "standard input is empty (1 byte of white space only)" {
		t.Errorf("stdin: %v", err)
	}
}

func TestBlank(t *testing.T) {
	for _, tc := range []struct {
		why   string
		data  string
		blank bool
	}{
		{"nothing", "", true},
		{"white space", " \t\r\n\v\f", true},
		{"a UTF-8 byte-order mark", "\ufeff\n", true},
		{"UTF-16 little-endian white space", "\xff\xfe\n\x00 \x00", true},
		{"UTF-16 big-endian white space", "\xfe\xff\x00\n", true},
		{"a character", "  x", false},
		{"a UTF-16 character", "\xff\xfex\x00", false},
		{"a NUL byte is not white space", "\x00", false},
	} {
		if got := Blank([]byte(tc.data)); got != tc.blank {
			t.Errorf("%s: Blank = %v, want %v", tc.why, got, tc.blank)
		}
	}
}

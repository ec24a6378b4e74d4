package limits

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"
	"testing/iotest"

	"agree/internal/inputtest"
	"agree/position"
)

func TestReadAll(t *testing.T) {
	for _, tc := range []struct {
		why   string
		in    io.Reader
		limit int64
		hint  int64
		want  string // the data, or "error"
	}{
		{"a file under the limit is read whole", strings.NewReader("hello"), 10, 0, "hello"},
		{"exactly at the limit", strings.NewReader("0123456789"), 10, 0, "0123456789"},
		{"one byte past the limit is refused", strings.NewReader("0123456789x"), 10, 0, "error"},
		{"an endless input is refused at the limit", inputtest.Endless("\x00"), 1 << 20, 0, "error"},
		{"the size of a regular file is a hint: read at once", strings.NewReader("hello"), 10, 5, "hello"},
		{"a file longer than its hint (it grew) is read on", strings.NewReader("hello world"), 100, 5, "hello world"},
		{"a hint past the limit is refused before reading", strings.NewReader("x"), 10, 11, "error"},
		{"a reader of one byte at a time", iotest.OneByteReader(strings.NewReader("abcdef")), 10, 0, "abcdef"},
		{"an empty input", strings.NewReader(""), 10, 0, ""},
	} {
		got, err := ReadAll(tc.in, "f", "file", tc.limit, tc.hint)
		var le *Error
		switch {
		case tc.want == "error" && (!errors.As(err, &le) || position.As(err) == nil || position.As(err).File != "f" || le.Limit != tc.limit):
			t.Errorf("%s: err %v, want a limit error", tc.why, err)
		case tc.want != "error" && (err != nil || string(got) != tc.want):
			t.Errorf("%s: %q %v, want %q", tc.why, got, err, tc.want)
		}
	}
}

func TestReaderCaps(t *testing.T) {
	r := Reader(inputtest.Endless("x"), "zero", "file", 1000)
	n, err := io.Copy(io.Discard, r)
	var le *Error
	if !errors.As(err, &le) || n != 1000 {
		t.Errorf("read %d bytes, err %v: want 1000 bytes, then a limit error", n, err)
	}
	if got := err.Error(); !strings.HasPrefix(got, "zero: more than 1000 bytes") || position.As(err) == nil {
		t.Errorf("message %q", got)
	}
	r = Reader(strings.NewReader("abc"), "f", "file", 3)
	if b, err := io.ReadAll(r); err != nil || string(b) != "abc" {
		t.Errorf("at the limit: %q %v", b, err)
	}
}

func TestLinesAndRecords(t *testing.T) {
	old := MaxLine
	MaxLine = 10
	defer func() { MaxLine = old }()
	for _, tc := range []struct {
		why     string
		in      string
		records bool
		line    int    // the line of the error; 0: none
		what    string // line or record
	}{
		{"short lines pass", "abc\ndefghij\n0123456789\n", false, 0, ""},
		{"a line of 11 bytes on line 3", "a\nb\n0123456789x\nc\n", false, 3, "line"},
		{"the last line, without its line break", "a\n0123456789x", false, 2, "line"},
		{"a quoted field of two short lines is one record in CSV", "a\n\"01234\n56789x\"\n", true, 2, "record"},
		{"the same lines in plain text pass", "a\n\"01234\n56789x\"\n", false, 0, ""},
		{"doubled quotes inside a field do not end it", "a\n\"\"\"\"\"\"\"\"\"\"\"x\n", true, 2, "line"},
		{"a closed quote ends the record at its line break", "\"ab\"\n\"cd\"\n\"ef\"\n", true, 0, ""},
		{"a quote in a comment line opens no field", "# it\"s\nabcdefgh\nabcdefgh\n", true, 0, ""},
		{"a comment line is bounded too", "a\n# 0123456789\n", true, 2, "line"},
	} {
		for _, oneByte := range []bool{false, true} {
			var r io.Reader = strings.NewReader(tc.in)
			if oneByte {
				r = iotest.OneByteReader(r)
			}
			if tc.records {
				r = Records(r, "f.csv", 1, '#')
			} else {
				r = Lines(r, "f.csv", 1)
			}
			got, err := io.ReadAll(r)
			var le *Error
			var pe *position.Error
			switch {
			case tc.line == 0 && (err != nil || string(got) != tc.in):
				t.Errorf("%s: %q %v", tc.why, got, err)
			case tc.line != 0 && (!errors.As(err, &le) || !errors.As(err, &pe) || pe.Line != tc.line || pe.File != "f.csv" || le.What != tc.what):
				t.Errorf("%s (one byte at a time: %v): err %v, want a %s error at line %d", tc.why, oneByte, err, tc.what, tc.line)
			}
		}
	}
	// An endless input: refused, at line 1, never line 0.
	_, err := io.Copy(io.Discard, Lines(inputtest.Endless("\x00"), "/dev/zero", 1))
	if err == nil || !strings.HasPrefix(err.Error(), "/dev/zero:1: a line longer than 10 bytes") {
		t.Errorf("endless input: %v", err)
	}
	if !bytes.Contains([]byte(err.Error()), []byte("endless")) {
		t.Errorf("the message does not say what the usual cause is: %v", err)
	}
}

func TestSize(t *testing.T) {
	for n, want := range map[int64]string{1: "1 byte", 1000: "1000 bytes", 1 << 20: "1 MiB", 256 << 20: "256 MiB",
		1 << 30: "1 GiB", 3758096384: "3.5 GiB", 1536: "1.5 KiB"} {
		if got := Size(n); got != want {
			t.Errorf("Size(%d) = %q, want %q", n, got, want)
		}
	}
}

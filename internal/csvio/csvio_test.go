package csvio

import (
	"encoding/csv"
	"errors"
	"io"
	"strconv"
	"strings"
	"testing"
)

func TestWrap(t *testing.T) {
	_, err := csv.NewReader(strings.NewReader("a,b\n\"x,y\n")).ReadAll()
	got := Wrap("f.csv", err)
	if got == nil || !strings.HasPrefix(got.Error(), "f.csv:2:") || !errors.Is(got, csv.ErrQuote) {
		t.Errorf("parse error: %v", got)
	}
	if got := Wrap("f.csv", io.ErrUnexpectedEOF); got.Error() != "f.csv: unexpected EOF" || !errors.Is(got, io.ErrUnexpectedEOF) {
		t.Errorf("other error: %v", got)
	}
	if Wrap("f.csv", nil) != nil {
		t.Error("nil must stay nil")
	}
}

func TestReader(t *testing.T) {
	in := "# comment\na, b\n   \nc\n\"x\n"
	for _, skip := range []bool{true, false} {
		r := NewReader(strings.NewReader(in), "f.csv")
		r.SkipBlank = skip
		var got []string
		var err error
		for {
			var rec []string
			var line int
			rec, line, err = r.Next()
			if err != nil {
				break
			}
			got = append(got, strings.Join(rec, "|")+"@"+strconv.Itoa(line))
		}
		want := "a|b@2 c@4"
		if !skip {
			want = "a|b@2 @3 c@4" // the blank line, emptied by TrimLeadingSpace
		}
		if strings.Join(got, " ") != want {
			t.Errorf("skip %v: records %q, want %q", skip, strings.Join(got, " "), want)
		}
		if err == nil || !strings.HasPrefix(err.Error(), "f.csv:5:") {
			t.Errorf("skip %v: error %v, want one at f.csv:5", skip, err)
		}
	}
}

func TestQuote(t *testing.T) {
	long := strings.Repeat("é", 100)
	tests := []struct{ in, want string }{
		{"", `""`},
		{`a "b"`, `"a \"b\""`},
		{strings.Repeat("x", MaxQuoted), `"` + strings.Repeat("x", MaxQuoted) + `"`},
		{strings.Repeat("x", 50<<20), `"` + strings.Repeat("x", MaxQuoted) + `"… (52428800 bytes)`},
		{long, `"` + strings.Repeat("é", MaxQuoted) + `"… (200 bytes)`}, // cut at a character, not a byte
	}
	for _, c := range tests {
		if got := Quote(c.in); got != c.want {
			t.Errorf("Quote(%.20q…) = %.80s, want %.80s", c.in, got, c.want)
		}
	}
}

func TestWrapUnclosedQuote(t *testing.T) {
	// An unclosed quote swallows the rest of the file: the message points
	// to the record where it opened.
	_, err := csv.NewReader(strings.NewReader("a,b\n1,\"x\n2,y\n3,z\"q\n")).ReadAll()
	got := Wrap("f.csv", err)
	if got == nil || !strings.Contains(got.Error(), "record that starts on line 2") || !errors.Is(got, csv.ErrQuote) {
		t.Errorf("got %v", got)
	}
}

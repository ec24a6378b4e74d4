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

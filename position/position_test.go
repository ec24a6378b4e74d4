package position

import (
	"errors"
	"fmt"
	"io"
	"testing"
)

func TestError(t *testing.T) {
	for _, c := range []struct {
		e    *Error
		want string
		why  string
	}{
		{Errorf("a.csv", 3, 7, "bad %q", "x"), `a.csv:3:7: bad "x"`, "file, line and column"},
		{Errorf("a.csv", 3, 0, "bad"), "a.csv:3: bad", "no column"},
		{Errorf("a.csv", 0, 0, "empty"), "a.csv: empty", "the whole file"},
		{Errorf("", 2, 5, "bad"), "2:5: bad", "no file name (the caller adds it)"},
		{Errorf("a.csv", 0, 4, "bad"), "a.csv: bad", "a column without a line is not shown"},
	} {
		if got := c.e.Error(); got != c.want {
			t.Errorf("%s: %q, want %q", c.why, got, c.want)
		}
	}
	wrapped := fmt.Errorf("reading: %w", Errorf("b.tsv", 9, 2, "value: %w", io.ErrUnexpectedEOF).In("start"))
	pe := As(wrapped)
	if pe == nil || pe.File != "b.tsv" || pe.Line != 9 || pe.Column != 2 || pe.Field != "start" {
		t.Fatalf("As: %+v", pe)
	}
	if !errors.Is(wrapped, io.ErrUnexpectedEOF) {
		t.Error("%w in the message does not wrap")
	}
	if errors.Is(wrapped, ErrSeparator) {
		t.Error("an error without Kind is ErrSeparator")
	}
	sep := Errorf("c.csv", 1, 0, "1 field")
	sep.Kind = ErrSeparator
	if !errors.Is(fmt.Errorf("x: %w", sep), ErrSeparator) {
		t.Error("Kind is not found by errors.Is")
	}
	if As(errors.New("plain")) != nil {
		t.Error("As of an error without position")
	}
}

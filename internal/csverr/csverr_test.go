package csverr

import (
	"encoding/csv"
	"errors"
	"io"
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

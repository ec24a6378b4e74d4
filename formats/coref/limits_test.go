package coref

import (
	"strings"
	"testing"

	"agree/coref"
	"agree/internal/inputtest"
	"agree/internal/limits"
)

// TestEndlessCoNLL (issue 25): `agree coref /dev/zero` said
// "/dev/zero:0: bufio.Scanner: token too long"; an endless line is now
// refused at limits.MaxLine with its line, in words.
func TestEndlessCoNLL(t *testing.T) {
	old := limits.MaxLine
	limits.MaxLine = 1 << 20
	defer func() { limits.MaxLine = old }()
	err := ReadCoNLL(inputtest.Endless("\x00"), "/dev/zero", "A", coref.NewBuilder(coref.KeepFirst))
	if err == nil || !strings.HasPrefix(err.Error(), "/dev/zero:1: a line longer than 1 MiB") || strings.Contains(err.Error(), "bufio") {
		t.Errorf("%v", err)
	}
	err = ReadCSV(inputtest.Endless("\x00"), "/dev/zero", coref.NewBuilder(coref.KeepFirst))
	if err == nil || !strings.HasPrefix(err.Error(), "/dev/zero:1: a line longer than 1 MiB") {
		t.Errorf("CSV: %v", err)
	}
}

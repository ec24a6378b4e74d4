package formats

import (
	"bytes"
	"fmt"
	"strings"

	"agree/formats/internal/textenc"
	"agree/internal/plural"
)

// EmptyError is the error of an input file with nothing to read in it: no
// byte at all, or only white space (and a byte-order mark). Every reader
// of the dispatch, and every command, says so rather than what the format
// it would have been read as lacks ("no units", "no token line").
type EmptyError struct {
	Name string
	// Size is the number of bytes (0, or those of the white space).
	Size int
}

func (e *EmptyError) Error() string {
	what := e.Name + ": the file is empty"
	if e.Name == "stdin" {
		what = "standard input is empty"
	}
	if e.Size == 0 {
		return what + " (0 bytes)"
	}
	return fmt.Sprintf("%s (%s of white space only)", what, plural.Count(e.Size, "byte"))
}

// Blank reports whether data holds nothing but white space: spaces, tabs,
// line breaks and a byte-order mark, in UTF-8 or UTF-16.
func Blank(data []byte) bool {
	if s, ok := textenc.UTF16(data); ok {
		return strings.TrimSpace(s) == ""
	}
	data = bytes.TrimPrefix(data, []byte("\ufeff"))
	return len(bytes.TrimLeft(data, " \t\r\n\v\f")) == 0
}

// CheckEmpty returns an *EmptyError when data, the content of the file
// name, is Blank.
func CheckEmpty(data []byte, name string) error {
	if Blank(data) {
		return &EmptyError{Name: name, Size: len(data)}
	}
	return nil
}

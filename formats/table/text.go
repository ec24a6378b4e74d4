package table

import (
	"bytes"
	"unicode/utf8"
)

// textError returns the error for the first field of b (a block of whole,
// quote-free lines whose first line is line0, fields separated by sep)
// that is not UTF-8 text: one with an invalid UTF-8 sequence (Latin-1 or
// Windows-1252 text, say, whose labels would be mangled in the output) or
// a NUL byte (binary data). It names the line and the byte column where
// the field starts, as encoding/csv's path does (fieldError), or says the
// input is UTF-16 when it starts with a UTF-16 byte order mark; nil when b
// is text. The common case costs two fast passes over b.
func (rd *reader) textError(b []byte, line0 int, sep byte) error {
	off, what := badText(b)
	if what == "" {
		return nil
	}
	return rd.textErrorAt(b, line0, sep, off, what)
}

// textErrorAt is textError for the bad byte at off.
func (rd *reader) textErrorAt(b []byte, line0 int, sep byte, off int, what string) error {
	start := bytes.LastIndexByte(b[:off], '\n') + 1
	field := start + bytes.LastIndexByte(b[start:off], sep) + 1
	line, col := line0+bytes.Count(b[:start], []byte{'\n'}), field-start+1
	return rd.errorf(line, col, "%s", fieldProblem(b[field:], line, col, what))
}

// splitText is splitLines for a block that may hold bytes that are not
// text: the records before the first such line, then its error, so that
// errors come in the order of the records, as on encoding/csv's path.
func (rd *reader) splitText(b []byte, line0 int, sep byte, fn func(line int, fields [][]byte, cols []int) error) error {
	off, what := badText(b)
	if what == "" {
		return splitLines(b, line0, sep, fn)
	}
	cut := bytes.LastIndexByte(b[:off], '\n') + 1
	if err := splitLines(b[:cut], line0, sep, fn); err != nil {
		return err
	}
	return rd.textErrorAt(b, line0, sep, off, what)
}

// fieldError is textError for a field read by encoding/csv, which starts
// on line line at byte column col.
func (rd *reader) fieldError(f string, line, col int) error {
	if _, what := badText([]byte(f)); what != "" {
		return rd.errorf(line, col, "%s", fieldProblem([]byte(f), line, col, what))
	}
	return nil
}

// fieldProblem says what is wrong with a field that is not text, which
// starts on line line at column col: UTF-16 text when the input starts
// with a UTF-16 byte order mark.
func fieldProblem(f []byte, line, col int, what string) string {
	if line == 1 && col == 1 && (bytes.HasPrefix(f, []byte{0xFF, 0xFE}) || bytes.HasPrefix(f, []byte{0xFE, 0xFF})) {
		return "UTF-16 text, not UTF-8 (convert it, e.g. iconv -f UTF-16 -t UTF-8)"
	}
	return "field " + what
}

// badText returns the offset of the first byte of b that is not UTF-8
// text and what is wrong ("" when b is text).
func badText(b []byte) (int, string) {
	nul := bytes.IndexByte(b, 0)
	if nul < 0 && utf8.Valid(b) {
		return 0, ""
	}
	off, what := len(b), ""
	if nul >= 0 {
		off, what = nul, "has a NUL byte (binary or UTF-16 data, not UTF-8 text; convert UTF-16 with iconv -f UTF-16 -t UTF-8)"
	}
	for i := 0; i < off; {
		r, size := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && size <= 1 {
			return i, "is not valid UTF-8 (convert the file, e.g. iconv -f WINDOWS-1252 -t UTF-8)"
		}
		i += size
	}
	return off, what
}

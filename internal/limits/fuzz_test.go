package limits

import (
	"bytes"
	"errors"
	"io"
	"testing"
	"testing/iotest"

	"agree/position"
)

// naiveRecords returns, for a CSV text, the start line of the first record
// longer than limit bytes (its line breaks excluded from neither count),
// or 0: a plain walk, byte by byte, of what Records computes in chunks.
func naiveRecords(data []byte, limit int64, comment byte) (int, bool) {
	line, start := 1, 1
	var cur int64
	inQuote, inNote, atStart := false, false, true
	for _, c := range data {
		if atStart && comment != 0 && !inQuote && c == comment {
			inNote = true
		}
		atStart = false
		switch {
		case c == '"' && !inNote:
			inQuote = !inQuote
			cur++
		case c == '\n':
			if cur > limit {
				return start, inQuote || line > start
			}
			line++
			inNote = false
			if inQuote {
				cur++ // a line break inside a quoted field is part of the record
			} else {
				cur, start, atStart = 0, line, true
			}
		default:
			cur++
		}
		if cur > limit {
			return start, line > start
		}
	}
	return 0, false
}

// FuzzRecords: Records refuses exactly the inputs with a record longer than
// the limit, at the line where it starts, however the input is cut into
// reads, and passes the others through unchanged.
func FuzzRecords(f *testing.F) {
	for _, s := range []string{"a,b\n\"c\nd\",e\n", "# it\"s\nabc\n", `""""` + "\n", "x\r\ny\n", "\"\n\n\n\n"} {
		f.Add([]byte(s), uint8(3), true)
	}
	f.Fuzz(func(t *testing.T, data []byte, lim uint8, oneByte bool) {
		old := MaxLine
		MaxLine = int64(lim%16) + 1
		defer func() { MaxLine = old }()
		var r io.Reader = bytes.NewReader(data)
		if oneByte {
			r = iotest.OneByteReader(r)
		}
		got, err := io.ReadAll(Records(r, "f", 1, '#'))
		wantLine, _ := naiveRecords(data, MaxLine, '#')
		var le *Error
		var pe *position.Error
		switch {
		case wantLine == 0 && (err != nil || !bytes.Equal(got, data)):
			t.Fatalf("%q: %v, want it whole", data, err)
		case wantLine != 0 && (!errors.As(err, &le) || !errors.As(err, &pe) || pe.Line != wantLine):
			t.Fatalf("%q (limit %d): %v, want an error at line %d", data, MaxLine, err, wantLine)
		}
	})
}

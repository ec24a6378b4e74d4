// Package csvio reads the CSV files of agree's readers with the position
// format they all use in messages: "file:line:column: message".
package csvio

import (
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"strings"

	"agree/internal/limits"
	"agree/position"
)

// Wrap returns err prefixed with the file name, and for a *csv.ParseError
// with its line and column (the column is left out when unknown); nil stays
// nil. The underlying error is wrapped, so errors.Is(err, csv.ErrQuote) holds.
func Wrap(name string, err error) error {
	if err == nil {
		return nil
	}
	if limits.IsLimit(err) {
		return err // it names the file and line
	}
	var pe *csv.ParseError
	if errors.As(err, &pe) {
		if errors.Is(pe.Err, csv.ErrQuote) && (pe.Line > pe.StartLine || pe.Column > MaxQuoted) {
			// The reader ran past the end of a field that opened with a
			// quote: the place to fix is where the record starts.
			return position.Errorf(name, pe.Line, pe.Column, "%w (in the record that starts on line %d: a quoted field there may lack its closing quote)", pe.Err, pe.StartLine)
		}
		if pe.Column > 0 {
			return position.Errorf(name, pe.Line, pe.Column, "%w", pe.Err)
		}
		return position.Errorf(name, pe.Line, 0, "%w", pe.Err)
	}
	return fmt.Errorf("%s: %w", name, err)
}

// Reader reads records of any length, with leading spaces trimmed and
// lines starting with '#' ignored, as the readers of small annotation
// files (units, segmentations, coreference chains, taxonomies) expect.
type Reader struct {
	// SkipBlank skips records that are a single blank field (a line of
	// spaces); otherwise the caller sees them.
	SkipBlank bool
	name      string
	cr        *csv.Reader
}

// NewReader returns a Reader of r; name is the file name for messages. A
// record longer than limits.MaxLine is an error (limits.Records).
func NewReader(r io.Reader, name string) *Reader {
	cr := csv.NewReader(limits.Records(r, name, 1, '#'))
	cr.FieldsPerRecord = -1
	cr.TrimLeadingSpace = true
	cr.Comment = '#'
	return &Reader{name: name, cr: cr}
}

// ReuseRecord lets Next return a slice that the next call overwrites.
func (r *Reader) ReuseRecord() { r.cr.ReuseRecord = true }

// Next returns the next record and its line, io.EOF at the end, or an
// error that names the file, line and column.
func (r *Reader) Next() (rec []string, line int, err error) {
	for {
		rec, err = r.cr.Read()
		if err == io.EOF {
			return nil, 0, io.EOF
		}
		if err != nil {
			return nil, 0, Wrap(r.name, err)
		}
		line, _ = r.cr.FieldPos(0)
		if r.SkipBlank && len(rec) == 1 && strings.TrimSpace(rec[0]) == "" {
			continue
		}
		return rec, line, nil
	}
}

// FieldPos returns the line and column of field i of the last record.
func (r *Reader) FieldPos(i int) (line, col int) { return r.cr.FieldPos(i) }

// SetComma sets the field separator (',' by default).
func (r *Reader) SetComma(c rune) { r.cr.Comma = c }

// MaxQuoted is the longest value, in characters, that Quote shows whole.
const MaxQuoted = 60

// Quote returns s quoted for an error message, as %q would, but cut after
// MaxQuoted characters with its full size in bytes, so that a 50 MB field
// (an unclosed quote that swallowed the rest of the file) is not echoed
// whole: "xxxx…" (52428800 bytes).
func Quote(s string) string {
	n := 0
	for i := range s {
		if n == MaxQuoted {
			return fmt.Sprintf("%q… (%d bytes)", s[:i], len(s))
		}
		n++
	}
	return fmt.Sprintf("%q", s)
}

// Package position says where in an input a problem is. Every reader of
// agree reports bad input as an *Error — the file, the line, the column
// and, when known, the field — which callers inspect with errors.As, as
// they would an encoding/csv.ParseError:
//
//	var pe *position.Error
//	if errors.As(err, &pe) {
//		fmt.Println(pe.File, pe.Line, pe.Column, pe.Field)
//	}
//
// Its message is "file:line:column: what", the line and column left out
// when unknown (0).
package position

import (
	"errors"
	"fmt"
	"strconv"
)

// Error is a problem at a position of an input.
type Error struct {
	// File names the input: a path, "<stdin>", an archive member
	// ("export.zip!annotation/a.tsv"); "" when the error is not about a
	// named input.
	File string
	// Line and Column are 1-based; 0 when unknown or when the error is
	// about the whole input (Column counts characters or bytes, as the
	// reader says in its documentation).
	Line, Column int
	// Field names the field at fault, when the reader knows it: a column
	// of a header, a JSON key, an XML element or attribute.
	Field string
	// Err says what is wrong.
	Err error
	// Kind classifies the error for errors.Is (ErrSeparator), or is nil.
	Kind error
}

// Error returns "file:line:column: " and the message of Err.
func (e *Error) Error() string {
	var b []byte
	if e.File != "" {
		b = append(b, e.File...)
		b = append(b, ':')
	}
	if e.Line > 0 {
		b = strconv.AppendInt(b, int64(e.Line), 10)
		b = append(b, ':')
		if e.Column > 0 {
			b = strconv.AppendInt(b, int64(e.Column), 10)
			b = append(b, ':')
		}
	}
	if len(b) > 0 {
		b = append(b, ' ')
	}
	return string(b) + e.Err.Error()
}

// Unwrap returns Err.
func (e *Error) Unwrap() error { return e.Err }

// Is reports whether target is the error's Kind.
func (e *Error) Is(target error) bool { return e.Kind != nil && e.Kind == target }

// Errorf returns the error at file, line and column (0 when unknown) whose
// Err is fmt.Errorf(format, args...) (%w wraps, as there).
func Errorf(file string, line, col int, format string, args ...any) *Error {
	return &Error{File: file, Line: line, Column: col, Err: fmt.Errorf(format, args...)}
}

// In returns e with its field set, for the readers that know it.
func (e *Error) In(field string) *Error {
	e.Field = field
	return e
}

// As returns the *Error in err's chain, or nil.
func As(err error) *Error {
	var e *Error
	if errors.As(err, &e) {
		return e
	}
	return nil
}

// Separator is Errorf for an error that says the input seems separated
// by another character (Kind ErrSeparator).
func Separator(file string, line, col int, format string, args ...any) *Error {
	e := Errorf(file, line, col, format, args...)
	e.Kind = ErrSeparator
	return e
}

// ErrSeparator is the Kind of an error that already says that the input
// seems separated by another character than the reader's: a caller adds
// no advice of its own on the separator.
var ErrSeparator = errors.New("another field separator")

// Pos is where something was read: a file with a line and column (1-based,
// 0 when unknown), or a path inside a structured file (a JSON path such as
// "[3].annotations[0].result[2]", an XML element). Records keep one for
// the messages about them made later (annotation.Pos is this type).
type Pos struct {
	File      string
	Line, Col int
	Path      string
}

// Errorf returns an error at p (its field is p's Path), whose message is
// "p: " and the formatted text.
func (p Pos) Errorf(format string, args ...any) error {
	e := &Error{File: p.File, Line: p.Line, Column: p.Col, Field: p.Path, Err: fmt.Errorf(format, args...)}
	if p.Line == 0 {
		e.Column = 0
	}
	if p.Path != "" {
		e.Err = fmt.Errorf("%s: %w", p.Path, e.Err)
	}
	return e
}

// String formats the position as "file:line:col", "file:line" or
// "file: path".
func (p Pos) String() string {
	s := p.File
	if p.Line > 0 {
		s += ":" + strconv.Itoa(p.Line)
		if p.Col > 0 {
			s += ":" + strconv.Itoa(p.Col)
		}
	}
	if p.Path != "" {
		if s != "" {
			s += ": "
		}
		s += p.Path
	}
	return s
}

// Package jsonerr turns the errors of encoding/json into messages a user
// of a JSON file can act on: where (line and column) and what, in JSON's
// terms ("want a number, got a string") rather than Go's ("cannot
// unmarshal string into Go struct field jsonRecord.end of type float64").
package jsonerr

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strings"

	"agree/position"
)

// Error is a JSON error at a line and column (1-based, the column in
// bytes) of the data decoded: the offending byte of a syntax error, the
// end of (or a byte just inside) a value of the wrong type, as
// encoding/json reports them.
type Error struct {
	Line, Col int
	Msg       string
}

func (e *Error) Error() string { return fmt.Sprintf("%d:%d: %s", e.Line, e.Col, e.Msg) }

// Describe returns err, an error of decoding data with encoding/json, as an
// *Error when it is a syntax or type error (whose position is known), and
// as a message without Go type names otherwise ("json: unknown field" →
// "unknown field"); nil stays nil.
func Describe(data []byte, err error) error {
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case err == nil:
		return nil
	case errors.As(err, &se):
		line, col := LineCol(data, se.Offset-1) // Offset counts the offending byte
		return &Error{line, col, "invalid JSON: " + se.Error()}
	case errors.As(err, &te):
		line, col := LineCol(data, te.Offset)
		what := "the value"
		if te.Field != "" {
			what = fmt.Sprintf("%q", te.Field)
		}
		return &Error{line, col, fmt.Sprintf("%s: want %s, got %s", what, Kind(te.Type), value(te.Value))}
	case errors.Is(err, io.ErrUnexpectedEOF):
		line, col := LineCol(data, int64(len(data)))
		return &Error{line, col, "unexpected end of the JSON (a truncated file?)"}
	}
	return errors.New(strings.TrimPrefix(err.Error(), "json: "))
}

// At is Describe with the error's position shown after name, the file,
// whose line firstLine the data start on: "name:line:col: message".
func At(name string, firstLine int, data []byte, err error) error {
	err = Describe(data, err)
	var e *Error
	if errors.As(err, &e) {
		return position.Errorf(name, firstLine+e.Line-1, e.Col, "%s", e.Msg)
	}
	if err != nil {
		return position.Errorf(name, firstLine, 0, "%w", err)
	}
	return nil
}

// Kind names what a Go type holds in JSON terms, with its article ("a
// number", "an array of strings", "true or false").
func Kind(t reflect.Type) string {
	if t.Kind() == reflect.Bool {
		return "true or false"
	}
	n := noun(t, false)
	if strings.HasPrefix(n, "a") || strings.HasPrefix(n, "o") {
		return "an " + n
	}
	return "a " + n
}

func noun(t reflect.Type, plural bool) string {
	var n string
	switch t.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		n = "whole number"
	case reflect.Float32, reflect.Float64:
		n = "number"
	case reflect.String:
		n = "string"
	case reflect.Bool:
		n = "boolean"
	case reflect.Slice, reflect.Array:
		if plural {
			return "arrays of " + noun(t.Elem(), true)
		}
		return "array of " + noun(t.Elem(), true)
	case reflect.Struct, reflect.Map:
		n = "object"
	case reflect.Pointer:
		return noun(t.Elem(), plural)
	default:
		n = "JSON value"
	}
	if plural {
		n += "s"
	}
	return n
}

// value describes the JSON value encoding/json found ("number 1.5",
// "string", "object").
func value(v string) string {
	switch {
	case v == "bool":
		return "true or false"
	case strings.HasPrefix(v, "number"), v == "string":
		return "a " + v
	case v == "array" || v == "object":
		return "an " + v
	}
	return v
}

// LineCol converts a byte offset of data into a 1-based line and column
// (in bytes).
func LineCol(data []byte, off int64) (int, int) {
	off = max(0, min(off, int64(len(data))))
	before := data[:off]
	return 1 + bytes.Count(before, []byte{'\n'}), int(off) - (bytes.LastIndexByte(before, '\n') + 1) + 1
}

// Package csverr gives encoding/csv errors the position format every reader
// of agree uses: "file:line:column: message".
package csverr

import (
	"encoding/csv"
	"errors"
	"fmt"
)

// Wrap returns err prefixed with the file name, and for a *csv.ParseError
// with its line and column (the column is left out when unknown); nil stays
// nil. The underlying error is wrapped, so errors.Is(err, csv.ErrQuote) holds.
func Wrap(name string, err error) error {
	if err == nil {
		return nil
	}
	var pe *csv.ParseError
	if errors.As(err, &pe) {
		if pe.Column > 0 {
			return fmt.Errorf("%s:%d:%d: %w", name, pe.Line, pe.Column, pe.Err)
		}
		return fmt.Errorf("%s:%d: %w", name, pe.Line, pe.Err)
	}
	return fmt.Errorf("%s: %w", name, err)
}

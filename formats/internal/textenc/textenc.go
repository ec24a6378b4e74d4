// Package textenc decodes the text encodings annotation files come in:
// UTF-8 (with or without a byte-order mark), UTF-16 with a byte-order mark
// (little or big endian; older Praat versions write it), and, for files that
// are not valid UTF-8, ISO Latin-1 (what Praat assumes then).
package textenc

import (
	"bytes"
	"errors"
	"unicode/utf16"
	"unicode/utf8"
)

// Encoding names what Decode found.
type Encoding string

// The encodings Decode recognises.
const (
	UTF8    Encoding = "UTF-8"
	UTF16LE Encoding = "UTF-16LE"
	UTF16BE Encoding = "UTF-16BE"
	Latin1  Encoding = "ISO-8859-1"
)

// UTF16 decodes data that starts with a UTF-16 byte-order mark (FF FE or
// FE FF); ok is false when there is none. An odd trailing byte is ignored,
// and unpaired surrogates become U+FFFD.
func UTF16(data []byte) (s string, ok bool) {
	if len(data) < 2 {
		return "", false
	}
	var big bool
	switch {
	case data[0] == 0xFF && data[1] == 0xFE:
	case data[0] == 0xFE && data[1] == 0xFF:
		big = true
	default:
		return "", false
	}
	data = data[2:]
	u := make([]uint16, len(data)/2)
	for i := range u {
		if big {
			u[i] = uint16(data[2*i])<<8 | uint16(data[2*i+1])
		} else {
			u[i] = uint16(data[2*i+1])<<8 | uint16(data[2*i])
		}
	}
	return string(utf16.Decode(u)), true
}

// Decode returns the text of data: UTF-16 when it starts with a UTF-16
// byte-order mark (an odd number of bytes is an error), UTF-8 when it is
// valid UTF-8 (a byte-order mark is removed), Latin-1 otherwise.
func Decode(data []byte) (string, Encoding, error) {
	if s, ok := UTF16(data); ok {
		if len(data)%2 != 0 {
			return "", "", errors.New("UTF-16 text with an odd number of bytes (truncated file?)")
		}
		if data[0] == 0xFE {
			return s, UTF16BE, nil
		}
		return s, UTF16LE, nil
	}
	data = bytes.TrimPrefix(data, []byte("\ufeff"))
	if utf8.Valid(data) {
		return string(data), UTF8, nil
	}
	r := make([]rune, len(data))
	for i, b := range data {
		r[i] = rune(b)
	}
	return string(r), Latin1, nil
}

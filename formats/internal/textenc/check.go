package textenc

import (
	"bytes"
	"fmt"
	"unicode/utf8"
)

// UTF8Error says why data that should be UTF-8 text is not: it is UTF-16
// (with a byte-order mark, or ASCII text next to NUL bytes: UTF-16 ASCII
// is valid UTF-8 full of NULs), or it has an invalid byte on line Line.
type UTF8Error struct {
	Line  int  // 1-based line of the first invalid byte (0 when UTF16)
	UTF16 bool // the data looks UTF-16
}

func (e *UTF8Error) Error() string {
	if e.UTF16 {
		return "UTF-16 text, not UTF-8 (convert it, e.g. iconv -f UTF-16 -t UTF-8)"
	}
	return fmt.Sprintf("line %d: not valid UTF-8", e.Line)
}

// looksUTF16 reports whether data starts with a UTF-16 byte-order mark,
// or whether in its first bytes nearly every other byte is NUL (UTF-16
// text that is mostly ASCII).
func looksUTF16(data []byte) bool {
	if bytes.HasPrefix(data, []byte{0xFF, 0xFE}) || bytes.HasPrefix(data, []byte{0xFE, 0xFF}) {
		return true
	}
	n := min(len(data), 256) &^ 1
	if n < 4 {
		return false
	}
	even, odd := 0, 0
	for i := 0; i < n; i += 2 {
		if data[i] == 0 {
			even++
		}
		if data[i+1] == 0 {
			odd++
		}
	}
	half := n / 2
	return odd*10 >= half*9 && even*2 < half || even*10 >= half*9 && odd*2 < half
}

// CheckUTF8 returns nil when data is UTF-8 text (NUL bytes included,
// unless the data looks UTF-16), else what is wrong.
func CheckUTF8(data []byte) *UTF8Error {
	valid := utf8.Valid(data)
	if valid && bytes.IndexByte(data, 0) < 0 {
		return nil
	}
	if looksUTF16(data) {
		return &UTF8Error{UTF16: true}
	}
	if valid {
		return nil
	}
	n := 0
	for n < len(data) {
		r, size := utf8.DecodeRune(data[n:])
		if r == utf8.RuneError && size <= 1 {
			break
		}
		n += size
	}
	return &UTF8Error{Line: 1 + bytes.Count(data[:n], []byte{'\n'})}
}

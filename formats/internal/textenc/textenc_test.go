package textenc

import (
	"testing"
	"unicode/utf16"
)

func utf16Bytes(s string, big bool) []byte {
	out := []byte{0xFF, 0xFE}
	if big {
		out = []byte{0xFE, 0xFF}
	}
	for _, u := range utf16.Encode([]rune(s)) {
		if big {
			out = append(out, byte(u>>8), byte(u))
		} else {
			out = append(out, byte(u), byte(u>>8))
		}
	}
	return out
}

// TestDecode: each encoding a TextGrid comes in.
func TestDecode(t *testing.T) {
	const s = "xmin = 0 笑い 😂"
	for _, tc := range []struct {
		why  string
		in   []byte
		want string
		enc  Encoding
	}{
		{"UTF-8", []byte(s), s, UTF8},
		{"UTF-8 with a byte-order mark", append([]byte("\ufeff"), s...), s, UTF8},
		{"UTF-16LE", utf16Bytes(s, false), s, UTF16LE},
		{"UTF-16BE", utf16Bytes(s, true), s, UTF16BE},
		{"Latin-1 (not valid UTF-8)", []byte("caf\xe9"), "café", Latin1},
	} {
		got, enc, err := Decode(tc.in)
		if err != nil || got != tc.want || enc != tc.enc {
			t.Errorf("%s: %q %s %v", tc.why, got, enc, err)
		}
	}
	if _, _, err := Decode([]byte{0xFF, 0xFE, 'a'}); err == nil {
		t.Error("odd UTF-16: no error")
	}
}

func TestCheckUTF8(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want string // "" when valid
		why  string
	}{
		{"", "", "empty"},
		{"a\nb😀\n", "", "UTF-8 outside the BMP"},
		{"a\x00b", "", "a NUL character in UTF-8 text"},
		{"ab\x00cdef\x00", "", "NUL characters in UTF-8 text, not every other byte"},
		{"\ufeffab", "", "a UTF-8 byte-order mark"},
		{"a\nb\nc\xe9\n", "line 3: not valid UTF-8", "Latin-1 on line 3"},
		{"\xff\xfea\x00", "UTF-16 text", "UTF-16LE with a byte-order mark"},
		{"\xfe\xff\x00a", "UTF-16 text", "UTF-16BE with a byte-order mark"},
		{"a\x00b\x00", "UTF-16 text", "UTF-16LE ASCII without a byte-order mark (valid UTF-8)"},
		{"\x00a\x00b", "UTF-16 text", "UTF-16BE ASCII without a byte-order mark"},
	} {
		err := CheckUTF8([]byte(tc.in))
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%s: %v", tc.why, err)
		case tc.want != "" && (err == nil || err.Error()[:len(tc.want)] != tc.want):
			t.Errorf("%s: got %v, want %q", tc.why, err, tc.want)
		}
	}
}

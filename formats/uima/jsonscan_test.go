package uima

import (
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzJSONScanner: on valid UTF-8 the scanner accepts exactly the inputs
// encoding/json accepts, and decodes strings alike; it refuses invalid
// UTF-8 in strings (encoding/json replaces it), whose offsets would be
// ambiguous.
func FuzzJSONScanner(f *testing.F) {
	for _, s := range []string{`{"a":[1,-2.5e3,"x\u00e9\ud83d\ude00\n"],"b":{"c":null,"d":true}}`, `"\ud800x"`, `[01]`, `{"a" 1}`, `1.`, `-`, "\"\x01\"", `"\u12"`, `[1,]`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		s := &jsonScanner{data: []byte(in)}
		err := s.skip(0)
		if err == nil {
			err = s.end()
		}
		if !utf8.ValidString(in) {
			if err == nil && strings.ContainsRune(in, '"') {
				// invalid bytes outside strings are refused by both; inside, by the scanner
				t.Fatalf("invalid UTF-8 accepted: %q", in)
			}
			return
		}
		if ok := json.Valid([]byte(in)); ok != (err == nil) {
			t.Fatalf("scanner: %v, encoding/json valid: %v", err, ok)
		}
		var want string
		if json.Unmarshal([]byte(in), &want) == nil {
			s := &jsonScanner{data: []byte(in)}
			if got, err := s.str(); err != nil || got != want {
				t.Fatalf("string %q, want %q (%v)", got, want, err)
			}
		}
	})
}

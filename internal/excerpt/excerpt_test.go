package excerpt

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestClip(t *testing.T) {
	cases := []struct{ in, want, why string }{
		{"", "", "empty"},
		{"label", "label", "short: whole"},
		{strings.Repeat("a", 80), strings.Repeat("a", 80), "at the limit: whole"},
		{strings.Repeat("a", 81), strings.Repeat("a", 80) + "…", "one byte over: cut at the limit"},
		{strings.Repeat("a", 79) + "😀b", strings.Repeat("a", 79) + "…", "the limit inside a 4-byte character: cut before it"},
	}
	for _, c := range cases {
		got := Clip(c.in)
		if got != c.want {
			t.Errorf("%s: Clip(%q) = %q, want %q", c.why, c.in, got, c.want)
		}
		if !utf8.ValidString(got) {
			t.Errorf("%s: %q is not valid UTF-8", c.why, got)
		}
	}
}

// Package excerpt shortens the text a message quotes from an input (a
// name, a value, a label), so that a huge field is not echoed whole.
package excerpt

import "unicode/utf8"

// Limit is the longest text, in bytes, that Clip keeps whole.
const Limit = 80

// Clip returns s cut to at most Limit bytes, at a character boundary, with
// "…" after what was cut.
func Clip(s string) string {
	if len(s) <= Limit {
		return s
	}
	cut := Limit
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…"
}

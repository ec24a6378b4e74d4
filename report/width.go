package report

import (
	"unicode"
	"unicode/utf8"
)

// displayWidth is the number of terminal columns s takes: two for the wide
// characters of East Asian scripts (CJK ideographs, kana, Hangul
// syllables, fullwidth forms) and for emoji, none for combining marks and
// format characters (accents, zero-width joiners, variation selectors), one
// for the others. It follows the East Asian Width property (UAX #11) for
// the ranges tables meet in practice, as terminals display them, so that
// text tables of Chinese, Japanese or Korean labels stay aligned.
func displayWidth(s string) int {
	n := 0
	for _, r := range s {
		n += runeWidth(r)
	}
	return n
}

func runeWidth(r rune) int {
	switch {
	case r < 0x300:
		return 1
	case unicode.In(r, unicode.Mn, unicode.Me, unicode.Cf) || r >= 0x1160 && r <= 0x11FF:
		return 0
	case wide(r):
		return 2
	}
	return 1
}

// wide reports whether r is East Asian Wide or Fullwidth, or an emoji
// shown wide.
func wide(r rune) bool {
	switch {
	case r < 0x1100:
		return false
	case r <= 0x115F, // Hangul Jamo initial consonants
		r == 0x2329 || r == 0x232A,
		r >= 0x2E80 && r <= 0x303E,   // CJK radicals, Kangxi, CJK symbols and punctuation
		r >= 0x3041 && r <= 0x33FF,   // kana, Bopomofo, Hangul compatibility Jamo, CJK compatibility
		r >= 0x3400 && r <= 0x4DBF,   // CJK extension A
		r >= 0x4E00 && r <= 0x9FFF,   // CJK unified ideographs
		r >= 0xA000 && r <= 0xA4CF,   // Yi
		r >= 0xA960 && r <= 0xA97F,   // Hangul Jamo extended A
		r >= 0xAC00 && r <= 0xD7A3,   // Hangul syllables
		r >= 0xF900 && r <= 0xFAFF,   // CJK compatibility ideographs
		r >= 0xFE10 && r <= 0xFE19,   // vertical forms
		r >= 0xFE30 && r <= 0xFE6F,   // CJK compatibility forms, small forms
		r >= 0xFF00 && r <= 0xFF60,   // fullwidth forms
		r >= 0xFFE0 && r <= 0xFFE6,   // fullwidth signs
		r >= 0x1F300 && r <= 0x1F64F, // pictographs, emoticons
		r >= 0x1F680 && r <= 0x1F6FF, // transport and map symbols
		r >= 0x1F900 && r <= 0x1F9FF, // supplemental symbols and pictographs
		r >= 0x1FA70 && r <= 0x1FAFF, // symbols and pictographs extended A
		r >= 0x20000 && r <= 0x3FFFD: // CJK extensions B…
		return true
	}
	return false
}

// cutWidth returns the longest prefix of s at most width columns wide, and
// at least one character when s is not empty (so that a wrapping loop
// always advances).
func cutWidth(s string, width int) string {
	n, cut := 0, 0
	for cut < len(s) {
		r, size := utf8.DecodeRuneInString(s[cut:])
		w := runeWidth(r)
		if n+w > width && cut > 0 {
			break
		}
		n += w
		cut += size
	}
	return s[:cut]
}

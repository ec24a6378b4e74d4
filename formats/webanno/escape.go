package webanno

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"agree/internal/csvio"
)

// escaped reports whether s[i] is escaped: preceded by an odd number of
// backslashes.
func escaped(s string, i int) bool {
	n := 0
	for j := i - 1; j >= 0 && s[j] == '\\'; j-- {
		n++
	}
	return n%2 == 1
}

// splitUnescaped appends to dst the parts of s between the unescaped
// occurrences of sep.
func splitUnescaped(dst []string, s string, sep byte) []string {
	if strings.IndexByte(s, sep) < 0 {
		return append(dst, s)
	}
	start := 0
	for i := 0; i < len(s); i++ {
		if s[i] == sep && !escaped(s, i) {
			dst = append(dst, s[start:i])
			start = i + 1
		}
	}
	return append(dst, s[start:])
}

// cutSuffix splits "value[inner]" (an unescaped final bracket) into value
// and inner.
func cutSuffix(v string) (base, inner string, ok bool) {
	if !strings.HasSuffix(v, "]") || escaped(v, len(v)-1) {
		return v, "", false
	}
	for i := len(v) - 2; i >= 0; i-- {
		if v[i] == '[' && !escaped(v, i) {
			return v[:i], v[i+1 : len(v)-1], true
		}
	}
	return v, "", false
}

// disambiguation splits a value and its disambiguation (or chain) id,
// "PER[3]"; the id is 0 when there is none.
func disambiguation(v string) (string, int, error) {
	base, inner, ok := cutSuffix(v)
	for i := 0; i < len(base); i++ {
		if (base[i] == '[' || base[i] == ']') && !escaped(base, i) {
			return "", 0, fmt.Errorf("value %s: an unescaped %q (an id is written in brackets at the end, PER[3]; a literal bracket is escaped as \\[ \\])", csvio.Quote(v), base[i])
		}
	}
	if !ok {
		return v, 0, nil
	}
	if !digits(inner) {
		return "", 0, fmt.Errorf("value %s: the id in brackets must be a number (escape a literal bracket as \\[ \\])", csvio.Quote(v))
	}
	id, _ := strconv.Atoi(inner)
	return base, id, nil
}

// chainSuffix splits a chain link value "coref->3-2" into the relation,
// the chain id and the link number.
func chainSuffix(v string) (string, int, int, error) {
	for i := len(v) - 2; i >= 0; i-- {
		if v[i] == '-' && v[i+1] == '>' && !escaped(v, i) {
			c, l, ok := strings.Cut(v[i+2:], "-")
			if !ok || !digits(c) || !digits(l) {
				break
			}
			ch, _ := strconv.Atoi(c)
			lk, _ := strconv.Atoi(l)
			return v[:i], ch, lk, nil
		}
	}
	return "", 0, 0, fmt.Errorf("chain link %s: want <relation>-><chain>-<link> (coref->1-2, or *->1-2 without a relation)", csvio.Quote(v))
}

// unescapeValue undoes the escaping of feature values: \\ \[ \] \| \_ \->
// \; \* stand for themselves, \t and \n for a tab and a line break.
func unescapeValue(s string) string {
	if strings.IndexByte(s, '\\') < 0 {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '\\' || i+1 == len(s) {
			b.WriteByte(c)
			continue
		}
		switch n := s[i+1]; n {
		case '\\', '[', ']', '|', '_', ';', '*':
			b.WriteByte(n)
			i++
		case 't':
			b.WriteByte('\t')
			i++
		case 'n':
			b.WriteByte('\n')
			i++
		case '-':
			if i+2 < len(s) && s[i+2] == '>' {
				b.WriteString("->")
				i += 2
			} else {
				b.WriteByte(c)
			}
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// unescapeText undoes the escaping of the sentence and token texts: in TSV
// 3.2 and 3.3, \\ \t \n \f \r \b, and a backslash before another control
// character; in 3.1, Java's escapes (also \uXXXX, \" and \').
func (t *tsvReader) unescapeText(s string) string {
	if strings.IndexByte(s, '\\') < 0 {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '\\' || i+1 == len(s) {
			b.WriteByte(c)
			continue
		}
		n := s[i+1]
		switch {
		case n == '\\':
			b.WriteByte('\\')
		case n == 't':
			b.WriteByte('\t')
		case n == 'n':
			b.WriteByte('\n')
		case n == 'f':
			b.WriteByte('\f')
		case n == 'r':
			b.WriteByte('\r')
		case n == 'b':
			b.WriteByte('\b')
		case n < 0x20 && t.minor >= 2:
			b.WriteByte(n)
		case (n == '"' || n == '\'') && t.minor == 1:
			b.WriteByte(n)
		case n == 'u' && t.minor == 1 && i+6 <= len(s):
			if r, err := strconv.ParseUint(s[i+2:i+6], 16, 16); err == nil {
				// a surrogate pair is two escapes
				if r >= 0xD800 && r < 0xDC00 && i+12 <= len(s) && s[i+6] == '\\' && s[i+7] == 'u' {
					if lo, err := strconv.ParseUint(s[i+8:i+12], 16, 16); err == nil && lo >= 0xDC00 && lo < 0xE000 {
						b.WriteRune(rune((r-0xD800)<<10 + (lo - 0xDC00) + 0x10000))
						i += 11
						continue
					}
				}
				if r >= 0xD800 && r < 0xE000 {
					b.WriteRune(utf8.RuneError)
				} else {
					b.WriteRune(rune(r))
				}
				i += 5
				continue
			}
			b.WriteByte(c)
			continue
		default:
			b.WriteByte(c)
			continue
		}
		i++
	}
	return b.String()
}

// Package suggest finds what a mistyped name was probably meant to be,
// for "did you mean" in messages: the closest of the known names by edit
// distance (Levenshtein's, with the transposition of two neighbours as one
// edit — the optimal string alignment distance, Damerau 1964 — on runes,
// ignoring case), if it is close enough to be a typo.
package suggest

import (
	"strings"
	"unicode/utf8"
)

// Closest returns the name of names closest to s, or "" when none is
// close: within one edit for names of up to four runes, within a third of
// the name's length (rounded up) for longer ones, or starting with s (a
// prefix of at least two runes: "inter" for "interval"). Ties go to the
// first name listed.
func Closest(s string, names []string) string {
	s = strings.ToLower(strings.TrimSpace(s))
	if s == "" {
		return ""
	}
	best, bestD := "", -1
	for _, n := range names {
		l := strings.ToLower(n)
		if l == s {
			return n
		}
		d := Distance(s, l)
		limit := 1
		if k := utf8.RuneCountInString(l); k > 4 {
			limit = (k + 2) / 3
		}
		if d > limit && !(utf8.RuneCountInString(s) >= 2 && strings.HasPrefix(l, s)) {
			continue
		}
		if bestD < 0 || d < bestD {
			best, bestD = n, d
		}
	}
	return best
}

// DidYouMean returns " (did you mean X?)" for the closest name, or "".
func DidYouMean(s string, names []string) string {
	if c := Closest(s, names); c != "" {
		return " (did you mean " + c + "?)"
	}
	return ""
}

// Distance is the edit distance between a and b in runes: the fewest
// insertions, deletions, substitutions and transpositions of two
// neighbouring runes that turn one into the other, no rune being edited
// twice (optimal string alignment). O(len(a)·len(b)) time.
func Distance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	// rows i−2, i−1 and i of the table
	pp, prev, cur := make([]int, len(rb)+1), make([]int, len(rb)+1), make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				cur[j] = min(cur[j], pp[j-2]+1)
			}
		}
		pp, prev, cur = prev, cur, pp
	}
	return prev[len(rb)]
}

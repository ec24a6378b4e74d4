// Package plural writes counts in English for messages and notes: "1
// document", "4 documents", never "1 documents" or "document(s)".
package plural

import (
	"strconv"
	"strings"
)

// Count returns n and the noun, singular when n is 1 or −1 and plural
// otherwise (Noun): Count(1, "document") is "1 document", Count(4,
// "document") "4 documents", Count(0, "entry") "0 entries". A noun of
// several words takes the plural on its first word when the rest begins
// with "of" ("1 pair of annotators", "2 pairs of annotators"), else on its
// last ("1 span layer", "2 span layers").
func Count(n int, noun string) string {
	return strconv.Itoa(n) + " " + Noun(n, noun)
}

// Noun returns the noun, in the plural unless n is 1 or −1.
func Noun(n int, noun string) string {
	if n == 1 || n == -1 {
		return noun
	}
	if head, rest, ok := strings.Cut(noun, " of "); ok {
		return Noun(n, head) + " of " + rest
	}
	if i := strings.LastIndexByte(noun, ' '); i >= 0 {
		return noun[:i+1] + Noun(n, noun[i+1:])
	}
	return Of(noun)
}

// irregular are the plurals the rules below do not make.
var irregular = map[string]string{
	"is": "are", "was": "were", "has": "have", "does": "do", "this": "these", "that": "those",
	"datum": "data", "continuum": "continua", "index": "indexes", "child": "children", "person": "people",
}

// Of returns the plural of an English noun: irregular ones, "-ies" for
// a consonant and "y", "-es" after s, x, z, ch and sh, else "-s".
func Of(noun string) string {
	if p, ok := irregular[noun]; ok {
		return p
	}
	switch {
	case noun == "":
		return noun
	case strings.HasSuffix(noun, "y") && len(noun) > 1 && !strings.ContainsRune("aeiou", rune(noun[len(noun)-2])):
		return noun[:len(noun)-1] + "ies"
	case strings.HasSuffix(noun, "s"), strings.HasSuffix(noun, "x"), strings.HasSuffix(noun, "z"),
		strings.HasSuffix(noun, "ch"), strings.HasSuffix(noun, "sh"):
		return noun + "es"
	}
	return noun + "s"
}

// Verb returns the form of a verb of the present tense that agrees with a
// subject of n things: Verb(1, "lacks", "lack") is "lacks".
func Verb(n int, one, many string) string {
	if n == 1 || n == -1 {
		return one
	}
	return many
}

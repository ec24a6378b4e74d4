package annotation

import (
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"
)

// ParseOffset reads an offset of a CSV file (a span's start or end): a
// finite decimal number that float64 holds exactly as written. A number
// with more significant digits than a float64 keeps — 9007199254740993
// (2^53 + 1) would be read as 9007199254740992 — is refused rather than
// silently rounded: its shortest decimal form, the one the output writes,
// must be the same number as the one given. Numbers of at most 15
// significant digits without an exponent always are (the common case,
// checked without arithmetic).
func ParseOffset(s string) (float64, error) {
	s = strings.TrimSpace(s)
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
		return 0, fmt.Errorf("%q is not a finite number", truncate(s))
	}
	if shortDecimal(s) {
		return v, nil
	}
	given, ok := new(big.Rat).SetString(s)
	if !ok {
		return v, nil // a form big.Rat does not read (hexadecimal): ParseFloat's reading stands
	}
	read, _ := new(big.Rat).SetString(strconv.FormatFloat(v, 'g', -1, 64))
	if given.Cmp(read) != 0 {
		return 0, fmt.Errorf("%q has more digits than a 64-bit float holds: it would be read as %s", truncate(s), strconv.FormatFloat(v, 'f', -1, 64))
	}
	return v, nil
}

// shortDecimal reports whether s is a plain decimal (an optional sign,
// digits, an optional point and digits) of at most 15 significant digits,
// which a float64 holds exactly as written.
func shortDecimal(s string) bool {
	if s != "" && (s[0] == '+' || s[0] == '-') {
		s = s[1:]
	}
	int, frac, _ := strings.Cut(s, ".")
	int = strings.TrimLeft(int, "0")
	frac = strings.TrimRight(frac, "0")
	digits := int + frac
	if int == "" {
		digits = strings.TrimLeft(frac, "0")
	}
	if len(digits) > 15 {
		return false
	}
	for i := 0; i < len(int); i++ {
		if int[i] < '0' || int[i] > '9' {
			return false
		}
	}
	for i := 0; i < len(frac); i++ {
		if frac[i] < '0' || frac[i] > '9' {
			return false
		}
	}
	return true
}

package annotation

import (
	"strings"
	"testing"
)

func TestParseOffset(t *testing.T) {
	for _, tc := range []struct {
		why  string
		in   string
		want float64
		err  string
	}{
		{"a whole number", "12", 12, ""},
		{"white space around it", "  7 ", 7, ""},
		{"leading zeros", "00012", 12, ""},
		{"2^53 is exact (16 digits)", "9007199254740992", 1 << 53, ""},
		{"2^53 + 1 is not: it would be rounded down", "9007199254740993", 0, "would be read as 9007199254740992"},
		{"2^53 + 2 is exact (CheckBounds refuses it as a text offset)", "9007199254740994", 1<<53 + 2, ""},
		{"18 digits", "123456789012345678", 0, "has more digits than a 64-bit float holds"},
		{"a decimal that float64 rounds but whose shortest form is the same", "0.1", 0.1, ""},
		{"17 significant digits that round-trip", "0.30000000000000004", 0.30000000000000004, ""},
		{"more digits than round-trip", "0.3000000000000000444", 0, "would be read as 0.30000000000000004"},
		{"an exponent", "1e3", 1000, ""},
		{"an exponent beyond 2^53", "1.0000000000000001e16", 0, "has more digits"},
		{"trailing zeros after the point", "2.50000000000000000000", 2.5, ""},
		{"negative zero", "-0", 0, ""},
		{"not a number", "x", 0, `"x" is not a finite number`},
		{"NaN", "NaN", 0, "not a finite number"},
		{"infinite", "1e999", 0, "not a finite number"},
	} {
		got, err := ParseOffset(tc.in)
		switch {
		case tc.err == "" && (err != nil || got != tc.want):
			t.Errorf("%s: ParseOffset(%q) = %v, %v; want %v", tc.why, tc.in, got, err, tc.want)
		case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)):
			t.Errorf("%s: ParseOffset(%q) = %v, %v; want an error with %q", tc.why, tc.in, got, err, tc.err)
		}
	}
}

// The fast path (no arithmetic) is taken for the offsets of most files.
func BenchmarkParseOffset(b *testing.B) {
	for b.Loop() {
		for _, s := range []string{"0", "17", "123456", "1234.5", "9007199254740992"} {
			if _, err := ParseOffset(s); err != nil {
				b.Fatal(err)
			}
		}
	}
}

package annotation

import (
	"strings"
	"testing"
	"unicode/utf16"
)

// The text mixes a 1-byte, a 2-byte, a 3-byte (CJK) and a 4-byte character
// (an emoji outside the BMP, two UTF-16 units), so the three units differ.
const mixed = "a é 漢 😀 z"

func TestOffsetsAgreeWithTheStandardLibrary(t *testing.T) {
	runes := []rune(mixed)
	u16 := utf16.Encode(runes)
	for _, unit := range []OffsetUnit{CodePoint, UTF16, Byte} {
		o, err := NewOffsets(mixed, unit)
		if err != nil {
			t.Fatal(err)
		}
		want := map[OffsetUnit]int{CodePoint: len(runes), UTF16: len(u16), Byte: len(mixed)}[unit]
		if o.Len() != want {
			t.Errorf("%v: Len %d, want %d", unit, o.Len(), want)
		}
		// Walk the text character by character and check each boundary.
		at := 0
		for k, r := range runes {
			got, err := o.CodePoint(at)
			if err != nil || got != k {
				t.Errorf("%v offset %d: got %d, %v; want code point %d", unit, at, got, err, k)
			}
			width := map[OffsetUnit]int{CodePoint: 1, UTF16: len(utf16.Encode([]rune{r})), Byte: len(string(r))}[unit]
			for inside := at + 1; inside < at+width; inside++ {
				if _, err := o.CodePoint(inside); err == nil || !strings.Contains(err.Error(), "inside a character") {
					t.Errorf("%v offset %d inside %q: error %v", unit, inside, r, err)
				}
			}
			at += width
		}
		if got, err := o.CodePoint(at); err != nil || got != len(runes) {
			t.Errorf("%v end offset %d: got %d, %v", unit, at, got, err)
		}
		if _, err := o.CodePoint(at + 1); err == nil {
			t.Errorf("%v: offset past the end accepted", unit)
		}
	}
}

func TestOffsetsText(t *testing.T) {
	o, err := NewOffsets(mixed, UTF16)
	if err != nil {
		t.Fatal(err)
	}
	// "😀" is code point 6 (a, space, é, space, 漢, space, 😀).
	if got := o.Text(6, 7); got != "😀" {
		t.Errorf("Text(6,7) = %q", got)
	}
	if got := o.Text(4, 100); got != "漢 😀 z" {
		t.Errorf("clamped Text = %q", got)
	}
	if got := o.Text(5, 3); got != "" {
		t.Errorf("empty Text = %q", got)
	}
}

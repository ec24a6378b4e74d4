package annotation

import (
	"math/rand/v2"
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

// TestOffsetsReset: one table reset from text to text (ASCII, which needs
// no table, and not; shorter and longer than the one before) converts
// every offset and slices every range as a new table does, and as the
// text's code points say.
func TestOffsetsReset(t *testing.T) {
	var reused Offsets
	for _, text := range []string{mixed, "plain ASCII text", "", "😀", "ab", mixed + mixed, "x"} {
		runes := []rune(text)
		for _, unit := range []OffsetUnit{CodePoint, UTF16, Byte} {
			if err := reused.Reset(text, unit); err != nil {
				t.Fatal(err)
			}
			// want[off] is the code point at offset off, -1 inside a character
			var want []int
			for k, r := range runes {
				want = append(want, k)
				width := map[OffsetUnit]int{CodePoint: 1, UTF16: len(utf16.Encode([]rune{r})), Byte: len(string(r))}[unit]
				for range width - 1 {
					want = append(want, -1)
				}
			}
			want = append(want, len(runes))
			if reused.Len() != len(want)-1 || reused.CodePoints() != len(runes) {
				t.Errorf("%q %v: Len %d, CodePoints %d; want %d, %d", text, unit, reused.Len(), reused.CodePoints(), len(want)-1, len(runes))
			}
			for off := -1; off <= len(want); off++ {
				got, err := reused.CodePoint(off)
				if off < 0 || off >= len(want) || want[off] < 0 {
					if err == nil {
						t.Errorf("%q %v: offset %d read as %d, want an error", text, unit, off, got)
					}
				} else if err != nil || got != want[off] {
					t.Errorf("%q %v: offset %d read as %d, %v; want %d", text, unit, off, got, err, want[off])
				}
			}
			for s := 0; s <= len(runes); s++ {
				for e := s; e <= len(runes); e++ {
					if got := reused.Text(s, e); got != string(runes[s:e]) {
						t.Errorf("%q %v: Text(%d, %d) = %q, want %q", text, unit, s, e, got, string(runes[s:e]))
					}
				}
			}
		}
	}
}

// TestOffsetsLongTexts: on texts of thousands of characters of every width
// (the table keeps checkpoints every 64 code points), every offset of each
// unit converts, and every range slices, as the text's characters say.
func TestOffsetsLongTexts(t *testing.T) {
	rng := rand.New(rand.NewPCG(25, 10))
	alphabet := []rune("aé漢😀 \n")
	for trial := range 30 {
		runes := make([]rune, rng.IntN(3000))
		for i := range runes {
			runes[i] = alphabet[rng.IntN(len(alphabet))]
			if trial%3 == 0 && rng.IntN(50) > 0 {
				runes[i] = 'x' // mostly ASCII
			}
		}
		text := string(runes)
		for _, unit := range []OffsetUnit{CodePoint, UTF16, Byte} {
			o, err := NewOffsets(text, unit)
			if err != nil {
				t.Fatal(err)
			}
			var want []int // the code point at each unit offset, -1 inside a character
			for k, r := range runes {
				want = append(want, k)
				for range unitWidth(unit, r) - 1 {
					want = append(want, -1)
				}
			}
			want = append(want, len(runes))
			if o.Len() != len(want)-1 || o.CodePoints() != len(runes) {
				t.Fatalf("trial %d %v: Len %d, CodePoints %d", trial, unit, o.Len(), o.CodePoints())
			}
			for off := range want {
				got, err := o.CodePoint(off)
				if (want[off] < 0) != (err != nil) || (err == nil && got != want[off]) {
					t.Fatalf("trial %d %v: offset %d → %d, %v; want %d", trial, unit, off, got, err, want[off])
				}
			}
			for range 200 {
				s := rng.IntN(len(runes) + 1)
				e := s + rng.IntN(len(runes)+1-s)
				if got := o.Text(s, e); got != string(runes[s:e]) {
					t.Fatalf("trial %d %v: Text(%d, %d) = %q", trial, unit, s, e, got)
				}
			}
			if got := o.Text(0, len(runes)); got != text {
				t.Fatalf("trial %d %v: the whole text differs", trial, unit)
			}
		}
	}
}

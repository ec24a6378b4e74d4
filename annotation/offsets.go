package annotation

import (
	"fmt"
	"slices"
	"unicode/utf8"
)

// OffsetUnit is what a tool's character offsets count.
type OffsetUnit int

const (
	// CodePoint offsets count Unicode code points (brat, Label Studio,
	// Prodigy: Python string indexes). The model's own unit.
	CodePoint OffsetUnit = iota
	// UTF16 offsets count UTF-16 code units (Java and JavaScript strings:
	// WebAnno/INCEpTION TSV, UIMA XMI and JSON CAS, doccano).
	UTF16
	// Byte offsets count bytes of the UTF-8 text.
	Byte
)

// ParseOffsetUnit parses "codepoint", "utf16" or "byte".
func ParseOffsetUnit(s string) (OffsetUnit, error) {
	switch s {
	case "codepoint":
		return CodePoint, nil
	case "utf16":
		return UTF16, nil
	case "byte":
		return Byte, nil
	}
	return 0, fmt.Errorf("offset unit %q: want codepoint, utf16 or byte", s)
}

func (u OffsetUnit) String() string {
	switch u {
	case UTF16:
		return "utf16"
	case Byte:
		return "byte"
	}
	return "codepoint"
}

// CodePoints returns the length of text in code points.
func CodePoints(text string) int { return utf8.RuneCountInString(text) }

// Offsets converts offsets counted in one unit into code points of a text,
// and slices the text by code points. Building it costs one pass over the
// text; a text in ASCII (every unit is then a code point) needs no table,
// and any other keeps a checkpoint every 16 code points (its byte and unit
// offsets: half a byte per character, not the 8 bytes of a table
// per character, which made a 50 MB document text cost 400 MB). A
// conversion then finds the checkpoint before the offset (from the text's density, else by binary search)
// and walks at most 16 characters from it.
type Offsets struct {
	text  string
	unit  OffsetUnit
	ascii bool
	// ckByte[j] and ckUnit[j] are the byte and unit offsets of code point
	// j·ckStep (ckUnit is nil for CodePoint); nil for ASCII.
	ckByte, ckUnit []int32
	units, cps     int // the text's length in units and in code points
}

// ckStep is the number of code points between checkpoints.
const ckStep = 16

// NewOffsets returns the offset table of text for offsets counted in unit.
// Texts longer than 2^31−1 bytes are not supported (an error).
func NewOffsets(text string, unit OffsetUnit) (*Offsets, error) {
	o := &Offsets{}
	if err := o.Reset(text, unit); err != nil {
		return nil, err
	}
	return o, nil
}

// Reset makes o the offset table of text for offsets counted in unit, as
// NewOffsets does, reusing o's storage: a reader that converts the
// offsets of one text at a time keeps one table.
func (o *Offsets) Reset(text string, unit OffsetUnit) error {
	if len(text) >= 1<<31-1 {
		return fmt.Errorf("text of %d bytes is too long (limit 2 GiB)", len(text))
	}
	o.text, o.unit, o.ascii = text, unit, isASCII(text)
	o.ckByte, o.ckUnit = o.ckByte[:0], o.ckUnit[:0]
	o.units, o.cps = len(text), len(text)
	if o.ascii {
		return nil
	}
	// at most one checkpoint per ckStep bytes: sized at once
	o.ckByte = slices.Grow(o.ckByte, len(text)/ckStep+1)
	if unit != CodePoint {
		o.ckUnit = slices.Grow(o.ckUnit, len(text)/ckStep+1)
	}
	k, u := 0, 0
	for b, r := range text {
		if k%ckStep == 0 {
			o.ckByte = append(o.ckByte, int32(b))
			if unit != CodePoint {
				o.ckUnit = append(o.ckUnit, int32(u))
			}
		}
		k++
		u += unitWidth(unit, r)
	}
	o.cps, o.units = k, u
	if unit == CodePoint {
		o.units = k
	}
	return nil
}

// unitWidth is how many units of unit character r takes.
func unitWidth(unit OffsetUnit, r rune) int {
	switch unit {
	case UTF16:
		if r >= 0x10000 {
			return 2
		}
		return 1
	case Byte:
		return utf8.RuneLen(r)
	}
	return 1
}

// isASCII reports whether every byte of s is below 0x80, eight at a time.
func isASCII(s string) bool {
	i := 0
	for ; i+8 <= len(s); i += 8 {
		if (uint64(s[i])|uint64(s[i+1])<<8|uint64(s[i+2])<<16|uint64(s[i+3])<<24|
			uint64(s[i+4])<<32|uint64(s[i+5])<<40|uint64(s[i+6])<<48|uint64(s[i+7])<<56)&0x8080808080808080 != 0 {
			return false
		}
	}
	for ; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// Unit returns the unit the table converts from.
func (o *Offsets) Unit() OffsetUnit { return o.unit }

// Len returns the text length in the table's unit.
func (o *Offsets) Len() int { return o.units }

// CodePoints returns the text length in code points.
func (o *Offsets) CodePoints() int { return o.cps }

// CodePoint converts an offset in the table's unit to code points. An
// offset beyond the text or inside a character (the middle of a surrogate
// pair or of a UTF-8 sequence) is an error.
func (o *Offsets) CodePoint(off int) (int, error) {
	if off < 0 || off > o.Len() {
		return 0, fmt.Errorf("offset %d is outside the text (%d %s units long)", off, o.Len(), o.unit)
	}
	if o.ascii || o.unit == CodePoint {
		return off, nil
	}
	j := o.checkpoint(off)
	k, u := j*ckStep, int(o.ckUnit[j])
	for b := int(o.ckByte[j]); u < off; k++ {
		if c := o.text[b]; c < utf8.RuneSelf { // ASCII: one unit, one byte
			b++
			u++
			continue
		}
		r, n := utf8.DecodeRuneInString(o.text[b:])
		b += n
		u += unitWidth(o.unit, r)
	}
	if u != off {
		return 0, fmt.Errorf("%s offset %d falls inside a character (is the offset unit right? try Options.OffsetUnit)", o.unit, off)
	}
	return k, nil
}

// checkpoint returns the last checkpoint j at or before unit offset off:
// from where the text's density of units per code point puts it, a few
// steps either way, else a binary search.
func (o *Offsets) checkpoint(off int) int {
	last := len(o.ckUnit) - 1
	j := min(int(int64(off)*int64(o.cps)/int64(max(o.units, 1)))/ckStep, last)
	for range 8 {
		switch {
		case int(o.ckUnit[j]) > off:
			j--
		case j < last && int(o.ckUnit[j+1]) <= off:
			j++
		default:
			return j
		}
	}
	j, _ = slices.BinarySearch(o.ckUnit, int32(off)+1)
	return j - 1
}

// byteAt returns the byte offset of code point k (0 ≤ k ≤ CodePoints).
func (o *Offsets) byteAt(k int) int {
	if o.ascii {
		return k
	}
	j := k / ckStep
	if j >= len(o.ckByte) { // the end of a text of a multiple of ckStep code points
		return len(o.text)
	}
	b := int(o.ckByte[j])
	for range k - j*ckStep {
		if o.text[b] < utf8.RuneSelf {
			b++
			continue
		}
		_, n := utf8.DecodeRuneInString(o.text[b:])
		b += n
	}
	return b
}

// Text returns the text between two code-point offsets (clamped to the
// text).
func (o *Offsets) Text(start, end int) string {
	n := o.CodePoints()
	start, end = min(max(start, 0), n), min(max(end, 0), n)
	if start >= end {
		return ""
	}
	return o.text[o.byteAt(start):o.byteAt(end)]
}

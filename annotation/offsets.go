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
// text; each conversion is then O(1). A text in ASCII (every unit is
// then a code point) needs no table.
type Offsets struct {
	text  string
	unit  OffsetUnit
	ascii bool
	// cp[i] is the code point at unit offset i (len = units + 1), or -1
	// when i falls inside a character; nil for CodePoint and ASCII.
	cp []int32
	// byteAt[k] is the byte offset of code point k (len = code points +
	// 1); nil for ASCII.
	byteAt []int32
}

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
	o.byteAt, o.cp = o.byteAt[:0], o.cp[:0]
	if o.ascii {
		return nil
	}
	o.byteAt = slices.Grow(o.byteAt, len(text)+1)
	switch unit {
	case UTF16:
		o.cp = slices.Grow(o.cp, len(text)+1)
	case Byte:
		o.cp = slices.Grow(o.cp, len(text)+1)[:len(text)+1]
		for i := range o.cp {
			o.cp[i] = -1
		}
	}
	k := int32(0)
	for b, r := range text {
		o.byteAt = append(o.byteAt, int32(b))
		switch unit {
		case UTF16:
			o.cp = append(o.cp, k)
			if r >= 0x10000 {
				o.cp = append(o.cp, -1) // inside a surrogate pair
			}
		case Byte:
			o.cp[b] = k
		}
		k++
	}
	o.byteAt = append(o.byteAt, int32(len(text)))
	switch unit {
	case UTF16:
		o.cp = append(o.cp, k)
	case Byte:
		o.cp[len(text)] = k
	}
	return nil
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
func (o *Offsets) Len() int {
	if o.ascii {
		return len(o.text)
	}
	if o.unit == CodePoint {
		return len(o.byteAt) - 1
	}
	return len(o.cp) - 1
}

// CodePoints returns the text length in code points.
func (o *Offsets) CodePoints() int {
	if o.ascii {
		return len(o.text)
	}
	return len(o.byteAt) - 1
}

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
	k := o.cp[off]
	if k < 0 {
		return 0, fmt.Errorf("%s offset %d falls inside a character (is the offset unit right? try Options.OffsetUnit)", o.unit, off)
	}
	return int(k), nil
}

// Text returns the text between two code-point offsets (clamped to the
// text).
func (o *Offsets) Text(start, end int) string {
	n := o.CodePoints()
	start, end = min(max(start, 0), n), min(max(end, 0), n)
	if start >= end {
		return ""
	}
	if o.ascii {
		return o.text[start:end]
	}
	return o.text[o.byteAt[start]:o.byteAt[end]]
}

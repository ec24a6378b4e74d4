package elan

import (
	"fmt"
	"strings"
	"testing"
)

// benchEAF is an ELAN file of two annotators' tiers with n/2 annotations
// each (n in all), as ELAN writes them.
func benchEAF(n int) []byte {
	var b strings.Builder
	b.WriteString(`<?xml version="1.0" encoding="UTF-8"?>
<ANNOTATION_DOCUMENT AUTHOR="" DATE="2024-03-18T14:05:11+01:00" FORMAT="3.0" VERSION="3.0">
    <HEADER MEDIA_FILE="" TIME_UNITS="milliseconds"/>
    <TIME_ORDER>
`)
	for i := 0; i < 2*n; i++ {
		fmt.Fprintf(&b, "        <TIME_SLOT TIME_SLOT_ID=\"ts%d\" TIME_VALUE=\"%d\"/>\n", i+1, 317*i)
	}
	b.WriteString("    </TIME_ORDER>\n")
	for a := 0; a < 2; a++ {
		fmt.Fprintf(&b, "    <TIER ANNOTATOR=\"coder%d\" LINGUISTIC_TYPE_REF=\"gesture\" TIER_ID=\"Gesture_%d\">\n", a, a)
		for i := a; i < n; i += 2 {
			fmt.Fprintf(&b, "        <ANNOTATION>\n            <ALIGNABLE_ANNOTATION ANNOTATION_ID=\"a%d\" TIME_SLOT_REF1=\"ts%d\" TIME_SLOT_REF2=\"ts%d\">\n                <ANNOTATION_VALUE>%s</ANNOTATION_VALUE>\n            </ALIGNABLE_ANNOTATION>\n        </ANNOTATION>\n",
				i+1, 2*i+1, 2*i+2, []string{"beat", "deictic", "iconic", "挥手"}[i%4])
		}
		b.WriteString("    </TIER>\n")
	}
	b.WriteString(`    <LINGUISTIC_TYPE GRAPHIC_REFERENCES="false" LINGUISTIC_TYPE_ID="gesture" TIME_ALIGNABLE="true"/>
</ANNOTATION_DOCUMENT>
`)
	return []byte(b.String())
}

// BenchmarkRead reads 100k annotations.
func BenchmarkRead(b *testing.B) {
	data := benchEAF(100_000)
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		c, err := ReadBytes(data, "bench.eaf", Options{})
		if err != nil || len(c.Spans) != 100_000 {
			b.Fatal(err)
		}
	}
}

// subdivisionEAF is an ELAN file of one word with n morphemes on a
// Symbolic_Subdivision tier, written in reverse order (each points to the
// one written after it).
func subdivisionEAF(n int) []byte {
	var b strings.Builder
	b.WriteString(`<ANNOTATION_DOCUMENT><HEADER TIME_UNITS="milliseconds"/><TIME_ORDER><TIME_SLOT TIME_SLOT_ID="t1" TIME_VALUE="0"/><TIME_SLOT TIME_SLOT_ID="t2" TIME_VALUE="100000000"/></TIME_ORDER>
<TIER TIER_ID="words" LINGUISTIC_TYPE_REF="w"><ANNOTATION><ALIGNABLE_ANNOTATION ANNOTATION_ID="w1" TIME_SLOT_REF1="t1" TIME_SLOT_REF2="t2"><ANNOTATION_VALUE>w</ANNOTATION_VALUE></ALIGNABLE_ANNOTATION></ANNOTATION></TIER>
<TIER TIER_ID="morphs" LINGUISTIC_TYPE_REF="m" PARENT_REF="words">
`)
	for i := n - 1; i >= 0; i-- {
		prev := ""
		if i > 0 {
			prev = fmt.Sprintf(` PREVIOUS_ANNOTATION="m%d"`, i-1)
		}
		fmt.Fprintf(&b, "<ANNOTATION><REF_ANNOTATION ANNOTATION_ID=\"m%d\" ANNOTATION_REF=\"w1\"%s><ANNOTATION_VALUE>x</ANNOTATION_VALUE></REF_ANNOTATION></ANNOTATION>\n", i, prev)
	}
	b.WriteString(`</TIER><LINGUISTIC_TYPE LINGUISTIC_TYPE_ID="w" TIME_ALIGNABLE="true"/><LINGUISTIC_TYPE LINGUISTIC_TYPE_ID="m" CONSTRAINTS="Symbolic_Subdivision" TIME_ALIGNABLE="false"/></ANNOTATION_DOCUMENT>`)
	return []byte(b.String())
}

// BenchmarkSymbolicSubdivision: issue 25, 100 000 children of one parent
// (quadratic before: over 30 s).
func BenchmarkSymbolicSubdivision(b *testing.B) {
	data := subdivisionEAF(100_000)
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		c, err := ReadBytes(data, "sub.eaf", Options{Tiers: "morphs=morphs"})
		if err != nil || len(c.Spans) != 100_000 {
			b.Fatal(err)
		}
	}
}

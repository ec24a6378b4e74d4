package brat

import (
	"fmt"
	"strings"
	"testing"

	"agree/annotation"
)

// BenchmarkReadAnn reads 100k text-bound annotations (every tenth a
// discontinuous one, every fifth pair in an Equiv chain) with their text,
// checking each covered text; bytes are those of the .ann and .txt.
func BenchmarkReadAnn(b *testing.B) {
	const n = 100_000
	var text, ann strings.Builder
	for i := range n {
		text.WriteString("Alice 東京 😀 x ")
		cp := i * 13
		if i%10 == 9 {
			fmt.Fprintf(&ann, "T%d\tPER %d %d;%d %d\tAlice 東京\n", i+1, cp, cp+5, cp+6, cp+8)
		} else {
			fmt.Fprintf(&ann, "T%d\tLOC %d %d\tAlice 東京\n", i+1, cp, cp+8)
		}
		if i%5 == 4 {
			fmt.Fprintf(&ann, "*\tEquiv T%d T%d\n", i, i+1)
		}
	}
	txt, a := text.String(), ann.String()
	b.SetBytes(int64(len(txt) + len(a)))
	for b.Loop() {
		c := &annotation.Corpus{}
		if err := ReadAnn(c, strings.NewReader(a), "b.ann", &txt, "d", "a", Options{}); err != nil {
			b.Fatal(err)
		}
		if len(c.Spans) != n {
			b.Fatal(len(c.Spans))
		}
	}
}

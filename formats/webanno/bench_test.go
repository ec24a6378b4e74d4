package webanno

import (
	"fmt"
	"strings"
	"testing"

	"agree/annotation"
)

// tsvBench writes a TSV 3.3 file of n named-entity spans (every fourth
// over two tokens) in sentences of 10 tokens with an emoji each, so that
// the UTF-16 offsets differ from code points.
func tsvBench(n int) string {
	var b strings.Builder
	b.WriteString("#FORMAT=WebAnno TSV 3.3\n#T_SP=de.tudarmstadt.ukp.dkpro.core.api.ner.type.NamedEntity|identifier|value\n\n\n")
	off, spans, id := 0, 0, 0
	for s := 1; spans < n; s++ {
		words := []string{"Alice", "met", "😀", "Bob", "in", "東京", "on", "Monday", "at", "noon"}
		b.WriteString("#Text=" + strings.Join(words, " ") + "\n")
		start := off
		for k, w := range words {
			wl := len([]rune(w))
			if w == "😀" {
				wl = 2
			}
			cell := "_\t_"
			switch {
			case k%4 == 0 && spans%4 == 3:
				id++
				cell = fmt.Sprintf("*[%d]\tPER[%d]", id, id)
				spans++
			case k%4 == 1 && spans%4 == 0 && id > 0 && k > 0:
				cell = fmt.Sprintf("*[%d]\tPER[%d]", id, id)
			case k%2 == 0:
				cell = "*\tLOC"
				spans++
			}
			fmt.Fprintf(&b, "%d-%d\t%d-%d\t%s\t%s\t\n", s, k+1, off, off+wl, w, cell)
			off += wl + 1
		}
		_ = start
		b.WriteString("\n")
	}
	return b.String()
}

// BenchmarkReadTSV reads 100k spans from one TSV file.
func BenchmarkReadTSV(b *testing.B) {
	in := tsvBench(100_000)
	b.SetBytes(int64(len(in)))
	for b.Loop() {
		c := &annotation.Corpus{}
		if err := ReadTSV(c, strings.NewReader(in), "b.tsv", "d", "a", Options{}); err != nil {
			b.Fatal(err)
		}
		if len(c.Spans) < 100_000 {
			b.Fatal(len(c.Spans))
		}
	}
}

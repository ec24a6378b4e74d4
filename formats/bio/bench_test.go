package bio

import (
	"strings"
	"testing"
)

// benchFile is a CoNLL-2003 file (token, POS, chunk, NER) with 100k
// chunks: sentences of 20 tokens holding 5 chunks of one or two tokens.
func benchFile(chunks int) []byte {
	var b strings.Builder
	b.WriteString("-DOCSTART- -X- -X- O\n\n")
	words := []string{"Alice", "met", "😀", "Bob", "in", "東京", "and", "she", "stayed", "there"}
	types := []string{"PER", "LOC", "ORG", "MISC"}
	for n := 0; n < chunks; n += 5 {
		for k := 0; k < 20; k++ {
			w := words[(n+k)%len(words)]
			tag := "O"
			switch k % 4 {
			case 0:
				tag = "B-" + types[(n/5+k/4)%4]
			case 1:
				if k%8 == 1 {
					tag = "I-" + types[(n/5+k/4)%4]
				}
			}
			b.WriteString(w + " NNP B-NP " + tag + "\n")
		}
		b.WriteByte('\n')
	}
	return []byte(b.String())
}

// BenchmarkRead reads 100k spans.
func BenchmarkRead(b *testing.B) {
	data := benchFile(100_000)
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		c, err := ReadBytes(data, "alice.bio", Options{})
		if err != nil || len(c.Spans) != 100_000 {
			b.Fatal(err, len(c.Spans))
		}
	}
}

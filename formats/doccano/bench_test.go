package doccano

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// benchFile is one member's sequence labelling export of n examples with
// 10 spans each (UTF-16 offsets).
func benchFile(n int) []byte {
	text := "Alice met 😀 Bob in 東京 and she stayed there for a week before flying 🚀 to North America with ACME colleagues"
	var b strings.Builder
	for i := 0; i < n; i++ {
		var label [][3]any
		for k := 0; k < 10; k++ {
			s := (k * 9) % 90
			label = append(label, [3]any{s + 14, s + 17, fmt.Sprintf("L%d", k%4)})
		}
		line, _ := json.Marshal(map[string]any{"id": i + 1, "text": text, "label": label, "Comments": []any{}})
		b.Write(line)
		b.WriteByte('\n')
	}
	return []byte(b.String())
}

// BenchmarkRead reads 100k spans (10 000 examples × 10 spans).
func BenchmarkRead(b *testing.B) {
	data := benchFile(10_000)
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		c, err := ReadBytes(data, "alice.jsonl", Options{Unit: DefaultUnit})
		if err != nil || len(c.Spans) != 100_000 {
			b.Fatal(err)
		}
	}
}

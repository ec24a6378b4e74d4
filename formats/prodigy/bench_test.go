package prodigy

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// benchFile is a db-out of n ner.manual answers with tokens and 10 spans
// each, from two annotators.
func benchFile(n int) []byte {
	words := strings.Fields("Alice met 😀 Bob in 東京 and she stayed there for a week before flying 🚀 to North America with ACME colleagues")
	text := strings.Join(words, " ")
	var tokens []map[string]any
	pos := 0
	for i, w := range words {
		l := len([]rune(w))
		tokens = append(tokens, map[string]any{"text": w, "start": pos, "end": pos + l, "id": i, "ws": true})
		pos += l + 1
	}
	var b strings.Builder
	for i := 0; i < n; i++ {
		var spans []map[string]any
		for k := 0; k < 10; k++ {
			t := tokens[(k*2+i%2)%len(tokens)]
			spans = append(spans, map[string]any{"start": t["start"], "end": t["end"], "token_start": t["id"], "token_end": t["id"], "label": fmt.Sprintf("L%d", k%4)})
		}
		line, _ := json.Marshal(map[string]any{"text": text, "_input_hash": i / 2, "_task_hash": i, "tokens": tokens, "spans": spans,
			"_view_id": "ner_manual", "answer": "accept", "_timestamp": 1714640000 + i, "_annotator_id": fmt.Sprintf("ds-%d", i%2), "_session_id": fmt.Sprintf("ds-%d", i%2)})
		b.Write(line)
		b.WriteByte('\n')
	}
	return []byte(b.String())
}

// BenchmarkRead reads 100k spans (10 000 answers × 10 spans).
func BenchmarkRead(b *testing.B) {
	data := benchFile(10_000)
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		c, err := ReadBytes(data, "db.jsonl", Options{})
		if err != nil || len(c.Spans) != 100_000 {
			b.Fatal(err)
		}
	}
}

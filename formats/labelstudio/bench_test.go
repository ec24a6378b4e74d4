package labelstudio

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// benchExport is a Label Studio export of n text tasks, each annotated by
// two users with 10 spans (20·n spans).
func benchExport(n int) []byte {
	words := strings.Fields("Alice met 😀 Bob in 東京 and she stayed there for a week before flying 🚀 to North America with ACME colleagues")
	text := strings.Join(words, " ")
	var starts, ends []int
	pos := 0
	for _, w := range words {
		starts = append(starts, pos)
		pos += len([]rune(w))
		ends = append(ends, pos)
		pos++
	}
	type value struct {
		Start  int      `json:"start"`
		End    int      `json:"end"`
		Text   string   `json:"text"`
		Labels []string `json:"labels"`
	}
	type res struct {
		Value    value  `json:"value"`
		ID       string `json:"id"`
		FromName string `json:"from_name"`
		ToName   string `json:"to_name"`
		Type     string `json:"type"`
		Origin   string `json:"origin"`
	}
	var tasks []map[string]any
	rs := []rune(text)
	for i := 0; i < n; i++ {
		var anns []map[string]any
		for a := 1; a <= 2; a++ {
			var result []res
			for k := 0; k < 10; k++ {
				w := (k*2 + a) % len(words)
				result = append(result, res{value{starts[w], ends[w], string(rs[starts[w]:ends[w]]), []string{"L" + fmt.Sprint(k%4)}},
					fmt.Sprintf("r%d_%d_%d", i, a, k), "label", "text", "labels", "manual"})
			}
			anns = append(anns, map[string]any{"id": i*2 + a, "completed_by": a, "result": result, "was_cancelled": false, "ground_truth": false, "lead_time": 12.5})
		}
		tasks = append(tasks, map[string]any{"id": i + 1, "data": map[string]any{"text": text}, "annotations": anns, "predictions": []any{}})
	}
	b, _ := json.Marshal(tasks)
	return b
}

// BenchmarkRead reads 100k spans (5000 tasks × 2 annotators × 10 spans).
func BenchmarkRead(b *testing.B) {
	data := benchExport(5000)
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		c, err := ReadBytes(data, "bench.json", Options{})
		if err != nil || len(c.Spans) != 100_000 {
			b.Fatal(err, len(c.Spans))
		}
	}
}

var _ = bytes.MinRead

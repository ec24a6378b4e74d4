package annotation

import (
	"fmt"
	"reflect"
	"runtime"
	"strings"
	"testing"
)

// TestReadCSVMemory: reading a span CSV allocates the span (192 bytes,
// sized from the line count) and the record's text, not a fresh slice of
// fields per record (ReuseRecord; it cost 80 bytes more per row, 94 MB of
// agree spans on 1M spans).
func TestReadCSVMemory(t *testing.T) {
	var b strings.Builder
	b.WriteString("document,annotator,start,end,label\n")
	const rows = 50_000
	for i := range rows {
		fmt.Fprintf(&b, "doc%d,ann%d,%d,%d,L%d\n", i/100, i%5, i%1000, i%1000+3, i%7)
	}
	data := []byte(b.String())
	var m0, m1 runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&m0)
	c, err := ReadCSVBytes(data, "mem.csv")
	if err != nil {
		t.Fatal(err)
	}
	runtime.ReadMemStats(&m1)
	per := float64(m1.TotalAlloc-m0.TotalAlloc) / rows
	t.Logf("%.0f bytes per row", per)
	if len(c.Spans) != rows {
		t.Fatalf("%d spans", len(c.Spans))
	}
	if per > 192+64 {
		t.Errorf("%.0f bytes per row, want at most the span and its record's text (≈ 192 + 30)", per)
	}
}

// TestReadJSONLMemory: reading the JSONL form allocates the span (192
// bytes, sized from the records that may be spans), not its label,
// document or annotator again (shared), nor the decoder's tree (reused).
func TestReadJSONLMemory(t *testing.T) {
	var b strings.Builder
	const spans = 50_000
	for i := range spans {
		fmt.Fprintf(&b, `{"type":"span","document":"doc%d","annotator":"ann%d","start":%d,"end":%d,"label":"L%d"}`+"\n", i/100, i%5, i%1000, i%1000+3, i%7)
	}
	data := []byte(b.String())
	var m0, m1 runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&m0)
	c, err := ReadJSONLBytes(data, "mem.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	runtime.ReadMemStats(&m1)
	per := float64(m1.TotalAlloc-m0.TotalAlloc) / spans
	t.Logf("%.0f bytes per span", per)
	if len(c.Spans) != spans {
		t.Fatalf("%d spans", len(c.Spans))
	}
	if per > 192+64 {
		t.Errorf("%.0f bytes per span, want about the span's 192", per)
	}
	from, err := ReadJSONL(strings.NewReader(b.String()), "mem.jsonl")
	if err != nil || !reflect.DeepEqual(from, c) {
		t.Errorf("ReadJSONL and ReadJSONLBytes differ (%v)", err)
	}
}

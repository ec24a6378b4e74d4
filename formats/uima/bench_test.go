package uima

import (
	"fmt"
	"runtime"
	"strings"
	"testing"

	"agree/annotation"
	"agree/internal/inputtest"
)

// benchCAS writes a CAS of n NamedEntity annotations (and a token for
// each) over a text with an emoji every 4 words, as XMI or JSON.
func benchCAS(n int, json bool) string {
	var text strings.Builder
	type span struct{ b, e int }
	var spans []span
	off := 0
	for i := range n {
		w := "Alice"
		if i%4 == 3 {
			w = "😀"
		}
		l := len([]rune(w))
		if w == "😀" {
			l = 2
		}
		spans = append(spans, span{off, off + l})
		text.WriteString(w + " ")
		off += l + 1
	}
	var b strings.Builder
	if json {
		b.WriteString(`{"%TYPES":{},"%FEATURE_STRUCTURES":[` + "\n")
		fmt.Fprintf(&b, `{"%%ID":1,"%%TYPE":"uima.cas.Sofa","sofaNum":1,"sofaID":"_InitialView","mimeType":"text","sofaString":%q}`, text.String())
		for i, s := range spans {
			fmt.Fprintf(&b, ",\n{\"%%ID\":%d,\"%%TYPE\":\"de.tudarmstadt.ukp.dkpro.core.api.segmentation.type.Token\",\"@sofa\":1,\"begin\":%d,\"end\":%d}", 2*i+2, s.b, s.e)
			fmt.Fprintf(&b, ",\n{\"%%ID\":%d,\"%%TYPE\":\"de.tudarmstadt.ukp.dkpro.core.api.ner.type.NamedEntity\",\"@sofa\":1,\"begin\":%d,\"end\":%d,\"value\":\"PER\"}", 2*i+3, s.b, s.e)
		}
		b.WriteString("],\"%VIEWS\":{}}\n")
		return b.String()
	}
	b.WriteString(`<?xml version="1.0" encoding="UTF-8"?><xmi:XMI xmlns:type="http:///de/tudarmstadt/ukp/dkpro/core/api/segmentation/type.ecore" xmlns:type3="http:///de/tudarmstadt/ukp/dkpro/core/api/ner/type.ecore" xmlns:cas="http:///uima/cas.ecore" xmlns:xmi="http://www.omg.org/XMI" xmi:version="2.0">` + "\n")
	for i, s := range spans {
		fmt.Fprintf(&b, "<type:Token xmi:id=\"%d\" sofa=\"1\" begin=\"%d\" end=\"%d\"/>\n", 2*i+2, s.b, s.e)
		fmt.Fprintf(&b, "<type3:NamedEntity xmi:id=\"%d\" sofa=\"1\" begin=\"%d\" end=\"%d\" value=\"PER\"/>\n", 2*i+3, s.b, s.e)
	}
	fmt.Fprintf(&b, "<cas:Sofa xmi:id=\"1\" sofaNum=\"1\" sofaID=\"_InitialView\" mimeType=\"text\" sofaString=\"%s\"/></xmi:XMI>\n", text.String())
	return b.String()
}

// BenchmarkReadXMI reads 100k annotations (and 100k tokens) from XMI.
func BenchmarkReadXMI(b *testing.B) {
	in := benchCAS(100_000, false)
	b.SetBytes(int64(len(in)))
	for b.Loop() {
		c := &annotation.Corpus{}
		if err := ReadXMI(c, strings.NewReader(in), "b.xmi", "d", "a", Options{}); err != nil {
			b.Fatal(err)
		}
		if len(c.Spans) != 100_000 {
			b.Fatal(len(c.Spans))
		}
	}
}

// BenchmarkReadJSON reads 100k annotations (and 100k tokens) from a JSON CAS.
func BenchmarkReadJSON(b *testing.B) {
	in := benchCAS(100_000, true)
	b.SetBytes(int64(len(in)))
	for b.Loop() {
		c := &annotation.Corpus{}
		if err := ReadJSON(c, strings.NewReader(in), "b.json", "d", "a", Options{}); err != nil {
			b.Fatal(err)
		}
		if len(c.Spans) != 100_000 {
			b.Fatal(len(c.Spans))
		}
	}
}

// BenchmarkReadCASMemory: issue 25, what the readers allocate per byte of
// file (alloc/byte; the peak is at most that) on a large document text and
// on structures of no use but their id: 17 and 100 times the file before.
func BenchmarkReadCASMemory(b *testing.B) {
	for _, json := range []bool{false, true} {
		for _, ids := range []bool{false, true} {
			in := inputtest.CAS(8<<20, json, ids)
			b.Run(fmt.Sprintf("json=%v/ids=%v", json, ids), func(b *testing.B) {
				b.SetBytes(int64(len(in)))
				b.ReportAllocs()
				var before, after runtime.MemStats
				runtime.ReadMemStats(&before)
				n := 0
				for b.Loop() {
					c := &annotation.Corpus{}
					read := ReadXMI
					if json {
						read = ReadJSON
					}
					if err := read(c, strings.NewReader(in), "m", "d", "a", Options{}); err != nil {
						b.Fatal(err)
					}
					n++
				}
				runtime.ReadMemStats(&after)
				b.ReportMetric(float64(after.TotalAlloc-before.TotalAlloc)/float64(n)/float64(len(in)), "alloc/byte")
			})
		}
	}
}

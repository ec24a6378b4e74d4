package formats

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"agree/annotation"
)

// benchCorpus is 100k spans: 1000 documents of 100 spans, two annotators.
func benchCorpus() *annotation.Corpus {
	c := &annotation.Corpus{}
	a, b := c.Annotator("alice"), c.Annotator("bob")
	for d := 0; d < 1000; d++ {
		doc := c.Document(fmt.Sprintf("doc%04d", d))
		for k := 0; k < 50; k++ {
			for _, ann := range []int{a, b} {
				s := float64(k*20 + ann)
				c.Spans = append(c.Spans, annotation.Span{Doc: doc, Annotator: ann, Start: s, End: s + 7, Label: []string{"PER", "LOC", "ORG", "MISC"}[k%4]})
			}
		}
	}
	return c
}

func benchRead(b *testing.B, f *format, data []byte, name string) {
	b.SetBytes(int64(len(data)))
	opt := &Options{}
	for b.Loop() {
		c, err := f.read(data, name, opt, f.unit)
		if err != nil || len(c.Spans) != 100_000 {
			b.Fatal(err)
		}
	}
}

// BenchmarkSpanCSV reads 100k spans of the span CSV.
func BenchmarkSpanCSV(b *testing.B) {
	var buf bytes.Buffer
	annotation.WriteCSV(&buf, benchCorpus())
	benchRead(b, csvFormat, buf.Bytes(), "spans.csv")
}

// BenchmarkJSONL reads 100k spans of the model's JSONL.
func BenchmarkJSONL(b *testing.B) {
	var buf bytes.Buffer
	annotation.WriteJSONL(&buf, benchCorpus())
	benchRead(b, jsonlFormat, buf.Bytes(), "spans.jsonl")
}

// BenchmarkUnitCSV reads 100k units of the unit CSV (one continuum).
func BenchmarkUnitCSV(b *testing.B) {
	var s strings.Builder
	for k := 0; k < 100_000; k++ {
		fmt.Fprintf(&s, "annot%d,speaker%d,%.3f,%.3f\n", k%2, k%5, float64(k)*1.5, float64(k)*1.5+1.2)
	}
	benchRead(b, csvFormat, []byte(s.String()), "units.csv")
}

// BenchmarkRTTM reads 100k RTTM SPEAKER lines.
func BenchmarkRTTM(b *testing.B) {
	var s strings.Builder
	for k := 0; k < 100_000; k++ {
		fmt.Fprintf(&s, "SPEAKER annot%d 1 %.3f 1.200 <NA> <NA> speaker%d <NA> <NA>\n", k%2, float64(k)*1.5, k%5)
	}
	benchRead(b, rttmFormat, []byte(s.String()), "units.rttm")
}

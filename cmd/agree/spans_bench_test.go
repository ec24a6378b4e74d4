package main

import (
	"bufio"
	"io"
	"os"
	"path/filepath"
	"testing"

	"agree/internal/spangen"
)

// The whole agree spans command on issue 10's workload: 1M spans, 5
// annotators, 10k documents, from a span CSV (target: ≤ 2 s and ≤ 500 MB on
// two cores).
func BenchmarkSpansCommand1M(b *testing.B) {
	p := filepath.Join(b.TempDir(), "spans.csv")
	f, err := os.Create(p)
	if err != nil {
		b.Fatal(err)
	}
	w := bufio.NewWriter(f)
	if err := spangen.WriteCSV(w, spangen.Config{Documents: 10_000, Annotators: 5, Spans: 20, Labels: 6, Seed: 1}); err != nil {
		b.Fatal(err)
	}
	if err := w.Flush(); err != nil {
		b.Fatal(err)
	}
	f.Close()
	for _, match := range []string{"exact", "overlap"} {
		args := []string{"spans", "--match", match, p}
		b.Run(match, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if err := run(args, nil, io.Discard, io.Discard); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// The whole agree spans command, JSON, on 1,000 annotators × 20 documents
// (499,500 pairs): the pairs are written one at a time, at most --max-rows
// of them (default 100) or all (0: 736 MB of JSON), memory not growing
// with those printed.
func BenchmarkSpansCommandManyAnnotators(b *testing.B) {
	p := filepath.Join(b.TempDir(), "spans.csv")
	f, err := os.Create(p)
	if err != nil {
		b.Fatal(err)
	}
	w := bufio.NewWriter(f)
	if err := spangen.WriteCSV(w, spangen.Config{Documents: 20, Annotators: 1000, Spans: 5, Labels: 3, Seed: 1}); err != nil {
		b.Fatal(err)
	}
	if err := w.Flush(); err != nil {
		b.Fatal(err)
	}
	f.Close()
	for _, rows := range []string{"100", "0"} {
		args := []string{"spans", "--format", "json", "--max-rows", rows, p}
		b.Run("max-rows="+rows, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if err := run(args, nil, io.Discard, io.Discard); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

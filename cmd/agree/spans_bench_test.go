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

package spans

import (
	"context"
	"testing"

	"agree/internal/spangen"
)

// benchConfig is issue 10's workload: 1M spans, 5 annotators, 10k
// documents (20 true spans per document, each annotator marking about 20).
var benchConfig = spangen.Config{Documents: 10_000, Annotators: 5, Spans: 20, Labels: 6, Seed: 1}

func BenchmarkCompare1M(b *testing.B) {
	c := spangen.Corpus(benchConfig)
	b.Logf("%d spans", len(c.Spans))
	for _, match := range []string{"exact", "overlap"} {
		m, _ := ParseMatch(match)
		b.Run(match, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := Compare(context.Background(), c, Options{Match: m}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkCompareManyAnnotators: 1,000 annotators each on the same 20
// documents (5 true spans each): 499,500 pairs, 10 million comparisons of
// a pair on a document; memory holds 16 bytes per comparison and the
// pairs' counts (no per-document table of every pair).
func BenchmarkCompareManyAnnotators(b *testing.B) {
	c := spangen.Corpus(spangen.Config{Documents: 20, Annotators: 1000, Spans: 5, Labels: 3, Seed: 1})
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Compare(context.Background(), c, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

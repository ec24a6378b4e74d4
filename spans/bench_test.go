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

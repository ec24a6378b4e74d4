package spans

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"agree/annotation"
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

// issue25Corpus is one document of issue 25's attacks on two annotators: n
// copies each of one span (duplicates), or n distinct spans each that all
// overlap one another (dense: every pair a candidate).
func issue25Corpus(b *testing.B, n int, dense bool) *annotation.Corpus {
	rng := rand.New(rand.NewPCG(25, 9))
	var rows []string
	for _, a := range []string{"A", "B"} {
		for range n {
			s, e := 10, 20
			if dense {
				s, e = rng.IntN(5000), 5001+rng.IntN(5000)
			}
			rows = append(rows, fmt.Sprintf("d,%s,%d,%d,%c,", a, s, e, "XYZ"[rng.IntN(3)]))
		}
	}
	return corpus(b, rows...)
}

// BenchmarkCompareDuplicates: 2 × 2000 copies of one span, matched as one
// class of each side (issue 25: 51 s and 930 MB span by span, cubic in the
// copies).
func BenchmarkCompareDuplicates(b *testing.B) {
	c := issue25Corpus(b, 2000, false)
	m, _ := ParseMatch("overlap")
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Compare(context.Background(), c, Options{Match: m}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkCompareDenseOverlap: --match overlap on 2 × 500 spans that all
// overlap one another (250 000 candidates): the component's adjacency
// lists, 12 bytes a candidate (issue 25: 2 × 2500 took 1.3 GB, about 200
// bytes a candidate).
func BenchmarkCompareDenseOverlap(b *testing.B) {
	c := issue25Corpus(b, 500, true)
	m, _ := ParseMatch("overlap")
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Compare(context.Background(), c, Options{Match: m}); err != nil {
			b.Fatal(err)
		}
	}
}

package table

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"testing"

	"agree/coding"
)

// wideInput returns items × coders wide CSV with 10% missing cells and
// values 0..distinct−1, coders agreeing with a latent value 70% of the time
// (as bench/gen.go writes it).
func wideInput(items, coders, distinct int) []byte {
	rng := rand.New(rand.NewPCG(1, 2))
	var b bytes.Buffer
	b.WriteString("item")
	for c := range coders {
		fmt.Fprintf(&b, ",c%d", c)
	}
	b.WriteString("\n")
	buf := make([]byte, 0, 64)
	for i := range items {
		buf = append(buf[:0], 'i')
		buf = strconv.AppendInt(buf, int64(i), 10)
		truth := rng.IntN(distinct)
		for range coders {
			buf = append(buf, ',')
			if rng.Float64() >= 0.1 {
				v := truth
				if rng.Float64() < 0.3 {
					v = rng.IntN(distinct)
				}
				buf = strconv.AppendInt(buf, int64(v), 10)
			}
		}
		buf = append(buf, '\n')
		b.Write(buf)
	}
	return b.Bytes()
}

func benchStream(b *testing.B, in []byte, opt Options) {
	b.SetBytes(int64(len(in)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Stream(bytes.NewReader(in), "bench.csv", opt); err != nil {
			b.Fatal(err)
		}
	}
}

// Reading 1e6 items × 5 coders into statistics (the first part of the
// whole command's 0.4 s of issue 13).
func BenchmarkStreamWide1e6x5(b *testing.B) {
	benchStream(b, wideInput(1_000_000, 5, 10), Options{KeepItems: 10, Rank: &coding.Ranking{}})
}

// Continuous values: 1e5 items × 5 coders with 1e5 distinct values.
func BenchmarkStreamWideDistinct1e5(b *testing.B) {
	benchStream(b, wideInput(100_000, 5, 100_000), Options{KeepItems: 10})
}

// A sorted long file of 1e7 judgments (issue 13 measures 1e8 with
// bench/run.sh: at least 20 M judgments/s in at most 256 MB).
func BenchmarkStreamLongSorted1e7(b *testing.B) {
	path := os.Getenv("AGREE_BENCH_LONG")
	var in []byte
	if path != "" {
		var err error
		if in, err = os.ReadFile(path); err != nil {
			b.Fatal(err)
		}
	} else {
		var buf bytes.Buffer
		buf.WriteString("item,coder,value\n")
		rng := rand.New(rand.NewPCG(1, 2))
		for i := range 2_000_000 {
			truth := rng.IntN(10)
			for c := range 5 {
				v := truth
				if rng.Float64() < 0.3 {
					v = rng.IntN(10)
				}
				fmt.Fprintf(&buf, "i%d,c%d,%d\n", i, c, v)
			}
		}
		in = buf.Bytes()
	}
	benchStream(b, in, Options{Sorted: true, KeepItems: 10, Rank: &coding.Ranking{}})
}

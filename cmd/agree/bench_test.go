package main

import (
	"bufio"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"testing"
)

// writeBig writes items × coders wide CSV with 10% missing cells and
// `distinct` values (numbers), coders agreeing with a latent value 70% of
// the time — what bench/gen.go writes.
func writeBig(b *testing.B, items, coders, distinct int) string {
	b.Helper()
	p := filepath.Join(b.TempDir(), "big.csv")
	f, err := os.Create(p)
	if err != nil {
		b.Fatal(err)
	}
	w := bufio.NewWriter(f)
	rng := rand.New(rand.NewPCG(1, 2))
	w.WriteString("item")
	for c := range coders {
		w.WriteString(",c" + strconv.Itoa(c))
	}
	w.WriteString("\n")
	for i := range items {
		w.WriteString("i" + strconv.Itoa(i))
		t := rng.IntN(distinct)
		for range coders {
			w.WriteString(",")
			switch {
			case rng.Float64() < 0.1:
			case rng.Float64() < 0.7:
				w.WriteString(strconv.Itoa(t))
			default:
				w.WriteString(strconv.Itoa(rng.IntN(distinct)))
			}
		}
		w.WriteString("\n")
	}
	if err := w.Flush(); err != nil {
		b.Fatal(err)
	}
	f.Close()
	return p
}

// writeLong writes a long file of n judgments, 5 coders per item, sorted
// by item.
func writeLong(b *testing.B, n int) string {
	b.Helper()
	p := filepath.Join(b.TempDir(), "long.csv")
	f, err := os.Create(p)
	if err != nil {
		b.Fatal(err)
	}
	w := bufio.NewWriter(f)
	rng := rand.New(rand.NewPCG(1, 2))
	w.WriteString("item,coder,value\n")
	for i := 0; i*5 < n; i++ {
		t := rng.IntN(10)
		for c := range 5 {
			v := t
			if rng.Float64() < 0.3 {
				v = rng.IntN(10)
			}
			fmt.Fprintf(w, "i%d,c%d,%d\n", i, c, v)
		}
	}
	if err := w.Flush(); err != nil {
		b.Fatal(err)
	}
	f.Close()
	return p
}

func benchCommand(b *testing.B, stdin string, args ...string) {
	b.Helper()
	for b.Loop() {
		var in io.Reader
		if stdin != "" {
			f, err := os.Open(stdin)
			if err != nil {
				b.Fatal(err)
			}
			defer f.Close()
			in = f
		}
		if err := run(args, in, io.Discard, io.Discard); err != nil {
			b.Fatal(err)
		}
	}
}

// Issue 13: the whole agree coding command, default output (every
// coefficient, standard error and diagnostic), on 1e6 items × 5 coders
// (nominal): ≤ 0.4 s and ≤ 120 MB on two cores. bench/run.sh measures the
// process (time and memory) on this and the other workloads.
func BenchmarkCodingCommand1e6x5(b *testing.B) {
	p := writeBig(b, 1_000_000, 5, 10)
	b.Run("default", func(b *testing.B) { benchCommand(b, "", "coding", p) })
	// Issue 2's workload: the coefficients and tables without the
	// intervals and diagnostics of issue 6.
	b.Run("issue2", func(b *testing.B) {
		benchCommand(b, "", "coding", "--no-se", "--top", "0", "--leave-one-out=false", p)
	})
}

// Issue 13: 1e7 items × 5 coders, ≤ 3 s and ≤ 200 MB.
func BenchmarkCodingCommand1e7x5(b *testing.B) {
	if testing.Short() {
		b.Skip("writes 180 MB")
	}
	benchCommand(b, "", "coding", writeBig(b, 10_000_000, 5, 10))
}

// Issue 13: interval data with 1e5 distinct values, with standard errors:
// ≤ 0.3 s (1e5 items × 5 coders).
func BenchmarkCodingCommandInterval1e5Distinct(b *testing.B) {
	benchCommand(b, "", "coding", "--metric", "interval", writeBig(b, 100_000, 5, 100_000))
}

// Issue 13: long judgments from standard input, sorted by item, at ≥ 20 M
// judgments/s (here 1e7; bench/run.sh streams 1e8 in ≤ 256 MB).
func BenchmarkCodingCommandLongSorted1e7(b *testing.B) {
	p := writeLong(b, 10_000_000)
	b.SetBytes(10_000_000) // "MB/s" reads as millions of judgments per second
	benchCommand(b, p, "coding", "--sorted", "-")
}

// Issue 14: crowd data, 5k items × 2k workers × 5 labels per item.
func BenchmarkCodingCommandCrowd(b *testing.B) {
	p := filepath.Join(b.TempDir(), "crowd.csv")
	f, err := os.Create(p)
	if err != nil {
		b.Fatal(err)
	}
	w := bufio.NewWriter(f)
	rng := rand.New(rand.NewPCG(1, 2))
	w.WriteString("item,annotator,label\n")
	for i := range 5000 {
		t := rng.IntN(5)
		for _, k := range rng.Perm(2000)[:5] {
			v := t
			if rng.Float64() < 0.3 {
				v = rng.IntN(5)
			}
			fmt.Fprintf(w, "q%d,w%d,%d\n", i, k, v)
		}
	}
	w.Flush()
	f.Close()
	benchCommand(b, "", "coding", p)
}

package main

import (
	"bufio"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"testing"
)

// writeBig writes items × coders wide CSV with 10% missing cells and 10
// categories, coders agreeing with a latent value 70% of the time.
func writeBig(b *testing.B, items, coders int) string {
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
		t := rng.IntN(10)
		for range coders {
			w.WriteString(",")
			switch {
			case rng.Float64() < 0.1:
			case rng.Float64() < 0.7:
				w.WriteString(strconv.Itoa(t))
			default:
				w.WriteString(strconv.Itoa(rng.IntN(10)))
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

// The whole agree coding command on 1e6 items × 5 coders (issue 2's target:
// under 1 s and 200 MB on two cores).
func BenchmarkCodingCommand1e6x5(b *testing.B) {
	p := writeBig(b, 1_000_000, 5)
	for _, c := range []struct {
		name string
		args []string
	}{
		{"default", []string{"coding", p}},
		// Issue 2's workload: every coefficient, the coincidence matrix,
		// per-category statistics, the pairwise matrix and the bias, without
		// the intervals and diagnostics of issue 6.
		{"issue2", []string{"coding", "--no-se", "--top", "0", "--leave-one-out=false", p}},
	} {
		args := c.args
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				if err := run(args, nil, io.Discard, io.Discard); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

//go:build ignore

// gen writes the benchmark inputs of issues 10 and 13 to standard output:
//
//	go run gen.go wide ITEMS CODERS [DISTINCT]   wide CSV, 10% missing cells
//	go run gen.go long JUDGMENTS CODERS          long CSV sorted by item (item,coder,value)
//	go run gen.go crowd ITEMS WORKERS PER_ITEM   long CSV, each item labelled by PER_ITEM random workers
//	go run gen.go spans DOCUMENTS ANNOTATORS SPANS  span CSV (internal/spangen, 6 labels), SPANS true spans per document
//	go run gen.go gamma [FLAGS]                  unit CSV for agree gamma (internal/unitgen); -h lists the flags
//
// Values are drawn so that coders agree with a latent value 70% of the
// time; DISTINCT (default 10) is the number of distinct values (numbers).
// The output is deterministic.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"

	"agree/internal/spangen"
	"agree/internal/unitgen"
)

func main() {
	if len(os.Args) >= 2 && os.Args[1] == "gamma" {
		units(os.Args[2:])
		return
	}
	if len(os.Args) < 4 {
		fmt.Fprintln(os.Stderr, "usage: go run gen.go wide ITEMS CODERS [DISTINCT] | long JUDGMENTS CODERS | crowd ITEMS WORKERS PER_ITEM | spans DOCUMENTS ANNOTATORS SPANS | gamma [FLAGS]")
		os.Exit(2)
	}
	num := func(i int) int {
		n, err := strconv.ParseFloat(os.Args[i], 64)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
		return int(n)
	}
	w := bufio.NewWriterSize(os.Stdout, 1<<20)
	defer w.Flush()
	rng := rand.New(rand.NewPCG(1, 2))
	value := func(truth, distinct int) int {
		if rng.Float64() < 0.3 {
			return rng.IntN(distinct)
		}
		return truth
	}
	var buf []byte
	switch os.Args[1] {
	case "wide":
		items, coders, distinct := num(2), num(3), 10
		if len(os.Args) > 4 {
			distinct = num(4)
		}
		w.WriteString("item")
		for c := range coders {
			fmt.Fprintf(w, ",c%d", c)
		}
		w.WriteString("\n")
		for i := range items {
			buf = append(buf[:0], 'i')
			buf = strconv.AppendInt(buf, int64(i), 10)
			truth := rng.IntN(distinct)
			for range coders {
				buf = append(buf, ',')
				if rng.Float64() >= 0.1 {
					buf = strconv.AppendInt(buf, int64(value(truth, distinct)), 10)
				}
			}
			buf = append(buf, '\n')
			w.Write(buf)
		}
	case "long":
		judgments, coders := num(2), num(3)
		w.WriteString("item,coder,value\n")
		for i, n := 0, 0; n < judgments; i++ {
			truth := rng.IntN(10)
			for c := 0; c < coders && n < judgments; c++ {
				buf = append(buf[:0], 'i')
				buf = strconv.AppendInt(buf, int64(i), 10)
				buf = append(buf, ",c"...)
				buf = strconv.AppendInt(buf, int64(c), 10)
				buf = append(buf, ',')
				buf = strconv.AppendInt(buf, int64(value(truth, 10)), 10)
				buf = append(buf, '\n')
				w.Write(buf)
				n++
			}
		}
	case "crowd":
		items, workers, per := num(2), num(3), num(4)
		w.WriteString("item,annotator,label\n")
		for i := range items {
			truth := rng.IntN(5)
			for _, k := range rng.Perm(workers)[:per] {
				fmt.Fprintf(w, "q%d,w%d,%d\n", i, k, value(truth, 5))
			}
		}
	case "spans":
		cfg := spangen.Config{Documents: num(2), Annotators: num(3), Spans: num(4), Labels: 6, Seed: 1}
		if err := spangen.WriteCSV(w, cfg); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
	default:
		fmt.Fprintln(os.Stderr, "unknown kind", os.Args[1])
		os.Exit(2)
	}
}

// units writes a generated continuum (internal/unitgen) as the unit CSV
// of agree gamma. The defaults are unitgen.Realistic(5, 100).
func units(args []string) {
	fs := flag.NewFlagSet("gamma", flag.ExitOnError)
	n := fs.Int("annotators", 5, "annotators")
	k := fs.Int("units", 100, "true units (each annotator marks about this many)")
	cats := fs.Int("cats", 0, "categories (0: 3 + units mod 3, as unitgen.Realistic)")
	jitter := fs.Float64("jitter", 2, "standard deviation of the boundary noise")
	miss := fs.Float64("miss", 0.10, "probability that an annotator misses a true unit")
	fp := fs.Float64("fp", 0.05, "probability of a false positive after a true unit")
	recat := fs.Float64("recat", 0.10, "probability of another category")
	density := fs.String("density", "sparse", "sparse (true units follow one another: gaps and lengths 2–20) or dense (starts 1–4 apart, lengths 4–40)")
	seed := fs.Uint64("seed", 1, "random seed")
	fs.Parse(args)
	spec := unitgen.Realistic(*n, *k)
	if *cats > 0 {
		spec.Categories = *cats
	}
	spec.Jitter, spec.Miss, spec.FalsePositive, spec.Recategorise = *jitter, *miss, *fp, *recat
	switch *density {
	case "sparse":
	case "dense":
		spec.Dense = true
	default:
		fmt.Fprintf(os.Stderr, "-density %q: want sparse or dense\n", *density)
		os.Exit(2)
	}
	if err := spec.Check(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	if err := unitgen.WriteCSV(os.Stdout, unitgen.Generate(*seed, spec)); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

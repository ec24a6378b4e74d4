//go:build ignore

// gen writes the benchmark inputs of issues 10 and 13 to standard output:
//
//	go run gen.go wide ITEMS CODERS [DISTINCT]   wide CSV, 10% missing cells
//	go run gen.go long JUDGMENTS CODERS          long CSV sorted by item (item,coder,value)
//	go run gen.go crowd ITEMS WORKERS PER_ITEM   long CSV, each item labelled by PER_ITEM random workers
//	go run gen.go spans DOCUMENTS ANNOTATORS SPANS  span CSV (internal/spangen, 6 labels), SPANS true spans per document
//
// Values are drawn so that coders agree with a latent value 70% of the
// time; DISTINCT (default 10) is the number of distinct values (numbers).
// The output is deterministic.
package main

import (
	"bufio"
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"

	"agree/internal/spangen"
)

func main() {
	if len(os.Args) < 4 {
		fmt.Fprintln(os.Stderr, "usage: go run gen.go wide ITEMS CODERS [DISTINCT] | long JUDGMENTS CODERS | crowd ITEMS WORKERS PER_ITEM | spans DOCUMENTS ANNOTATORS SPANS")
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

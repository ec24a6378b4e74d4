package main

import (
	"bufio"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"agree/coding"
	"agree/formats/table"
	"agree/internal/view/codingview"
)

// writeContinuum writes a γ continuum of annotators × units: shared true
// units (4 categories, lengths 2–12, gaps 1–6), each annotator moving
// boundaries by up to ±1, missing 10% of the units, changing 10% of the
// categories and adding 5% of false units — the shape of pygamma's 3by500.
func writeContinuum(b *testing.B, annotators, units int) string {
	b.Helper()
	p := filepath.Join(b.TempDir(), fmt.Sprintf("%dby%d.csv", annotators, units))
	f, err := os.Create(p)
	if err != nil {
		b.Fatal(err)
	}
	w := bufio.NewWriter(f)
	rng := rand.New(rand.NewPCG(3, 500))
	type unit struct {
		start, end float64
		cat        int
	}
	truth := make([]unit, units)
	pos := 0.0
	for i := range truth {
		pos += 1 + 5*rng.Float64()
		l := 2 + 10*rng.Float64()
		truth[i] = unit{pos, pos + l, rng.IntN(4)}
		pos += l
	}
	fmt.Fprintln(w, "annotator,category,start,end")
	for a := range annotators {
		for _, u := range truth {
			if rng.Float64() < 0.1 {
				continue
			}
			s, e := u.start+2*rng.Float64()-1, u.end+2*rng.Float64()-1
			cat := u.cat
			if rng.Float64() < 0.1 {
				cat = rng.IntN(4)
			}
			fmt.Fprintf(w, "a%d,c%d,%.2f,%.2f\n", a, cat, s, e)
			if rng.Float64() < 0.05 {
				fs := u.end + 0.5
				fmt.Fprintf(w, "a%d,c%d,%.2f,%.2f\n", a, rng.IntN(4), fs, fs+0.5+rng.Float64())
			}
		}
	}
	if err := w.Flush(); err != nil {
		b.Fatal(err)
	}
	f.Close()
	return p
}

// benchReport runs a command with --report and reports the file's size.
func benchReport(b *testing.B, args ...string) {
	out := filepath.Join(b.TempDir(), "report.html")
	args = append(args, "--report", out, "--force")
	var size int64
	for b.Loop() {
		if err := run(args, nil, io.Discard, io.Discard); err != nil {
			b.Fatal(err)
		}
		st, err := os.Stat(out)
		if err != nil {
			b.Fatal(err)
		}
		size = st.Size()
	}
	b.ReportMetric(float64(size), "bytes/report")
	if size >= 5<<20 {
		b.Errorf("the report is %d bytes; it must stay under 5 MB whatever the input", size)
	}
}

// Issue 11: the report of 1e6 items × 5 coders in ≤ 1.5 s (2 cores), under
// 5 MB — the whole command: reading, every coefficient, diagnostics, report.
func BenchmarkReportCoding1e6x5(b *testing.B) {
	benchReport(b, "coding", writeBig(b, 1_000_000, 5, 10))
}

// Issue 11: a γ report for a 3 × 500 continuum in ≤ 2 s.
func BenchmarkReportGamma3x500(b *testing.B) {
	benchReport(b, "gamma", writeContinuum(b, 3, 500))
}

// The report's own share of the work on 1e6 × 5: building the page from the
// result and writing the HTML (the analysis is done once, outside the loop).
func BenchmarkCodingPage1e6x5(b *testing.B) {
	p := writeBig(b, 1_000_000, 5, 10)
	f, err := os.Open(p)
	if err != nil {
		b.Fatal(err)
	}
	d, err := table.Read(f, p, table.Options{Missing: []string{""}})
	f.Close()
	if err != nil {
		b.Fatal(err)
	}
	an, err := coding.Analyze(d, coding.Options{})
	if err != nil {
		b.Fatal(err)
	}
	res, err := codingview.Analyze(an)
	if err != nil {
		b.Fatal(err)
	}
	if _, err := res.Infer(codingview.InferOptions{Level: 0.95, Top: 10, LeaveOut: true, Bootstrap: 200, Seed: 1, AlphaBoot: "item", KeepSamples: true}); err != nil {
		b.Fatal(err)
	}
	var n countWriter
	for b.Loop() {
		n = 0
		if err := codingview.Page(res).WriteHTML(&n); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(n), "bytes/report")
}

type countWriter int

func (c *countWriter) Write(p []byte) (int, error) { *c += countWriter(len(p)); return len(p), nil }

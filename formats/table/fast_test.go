package table

import (
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"testing"

	"agree/coding"
	"agree/internal/longtest"
)

// snapshot renders everything Data exposes, for comparing the two readers.
func snapshot(d *coding.Data) string {
	var b strings.Builder
	fmt.Fprintf(&b, "items %q\ncoders %q\nlabels %q declared %q\n", d.Items(), d.Coders(), d.Labels(), d.Declared())
	for v := range d.Labels() {
		fmt.Fprintf(&b, "first %d %+v\n", v, d.FirstSeen(v))
	}
	for i := range d.NumItems() {
		for c := range d.NumCoders() {
			fmt.Fprintf(&b, "%d ", d.Value(i, c))
		}
		b.WriteString("\n")
	}
	return b.String()
}

// statsSnapshot renders everything Stats expose.
func statsSnapshot(s *coding.Stats) string {
	var b strings.Builder
	fmt.Fprintf(&b, "items %d coders %q\nlabels %q declared %q\n", s.NumItems(), s.Coders(), s.Labels(), s.Declared())
	for v := range s.Labels() {
		fmt.Fprintf(&b, "first %d %+v\n", v, s.FirstSeen(v))
	}
	for p := range s.NumPatterns() {
		cv, n := s.Pattern(p)
		ids, pruned := s.PatternItems(p)
		fmt.Fprintf(&b, "%v ×%d %q %v\n", cv, n, ids, pruned)
	}
	return b.String()
}

// compare reads in with the encoding/csv path and with the fast path cut
// into blocks of the given size: both must give the same data or the same
// error; and Stream (with a few workers) must give the statistics of the
// data, or the same error.
func compare(t *testing.T, in string, opt Options, blockSize int) {
	t.Helper()
	slowOpt, fastOpt := opt, opt
	slowOpt.noFastPath = true
	fastOpt.blockSize = blockSize
	ds, es := Read(strings.NewReader(in), "f.csv", slowOpt)
	df, ef := Read(strings.NewReader(in), "f.csv", fastOpt)
	switch {
	case (es == nil) != (ef == nil):
		t.Fatalf("%q (blocks of %d): csv error %v, fast error %v", in, blockSize, es, ef)
	case es != nil:
		if es.Error() != ef.Error() {
			t.Fatalf("%q (blocks of %d): errors differ\ncsv:  %v\nfast: %v", in, blockSize, es, ef)
		}
	default:
		if a, b := snapshot(ds), snapshot(df); a != b {
			t.Fatalf("%q (blocks of %d): data differ\ncsv:\n%s\nfast:\n%s", in, blockSize, a, b)
		}
	}
	for _, workers := range []int{1, 3} {
		for _, noFast := range []bool{false, true} {
			sopt := fastOpt
			sopt.Workers, sopt.noFastPath, sopt.KeepItems = workers, noFast, 2
			sopt.Reopen = func() (io.ReadCloser, error) { return io.NopCloser(strings.NewReader(in)), nil }
			ss, err := Stream(strings.NewReader(in), "f.csv", sopt)
			switch {
			case (err == nil) != (es == nil):
				t.Fatalf("%q (blocks of %d, %d workers): read error %v, stream error %v", in, blockSize, workers, es, err)
			case err != nil:
				if err.Error() != es.Error() {
					t.Fatalf("%q (blocks of %d, %d workers): errors differ\nread:   %v\nstream: %v", in, blockSize, workers, es, err)
				}
			default:
				if a, b := statsSnapshot(ds.Stats(2)), statsSnapshot(ss); a != b {
					t.Fatalf("%q (blocks of %d, %d workers): stats differ\nread:\n%s\nstream:\n%s", in, blockSize, workers, a, b)
				}
			}
		}
	}
}

func TestFastPathMatchesCSV(t *testing.T) {
	cases := []string{
		"item,a,b\n1,x,y\n2,,z\n3,NA,x\n",
		"item,a,b\r\n1,x,y\r\n\r\n2, y ,x\r",
		"\n\nitem,a,b\n1,x,y\n   \n2,y,y\n",
		"item,a,b\n1,x,y\n2,x\n",
		"item,a,b\n1,x,y\n1,y,y\n",
		"item,a,b\n1,x,y\n2,y,x\n3,x,x\n2,x,y\n",
		"item,a,a\n1,x,y\n",
		"item\n1\n",
		"item,a,b\n",
		"item,a,b\n ,x,y\n",
		"id,coder,value\n1,a,x\n",
		"item,a,b\n1,x,y\n2,q,r\n3,x,y\n4,s,x\n",
		"item,a,b\n1,x,y\n2,\"q,r\",x\n3,x,y\n",
		"item,coder,value\n1,a,x\n1,b,y\n2,a,x\n2,b,x\n3,b,y\n",
		"item,coder,value\n2,a,x\n1,b,y\n2,b,x\n1,a,x\n",
		"item,coder,value\n1,a,x\n1,a,y\n",
		"item,coder,value\n1,a,NA\n1,a,y\n2,b,\n",
	}
	for _, in := range cases {
		for _, size := range []int{1, 2, 7, 0} {
			compare(t, in, Options{}, size)
			compare(t, in, Options{Categories: []string{"x", "y"}, Closed: true}, size)
			compare(t, in, Options{Categories: []string{"y", "x", "z"}}, size)
			compare(t, strings.ReplaceAll(in, ",", ";"), Options{Comma: ';'}, size)
		}
	}
}

func TestFastPathLargeRandom(t *testing.T) {
	longtest.Skip(t) // 5–9 s on 2 cores; TestFastPathMatchesCSV's blocks of 1, 2 and 7 bytes cover the block joins by default
	// Large enough for many blocks, with blank lines, missing values and
	// many distinct labels.
	rng := rand.New(rand.NewPCG(8, 9))
	var b strings.Builder
	b.WriteString("item,c1,c2,c3\n")
	for i := range 60_000 {
		if rng.IntN(500) == 0 {
			b.WriteString("\n")
		}
		fmt.Fprintf(&b, "i%d", i)
		for range 3 {
			switch r := rng.IntN(20); {
			case r == 0:
				b.WriteString(",")
			case r == 1:
				b.WriteString(",NA")
			default:
				fmt.Fprintf(&b, ",v%d", rng.IntN(3000))
			}
		}
		b.WriteString("\n")
	}
	in := b.String()
	compare(t, in, Options{}, 0)
	compare(t, in, Options{}, 50_000)
	// An error deep in the file is found at the same place.
	bad := strings.Replace(in, "\ni40000,", "\ni40000,x,", 1)
	compare(t, bad, Options{}, 50_000)
	dup := strings.Replace(in, "\ni50000,", "\ni3,", 1)
	compare(t, dup, Options{}, 50_000)
	// Ids out of order but distinct: no repeat is reported.
	swapped := strings.Replace(in, "\ni50000,", "\nj0,", 1)
	compare(t, swapped, Options{}, 50_000)
}

func FuzzFastMatchesCSV(f *testing.F) {
	for _, s := range []string{"item,a,b\n1,x,y\n2,,z\n", "item,a,b\r\n1,x,y\r\n\r\n2,y,x\r", "i,a\n1,\n\n2,x\n2,y\n",
		"item,coder,value\n1,a,x\n2,b,y\n1,b,x\n"} {
		f.Add(s, uint8(2), false)
	}
	f.Fuzz(func(t *testing.T, in string, size uint8, closed bool) {
		opt := Options{}
		if closed {
			opt.Categories, opt.Closed = []string{"x", "y"}, true
		}
		compare(t, in, opt, int(size%9)+1)
	})
}

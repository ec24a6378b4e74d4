package table

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"agree/coding"
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

// compare reads in with the encoding/csv path and with the fast path cut
// into the given number of chunks: both must give the same data or the same
// error.
func compare(t *testing.T, in string, opt Options, chunks int) {
	t.Helper()
	slowOpt, fastOpt := opt, opt
	slowOpt.noFastPath = true
	fastOpt.chunks = chunks
	ds, es := Read(strings.NewReader(in), "f.csv", slowOpt)
	df, ef := Read(strings.NewReader(in), "f.csv", fastOpt)
	switch {
	case (es == nil) != (ef == nil):
		t.Fatalf("%q (%d chunks): csv error %v, fast error %v", in, chunks, es, ef)
	case es != nil:
		if es.Error() != ef.Error() {
			t.Fatalf("%q (%d chunks): errors differ\ncsv:  %v\nfast: %v", in, chunks, es, ef)
		}
	default:
		if a, b := snapshot(ds), snapshot(df); a != b {
			t.Fatalf("%q (%d chunks): data differ\ncsv:\n%s\nfast:\n%s", in, chunks, a, b)
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
		"item,a,a\n1,x,y\n",
		"item\n1\n",
		"item,a,b\n",
		"item,a,b\n ,x,y\n",
		"id,coder,value\n1,a,x\n",
		"item,a,b\n1,x,y\n2,q,r\n3,x,y\n4,s,x\n",
	}
	for _, in := range cases {
		for _, k := range []int{1, 2, 3, 7} {
			compare(t, in, Options{}, k)
			compare(t, in, Options{Categories: []string{"x", "y"}, Closed: true}, k)
			compare(t, in, Options{Categories: []string{"y", "x", "z"}}, k)
			compare(t, strings.ReplaceAll(in, ",", ";"), Options{Comma: ';'}, k)
		}
	}
}

func TestFastPathLargeRandom(t *testing.T) {
	// Several megabytes, so that the default chunking (one per CPU) is used,
	// with blank lines, missing values and many distinct labels.
	rng := rand.New(rand.NewPCG(8, 9))
	var b strings.Builder
	b.WriteString("item,c1,c2,c3\n")
	for i := range 120_000 {
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
	compare(t, in, Options{}, 5)
	// An error deep in the file is found at the same place.
	bad := strings.Replace(in, "\ni70000,", "\ni70000,x,", 1)
	compare(t, bad, Options{}, 0)
	dup := strings.Replace(in, "\ni90000,", "\ni3,", 1)
	compare(t, dup, Options{}, 0)
}

func FuzzFastMatchesCSV(f *testing.F) {
	for _, s := range []string{"item,a,b\n1,x,y\n2,,z\n", "item,a,b\r\n1,x,y\r\n\r\n2,y,x\r", "i,a\n1,\n\n2,x\n2,y\n"} {
		f.Add(s, uint8(2), false)
	}
	f.Fuzz(func(t *testing.T, in string, chunks uint8, closed bool) {
		opt := Options{}
		if closed {
			opt.Categories, opt.Closed = []string{"x", "y"}, true
		}
		compare(t, in, opt, int(chunks%5)+1)
	})
}

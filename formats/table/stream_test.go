package table

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"agree/coding"
	"agree/internal/longtest"
)

// longFile writes items × coders judgments in the long layout, grouped by
// item in natural order of the ids when sorted, shuffled otherwise, with
// missing values and items whose values are all missing.
func longFile(seed uint64, items, coders int, sorted bool) string {
	rng := rand.New(rand.NewPCG(seed, 1))
	var recs []string
	for i := range items {
		truth := rng.IntN(4)
		for _, c := range rng.Perm(coders)[:1+rng.IntN(coders)] {
			v := fmt.Sprint(truth)
			switch r := rng.IntN(10); {
			case r == 0:
				v = "NA"
			case r < 4:
				v = fmt.Sprint(rng.IntN(4))
			}
			recs = append(recs, fmt.Sprintf("u%d,coder%d,%s", i, c, v))
		}
	}
	if !sorted {
		rng.Shuffle(len(recs), func(i, j int) { recs[i], recs[j] = recs[j], recs[i] })
	}
	return "item,coder,value\n" + strings.Join(recs, "\n") + "\n"
}

func stream(t *testing.T, in string, opt Options) (*coding.Stats, error) {
	t.Helper()
	return Stream(strings.NewReader(in), "f.csv", opt)
}

// TestSortedLongMatchesUnsorted: the sorted reader (blocks cut anywhere,
// parsed concurrently, groups joined across blocks) gives the statistics
// of the unsorted one and of Read.
func TestSortedLongMatchesUnsorted(t *testing.T) {
	seeds := uint64(1)
	if longtest.Enabled() {
		seeds = 4
	}
	for seed := range seeds {
		in := longFile(seed, 3000, 6, true)
		d, err := Read(strings.NewReader(in), "f.csv", Options{})
		if err != nil {
			t.Fatal(err)
		}
		want := statsSnapshot(d.Stats(3))
		for _, size := range []int{0, 37, 1000, 20_000} {
			for _, workers := range []int{1, 2, 5} {
				for _, sorted := range []bool{true, false} {
					s, err := stream(t, in, Options{Sorted: sorted, blockSize: size, Workers: workers, KeepItems: 3})
					if err != nil {
						t.Fatal(err)
					}
					if got := statsSnapshot(s); got != want {
						t.Fatalf("seed %d, blocks of %d, %d workers, sorted %v: stats differ", seed, size, workers, sorted)
					}
				}
			}
		}
		// Shuffled records: the unsorted reader gives the same statistics;
		// the sorted one refuses the file.
		shuffled := longFile(seed, 3000, 6, false)
		s, err := stream(t, shuffled, Options{KeepItems: 3})
		if err != nil {
			t.Fatal(err)
		}
		if got, w := noPositions(statsSnapshot(s)), noPositions(want); got != w {
			t.Fatalf("seed %d: shuffled records give other stats:\n%s\nwant\n%s", seed, got, w)
		}
		for _, size := range []int{0, 500} {
			if _, err := stream(t, shuffled, Options{Sorted: true, blockSize: size}); err == nil || !strings.Contains(err.Error(), "not sorted by item") {
				t.Errorf("seed %d: shuffled with --sorted: %v", seed, err)
			}
		}
	}
}

func TestSortedLongOrders(t *testing.T) {
	cases := []struct {
		name, ids string
		ok        bool
	}{
		{"byte order (sort)", "a10 a10 a2 a9 b", true},
		{"natural order (sort -V)", "a2 a9 a10 a10 b", true},
		{"numbers", "1 2 3 10 11", true},
		{"an item split in two", "a b a", false},
		{"decreasing", "b a", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var b strings.Builder
			b.WriteString("item,coder,value\n")
			for i, id := range strings.Fields(c.ids) {
				fmt.Fprintf(&b, "%s,c%d,x\n", id, i)
			}
			for _, size := range []int{0, 1, 12} {
				_, err := stream(t, b.String(), Options{Sorted: true, blockSize: size, Workers: 2})
				if (err == nil) != c.ok {
					t.Errorf("blocks of %d: error %v, want ok %v", size, err, c.ok)
				}
			}
		})
	}
}

func TestLongErrorsAcrossBlocks(t *testing.T) {
	// A coder giving an item two values is found when the two records are
	// in different blocks, with the position of the second.
	in := "item,coder,value\n1,a,x\n1,b,y\n1,a,z\n2,a,x\n"
	for _, size := range []int{0, 1, 5, 13} {
		for _, sorted := range []bool{true, false} {
			_, err := stream(t, in, Options{Sorted: sorted, blockSize: size, Workers: 3})
			if err == nil || !strings.Contains(err.Error(), `f.csv:4:5: coder "a" already gave item "1" a value ("x")`) {
				t.Errorf("blocks of %d, sorted %v: %v", size, sorted, err)
			}
		}
	}
}

func TestStreamRepeatsWithoutReopen(t *testing.T) {
	// From standard input (no Reopen) a repeated id is named by its lines.
	in := "item,a,b\n2,x,y\n1,x,x\n2,y,y\n"
	_, err := stream(t, in, Options{})
	if err == nil || !strings.Contains(err.Error(), "f.csv:4:1: this row's item id repeats that of line 2") {
		t.Errorf("got %v", err)
	}
}

func TestRadixSort(t *testing.T) {
	rng := rand.New(rand.NewPCG(2, 3))
	for _, n := range []int{0, 1, 31, 33, 1000, 100_000} {
		h := make([]uint64, n)
		line := make([]int32, n)
		for i := range h {
			h[i] = rng.Uint64() >> (rng.IntN(4) * 16) // shared prefixes too
			if i > 0 && rng.IntN(10) == 0 {
				h[i] = h[rng.IntN(i)]
			}
			line[i] = int32(i)
		}
		want := map[uint64][]int32{}
		for i, x := range h {
			want[x] = append(want[x], line[i])
		}
		radixSort(h, line, 56)
		if !slices.IsSorted(h) {
			t.Fatalf("n %d: not sorted", n)
		}
		got := map[uint64][]int32{}
		for i, x := range h {
			got[x] = append(got[x], line[i])
		}
		for x, ls := range want {
			g := got[x]
			slices.Sort(g)
			if !slices.Equal(g, ls) {
				t.Fatalf("n %d: lines of %x: %v, want %v", n, x, g, ls)
			}
		}
	}
}

// noPositions drops the first-seen positions from a snapshot.
func noPositions(s string) string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		if !strings.HasPrefix(l, "first ") {
			out = append(out, l)
		}
	}
	return strings.Join(out, "\n")
}

// TestSortedLongQuoted: quoted fields send the rest of the file to
// encoding/csv; the sorted reader gives the same statistics there.
func TestSortedLongQuoted(t *testing.T) {
	in := longFile(9, 500, 4, true)
	quoted := strings.Replace(in, "\nu250,", "\n\"u250\",", 1)
	want, err := stream(t, in, Options{KeepItems: 2})
	if err != nil {
		t.Fatal(err)
	}
	for _, size := range []int{0, 300} {
		got, err := stream(t, quoted, Options{Sorted: true, KeepItems: 2, blockSize: size, Workers: 2})
		if err != nil {
			t.Fatal(err)
		}
		if g, w := noPositions(statsSnapshot(got)), noPositions(statsSnapshot(want)); g != w {
			t.Errorf("blocks of %d: quoted records give other statistics", size)
		}
	}
}

// Text that is not UTF-8 is refused at its line and byte column, in every
// path (header, fast blocks, encoding/csv after a quote, sorted and
// unsorted long files, Read, the whole-file layouts), whatever the block
// size. Before, Latin-1 labels were read as bytes and printed as U+FFFD
// (two labels looking alike), NUL bytes became part of labels, and a UTF-16
// file failed with "1 fields, want 5". The error is the first in record
// order, on either path (FuzzFastMatchesCSV).
func TestNotUTF8Refused(t *testing.T) {
	cases := []struct {
		name, in string
		opt      Options
		want     string
	}{
		{"Latin-1 in a wide body", "item,a,b\n1,x,y\n2,caf\xe9,x\n", Options{}, "f.csv:3:3: field is not valid UTF-8"},
		{"Latin-1 in the header", "item,j\xfcrg,b\n1,x,y\n", Options{}, "f.csv:1:6: field is not valid UTF-8"},
		{"Latin-1 after a quoted field", "item,a,b\n1,\"x\",y\n2,x,caf\xe9\n", Options{}, "f.csv:3:5: field is not valid UTF-8"},
		{"Latin-1 inside a quoted field", "item,a,b\n1,x,y\n2,\"caf\xe9\",x\n", Options{}, "f.csv:3:3: field is not valid UTF-8"},
		{"NUL byte in a wide body", "item,a,b\n1,x,y\n2,x\x00,x\n", Options{}, "f.csv:3:3: field has a NUL byte"},
		{"Latin-1 in a long file", "item,coder,value\n1,a,x\n1,b,caf\xe9\n", Options{}, "f.csv:3:5: field is not valid UTF-8"},
		{"Latin-1 in a sorted long file", "item,coder,value\n1,a,x\n1,b,caf\xe9\n", Options{Sorted: true}, "f.csv:3:5: field is not valid UTF-8"},
		{"UTF-16 with a byte order mark", "\xff\xfei\x00t\x00e\x00m\x00,\x00a\x00\n\x00", Options{}, "f.csv:1:1: UTF-16 text"},
		{"UTF-16 without a byte order mark", "i\x00t\x00e\x00m\x00,\x00a\x00,\x00b\x00\n\x001\x00,\x00x\x00,\x00y\x00\n\x00", Options{}, "f.csv:1:1: field has a NUL byte (binary or UTF-16 data"},
		{"Latin-1 in a transposed table", "coder,u1,u2\nA,caf\xe9,x\nB,x,x\n", Options{Layout: Transposed}, "f.csv:2:3: field is not valid UTF-8"},
	}
	for _, c := range cases {
		for _, size := range []int{0, 1, 7} {
			opt := c.opt
			opt.blockSize = size
			_, err := stream(t, c.in, opt)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("%s (blocks of %d): Stream error %v, want …%s…", c.name, size, err, c.want)
			}
			_, err = Read(strings.NewReader(c.in), "f.csv", opt)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("%s (blocks of %d): Read error %v, want …%s…", c.name, size, err, c.want)
			}
		}
	}
}

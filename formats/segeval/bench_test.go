package segeval

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"testing"
	"unicode/utf8"
)

// bigJSON returns a SegEval JSON dataset of items × coders segmentations
// of units units each (masses), on one line when oneLine is set.
func bigJSON(items, coders, units int, oneLine bool) []byte {
	rng := rand.New(rand.NewPCG(5, 6))
	var b bytes.Buffer
	nl := "\n"
	if oneLine {
		nl = ""
	}
	b.WriteString(`{"segmentation_type": "linear", "items": {` + nl)
	for i := range items {
		if i > 0 {
			b.WriteString("," + nl)
		}
		fmt.Fprintf(&b, `"item%d": {`+nl, i)
		for c := range coders {
			if c > 0 {
				b.WriteString("," + nl)
			}
			fmt.Fprintf(&b, `  "coder%d": [`, c)
			left := units
			for j := 0; left > 0; j++ {
				m := min(left, 1+rng.IntN(20))
				if j > 0 {
					b.WriteString(", ")
				}
				fmt.Fprint(&b, m)
				left -= m
			}
			b.WriteString("]")
		}
		b.WriteString(nl + "}")
	}
	b.WriteString(nl + "}}" + nl)
	return b.Bytes()
}

func TestIncrementalPositionsMatchRecount(t *testing.T) {
	// The cursor must give the same line and column as counting from the
	// start, for increasing offsets at rune starts (where tokens begin) and
	// for a step back.
	data := []byte("{\"a\": [1,\n  2],\n\t\"é\": \"ü\",\n\"x\"}\n")
	jr := &jsonReader{data: data}
	for off := int64(-1); off <= int64(len(data))+1; off++ {
		if off > 0 && off < int64(len(data)) && !utf8.RuneStart(data[off]) {
			continue
		}
		l, c := jr.pos(off)
		wl, wc := lineCol(data, off)
		if l != wl || c != wc {
			t.Fatalf("offset %d: got %d:%d, want %d:%d", off, l, c, wl, wc)
		}
	}
	if l, c := jr.pos(3); l != 1 || c != 4 {
		t.Errorf("after a step back: %d:%d, want 1:4", l, c)
	}
}

func TestLargeJSONReadsLikeCSVPath(t *testing.T) {
	// The same data on many lines and on one line read to the same dataset.
	a, err := Read(bytes.NewReader(bigJSON(5, 3, 200, false)), "a.json", JSON)
	if err != nil {
		t.Fatal(err)
	}
	b, err := Read(bytes.NewReader(bigJSON(5, 3, 200, true)), "b.json", JSON)
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(a.Items(), a.Coders()) != fmt.Sprint(b.Items(), b.Coders()) {
		t.Errorf("items/coders differ: %v %v vs %v %v", a.Items(), a.Coders(), b.Items(), b.Coders())
	}
}

// Issue 13: 100 items × 5 coders × 2000 units as JSON in ≤ 0.2 s (it took
// 4.9 s when every token's position was counted from the start).
func BenchmarkReadJSON100x5x2000(b *testing.B) {
	for _, oneLine := range []bool{false, true} {
		data := bigJSON(100, 5, 2000, oneLine)
		b.Run(fmt.Sprintf("oneLine=%v", oneLine), func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			for b.Loop() {
				if _, err := Read(bytes.NewReader(data), "big.json", JSON); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

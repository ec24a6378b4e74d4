package textgrid

import (
	"fmt"
	"strings"
	"testing"
)

// benchTextGrid is a long-format TextGrid of two interval tiers with n/2
// units each, separated by empty intervals.
func benchTextGrid(n int) []byte {
	var b strings.Builder
	end := float64(n) * 0.7
	fmt.Fprintf(&b, "File type = \"ooTextFile\"\nObject class = \"TextGrid\"\n\nxmin = 0 \nxmax = %v \ntiers? <exists> \nsize = 2 \nitem []: \n", end)
	for a := 0; a < 2; a++ {
		m := n / 2
		fmt.Fprintf(&b, "    item [%d]:\n        class = \"IntervalTier\" \n        name = \"coder_%d\" \n        xmin = 0 \n        xmax = %v \n        intervals: size = %d \n", a+1, a, end, 2*m+1)
		t := 0.0
		k := 1
		for i := 0; i < m; i++ {
			s, e := t+0.3137+0.01*float64(a), t+1.21+0.01*float64(a)
			fmt.Fprintf(&b, "        intervals [%d]:\n            xmin = %v \n            xmax = %v \n            text = \"\" \n", k, t, s)
			fmt.Fprintf(&b, "        intervals [%d]:\n            xmin = %v \n            xmax = %v \n            text = \"%s\" \n", k+1, s, e, []string{"turn", "laugh", "笑い", "overlap"}[i%4])
			t, k = e, k+2
		}
		fmt.Fprintf(&b, "        intervals [%d]:\n            xmin = %v \n            xmax = %v \n            text = \"\" \n", k, t, end)
	}
	return []byte(b.String())
}

// BenchmarkRead reads 100k units.
func BenchmarkRead(b *testing.B) {
	data := benchTextGrid(100_000)
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		c, err := ReadBytes(data, "bench.TextGrid", Options{})
		if err != nil || len(c.Spans) != 100_000 {
			b.Fatal(err)
		}
	}
}

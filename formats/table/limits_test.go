package table

import (
	"io"
	"strings"
	"testing"

	"agree/internal/inputtest"
	"agree/internal/limits"
)

// TestEndlessLine (issue 25): a line that never ends is refused at
// limits.MaxLine with the file and line, on the fast path (no quote), in
// encoding/csv's (a quoted field left open), in every layout.
func TestEndlessLine(t *testing.T) {
	old := limits.MaxLine
	limits.MaxLine = 1 << 20
	defer func() { limits.MaxLine = old }()
	for _, tc := range []struct {
		why    string
		prefix string
		fill   string
		opt    Options
		want   string
	}{
		{"a wide header that never ends", "", "x,", Options{}, "stdin:1: a line longer than 1 MiB"},
		{"a data line that never ends", "item,a,b\n1,x,y\n", "x,", Options{}, "stdin:3: a line longer than 1 MiB"},
		{"a sorted long file", "item,coder,value\n", "x,", Options{Layout: Long, Sorted: true}, "stdin:2: a line longer than 1 MiB"},
		{"zeros (/dev/zero)", "", "\x00", Options{}, "stdin:1: a line longer than 1 MiB"},
		{"a quoted field left open over short lines", "item,a,b\n1,\"", "a\n", Options{}, "stdin:2: a record longer than 1 MiB"},
		{"the encoding/csv path from the start", "", "x,", Options{noFastPath: true}, "stdin:1: a line longer than 1 MiB"},
		{"a counts table, read whole", "", "x,", Options{Layout: Counts}, "stdin:1: a line longer than 1 MiB"},
	} {
		in := func() io.Reader { return io.MultiReader(strings.NewReader(tc.prefix), inputtest.Endless(tc.fill)) }
		_, err := Stream(in(), "stdin", tc.opt)
		if tc.opt.Layout == Counts {
			_, err = Read(in(), "stdin", tc.opt)
		}
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want %q", tc.why, err, tc.want)
		}
	}
}

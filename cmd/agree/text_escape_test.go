package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestLabelWithLineBreakStaysOneRow: agree spans on labels holding a line
// break or a tab prints each label's row on one line, the character shown
// as \n or \t (the row used to split in two).
func TestLabelWithLineBreakStaysOneRow(t *testing.T) {
	p := filepath.Join(t.TempDir(), "labels.csv")
	os.WriteFile(p, []byte("document,annotator,start,end,label\nd,a,0,5,\"PER\nORG\"\nd,b,0,5,\"PER\nORG\"\nd,a,6,9,\"LOC\tX\"\nd,b,6,9,LOC\n"), 0o644)
	out, errs, code := agree(t, "", "spans", p)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, tc := range []struct{ why, row string }{
		{"a line break", `PER\nORG`},
		{"a tab", `LOC\tX`},
	} {
		found := false
		for _, l := range strings.Split(out, "\n") {
			if f := strings.Fields(l); len(f) == 7 && f[0] == tc.row {
				found = true
			}
		}
		if !found {
			t.Errorf("%s: no row of 7 cells for %s in the per-label table:\n%s", tc.why, tc.row, out)
		}
	}
}

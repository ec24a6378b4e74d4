package brat

import (
	"strings"
	"testing"

	"agree/annotation"
)

// FuzzReadAnn: any .ann content, with or without a text and in any unit,
// is read or refused with an error naming the file; what is read is a
// valid corpus. The seed corpus is in testdata/fuzz/FuzzReadAnn.
func FuzzReadAnn(f *testing.F) {
	f.Add("T1\tPER 0 5\tAlice\nT2\tPER 13 16\tBob\n*\tEquiv T1 T2\n", "Alice met 😀 Bob.", true, uint8(1))
	f.Add("T1\tP 0 1;3 4\ta\nT2\tP 0 1;3 4\ta\nR1\tCoreference Arg1:T1 Arg2:T2\nE1\tEv:T1 A:T2\n", "", false, uint8(0))
	f.Fuzz(func(t *testing.T, ann, text string, withText bool, unit uint8) {
		c := &annotation.Corpus{}
		var tp *string
		if withText {
			tp = &text
		}
		opt := Options{Unit: annotation.OffsetUnit(unit % 3)}
		if err := ReadAnn(c, strings.NewReader(ann), "f.ann", tp, "d", "a", opt); err != nil {
			if !strings.HasPrefix(err.Error(), "f.ann") {
				t.Fatalf("error without the file name: %v", err)
			}
			return
		}
		if err := c.Validate(); err != nil {
			t.Fatalf("read an invalid corpus: %v", err)
		}
	})
}

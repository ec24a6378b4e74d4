package webanno

import (
	"strings"
	"testing"

	"agree/annotation"
)

// FuzzReadTSV: any file is read or refused with an error naming it, and
// what is read is a valid corpus. Seeds: testdata/fuzz/FuzzReadTSV.
func FuzzReadTSV(f *testing.F) {
	f.Add("#FORMAT=WebAnno TSV 3.3\n#T_SP=webanno.custom.Span|value\n\n\n#Text=I like it 😊 .\n1-1\t0-1\tI\t_\t\n1-4\t10-12\t😊\t*[1]\t\n1-4.1\t10-10\t\tx\t\n", uint8(1))
	f.Fuzz(func(t *testing.T, in string, unit uint8) {
		c := &annotation.Corpus{}
		opt := Options{Unit: []string{"", "codepoint", "byte", "utf16"}[unit%4]}
		if err := ReadTSV(c, strings.NewReader(in), "f.tsv", "d", "a", opt); err != nil {
			if !strings.HasPrefix(err.Error(), "f.tsv") {
				t.Fatalf("error without the file name: %v", err)
			}
			return
		}
		if err := c.Validate(); err != nil {
			t.Fatalf("read an invalid corpus: %v", err)
		}
	})
}

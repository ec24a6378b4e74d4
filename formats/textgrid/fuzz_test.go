package textgrid

import (
	"os"
	"path/filepath"
	"testing"
)

// FuzzRead: no input panics, and what is read validates.
func FuzzRead(f *testing.F) {
	files, _ := filepath.Glob("testdata/*.TextGrid")
	for _, file := range files {
		b, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b, "")
	}
	f.Add([]byte("File type = \"ooTextFile short\"\n\"TextGrid\"\n0 1 <exists> 2\n\"TextTier\" \"p\" 0 1 1 0.5 \"x\"\n\"IntervalTier\" \"q\" 0 1 1 0 1 \"\"\"y\"\"\""), "(.)")
	f.Fuzz(func(t *testing.T, in []byte, tiers string) {
		c, err := ReadBytes(in, "f.TextGrid", Options{Tiers: tiers})
		if err != nil {
			return
		}
		if err := c.Validate(); err != nil {
			t.Fatalf("read data does not validate: %v", err)
		}
	})
}

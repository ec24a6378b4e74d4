package bio

import (
	"os"
	"path/filepath"
	"testing"
)

// FuzzRead: no input panics, and what is read validates.
func FuzzRead(f *testing.F) {
	files, _ := filepath.Glob("testdata/*.*")
	for _, file := range files {
		if b, err := os.ReadFile(file); err == nil {
			f.Add(b, 0)
		}
	}
	f.Add([]byte("#begin document (x); part 001\na\tS-A\nb\tE-A\n\nc\tU-B\n#end document\n# c\n-DOCSTART-\nd O\n"), 2)
	f.Fuzz(func(t *testing.T, in []byte, col int) {
		c, err := ReadBytes(in, "f.bio", Options{Column: col % 8})
		if err != nil {
			return
		}
		if err := c.Validate(); err != nil {
			t.Fatalf("read data does not validate: %v", err)
		}
	})
}

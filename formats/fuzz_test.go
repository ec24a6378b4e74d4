package formats

import (
	"os"
	"path/filepath"
	"testing"
)

// FuzzDetectRead: whatever a file holds and however it is named, choosing
// its reader and reading it does not panic, and what is read validates.
func FuzzDetectRead(f *testing.F) {
	for _, glob := range []string{"*/testdata/*.*", "*/testdata/*/*.*", "testdata/pair/*"} {
		files, _ := filepath.Glob(glob)
		for _, file := range files {
			if b, err := os.ReadFile(file); err == nil && len(b) < 20_000 {
				f.Add(b, filepath.Base(file))
			}
		}
	}
	f.Fuzz(func(t *testing.T, data []byte, name string) {
		fm, err := detect(data, name)
		if err != nil || fm.read == nil {
			return
		}
		c, err := fm.read(data, name, &Options{}, fm.unit)
		if err != nil {
			return
		}
		if err := c.Validate(); err != nil {
			t.Fatalf("%s read as %s does not validate: %v", name, fm.name, err)
		}
	})
}

package doccano

import (
	"os"
	"path/filepath"
	"testing"

	"agree/annotation"
)

// FuzzRead: no input panics, and what is read validates.
func FuzzRead(f *testing.F) {
	files, _ := filepath.Glob("testdata/*/*.json*")
	for _, file := range files {
		b, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(string(b))
	}
	f.Add(`{"text":"😀a","label":[[2,3,"X"],"cls"],"entities":[{"id":"e","start_offset":0,"end_offset":2,"label":"E"}],"relations":[{"from_id":"e","to_id":"e"}]}`)
	f.Fuzz(func(t *testing.T, in string) {
		for _, u := range []annotation.OffsetUnit{annotation.CodePoint, annotation.UTF16, annotation.Byte} {
			c, err := ReadBytes([]byte(in), "u.jsonl", Options{Unit: u})
			if err != nil {
				continue
			}
			if err := c.Validate(); err != nil {
				t.Fatalf("read data does not validate: %v", err)
			}
		}
	})
}

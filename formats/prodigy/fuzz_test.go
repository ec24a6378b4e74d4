package prodigy

import (
	"os"
	"path/filepath"
	"testing"

	"agree/annotation"
)

// FuzzRead: no input panics, and what is read validates.
func FuzzRead(f *testing.F) {
	files, _ := filepath.Glob("testdata/*.jsonl")
	more, _ := filepath.Glob("testdata/binary/*.jsonl")
	files = append(files, more...)
	for _, file := range files {
		b, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(string(b))
	}
	f.Add(`{"text":"😀a","tokens":[{"start":0,"end":2}],"spans":[{"start":2,"end":3,"label":"X","text":"a"}],"accept":["p",1],"label":"L","relations":[{"head_span":{"start":0,"end":1},"child_span":{"start":2,"end":3},"label":"R"}],"answer":"reject"}`)
	f.Fuzz(func(t *testing.T, in string) {
		for _, u := range []annotation.OffsetUnit{annotation.CodePoint, annotation.UTF16, annotation.Byte} {
			c, err := ReadBytes([]byte(in), "p.jsonl", Options{Unit: u})
			if err != nil {
				continue
			}
			if err := c.Validate(); err != nil {
				t.Fatalf("read data does not validate: %v", err)
			}
		}
	})
}

package zipfs

import (
	"archive/zip"
	"bytes"
	"hash/crc32"
	"io/fs"
	"strings"
	"testing"
)

// archive returns a ZIP holding the named entries (a name ending in '/' is
// a directory), each file's content its own name.
func archive(t *testing.T, names ...string) []byte {
	t.Helper()
	var buf bytes.Buffer
	w := zip.NewWriter(&buf)
	for _, n := range names {
		// CreateRaw keeps the name as given (Create would too, but this
		// states that nothing rewrites it on the way in)
		f, err := w.CreateRaw(&zip.FileHeader{Name: n, Method: zip.Store, UncompressedSize64: uint64(len(n)), CompressedSize64: uint64(len(n)), CRC32: crc(n)})
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasSuffix(n, "/") {
			f.Write([]byte(n))
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func TestClean(t *testing.T) {
	for _, tc := range []struct {
		why     string
		entries []string
		open    string // a file that must read back
		list    string // a directory whose listing must hold the file's base name
		err     string
	}{
		{"Windows tools write backslashes: the file is listed and opened by its slash path",
			[]string{`annotation\d1\alice.tsv`}, "annotation/d1/alice.tsv", "annotation/d1", ""},
		{"mixed separators", []string{`project/annotation\d1/bob.tsv`}, "project/annotation/d1/bob.tsv", "project/annotation/d1", ""},
		{"a '.' element and a doubled slash are cleaned", []string{"./a//b.tsv"}, "a/b.tsv", "a", ""},
		{"a directory entry keeps working", []string{`a\`, `a\b.tsv`}, "a/b.tsv", "a", ""},
		{"'..' after normalising leaves the archive: refused, not cut", []string{`..\x.tsv`}, "", "", "leaves the archive"},
		{"'..' inside the name", []string{`a\..\..\x.tsv`}, "", "", "leaves the archive"},
		{"an absolute name", []string{`\etc\x.tsv`}, "", "", "absolute"},
		{"a drive letter", []string{`C:\x.tsv`}, "", "", "absolute"},
	} {
		zr, err := NewReader(archive(t, tc.entries...), "x.zip")
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) || !strings.Contains(err.Error(), "x.zip: entry") {
				t.Errorf("%s: err %v, want one naming the archive and the entry, with %q", tc.why, err, tc.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", tc.why, err)
			continue
		}
		data, err := fs.ReadFile(zr, tc.open)
		if err != nil || string(data) != tc.entries[len(tc.entries)-1] {
			t.Errorf("%s: read %s: %q %v", tc.why, tc.open, data, err)
		}
		ents, err := fs.ReadDir(zr, tc.list)
		found := false
		for _, e := range ents {
			if e.Name() == tc.open[strings.LastIndex(tc.open, "/")+1:] {
				found = true
			}
		}
		if err != nil || !found {
			t.Errorf("%s: listing %s: %v %v", tc.why, tc.list, ents, err)
		}
	}
}

func crc(s string) uint32 { return crc32.ChecksumIEEE([]byte(s)) }

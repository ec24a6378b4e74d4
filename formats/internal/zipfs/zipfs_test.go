package zipfs

import (
	"archive/zip"
	"bytes"
	"hash/crc32"
	"io/fs"
	"strings"
	"testing"

	"agree/internal/inputtest"
	"agree/internal/limits"
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

func bomb(t *testing.T, name string, size int64, flags uint16) []byte {
	return inputtest.Bomb(name, size, flags)
}

// TestArchiveChecks (issue 25): an entry is checked when opened, from its
// header, before anything is decompressed; the files that pass are read as
// streams, no larger than their header says.
func TestArchiveChecks(t *testing.T) {
	old := limits.MaxEntry
	limits.MaxEntry = 8 << 20 // the tests' scale: 256 MiB in agree
	defer func() { limits.MaxEntry = old }()
	for _, tc := range []struct {
		why  string
		zip  []byte
		want string // error fragment; "" = read back whole
	}{
		{"an entry larger than MaxEntry (a ZIP bomb: 16 MiB from 16 KiB)", bomb(t, "a.jsonl", 16<<20, 0), `x.zip: entry "a.jsonl": 16 MiB uncompressed, more than the 8 MiB agree reads of an archive member`},
		{"an entry compressed 1000 to 1 under MaxEntry", bomb(t, "a.jsonl", 4<<20, 0), `x.zip: entry "a.jsonl": 4 MiB compressed to 4.1 KiB, more than 100 to 1`},
		{"a small entry compressed 1000 to 1 is fine (nothing to fear)", bomb(t, "a.jsonl", 1<<20, 0), ""},
		{"an encrypted entry is named as such (not \"flate: corrupt input\")", bomb(t, "secret.tsv", 1<<20, 0x1), `x.zip: encrypted entry "secret.tsv"`},
	} {
		z, err := NewReader(tc.zip, "x.zip")
		if err != nil {
			t.Fatalf("%s: %v", tc.why, err)
		}
		name := z.Names()[0]
		data, err := fs.ReadFile(z, name)
		switch {
		case tc.want == "" && (err != nil || len(data) != 1<<20):
			t.Errorf("%s: %d bytes, %v", tc.why, len(data), err)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("%s: %v, want %q", tc.why, err, tc.want)
		}
	}
	// Corrupt data is named with the entry, in words.
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	w, _ := zw.CreateRaw(&zip.FileHeader{Name: "b.tsv", Method: zip.Deflate, CompressedSize64: 4, UncompressedSize64: 10})
	w.Write([]byte{0xff, 0xff, 0xff, 0xff})
	zw.Close()
	zr, err := NewReader(buf.Bytes(), "x.zip")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := fs.ReadFile(zr, "b.tsv"); err == nil || !strings.Contains(err.Error(), `x.zip: entry "b.tsv": the compressed data is corrupt`) {
		t.Errorf("corrupt data: %v", err)
	}
}

package formats

import (
	"archive/zip"
	"bytes"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"
	"testing/fstest"
	"testing/iotest"

	"agree/annotation"
	"agree/formats/units"
)

// countingFS counts the opens of each file of fsys (a browser's files,
// say): the readers must open each input once.
type countingFS struct {
	fs.FS
	mu    sync.Mutex
	opens map[string]int
}

func (c *countingFS) Open(name string) (fs.File, error) {
	f, err := c.FS.Open(name)
	if err == nil && name != "." && name != "folder" {
		c.mu.Lock()
		c.opens[name]++
		c.mu.Unlock()
	}
	return f, err
}

func (c *countingFS) twice(t *testing.T, why string) {
	t.Helper()
	for name, n := range c.opens {
		if n > 1 {
			t.Errorf("%s: %s opened %d times, want once", why, name, n)
		}
	}
}

// browserFiles is what a page would hand over: files and a folder in an
// fs.FS, with a ZIP archive among them.
func browserFiles(t *testing.T) *countingFS {
	t.Helper()
	spans, err := os.ReadFile("testdata/common/spans.csv")
	if err != nil {
		t.Fatal(err)
	}
	var zbuf bytes.Buffer
	zw := zip.NewWriter(&zbuf)
	for _, n := range []string{"d1.txt", "d2.txt"} {
		b, err := os.ReadFile(filepath.Join("testdata/common", n))
		if err != nil {
			t.Fatal(err)
		}
		w, _ := zw.Create("export/" + n)
		w.Write(b)
	}
	w, _ := zw.Create("export/spans.csv")
	w.Write(spans)
	zw.Close()
	return &countingFS{opens: map[string]int{}, FS: fstest.MapFS{
		"spans.csv":        {Data: spans},
		"folder/spans.csv": {Data: spans},
		"export.zip":       {Data: zbuf.Bytes()},
		"units.csv":        {Data: []byte("a,X,0,10\nb,X,1,10\n")},
	}}
}

// TestReadInputsOneRoute: a file, a folder and a ZIP archive of an fs.FS
// (the browser's route), and a stream, give the corpus the same files give
// as OS paths; each is opened once.
func TestReadInputsOneRoute(t *testing.T) {
	want, err := Read([]string{"testdata/common/spans.csv"}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	spans := func(c *annotation.Corpus) []annotation.Span {
		out := append([]annotation.Span(nil), c.Spans...)
		for i := range out {
			out[i].Pos = annotation.Pos{}
		}
		return out
	}
	data, _ := os.ReadFile("testdata/common/spans.csv")
	for _, tc := range []struct {
		why  string
		in   func(fsys fs.FS) *Input
		file string // the name of the first span's file
	}{
		{"a file of an fs.FS", func(fsys fs.FS) *Input { return FSInput(fsys, "spans.csv", "") }, "spans.csv"},
		{"a folder", func(fsys fs.FS) *Input { return FSInput(fsys, "folder", "") }, "folder/spans.csv"},
		{"a ZIP archive of an fs.FS (a member read as a stream)", func(fsys fs.FS) *Input { return FSInput(fsys, "export.zip", "") }, "export.zip/export/spans.csv"},
		{"a stream, one byte at a time", func(fs.FS) *Input {
			return ReaderInput("stdin", iotest.OneByteReader(bytes.NewReader(data)))
		}, "stdin"},
	} {
		fsys := browserFiles(t)
		c, err := ReadInputs([]*Input{tc.in(fsys)}, Options{})
		if err != nil {
			t.Errorf("%s: %v", tc.why, err)
			continue
		}
		if !reflect.DeepEqual(spans(c), spans(want)) {
			t.Errorf("%s: the spans differ from the OS file's", tc.why)
		}
		if got := c.Spans[0].Pos.File; got != tc.file {
			t.Errorf("%s: spans named %q, want %q", tc.why, got, tc.file)
		}
		fsys.twice(t, tc.why)
	}
}

// TestRoutingOpensOnce: the routing looks at an input's head, and the
// reader then reads it from its start, without opening it again (a pipe
// cannot be read twice).
func TestRoutingOpensOnce(t *testing.T) {
	fsys := browserFiles(t)
	in := FSInput(fsys, "units.csv", "")
	ok, err := UnitFiles([]*Input{in}, "auto")
	if err != nil || !ok {
		t.Fatalf("unit files: %v %v", ok, err)
	}
	corpus, err := ReadUnitFiles([]*Input{in}, units.Reader{})
	if err != nil || len(corpus.Continua) != 1 || len(corpus.Continua[0].Units) != 2 {
		t.Fatalf("unit files read: %+v %v", corpus, err)
	}
	in = FSInput(fsys, "spans.csv", "")
	if table, err := IsTable(in, "auto"); err != nil || table {
		t.Errorf("a span CSV is not a coding table: %v %v", table, err)
	}
	if _, err := ReadInputs([]*Input{in}, Options{}); err != nil {
		t.Error(err)
	}
	fsys.twice(t, "routing then reading")
	fsys = browserFiles(t)
	in = FSInput(fsys, "units.csv", "")
	if kind, err := CorefKind(in, "csv"); err != nil || kind != CorefCSV {
		t.Errorf("coref kind %q %v", kind, err)
	}
	f, err := in.Open()
	if err != nil {
		t.Fatal(err)
	}
	if b, err := io.ReadAll(f); err != nil || string(b) != "a,X,0,10\nb,X,1,10\n" {
		t.Errorf("after the head was looked at, the file reads %q %v, want it whole", b, err)
	}
	fsys.twice(t, "routing then reading")
	// A stream is read once: given twice, it is refused with a reason.
	s := ReaderInput("stdin", strings.NewReader("a,X,0,10\n"))
	if _, err := ReadUnitFiles([]*Input{s, s}, units.Reader{}); err == nil || !strings.Contains(err.Error(), "read already") {
		t.Errorf("standard input given twice: %v", err)
	}
}

// TestSmallStreams: a stream shorter than the routing's look-ahead, even
// one byte at a time, is read whole (not "empty", nothing lost).
func TestSmallStreams(t *testing.T) {
	for _, in := range []string{"a,X,0,10\n", "a,X,0,10"} {
		s := ReaderInput("stdin", iotest.OneByteReader(strings.NewReader(in)))
		if ok, err := UnitFiles([]*Input{s}, "auto"); err != nil || !ok {
			t.Fatalf("%q: %v %v", in, ok, err)
		}
		c, err := ReadUnitFiles([]*Input{s}, units.Reader{})
		if err != nil || len(c.Continua[0].Units) != 1 {
			t.Errorf("%q: %+v %v", in, c, err)
		}
	}
	s := ReaderInput("stdin", strings.NewReader(" \n\t"))
	var ee *EmptyError
	if _, err := ReadUnitFiles([]*Input{s}, units.Reader{}); !asEmpty(err, &ee) || ee.Size != 3 {
		t.Errorf("white space only: %v", err)
	}
}

func asEmpty(err error, target **EmptyError) bool {
	e, ok := err.(*EmptyError)
	if ok {
		*target = e
	}
	return ok
}

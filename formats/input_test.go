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
	"agree/internal/inputtest"
	"agree/internal/limits"
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
	if err == nil {
		if st, err := f.Stat(); err == nil && !st.IsDir() {
			c.mu.Lock()
			c.opens[name]++
			c.mu.Unlock()
		}
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
		"spans.csv":            {Data: spans},
		"folder/spans.csv":     {Data: spans},
		"export.zip":           {Data: zbuf.Bytes()},
		"units.csv":            {Data: []byte("a,X,0,10\nb,X,1,10\n")},
		"unitsdir/a.csv":       {Data: []byte("a,X,0,10\nb,X,1,10\n")},
		"unitsdir/b.rttm":      {Data: []byte("SPEAKER f 1 0 10 <NA> <NA> X <NA> <NA>\nSPEAKER g 1 1 9 <NA> <NA> X <NA> <NA>\n")},
		"unitsdir/.hidden.csv": {Data: []byte("a,X,0,10\n")},
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
	// a directory of unit files: each file's head looked at, then read
	fsys = browserFiles(t)
	dir := FSInput(fsys, "unitsdir", "")
	if ok, err := UnitFiles([]*Input{dir}, "auto"); err != nil || !ok {
		t.Fatalf("a directory of unit files: %v %v", ok, err)
	}
	if corpus, err = ReadUnitFiles([]*Input{dir}, units.Reader{}); err != nil || len(corpus.Continua) != 3 {
		t.Fatalf("a directory of unit files read: %d continua, %v", len(corpus.Continua), err)
	}
	fsys.twice(t, "a directory's files, routing then reading")
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

// lowLimits sets the limits to the tests' scale for the test's duration.
func lowLimits(t *testing.T) {
	t.Helper()
	line, file, entry := limits.MaxLine, limits.MaxFile, limits.MaxEntry
	limits.MaxLine, limits.MaxFile, limits.MaxEntry = 64<<10, 1<<20, 512<<10
	t.Cleanup(func() { limits.MaxLine, limits.MaxFile, limits.MaxEntry = line, file, entry })
}

// TestEndlessInputs (issue 25): an input that never ends, or one past the
// bounds, is refused with its name (and line), whatever route it takes.
func TestEndlessInputs(t *testing.T) {
	lowLimits(t)
	dir := t.TempDir()
	big := filepath.Join(dir, "big", "a.jsonl")
	os.Mkdir(filepath.Dir(big), 0o755)
	os.WriteFile(big, bytes.Repeat([]byte(`{"type":"span","document":"d","annotator":"A","start":0,"end":1,"label":"x"}`+"\n"), 20000), 0o644)
	var zbuf bytes.Buffer
	zw := zip.NewWriter(&zbuf)
	w, _ := zw.Create("export/a.jsonl")
	w.Write(bytes.Repeat([]byte("x"), 600<<10)) // refused by its size, before its ratio
	zw.Close()
	for _, tc := range []struct {
		why  string
		in   *Input
		opt  Options
		want string
	}{
		{"standard input of zeros, read as JSONL", ReaderInput("stdin", inputtest.Endless("\x00")), Options{Format: "jsonl"}, "stdin: more than 1 MiB"},
		{"an endless stream of valid records", ReaderInput("stdin", inputtest.Endless(`{"type":"span","document":"d","annotator":"A","start":0,"end":1,"label":"x"}`+"\n")), Options{Format: "jsonl"}, "stdin: more than 1 MiB"},
		{"zeros with the format detected: no format says yes", ReaderInput("stdin", inputtest.Endless("\x00")), Options{}, "cannot tell the format"},
		{"a file of a directory past the limit", (&OS{}).Input(filepath.Dir(big)), Options{}, "big/a.jsonl: more than 1 MiB"},
		{"an archive member past the limit", FSInput(fstest.MapFS{"e.zip": {Data: zbuf.Bytes()}}, "e.zip", ""), Options{}, `e.zip: entry "export/a.jsonl": 600 KiB uncompressed, more than the 512 KiB`},
	} {
		_, err := ReadInputs([]*Input{tc.in}, tc.opt)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want %q", tc.why, err, tc.want)
		}
	}
	// unit files, line by line: the line is named, never line 0
	_, err := ReadUnitFiles([]*Input{ReaderInput("stdin", inputtest.Endless("a"))}, units.Reader{})
	if err == nil || !strings.Contains(err.Error(), "stdin:1: a line longer than 64 KiB") {
		t.Errorf("an endless unit CSV line: %v", err)
	}
	_, err = ReadUnitFiles([]*Input{ReaderInput("x.rttm", inputtest.Endless("S"))}, units.Reader{})
	if err == nil || !strings.Contains(err.Error(), "x.rttm:1: a line longer than 64 KiB") {
		t.Errorf("an endless RTTM line: %v", err)
	}
}

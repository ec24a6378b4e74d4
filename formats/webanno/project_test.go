package webanno

import (
	"archive/zip"
	"bytes"
	"compress/flate"
	"hash/crc32"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"agree/annotation"
	"agree/formats/internal/commontest"
)

// TestProjectDir reads the common set as an INCEpTION project export
// directory (annotation/<document>/<user>.tsv, source/, a curation file
// left out and counted).
func TestProjectDir(t *testing.T) {
	c := &annotation.Corpus{}
	if err := ReadProjectPath(c, "testdata/project", Options{}); err != nil {
		t.Fatal(err)
	}
	if err := c.Validate(); err != nil {
		t.Fatal(err)
	}
	if d := commontest.Diff(commontest.Corpus(t), c, commontest.Options{SplitParts: true, NoChains: true, Layer: "NamedEntity"}); d != "" {
		t.Errorf("named entities differ from the common set:\n%s", d)
	}
	if strings.Join(c.Annotators, ",") != "alice,bob,碧" || len(c.Documents) != 2 {
		t.Errorf("annotators %v, documents %d", c.Annotators, len(c.Documents))
	}
	if len(c.Notes) != 1 || !strings.Contains(c.Notes[0], "1 curated document (curation/) not read") {
		t.Errorf("notes %q", c.Notes)
	}
	c = &annotation.Corpus{}
	if err := ReadProjectPath(c, "testdata/project", Options{Curation: true}); err != nil {
		t.Fatal(err)
	}
	if strings.Join(c.Annotators, ",") != "alice,bob,碧,CURATION_USER" {
		t.Errorf("with curation: annotators %v", c.Annotators)
	}
}

// TestProjectZip reads a ZIP export whose files are in every secondary
// format (TSV, XMI, JSON CAS, and XMI in a per-document ZIP with its type
// system), inside a top-level folder, and gets the same spans; an absurd
// size and an unreadable secondary format are refused.
func TestProjectZip(t *testing.T) {
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	add := func(w *zip.Writer, name string, data []byte) {
		f, err := w.Create(name)
		if err != nil {
			t.Fatal(err)
		}
		f.Write(data)
	}
	read := func(p string) []byte {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		return data
	}
	uimaDir := filepath.Join("..", "uima", "testdata", "common")
	for _, doc := range []string{"d1", "d2"} {
		add(zw, "export/source/"+doc, read(filepath.Join(commontest.Dir(), doc+".txt")))
		add(zw, "export/annotation/"+doc+"/alice.tsv", read("testdata/project/annotation/"+doc+"/alice.tsv"))
		add(zw, "export/annotation/"+doc+"/bob.xmi", read(filepath.Join(uimaDir, "bob", doc+".xmi")))
		var inner bytes.Buffer
		iz := zip.NewWriter(&inner)
		add(iz, "TypeSystem.xml", []byte("<typeSystemDescription/>"))
		add(iz, doc+".json", read(filepath.Join(uimaDir, "碧", doc+".json")))
		iz.Close()
		add(zw, "export/annotation/"+doc+"/碧.zip", inner.Bytes())
	}
	add(zw, "export/exportedproject1.json", []byte("{}"))
	zw.Close()
	dir := t.TempDir()
	zipPath := filepath.Join(dir, "export.zip")
	os.WriteFile(zipPath, buf.Bytes(), 0o644)
	c := &annotation.Corpus{}
	if err := ReadProjectPath(c, zipPath, Options{}); err != nil {
		t.Fatal(err)
	}
	if d := commontest.Diff(commontest.Corpus(t), c, commontest.Options{SplitParts: true, NoChains: true, Layer: "NamedEntity"}); d != "" {
		t.Errorf("named entities differ from the common set:\n%s", d)
	}
	zr, _ := zip.NewReader(bytes.NewReader(buf.Bytes()), int64(buf.Len()))
	if !IsProject(zr) || IsProject(os.DirFS(dir)) {
		t.Error("IsProject")
	}
	// limits
	old := MaxEntrySize
	MaxEntrySize = 100
	err := ReadProjectPath(&annotation.Corpus{}, zipPath, Options{})
	MaxEntrySize = old
	if err == nil || !strings.Contains(err.Error(), "bytes uncompressed, more than the 100") {
		t.Errorf("size limit: %v", err)
	}
	// an unreadable secondary format
	bad := filepath.Join(dir, "bad")
	os.MkdirAll(filepath.Join(bad, "annotation", "d1"), 0o755)
	os.WriteFile(filepath.Join(bad, "annotation", "d1", "alice.conll"), []byte("x"), 0o644)
	err = ReadProjectPath(&annotation.Corpus{}, bad, Options{})
	if err == nil || !strings.Contains(err.Error(), "annotation/d1/alice.conll: annotation files in .conll cannot be read: export the project with the secondary format WebAnno TSV 3.3, UIMA CAS XMI or UIMA CAS JSON") {
		t.Errorf("conll: %v", err)
	}
	empty := filepath.Join(dir, "empty")
	os.MkdirAll(filepath.Join(empty, "annotation", "d1"), 0o755)
	if err := ReadProjectPath(&annotation.Corpus{}, empty, Options{}); err == nil || !strings.Contains(err.Error(), "no annotation file") {
		t.Errorf("empty export: %v", err)
	}
	if err := ReadProjectPath(&annotation.Corpus{}, dir, Options{}); err == nil || !strings.Contains(err.Error(), "not an INCEpTION/WebAnno project export") {
		t.Errorf("not an export: %v", err)
	}
}

// TestProjectArchiveTricks: what a hostile or a mishandled archive holds
// is refused, or stays inside the archive, and its sizes are bounded; the
// reader never writes.
func TestProjectArchiveTricks(t *testing.T) {
	tsv, err := os.ReadFile("testdata/project/annotation/d1/alice.tsv")
	if err != nil {
		t.Fatal(err)
	}
	xmi, err := os.ReadFile(filepath.Join("..", "uima", "testdata", "common", "alice", "d1.xmi"))
	if err != nil {
		t.Fatal(err)
	}
	type entry struct {
		name string
		data []byte
		size uint64 // declared uncompressed size when not 0 (a lie)
	}
	zipOf := func(entries []entry) []byte {
		var buf bytes.Buffer
		zw := zip.NewWriter(&buf)
		for _, e := range entries {
			if e.size == 0 {
				w, _ := zw.Create(e.name)
				w.Write(e.data)
				continue
			}
			// a raw entry whose header lies about its size
			var comp bytes.Buffer
			fw, _ := flate.NewWriter(&comp, flate.BestCompression)
			fw.Write(e.data)
			fw.Close()
			w, _ := zw.CreateRaw(&zip.FileHeader{Name: e.name, Method: zip.Deflate, CRC32: crc32.ChecksumIEEE(e.data),
				CompressedSize64: uint64(comp.Len()), UncompressedSize64: e.size})
			w.Write(comp.Bytes())
		}
		zw.Close()
		return buf.Bytes()
	}
	base := []entry{{"exportedproject1.json", []byte("{}"), 0}, {"annotation/d1/alice.tsv", tsv, 0}}
	zeros := make([]byte, 4<<20)
	// letters that do not compress much (a real text's ratio), unlike the
	// zeros of a ZIP bomb
	rnd := rand.New(rand.NewPCG(1, 2))
	letters := make([]byte, 3<<20)
	for i := range letters {
		letters[i] = 'a' + byte(rnd.IntN(26))
	}
	long := string(letters)
	noise := make([]byte, 4<<20)
	for i := range noise {
		noise[i] = byte(rnd.IntN(256))
	}
	big := []byte("#FORMAT=WebAnno TSV 3.3\n#T_SP=webanno.custom.Span|value\n\n\n#Text=" + long + "\n1-1\t0-" + strconv.Itoa(len(long)) + "\t" + long + "\t_\n")
	for _, tc := range []struct {
		entries []entry
		limit   int64 // MaxEntrySize when not 0
		total   int64 // MaxTotalSize when not 0
		users   string
		want    string // error, "" when read
		why     string
	}{
		{base, 0, 0, "alice", "", "a plain export"},
		{append(base, entry{"annotation/d1/alice.xmi", xmi, 0}), 0, 0, "", "user alice's annotation of document d1 is also in alice.tsv: keep one of the two files", "two files of one user and document (two exports unpacked together) would count the annotations twice"},
		{append(base, entry{"annotation/d1/../../../../tmp/evil.tsv", tsv, 0}), 0, 0, "", `entry "annotation/d1/../../../../tmp/evil.tsv": a path that leaves the archive (..)`, "a name climbing out of the archive is refused, not cut to a name inside it"},
		{append(base, entry{"../evil.tsv", tsv, 0}), 0, 0, "", "leaves the archive", "a name starting with .. is refused"},
		{append(base, entry{`annotation\..\..\evil.tsv`, tsv, 0}), 0, 0, "", "leaves the archive", ".. is refused after backslashes become slashes"},
		{append(base, entry{"/annotation/d1/bob.tsv", tsv, 0}), 0, 0, "", "an absolute path", "an absolute name is refused"},
		{[]entry{{"p/exportedproject1.json", []byte("{}"), 0}, {"p/annotation/d1/alice.tsv", tsv, 0}, {"__MACOSX/p/annotation/d1/._alice.tsv", []byte{0, 5, 22, 7}, 0}, {"p/annotation/d1/._alice.tsv", []byte{0, 5, 22, 7}, 0}}, 0, 0, "alice", "", "an export wrapped in a folder by macOS's archiver, with __MACOSX beside it and AppleDouble ._ files"},
		{[]entry{{"exportedproject1.json", []byte("{}"), 0}, {`annotation\d1\alice.tsv`, tsv, 0}, {`annotation\d1\bob.tsv`, tsv, 0}}, 0, 0, "alice,bob", "", "an archive written on Windows (backslashes in entry names) is read as its slash form"},
		{[]entry{{"exportedproject1.json", []byte("{}"), 0}, {`annotation\d1\alice.zip`, zipOf([]entry{{`x\alice.tsv`, tsv, 0}}), 0}}, 0, 0, "alice", "", "a per-document archive with backslash names is read too"},
		{append(base, entry{"annotation/d1/bob.tsv", noise, 0}), 1 << 20, 0, "", "annotation/d1/bob.tsv: 4194304 bytes uncompressed, more than the 1048576", "an entry larger than MaxEntrySize is refused before it is read"},
		{append(base, entry{"annotation/d1/bob.tsv", zeros, 0}), 0, 0, "", `entry "annotation/d1/bob.tsv": 4 MiB compressed to 4.0 KiB, more than 100 to 1`, "an entry compressed 1000 to 1 (a zip bomb) is refused before it is read, by its ratio"},
		{append(base, entry{"annotation/d1/bob.tsv", zeros, 100}), 1 << 20, 0, "", "zip: ", "an entry whose header understates its size is cut at the limit, and refused"},
		{append(base, entry{"annotation/d2/bob.tsv", big, 0}, entry{"annotation/d2/cy.tsv", big, 0}), 8 << 20, 8 << 20, "", "the export decompresses to more than 8388608 bytes", "the export's total is bounded by MaxTotalSize"},
	} {
		dir := t.TempDir()
		p := filepath.Join(dir, "export.zip")
		os.WriteFile(p, zipOf(tc.entries), 0o644)
		oldLimit, oldTotal := MaxEntrySize, MaxTotalSize
		if tc.limit != 0 {
			MaxEntrySize = tc.limit
		}
		if tc.total != 0 {
			MaxTotalSize = tc.total
		}
		c := &annotation.Corpus{}
		err := ReadProjectPath(c, p, Options{})
		MaxEntrySize, MaxTotalSize = oldLimit, oldTotal
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%s: %v", tc.why, err)
		case tc.want == "" && strings.Join(c.Annotators, ",") != tc.users:
			t.Errorf("%s: annotators %v, want %s", tc.why, c.Annotators, tc.users)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("%s: got %v, want %q", tc.why, err, tc.want)
		}
		if ents, _ := os.ReadDir(dir); len(ents) != 1 {
			t.Errorf("%s: the reader wrote files: %v", tc.why, ents)
		}
	}
	if _, err := os.Stat("/tmp/evil.tsv"); err == nil {
		t.Error("a file was written outside")
	}
}

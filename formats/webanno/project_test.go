package webanno

import (
	"archive/zip"
	"bytes"
	"os"
	"path/filepath"
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
	if len(c.Notes) != 1 || !strings.Contains(c.Notes[0], "1 curated document(s) (curation/) not read") {
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

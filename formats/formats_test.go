package formats

import (
	"archive/zip"
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"agree/annotation"
)

func write(t *testing.T, dir, name, content string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestDetect checks the choice of format from the extension and the
// content, one case per rule.
func TestDetect(t *testing.T) {
	for _, tc := range []struct {
		name, file, content, want string
	}{
		{"csv by extension", "a.csv", "A,x,1,2\n", "csv"},
		{"span csv by extension", "a.csv", "document,annotator,start,end,label\nd,A,0,1,x\n", "csv"},
		{"rttm by extension", "a.rttm", "SPEAKER f 1 0.5 1 <NA> <NA> s <NA> <NA>\n", "rttm"},
		{"rttm by content", "a.txt", ";; comment\nSPEAKER f 1 0.5 1 <NA> <NA> s <NA> <NA>\n", "rttm"},
		{"model jsonl by content", "x", `{"type":"annotator","annotator":"A"}` + "\n", "jsonl"},
		{"span csv on standard input", "stdin", "document,annotator,start,end,label\nd,A,0,1,x\n", "csv"},
		{"model jsonl by extension", "x.jsonl", `{"type":"document","document":"d"}` + "\n", "jsonl"},
		{"model jsonl whose first record (a document with its text) is longer than the sniffed head", "x.jsonl", `{"type":"document","document":"d","text":"` + strings.Repeat("a", 10_000) + `"}` + "\n", "jsonl"},
		{"the same with \"type\" after another member", "x.jsonl", `{"document":"d","type":"document","text":"` + strings.Repeat("a", 10_000) + `"}` + "\n", "jsonl"},
		{"label studio export", "export.json", `[{"id":1,"annotations":[],"data":{"text":"x"}}]`, "labelstudio"},
		{"label studio by content", "project-7-at-2024.txt", `[{"id":1,"data":{"text":"x"},"annotations":[]}]`, "labelstudio"},
		{"prodigy db-out", "news.jsonl", `{"text":"x","_input_hash":1,"_task_hash":2,"answer":"accept"}`, "prodigy"},
		{"doccano member file", "alice.jsonl", `{"id":1,"text":"x","label":[[0,1,"A"]]}`, "doccano"},
		{"doccano collaborative export", "all.jsonl", `{"id":1,"text":"x","label":[]}`, "doccano"},
		{"webanno tsv", "alice.tsv", "#FORMAT=WebAnno TSV 3.3\n", "webanno"},
		{"label studio JSON-MIN export", "project-1-at-2024.json", "[\n  {\n    \"text\": \"x\",\n    \"id\": 1,\n    \"annotator\": 1,\n    \"annotation_id\": 2\n  }\n]", "labelstudio"},
		{"label studio CSV export", "project-1-at-2024.csv", "text,id,label,annotator,annotation_id,created_at\nx,1,A,1,2,t\n", "labelstudio"},
		{"label studio TSV export", "project-1-at-2024.tsv", "text\tid\tlabel\tannotator\tannotation_id\nx\t1\tA\t1\t2\n", "labelstudio"},
		{"a table with an annotator column is a table", "data.csv", "item,annotator,value\n1,A,x\n", "csv"},
		{"doccano JSON export (pandas: one line)", "alice.json", `[{"id":1,"text":"x","label":["pos"]},{"id":2,"text":"y","label":["neg"]}]`, "doccano"},
		{"doccano JSON export, indented", "alice.json", "[\n  {\n\"id\": 1, \"text\": \"x\", \"label\": [[0, 1, \"A\"]]}\n]", "doccano"},
		{"xmi", "d1.xmi", `<?xml version="1.0"?><xmi:XMI xmlns:xmi="http://www.omg.org/XMI" xmi:version="2.0">`, "xmi"},
		{"xmi as .xml", "d1.xml", `<?xml version="1.0"?><xmi:XMI xmlns:xmi="http://www.omg.org/XMI">`, "xmi"},
		{"json cas", "d1.json", `{"%TYPES":{},"%FEATURE_STRUCTURES":[]}`, "jsoncas"},
		{"brat", "d1.ann", "T1\tPER 0 5\tAlice\n", "brat"},
		{"eaf", "rec.eaf", `<?xml version="1.0" encoding="UTF-8"?>` + "\n<ANNOTATION_DOCUMENT FORMAT=\"3.0\">", "eaf"},
		{"eaf as .xml", "rec.xml", "<ANNOTATION_DOCUMENT FORMAT=\"3.0\">", "eaf"},
		{"textgrid", "rec.TextGrid", "File type = \"ooTextFile\"\nObject class = \"TextGrid\"\n", "textgrid"},
		{"textgrid in UTF-16", "rec.txt", "\xfe\xff\x00\"\x00o\x00o\x00T\x00e\x00x\x00t\x00F\x00i\x00l\x00e\x00\"\x00\n\x00\"\x00T\x00e\x00x\x00t\x00G\x00r\x00i\x00d\x00\"", "textgrid"},
	} {
		got, err := Detect([]byte(tc.content), tc.file)
		if err != nil || got != tc.want {
			t.Errorf("%s: Detect = %q, %v; want %q", tc.name, got, err, tc.want)
		}
	}
	if _, err := Detect([]byte("hello world\n"), "notes.txt"); err == nil || !strings.Contains(err.Error(), "Options.Format") {
		t.Errorf("unknown content: err %v, want a message naming Options.Format (--input)", err)
	}
}

// TestReadLegacyAndSpanCSV reads a unit CSV (one document per file, named
// after it) and a span CSV together, and a directory of them.
func TestReadLegacyAndSpanCSV(t *testing.T) {
	dir := t.TempDir()
	u := write(t, dir, "units/u1.csv", "annotator,category,start,end\nA,x,0,1.5\nB,x,0.5,2\n")
	s := write(t, dir, "spans.csv", "document,annotator,start,end,label\nd1,A,0,3,PER\nd1,B,1,3,PER\nd2,A,0,1,ORG\n")
	c, err := Read([]string{u, s}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Documents) != 3 || c.Documents[0].Name != u || !c.Documents[0].Time || c.Documents[1].Time {
		t.Fatalf("documents %+v", c.Documents)
	}
	if len(c.Spans) != 5 || c.Spans[1].Start != 0.5 || c.Spans[4].Label != "ORG" {
		t.Errorf("spans %+v", c.Spans)
	}
	// A directory is read file by file, at any depth.
	c2, err := Read([]string{dir}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(c2.Spans) != 5 {
		t.Errorf("directory: %d spans, want 5", len(c2.Spans))
	}
	// --input csv forces the reader; a format name that does not exist is refused.
	if _, err := Read([]string{s}, Options{Format: "csv"}); err != nil {
		t.Error(err)
	}
	if _, err := Read([]string{s}, Options{Format: "nope"}); err == nil || !strings.Contains(err.Error(), "labelstudio") && !strings.Contains(err.Error(), "csv") {
		t.Errorf("unknown format: %v", err)
	}
}

// TestReadZipAndStdin reads a ZIP archive of files and standard input.
func TestReadZipAndStdin(t *testing.T) {
	dir := t.TempDir()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for name, content := range map[string]string{
		"export/a.csv":  "document,annotator,start,end,label\nd,A,0,2,x\n",
		"export/b.csv":  "document,annotator,start,end,label\nd,B,0,2,x\n",
		"export/README": "not read",
	} {
		w, _ := zw.Create(name)
		w.Write([]byte(content))
	}
	zw.Close()
	z := write(t, dir, "export.zip", buf.String())
	c, err := Read([]string{z}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Spans) != 2 || len(c.Annotators) != 2 || c.Spans[0].Pos.File != filepath.ToSlash(z)+"/export/a.csv" {
		t.Errorf("zip: %d spans, annotators %v, first at %v", len(c.Spans), c.Annotators, c.Spans[0].Pos)
	}
	c, err = Read([]string{"-"}, Options{Stdin: strings.NewReader(`{"type":"span","document":"d","annotator":"A","start":0,"end":1,"label":"x"}` + "\n")})
	if err != nil || len(c.Spans) != 1 || c.Spans[0].Pos.File != "stdin" {
		t.Errorf("stdin: %v %+v", err, c)
	}
}

// TestReadCollision refuses two files that give the same annotator's
// annotations of the same document.
func TestReadCollision(t *testing.T) {
	dir := t.TempDir()
	a := write(t, dir, "a.csv", "document,annotator,start,end,label\nd,A,0,2,x\n")
	b := write(t, dir, "b.csv", "document,annotator,start,end,label\nd,A,3,4,y\n")
	_, err := Read([]string{a, b}, Options{})
	if err == nil || !strings.Contains(err.Error(), `annotator "A" of document "d" was read from`) {
		t.Errorf("err = %v", err)
	}
	// --tiers is for ELAN and Praat files (TestTiersDirAndFile): it is not
	// suggested for CSV files
	if err == nil || strings.Contains(err.Error(), "--tiers") {
		t.Errorf("a hint for another format: %v", err)
	}
}

// TestDropZeroLength drops zero-length spans with a warning each, and the
// relations that link them.
func TestDropZeroLength(t *testing.T) {
	dir := t.TempDir()
	p := write(t, dir, "m.jsonl", strings.Join([]string{
		`{"type":"span","document":"d","annotator":"A","id":"s1","start":1,"end":1,"label":"pt"}`,
		`{"type":"span","document":"d","annotator":"A","id":"s2","start":1,"end":2,"label":"x"}`,
		`{"type":"span","document":"d","annotator":"A","id":"s3","start":2,"end":3,"label":"y"}`,
		`{"type":"relation","document":"d","annotator":"A","source":"s1","target":"s2","relation":"r1"}`,
		`{"type":"relation","document":"d","annotator":"A","source":"s3","target":"s2","relation":"r2"}`,
	}, "\n")+"\n")
	var warned []string
	c, err := Read([]string{p}, Options{DropZeroLength: true, Warn: func(m string) { warned = append(warned, m) }})
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Spans) != 2 || c.Spans[0].ID != "s2" || len(c.Relations) != 1 || c.Relations[0].Source != 1 || c.Relations[0].Target != 0 {
		t.Errorf("spans %+v relations %+v", c.Spans, c.Relations)
	}
	if len(warned) != 1 || !strings.Contains(warned[0], "m.jsonl:1") {
		t.Errorf("warnings %q", warned)
	}
}

// TestCoveredTextChecked: a span whose covered text differs from the
// document text is an error naming the file, the span and both strings.
func TestCoveredTextChecked(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		why, file, content string
		want               []string // in the error
		unitHint           bool     // the error suggests --offset-unit
	}{
		{"the model's JSONL counts code points whatever --offset-unit says: no suggestion of it", "m.jsonl",
			`{"type":"document","document":"d","text":"😀 Alice"}` + "\n" + `{"type":"span","document":"d","annotator":"A","id":"T1","start":3,"end":7,"label":"PER","text":"Alice"}` + "\n",
			[]string{"m.jsonl:2", `"lice"`, `"Alice"`, "jsonl offsets are code points of the document text"}, false},
		{"Prodigy's offsets may be in another unit: --offset-unit is suggested", "p.jsonl",
			`{"text":"😀 Alice","spans":[{"start":3,"end":7,"label":"PER","text":"Alice"}],"_annotator_id":"A","answer":"accept","_input_hash":1}` + "\n",
			[]string{`"Alice"`}, true},
	} {
		p := write(t, dir, tc.file, tc.content)
		_, err := Read([]string{p}, Options{})
		if err == nil {
			t.Errorf("%s: no error", tc.why)
			continue
		}
		for _, w := range tc.want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("%s: %v, want %q", tc.why, err, w)
			}
		}
		if got := strings.Contains(err.Error(), "Options.OffsetUnit codepoint, utf16 or byte") || strings.Contains(err.Error(), "Options.OffsetUnit sets"); got != tc.unitHint {
			t.Errorf("%s: %v: suggests --offset-unit %v, want %v", tc.why, err, got, tc.unitHint)
		}
	}
}

// TestOptionsCheck refuses bad options before any file is read.
func TestOptionsCheck(t *testing.T) {
	for _, o := range []Options{
		{Format: "bogus"},
		{OffsetUnit: "chars"},
		{Column: -1},
		{Unaligned: "guess"},
		{Tiers: "A=,B=x"},
		{Tiers: "Gesture_(.+"},
		{Format: "jsonl", OffsetUnit: "utf16"}, // the JSONL counts code points: the flag would do nothing
		{Format: "eaf", OffsetUnit: "byte"},
	} {
		if err := o.Check(); err == nil {
			t.Errorf("%+v: no error", o)
		}
	}
	for _, o := range []Options{{}, {Format: "auto", OffsetUnit: "utf16", Tiers: "A=T1,B=T2", Unaligned: "refuse"}, {Tiers: "annotator"}, {Tiers: "Gesture_(.+)"}, {Format: "labelstudio", OffsetUnit: "utf16"}} {
		if err := o.Check(); err != nil {
			t.Errorf("%+v: %v", o, err)
		}
	}
}

// TestProjectsAndDirectories reads the project export and the directories
// per annotator of the readers of brat, WebAnno and UIMA through the
// dispatch, and checks the documents and annotators it names.
func TestProjectsAndDirectories(t *testing.T) {
	for _, tc := range []struct {
		why   string
		paths []string
		opt   Options
		docs  int
		anns  []string
	}{
		{"INCEpTION project export, detected", []string{"webanno/testdata/project"}, Options{}, 2, []string{"alice", "bob", "碧"}},
		{"with the curation", []string{"webanno/testdata/project"}, Options{Curation: true}, 2, []string{"alice", "bob", "碧", "CURATION_USER"}},
		{"brat, a directory per annotator", []string{"brat/testdata/common"}, Options{}, 2, []string{"alice", "bob", "碧"}},
		{"brat, one annotator's directory", []string{"brat/testdata/common/bob"}, Options{}, 2, []string{"bob"}},
		{"XMI files, a directory per annotator", []string{"uima/testdata/common"}, Options{Format: "xmi"}, 2, []string{"alice", "bob", "碧"}},
	} {
		c, err := Read(tc.paths, tc.opt)
		if err != nil {
			t.Errorf("%s: %v", tc.why, err)
			continue
		}
		anns := append([]string(nil), c.Annotators...)
		slices.Sort(anns)
		want := append([]string(nil), tc.anns...)
		slices.Sort(want)
		if len(c.Documents) != tc.docs || !slices.Equal(anns, want) {
			t.Errorf("%s: %d documents, annotators %v; want %d, %v", tc.why, len(c.Documents), anns, tc.docs, want)
		}
	}
}

// TestTextsDiffer: two files with different texts for one document are an
// error that shows where they part.
func TestTextsDiffer(t *testing.T) {
	dir := t.TempDir()
	a := write(t, dir, "alice.bio", "Alice B-PER\nstayed O\n. O\n")
	b := write(t, dir, "bob.bio", "Alice B-PER\nstayed O\n! O\n")
	_, err := Read([]string{a, b}, Options{})
	if err == nil || !strings.Contains(err.Error(), `bob.bio: the text of document "1" differs from the one in `) ||
		!strings.Contains(err.Error(), `from code point 13 on: "Alice stayed !" here, "Alice stayed ." there`) {
		t.Errorf("err = %v", err)
	}
}

// TestTiersDirAndFile: ELAN or Praat files of one annotator each, the
// annotator named by the directory (--tiers dir) or by the file (--tiers
// file), with the same tier names in every file.
func TestTiersDirAndFile(t *testing.T) {
	dir := t.TempDir()
	eaf := func(v1, v2 string) string {
		return `<ANNOTATION_DOCUMENT><HEADER TIME_UNITS="milliseconds"/><TIME_ORDER><TIME_SLOT TIME_SLOT_ID="t1" TIME_VALUE="` + v1 +
			`"/><TIME_SLOT TIME_SLOT_ID="t2" TIME_VALUE="` + v2 + `"/></TIME_ORDER><TIER TIER_ID="Gesture"><ANNOTATION><ALIGNABLE_ANNOTATION ANNOTATION_ID="a1" TIME_SLOT_REF1="t1" TIME_SLOT_REF2="t2"><ANNOTATION_VALUE>beat</ANNOTATION_VALUE></ALIGNABLE_ANNOTATION></ANNOTATION></TIER></ANNOTATION_DOCUMENT>`
	}
	a := write(t, dir, "coderA/session1.eaf", eaf("100", "900"))
	b := write(t, dir, "coderB/session1.eaf", eaf("150", "950"))
	if _, err := Read([]string{a, b}, Options{}); err == nil || !strings.Contains(err.Error(), "Options.Tiers dir") {
		t.Errorf("without --tiers dir: %v", err)
	}
	c, err := Read([]string{filepath.Join(dir, "coderA"), filepath.Join(dir, "coderB")}, Options{Tiers: "dir"})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(c.Annotators, []string{"coderA", "coderB"}) || len(c.Documents) != 1 || c.Documents[0].Name != "session1" || c.Spans[1].Layer != "Gesture" || c.Spans[1].Start != 0.15 {
		t.Errorf("--tiers dir: annotators %v, documents %+v, spans %+v", c.Annotators, c.Documents, c.Spans)
	}
	tg := "File type = \"ooTextFile short\"\n\"TextGrid\"\n0 2 <exists> 1\n\"IntervalTier\" \"turns\" 0 2 2\n0 1 \"a\"\n1 2 \"\"\n"
	write(t, dir, "rec7/ana.TextGrid", tg)
	write(t, dir, "rec7/bo.TextGrid", tg)
	c, err = Read([]string{filepath.Join(dir, "rec7")}, Options{Tiers: "file"})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(c.Annotators, []string{"ana", "bo"}) || len(c.Documents) != 1 || c.Documents[0].Name != "rec7" || len(c.Spans) != 2 {
		t.Errorf("--tiers file: annotators %v, documents %+v", c.Annotators, c.Documents)
	}
}

// TestExtentRoundTrip: a TextGrid's extent survives the model's JSONL.
func TestExtentRoundTrip(t *testing.T) {
	c, err := Read([]string{"textgrid/testdata/dialogue.TextGrid"}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := annotation.WriteJSONL(&buf, c); err != nil {
		t.Fatal(err)
	}
	back, err := annotation.ReadJSONL(&buf, "x.jsonl")
	if err != nil || back.Documents[0].Extent != [2]float64{0, 4.2} {
		t.Errorf("%v %+v", err, back.Documents)
	}
}

// TestBratTrees reads brat directories and ZIP archives of several layouts
// through the dispatch: the annotators, their documents, and the paths the
// messages give.
func TestBratTrees(t *testing.T) {
	const ann = "T1\tPER 0 5\tAlice\n"
	const txt = "Alice left."
	bad := "T1\tPER 0 5\tAlice\nT2\tPER 0 99\tnowhere\n"
	type file struct{ name, content string }
	collection := func(prefix string, anns ...string) []file {
		var fs []file
		for _, a := range anns {
			fs = append(fs, file{prefix + a + "/d1.ann", ann}, file{prefix + a + "/d1.txt", txt}, file{prefix + a + "/news/d2.ann", ann}, file{prefix + a + "/news/d2.txt", txt})
		}
		return fs
	}
	for _, tc := range []struct {
		why   string
		files []file
		zip   bool
		anns  string // sorted, joined by ","
		docs  string
		err   string // an error that must name the real path
	}{
		{"annotator folders at the top", collection("", "alice", "bob"), false, "alice,bob", "d1,news/d2", ""},
		{"annotator folders at the top of an archive", collection("", "alice", "bob"), true, "alice,bob", "d1,news/d2", ""},
		{"zip -r brat.zip brat: one folder wraps the annotators' folders, which share documents", collection("brat/", "alice", "bob"), true, "alice,bob", "d1,news/d2", ""},
		{"two wrapping folders in a directory", collection("data/brat/", "alice", "bob", "碧"), false, "alice,bob,碧", "d1,news/d2", ""},
		{"a wrapper beside a README (not a folder) is still the lone folder", append(collection("brat/", "alice", "bob"), file{"README.txt", "x"}), true, "alice,bob", "d1,news/d2", ""},
		{"an archive made on macOS: __MACOSX and its AppleDouble ._ files are not annotators nor documents",
			append(collection("brat/", "alice", "bob"), file{"__MACOSX/brat/alice/._d1.ann", "\x00\x05\x16\x07"}, file{"brat/bob/._d1.ann", "\x00\x05\x16\x07"}), true, "alice,bob", "d1,news/d2", ""},
		{"zip -r alice.zip alice: one annotator's folder with sub-collections of different documents stays one annotator",
			[]file{{"alice/news/d1.ann", ann}, {"alice/news/d1.txt", txt}, {"alice/blogs/d2.ann", ann}, {"alice/blogs/d2.txt", txt}}, true, "alice", "blogs/d2,news/d1", ""},
		{"one annotator's folder with .ann files at its top", []file{{"alice/d1.ann", ann}, {"alice/d1.txt", txt}}, true, "alice", "d1", ""},
		{"one annotator's folder with one sub-collection: the annotator is the top folder", []file{{"alice/news/d1.ann", ann}, {"alice/news/d1.txt", txt}}, true, "alice", "news/d1", ""},
		{"a wrapper around one annotator's folder: the documents of one annotator whatever the names", collection("brat/", "alice"), true, "brat", "alice/d1,alice/news/d2", ""},
		{"an error in a wrapped archive names the archive, the folders and the line",
			append(collection("brat/", "alice"), file{"brat/bob/d1.ann", bad}, file{"brat/bob/d1.txt", txt}), true, "", "", "brat.zip/brat/bob/d1.ann:2"},
		{"an error in a directory names it and the line", append(collection("", "alice"), file{"bob/d1.ann", bad}, file{"bob/d1.txt", txt}), false, "", "", "brat/bob/d1.ann:2"},
	} {
		dir := t.TempDir()
		p := filepath.Join(dir, "brat")
		if tc.zip {
			var buf bytes.Buffer
			zw := zip.NewWriter(&buf)
			for _, f := range tc.files {
				w, _ := zw.Create(f.name)
				w.Write([]byte(f.content))
			}
			zw.Close()
			p = write(t, dir, "brat.zip", buf.String())
		} else {
			for _, f := range tc.files {
				write(t, p, f.name, f.content)
			}
		}
		var notes []string
		c, err := Read([]string{p}, Options{Warn: func(m string) { notes = append(notes, m) }})
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%s: err %v, want %q", tc.why, err, tc.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", tc.why, err)
			continue
		}
		anns := slices.Clone(c.Annotators)
		slices.Sort(anns)
		var docs []string
		for _, d := range c.Documents {
			docs = append(docs, d.Name)
		}
		slices.Sort(docs)
		if strings.Join(anns, ",") != tc.anns || strings.Join(docs, ",") != tc.docs {
			t.Errorf("%s: annotators %v, documents %v; want %s and %s", tc.why, anns, docs, tc.anns, tc.docs)
		}
		for _, n := range c.Notes {
			if strings.Contains(n, "brat .") || !strings.Contains(n, filepath.ToSlash(p)) {
				t.Errorf("%s: note %q does not name the path read", tc.why, n)
			}
		}
	}
}

// TestProjectWithoutAnnotations: an INCEpTION/WebAnno project export with
// no annotation/ folder (exported without a secondary format) is named as
// such, whatever way it is given.
func TestProjectWithoutAnnotations(t *testing.T) {
	const want = "an INCEpTION/WebAnno project export without annotations"
	for _, tc := range []struct {
		why    string
		files  map[string]string
		zip    bool
		path   string // inside the temporary directory; "" the directory or archive
		format string
		err    string
	}{
		{"a directory with exportedproject1.json and no annotation/", map[string]string{"exportedproject1.json": "{}", "source/d1.txt": "x"}, false, "", "", want},
		{"an archive wrapped in a folder, with INCEpTION's annotation_ser/ only", map[string]string{"p/exportedproject1.json": "{}", "p/annotation_ser/d1/alice.ser": "x"}, true, "", "", want},
		{"--input inception says the same", map[string]string{"exportedproject1.json": "{}"}, false, "", "inception", want},
		{"--input webanno (which reads project exports too) says the same", map[string]string{"exportedproject1.json": "{}"}, true, "", "webanno", want},
		{"the project description alone", map[string]string{"exportedproject1.json": "{}"}, false, "exportedproject1.json", "", "the project description of an INCEpTION/WebAnno project export"},
		{"--input brat is not told about INCEpTION", map[string]string{"exportedproject1.json": "{}"}, false, "", "brat", "no file with a known extension (.ann)"},
	} {
		dir := t.TempDir()
		p := filepath.Join(dir, "export")
		if tc.zip {
			var buf bytes.Buffer
			zw := zip.NewWriter(&buf)
			for n, c := range tc.files {
				w, _ := zw.Create(n)
				w.Write([]byte(c))
			}
			zw.Close()
			p = write(t, dir, "export.zip", buf.String())
		} else {
			for n, c := range tc.files {
				write(t, p, n, c)
			}
			if tc.path != "" {
				p = filepath.Join(p, tc.path)
			}
		}
		_, err := Read([]string{p}, Options{Format: tc.format})
		if err == nil || !strings.Contains(err.Error(), tc.err) {
			t.Errorf("%s: err %v, want %q", tc.why, err, tc.err)
		}
	}
}

// TestBratAnnotators: the annotators' folders a directory is recognised to
// hold (for callers that otherwise take a directory as one annotator's).
func TestBratAnnotators(t *testing.T) {
	ann := &fstest.MapFile{Data: []byte("T1\tPER 0 5\tAlice\n")}
	for _, tc := range []struct {
		why   string
		files []string
		want  string // joined by ","
	}{
		{"annotators' copies of a collection", []string{"alice/d1.ann", "bob/d1.ann"}, "alice,bob"},
		{"the same in wrapping folders", []string{"data/brat/alice/x/d1.ann", "data/brat/bob/x/d1.ann", "data/README"}, "data/brat/alice,data/brat/bob"},
		{"one annotator's folder", []string{"d1.ann", "d2.ann"}, ""},
		{"one annotator's sub-collections hold different documents", []string{"news/d1.ann", "blogs/d2.ann"}, ""},
		{"a wrapped folder of one annotator", []string{"alice/news/d1.ann"}, ""},
		{"macOS's __MACOSX folder is not an annotator", []string{"alice/d1.ann", "bob/d1.ann", "__MACOSX/alice/._d1.ann"}, "alice,bob"},
	} {
		fsys := fstest.MapFS{}
		for _, f := range tc.files {
			fsys[f] = ann
		}
		dirs, err := BratAnnotators(fsys)
		if err != nil || strings.Join(dirs, ",") != tc.want {
			t.Errorf("%s: %v %v, want %q", tc.why, dirs, err, tc.want)
		}
	}
}

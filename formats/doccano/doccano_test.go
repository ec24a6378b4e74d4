package doccano

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"agree/annotation"
	"agree/formats/internal/commontest"
)

func readDir(t *testing.T, dir string, opt Options) *annotation.Corpus {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(dir, "*.jsonl"))
	c := &annotation.Corpus{}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		part, err := ReadBytes(data, f, opt)
		if err != nil {
			t.Fatal(err)
		}
		if err := c.Merge(part); err != nil {
			t.Fatal(err)
		}
	}
	if err := c.Validate(); err != nil {
		t.Fatal(err)
	}
	return c
}

// TestSequence reads testdata/sequence (the common set as a sequence
// labelling export, one file per member, UTF-16 offsets) and checks every
// span against the common set.
func TestSequence(t *testing.T) {
	c := readDir(t, "testdata/sequence", Options{Unit: DefaultUnit})
	want := commontest.Corpus(t)
	commontest.Rename(t, want, c, nil)
	if d := commontest.Diff(want, c, commontest.Options{SplitParts: true, NoChains: true}); d != "" {
		t.Errorf("spans differ from the common set:\n%s", d)
	}
	if s := c.Spans[1]; s.Pos.String() != "testdata/sequence/alice.jsonl:1: label[1]" {
		t.Errorf("position %q", s.Pos)
	}
	// Read as code points, the offsets after the emoji are one too far:
	// Bob is "ob " and the last span ends after the text.
	_, err := ReadBytes([]byte(`{"id":2,"text":"碧 flew 🚀 to","label":[[10,13,"X"]]}`), "alice.jsonl", Options{Unit: annotation.CodePoint})
	if err == nil || !strings.Contains(err.Error(), "alice.jsonl:1: label[0]: end: offset 13 is outside the text") || !strings.Contains(err.Error(), "utf16") {
		t.Errorf("err = %v", err)
	}
}

// TestClassification: document labels, and an example left without a
// label is annotated but has no value.
func TestClassification(t *testing.T) {
	c := readDir(t, "testdata/classification", Options{Unit: DefaultUnit})
	var got []string
	for _, l := range c.Labels {
		got = append(got, c.Documents[l.Doc].Name+","+c.Annotators[l.Annotator]+","+l.Value)
	}
	slices.Sort(got)
	want := []string{"11,alice,positive", "11,bob,positive", "11,碧,neutral", "12,alice,neutral", "12,bob,neutral", "12,碧,neutral"}
	if !slices.Equal(got, want) {
		t.Errorf("labels %q, want %q", got, want)
	}
	if len(c.Documents) != 3 || len(c.Annotated()[2]) != 3 {
		t.Errorf("documents %d; annotated %v", len(c.Documents), c.Annotated())
	}
	d, err := c.Coding("", "|")
	if err != nil || d.NumItems() != 3 || d.NumCoders() != 3 {
		t.Fatalf("coding data: %v", err)
	}
}

// TestRelations reads a relation project: entities with ids and the
// relations between them.
func TestRelations(t *testing.T) {
	c := readDir(t, "testdata/relations", Options{Unit: DefaultUnit})
	if len(c.Spans) != 8 || len(c.Relations) != 3 {
		t.Fatalf("%d spans, %d relations", len(c.Spans), len(c.Relations))
	}
	var got []string
	for _, r := range c.Relations {
		o, _ := annotation.NewOffsets(c.Documents[r.Doc].Text, annotation.CodePoint)
		s, d := c.Spans[r.Source], c.Spans[r.Target]
		got = append(got, c.Annotators[r.Annotator]+": "+o.Text(int(s.Start), int(s.End))+" -"+r.Type+"-> "+o.Text(int(d.Start), int(d.End)))
	}
	slices.Sort(got)
	want := []string{"alice: Bob -located_in-> 東京", "alice: she -coref-> Alice", "bob: she -coref-> Alice"}
	if !slices.Equal(got, want) {
		t.Errorf("relations %q, want %q", got, want)
	}
}

// TestCollaborativeRefused: all.jsonl says why it cannot be used.
func TestCollaborativeRefused(t *testing.T) {
	data, _ := os.ReadFile("testdata/collaborative/all.jsonl")
	_, err := ReadBytes(data, "testdata/collaborative/all.jsonl", Options{})
	if err == nil || !strings.Contains(err.Error(), "collaborative") || !strings.Contains(err.Error(), "<username>.jsonl") {
		t.Errorf("err = %v", err)
	}
	if _, err := ReadBytes(data, "all.jsonl", Options{Annotator: "x"}); err != nil {
		t.Errorf("with a named annotator: %v", err)
	}
}

// TestErrors: file:line, the field, and what was expected.
func TestErrors(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{`{"id":1,"text":"ab","label":[[0,1]]}`, `u.jsonl:1: label[0]: [0,1] is not a span [start, end, "LABEL"]`},
		{"{\"id\":1,\"text\":\"ab\"}\n{\"id\":1,\"text\":\"ab\"}", `u.jsonl:2: id: example "1" already read at line 1`},
		{`{"id":1,"text":"ab","label":[[1,0,"X"]]}`, "u.jsonl:1: label[0]: start 1 is after end 0"},
		{`{"id":1,"text":"ab","label":"X"}`, "u.jsonl:1: label: a JSON string"},
		{`{"id":1,"text":"ab","entities":[{"id":1,"start_offset":0,"end_offset":1,"label":"A"}],"relations":[{"from_id":1,"to_id":9}]}`, `relations[0]: from_id "1" or to_id "9" is not the id of an entity`},
		{`{"id":1,"text":"ab",}`, "u.jsonl:1:21: unexpected '}'"},
		{`[1]`, "u.jsonl:1: [0]: a JSON number (want an example object)"},
		{`[{"id":1,"text":"ab"},{"id":1,"text":"ab"}]`, `u.jsonl:1: [1].id: example "1" already read at [0]`},
		{"[\n{\"id\":1,\"text\":\"ab\"},\n{\"id\":2,\"text\":\"ab\",\"label\":[[0,9,\"X\"]]}]", "u.jsonl:3: [1].label[0]: end: "},
		{`[{"id":1,"text":"ab"}`, "u.jsonl:1:22: unexpected end of input"},
		{`{"id":1,"text":"ab"}`, ""},
	} {
		_, err := ReadBytes([]byte(tc.in), "u.jsonl", Options{Unit: DefaultUnit})
		if tc.want == "" {
			if err != nil {
				t.Errorf("%s: %v", tc.in, err)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: err = %v, want %q", tc.in, err, tc.want)
		}
	}
}

// TestJSONExport: doccano's JSON export (an array of the examples, written
// by pandas on one line, "/" escaped, text outside the BMP in UTF-16
// offsets) reads as the JSONL does.
func TestJSONExport(t *testing.T) {
	var got []string
	for _, f := range []string{"testdata/json/alice.json", "testdata/json/bob.json"} {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if !IsArray(data) {
			t.Fatalf("%s: not seen as an array", f)
		}
		c, err := ReadBytes(data, f, Options{Unit: DefaultUnit})
		if err != nil {
			t.Fatal(err)
		}
		if err := c.Validate(); err != nil {
			t.Fatal(err)
		}
		if len(c.Documents) != 2 || len(c.Documents[0].AnnotatedBy) != 1 || len(c.Documents[1].AnnotatedBy) != 1 {
			t.Errorf("%s: %d documents, both annotated by the file's member: %+v", f, len(c.Documents), c.Documents)
		}
		for _, s := range c.Spans {
			got = append(got, fmt.Sprintf("%s %s %s [%v,%v) %s", c.Annotators[s.Annotator], c.Documents[s.Doc].Name, s.Label, s.Start, s.End, s.Pos))
		}
	}
	// code points: "Ada 😀 met 😀 Bob in Zürich." has Bob at 12–15 and
	// Zürich at 19–25 (UTF-16: 14–17 and 21–27)
	want := []string{
		"alice 1 PER [0,3) testdata/json/alice.json:1: [0].label[0]",
		"alice 1 PER [12,15) testdata/json/alice.json:1: [0].label[1]",
		"alice 1 LOC [19,25) testdata/json/alice.json:1: [0].label[2]",
		"bob 1 PER [0,3) testdata/json/bob.json:2: [0].label[0]",
		"bob 1 LOC [19,25) testdata/json/bob.json:2: [0].label[1]",
		"bob 2 ORG [0,2) testdata/json/bob.json:3: [1].label[0]",
	}
	if !slices.Equal(got, want) {
		t.Errorf("spans\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

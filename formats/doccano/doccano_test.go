package doccano

import (
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
		{`[1]`, "u.jsonl:1: a JSON array (want an example object)"},
	} {
		_, err := ReadBytes([]byte(tc.in), "u.jsonl", Options{Unit: DefaultUnit})
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: err = %v, want %q", tc.in, err, tc.want)
		}
	}
}

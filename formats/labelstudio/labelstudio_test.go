package labelstudio

import (
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"agree/annotation"
	"agree/formats/internal/commontest"
)

func read(t *testing.T, file string, opt Options) *annotation.Corpus {
	t.Helper()
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	c, err := Read(f, file, opt)
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Validate(); err != nil {
		t.Fatal(err)
	}
	return c
}

var emails = map[string]string{"alice@example.org": "alice", "bob@example.org": "bob", "碧@example.org": "碧"}

// TestExport reads testdata/export.json, the common annotation set as a
// Label Studio JSON export (two text tasks, three annotators identified by
// completed_by objects, a cancelled annotation, a prediction), and checks
// every span against the common set, then the document labels, the
// relation, the per-region choice and the notes.
func TestExport(t *testing.T) {
	c := read(t, "testdata/export.json", Options{})
	if err := c.CheckText(); err != nil {
		t.Fatal(err)
	}
	want := commontest.Corpus(t)
	commontest.Rename(t, want, c, emails)
	// Label Studio has no discontinuous spans (the two parts are two
	// regions) and no chains.
	if d := commontest.Diff(want, c, commontest.Options{SplitParts: true, NoChains: true, Layer: "label"}); d != "" {
		t.Errorf("spans differ from the common set:\n%s", d)
	}
	if len(c.Annotators) != 3 || slices.Contains(c.Annotators, "dave@example.org") {
		t.Errorf("annotators %v: the cancelled annotation's author must not be one", c.Annotators)
	}
	// document labels (choices) as in labels.csv
	var got []string
	for _, l := range c.Labels {
		got = append(got, c.Documents[l.Doc].Name+","+c.Annotators[l.Annotator]+","+l.Layer+","+l.Value)
	}
	slices.Sort(got)
	wantLabels := []string{"d1,alice,sentiment,positive", "d1,bob,sentiment,positive", "d1,碧,sentiment,neutral",
		"d2,alice,sentiment,neutral", "d2,bob,sentiment,neutral", "d2,碧,sentiment,neutral"}
	if !slices.Equal(got, wantLabels) {
		t.Errorf("labels %q, want %q", got, wantLabels)
	}
	// alice's relation she → Alice, and the per-region choice on Bob
	if len(c.Relations) != 1 {
		t.Fatalf("%d relations, want 1", len(c.Relations))
	}
	r := c.Relations[0]
	src, dst := c.Spans[r.Source], c.Spans[r.Target]
	if r.Type != "coref" || src.Text != "she" || dst.Text != "Alice" || c.Annotators[r.Annotator] != "alice" || r.Pos.Path != "[0].annotations[0].result[5]" {
		t.Errorf("relation %+v: %q → %q", r, src.Text, dst.Text)
	}
	for _, s := range c.Spans {
		if want := s.Text == "Bob" && c.Annotators[s.Annotator] == "alice"; (s.Attrs["confidence"] == "certain") != want {
			t.Errorf("span %q of %s: attributes %v", s.Text, c.Annotators[s.Annotator], s.Attrs)
		}
	}
	notes := strings.Join(c.Notes, "\n")
	for _, n := range []string{"1 cancelled (skipped) annotation excluded", "1 prediction ignored", `1 "textarea" result ignored`} {
		if !strings.Contains(notes, n) {
			t.Errorf("notes lack %q:\n%s", n, notes)
		}
	}
}

// TestUTF16Offsets: an export of a Label Studio version that counted UTF-16
// units reads with Unit UTF16 into the same spans; read as code points, the
// covered text check names the first span the emoji shifts.
func TestUTF16Offsets(t *testing.T) {
	want := read(t, "testdata/export.json", Options{})
	got := read(t, "testdata/export-utf16.json", Options{Unit: annotation.UTF16})
	if err := got.CheckText(); err != nil {
		t.Fatal(err)
	}
	common := commontest.Corpus(t)
	commontest.Rename(t, common, want, emails)
	commontest.Rename(t, common, got, map[string]string{"1": "alice", "2": "bob", "3": "碧"})
	if a, b := commontest.Spans(want, commontest.Options{NoChains: true, Layer: "label"}), commontest.Spans(got, commontest.Options{NoChains: true, Layer: "label"}); !slices.Equal(a, b) {
		t.Errorf("UTF-16 export read differently:\n%q\n%q", a, b)
	}
	_, err := Read(strings.NewReader(mustRead(t, "testdata/export-utf16.json")), "testdata/export-utf16.json", Options{})
	if err == nil || !strings.Contains(err.Error(), "[0].annotations[0].result[1]") || !strings.Contains(err.Error(), `"Bob"`) || !strings.Contains(err.Error(), `"ob "`) {
		t.Errorf("err = %v", err)
	}
}

// TestAudio: regions on an audio task are seconds; completed_by integers
// name the annotators.
func TestAudio(t *testing.T) {
	c := read(t, "testdata/audio.json", Options{})
	if len(c.Documents) != 1 || !c.Documents[0].Time || c.Documents[0].HasText || c.Documents[0].Name != "12" {
		t.Fatalf("documents %+v", c.Documents)
	}
	want := []string{"1 1.006 1.896 Speech segment", "1 3.738 4.926 Speech segment", "2 0.95 1.9 Speech segment", "2 2.401 3.422 Music segment"}
	var got []string
	for _, s := range c.Spans {
		got = append(got, strings.Join([]string{c.Annotators[s.Annotator], ftoa(s.Start), ftoa(s.End), s.Label, s.Layer}, " "))
	}
	if !slices.Equal(got, want) {
		t.Errorf("spans %q, want %q", got, want)
	}
}

func ftoa(x float64) string { return strconv.FormatFloat(x, 'f', -1, 64) }

// TestErrors: each error names the file, the JSON path and what was
// expected.
func TestErrors(t *testing.T) {
	for _, tc := range []struct{ name, in, want string }{
		{"not JSON", `[{"id":1,`, "x.json: line 1, column 10: unexpected end of input"},
		{"not an export", `[{"a":1}]`, "x.json: [0]: not a Label Studio task"},
		{"no annotator", `[{"id":1,"data":{"text":"ab"},"annotations":[{"result":[]}]}]`, "x.json: [0].annotations[0].completed_by: missing"},
		{"twice", `[{"id":1,"data":{"text":"ab"},"annotations":[{"completed_by":1,"result":[]},{"completed_by":1,"result":[]}]}]`, `annotator "1" annotated task "1" twice`},
		{"bad offset", `[{"id":1,"data":{"text":"ab"},"annotations":[{"completed_by":1,"result":[{"id":"r","type":"labels","from_name":"l","to_name":"text","value":{"start":0,"end":[1],"labels":["A"]}}]}]}]`, "[0].annotations[0].result[0].value.end: [1] is not a number"},
		{"after the text", `[{"id":1,"data":{"text":"ab"},"annotations":[{"completed_by":1,"result":[{"id":"r","type":"labels","from_name":"l","to_name":"text","value":{"start":1,"end":3,"labels":["A"]}}]}]}]`, "[0].annotations[0].result[0].value.end: offset 3 is outside the text"},
		{"inside a surrogate pair", `[{"id":1,"data":{"text":"😀a"},"annotations":[{"completed_by":1,"result":[{"id":"r","type":"labels","from_name":"l","to_name":"text","value":{"start":1,"end":2,"labels":["A"]}}]}]}]`, "falls inside a character"},
		{"negative", `[{"id":1,"data":{"text":"ab"},"annotations":[{"completed_by":1,"result":[{"id":"r","type":"labels","from_name":"l","to_name":"text","value":{"start":-1,"end":1,"labels":["A"]}}]}]}]`, "whole numbers from 0"},
	} {
		_, err := Read(strings.NewReader(tc.in), "x.json", Options{Unit: map[bool]annotation.OffsetUnit{true: annotation.UTF16}[tc.name == "inside a surrogate pair"]})
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: err = %v, want %q", tc.name, err, tc.want)
		}
	}
}

func mustRead(t *testing.T, file string) string {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestMinExports: the JSON-MIN, CSV and TSV exports of one project (a
// rotating design: task 1 by ana and ben, 2 by ben and cy, 3 by ana and
// cy; text outside the BMP; a multiple choice; a record without a choice)
// read as the same corpus, written after label-studio-converter's
// convert_to_json_min and convert_to_csv: the min export names users by
// id, the CSV by email.
func TestMinExports(t *testing.T) {
	dump := func(c *annotation.Corpus) []string {
		var out []string
		for _, s := range c.Spans {
			out = append(out, fmt.Sprintf("span %s %s %s %s [%v,%v) %q", c.Documents[s.Doc].Name, c.Annotators[s.Annotator], s.Layer, s.Label, s.Start, s.End, s.Text))
		}
		for _, l := range c.Labels {
			out = append(out, fmt.Sprintf("label %s %s %s %s", c.Documents[l.Doc].Name, c.Annotators[l.Annotator], l.Layer, l.Value))
		}
		for _, d := range c.Documents {
			var by []string
			for _, a := range d.AnnotatedBy {
				by = append(by, c.Annotators[a])
			}
			out = append(out, fmt.Sprintf("document %s %q by %v", d.Name, d.Text, by))
		}
		return out
	}
	var first []string
	for _, f := range []string{"testdata/min/rotating-min.json", "testdata/min/rotating.csv", "testdata/min/rotating.tsv"} {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		c, err := ReadBytes(data, f, Options{})
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		if err := c.Validate(); err != nil {
			t.Fatal(err)
		}
		if !c.RecordsAssignment() {
			t.Errorf("%s: who annotated each task is recorded", f)
		}
		if strings.HasSuffix(f, ".json") { // users by id in the min export, by email in the CSV
			for i, a := range c.Annotators {
				c.Annotators[i] = map[string]string{"1": "ana@example.com", "2": "ben@example.com", "3": "cy@example.com"}[a]
			}
		}
		got := dump(c)
		if strings.HasSuffix(f, ".json") {
			first = got
			// 𝔘𝔫𝔦 (three code points outside the BMP) at 3–6 of task 2
			if !slices.Contains(got, `span 2 ben@example.com label ORG [3,6) "𝔘𝔫𝔦"`) {
				t.Errorf("%s: no ORG span at [3,6):\n%s", f, strings.Join(got, "\n"))
			}
			if !slices.Contains(got, "label 2 ben@example.com sentiment Neutral") || !slices.Contains(got, "label 3 ana@example.com sentiment Neutral") {
				t.Errorf("%s: choices:\n%s", f, strings.Join(got, "\n"))
			}
			continue
		}
		if !slices.Equal(got, first) {
			t.Errorf("%s reads otherwise than the JSON-MIN export:\n%s\nwant\n%s", f, strings.Join(got, "\n"), strings.Join(first, "\n"))
		}
	}
}

// TestMinErrors: what a JSON-MIN or CSV export lacks is named with its
// record.
func TestMinErrors(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{`[{"id":1,"text":"ab","annotation_id":3}]`, "x: [0]: a record without its annotator"},
		{`[{"text":"ab","annotator":1,"annotation_id":3}]`, "x: [0]: a record without the task's id"},
		{`[{"id":1,"text":"ab","annotator":1,"annotation_id":3},{"id":1,"text":"ab","annotator":1,"annotation_id":4}]`, `x: [1]: annotator "1" annotated task "1" twice (also at [0])`},
		{`[{"id":1,"text":"ab","l":[{"start":0,"end":9,"labels":["X"]}],"annotator":1,"annotation_id":3}]`, "x: [0].l[0].value.end: "},
		{"id,text,annotator,annotation_id\n1,ab,,3\n", "x: line 2: a record without its annotator"},
		{"id,text,annotator,annotation_id\n1,\"ab,x,3\n", "x:2:"},
	} {
		_, err := ReadBytes([]byte(c.in), "x", Options{})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: %v, want %q", c.in, err, c.want)
		}
	}
}

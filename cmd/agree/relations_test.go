package main

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"agree/formats"
)

func TestRelationsGolden(t *testing.T) {
	for _, tc := range []struct {
		golden string
		args   []string
	}{
		{"relations.txt", []string{"relations", "examples/relations.csv"}},
		{"relations-overlap-ignore.json", []string{"relations", "--match", "overlap", "--labels", "ignore", "--format", "json", "examples/relations.csv"}},
	} {
		out, errs, code := agree(t, "", tc.args...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", tc.args, code, errs)
		}
		golden(t, tc.golden, out)
	}
}

// TestRelationsBrat reads brat R lines (one directory per annotator; text
// outside the BMP, so offsets are code points) and writes the
// disagreements with the covered texts.
func TestRelationsBrat(t *testing.T) {
	if !slices.Contains(formats.Names(), "brat") {
		t.Skip("the brat reader is not in --input yet")
	}
	dir := t.TempDir()
	text := "Ada Lovelace 😀 met Charles Babbage in London.\n"
	ents := "T1\tPER 0 12\tAda Lovelace\nT2\tPER 19 34\tCharles Babbage\nT3\tLOC 38 44\tLondon\n"
	for ann, rels := range map[string]string{
		"ana": "R1\tmet Arg1:T1 Arg2:T2\nR2\tlocated_in Arg1:T2 Arg2:T3\n",
		"ben": "R1\tmet Arg1:T1 Arg2:T2\nR2\tlocated_in Arg1:T1 Arg2:T3\n",
	} {
		if err := os.MkdirAll(filepath.Join(dir, ann), 0o755); err != nil {
			t.Fatal(err)
		}
		os.WriteFile(filepath.Join(dir, ann, "doc.txt"), []byte(text), 0o644)
		os.WriteFile(filepath.Join(dir, ann, "doc.ann"), []byte(ents+rels), 0o644)
	}
	dis := filepath.Join(dir, "dis.csv")
	out, errs, code := agree(t, "", "relations", "--format", "json", "--disagreements", dis, filepath.Join(dir, "ana"), filepath.Join(dir, "ben"))
	if code != 0 {
		t.Fatal(errs)
	}
	var v struct {
		Pairs []struct {
			Matched int     `json:"matched"`
			F1      float64 `json:"f1"`
		} `json:"pairs"`
	}
	if err := json.Unmarshal([]byte(out), &v); err != nil {
		t.Fatal(err)
	}
	// "met" matches; located_in links Babbage for ana, Lovelace for ben.
	if v.Pairs[0].Matched != 1 || v.Pairs[0].F1 != 0.5 {
		t.Errorf("pair %+v, want 1 matched, F1 1/2", v.Pairs[0])
	}
	got, err := os.ReadFile(dis)
	if err != nil {
		t.Fatal(err)
	}
	want := "document,source_start,source_end,source_text,target_start,target_end,target_text,kind,ana,ben\n" +
		"doc,0,12,Ada Lovelace,38,44,London,missing,,\"located_in: PER [0,12) → LOC [38,44)\"\n" +
		"doc,19,34,Charles Babbage,38,44,London,missing,\"located_in: PER [19,34) → LOC [38,44)\",\n"
	if string(got) != want {
		t.Errorf("disagreements\n%s\nwant\n%s", got, want)
	}
	if _, errs, code := agree(t, "", "relations", "--disagreements", dis, filepath.Join(dir, "ana"), filepath.Join(dir, "ben")); code != 2 || !strings.Contains(errs, "--force") {
		t.Errorf("existing disagreements file: exit %d %q", code, errs)
	}
}

func TestRelationsErrors(t *testing.T) {
	// Spans without relations.
	if _, errs, code := agree(t, "", "relations", "examples/entities.csv"); code != 1 || !strings.Contains(errs, "no relations") {
		t.Errorf("no relations: exit %d %q", code, errs)
	}
	if _, errs, code := agree(t, "", "relations", "--match", "iou:7", "examples/relations.csv"); code != 2 {
		t.Errorf("bad --match: exit %d %q", code, errs)
	}
}

// TestRelationsLabelStudio: Label Studio "relation" results (from_id →
// to_id, typed by their labels; direction "left" reversed). Both
// annotators link Ada → Babbage as "met" (bob draws it leftwards from
// Babbage); alice also links Babbage → London.
func TestRelationsLabelStudio(t *testing.T) {
	region := func(id string, start, end int, text, label string) string {
		return `{"id":"` + id + `","from_name":"label","to_name":"text","type":"labels","value":{"start":` + itoa(start) + `,"end":` + itoa(end) + `,"text":"` + text + `","labels":["` + label + `"]}}`
	}
	rel := func(from, to, dir, typ string) string {
		return `{"type":"relation","from_id":"` + from + `","to_id":"` + to + `","direction":"` + dir + `","labels":["` + typ + `"]}`
	}
	regions := region("a", 0, 12, "Ada Lovelace", "PER") + "," + region("b", 17, 32, "Charles Babbage", "PER") + "," + region("c", 36, 42, "London", "LOC")
	export := `[{"id":1,"data":{"text":"Ada Lovelace met Charles Babbage in London in 1833."},"annotations":[` +
		`{"completed_by":{"email":"alice@example.org"},"result":[` + regions + "," + rel("a", "b", "right", "met") + "," + rel("b", "c", "right", "located_in") + `]},` +
		`{"completed_by":{"email":"bob@example.org"},"result":[` + regions + "," + rel("b", "a", "left", "met") + `]}]}]`
	p := t.TempDir() + "/export.json"
	if err := os.WriteFile(p, []byte(export), 0o644); err != nil {
		t.Fatal(err)
	}
	out, errs, code := agree(t, "", "relations", "--input", "labelstudio", "--format", "json", p)
	if code != 0 {
		t.Fatal(errs)
	}
	var v struct {
		Pairs []struct {
			Matched            int     `json:"matched"`
			ReferenceRelations int     `json:"reference_relations"`
			ResponseRelations  int     `json:"response_relations"`
			F1                 float64 `json:"f1"`
		} `json:"pairs"`
	}
	if err := json.Unmarshal([]byte(out), &v); err != nil {
		t.Fatal(err)
	}
	// 1 matched of 2 and 1: F1 = 2/3.
	if q := v.Pairs[0]; q.Matched != 1 || q.ReferenceRelations != 2 || q.ResponseRelations != 1 || math.Abs(q.F1-2.0/3) > 1e-12 {
		t.Errorf("%+v, want 1 matched of 2 and 1, F1 2/3", q)
	}
}

// TestDisagreementKinds: the kind column of the span disagreements CSV, a
// contract: each kind a curator meets, and its words documented in the
// README (several joined by "+").
func TestDisagreementKinds(t *testing.T) {
	dir := t.TempDir()
	in := writeFile(t, dir, "s.csv", "document,annotator,start,end,label\n"+
		"d,A,0,5,PER\nd,B,0,5,LOC\n"+ // the labels differ
		"d,A,10,15,PER\nd,B,10,14,PER\n"+ // the extents differ
		"d,A,20,25,PER\nd,B,20,24,LOC\n"+ // both
		"d,A,30,35,PER\n"+ // B marked nothing
		"d,A,40,45,PER\nd,A,40,45,PER\nd,B,40,45,PER\n") // A marked it twice
	dis := filepath.Join(dir, "dis.csv")
	if _, errs, code := agree(t, "", "spans", "--disagreements", dis, in); code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	data, _ := os.ReadFile(dis)
	want := map[string]string{"0": "label", "10": "extent", "20": "extent+label", "30": "missing", "40": "count"}
	doc := docs(t)
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	for _, l := range lines[1:] {
		f := strings.Split(l, ",")
		start, kind := f[1], f[4]
		if want[start] != kind {
			t.Errorf("the group at %s has kind %q, want %q (%s)", start, kind, want[start], l)
		}
		delete(want, start)
		for _, w := range strings.Split(kind, "+") {
			if !strings.Contains(doc, "`"+w+"`") {
				t.Errorf("kind %q: %q is not documented in the docs (docs/relations.md, docs/spans.md)", kind, w)
			}
		}
	}
	if len(want) > 0 {
		t.Errorf("no row for %v:\n%s", want, data)
	}
	if !strings.Contains(doc, "(`extent+label`: both differ") {
		t.Error("the docs do not document kinds joined by +")
	}
}

package tiers

import (
	"strings"
	"testing"
)

// TestAssign: each way of choosing tiers, with the reason it is there.
func TestAssign(t *testing.T) {
	ts := []Tier{
		{Name: "default", Empty: true},
		{Name: "Gesture_A", Annotator: "A", Type: "gesture"},
		{Name: "Gesture_B", Annotator: "B", Type: "gesture"},
		{Name: "notes"},
	}
	for _, tc := range []struct {
		why, spec string
		want      []Choice
		note      string
	}{
		{"auto: the ANNOTATOR attribute, layer = type", "", []Choice{{}, {"A", "gesture"}, {"B", "gesture"}, {}}, `2 tiers not read ("default", "notes")`},
		{"a mapping", "x=Gesture_B,y=notes", []Choice{{}, {}, {"x", ""}, {"y", ""}}, `("default", "Gesture_A")`},
		{"a pattern with a group", "Gesture_(.+)", []Choice{{}, {"A", "Gesture_*"}, {"B", "Gesture_*"}, {}}, `("default", "notes")`},
		{"a pattern without a group: the whole name", "no.*", []Choice{{}, {}, {}, {"notes", ""}}, ""},
	} {
		s, err := Parse(tc.spec)
		if err != nil {
			t.Fatalf("%s: %v", tc.why, err)
		}
		got, note, err := s.Assign(ts, "f.eaf")
		if err != nil {
			t.Errorf("%s: %v", tc.why, err)
			continue
		}
		for i := range got {
			if got[i] != tc.want[i] {
				t.Errorf("%s: tier %s: %+v, want %+v", tc.why, ts[i].Name, got[i], tc.want[i])
			}
		}
		if !strings.Contains(note, tc.note) {
			t.Errorf("%s: note %q, want %q", tc.why, note, tc.note)
		}
	}
	// without ANNOTATOR attributes, auto takes the names of the tiers with annotations
	plain := []Tier{{Name: "Maureen"}, {Name: "default", Empty: true}}
	s, _ := Parse("")
	got, note, _ := s.Assign(plain, "f.TextGrid")
	if got[0] != (Choice{"Maureen", ""}) || got[1] != (Choice{}) || !strings.Contains(note, "they have no annotation") {
		t.Errorf("names: %+v %q", got, note)
	}
	for _, tc := range []struct{ spec, want string }{
		{"A=Gesture_C", `no tier "Gesture_C" (given to annotator "A" by Options.Tiers); the tiers are "Gesture_A", "Gesture_B", "default", "notes"`},
		{"annotator", ""},
		{"Z(.*)", "no tier matches Options.Tiers Z(.*)"},
	} {
		s, err := Parse(tc.spec)
		if err != nil {
			t.Fatal(err)
		}
		_, _, err = s.Assign(ts, "f.eaf")
		if (err == nil) != (tc.want == "") || (err != nil && !strings.Contains(err.Error(), tc.want)) {
			t.Errorf("%s: err %v, want %q", tc.spec, err, tc.want)
		}
	}
	for _, spec := range []string{"A=x,A=y", "A=x,B=x", "=x", "(unclosed"} {
		if _, err := Parse(spec); err == nil {
			t.Errorf("%s: no error", spec)
		}
	}
}

func TestDocument(t *testing.T) {
	cases := []struct {
		spec, given, file, want, why string
	}{
		{"", "", "corpus/rec1.eaf", "rec1", "by default the file's base name"},
		{"", "given", "corpus/rec1.eaf", "given", "a document given wins"},
		{"dir", "", "alice/rec1.eaf", "rec1", "dir: one folder per annotator, the file is the document"},
		{"file", "", "rec1/alice.TextGrid", "rec1", "file: one folder per document, the file is the annotator"},
		{"file", "given", "rec1/alice.TextGrid", "given", "a document given wins over file"},
		{"A=T1,B=T2", "", "x/rec2.eaf", "rec2", "tiers by name: the file's base name"},
	}
	for _, c := range cases {
		sel, err := Parse(c.spec)
		if err != nil {
			t.Fatalf("%s: %v", c.why, err)
		}
		if got := sel.Document(c.given, c.file); got != c.want {
			t.Errorf("%s: Document(%q, %q) = %q, want %q", c.why, c.given, c.file, got, c.want)
		}
	}
}

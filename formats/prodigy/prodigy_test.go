package prodigy

import (
	"os"
	"slices"
	"strings"
	"testing"

	"agree/annotation"
	"agree/formats/internal/commontest"
)

func read(t *testing.T, file string) *annotation.Corpus {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	c, err := ReadBytes(data, file, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Validate(); err != nil {
		t.Fatal(err)
	}
	return c
}

var annotators = map[string]string{"news_ner-alice": "alice", "news_ner-bob": "bob", "news_ner-碧": "碧"}

// TestNER reads testdata/news_ner.jsonl (the common set as ner.manual
// answers of three annotators, with an ignored and a rejected task) and
// checks every span, the tokens and the notes.
func TestNER(t *testing.T) {
	c := read(t, "testdata/news_ner.jsonl")
	if err := c.CheckText(); err != nil {
		t.Fatal(err)
	}
	if len(c.Documents) != 2 {
		t.Fatalf("%d documents, want 2 (the ignored and the rejected task are left out)", len(c.Documents))
	}
	want := commontest.Corpus(t)
	commontest.Rename(t, want, c, annotators)
	if d := commontest.Diff(want, c, commontest.Options{SplitParts: true, NoChains: true}); d != "" {
		t.Errorf("spans differ from the common set:\n%s", d)
	}
	// tokens of d1: Alice 0-5 … stayed 30-36, . 36-37
	toks := c.Documents[0].Tokens
	if len(toks) != 10 || toks[2] != (annotation.Token{Start: 10, End: 11}) || toks[9] != (annotation.Token{Start: 36, End: 37}) {
		t.Errorf("tokens of d1: %v", toks)
	}
	notes := strings.Join(c.Notes, "\n")
	if !strings.Contains(notes, "1 task answered ignore excluded") || !strings.Contains(notes, "1 task answered reject excluded") {
		t.Errorf("notes:\n%s", notes)
	}
}

// TestChoices: accept lists are document labels; a binary question gives
// accept or reject in the layer of its label.
func TestChoices(t *testing.T) {
	c := read(t, "testdata/news_cat.jsonl")
	var got []string
	for _, l := range c.Labels {
		got = append(got, c.Documents[l.Doc].Name+","+c.Annotators[l.Annotator]+","+l.Layer+","+l.Value)
	}
	slices.Sort(got)
	want := []string{
		"-1190329425,news_cat-alice,,positive", "-1190329425,news_cat-bob,,positive", "-1190329425,news_cat-碧,,neutral",
		"873419205,news_cat-alice,,neutral", "873419205,news_cat-alice,TRAVEL,accept", "873419205,news_cat-bob,,neutral",
		"873419205,news_cat-bob,TRAVEL,reject", "873419205,news_cat-碧,,neutral", "873419205,news_cat-碧,TRAVEL,accept"}
	if !slices.Equal(got, want) {
		t.Errorf("labels\n%q\nwant\n%q", got, want)
	}
	if d, err := c.Coding("TRAVEL", "|"); err != nil || d.NumItems() != 2 {
		t.Errorf("coding of the binary question: %v", err)
	}
}

// TestRelations: rel.manual relations link the task's spans.
func TestRelations(t *testing.T) {
	c := read(t, "testdata/news_rel.jsonl")
	if len(c.Relations) != 1 || len(c.Spans) != 2 {
		t.Fatalf("%d relations, %d spans", len(c.Relations), len(c.Spans))
	}
	r := c.Relations[0]
	if r.Type != "COREF" || c.Spans[r.Source].Start != 26 || c.Spans[r.Target].Start != 0 {
		t.Errorf("relation %+v", r)
	}
}

// TestErrors: file:line, the field, what was expected.
func TestErrors(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{`{"text":"ab","spans":[{"start":0,"end":3}],"answer":"accept","_annotator_id":"x"}`, "p.jsonl:1: spans[0]: end: offset 3 is outside the text"},
		{`{"text":"ab","answer":"maybe"}`, `p.jsonl:1: answer: "maybe" (want accept, reject or ignore)`},
		{`{"text":"ab","spans":[{"start":0,"end":1,"text":"b"}]}`, `p.jsonl:1: spans[0]: [0, 1) covers "a" in the text, but the span's text is "b"`},
		{"{\"text\":\"ab\",\"_input_hash\":1,\"_annotator_id\":\"x\"}\n{\"text\":\"ab\",\"_input_hash\":1,\"_annotator_id\":\"x\"}", `p.jsonl:2: annotator "x" answered input 1 twice (also at line 1)`},
		{`{"answer":"accept"}`, "p.jsonl:1: a task with neither _input_hash nor text"},
		{`{"text":"ab","accept":"x"}`, "p.jsonl:1: accept: a JSON string"},
		{`{"text":1}`, "p.jsonl:1: a task with neither _input_hash nor text"},
		{"{\"text\":\"ab\",\"_input_hash\":1,\"_view_id\":\"ner\",\"_annotator_id\":\"x\",\"spans\":[{\"start\":0,\"end\":1,\"label\":\"X\"}]}\n{\"text\":\"ab\",\"_input_hash\":1,\"_view_id\":\"ner\",\"_annotator_id\":\"x\",\"spans\":[{\"start\":0,\"end\":1,\"label\":\"X\"}],\"answer\":\"reject\"}", `p.jsonl:2: annotator "x" answered the question about span [0,1) as "X" of input 1 twice (also at line 1)`},
		// issue 25: tokens whose offsets contradict the text were read as they were
		{"{\"text\":\"x\"}\n" + `{"text":"ab cd","tokens":[{"text":"ab","start":0,"end":2,"id":0},{"text":"cd","start":2,"end":4,"id":1}]}`,
			`p.jsonl:2: tokens[1]: [2, 4) covers " c" in the text, but the token's text is "cd"`},
	} {
		_, err := ReadBytes([]byte(tc.in), "p.jsonl", Options{})
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: err = %v, want %q", tc.in, err, tc.want)
		}
	}
	// no annotator id: the file's name
	c, err := ReadBytes([]byte(`{"text":"ab","spans":[{"start":0,"end":1,"label":"X"}]}`), "dir/carol.jsonl", Options{})
	if err != nil || c.Annotators[0] != "carol" {
		t.Errorf("%v %v", err, c)
	}
}

// TestBinary: ner.teach and textcat.teach answers (the same input in many
// tasks, one question each, view ids "ner" and "classification"; text
// outside the BMP) are read, not refused as answering an input twice:
// each answer is a label accept or reject of its question, an accepted
// suggestion a span. The figures of agree coding and agree spans on
// these files are worked out in cmd/agree's TestRealExports.
func TestBinary(t *testing.T) {
	c := read(t, "testdata/binary/ner_teach.jsonl")
	var got []string
	for _, l := range c.Labels {
		got = append(got, c.Annotators[l.Annotator]+" "+l.Layer+" "+l.Item+" "+l.Value)
	}
	want := []string{
		"news-alice PER [0,3) accept", "news-alice PER [10,13) accept", "news-alice PER [10,13) reject", "news-alice PER [0,3) accept",
		"news-bob PER [0,3) accept", "news-bob PER [10,13) reject", "news-bob PER [10,13) reject",
	}
	if !slices.Equal(got, want) {
		t.Errorf("answers\n%q\nwant\n%q", got, want)
	}
	var spans []string
	for _, s := range c.Spans {
		spans = append(spans, c.Annotators[s.Annotator]+" "+s.Text)
	}
	// 𝔘𝔫𝔦 is three code points: [0,3) of "𝔘𝔫𝔦 hired Eve."
	if want := []string{"news-alice Ada", "news-alice Bob", "news-alice 𝔘𝔫𝔦", "news-bob Ada"}; !slices.Equal(spans, want) {
		t.Errorf("spans %q, want the accepted suggestions %q", spans, want)
	}
	if len(c.Documents) != 2 || !c.RecordsAssignment() {
		t.Errorf("%d documents (want the 2 inputs), assignment recorded %v", len(c.Documents), c.RecordsAssignment())
	}
	d, err := c.Coding("", "")
	if err != nil || d.NumItems() != 4 {
		t.Errorf("coding: %v; want the 4 questions as items", err)
	}
	tc := read(t, "testdata/binary/textcat_teach.jsonl")
	if len(tc.Labels) != 6 || len(tc.Documents) != 3 || tc.Labels[0].Layer != "POSITIVE" || tc.Labels[0].Item != "" {
		t.Errorf("textcat.teach: %d labels on %d documents: %+v", len(tc.Labels), len(tc.Documents), tc.Labels)
	}
}

// TestBinaryWithoutViewID: the same ner.teach answers as TestBinary's with
// the _view_id keys taken out (as exports of older Prodigy versions and
// scripts that keep only the task's own keys have them) are read the same
// — one question per task with one suggested span, the accepted ones also
// spans — because an annotator answered two such tasks about one input;
// a note says how the file was read. A manual task with one span given
// once per input stays a manual one.
func TestBinaryWithoutViewID(t *testing.T) {
	want := read(t, "testdata/binary/ner_teach.jsonl")
	got := read(t, "testdata/binary/ner_teach_noview.jsonl")
	if !slices.EqualFunc(got.Labels, want.Labels, func(a, b annotation.Label) bool {
		return a.Layer == b.Layer && a.Item == b.Item && a.Value == b.Value && a.Doc == b.Doc && a.Annotator == b.Annotator
	}) {
		t.Errorf("answers %+v\nwant %+v", got.Labels, want.Labels)
	}
	if !slices.EqualFunc(got.Spans, want.Spans, func(a, b annotation.Span) bool {
		return a.Start == b.Start && a.End == b.End && a.Label == b.Label && a.Doc == b.Doc && a.Annotator == b.Annotator
	}) {
		t.Errorf("spans %+v\nwant %+v", got.Spans, want.Spans)
	}
	if !slices.ContainsFunc(got.Notes, func(n string) bool {
		return strings.Contains(n, "by the tasks' shape") && strings.Contains(n, `annotator "news-alice"`) && strings.Contains(n, "lines 1 and 2")
	}) {
		t.Errorf("no note on how the file was read: %q", got.Notes)
	}
	if slices.ContainsFunc(want.Notes, func(n string) bool { return strings.Contains(n, "shape") }) {
		t.Errorf("a file with view ids is read by them, not by shape: %q", want.Notes)
	}
	// one span per input and annotator, no view id: a manual recipe's
	// answers (a rejected task excluded, no labels)
	manual := "{\"text\":\"ab\",\"_input_hash\":1,\"_annotator_id\":\"x\",\"spans\":[{\"start\":0,\"end\":1,\"label\":\"X\"}],\"answer\":\"accept\"}\n" +
		"{\"text\":\"cd\",\"_input_hash\":2,\"_annotator_id\":\"x\",\"spans\":[{\"start\":0,\"end\":1,\"label\":\"X\"}],\"answer\":\"reject\"}\n"
	c, err := ReadBytes([]byte(manual), "m.jsonl", Options{})
	if err != nil || len(c.Labels) != 0 || len(c.Spans) != 1 {
		t.Errorf("manual answers: %v, %d labels, %d spans; want no label and the accepted span", err, len(c.Labels), len(c.Spans))
	}
	// options make a task a choice, never a binary question: the repeat
	// is refused as before
	choice := "{\"text\":\"ab\",\"_input_hash\":1,\"_annotator_id\":\"x\",\"options\":[{\"id\":\"A\"}],\"accept\":[\"A\"],\"spans\":[{\"start\":0,\"end\":1,\"label\":\"X\"}]}\n"
	if _, err := ReadBytes([]byte(choice+choice), "c.jsonl", Options{}); err == nil || !strings.Contains(err.Error(), "answered input 1 twice") {
		t.Errorf("a repeated choice task: %v", err)
	}
}

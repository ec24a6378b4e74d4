package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestMissingContentSaysWhatTheFileHas: a file without what a command
// compares is refused with what it holds and what to run on it — a JSONL
// of documents without spans is not said to have document labels, nor told
// to use a span measure.
func TestMissingContentSaysWhatTheFileHas(t *testing.T) {
	dir := t.TempDir()
	write := func(name, s string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	noSpans := write("nospans.jsonl", `{"type": "annotator", "annotator": "ana"}
{"type": "annotator", "annotator": "ben"}
{"type": "document", "document": "d1", "text": "Ada met Bob."}
{"type": "document", "document": "d2", "text": "Hello there."}
`)
	labels := write("labels.jsonl", `{"type": "label", "document": "d1", "annotator": "a", "value": "X"}
{"type": "label", "document": "d1", "annotator": "b", "value": "Y"}
`)
	for _, tc := range []struct {
		why  string
		args []string
		code int
		want []string
		not  []string
	}{
		{"coding --outside on documents without spans: a data error saying so, not 'these files have document labels'",
			[]string{"coding", "--outside", "exclude", noSpans}, 1,
			[]string{"no document labels or spans to compare", "2 documents (2 with a text), 2 annotators, no span, no document label and no relation", "nothing is annotated yet"},
			[]string{"these files have document labels", "span measure"}},
		{"coding on documents without spans: not told to use a span measure",
			[]string{"coding", noSpans}, 1,
			[]string{"2 documents (2 with a text), 2 annotators, no span", "agree spans compares spans"},
			[]string{"span measure"}},
		{"spans on documents without spans",
			[]string{"spans", noSpans}, 1, []string{"spans: no spans to compare", "no span, no document label"}, nil},
		{"relations on spans without relations: what to run on the spans",
			[]string{"relations", "examples/entities.jsonl"}, 1,
			[]string{"no relations to compare", "3 documents (3 with a text), 3 annotators, 25 spans, no document label and no relation", "agree spans compares the spans"}, nil},
		{"coding --outside on document labels: a usage error that counts them",
			[]string{"coding", "--outside", "exclude", labels}, 2,
			[]string{"--outside is for spans compared token by token", "1 document, 2 annotators, no span, 2 document labels", "agree coding compares its document labels"}, nil},
		{"gamma on documents without spans", []string{"gamma", noSpans}, 1, []string{"gamma: no spans (units) to compare", "no span, no document label"}, nil},
		{"unitizing on document labels: run agree coding", []string{"unitizing", labels}, 1, []string{"agree coding compares the document labels"}, nil},
		{"spans on document labels: run agree coding",
			[]string{"spans", labels}, 1, []string{"no span, 2 document labels", "agree coding compares the document labels"}, nil},
	} {
		_, errs, code := agree(t, "", tc.args...)
		if code != tc.code {
			t.Errorf("%s: exit %d, want %d: %s", tc.why, code, tc.code, errs)
		}
		for _, w := range tc.want {
			if !strings.Contains(errs, w) {
				t.Errorf("%s: message lacks %q: %s", tc.why, w, errs)
			}
		}
		for _, w := range tc.not {
			if strings.Contains(errs, w) {
				t.Errorf("%s: message says %q: %s", tc.why, w, errs)
			}
		}
	}
}

// TestNotesAgreeInNumber: the notes, titles and messages of the commands,
// run on inputs where counts are 1, say "1 document", never "1 documents"
// or "document(s)" (the plurals are made by internal/plural).
func TestNotesAgreeInNumber(t *testing.T) {
	dir := t.TempDir()
	write := func(name, s string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	// one document, three tokens; ana marks "Ada" twice (PER, LOC: one
	// token value with two labels) and "Bob" twice (a repeated span); "met"
	// is the one token nobody marked
	one := write("one.jsonl", `{"type": "document", "document": "d1", "text": "Ada met Bob"}
{"type": "span", "document": "d1", "annotator": "ana", "start": 0, "end": 3, "label": "PER"}
{"type": "span", "document": "d1", "annotator": "ana", "start": 0, "end": 3, "label": "LOC"}
{"type": "span", "document": "d1", "annotator": "ana", "start": 8, "end": 11, "label": "PER"}
{"type": "span", "document": "d1", "annotator": "ana", "start": 8, "end": 11, "label": "PER"}
{"type": "span", "document": "d1", "annotator": "ben", "start": 0, "end": 3, "label": "PER"}
{"type": "span", "document": "d1", "annotator": "ben", "start": 8, "end": 11, "label": "PER"}
`)
	oneMissing := write("missing.csv", "item,C1,C2\n1,a,a\n2,a,\n3,b,b\n")
	runs := []struct {
		why  string
		args []string
		want string // a phrase the run must print
	}{
		{"token agreement on one document", []string{"coding", "--outside", "exclude", one}, "2 tokens of 1 document"}, // 3 tokens, 1 left out
		{"one token left out", []string{"coding", "--outside", "exclude", one}, "1 token no annotator marked was left out"},
		{"one token value with several labels", []string{"coding", one}, "1 token value is covered"},
		{"one item lacking a value", []string{"coding", oneMissing}, "1 of 3 items lacks a value"},
		{"one repeated span", []string{"spans", one}, "1 span repeats another span"},
		{"spans of one document, by document", []string{"spans", "--by", "document", one}, "in 1 document, 2 annotators"},
		{"one item of segmentation", []string{"segmentation", "testdata/segmentation/g5_ch1.csv"}, "1 item, 4 coders"},
		{"one singleton added", []string{"coref", "--missing", "singletons", "testdata/coref/passonneau.csv"}, "added 1 singleton:"},
	}
	// a count of 1 followed by a plural noun (words ending in s in the
	// singular excepted)
	bad := regexp.MustCompile(`(^|[^0-9.,\[(-])1 ([A-Za-z_.-]*[a-z]s)\b`)
	singular := map[string]bool{"class": true, "corpus": true, "bias": true, "analysis": true, "is": true, "was": true, "has": true, "this": true, "its": true, "as": true, "us": true}
	for _, r := range runs {
		for _, format := range []string{"text", "json"} {
			out, errs, code := agree(t, "", append(r.args, "--format", format)...)
			if code != 0 {
				t.Fatalf("%s: exit %d: %s", r.why, code, errs)
			}
			all := out + errs
			if format == "text" && !strings.Contains(strings.Join(strings.Fields(all), " "), r.want) {
				t.Errorf("%s: the output does not say %q:\n%s", r.why, r.want, all)
			}
			for _, m := range bad.FindAllStringSubmatch(all, -1) {
				if !singular[m[2]] {
					t.Errorf("%s (%s): %q: a plural after 1", r.why, format, strings.TrimSpace(m[0]))
				}
			}
			if strings.Contains(all, "(s)") {
				t.Errorf("%s (%s): a plural written (s): %s", r.why, format, all)
			}
		}
	}
}

// TestEmptyInputEveryCommand: an empty file, or empty standard input,
// given to any command says that the input is empty (exit 1), whatever
// reader it would have gone to (the unit reader said "no units", the
// dispatch "cannot tell the format", the coding table "the header has 1
// column").
func TestEmptyInputEveryCommand(t *testing.T) {
	dir := t.TempDir()
	write := func(name, s string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	inputs := []struct {
		why, path, want string
	}{
		{"0 bytes, .csv", write("empty.csv", ""), "empty.csv: the file is empty (0 bytes)"},
		{"0 bytes, no extension", write("empty", ""), "empty: the file is empty (0 bytes)"},
		{"blank lines", write("blank.txt", "\n  \n\n"), "blank.txt: the file is empty (5 bytes of white space only)"},
		{"a .json model or statistics file", write("empty.json", ""), "empty.json: the file is empty"},
	}
	commands := [][]string{{"coding"}, {"coding", "--merge-stats"}, {"spans"}, {"relations"}, {"gamma"}, {"unitizing"}, {"segmentation"}, {"coref"}, {"convert"}}
	for _, in := range inputs {
		for _, cmd := range commands {
			_, errs, code := agree(t, "", append(cmd, in.path)...)
			if code != 1 || !strings.Contains(errs, in.want) {
				t.Errorf("agree %s on %s: exit %d, %q; want 1 and %q", strings.Join(cmd, " "), in.why, code, errs, in.want)
			}
		}
	}
	if _, errs, code := agree(t, "", "shuffle", "--model", inputs[3].path); code != 1 || !strings.Contains(errs, inputs[3].want) {
		t.Errorf("shuffle --model on an empty .json: exit %d, %q", code, errs)
	}
	for _, cmd := range [][]string{{"coding", "-"}, {"spans", "-"}, {"gamma", "-"}, {"segmentation", "-"}, {"coref", "-"}} {
		if _, errs, code := agree(t, "\n", cmd...); code != 1 || !strings.Contains(errs, "standard input is empty") {
			t.Errorf("agree %s on an empty standard input: exit %d, %q", strings.Join(cmd, " "), code, errs)
		}
	}
	// White space before the data is given to the reader as it was: line
	// numbers stay right.
	lead := write("lead.csv", "\n\nitem,C1,C2\n1,a\n")
	if _, errs, code := agree(t, "", "coding", lead); code != 1 || !strings.Contains(errs, "lead.csv:4") {
		t.Errorf("leading blank lines: exit %d, %q; want an error at line 4", code, errs)
	}
}

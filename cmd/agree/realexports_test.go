package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// realExport is a file of testdata/realexports.
func realExport(name string) string { return filepath.Join("testdata", "realexports", name) }

// TestRealExports: issue 18 §5, exports of the tools as users have them,
// refused or misread before. Each case reads a file written after the
// tool's published format (text outside the BMP in each) and checks a
// figure worked out by hand and what the output says.
//
//   - Prodigy ner.teach (ner_teach.jsonl: the same input in several tasks,
//     one suggested span each, view id "ner"), once refused with "answered
//     input … twice". Questions (all PER): Ada in i1 accepted by both, Bob
//     in i1 accepted by alice and rejected by bob, Eve in i2 rejected by
//     both, 𝔘𝔫𝔦 in i2 accepted by alice (bob: ignore). On the 3 questions
//     both answered: accept/accept, accept/reject, reject/reject. Cohen's κ:
//     P_o = 2/3, alice accepts 2/3 and bob 1/3, P_e = 2/3·1/3 + 1/3·2/3 =
//     4/9, κ = (2/3 − 4/9)/(5/9) = 2/5. Krippendorff's α: 6 values, 3
//     accept and 3 reject, D_o = 2/6, D_e = (36 − 9 − 9)/30 = 3/5, α = 1 −
//     (1/3)/(3/5) = 4/9. Accepted suggestions as spans: alice 3, bob 1,
//     one matched: F1 = 2·1/(3 + 1) = 1/2.
//     The same file without its view ids (formats/prodigy's testdata) gives
//     the same figures.
//   - textcat.teach (view id "classification"): POSITIVE accepted/rejected
//     on 3 texts, alice accept, reject, accept; bob accept, reject, reject:
//     the same counts, α = 4/9.
//   - Label Studio JSON-MIN, CSV and TSV exports of one project (rotating
//     design: task 1 by ana and ben, 2 by ben and cy, 3 by ana and cy):
//     spans F1 ana–ben 1, ana–cy 2·1/(1 + 2) = 2/3, ben–cy 1; sentiment
//     (task 1 Positive, Positive; task 2 {Negative, Neutral} vs Negative;
//     task 3 one value): 4 values, D_o = 2/4, D_e = (16 − 4 − 1 − 1)/12 =
//     10/12, α = 1 − 0.6 = 0.4.
//   - doccano's JSON export (an array; UTF-16 offsets around an emoji):
//     alice marks Ada, Bob, Zürich in 1; bob Ada, Zürich in 1 and 漢字 in
//     2: 2 matched of 3 + 3, F1 2/3.
//   - --layer with the full UIMA type name the XMI files carry gives the
//     figures of the short name.
//   - the coreference scorer's KEY.key and RESPONSE.response (CoNLL-2012
//     without the .conll extension): agree report draws the coref report;
//     the key's two one-mention chains against one chain of both: MUC 0 (no
//     key link), B³ R 1 P 1/2 F 2/3, CEAFe R 1/3 P 2/3 F 4/9, CoNLL F1
//     (0 + 2/3 + 4/9)/3 = 10/27.
func TestRealExports(t *testing.T) {
	cases := []struct {
		name, why string
		args      []string
		want      []jsonWant
		out       string // a fragment of stdout
		stderr    string // a fragment of stderr
	}{
		{"prodigy ner.teach coding", "the answers to the suggested spans, rejections included",
			[]string{"coding", "--format", "json", realExport("ner_teach.jsonl")},
			[]jsonWant{{"coefficients.cohen_kappa.value", 0.4}, {"coefficients.krippendorff_alpha.value", 4.0 / 9}, {"items", 4}},
			"", "read as answers"},
		{"prodigy ner.teach without _view_id", "the same answers read by the tasks' shape (refused before), with a note",
			[]string{"coding", "--format", "json", filepath.Join("..", "..", "formats", "prodigy", "testdata", "binary", "ner_teach_noview.jsonl")},
			[]jsonWant{{"coefficients.cohen_kappa.value", 0.4}, {"coefficients.krippendorff_alpha.value", 4.0 / 9}, {"items", 4}},
			"", "by the tasks' shape"},
		{"prodigy ner.teach spans", "accepted suggestions are spans",
			[]string{"spans", "--format", "json", realExport("ner_teach.jsonl")},
			[]jsonWant{{"pairs.0.f1", 0.5}, {"pairs.0.matched", 1}},
			"", ""},
		{"prodigy textcat.teach", "binary questions about the whole text",
			[]string{"coding", "--format", "json", realExport("textcat_teach.jsonl")},
			[]jsonWant{{"coefficients.krippendorff_alpha.value", 4.0 / 9}},
			"", ""},
		{"label studio JSON-MIN spans", "one record per annotation",
			[]string{"spans", "--format", "json", "--layer", "label", realExport("rotating-min.json")},
			[]jsonWant{{"pairs.0.f1", 1}, {"pairs.1.f1", 2.0 / 3}, {"pairs.2.f1", 1}},
			`"rule": "annotated"`, ""},
		{"label studio CSV spans", "the CSV export, regions as JSON in a cell",
			[]string{"spans", "--format", "json", "--layer", "label", realExport("rotating.csv")},
			[]jsonWant{{"pairs.0.f1", 1}, {"pairs.1.f1", 2.0 / 3}, {"pairs.2.f1", 1}},
			"", ""},
		{"label studio TSV choices", "the TSV export's choices, a multiple one as a set",
			[]string{"coding", "--format", "json", "--layer", "sentiment", realExport("rotating.tsv")},
			[]jsonWant{{"coefficients.krippendorff_alpha.value", 0.4}},
			"", ""},
		{"label studio CSV choices", "the CSV export's choices",
			[]string{"coding", "--format", "json", "--layer", "sentiment", realExport("rotating.csv")},
			[]jsonWant{{"coefficients.krippendorff_alpha.value", 0.4}},
			"", ""},
		{"doccano JSON export", "an array of examples, one member per file",
			[]string{"spans", "--format", "json", realExport("doccano-alice.json"), realExport("doccano-bob.json")},
			[]jsonWant{{"pairs.0.f1", 2.0 / 3}},
			"", ""},
		{"coref on KEY.key", "CoNLL-2012 by content",
			[]string{"coref", "--format", "json", realExport("KEY.key"), realExport("RESPONSE.response")},
			[]jsonWant{{"pairs.0.conll_f1", 10.0 / 27}},
			"", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			out, stderr, code := agree(t, "", c.args...)
			if code != 0 {
				t.Fatalf("%s: agree %s: exit %d: %s", c.why, strings.Join(c.args, " "), code, stderr)
			}
			checkJSON(t, c.why, out, c.want)
			if !strings.Contains(out, c.out) || !strings.Contains(stderr, c.stderr) {
				t.Errorf("%s: output lacks %q or stderr %q:\n%s\n%s", c.why, c.out, c.stderr, out, stderr)
			}
		})
	}
}

// TestUIMALayerNames: --layer takes the full type name an XMI file
// carries, with the figures of the short name.
func TestUIMALayerNames(t *testing.T) {
	files := []string{realExport("uima/alice/d1.xmi"), realExport("uima/bob/d1.xmi")}
	short, stderr, code := agree(t, "", append([]string{"spans", "--format", "json", "--layer", "NamedEntity"}, files...)...)
	if code != 0 {
		t.Fatal(stderr)
	}
	full, stderr, code := agree(t, "", append([]string{"spans", "--format", "json", "--layer", "de.tudarmstadt.ukp.dkpro.core.api.ner.type.NamedEntity"}, files...)...)
	if code != 0 {
		t.Fatalf("the full type name: exit %d: %s", code, stderr)
	}
	if short != full || jsonAt(t, full, "layer") != "NamedEntity" {
		t.Errorf("the full name reads otherwise than the short one:\n%s\n%s", short, full)
	}
	if _, stderr, code := agree(t, "", append([]string{"spans", "--layer", "x.y.Unknown"}, files...)...); code != 1 || !strings.Contains(stderr, `no span is in layer "x.y.Unknown"`) {
		t.Errorf("an unknown full name: exit %d %q", code, stderr)
	}
}

// TestReportCoNLLByContent: agree report on the scorer's KEY.key and
// RESPONSE.response draws the coreference report (it picked coding and
// failed before); agree coding on them hints at coref.
func TestReportCoNLLByContent(t *testing.T) {
	out := filepath.Join(t.TempDir(), "r.html")
	_, stderr, code := agree(t, "", "report", "-o", out, realExport("KEY.key"), realExport("RESPONSE.response"))
	if code != 0 || !strings.Contains(stderr, "coref report written") {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if b, err := os.ReadFile(out); err != nil || !strings.Contains(string(b), "CoNLL") {
		t.Errorf("the report: %v", err)
	}
	_, stderr, code = agree(t, "", "coding", realExport("KEY.key"))
	if code != 1 || !strings.Contains(stderr, "is CoNLL-2012 coreference") || !strings.Contains(stderr, "agree coref") {
		t.Errorf("coding on a CoNLL file: exit %d, no hint: %s", code, stderr)
	}
}

// TestCoNLLDirectory: agree coref and agree report on a directory of the
// scorer's KEY.key and RESPONSE.response (read as brat before, which found
// no .ann file) read each file as one annotator's, as when the files are
// given one by one.
func TestCoNLLDirectory(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"KEY.key", "RESPONSE.response"} {
		b, err := os.ReadFile(realExport(name))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	files, _, code := agree(t, "", "coref", "--format", "json", realExport("KEY.key"), realExport("RESPONSE.response"))
	if code != 0 {
		t.Fatalf("the files: exit %d", code)
	}
	got, stderr, code := agree(t, "", "coref", "--format", "json", dir)
	if code != 0 || got != files {
		t.Errorf("the directory: exit %d, %s\n%s\nwant the files' output\n%s", code, stderr, got, files)
	}
	out := filepath.Join(t.TempDir(), "r.html")
	if _, stderr, code := agree(t, "", "report", "-o", out, dir); code != 0 || !strings.Contains(stderr, "coref report written") {
		t.Errorf("report on the directory: exit %d: %s", code, stderr)
	}
}

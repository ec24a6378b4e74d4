package main

import (
	"encoding/json"
	"math"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// jsonAt returns the value at a dotted path ("pairs.0.f1") of a JSON
// document, or fails the test.
func jsonAt(t *testing.T, doc, path string) any {
	t.Helper()
	var v any
	if err := json.Unmarshal([]byte(doc), &v); err != nil {
		t.Fatalf("not JSON: %v\n%.500s", err, doc)
	}
	for _, k := range strings.Split(path, ".") {
		switch x := v.(type) {
		case map[string]any:
			var ok bool
			if v, ok = x[k]; !ok {
				t.Fatalf("%s: no key %q", path, k)
			}
		case []any:
			i, err := strconv.Atoi(k)
			if err != nil || i < 0 || i >= len(x) {
				t.Fatalf("%s: no element %q (%d)", path, k, len(x))
			}
			v = x[i]
		default:
			t.Fatalf("%s: %q in a %T", path, k, v)
		}
	}
	return v
}

// jsonWant is a number expected at a path of a JSON output.
type jsonWant struct {
	path  string
	value float64
}

// checkJSON checks the numbers of a JSON output (within 1e-12).
func checkJSON(t *testing.T, why, out string, want []jsonWant) {
	t.Helper()
	for _, w := range want {
		got, ok := jsonAt(t, out, w.path).(float64)
		if !ok || math.Abs(got-w.value) > 1e-12 {
			t.Errorf("%s: %s = %v, want %v", why, w.path, jsonAt(t, out, w.path), w.value)
		}
	}
}

// rotating returns the annotator directories of a design under
// testdata/rotating (see its README.md).
func rotating(design string, annotators ...string) []string {
	var out []string
	for _, a := range annotators {
		out = append(out, filepath.Join("testdata", "rotating", design, a))
	}
	return out
}

// TestDocumentsRule: issue 18 §1. On a rotating-pair design (d1 annotated
// by A and B, d2 by B and C, d3 by A and C; brat, one directory per
// annotator, so the input records who annotated what) every command that
// compares annotators document by document compares each pair only on the
// document it shares, by default, and says so; --documents all keeps the
// old reading, in which a document an annotator never opened is one where
// it marked nothing.
//
// The figures, worked out by hand (testdata/rotating/README.md has the
// spans):
//
//   - graded, pairs' F1 = 2·matched/(spans of both): A–B 2·3/(3+3) = 1;
//     B–C 2·3/(3+4) = 6/7 ≈ 0.857; A–C 2·1/(2+1) = 2/3. Under --documents
//     all each annotator's spans in the document the other never opened
//     count: A–B 2·3/((3+2)+(3+3)) = 6/11; B–C 2·3/((3+3)+(4+1)) = 6/11;
//     A–C 2·1/((3+2)+(4+1)) = 1/5.
//   - graded, token α (nominal): 12 tokens each coded by the two
//     annotators of its document: 5 PER/PER, 2 LOC/LOC, 3 O/O and 2 PER/O
//     (h in d2, k in d3); coincidences n_PER = 12, n_LOC = 4, n_O = 8,
//     n = 24; D_o = 4/24, D_e = (24² − 12² − 4² − 8²)/(24·23) = 352/552;
//     α = 1 − D_o/D_e = 65/88 ≈ 0.7386. Under --documents all every token
//     has three values (the third annotator's all O): n_PER = 12, n_LOC = 4,
//     n_O = 20, n = 36, D_o = 1/2, D_e = (36² − 144 − 16 − 400)/(36·35) =
//     184/315, α = 53/368 ≈ 0.1440.
//   - graded relations (type rel): A–B 1 of 1 each: F1 1; B–C 1 matched of
//     1 and 2: 2/3; A–C 0 of 1 and 0: F1 0. Under all: A–B 2·1/(2+2) = 1/2,
//     B–C 2·1/(2+2) = 1/2.
//   - full (each pair agrees fully): every F1, token α, γ (observed disorder
//     0) and uα is 1 under the default. Under all, F1 A–B 2·3/(4+5) = 2/3,
//     B–C 2·2/(5+3) = 1/2, A–C 2·1/(4+3) = 2/7; token α (36 values: PER 10,
//     LOC 2, O 24; 12 disagreeing ordered pairs) = 7/22 ≈ 0.3182.
//
// (Issue 18 quotes F1 1.00/0.86/0.67 and token α 0.86 for "each pair
// agreeing fully": with full agreement every pair's F1 is 1; 1/0.86/0.67
// are the graded design's pairs, whose token α is 65/88.)
func TestDocumentsRule(t *testing.T) {
	cases := []struct {
		name, why string
		args      []string
		want      []jsonWant
		note      string // a fragment of the output (notes, tables)
	}{
		{"spans graded", "each pair only on the document it shares",
			append([]string{"spans", "--format", "json"}, rotating("graded", "A", "B", "C")...),
			[]jsonWant{{"pairs.0.f1", 1}, {"pairs.1.f1", 2.0 / 3}, {"pairs.2.f1", 6.0 / 7}, {"average_f1", (1 + 2.0/3 + 6.0/7) / 3},
				{"document_rule.pairs.0.documents", 1}, {"pairs.0.documents", 1}},
			`"rule": "annotated"`},
		{"spans graded all", "--documents all: a document never opened is one where nothing was marked",
			append([]string{"spans", "--format", "json", "--documents", "all"}, rotating("graded", "A", "B", "C")...),
			[]jsonWant{{"pairs.0.f1", 6.0 / 11}, {"pairs.1.f1", 1.0 / 5}, {"pairs.2.f1", 6.0 / 11}, {"document_rule.pairs.0.documents", 3}},
			`"rule": "all"`},
		{"spans full", "full agreement on every shared document is F1 1",
			append([]string{"spans", "--format", "json"}, rotating("full", "A", "B", "C")...),
			[]jsonWant{{"pairs.0.f1", 1}, {"pairs.1.f1", 1}, {"pairs.2.f1", 1}, {"micro.f1", 1}},
			"each annotator is compared only on the documents it annotated"},
		{"spans full all", "the old default",
			append([]string{"spans", "--format", "json", "--documents", "all"}, rotating("full", "A", "B", "C")...),
			[]jsonWant{{"pairs.0.f1", 2.0 / 3}, {"pairs.1.f1", 2.0 / 7}, {"pairs.2.f1", 1.0 / 2}},
			"a document it never annotated counting as one where it marked nothing"},
		{"spans table", "the table names the rule",
			append([]string{"spans"}, rotating("graded", "A", "B", "C")...), nil,
			"documents annotated"},
		{"token coding graded", "token α on the tokens of the annotators of each document",
			append([]string{"coding", "--format", "json"}, rotating("graded", "A", "B", "C")...),
			[]jsonWant{{"coefficients.krippendorff_alpha.value", 65.0 / 88}, {"items", 12}},
			`"rule": "annotated"`},
		{"token coding graded all", "every annotator codes every token",
			append([]string{"coding", "--format", "json", "--documents", "all"}, rotating("graded", "A", "B", "C")...),
			[]jsonWant{{"coefficients.krippendorff_alpha.value", 53.0 / 368}},
			`"rule": "all"`},
		{"token coding full", "full agreement: α 1",
			append([]string{"coding", "--format", "json"}, rotating("full", "A", "B", "C")...),
			[]jsonWant{{"coefficients.krippendorff_alpha.value", 1}},
			""},
		{"token coding full all", "the old default",
			append([]string{"coding", "--format", "json", "--documents", "all"}, rotating("full", "A", "B", "C")...),
			[]jsonWant{{"coefficients.krippendorff_alpha.value", 7.0 / 22}},
			""},
		{"token coding csv", "every format states the rule and the documents shared",
			append([]string{"coding", "--format", "csv"}, rotating("graded", "A", "B", "C")...), nil,
			"# documents each pair of annotators is compared on (--documents annotated)"},
		{"relations graded", "relations too",
			append([]string{"relations", "--format", "json"}, rotating("graded", "A", "B", "C")...),
			[]jsonWant{{"pairs.0.f1", 1}, {"pairs.1.f1", 0}, {"pairs.2.f1", 2.0 / 3}, {"document_rule.pairs.2.documents", 1}},
			`"rule": "annotated"`},
		{"relations graded all", "the old default",
			append([]string{"relations", "--format", "json", "--documents", "all"}, rotating("graded", "A", "B", "C")...),
			[]jsonWant{{"pairs.0.f1", 0.5}, {"pairs.2.f1", 0.5}},
			`"rule": "all"`},
		{"gamma full", "γ on each document's own annotators: no disorder",
			append([]string{"gamma", "--format", "json", "--samples", "10"}, rotating("full", "A", "B", "C")...),
			[]jsonWant{{"gamma", 1}, {"observed_disorder", 0}, {"document_rule.pairs.1.documents", 1}},
			`"rule": "annotated"`},
		{"gamma full matrix", "the pairwise γ compares each pair on the documents both annotated",
			append([]string{"gamma", "--format", "json", "--samples", "10", "--by", "document"}, rotating("full", "A", "B", "C")...),
			[]jsonWant{{"matrix.gamma.0.1", 1}, {"matrix.gamma.0.2", 1}, {"matrix.gamma.1.2", 1}},
			""},
		{"unitizing full", "uα of each document on its own annotators",
			append([]string{"unitizing", "--format", "json"}, rotating("full", "A", "B", "C")...),
			[]jsonWant{{"continua.0.u_alpha", 1}, {"continua.1.u_alpha", 1}, {"continua.2.u_alpha", 1}, {"document_rule.pairs.0.documents", 1}},
			`"rule": "annotated"`},
		{"unitizing full matrix", "the pairwise uα compares each pair on the documents both annotated",
			append([]string{"unitizing", "--format", "json", "--by", "document"}, rotating("full", "A", "B", "C")...),
			[]jsonWant{{"matrix.u_alpha.0.1", 1}, {"matrix.u_alpha.0.2", 1}, {"matrix.u_alpha.1.2", 1}},
			"the documents do not all have the same annotators"},
		{"gamma single", "a document one annotator annotated is skipped and counted",
			append([]string{"gamma", "--format", "json", "--samples", "10"}, rotating("single", "A", "B")...),
			[]jsonWant{{"gamma", 1}, {"continua", 1}, {"document_rule.skipped_documents", 1}},
			`"skipped_documents": 1`},
		{"gamma single table", "the table says so",
			append([]string{"gamma", "--samples", "10"}, rotating("single", "A", "B")...), nil,
			"1 document was skipped (skipped_documents): fewer than two annotators annotated it"},
		{"unitizing single", "the same for unitizing",
			append([]string{"unitizing", "--format", "json"}, rotating("single", "A", "B")...),
			[]jsonWant{{"u_alpha", 1}, {"document_rule.skipped_documents", 1}},
			""},
		{"coref graded", "coreference: the pairs' mention F1 are the spans' (each mention in its own chain)",
			append([]string{"coref", "--format", "json"}, rotating("graded", "A", "B", "C")...),
			[]jsonWant{{"pairs.0.mentions.f1", 1}, {"pairs.1.mentions.f1", 2.0 / 3}, {"pairs.2.mentions.f1", 6.0 / 7}, {"pairs.0.documents", 1}},
			`"rule": "annotated"`},
		{"coref graded all", "the old default",
			append([]string{"coref", "--format", "json", "--documents", "all"}, rotating("graded", "A", "B", "C")...),
			[]jsonWant{{"pairs.0.mentions.f1", 6.0 / 11}, {"pairs.1.mentions.f1", 1.0 / 5}, {"pairs.0.documents", 3}},
			`"rule": "all"`},
		{"segmentation rotating", "each pair of coders on the items both segmented (was refused); doc4, by A alone, skipped",
			[]string{"segmentation", "--format", "json", filepath.Join("testdata", "rotating", "segmentation.csv")},
			[]jsonWant{{"agreement.actual", 1}, {"document_rule.skipped_documents", 1}, {"coder_pairs.2.items", 1}, {"summary.b.n", 3}},
			`"coder_b": "C"`},
		{"segmentation table", "the table says which items were compared",
			[]string{"segmentation", filepath.Join("testdata", "rotating", "segmentation.csv")}, nil,
			"1 item was skipped (skipped_documents): fewer than two coders segmented it"},
		{"token coding single", "and for token coding",
			append([]string{"coding", "--format", "json"}, rotating("single", "A", "B")...),
			[]jsonWant{{"items", 4}, {"document_rule.skipped_documents", 1}},
			"1 document was skipped"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			out, stderr, code := agree(t, "", c.args...)
			if code != 0 {
				t.Fatalf("%s: agree %s: exit %d: %s", c.why, strings.Join(c.args, " "), code, stderr)
			}
			checkJSON(t, c.why, out, c.want)
			if !strings.Contains(out, c.note) {
				t.Errorf("%s: the output lacks %q:\n%s", c.why, c.note, out)
			}
		})
	}
}

// TestDocumentsRuleErrors: a corpus in which no document has two
// annotators is refused, saying why; --documents takes two values.
func TestDocumentsRuleErrors(t *testing.T) {
	cases := []struct {
		name   string
		args   []string
		code   int
		stderr string
	}{
		{"bad value", []string{"spans", "--documents", "some", "x.csv"}, 2, "--documents must be annotated or all"},
		{"gamma bad value", []string{"gamma", "--documents", "every", "x.csv"}, 2, "--documents must be annotated or all"},
		{"nothing left", append([]string{"gamma"}, rotating("single", "B")...), 1, "none of the 2 documents (continua) has two annotators"},
		{"tokens nothing left", append([]string{"coding"}, rotating("single", "B")...), 1, "no document was annotated by two annotators (2 annotated by fewer)"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, stderr, code := agree(t, "", c.args...)
			if code != c.code || !strings.Contains(stderr, c.stderr) {
				t.Errorf("agree %s: exit %d %q; want %d and %q", strings.Join(c.args, " "), code, stderr, c.code, c.stderr)
			}
		})
	}
}

package main

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func writeFile(t *testing.T, dir, name, content string) string {
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

func jsonOut(t *testing.T, args ...string) map[string]any {
	t.Helper()
	out, errs, code := agree(t, "", args...)
	if code != 0 {
		t.Fatalf("agree %v: exit %d: %s", args, code, errs)
	}
	var v map[string]any
	if err := json.Unmarshal([]byte(out), &v); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	return v
}

// TestGammaSpanCSV: γ's observed disorder from a span CSV with two
// documents equals the one from the same units as two unit CSV files (one
// continuum per document, as one per file).
func TestGammaSpanCSV(t *testing.T) {
	dir := t.TempDir()
	span := writeFile(t, dir, "spans.csv", "document,annotator,start,end,label\n"+
		"d1,A,1,5,a\nd1,A,6,10,b\nd1,B,2,6,a\nd1,B,7,11,b\n"+
		"d2,A,0,4,a\nd2,B,0,3,a\nd2,B,8,9,b\n")
	u1 := writeFile(t, dir, "u/d1.csv", "A,a,1,5\nA,b,6,10\nB,a,2,6\nB,b,7,11\n")
	u2 := writeFile(t, dir, "u/d2.csv", "A,a,0,4\nB,a,0,3\nB,b,8,9\n")
	a := jsonOut(t, "gamma", "--format", "json", "--samples", "0", span)
	b := jsonOut(t, "gamma", "--format", "json", "--samples", "0", u1, u2)
	if a["continua"].(float64) != 2 || a["units"].(float64) != 7 {
		t.Fatalf("continua %v units %v, want 2 and 7", a["continua"], a["units"])
	}
	if x, y := a["observed_disorder"].(float64), b["observed_disorder"].(float64); math.Abs(x-y) > 1e-12 {
		t.Errorf("observed disorder %v from the span CSV, %v from unit files", x, y)
	}
	// --layer that no span has is an error listing the layers.
	_, errs, code := agree(t, "", "gamma", "--samples", "0", "--layer", "NER", span)
	if code != 1 || !strings.Contains(errs, `no span is in layer "NER"`) {
		t.Errorf("exit %d: %s", code, errs)
	}
	// A bad --input is a usage error before any reading.
	if _, errs, code := agree(t, "", "gamma", "--input", "nope", span); code != 2 || !strings.Contains(errs, "unknown input") {
		t.Errorf("exit %d: %s", code, errs)
	}
}

// TestUnitizingTextExtent: a document with a text is a continuum from 0 to
// the text's length in code points, not to the last unit's end.
func TestUnitizingTextExtent(t *testing.T) {
	dir := t.TempDir()
	p := writeFile(t, dir, "m.jsonl", strings.Join([]string{
		`{"type":"document","document":"d","text":"漢字 and 😀 here, twelve more"}`,
		`{"type":"span","document":"d","annotator":"A","start":0,"end":2,"label":"X"}`,
		`{"type":"span","document":"d","annotator":"B","start":0,"end":2,"label":"X"}`,
	}, "\n")+"\n")
	v := jsonOut(t, "unitizing", "--format", "json", p)
	if end := v["extent"].(map[string]any)["end"].(float64); end != 26 {
		t.Errorf("extent end %v, want 26 (the text's code points)", end)
	}
}

// TestCodingDocumentLabels: document labels read through the model give the
// same α as the equivalent wide table.
func TestCodingDocumentLabels(t *testing.T) {
	dir := t.TempDir()
	var lines []string
	table := "item,A,B,C\n"
	data := [][3]string{{"pos", "pos", "neg"}, {"neg", "neg", "neg"}, {"pos", "neu", "pos"}, {"neu", "neu", ""}, {"pos", "pos", "pos"}}
	for i, row := range data {
		doc := "doc" + string(rune('1'+i))
		table += doc + "," + strings.Join(row[:], ",") + "\n"
		for k, v := range row {
			if v != "" {
				lines = append(lines, `{"type":"label","document":"`+doc+`","annotator":"`+string(rune('A'+k))+`","value":"`+v+`"}`)
			}
		}
	}
	m := writeFile(t, dir, "labels.jsonl", strings.Join(lines, "\n")+"\n")
	w := writeFile(t, dir, "table.csv", table)
	a := jsonOut(t, "coding", "--format", "json", "--no-se", m)
	b := jsonOut(t, "coding", "--format", "json", "--no-se", w)
	ca, cb := a["coefficients"], b["coefficients"]
	ja, _ := json.Marshal(ca)
	jb, _ := json.Marshal(cb)
	if ca == nil || string(ja) != string(jb) {
		t.Errorf("coefficients differ:\nmodel %s\ntable %s", ja, jb)
	}
	// Several table files are refused; several annotation files are not.
	if _, errs, code := agree(t, "", "coding", w, w); code != 2 || !strings.Contains(errs, "a table is one FILE") {
		t.Errorf("exit %d: %s", code, errs)
	}
}

// TestCorefSpanCSV: chains of the span CSV give the scores of coref's own
// CSV with the same mentions (mention ids are the offsets).
func TestCorefSpanCSV(t *testing.T) {
	dir := t.TempDir()
	span := writeFile(t, dir, "chains.csv", "document,annotator,start,end,label,chain\n"+
		"d,A,0,5,m,1\nd,A,10,13,m,1\nd,A,20,24,m,2\nd,A,30,33,m,2\n"+
		"d,B,0,5,m,1\nd,B,10,13,m,2\nd,B,20,24,m,2\nd,B,30,33,m,2\n")
	own := writeFile(t, dir, "own.csv", "document,annotator,mention,chain\n"+
		"d,A,0-5,1\nd,A,10-13,1\nd,A,20-24,2\nd,A,30-33,2\n"+
		"d,B,0-5,1\nd,B,10-13,2\nd,B,20-24,2\nd,B,30-33,2\n")
	a := corefRun(t, "", span)
	b := corefRun(t, "", own)
	for _, k := range []string{"muc", "b3", "ceafe", "blanc", "lea"} {
		ja, _ := json.Marshal(pair0(t, a)[k])
		jb, _ := json.Marshal(pair0(t, b)[k])
		if string(ja) != string(jb) {
			t.Errorf("%s: span CSV %s, coref CSV %s", k, ja, jb)
		}
	}
}

// TestConvert writes the model as the span CSV and as JSONL, never over
// an existing file without --force.
func TestConvert(t *testing.T) {
	dir := t.TempDir()
	in := writeFile(t, dir, "m.jsonl", strings.Join([]string{
		`{"type":"document","document":"d","text":"Ünïcode 😀 text"}`,
		`{"type":"span","document":"d","annotator":"A","start":8,"end":9,"label":"EMO"}`,
		`{"type":"label","document":"d","annotator":"A","value":"pos"}`,
	}, "\n")+"\n")
	out, errs, code := agree(t, "", "convert", in)
	if code != 0 || out != "document,annotator,start,end,label,text\nd,A,8,9,EMO,😀\n" || !strings.Contains(errs, "1 document label") {
		t.Errorf("exit %d\n%s\n%s", code, out, errs)
	}
	dst := filepath.Join(dir, "out.jsonl")
	if _, errs, code := agree(t, "", "convert", "--to", "jsonl", "-o", dst, in); code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	got, _ := os.ReadFile(dst)
	want, _ := os.ReadFile(in)
	if !strings.Contains(string(got), `"text":"Ünïcode 😀 text"`) || !strings.Contains(string(got), `"type":"label"`) || len(got) < len(want)/2 {
		t.Errorf("jsonl:\n%s", got)
	}
	if _, errs, code := agree(t, "", "convert", "-o", dst, in); code != 2 || !strings.Contains(errs, "--force") {
		t.Errorf("existing -o: exit %d: %s", code, errs)
	}
	if _, errs, code := agree(t, "", "convert", "-o", in, "--force", in); code != 2 || !strings.Contains(errs, "input") {
		t.Errorf("-o the input: exit %d: %s", code, errs)
	}
	if _, errs, code := agree(t, "", "convert", "--to", "xml", in); code != 2 {
		t.Errorf("--to xml: exit %d: %s", code, errs)
	}
}

// TestConvertLayer: --layer chooses what convert writes (the spans of the
// layer, its relations), on the INCEpTION project fixture whose spans are
// in NamedEntity and CoreferenceLink and whose relation layer is Located.
func TestConvertLayer(t *testing.T) {
	project := filepath.Join("..", "..", "formats", "webanno", "testdata", "project")
	for _, tc := range []struct {
		why, layer, to string
		code           int
		spans          int    // span rows (csv) or records (jsonl)
		relations      int    // relation records (jsonl)
		want           string // in stdout (code 0) or stderr
	}{
		{"without --layer every layer is written", "", "csv", 0, 29, 0, ",CoreferenceLink,"},
		{"a span layer: its spans only", "NamedEntity", "csv", 0, 25, 0, ",NamedEntity,"},
		{"the other span layer", "CoreferenceLink", "csv", 0, 4, 0, ",CoreferenceLink,"},
		{"the relations between spans of the layer go with it", "NamedEntity", "jsonl", 0, 25, 1, `"relation":"Located"`},
		{"a relation layer: its relations and their ends", "Located", "jsonl", 0, 2, 1, `"layer":"Located"`},
		{"the coreference layer has no relation", "CoreferenceLink", "jsonl", 0, 4, 0, `"layer":"CoreferenceLink"`},
		{"an unknown layer is an error listing the layers", "Entity", "csv", 1, 0, 0, `no span, document label or relation is in layer "Entity" (span layers: "NamedEntity", "CoreferenceLink"; relation layers: "Located")`},
	} {
		args := []string{"convert", "--to", tc.to}
		if tc.layer != "" {
			args = append(args, "--layer", tc.layer)
		}
		out, errs, code := agree(t, "", append(args, project)...)
		if code != tc.code {
			t.Errorf("%s: exit %d: %s", tc.why, code, errs)
			continue
		}
		if code != 0 {
			if !strings.Contains(errs, tc.want) {
				t.Errorf("%s: stderr %s, want %q", tc.why, errs, tc.want)
			}
			continue
		}
		lines := strings.Split(strings.TrimSpace(out), "\n")
		spans, rels := 0, 0
		for _, l := range lines[1:] {
			switch {
			case tc.to == "csv":
				spans++
				if tc.layer != "" && !strings.Contains(l, ","+tc.layer+",") {
					t.Errorf("%s: a row of another layer: %s", tc.why, l)
				}
			case strings.Contains(l, `"type":"span"`):
				spans++
				if tc.layer != "" && tc.layer != "Located" && !strings.Contains(l, `"layer":"`+tc.layer+`"`) {
					t.Errorf("%s: a span of another layer: %s", tc.why, l)
				}
			case strings.Contains(l, `"type":"relation"`):
				rels++
			}
		}
		if spans != tc.spans || rels != tc.relations || !strings.Contains(out, tc.want) {
			t.Errorf("%s: %d spans, %d relations, want %d and %d with %q:\n%s", tc.why, spans, rels, tc.spans, tc.relations, tc.want, out)
		}
	}
}

// TestLabelFeatureFlag: --label-feature chooses the label of the layers
// that have the feature, in WebAnno TSV, XMI and JSON CAS files; a feature
// no layer has is an error.
func TestLabelFeatureFlag(t *testing.T) {
	dir := t.TempDir()
	tsv := func(opinion string) string {
		return "#FORMAT=WebAnno TSV 3.3\n#T_SP=webanno.custom.Sentiment|Category|Opinion\n#T_SP=de.tudarmstadt.ukp.dkpro.core.api.ner.type.NamedEntity|value\n\n\n#Text=ab cd\n" +
			"1-1\t0-2\tab\tabstract\t" + opinion + "\t_\n1-2\t3-5\tcd\t_\t_\tPER\n"
	}
	writeFile(t, dir, "tsv/alice/d.tsv", tsv("negative"))
	writeFile(t, dir, "tsv/bob/d.tsv", tsv("positive"))
	xmi := `<?xml version="1.0" encoding="UTF-8"?><xmi:XMI xmlns:xmi="http://www.omg.org/XMI" xmlns:cas="http:///uima/cas.ecore" xmlns:c="http:///webanno/custom.ecore"><cas:Sofa xmi:id="1" sofaID="_InitialView" sofaString="ab cd"/><c:Sentiment xmi:id="2" sofa="1" begin="0" end="2" Category="abstract" Opinion="negative"/></xmi:XMI>`
	writeFile(t, dir, "xmi/alice/d.xmi", xmi)
	jsoncas := `{"%FEATURE_STRUCTURES":[{"%ID":1,"%TYPE":"uima.cas.Sofa","sofaID":"_InitialView","sofaString":"ab cd"},{"%ID":3,"%TYPE":"webanno.custom.Sentiment","@sofa":1,"begin":0,"end":2,"Category":"abstract","Opinion":"negative"}]}`
	writeFile(t, dir, "json/alice/d.json", jsoncas)
	brat := writeFile(t, dir, "brat/alice/d.ann", "T1\tPER 0 2\tab\n")
	for _, tc := range []struct {
		why   string
		args  []string
		code  int
		want  string // in stdout when 0, stderr otherwise
		notIn string // not in stdout
	}{
		{"without the flag the two-feature layer has empty labels and a note names the flag", []string{"--layer", "Sentiment", filepath.Join(dir, "tsv")}, 0, "d,alice,0,2,,Sentiment", ""},
		{"the flag chooses Opinion", []string{"--layer", "Sentiment", "--label-feature", "Opinion", filepath.Join(dir, "tsv")}, 0, "d,bob,0,2,positive,Sentiment", ",abstract,"},
		{"or Category", []string{"--layer", "Sentiment", "--label-feature", "Category", filepath.Join(dir, "tsv")}, 0, "d,alice,0,2,abstract,Sentiment", "negative"},
		{"a layer without the feature keeps its default label", []string{"--layer", "NamedEntity", "--label-feature", "Opinion", filepath.Join(dir, "tsv")}, 0, "d,alice,3,5,PER,NamedEntity", ""},
		{"XMI files", []string{"--label-feature", "Opinion", filepath.Join(dir, "xmi")}, 0, "d,alice,0,2,negative,Sentiment", ""},
		{"JSON CAS files", []string{"--input", "jsoncas", "--label-feature", "Opinion", filepath.Join(dir, "json")}, 0, "d,alice,0,2,negative,Sentiment", ""},
		{"a feature no layer has (a typo) is an error", []string{"--label-feature", "opinion", filepath.Join(dir, "tsv")}, 1, `no layer has the feature "opinion"`, ""},
		{"a format without features is told the same", []string{"--label-feature", "Opinion", brat}, 1, `no layer has the feature "Opinion"`, ""},
	} {
		out, errs, code := agree(t, "", append([]string{"convert"}, tc.args...)...)
		got := out
		if tc.code != 0 {
			got = errs
		}
		if code != tc.code || !strings.Contains(got, tc.want) || (tc.notIn != "" && strings.Contains(out, tc.notIn)) {
			t.Errorf("%s: exit %d\n%s\n%s", tc.why, code, out, errs)
		}
		if strings.HasPrefix(tc.why, "without the flag") && !strings.Contains(errs, "--label-feature") {
			t.Errorf("%s: the note does not name --label-feature: %s", tc.why, errs)
		}
	}
}

package main

import (
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

func TestReportCommand(t *testing.T) {
	dir := t.TempDir()
	gammaCSV := filepath.Join(dir, "units.csv")
	os.WriteFile(gammaCSV, []byte("a,x,0,2\nb,x,0,2.5\na,y,5,7\nb,y,5,6\n"), 0o644)
	segCSV := filepath.Join(dir, "seg.csv")
	os.WriteFile(segCSV, []byte("d1,a,2 3\nd1,b,3 2\n"), 0o644)
	cases := []struct {
		args  []string
		title string // the report's <title> starts with this
		why   string
	}{
		{[]string{"examples/krippendorff.csv"}, "Agreement on krippendorff.csv", "a wide CSV is coding data"},
		{[]string{"examples/krippendorff.csv", "--metric", "interval"}, "Agreement on krippendorff.csv", "the command's flags pass through"},
		{[]string{"examples/continuum.csv", "--samples", "10"}, "γ on continuum.csv", "an annotator,category,start,end header is γ"},
		{[]string{gammaCSV, "--samples", "10"}, "γ on units.csv", "four fields ending in two numbers: header-less units"},
		{[]string{segCSV}, "Segmentation agreement on seg.csv", "item,coder,masses"},
		{[]string{"testdata/coref/passonneau.csv", "--missing", "singletons"}, "Coreference agreement", "annotator,mention,chain"},
		{[]string{"--as", "unitizing", "examples/continuum.csv"}, "Unitizing agreement", "--as chooses"},
		{[]string{"examples/entities.csv"}, "Span agreement on entities.csv", "the span CSV header"},
		{[]string{"examples/entities.jsonl"}, "Span agreement on entities.jsonl", "the annotation model's JSONL"},
	}
	for _, c := range cases {
		out, errs, code := agree(t, "", append([]string{"report"}, c.args...)...)
		if code != 0 || !strings.Contains(out, "<title>"+c.title) {
			t.Errorf("%v (%s): exit %d, %s\n%.300s", c.args, c.why, code, errs, out)
		}
	}
	// The flag reached the command: the interval distance is named.
	out, _, _ := agree(t, "", "report", "examples/krippendorff.csv", "--metric", "interval")
	if !strings.Contains(out, "distance interval") {
		t.Error("--metric interval did not reach agree coding")
	}
	// -o writes a file, refuses to overwrite it, and --force overwrites.
	path := filepath.Join(dir, "r.html")
	if _, errs, code := agree(t, "", "report", "-o", path, "examples/krippendorff.csv"); code != 0 || !strings.Contains(errs, "written to") {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if _, errs, code := agree(t, "", "report", "-o", path, "examples/krippendorff.csv"); code != 2 || !strings.Contains(errs, "--force") {
		t.Errorf("second write: exit %d, %s; want a usage error naming --force", code, errs)
	}
	if _, errs, code := agree(t, "", "report", "--force", "-o", path, "examples/krippendorff.csv"); code != 0 {
		t.Errorf("--force: exit %d, %s", code, errs)
	}
	if _, _, code := agree(t, "", "report", "--as", "nonsense", "examples/krippendorff.csv"); code != 2 {
		t.Errorf("--as nonsense: exit %d, want 2", code)
	}
	if _, _, code := agree(t, "", "report"); code != 2 {
		t.Errorf("no file: exit %d, want 2", code)
	}
	// --report never overwrites an input.
	if _, errs, code := agree(t, "", "coding", "--force", "--report", "examples/krippendorff.csv", "examples/krippendorff.csv"); code != 2 || !strings.Contains(errs, "input") {
		t.Errorf("--report over the input: exit %d, %s", code, errs)
	}
}

// A large input keeps the report bounded, and the page says what it left
// out.
func TestReportBounded(t *testing.T) {
	dir := t.TempDir()
	var b strings.Builder
	b.WriteString("item")
	for c := range 40 {
		b.WriteString(",c" + strconv.Itoa(c))
	}
	b.WriteString("\n")
	rng := rand.New(rand.NewPCG(7, 7))
	for i := range 400 {
		b.WriteString("i" + strconv.Itoa(i))
		truth := rng.IntN(120)
		for range 40 {
			v := truth
			if rng.Float64() < 0.3 {
				v = rng.IntN(120)
			}
			b.WriteString(",k" + strconv.Itoa(v))
		}
		b.WriteString("\n")
	}
	data := filepath.Join(dir, "big.csv")
	os.WriteFile(data, []byte(b.String()), 0o644)
	out, errs, code := agree(t, "", "coding", "--report", "-", data)
	if code != 0 {
		t.Fatal(errs)
	}
	for _, want := range []string{"Showing the 20 most frequent of 120 categories", "Showing the 25 coders with the most shared items, of 40", "showing the first 100 of 780 pairs"} {
		if !strings.Contains(out, want) {
			t.Errorf("the page does not say %q", want)
		}
	}
	if len(out) > 1<<20 {
		t.Errorf("report of %d bytes for 400 items × 40 coders: plots and tables are not bounded", len(out))
	}
}

// The survey's warnings appear where they apply, and only there.
func TestCodingReportWarnings(t *testing.T) {
	dir := t.TempDir()
	// 100 items, two coders: 92 agree on "no", 2 on "yes", 6 split, so A_o
	// is high and κ low (prevalence, §3.2).
	var b strings.Builder
	b.WriteString("item,a,b\n")
	for i := range 100 {
		switch {
		case i < 92:
			b.WriteString("i" + strconv.Itoa(i) + ",no,no\n")
		case i < 94:
			b.WriteString("i" + strconv.Itoa(i) + ",yes,yes\n")
		default:
			b.WriteString("i" + strconv.Itoa(i) + ",no,yes\n")
		}
	}
	skewed := filepath.Join(dir, "skewed.csv")
	os.WriteFile(skewed, []byte(b.String()), 0o644)
	// Coder b says "yes" far more often than a: κ = 0.06/0.41 = 0.146, π = −0.00125/0.34875 = −0.004 (bias,
	// §3.1).
	b.Reset()
	b.WriteString("item,a,b\n")
	for i := range 100 {
		switch {
		case i < 60:
			b.WriteString("i" + strconv.Itoa(i) + ",no,no\n")
		case i < 65:
			b.WriteString("i" + strconv.Itoa(i) + ",yes,yes\n")
		default:
			b.WriteString("i" + strconv.Itoa(i) + ",no,yes\n")
		}
	}
	biased := filepath.Join(dir, "biased.csv")
	os.WriteFile(biased, []byte(b.String()), 0o644)
	cases := []struct {
		args []string
		want []string
		not  []string
		why  string
	}{
		{[]string{"coding", "--report", "-", skewed}, []string{"the prevalence problem", "§3.2"}, []string{"weighted coefficient", "annotator bias"}, "skewed two-coder data"},
		{[]string{"coding", "--report", "-", biased}, []string{"annotator bias", "§3.1", "0.146", "-0.004"}, []string{"the prevalence problem"}, "coders with different marginals"},
		{[]string{"coding", "--metric", "interval", "--report", "-", "examples/krippendorff.csv"}, []string{"weighted coefficient: its value depends strongly on the chosen distance"}, []string{"the prevalence problem"}, "a non-nominal distance"},
		{[]string{"coding", "--report", "-", "examples/krippendorff.csv"}, nil, []string{"the prevalence problem", "weighted coefficient:", "annotator bias ("}, "balanced nominal data: no warning"},
	}
	for _, c := range cases {
		out, errs, code := agree(t, "", c.args...)
		if code != 0 {
			t.Fatalf("%v: %s", c.args, errs)
		}
		warnings := ""
		for _, part := range strings.Split(out, `<p class="warning" role="note">`)[1:] {
			warnings += part[:strings.Index(part, "</p>")] + "\n"
		}
		for _, w := range c.want {
			if !strings.Contains(warnings, w) {
				t.Errorf("%s: no warning %q in\n%s", c.why, w, warnings)
			}
		}
		for _, w := range c.not {
			if strings.Contains(warnings, w) {
				t.Errorf("%s: unexpected warning %q", c.why, w)
			}
		}
	}
}

// TestReportDetectsExports: agree report chooses the analysis that fits an
// annotation tool's export — span agreement for brat, WebAnno/INCEpTION,
// UIMA, the model's JSONL — and refuses what has no report, saying what to
// run.
func TestReportDetectsExports(t *testing.T) {
	dir := t.TempDir()
	rel := filepath.Join(dir, "rel.csv")
	os.WriteFile(rel, []byte("document,annotator,source_start,source_end,source_label,target_start,target_end,target_label,relation\nd,a,0,1,X,2,3,Y,r\n"), 0o644)
	zipPath := filepath.Join(dir, "export.zip")
	os.WriteFile(zipPath, []byte("PK"), 0o644)
	for _, c := range []struct {
		args []string
		kind string // "" when refused
		why  string
	}{
		{[]string{"../../formats/brat/testdata/common/alice", "../../formats/brat/testdata/common/bob"}, "spans", "brat collections (a directory per annotator)"},
		{[]string{"../../formats/webanno/testdata/project"}, "spans", "an INCEpTION project export directory"},
		{[]string{zipPath}, "spans", "a project export ZIP"},
		{[]string{"../../formats/webanno/testdata/project/annotation/d1/alice.tsv"}, "spans", "a WebAnno TSV file"},
		{[]string{"../../formats/uima/testdata/common/alice/d1.xmi"}, "spans", "UIMA XMI"},
		{[]string{"../../formats/uima/testdata/common/alice/d1.json"}, "spans", "UIMA JSON CAS (JSON that is not SegEval's)"},
		{[]string{"../../formats/uima/testdata/common"}, "spans", "a directory of XMI and JSON CAS files"},
		{[]string{"testdata/segmentation/hearst1997.json"}, "segmentation", "SegEval's JSON"},
		{[]string{"testdata/coref/key.conll"}, "coref", "CoNLL-2012"},
		{[]string{"testdata/coref/bratA"}, "spans", "a brat directory is span data (coref: --as coref)"},
		{[]string{"examples/krippendorff.csv"}, "coding", "a wide CSV"},
		{[]string{rel}, "relations", "a relation CSV: agree relations draws its report"},
	} {
		kind, err := detectKind(newEnv(nil, io.Discard, io.Discard), c.args)
		switch {
		case c.kind == "" && (err == nil || !strings.Contains(err.Error(), "run agree relations")):
			t.Errorf("%s: %q, %v; want an error naming agree relations", c.why, kind, err)
		case c.kind != "" && (err != nil || kind != c.kind):
			t.Errorf("%s: %q, %v; want %s", c.why, kind, err, c.kind)
		}
	}
	out, errs, code := agree(t, "", "report", "--layer", "NamedEntity", "../../formats/webanno/testdata/project")
	if code != 0 || !strings.Contains(out, "<title>Span agreement") {
		t.Errorf("report on a project export: exit %d, %s\n%.300s", code, errs, out)
	}
}

// TestRelationsReport: agree relations --report draws the relations view
// of the span report — pairs, types, the disagreements to adjudicate —
// from the numbers of its JSON output; agree report detects the relation
// CSV.
func TestRelationsReport(t *testing.T) {
	dir := t.TempDir()
	page := filepath.Join(dir, "r.html")
	if _, errs, code := agree(t, "", "relations", "--report", page, "examples/relations.csv"); code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	html, _ := os.ReadFile(page)
	res := jsonOut(t, "relations", "--format", "json", "examples/relations.csv")
	avg := res["average_f1"].(float64)
	for _, want := range []string{
		"<title>Relation agreement on relations.csv",
		"F1 per type", "type α given a match",
		"disagreements on relations (adjudicate first)",
		fmt.Sprintf("%.4f", avg), // the headline is the JSON's average pairwise F1
	} {
		if !strings.Contains(string(html), want) {
			t.Errorf("the report lacks %q", want)
		}
	}
	if _, errs, code := agree(t, "", "relations", "--report", page, "examples/relations.csv"); code != 2 || !strings.Contains(errs, "--force") {
		t.Errorf("an existing report: exit %d: %s", code, errs)
	}
	out, errs, code := agree(t, "", "report", "examples/relations.csv")
	if code != 0 || !strings.Contains(out, "<title>Relation agreement") {
		t.Errorf("agree report on a relation CSV: exit %d, %s", code, errs)
	}
}

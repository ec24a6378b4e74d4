package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"maps"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"agree/coding"
	"agree/coref"
	"agree/formats"
	corefio "agree/formats/coref"
	"agree/formats/segeval"
	"agree/formats/table"
	"agree/formats/units"
	"agree/gamma"
	"agree/ratings"
	"agree/segmentation"
	"agree/spans"
	"agree/unitizing"
)

// Parity (issue 24): every number, undefined reason, default choice and
// breakdown a command prints comes from an exported library function.
// TestParity runs each command with --format json on every testdata file
// of the module (fuzz corpora excepted) and the examples, and, wherever the
// command takes the file (exit 0), computes the same result with the
// library alone — its readers, its measures, its defaults — and compares
// them: a number computed or blanked in the CLI only would differ.

// parityInputs are the files and directories under the module's testdata
// directories (fuzz corpora excepted) and the examples.
func parityInputs(t *testing.T) []string {
	t.Helper()
	root := filepath.Join("..", "..")
	var out []string
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "fuzz" || strings.HasPrefix(d.Name(), ".") && p != root) {
			return filepath.SkipDir
		}
		if !d.IsDir() && (strings.Contains(filepath.ToSlash(p), "/testdata/") || strings.Contains(filepath.ToSlash(p), "/cmd/agree/examples/")) {
			out = append(out, p)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(out) < 100 {
		t.Fatalf("found %d inputs", len(out))
	}
	return out
}

// parityJSON runs the command and decodes its JSON; ok is false when the
// command does not take the input (a non-zero exit).
func parityJSON(t *testing.T, args ...string) (map[string]any, bool) {
	t.Helper()
	out, _, code := agree(t, "", append(args, "--quiet", "--format", "json")...)
	if code != 0 {
		return nil, false
	}
	var v map[string]any
	if err := json.Unmarshal([]byte(out), &v); err != nil {
		t.Fatalf("agree %s: %v", strings.Join(args, " "), err)
	}
	return v, true
}

// sameNumber compares a JSON number (nil for null) with the library's
// value (NaN for undefined) to 1e-12, relatively.
func sameNumber(t *testing.T, what string, got any, want float64) {
	t.Helper()
	if got == nil {
		if !math.IsNaN(want) {
			t.Errorf("%s: null, the library gives %v", what, want)
		}
		return
	}
	g, ok := got.(float64)
	if !ok {
		t.Errorf("%s: %v is not a number", what, got)
		return
	}
	if math.IsNaN(want) || math.Abs(g-want) > 1e-12*math.Max(1, math.Abs(want)) {
		t.Errorf("%s: %v, the library gives %v", what, g, want)
	}
}

// jpath walks decoded JSON along keys and indices.
func jpath(v any, keys ...any) any {
	for _, k := range keys {
		switch k := k.(type) {
		case string:
			m, _ := v.(map[string]any)
			v = m[k]
		case int:
			a, _ := v.([]any)
			if k >= len(a) {
				return nil
			}
			v = a[k]
		}
	}
	return v
}

func TestParity(t *testing.T) {
	inputs := parityInputs(t)
	checked := map[string]int{}
	for _, in := range inputs {
		input := (&formats.OS{}).Input(in)
		if ok, err := formats.IsTable(input, "auto"); err == nil && ok {
			if parityCoding(t, in, "auto") {
				checked["coding"]++
			}
			if parityRatings(t, in) {
				checked["ratings"]++
			}
		}
		if ok, err := formats.UnitFiles([]*formats.Input{(&formats.OS{}).Input(in)}, "auto"); err == nil && ok {
			if parityUnitizing(t, in) {
				checked["unitizing"]++
			}
			if parityGamma(t, in) {
				checked["gamma"]++
			}
		}
		if paritySegmentation(t, in) {
			checked["segmentation"]++
		}
		if paritySpans(t, in) {
			checked["spans"]++
		}
		if kind, err := formats.CorefKind((&formats.OS{}).Input(in), "auto"); err == nil && kind == formats.CorefCSV && parityCoref(t, []string{in}, func(b *coref.Builder) error {
			f, err := os.Open(in)
			if err != nil {
				return err
			}
			defer f.Close()
			return corefio.ReadCSV(f, in, b)
		}) {
			checked["coref"]++
		}
	}
	// The layouts that are not detected (issue 24: a counts table's
	// coefficients that need coder identity were blanked by the CLI only).
	for _, k := range [][2]string{{"counts", "fleiss1971-counts.csv"}, {"contingency", "sas-contingency.csv"}, {"transposed", "krippendorff-transposed.csv"}} {
		if !parityCoding(t, filepath.Join("..", "..", "formats", "table", "testdata", k[1]), k[0]) {
			t.Errorf("agree coding --layout %s %s failed", k[0], k[1])
		}
	}
	// agree ratings --by COLUMN: each group's forms and the macro mean.
	parityRatingsBy(t, "testdata/ratings-batches.csv", "batch")
	// The CoNLL pair: one file per annotator.
	conll := []string{"testdata/coref/key.conll", "testdata/coref/response.conll"}
	if parityCoref(t, conll, func(b *coref.Builder) error {
		for _, p := range conll {
			f, err := os.Open(p)
			if err != nil {
				return err
			}
			err = corefio.ReadCoNLL(f, p, strings.TrimSuffix(filepath.Base(p), ".conll"), b)
			f.Close()
			if err != nil {
				return err
			}
		}
		return nil
	}) {
		checked["coref"]++
	}
	// Each command met some of the files it takes (so that the test can
	// fail): the counts of the inputs checked.
	for _, cmd := range []string{"coding", "ratings", "unitizing", "gamma", "segmentation", "spans", "coref"} {
		if checked[cmd] < 2 {
			t.Errorf("%s: only %d inputs checked", cmd, checked[cmd])
		}
	}
	t.Logf("inputs checked: %v", checked)
}

// parityCoding: every coefficient with its undefined reason, the bias and
// the per-category α of agree coding on a table in the layout given,
// against coding.Analyze on table.Read's data.
func parityCoding(t *testing.T, in, layout string) bool {
	v, ok := parityJSON(t, "coding", "--no-se", "--top", "0", "--layout", layout, in)
	if !ok {
		return false
	}
	f, err := os.Open(in)
	if err != nil {
		t.Fatal(err)
	}
	l, err := table.ParseLayout(layout)
	if err != nil {
		t.Fatal(err)
	}
	d, err := table.Read(f, in, table.Options{Layout: l})
	f.Close()
	if err != nil {
		t.Errorf("%s: agree coding reads it, table.Read does not: %v", in, err)
		return false
	}
	a, err := coding.Analyze(d, coding.Options{})
	if err != nil {
		t.Errorf("%s: %v", in, err)
		return false
	}
	for _, c := range coding.All() {
		r := a.Coefficient(c)
		what := in + ": coding " + c.Key()
		sameNumber(t, what, jpath(v, "coefficients", c.Key(), "value"), r.Value)
		if got, _ := jpath(v, "coefficients", c.Key(), "undefined_reason").(string); got != r.Reason {
			t.Errorf("%s: reason %q, the library says %q", what, got, r.Reason)
		}
	}
	sameNumber(t, in+": coding annotator_bias", jpath(v, "annotator_bias", "nominal"), a.Bias(false))
	if cats, err := a.PerCategory(); err == nil {
		for i, s := range cats {
			sameNumber(t, in+": coding per_category α of "+s.Label, jpath(v, "per_category", i, "alpha"), s.Alpha)
		}
	}
	return true
}

// parityRatings: the intraclass correlations of agree ratings against
// ratings.IntraclassCorrelations.
func parityRatings(t *testing.T, in string) bool {
	v, ok := parityJSON(t, "ratings", in)
	if !ok {
		return false
	}
	f, err := os.Open(in)
	if err != nil {
		t.Fatal(err)
	}
	d, err := table.Read(f, in, table.Options{})
	f.Close()
	if err != nil {
		t.Errorf("%s: agree ratings reads it, table.Read does not: %v", in, err)
		return false
	}
	m, err := ratings.FromData(d)
	if err != nil {
		t.Errorf("%s: %v", in, err)
		return false
	}
	ic := ratings.IntraclassCorrelations(m, 0.95)
	for i, fm := range ic.Forms {
		if k := jpath(v, "icc", "forms", i, "key"); k != fm.Form.Key() {
			t.Errorf("%s: ratings form %d is %v, the library's %s", in, i, k, fm.Form.Key())
			continue
		}
		sameNumber(t, in+": ratings "+fm.Form.Key(), jpath(v, "icc", "forms", i, "value"), fm.Value)
	}
	return true
}

// parityRatingsBy: agree ratings --by col --average macro on a wide table
// of ratings (the item, then col, then the raters) against
// ratings.GroupICCs and ratings.MacroICC on the rows of each value of col
// (groups in numerical order).
func parityRatingsBy(t *testing.T, in, col string) {
	v, ok := parityJSON(t, "ratings", "--by", col, "--average", "macro", in)
	if !ok {
		t.Fatalf("agree ratings --by %s %s failed", col, in)
	}
	src, err := os.ReadFile(in)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(src)), "\n")
	raters := strings.Split(lines[0], ",")[2:]
	cols := make([][]float64, len(raters))
	var items []string
	byValue := map[float64][]int{}
	for i, l := range lines[1:] {
		f := strings.Split(l, ",")
		items = append(items, f[0])
		g, err := strconv.ParseFloat(f[1], 64)
		if err != nil {
			t.Fatalf("%s: %v", in, err)
		}
		byValue[g] = append(byValue[g], i)
		for j := range raters {
			x, err := strconv.ParseFloat(f[j+2], 64)
			if err != nil {
				t.Fatalf("%s: %v", in, err)
			}
			cols[j] = append(cols[j], x)
		}
	}
	m, err := ratings.New(raters, items, cols)
	if err != nil {
		t.Fatal(err)
	}
	var groups [][]int
	for _, g := range slices.Sorted(maps.Keys(byValue)) {
		groups = append(groups, byValue[g])
	}
	ics := ratings.GroupICCs(m, groups, 0.95)
	means, defined := ratings.MacroICC(ics)
	for g, ic := range ics {
		for _, fm := range ic.Forms {
			sameNumber(t, fmt.Sprintf("%s: ratings --by %s group %d %s", in, col, g, fm.Form.Key()), jpath(v, "per_group", g, "icc", fm.Form.Key()), fm.Value)
		}
	}
	for _, f := range ratings.ICCForms() {
		sameNumber(t, fmt.Sprintf("%s: ratings --by %s macro %s", in, col, f.Key()), jpath(v, "corpus", "icc", f.Key()), means[f])
		if n, _ := jpath(v, "corpus", "groups", f.Key()).(float64); int(n) != defined[f] {
			t.Errorf("%s: ratings --by %s macro %s over %v groups, the library's %d", in, col, f.Key(), n, defined[f])
		}
	}
}

// parityUnitizing: the measures of each continuum of agree unitizing on a
// unit file against unitizing.Measure on the extent DefaultExtent.
func parityUnitizing(t *testing.T, in string) bool {
	v, ok := parityJSON(t, "unitizing", in)
	if !ok {
		return false
	}
	corpus, err := formats.ReadUnitFiles([]*formats.Input{(&formats.OS{}).Input(in)}, units.Reader{})
	if err != nil {
		t.Errorf("%s: agree unitizing reads it, formats.ReadUnitFiles does not: %v", in, err)
		return false
	}
	var cs []unitizing.Continuum
	for _, c := range corpus.Continua {
		if len(c.Annotators) >= 2 { // as the document rule keeps them
			cs = append(cs, c)
		}
	}
	for k := range cs {
		c := &cs[k]
		m, err := unitizing.Measure(c, unitizing.DefaultExtent(c), unitizing.MeasureOptions{Atom: 1})
		if err != nil {
			t.Errorf("%s: %v", in, err)
			return false
		}
		r := v
		if len(cs) > 1 {
			r, _ = jpath(v, "continua", k).(map[string]any)
		}
		for _, key := range unitizing.Headline {
			sameNumber(t, fmt.Sprintf("%s: unitizing %s of %s", in, key, c.Name), jpath(r, key), m.Value(key))
		}
	}
	return true
}

// parityGamma: γ, its disorders and the chance model of agree gamma on a
// unit file against gamma.Compute with gamma.AutoSampler's choice.
func parityGamma(t *testing.T, in string) bool {
	v, ok := parityJSON(t, "gamma", "--samples", "5", "--precision", "0", "--seed", "3", in)
	if !ok {
		return false
	}
	corpus, err := formats.ReadUnitFiles([]*formats.Input{(&formats.OS{}).Input(in)}, units.Reader{})
	if err != nil {
		t.Errorf("%s: %v", in, err)
		return false
	}
	var kept unitizing.Corpus
	for _, c := range corpus.Continua {
		if len(c.Annotators) >= 2 {
			kept.Continua = append(kept.Continua, c)
		}
	}
	var cats []string
	for _, c := range kept.Continua {
		for _, k := range c.Categories() {
			if !slices.Contains(cats, k) {
				cats = append(cats, k)
			}
		}
	}
	slices.Sort(cats)
	d, err := gamma.NewCombined(1, 1, 1, gamma.Nominal(), cats)
	if err != nil {
		t.Errorf("%s: %v", in, err)
		return false
	}
	sampler, _ := gamma.AutoSampler(kept)
	r, err := gamma.Compute(context.Background(), kept, d, gamma.Options{Sampler: sampler, Samples: 5, Precision: -1, Confidence: 0.95, MaxSamples: 5000, Seed: 3})
	if err != nil {
		t.Errorf("%s: %v", in, err)
		return false
	}
	sameNumber(t, in+": gamma", jpath(v, "gamma"), r.Gamma)
	sameNumber(t, in+": gamma observed_disorder", jpath(v, "observed_disorder"), r.Observed)
	sameNumber(t, in+": gamma expected_disorder", jpath(v, "expected_disorder"), r.Expected)
	sameNumber(t, in+": gamma_cat", jpath(v, "gamma_cat"), r.GammaCat)
	if got := jpath(v, "sampler"); got != sampler.String() {
		t.Errorf("%s: gamma's sampler %v, gamma.AutoSampler's %v", in, got, sampler)
	}
	return true
}

// paritySegmentation: SegEval's agreement and the summaries of agree
// segmentation against segmentation.Compare.
func paritySegmentation(t *testing.T, in string) bool {
	v, ok := parityJSON(t, "segmentation", in)
	if !ok {
		return false
	}
	f, err := os.Open(in)
	if err != nil {
		t.Fatal(err)
	}
	d, err := segeval.Read(f, in, segeval.Auto)
	f.Close()
	if err != nil {
		t.Errorf("%s: agree segmentation reads it, segeval.Read does not: %v", in, err)
		return false
	}
	cmp, err := segmentation.Compare(d, segmentation.AgreementOptions{NT: segmentation.DefaultNT, Similarity: segmentation.SimilarityB},
		segmentation.WindowOptions{}, segmentation.GHDCosts{Ins: 2, Del: 2, Shift: 1})
	if err != nil {
		t.Errorf("%s: %v", in, err)
		return false
	}
	sameNumber(t, in+": segmentation π", jpath(v, "agreement", "pi"), cmp.Agreement.Pi)
	sameNumber(t, in+": segmentation κ", jpath(v, "agreement", "kappa"), cmp.Agreement.Kappa)
	for k, s := range cmp.Summaries {
		sameNumber(t, in+": segmentation mean "+k, jpath(v, "summary", k, "mean"), s.Mean)
	}
	for i, p := range cmp.Pairs {
		sameNumber(t, fmt.Sprintf("%s: segmentation pair %d B", in, i), jpath(v, "pairs", i, "b"), p.B)
	}
	return true
}

// paritySpans: the average F1 and each pair's F1 of agree spans against
// spans.Compare on formats.Read's corpus, with the documents rule of the
// corpus (its default scope).
func paritySpans(t *testing.T, in string) bool {
	v, ok := parityJSON(t, "spans", in)
	if !ok {
		return false
	}
	c, err := formats.Read([]string{in}, formats.Options{})
	if err != nil {
		t.Errorf("%s: agree spans reads it, formats.Read does not: %v", in, err)
		return false
	}
	m, _ := spans.ParseMatch("exact")
	lm, _ := spans.ParseLabelMode("strict")
	res, err := spans.Compare(context.Background(), c, spans.Options{Match: m, Labels: lm, Documents: c.DefaultScope()})
	if err != nil {
		t.Errorf("%s: %v", in, err)
		return false
	}
	sameNumber(t, in+": spans average_f1", jpath(v, "average_f1"), res.AverageF1)
	sameNumber(t, in+": spans micro f1", jpath(v, "micro", "f1"), res.Micro.F1())
	return true
}

// parityCoref: each pair's CoNLL, MUC and B³ F1 of agree coref against
// coref.Corpus.Compare on the corpus read by the formats/coref readers,
// with the documents rule (only the documents both annotated, where the
// input records it).
func parityCoref(t *testing.T, files []string, read func(*coref.Builder) error) bool {
	v, ok := parityJSON(t, append([]string{"coref"}, files...)...)
	if !ok {
		return false
	}
	b := coref.NewBuilder(coref.KeepFirst)
	if err := read(b); err != nil {
		t.Errorf("%v: agree coref reads it, the library does not: %v", files, err)
		return false
	}
	c, err := b.Build()
	if err != nil {
		t.Errorf("%v: %v", files, err)
		return false
	}
	if c.RecordsAssignment() {
		c = c.OnAnnotated()
	}
	anns := c.Annotators()
	k := 0
	for i := range anns {
		for j := i + 1; j < len(anns); j++ {
			if c.SharedDocuments(i, j) == 0 {
				continue
			}
			s := c.Compare(i, j)
			what := fmt.Sprintf("%v: coref %s/%s", files, anns[i], anns[j])
			sameNumber(t, what+" CoNLL F1", jpath(v, "pairs", k, "conll_f1"), s.CoNLL)
			sameNumber(t, what+" MUC F1", jpath(v, "pairs", k, "muc", "f1"), s.MUC.F1)
			sameNumber(t, what+" B³ F1", jpath(v, "pairs", k, "b3", "f1"), s.B3.F1)
			k++
		}
	}
	return true
}

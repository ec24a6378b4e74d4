package formats

import (
	"bytes"
	"cmp"
	"context"
	"math"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"agree/annotation"
	"agree/coding"
	"agree/formats/internal/commontest"
	"agree/gamma"
	"agree/unitizing"
)

// commonInput is the common annotation set as one format writes it.
type commonInput struct {
	format string
	paths  []string
	opt    Options
	layer  string            // the layer of the entity spans
	rename map[string]string // annotator names of the format → the set's
}

// commonInputs are the fixtures of the common set (formats/testdata/common)
// in every format that can write text spans. BIO is not among them: it
// cannot write a discontinuous span nor two overlapping spans, and its
// text is rebuilt from the tokens (formats/bio's test checks it against
// the set). ELAN and Praat are time-aligned (their own pair test).
func commonInputs(t *testing.T) []commonInput {
	t.Helper()
	// the model's own JSONL and the span CSV: the set itself, written out
	dir := t.TempDir()
	var js, cs bytes.Buffer
	set := commontest.Corpus(t)
	if err := annotation.WriteJSONL(&js, set); err != nil {
		t.Fatal(err)
	}
	if err := annotation.WriteCSV(&cs, set); err != nil {
		t.Fatal(err)
	}
	jsonl, csv := filepath.Join(dir, "common.jsonl"), filepath.Join(dir, "common.csv")
	os.WriteFile(jsonl, js.Bytes(), 0o644)
	os.WriteFile(csv, cs.Bytes(), 0o644)
	return []commonInput{
		{format: "jsonl", paths: []string{jsonl}},
		{format: "csv (with a text column)", paths: []string{csv}},
		{format: "brat", paths: []string{"brat/testdata/common"}, layer: "entity"},
		{format: "inception (WebAnno TSV)", paths: []string{"webanno/testdata/project"}, layer: "NamedEntity"},
		{format: "xmi", paths: []string{"uima/testdata/common"}, opt: Options{Format: "xmi"}, layer: "NamedEntity"},
		{format: "jsoncas", paths: []string{"uima/testdata/common"}, opt: Options{Format: "jsoncas"}, layer: "NamedEntity"},
		{format: "labelstudio", paths: []string{"labelstudio/testdata/export.json"}, layer: "label",
			rename: map[string]string{"alice@example.org": "alice", "bob@example.org": "bob", "碧@example.org": "碧"}},
		{format: "doccano", paths: []string{"doccano/testdata/sequence"}},
		{format: "prodigy", paths: []string{"prodigy/testdata/news_ner.jsonl"},
			rename: map[string]string{"news_ner-alice": "alice", "news_ner-bob": "bob", "news_ner-碧": "碧"}},
	}
}

// readCommon reads one format's fixture and gives its documents and
// annotators the set's names (documents by their text).
func readCommon(t *testing.T, in commonInput, set *annotation.Corpus) *annotation.Corpus {
	t.Helper()
	c, err := Read(in.paths, in.opt)
	if err != nil {
		t.Fatalf("%s: %v", in.format, err)
	}
	for d := range c.Documents {
		if !c.Documents[d].HasText {
			// the span CSV has no text: the set's
			if err := c.SetText(d, set.Documents[set.LookupDocument(c.Documents[d].Name)].Text, annotation.Pos{}); err != nil {
				t.Fatal(err)
			}
		}
	}
	commontest.Rename(t, set, c, in.rename)
	return c
}

// canonical returns the continua of a layer with documents, annotators and
// units in name order, so that two readings of the same annotations give
// identical inputs to the measures.
func canonical(t *testing.T, c *annotation.Corpus, layer string) unitizing.Corpus {
	t.Helper()
	uc, err := c.Continua(layer, annotation.AnnotatedDocuments)
	if err != nil {
		t.Fatal(err)
	}
	slices.SortFunc(uc.Continua, func(a, b unitizing.Continuum) int { return cmp.Compare(a.Name, b.Name) })
	for i := range uc.Continua {
		cont := &uc.Continua[i]
		names := slices.Clone(cont.Annotators)
		slices.Sort(names)
		for k := range cont.Units {
			cont.Units[k].Annotator = slices.Index(names, cont.Annotators[cont.Units[k].Annotator])
		}
		cont.Annotators = names
		slices.SortFunc(cont.Units, func(a, b unitizing.Unit) int {
			return cmp.Or(cmp.Compare(a.Annotator, b.Annotator), cmp.Compare(a.Start, b.Start), cmp.Compare(a.End, b.End), cmp.Compare(a.Category, b.Category))
		})
	}
	return uc
}

type commonResults struct {
	gamma, observed float64
	ualpha          []float64 // uα and c|uα of d1, then uα of d2 (NaN when undefined)
	tokenAlpha      float64
}

func measures(t *testing.T, c *annotation.Corpus, layer string) commonResults {
	t.Helper()
	uc := canonical(t, c, layer)
	var cats []string
	for _, cont := range uc.Continua {
		for _, u := range cont.Units {
			if !slices.Contains(cats, u.Category) {
				cats = append(cats, u.Category)
			}
		}
	}
	slices.Sort(cats)
	d, err := gamma.NewCombined(1, 1, 1, gamma.Nominal(), cats)
	if err != nil {
		t.Fatal(err)
	}
	g, err := gamma.Compute(context.Background(), uc, d, gamma.Options{Samples: 30, Precision: -1, Seed: 7, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	r := commonResults{gamma: g.Gamma, observed: g.Observed}
	for i := range uc.Continua {
		cont := &uc.Continua[i]
		n := annotation.CodePoints(c.Documents[c.LookupDocument(cont.Name)].Text)
		ua, err := unitizing.UAlpha(cont, unitizing.Extent{Begin: 0, End: float64(n)})
		if err != nil {
			r.ualpha = append(r.ualpha, math.NaN())
			continue
		}
		r.ualpha = append(r.ualpha, ua.U, ua.CU)
	}
	// token agreement on the white-space tokens of the texts (every
	// format has the texts; not all carry tokens)
	tok, _, err := c.TokenCoding(annotation.TokenOptions{Layer: layer, Whitespace: true})
	if err != nil {
		t.Fatal(err)
	}
	an, err := coding.Analyze(tok, coding.Options{})
	if err != nil {
		t.Fatal(err)
	}
	r.tokenAlpha = an.Coefficient(coding.KrippendorffAlpha).Value
	return r
}

func sameFloat(a, b float64) bool { return a == b || (math.IsNaN(a) && math.IsNaN(b)) }

// TestCommonSetEveryFormat reads the same annotations (the common set) in
// every format that can write them and gets identical γ (observed
// disorder and γ with the same seed), uα of each document and token-level
// α: the readers agree with each other to the last bit, whatever unit
// their tools count offsets in (code points, UTF-16) and however they
// write discontinuous spans.
func TestCommonSetEveryFormat(t *testing.T) {
	set := commontest.Corpus(t)
	want := measures(t, set, "")
	t.Logf("the set: γ %.6f (observed disorder %.6f), uα and c|uα %.6f, token α %.6f", want.gamma, want.observed, want.ualpha, want.tokenAlpha)
	// d2 has overlapping units of one annotator (South America, and the
	// America part of North … America), on which uα is undefined
	if math.IsNaN(want.gamma) || math.IsNaN(want.tokenAlpha) || len(want.ualpha) != 3 || math.IsNaN(want.ualpha[0]) || math.IsNaN(want.ualpha[1]) {
		t.Fatalf("the set's measures are undefined: %+v", want)
	}
	for _, in := range commonInputs(t) {
		c := readCommon(t, in, set)
		if d := commontest.Diff(set, c, commontest.Options{SplitParts: true, NoChains: true, Layer: in.layer}); d != "" {
			t.Errorf("%s: spans differ from the set:\n%s", in.format, d)
			continue
		}
		got := measures(t, c, in.layer)
		if !sameFloat(got.gamma, want.gamma) || !sameFloat(got.observed, want.observed) || !sameFloat(got.tokenAlpha, want.tokenAlpha) ||
			!slices.EqualFunc(got.ualpha, want.ualpha, sameFloat) {
			t.Errorf("%s: γ %v (observed %v), uα %v, token α %v; the set gives %v (%v), %v, %v",
				in.format, got.gamma, got.observed, got.ualpha, got.tokenAlpha, want.gamma, want.observed, want.ualpha, want.tokenAlpha)
		}
	}
}

// TestCommonLabelsEveryFormat: the document labels of the common set
// (labels.csv) read from every format that has text classification give
// Krippendorff's α of the set.
func TestCommonLabelsEveryFormat(t *testing.T) {
	set := commontest.Corpus(t)
	lab, err := os.ReadFile(filepath.Join(commontest.Dir(), "labels.csv"))
	if err != nil {
		t.Fatal(err)
	}
	alpha := func(c *annotation.Corpus, layer string) float64 {
		t.Helper()
		d, err := c.Coding(layer, "|")
		if err != nil {
			t.Fatal(err)
		}
		an, err := coding.Analyze(d, coding.Options{})
		if err != nil {
			t.Fatal(err)
		}
		return an.Coefficient(coding.KrippendorffAlpha).Value
	}
	// the set's labels as the model's JSONL
	ref := &annotation.Corpus{}
	for _, line := range bytes.Split(bytes.TrimSpace(lab), []byte("\n"))[1:] {
		f := bytes.Split(line, []byte(","))
		ref.Labels = append(ref.Labels, annotation.Label{Doc: ref.Document(string(f[0])), Annotator: ref.Annotator(string(f[1])), Value: string(f[2])})
	}
	want := alpha(ref, "")
	for _, in := range []struct {
		format, path, layer string
		rename              map[string]string
	}{
		{"labelstudio", "labelstudio/testdata/export.json", "sentiment", map[string]string{"alice@example.org": "alice", "bob@example.org": "bob", "碧@example.org": "碧"}},
		{"doccano", "doccano/testdata/classification", "", nil},
		{"prodigy", "prodigy/testdata/news_cat.jsonl", "", map[string]string{"news_cat-alice": "alice", "news_cat-bob": "bob", "news_cat-碧": "碧"}},
	} {
		c, err := Read([]string{in.path}, Options{})
		if err != nil {
			t.Fatalf("%s: %v", in.format, err)
		}
		// keep the documents of the set (doccano's export has one more)
		keep := &annotation.Corpus{}
		for _, l := range c.Labels {
			if l.Layer != in.layer {
				continue
			}
			name := c.Documents[l.Doc].Name
			for _, d := range set.Documents {
				if d.Text == c.Documents[l.Doc].Text {
					name = d.Name
				}
			}
			a := c.Annotators[l.Annotator]
			if n, ok := in.rename[a]; ok {
				a = n
			}
			keep.Labels = append(keep.Labels, annotation.Label{Doc: keep.Document(name), Annotator: keep.Annotator(a), Layer: l.Layer, Value: l.Value})
		}
		if got := alpha(keep, in.layer); !sameFloat(got, want) {
			t.Errorf("%s: α %v, the set's labels give %v", in.format, got, want)
		}
	}
}

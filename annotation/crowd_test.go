package annotation

import (
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"testing"

	"agree/coding"
	"agree/distance"
)

// annotatedByMatrix is the reference of Annotated: a documents ×
// annotators table of who annotated what.
func annotatedByMatrix(c *Corpus) [][]int {
	seen := make([][]bool, len(c.Documents))
	for d := range seen {
		seen[d] = make([]bool, len(c.Annotators))
		for _, a := range c.Documents[d].AnnotatedBy {
			seen[d][a] = true
		}
	}
	for _, s := range c.Spans {
		seen[s.Doc][s.Annotator] = true
	}
	for _, l := range c.Labels {
		seen[l.Doc][l.Annotator] = true
	}
	out := make([][]int, len(c.Documents))
	for d, row := range seen {
		for a, ok := range row {
			if ok {
				out[d] = append(out[d], a)
			}
		}
	}
	return out
}

// randomCorpus has spans and labels in random order, some annotators
// marked as having annotated a document where they marked nothing.
func randomCorpus(r *rand.Rand, docs, anns, spans, labels int) *Corpus {
	c := &Corpus{}
	for d := range docs {
		c.Document(fmt.Sprint("d", d))
	}
	for a := range anns {
		c.Annotator(fmt.Sprint("a", a))
	}
	for range docs {
		c.MarkAnnotated(r.IntN(docs), r.IntN(anns))
	}
	for range spans {
		s := float64(r.IntN(20))
		c.Spans = append(c.Spans, Span{Doc: r.IntN(docs), Annotator: r.IntN(anns), Start: s, End: s + 1 + float64(r.IntN(3)), Label: fmt.Sprint("L", r.IntN(3))})
	}
	for range labels {
		c.Labels = append(c.Labels, Label{Doc: r.IntN(docs), Annotator: r.IntN(anns), Value: fmt.Sprint("v", r.IntN(3))})
	}
	return c
}

// TestAnnotatedEqualsMatrix: Annotated, which never builds a documents ×
// annotators table, gives what the table gives, on random corpora.
func TestAnnotatedEqualsMatrix(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for i := range 200 {
		c := randomCorpus(r, 1+r.IntN(6), 1+r.IntN(6), r.IntN(30), r.IntN(30))
		want := annotatedByMatrix(c)
		got := c.Annotated()
		for d := range want {
			if !slices.Equal(got[d], want[d]) {
				t.Fatalf("corpus %d, document %d: Annotated %v, want %v", i, d, got[d], want[d])
			}
		}
	}
}

// TestCrowdCorpusCost: a crowd corpus of 20,000 documents and 20,000
// annotators with a few labels and spans per document: Annotated and
// Continua cost memory in the labels and spans, not in documents ×
// annotators (which would be 400 million cells), and so does CodingStats.
// (Coding visits only the cells with labels, but coding.Builder itself
// holds a dense items × coders table.)
func TestCrowdCorpusCost(t *testing.T) {
	const docs, anns = 20_000, 20_000
	r := rand.New(rand.NewPCG(3, 4))
	c := randomCorpus(r, docs, anns, 3*docs, 3*docs)
	for _, tc := range []struct {
		name string
		run  func() error
	}{
		{"Annotated", func() error { c.Annotated(); return nil }},
		{"Continua", func() error { _, err := c.Continua("", AnnotatedDocuments); return err }},
		// Coding's dense table would take 1.6 GB (and 8.6 GB were seen)
		{"CodingStats", func() error { _, err := c.CodingStats("", "|", coding.StatsOptions{KeepItems: 10}); return err }},
	} {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		if err := tc.run(); err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		runtime.ReadMemStats(&after)
		// the reference table alone would take 400 MB (bools) or 3.2 GB (ints)
		if mb := (after.TotalAlloc - before.TotalAlloc) >> 20; mb > 100 {
			t.Errorf("%s allocated %d MB for %d spans and %d labels", tc.name, mb, len(c.Spans), len(c.Labels))
		}
	}
}

// TestContinuaAnnotatorIndex: each unit's annotator is its annotator's
// index among the continuum's annotators (the document's, in corpus
// order), whatever order the spans come in.
func TestContinuaAnnotatorIndex(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for i := range 100 {
		c := randomCorpus(r, 1+r.IntN(4), 1+r.IntN(5), r.IntN(25), 0)
		cs, err := c.Continua("", AnnotatedDocuments)
		if err != nil {
			t.Fatal(err)
		}
		byName := map[string]int{}
		for k, cont := range cs.Continua {
			byName[cont.Name] = k
		}
		next := map[int]int{} // continuum → units seen
		for _, s := range c.Spans {
			k := byName[c.Documents[s.Doc].Name]
			cont := cs.Continua[k]
			u := cont.Units[next[k]]
			next[k]++
			if cont.Annotators[u.Annotator] != c.Annotators[s.Annotator] || u.Start != s.Start || u.Category != s.Label {
				t.Fatalf("corpus %d: span %+v became unit %+v of %v", i, s, u, cont.Annotators)
			}
		}
	}
}

// TestCodingEqualsEveryCell: Coding, which visits only the cells with
// labels, builds the data a visit of every document × annotator cell
// builds, on random corpora with sets of labels.
func TestCodingEqualsEveryCell(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for i := range 100 {
		c := randomCorpus(r, 1+r.IntN(5), 1+r.IntN(5), 0, 1+r.IntN(30))
		got, err := c.Coding("", "|")
		if err != nil {
			t.Fatal(err)
		}
		b := coding.NewBuilder()
		for _, a := range c.Annotators {
			b.Coder(a)
		}
		for d, doc := range c.Documents {
			item := b.Item(doc.Name)
			for a := range c.Annotators {
				var vals []string
				for _, l := range c.Labels {
					if l.Doc == d && l.Annotator == a && !slices.Contains(vals, l.Value) {
						vals = append(vals, l.Value)
					}
				}
				if vals != nil {
					slices.Sort(vals)
					b.Set(item, a, strings.Join(vals, "|"), coding.Pos{})
				}
			}
		}
		want, err := b.Build()
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("corpus %d: Coding differs from the cell-by-cell data", i)
		}
	}
}

// TestCodingStatsEqualsCoding: the statistics CodingStats builds from the
// labels give every coefficient that the analysis of Coding's dense data
// gives, and the same counts, on random corpora with sets of labels,
// documents without labels and annotators without labels (tolerance 1e-12:
// both paths sum in the canonical order, so they agree to rounding).
func TestCodingStatsEqualsCoding(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	for i := range 200 {
		c := randomCorpus(r, 1+r.IntN(8), 2+r.IntN(5), 0, 2+r.IntN(40))
		d, err := c.Coding("", "|")
		if err != nil {
			t.Fatal(err)
		}
		s, err := c.CodingStats("", "|", coding.StatsOptions{})
		if err != nil {
			t.Fatal(err)
		}
		for _, opt := range []coding.Options{{}, {Distance: distance.MASI("|")}} {
			want, err := coding.Analyze(d, opt)
			if err != nil {
				t.Fatal(err)
			}
			got, err := coding.AnalyzeStats(s, opt)
			if err != nil {
				t.Fatal(err)
			}
			if got.Counts() != want.Counts() || !slices.Equal(s.Coders(), d.Coders()) {
				t.Fatalf("corpus %d: counts %+v, want %+v; coders %v, want %v", i, got.Counts(), want.Counts(), s.Coders(), d.Coders())
			}
			g, w := got.All(), want.All()
			for k := range w {
				x, y := g[k].Value, w[k].Value
				if math.IsNaN(x) != math.IsNaN(y) || math.Abs(x-y) > 1e-12 || g[k].Reason != w[k].Reason {
					t.Fatalf("corpus %d, %v: %v (%q) from the statistics, %v (%q) from the data", i, w[k].Coefficient, x, g[k].Reason, y, w[k].Reason)
				}
			}
		}
	}
	// the errors are Coding's
	c := randomCorpus(r, 3, 3, 0, 20)
	if _, err := c.CodingStats("", "", coding.StatsOptions{}); err == nil || !strings.Contains(err.Error(), "multi-label data needs a set separator") {
		t.Errorf("several labels without a separator: %v", err)
	}
	if _, err := c.CodingStats("topic", "|", coding.StatsOptions{}); err == nil || !strings.Contains(err.Error(), `no document label is in layer "topic"`) {
		t.Errorf("unknown layer: %v", err)
	}
}

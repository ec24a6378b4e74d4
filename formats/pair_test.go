package formats

import (
	"context"
	"math"
	"os"
	"slices"
	"testing"

	"agree/annotation"
	"agree/gamma"
)

// observedDisorder is γ's observed disorder of a corpus (α = β = Δ∅ = 1,
// nominal categories), from the exact best alignment.
func observedDisorder(t *testing.T, c *annotation.Corpus) float64 {
	t.Helper()
	uc, err := c.Continua("", annotation.AnnotatedDocuments)
	if err != nil {
		t.Fatal(err)
	}
	var cats []string
	for _, s := range c.Spans {
		if !slices.Contains(cats, s.Label) {
			cats = append(cats, s.Label)
		}
	}
	slices.Sort(cats)
	d, err := gamma.NewCombined(1, 1, 1, gamma.Nominal(), cats)
	if err != nil {
		t.Fatal(err)
	}
	res, err := gamma.Compute(context.Background(), uc, d, gamma.Options{Samples: -1, Precision: -1})
	if err != nil {
		t.Fatal(err)
	}
	return res.Observed
}

// roundedToMs returns a copy of c with every bound rounded to the
// millisecond, as ELAN stores times.
func roundedToMs(c *annotation.Corpus) *annotation.Corpus {
	r := *c
	r.Spans = slices.Clone(c.Spans)
	for i := range r.Spans {
		r.Spans[i].Start = math.Round(r.Spans[i].Start*1000) / 1000
		r.Spans[i].End = math.Round(r.Spans[i].End*1000) / 1000
	}
	return &r
}

// comparePair checks that an ELAN file and a Praat TextGrid that describe
// the same annotators' units, the ELAN file rounded to milliseconds, read
// with the same annotators, labels and unit count, every ELAN bound within
// half a millisecond of the TextGrid's, and the same observed disorder once
// the TextGrid's bounds are rounded to milliseconds too: the formats
// differ by that rounding only. It returns both observed disorders.
func comparePair(t *testing.T, eaf, textGrid string) (float64, float64) {
	t.Helper()
	e, err := Read([]string{eaf}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	g, err := Read([]string{textGrid}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(e.Annotators, g.Annotators) {
		t.Fatalf("annotators: ELAN %v, Praat %v", e.Annotators, g.Annotators)
	}
	if len(e.Spans) != len(g.Spans) || len(e.Spans) == 0 {
		t.Fatalf("units: ELAN %d, Praat %d", len(e.Spans), len(g.Spans))
	}
	for i := range e.Spans {
		a, b := e.Spans[i], g.Spans[i]
		if a.Annotator != b.Annotator || a.Label != b.Label || math.Abs(a.Start-b.Start) > 0.0005+1e-12 || math.Abs(a.End-b.End) > 0.0005+1e-12 {
			t.Errorf("unit %d: ELAN %s %q [%v, %v), Praat %s %q [%v, %v)", i, e.Annotators[a.Annotator], a.Label, a.Start, a.End,
				g.Annotators[b.Annotator], b.Label, b.Start, b.End)
		}
	}
	de, dg := observedDisorder(t, e), observedDisorder(t, g)
	if dr := observedDisorder(t, roundedToMs(g)); math.Abs(de-dr) > 1e-12 {
		t.Errorf("observed disorder: ELAN %v, Praat rounded to ms %v: they should be equal", de, dr)
	}
	return de, dg
}

// TestElanPraatPair: testdata/pair holds three coders' units (one coder's
// name and one label outside ASCII) as a Praat TextGrid in full precision
// and as an ELAN file rounded to milliseconds (TIME_ORDER not in time
// order, as pympi writes it). The observed disorders differ by 3.7e-5
// (0.253775 from ELAN, 0.253813 from Praat), which is the rounding alone.
func TestElanPraatPair(t *testing.T) {
	de, dg := comparePair(t, "testdata/pair/coders.eaf", "testdata/pair/coders.TextGrid")
	t.Logf("observed disorder: ELAN %.6f, Praat %.6f, difference %.3g", de, dg, de-dg)
	if math.Abs(de-dg) > 1e-4 || de == dg {
		t.Errorf("observed disorders %v and %v: want them apart by the rounding only (some 1e-5)", de, dg)
	}
}

// TestSharedMaureenMarvinRobin reads the shared MaureenMarvinRobin.eaf and
// .TextGrid (skipped when /work/shared is absent): three annotators, four
// units, the ELAN file being the TextGrid rounded to milliseconds. Their
// observed disorders are 2.102063 (ELAN) and 2.101317 (Praat), 7.5e-4
// apart, and equal once the Praat bounds are rounded to milliseconds.
func TestSharedMaureenMarvinRobin(t *testing.T) {
	const dir = "/work/shared/data/unitizing/"
	if _, err := os.Stat(dir + "MaureenMarvinRobin.eaf"); err != nil {
		t.Skip("shared data absent")
	}
	de, dg := comparePair(t, dir+"MaureenMarvinRobin.eaf", dir+"MaureenMarvinRobin.TextGrid")
	t.Logf("observed disorder: ELAN %.6f, Praat %.6f, difference %.3g", de, dg, de-dg)
	if math.Abs(de-dg) > 1e-3 {
		t.Errorf("observed disorders %v and %v differ by more than the rounding", de, dg)
	}
	// The RTTM still reads as before: one document, its file ids the
	// annotators, its speakers the labels.
	c, err := Read([]string{dir + "sample_two_annotators.rttm"}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(c.Annotators, []string{"annotA", "annotB"}) || len(c.Spans) != 8 || c.Spans[0].Label != "Maureen" {
		t.Errorf("RTTM: annotators %v, %d spans", c.Annotators, len(c.Spans))
	}
}

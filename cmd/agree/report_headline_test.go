package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestReportsSummariseTheCorpus: issue 18 §6. A report's headline says
// what the corpus gives — a coefficient over all annotators at once where
// one exists, else the mean of the pairs (or documents) with their range —
// never the first pair's or the first document's value; a negative value
// is drawn negative; a pairwise heatmap's colours span its values. The
// inputs are the rotating-pair design of TestDocumentsRule (graded) and a
// coreference CSV whose link κ is −0.5.
//
// Figures (by hand, see TestDocumentsRule and TestRealExports): spans F1
// of the pairs 1, 2/3, 6/7: mean 0.8413, range 0.6667 to 1; the labels of
// the 7 matched pairs all agree: α 1. CoNLL F1 of the pairs: A–B (0 + 1 +
// 1)/3 = 2/3, A–C (0 + 2/3 + 2/3)/3 = 4/9, B–C (0 + 6/7 + 6/7)/3 = 4/7;
// mean 106/189 = 0.5608.
func TestReportsSummariseTheCorpus(t *testing.T) {
	dir := t.TempDir()
	graded := rotating("graded", "A", "B", "C")
	headline := regexp.MustCompile(`<dl class="headline".*?</dl>`)
	cases := []struct {
		name, why string
		args      []string
		want      []string // in the headline
		page      []string // elsewhere on the page
	}{
		{"spans", "the mean of the pairs with their range; the label α of all pairs at once",
			append([]string{"spans"}, graded...),
			[]string{"0.8413", "mean of 3 pairs, range 0.6667 to 1.0000", "label α given a match", "1.0000", "all pairs of annotators at once, 7 matched pairs"},
			// the pairwise F1 heatmap's legend: its values' range, 0.667 to 1
			[]string{`font-size="10">0.667</text>`}},
		{"coref", "CoNLL F1 is pairwise: the mean of the pairs; chains as sets take all annotators",
			append([]string{"coref"}, graded...),
			[]string{"mean CoNLL F1", "0.5608", "3 pairs, range 0.4444 to 0.6667", "MASI α (chains as sets)"}, nil},
		{"unitizing", "several documents: the mean of the continua, not the first",
			append([]string{"unitizing"}, graded...),
			[]string{"mean αU", "3 continua, range"}, nil},
		{"coref negative", "a link κ of −0.5 is drawn below zero, not at it",
			[]string{"coref", "--missing", "singletons", filepath.Join("testdata", "report", "negative-coref.csv")},
			[]string{"CoNLL F1"}, []string{`font-size="11">-0.4</text>`}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			out := filepath.Join(dir, c.name+".html")
			args := append([]string{c.args[0], "--report", out}, c.args[1:]...)
			if _, stderr, code := agree(t, "", args...); code != 0 {
				t.Fatalf("agree %s: exit %d: %s", strings.Join(args, " "), code, stderr)
			}
			b, err := os.ReadFile(out)
			if err != nil {
				t.Fatal(err)
			}
			page := string(b)
			h := headline.FindString(page)
			for _, w := range c.want {
				if !strings.Contains(h, w) {
					t.Errorf("%s: the headline lacks %q:\n%s", c.why, w, h)
				}
			}
			if strings.Contains(h, "first pair") || strings.Contains(h, " / ") && c.name != "coref negative" { // two annotators: their pair is the corpus
				t.Errorf("%s: the headline shows one pair:\n%s", c.why, h)
			}
			for _, w := range c.page {
				if !strings.Contains(page, w) {
					t.Errorf("%s: the page lacks %q", c.why, w)
				}
			}
		})
	}
}

// TestCodingReportParts: issue 18 §6, the coding report. Krippendorff's α
// has its bootstrap histogram (it came after the four drawn); the items to
// adjudicate list multi-word labels apart ("very good", good — it read
// "very good good").
func TestCodingReportParts(t *testing.T) {
	dir := t.TempDir()
	data := filepath.Join(dir, "grades.csv")
	os.WriteFile(data, []byte("item,a,b,c\n1,very good,good,good\n2,good,good,good\n3,poor,very good,poor\n4,poor,poor,poor\n5,good,very good,very good\n"), 0o644)
	out := filepath.Join(dir, "r.html")
	if _, stderr, code := agree(t, "", "coding", "--bootstrap", "50", "--report", out, data); code != 0 {
		t.Fatal(stderr)
	}
	b, _ := os.ReadFile(out)
	page := string(b)
	if !strings.Contains(page, "Bootstrap distribution of Krippendorff&#39;s α") {
		t.Error("no bootstrap histogram of α")
	}
	if !strings.Contains(page, "&#34;very good&#34;, good, good") {
		t.Errorf("the values of item 1 do not keep \"very good\" apart:\n%s", page[strings.Index(page, "adjudicate"):][:2000])
	}
}

// Package commontest loads the common annotation set of
// formats/testdata/common (two documents, three annotators, PER/LOC/ORG
// spans with a chain and a discontinuous span) and compares a corpus a
// reader produced with it. It is used by the readers' tests only.
package commontest

import (
	"cmp"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"agree/annotation"
)

// Dir returns the directory of the common set.
func Dir() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..", "testdata", "common")
}

// Corpus reads the common set: its spans and the texts of d1 and d2.
func Corpus(t testing.TB) *annotation.Corpus {
	t.Helper()
	f, err := os.Open(filepath.Join(Dir(), "spans.csv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	c, err := annotation.ReadCSV(f, "spans.csv")
	if err != nil {
		t.Fatal(err)
	}
	for d := range c.Documents {
		text, err := os.ReadFile(filepath.Join(Dir(), c.Documents[d].Name+".txt"))
		if err != nil {
			t.Fatal(err)
		}
		if err := c.SetText(d, string(text), annotation.Pos{}); err != nil {
			t.Fatal(err)
		}
	}
	if err := c.Validate(); err != nil {
		t.Fatal(err)
	}
	return c
}

// Options say what a comparison ignores, for formats that cannot express it.
type Options struct {
	// SplitParts compares a discontinuous span as separate spans, one per
	// part (formats without discontinuous spans write it so).
	SplitParts bool
	// NoChains ignores chains.
	NoChains bool
	// Layer, if not empty, keeps only the spans of got in this layer and
	// ignores layers otherwise.
	Layer string
}

// Diff compares the spans of got with those of want (document, annotator,
// offsets, label, and the chain as the set of its mentions), ignoring
// order; it returns "" when they are the same and otherwise lists the
// differences.
func Diff(want, got *annotation.Corpus, opt Options) string {
	w, g := canon(want, Options{SplitParts: opt.SplitParts, NoChains: opt.NoChains}), canon(got, opt)
	var out []string
	for _, s := range w {
		if !slices.Contains(g, s) {
			out = append(out, "missing: "+s)
		}
	}
	for _, s := range g {
		if !slices.Contains(w, s) {
			out = append(out, "extra:   "+s)
		}
	}
	return strings.Join(out, "\n")
}

// Spans returns the spans of c in the canonical form Diff compares.
func Spans(c *annotation.Corpus, opt Options) []string { return canon(c, opt) }

func canon(c *annotation.Corpus, opt Options) []string {
	type mention struct {
		doc, ann int
		where    string
		label    string
		chain    string
	}
	var ms []mention
	for i := range c.Spans {
		s := &c.Spans[i]
		if opt.Layer != "" && s.Layer != opt.Layer {
			continue
		}
		chain := s.Chain
		if opt.NoChains {
			chain = ""
		}
		if opt.SplitParts {
			for _, p := range s.PartsOrSelf() {
				ms = append(ms, mention{s.Doc, s.Annotator, fmt.Sprintf("%v-%v", p.Start, p.End), s.Label, chain})
			}
			continue
		}
		var where []string
		for _, p := range s.PartsOrSelf() {
			where = append(where, fmt.Sprintf("%v-%v", p.Start, p.End))
		}
		ms = append(ms, mention{s.Doc, s.Annotator, strings.Join(where, ";"), s.Label, chain})
	}
	type key struct {
		doc, ann int
		chain    string
	}
	chains := map[key][]string{}
	for _, m := range ms {
		if m.chain != "" {
			k := key{m.doc, m.ann, m.chain}
			chains[k] = append(chains[k], m.where)
		}
	}
	out := make([]string, 0, len(ms))
	for _, m := range ms {
		chain := ""
		if m.chain != "" {
			members := chains[key{m.doc, m.ann, m.chain}]
			slices.SortFunc(members, func(a, b string) int { return cmp.Compare(a, b) })
			chain = " chain{" + strings.Join(members, ",") + "}"
		}
		out = append(out, fmt.Sprintf("%s %s %s %s%s", c.Documents[m.doc].Name, c.Annotators[m.ann], m.where, m.label, chain))
	}
	slices.Sort(out)
	return out
}

package main

import (
	"flag"
	"fmt"
	"slices"

	"agree/annotation"
	"agree/coref"
	"agree/internal/view"
	"agree/unitizing"
)

// documentsFlag is --documents, the rule that says on which documents an
// annotator is compared, of every command that compares annotators
// document by document on an annotation corpus (spans, relations, coding
// on spans, gamma, unitizing).
type documentsFlag struct {
	value string
	// continua is true for gamma and unitizing, whose default is
	// annotated even where the input does not record the assignment
	// (registerContinua).
	continua bool
}

const documentsUsage = "documents an annotator is compared on: annotated (only those it annotated, as the input records them) or all (every document: an annotator without spans in a document marked nothing there); default: annotated where the input records who annotated each document (tool exports, the JSONL's annotated_by), else all (the span CSV, which cannot tell)"

func (d *documentsFlag) register(fs *flag.FlagSet) {
	fs.StringVar(&d.value, "documents", "", documentsUsage)
}

// registerContinua registers --documents for gamma and unitizing: where
// the input does not record who annotated each document, a continuum's
// annotators are still those with units in it (as pygamma-agreement builds
// a continuum, and as agree did before the rule existed).
func (d *documentsFlag) registerContinua(fs *flag.FlagSet) {
	d.continua = true
	fs.StringVar(&d.value, "documents", "", "documents an annotator is compared on: annotated (only those it annotated; a document's continuum has only their units) or all (every annotator in every continuum: one without units there marked nothing); default: annotated (where the input does not record who annotated each document, those with units in it)")
}

// check validates the flag before any input is read.
func (d *documentsFlag) check(fs *flag.FlagSet) error {
	if d.value == "" {
		return nil
	}
	return oneOf(fs, "documents", d.value, "annotated", "all")
}

// scope is the rule for corpus c: the one given, else c's default
// (annotation.Corpus.DefaultScope).
func (d *documentsFlag) scope(c *annotation.Corpus) annotation.Scope {
	if d.value != "" {
		s, _ := annotation.ParseScope(d.value)
		return s
	}
	if d.continua {
		return annotation.AnnotatedDocuments
	}
	return c.DefaultScope()
}

// rule describes the rule applied to c for the output.
func (d *documentsFlag) rule(c *annotation.Corpus, maxRows int) *view.DocumentRule {
	return view.NewDocumentRule(c.Share(d.scope(c)), c.Annotators, d.value == "", d.continua, maxRows)
}

// coref applies the rule to a coreference corpus: the corpus whose pairs
// are compared on the documents both annotated (coref.Corpus.OnAnnotated)
// under annotated, and the rule for the output.
func (d *documentsFlag) coref(c *coref.Corpus) (*coref.Corpus, *view.DocumentRule) {
	recorded := c.RecordsAssignment()
	scope := annotation.AllDocuments
	switch {
	case d.value != "":
		scope, _ = annotation.ParseScope(d.value)
	case recorded:
		scope = annotation.AnnotatedDocuments
	}
	anns := c.Annotators()
	compared := make([][]int, len(c.Documents()))
	for doc := range compared {
		for a := range anns {
			if scope == annotation.AllDocuments || c.Annotated(a, doc) {
				compared[doc] = append(compared[doc], a)
			}
		}
	}
	if scope == annotation.AnnotatedDocuments {
		c = c.OnAnnotated()
	}
	return c, view.NewDocumentRule(annotation.ShareOf(compared, len(anns), scope, recorded), anns, d.value == "", false, view.DefaultMaxRows)
}

// unitContinua applies the document rule to the continua that gamma and
// unitizing read, then leaves out (and counts, in out.rule) those with
// fewer than two annotators; only when none is left is it an error.
// Continua read from unit CSV or RTTM files (out.rule nil: readUnits sets
// it for the other inputs) do not record who annotated them, since an
// annotator who marked nothing in a file has no row there: with --documents
// annotated, the default, a continuum has the annotators with units in it;
// with all, every annotator of the corpus.
func unitContinua(cmd string, out *unitInput, docs *documentsFlag) error {
	cs := out.corpus.Continua
	if out.rule == nil {
		scope := annotation.AnnotatedDocuments
		if docs.value == "all" {
			scope = annotation.AllDocuments
		}
		index := map[string]int{}
		var names []string
		for _, c := range cs {
			for _, a := range c.Annotators {
				if _, ok := index[a]; !ok {
					index[a] = len(names)
					names = append(names, a)
				}
			}
		}
		compared := make([][]int, len(cs))
		for i := range cs {
			c := &cs[i]
			if scope == annotation.AllDocuments && len(c.Annotators) < len(names) {
				has := map[string]bool{}
				for _, a := range c.Annotators {
					has[a] = true
				}
				for _, a := range names {
					if !has[a] {
						c.Annotators = append(c.Annotators, a)
					}
				}
			}
			for _, a := range c.Annotators {
				compared[i] = append(compared[i], index[a])
			}
			slices.Sort(compared[i])
		}
		out.rule = view.NewDocumentRule(annotation.ShareOf(compared, len(names), scope, false), names, docs.value == "", true, view.DefaultMaxRows)
	}
	kept := cs[:0]
	var first *unitizing.Continuum
	for i := range cs {
		if len(cs[i].Annotators) < 2 {
			if first == nil {
				c := cs[i]
				first = &c
			}
			continue
		}
		kept = append(kept, cs[i])
	}
	skipped := len(cs) - len(kept)
	out.corpus.Continua = kept
	out.rule.SkippedDocuments = skipped
	switch {
	case len(kept) > 0:
		return nil
	case skipped == 1:
		return first.Validate() // continuum "x": 1 annotator; …
	}
	return fmt.Errorf("%s: none of the %d documents (continua) has two annotators to compare (%s)", cmd, skipped, out.rule.Description)
}

package main

import (
	"flag"
	"fmt"
	"slices"
	"strconv"

	"agree/annotation"
	"agree/coref"
	"agree/internal/plural"
	"agree/report"
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
func (d *documentsFlag) rule(c *annotation.Corpus, maxRows int) *documentRuleJSON {
	return newDocumentRule(c.Share(d.scope(c)), c.Annotators, d.value == "", d.continua, maxRows)
}

// coref applies the rule to a coreference corpus: the corpus whose pairs
// are compared on the documents both annotated (coref.Corpus.OnAnnotated)
// under annotated, and the rule for the output.
func (d *documentsFlag) coref(c *coref.Corpus) (*coref.Corpus, *documentRuleJSON) {
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
	return c, newDocumentRule(annotation.ShareOf(compared, len(anns), scope, recorded), anns, d.value == "", false, defaultMaxRows)
}

// documentRuleJSON is the "document_rule" of every command that compares
// annotators document by document: which rule was applied, why, and how
// many documents each pair of annotators is compared on. Its keys are a
// contract (README).
type documentRuleJSON struct {
	Rule        string `json:"rule"`
	Recorded    bool   `json:"assignment_recorded"`
	Default     bool   `json:"default"`
	Description string `json:"description"`
	// Pairs are the pairs of annotators compared on some document, with
	// the number of documents (those sharing the most first; at most
	// --max-rows); PairsOmitted counts the others, UnsharedPairs the pairs
	// compared on no document.
	Pairs         []pairDocumentsJSON `json:"pairs"`
	PairsOmitted  int                 `json:"pairs_omitted,omitempty"`
	UnsharedPairs int                 `json:"unshared_pairs,omitempty"`
	// SkippedDocuments counts the documents fewer than two annotators are
	// compared on (nothing is compared there).
	SkippedDocuments int `json:"skipped_documents,omitempty"`
	// Every is the number of documents every pair is compared on, 0 when
	// pairs differ.
	Every int `json:"-"`
	// items names documents "items" and annotators "coders" (segmentation).
	items bool
}

// words are the nouns and verb of the notes and tables: document,
// annotator, annotated (item, coder, segmented for segmentation).
func (r *documentRuleJSON) words() (doc, ann, did string) {
	if r.items {
		return "item", "coder", "segmented"
	}
	return "document", "annotator", "annotated"
}

type pairDocumentsJSON struct {
	Annotators [2]string `json:"annotators"`
	Documents  int       `json:"documents"`
}

// newDocumentRule is the JSON of sh; byDefault says the rule was not given.
func newDocumentRule(sh annotation.Sharing, annotators []string, byDefault, continua bool, maxRows int) *documentRuleJSON {
	r := &documentRuleJSON{Rule: sh.Scope.String(), Recorded: sh.Recorded, Default: byDefault,
		Description: ruleDescription(sh.Scope, sh.Recorded, byDefault, continua), UnsharedPairs: sh.Unshared, SkippedDocuments: sh.Single, Every: sh.Every}
	r.Pairs = []pairDocumentsJSON{}
	add := func(a, b, n int) bool {
		if maxRows > 0 && len(r.Pairs) == maxRows {
			return false
		}
		r.Pairs = append(r.Pairs, pairDocumentsJSON{[2]string{annotators[a], annotators[b]}, n})
		return true
	}
	if sh.Every > 0 {
		n := len(annotators)
		total := n * (n - 1) / 2
		for a := 0; a < n && len(r.Pairs) < total; a++ {
			for b := a + 1; b < n; b++ {
				if !add(a, b, sh.Every) {
					r.PairsOmitted = total - len(r.Pairs)
					return r
				}
			}
		}
		return r
	}
	for k, p := range sh.Pairs {
		if !add(p.A, p.B, p.Documents) {
			r.PairsOmitted = len(sh.Pairs) - k
			break
		}
	}
	return r
}

// ruleDescription says, in a sentence for the notes, which documents each
// annotator is compared on and why; continua is true for gamma and
// unitizing (registerContinua).
func ruleDescription(s annotation.Scope, recorded, byDefault, continua bool) string {
	switch {
	case s == annotation.AnnotatedDocuments && !recorded && continua:
		d := "--documents annotated"
		if byDefault {
			d += " (the default)"
		}
		return d + ": the input does not record which documents each annotator annotated, so a document's continuum has the annotators with units in it, as pygamma-agreement builds one (--documents all puts every annotator in every continuum: one without units there marked nothing)"
	case s == annotation.AnnotatedDocuments && recorded:
		d := "--documents annotated"
		if byDefault {
			d += " (the default where, as here, the input records which documents each annotator annotated)"
		}
		return d + ": each annotator is compared only on the documents it annotated, so a pair only on the documents both annotated (--documents all would count a document an annotator never annotated as one where it marked nothing)"
	case s == annotation.AnnotatedDocuments:
		return "--documents annotated: the input does not record which documents each annotator annotated, so an annotator is taken to have annotated the documents where it marked something (one that read a document and marked nothing in it is left out there)"
	case recorded:
		return "--documents all: every annotator is compared on every document, a document it never annotated counting as one where it marked nothing (the input records which documents each annotator annotated: the default, --documents annotated, compares each only on those)"
	}
	d := "--documents all"
	if byDefault {
		d += " (the default when, as here, the input does not record which documents each annotator annotated: a CSV has no row for an annotator who marked nothing)"
	}
	return d + ": every annotator is compared on every document; an annotator without spans in a document is taken to have marked nothing there"
}

// notes are the rule's description and, when documents were skipped,
// how many.
func (r *documentRuleJSON) notes() []string {
	out := []string{r.Description}
	if r.SkippedDocuments > 0 {
		n := r.SkippedDocuments
		doc, ann, did := r.words()
		out = append(out, fmt.Sprintf("%s %s skipped (skipped_documents): fewer than two %ss %s %s, so there is nothing to compare", plural.Count(n, doc), plural.Verb(n, "was", "were"), ann, did, plural.Verb(n, "it", "them")))
	}
	return out
}

// shown reports whether the tables of a command on continua documents
// should show the rule: when there are several, or some were skipped (the
// JSON always has it).
func (r *documentRuleJSON) shown(documents int) bool {
	return r != nil && (documents > 1 || r.SkippedDocuments > 0)
}

// pairTable lists the documents each pair of annotators is compared on
// (the rule itself is in the notes of the main table).
func (r *documentRuleJSON) pairTable() report.Table {
	doc, ann, did := r.words()
	t := report.Table{Title: doc + "s each pair of " + ann + "s is compared on (--documents " + r.Rule + ")", Header: []string{ann, ann, doc + "s"}}
	if r.items {
		t.Title = "items each pair of coders is compared on (those both " + did + ")"
	}
	for _, p := range r.Pairs {
		t.Rows = append(t.Rows, []string{p.Annotators[0], p.Annotators[1], strconv.Itoa(p.Documents)})
	}
	t.Notes = append(t.Notes, omittedNote(len(r.Pairs), r.PairsOmitted, "pairs", "those sharing the most "+doc+"s")...)
	if r.UnsharedPairs > 0 {
		t.Notes = append(t.Notes, fmt.Sprintf("%s %s no %s and %s compared on nothing", plural.Count(r.UnsharedPairs, "other pair of "+ann+"s"), plural.Verb(r.UnsharedPairs, "shares", "share"), doc, plural.Verb(r.UnsharedPairs, "is", "are")))
	}
	return t
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
		out.rule = newDocumentRule(annotation.ShareOf(compared, len(names), scope, false), names, docs.value == "", true, defaultMaxRows)
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

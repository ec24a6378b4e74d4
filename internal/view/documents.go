package view

import (
	"fmt"
	"strconv"

	"agree/annotation"
	"agree/internal/plural"
	"agree/report"
)

// DocumentRule is the "document_rule" of every command that compares
// annotators document by document: which rule was applied, why, and how
// many documents each pair of annotators is compared on. Its keys are a
// contract (README).
type DocumentRule struct {
	Rule        string `json:"rule"`
	Recorded    bool   `json:"assignment_recorded"`
	Default     bool   `json:"default"`
	Description string `json:"description"`
	// Pairs are the pairs of annotators compared on some document, with
	// the number of documents (those sharing the most first; at most
	// --max-rows); PairsOmitted counts the others, UnsharedPairs the pairs
	// compared on no document.
	Pairs         []PairDocuments `json:"pairs"`
	PairsOmitted  int             `json:"pairs_omitted,omitempty"`
	UnsharedPairs int             `json:"unshared_pairs,omitempty"`
	// SkippedDocuments counts the documents fewer than two annotators are
	// compared on (nothing is compared there).
	SkippedDocuments int `json:"skipped_documents,omitempty"`
	// Every is the number of documents every pair is compared on, 0 when
	// pairs differ.
	Every int `json:"-"`
	// ItemsAndCoders names documents "items" and annotators "coders"
	// (segmentation).
	ItemsAndCoders bool `json:"-"`
}

// words are the nouns and verb of the notes and tables: document,
// annotator, annotated (item, coder, segmented for segmentation).
func (r *DocumentRule) words() (doc, ann, did string) {
	if r.ItemsAndCoders {
		return "item", "coder", "segmented"
	}
	return "document", "annotator", "annotated"
}

// PairDocuments is a pair of annotators and the number of documents it is
// compared on.
type PairDocuments struct {
	Annotators [2]string `json:"annotators"`
	Documents  int       `json:"documents"`
}

// NewDocumentRule is the JSON of sh; byDefault says the rule was not given.
func NewDocumentRule(sh annotation.Sharing, annotators []string, byDefault, continua bool, maxRows int) *DocumentRule {
	r := &DocumentRule{Rule: sh.Scope.String(), Recorded: sh.Recorded, Default: byDefault,
		Description: RuleDescription(sh.Scope, sh.Recorded, byDefault, continua), UnsharedPairs: sh.Unshared, SkippedDocuments: sh.Single, Every: sh.Every}
	r.Pairs = []PairDocuments{}
	add := func(a, b, n int) bool {
		if maxRows > 0 && len(r.Pairs) == maxRows {
			return false
		}
		r.Pairs = append(r.Pairs, PairDocuments{[2]string{annotators[a], annotators[b]}, n})
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

// RuleDescription says, in a sentence for the notes, which documents each
// annotator is compared on and why; continua is true for gamma and
// unitizing (registerContinua).
func RuleDescription(s annotation.Scope, recorded, byDefault, continua bool) string {
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

// Notes are the rule's description and, when documents were skipped,
// how many.
func (r *DocumentRule) Notes() []string {
	out := []string{r.Description}
	if r.SkippedDocuments > 0 {
		n := r.SkippedDocuments
		doc, ann, did := r.words()
		out = append(out, fmt.Sprintf("%s %s skipped (skipped_documents): fewer than two %ss %s %s, so there is nothing to compare", plural.Count(n, doc), plural.Verb(n, "was", "were"), ann, did, plural.Verb(n, "it", "them")))
	}
	return out
}

// Shown reports whether the tables of a command on continua documents
// should show the rule: when there are several, or some were skipped (the
// JSON always has it).
func (r *DocumentRule) Shown(documents int) bool {
	return r != nil && (documents > 1 || r.SkippedDocuments > 0)
}

// PairTable lists the documents each pair of annotators is compared on
// (the rule itself is in the notes of the main table).
func (r *DocumentRule) PairTable() report.Table {
	doc, ann, did := r.words()
	t := report.Table{Title: doc + "s each pair of " + ann + "s is compared on (--documents " + r.Rule + ")", Header: []string{ann, ann, doc + "s"}}
	if r.ItemsAndCoders {
		t.Title = "items each pair of coders is compared on (those both " + did + ")"
	}
	for _, p := range r.Pairs {
		t.Rows = append(t.Rows, []string{p.Annotators[0], p.Annotators[1], strconv.Itoa(p.Documents)})
	}
	t.Notes = append(t.Notes, OmittedNote(len(r.Pairs), r.PairsOmitted, "pairs", "those sharing the most "+doc+"s")...)
	if r.UnsharedPairs > 0 {
		t.Notes = append(t.Notes, fmt.Sprintf("%s %s no %s and %s compared on nothing", plural.Count(r.UnsharedPairs, "other pair of "+ann+"s"), plural.Verb(r.UnsharedPairs, "shares", "share"), doc, plural.Verb(r.UnsharedPairs, "is", "are")))
	}
	return t
}

package annotation

import (
	"cmp"
	"fmt"
	"slices"
)

// Scope says on which documents an annotator is compared with the others.
//
// Tool exports record which documents each annotator worked on (a brat or
// WebAnno file per annotator and document, a Label Studio annotation per
// task, an INCEpTION CAS, a doccano or Prodigy file or session): where they
// do, an annotator who never opened a document did not "mark nothing" in
// it, and counting it so lowers every agreement figure of a design in which
// each document is annotated by a few of the annotators (rotating pairs,
// crowd work). DefaultScope chooses AnnotatedDocuments there.
type Scope int

const (
	// AllDocuments compares every annotator on every document: an
	// annotator with no span in a document marked nothing there (the only
	// reading of a span CSV, which has no row for an empty annotation).
	AllDocuments Scope = iota
	// AnnotatedDocuments compares an annotator only on the documents it
	// annotated (Corpus.Annotated: the reader saw its annotation of the
	// document, or it marked something there), so a pair of annotators
	// only on the documents both annotated.
	AnnotatedDocuments
)

// String returns "all" or "annotated".
func (s Scope) String() string {
	if s == AnnotatedDocuments {
		return "annotated"
	}
	return "all"
}

// ParseScope reads "all" or "annotated".
func ParseScope(s string) (Scope, error) {
	switch s {
	case "all":
		return AllDocuments, nil
	case "annotated":
		return AnnotatedDocuments, nil
	}
	return 0, fmt.Errorf("unknown document scope %q (want all or annotated)", s)
}

// RecordsAssignment reports whether the corpus records which documents
// each annotator annotated: its reader marked the annotators of some
// document (Document.AnnotatedBy), and of every document in which an
// annotator marked something. The tool formats record it (brat, WebAnno
// TSV, UIMA CAS, INCEpTION, Label Studio, doccano, Prodigy, BIO, ELAN,
// Praat, the JSONL's annotated_by); the span CSV and the relation CSV do
// not, since they have no row for an annotator who marked nothing.
func (c *Corpus) RecordsAssignment() bool {
	some := false
	for d := range c.Documents {
		if len(c.Documents[d].AnnotatedBy) > 0 {
			some = true
			break
		}
	}
	if !some {
		return false
	}
	recorded := func(d, a int) bool {
		_, ok := slices.BinarySearch(c.Documents[d].AnnotatedBy, a)
		return ok
	}
	for i := range c.Spans {
		if !recorded(c.Spans[i].Doc, c.Spans[i].Annotator) {
			return false
		}
	}
	for i := range c.Labels {
		if !recorded(c.Labels[i].Doc, c.Labels[i].Annotator) {
			return false
		}
	}
	return true
}

// DefaultScope is AnnotatedDocuments when the corpus records which
// documents each annotator annotated (RecordsAssignment), else
// AllDocuments.
func (c *Corpus) DefaultScope() Scope {
	if c.RecordsAssignment() {
		return AnnotatedDocuments
	}
	return AllDocuments
}

// Compared returns, for each document, the annotators compared on it under
// s, in annotator order: those who annotated it (Annotated) with
// AnnotatedDocuments, every annotator with AllDocuments.
func (c *Corpus) Compared(s Scope) [][]int {
	if s == AnnotatedDocuments {
		return c.Annotated()
	}
	all := make([]int, len(c.Annotators))
	for a := range all {
		all[a] = a
	}
	out := make([][]int, len(c.Documents))
	for d := range out {
		out[d] = all
	}
	return out
}

// PairShare is the number of documents on which two annotators (A < B,
// indexes into Corpus.Annotators) are both compared.
type PairShare struct {
	A, B      int
	Documents int
}

// Sharing says how a scope divides a corpus's documents among its
// annotators.
type Sharing struct {
	Scope Scope
	// Recorded is RecordsAssignment.
	Recorded bool
	// Documents counts the documents on which some pair of annotators is
	// compared; Single those on which fewer than two are (nothing is
	// compared there).
	Documents, Single int
	// Pairs are the pairs who share at least one document, the most
	// documents first (then in annotator order). When every annotator is
	// compared on every document (AllDocuments), Pairs is nil and Every is
	// the number of documents.
	Pairs []PairShare
	Every int
	// Unshared counts the pairs of annotators who share no document.
	Unshared int
}

// Share returns how the scope s divides c's documents: the documents each
// pair of annotators shares (ShareOf on Compared).
func (c *Corpus) Share(s Scope) Sharing {
	return ShareOf(c.Compared(s), len(c.Annotators), s, c.RecordsAssignment())
}

// ShareOf returns how documents are shared when compared[d] lists, in
// increasing order, the annotators (of n) compared on document d under s;
// recorded is Sharing.Recorded. It costs O(documents) when every document
// has every annotator, else the sum over documents of the square of their
// annotators (never the square of all annotators).
func ShareOf(compared [][]int, n int, s Scope, recorded bool) Sharing {
	sh := Sharing{Scope: s, Recorded: recorded}
	every := true
	for _, anns := range compared {
		every = every && len(anns) == n
	}
	if every {
		if n >= 2 {
			sh.Documents, sh.Every = len(compared), len(compared)
		} else {
			sh.Single = len(compared)
		}
		return sh
	}
	count := map[[2]int]int{}
	for _, anns := range compared {
		if len(anns) < 2 {
			sh.Single++
			continue
		}
		sh.Documents++
		for i, a := range anns {
			for _, b := range anns[i+1:] {
				count[[2]int{a, b}]++
			}
		}
	}
	sh.Pairs = make([]PairShare, 0, len(count))
	for k, v := range count {
		sh.Pairs = append(sh.Pairs, PairShare{k[0], k[1], v})
	}
	slices.SortFunc(sh.Pairs, func(x, y PairShare) int {
		return cmp.Or(y.Documents-x.Documents, x.A-y.A, x.B-y.B)
	})
	sh.Unshared = n*(n-1)/2 - len(sh.Pairs)
	return sh
}

// Package coref reads coreference annotations into a coref.Builder:
// long CSV (annotator,mention,chain with an optional document column),
// CoNLL-2011/2012 files (one per annotator; the last column's bracket
// markers, nested and concatenated) and brat standoff .ann files (Equiv
// lines or coreference relations; one file or directory per annotator).
//
// Formats are described in shared/reference/formats.md (§3.1 brat, §3.8
// CoNLL-2012) and the CoNLL reference scorer's conventions in
// shared/reference/coreference.md §1. Every error names the file and line
// (and column where it helps).
package coref

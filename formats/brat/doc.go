// Package brat reads brat standoff annotations (a .ann file of annotations
// next to the .txt file of the document text) into an annotation.Corpus.
//
// brat has no annotator field: each annotator's work is a directory (or a
// single .ann file), and the documents of two annotators are matched by
// their path relative to the directory, without the extension (ReadDir).
//
// What is read, following brat's standoff format description
// (brat.nlplab.org/standoff.html; shared/reference/formats.md §3.1):
//
//   - text-bound annotations "T<n>\t<Type> <start> <end>[;<start> <end>…]\t<text>"
//     become spans (ID "T<n>", label <Type>); several start–end pairs make a
//     discontinuous span (its parts, in order). A text-bound annotation that
//     is the trigger of an event line "E<n>\t<Type>:T<m> …" is in layer
//     "event", the others in layer "entity";
//   - relations "R<n>\t<Type> Arg1:T<a> Arg2:T<b>" become Relations from
//     the first argument to the second (an event argument stands for its
//     trigger);
//   - "*\tEquiv T<a> T<b> …" puts its spans in one chain, as do relations
//     (R lines or "*" lines) of the chain relation types (by default
//     Coreference, Coref and Anaphora, any case): the connected components
//     of these links are the chains, each named by its lowest T id; a span
//     linked to no other is in no chain;
//   - attributes (A, M), normalizations (N), notes (#), event arguments and
//     other "*" relations are not used: a note in Corpus.Notes counts them.
//
// Offsets are Unicode code points of the .txt (brat is Python; the files
// are UTF-8), 0-based, end exclusive; Options.Unit reads files written by
// tools that count UTF-16 units or bytes instead. When the .txt is there,
// it is the document's text, every offset must fall within it, and the
// covered text the .ann gives is checked against it (for a discontinuous
// span brat joins the parts with a space; a line break in the text is
// compared as a space): a mismatch is an error naming the file, the line,
// the annotation and both strings. Without a .txt nothing is checked.
//
// Errors name the file and line and say what was expected; a line whose id
// is not a brat id (T, R, E, A, M, N or # and a number, or *) is an error.
// The files are UTF-8: a file in another encoding is refused naming the
// line of the first bad byte, or saying that it is UTF-16; a byte-order
// mark before the first line of a .ann is skipped (one in a .txt is a
// character, as brat counts it). ReadFS names its files in messages by
// their path in the file system, joined to Options.Root when given.
// On an error the corpus is left partly filled.
//
// API:
//
//	ReadAnn(c, r, name, text, doc, annotator, opt)  one .ann from a reader (text: the .txt or nil)
//	ReadFile(c, path, doc, annotator, opt)          one .ann file (and its .txt)
//	ReadDir(c, dir, annotator, opt)                 every .ann under dir
//	ReadFS(c, fsys, dir, annotator, opt)            the same in an fs.FS (a ZIP; named by opt.Root)
//	Read(paths, annotators, opt)                    one directory or .ann per annotator
package brat

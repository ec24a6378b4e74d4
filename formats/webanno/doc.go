// Package webanno reads what INCEpTION and WebAnno export: WebAnno TSV 3.x
// files (3.1, 3.2, 3.3) and whole project exports (a directory or a ZIP
// archive holding annotation/<document>/<user>.<format> files), into an
// annotation.Corpus.
//
// The TSV format follows its description in INCEpTION's user guide
// ("WebAnno TSV 3.3 File format", webannotsv.adoc):
//
//   - the header declares the layers and their feature columns: span
//     layers (#T_SP=type|feature|…), chain layers (#T_CH=type|referenceType|
//     referenceRelation, in either order) and relation layers
//     (#T_RL=type|feature|…|BT_<base type>); a layer without features has one
//     placeholder column; slot features (ROLE_ and their target type) take a
//     column each and are ignored (counted in a note);
//   - the document text is rebuilt from the #Text= lines (a sentence of
//     several lines joined by line breaks) at the offsets of the sentences'
//     first tokens, as WebAnno does (spaces fill a gap between sentences;
//     text between sentences is not in the format); every token's text is
//     checked against it; the tokens (not the sub-tokens, "1-2.1") become the
//     document's Tokens;
//   - each annotation of a span layer becomes a span in the layer named by
//     the type's local name ("NamedEntity"; the full name when two types
//     share it): "_" is no annotation, "*" an annotation whose feature is
//     null (an empty label); the rows of one annotation that covers several
//     tokens or sub-tokens share a disambiguation id "[N]", and stacked
//     annotations on one token are separated by '|';
//   - each element of a chain layer ("pr[1]" in the referenceType column,
//     "coref->1-2" — chain 1, link 2 — in the referenceRelation column)
//     becomes a span whose Chain is the chain id, its label the
//     referenceType and its referenceRelation an attribute;
//   - each relation becomes a Relation (Layer: the relation layer) from the
//     annotation of the base type on the token its BT_ column names
//     ("1-3", or "1-3[2_5]" with the source and target disambiguation ids)
//     to the one on its own row; relations whose ends are not annotations of
//     a span layer (DKPro Core dependencies on plain tokens) are skipped and
//     counted in a note;
//   - reserved characters are unescaped (\\ \[ \] \| \_ \-> \; \* \t \n in
//     values; \\ \t \n \r \f \b in texts).
//
// The label of a span or relation is the value of its layer's label
// feature: Options.LabelFeature where the layer has it, else "value", else
// the DKPro Core tag feature (PosValue, DependencyType, referenceType), else
// the layer's only feature (uima.LabelFeature); the other features are
// attributes. A layer with several features and none of these has empty
// labels and a note names its features.
//
// Offsets are UTF-16 code units (WebAnno is Java) of the text, while the
// file is UTF-8: they are converted to code points of the rebuilt text.
// Options.Unit reads files that count code points or bytes.
//
// A project export (Project > Export with a secondary format, a ZIP
// archive or its unpacked directory) holds each annotator's work on each
// document as annotation/<document>/<user>.<ext>: the user is the
// annotator, the document is named as the source document; .tsv, .xmi
// (package uima) and .json (UIMA JSON CAS) files are read, and .zip files
// holding one of them with its type system. The curation/<document>/
// CURATION_USER files are read (as annotator CURATION_USER) only with
// Options.Curation, and counted in a note otherwise; INITIAL_CAS files are
// skipped with a note. Entries of more than MaxEntrySize bytes, or an
// export of more than MaxTotalSize bytes uncompressed, are refused.
//
// Errors name the file (inside an archive: archive!path) and line and say
// what was expected.
//
// API:
//
//	ReadTSV(c, r, name, doc, annotator, opt)   one TSV file
//	ReadProject(c, fsys, name, opt)            a project export as an fs.FS (IsProject tells one)
//	ReadProjectPath(c, path, opt)              a project export directory or .zip
package webanno

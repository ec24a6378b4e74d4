// Package uima reads UIMA CAS files, the XMI (XML 1.0 or 1.1) and JSON
// CAS serialisations INCEpTION, WebAnno and DKPro Core write, into an
// annotation.Corpus, without a type system.
//
// What is read:
//
//   - the text is the sofaString of the initial view's Sofa
//     (sofaID "_InitialView", or the only Sofa); annotations of other views
//     are ignored (counted in a note);
//   - every feature structure with begin and end is an annotation, in a
//     layer named by its type's local name ("NamedEntity"; the full name
//     when two types share it), except the infrastructure types
//     (DocumentAnnotation, DocumentMetaData, Sentence, Paragraph, Div,
//     TagsetDescription, CASMetadata) and Token, whose annotations become
//     the document's Tokens;
//   - the label is the value of the label feature (LabelFeature: the one
//     Options.LabelFeature names where the type has it, else "value", else
//     the DKPro Core tag feature PosValue, DependencyType or referenceType,
//     else the type's only feature); the other features are attributes; a
//     type with several features and none of these has empty labels, and a
//     note lists its features;
//   - chains: a feature structure of a type named …Chain with a feature
//     first starts a chain, followed through the links' next features; the
//     links' spans get the chain's id as Chain;
//   - relations: a feature structure with Governor and Dependent features
//     (INCEpTION's relation layers) is a Relation from the governor's span
//     to the dependent's, its type the label feature's value; relations
//     between feature structures that are not spans (DKPro Core dependencies
//     between tokens) are skipped and counted in a note.
//
// XMI: each child element of <xmi:XMI> is a feature structure; its type is
// the package its namespace URI names (http:///<package path>.ecore) and
// its local name; its features are its attributes (values unescaped and
// their white space normalised as XML says: a literal line break is a
// space, &#10; a line break). encoding/xml refuses XML 1.1 and the control
// characters XML 1.1 writes as references (&#1;), so a small scanner of its
// own reads the files (a DOCTYPE is refused; the encoding must be UTF-8).
//
// JSON CAS (the UIMA JSON CAS format, %TYPES, %FEATURE_STRUCTURES as an
// array with %ID or an object keyed by id, %VIEWS): features named "@x" are
// references, "^begin"/"^end" the anchors, "#x" special floating point
// values. The file must be UTF-8 JSON (internal/jsonx reads it), its
// strings included (bytes that are not UTF-8 would make offsets
// ambiguous).
//
// Offsets are UTF-16 code units (Java) of the sofaString; Options.Unit
// reads a CAS whose offsets count code points (written by Python's
// dkpro-cassis) or bytes. Errors name the file and the XML element (with
// its line and column in bytes: XMI files are often one line) or the JSON
// path, and say what was expected; an XMI file that is not well-formed XML
// (an end tag that closes another element, an attribute given twice, a
// literal NUL) is refused.
//
// API:
//
//	ReadXMI(c, r, name, doc, annotator, opt)   one XMI file
//	ReadJSON(c, r, name, doc, annotator, opt)  one JSON CAS file
//	LabelFeature, LocalName, LayerNames        shared with the WebAnno TSV reader
package uima

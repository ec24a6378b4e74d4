// Package annotation is the one model of annotated documents that every
// annotation-tool reader produces and every measure that fits reads.
//
// A Corpus holds documents (each with an optional text), annotators, and
// what the annotators marked:
//   - spans: a stretch of a document (start, end, label, layer), possibly
//     discontinuous (several parts), possibly in a coreference chain, with
//     optional attributes;
//   - document labels: a label given to a whole document (text
//     classification); several labels of one annotator on one document and
//     layer form a set (multi-label data);
//   - relations: a typed link from one span to another of the same
//     annotator and document.
//
// Offsets are in one unit whatever the tool used: for a text, Unicode code
// points of the document text, 0-based, end exclusive (readers convert
// UTF-16 and byte offsets with an Offsets table); for audio or video, seconds.
//
// Who annotated what: Document.AnnotatedBy lists the annotators a reader
// saw annotate a document, even if they marked nothing there. A Scope says
// on which documents an annotator is compared: AnnotatedDocuments (only
// those it annotated) or AllDocuments (every document, an annotator without
// spans in one having marked nothing there). RecordsAssignment tells whether
// the input recorded the assignment (tool exports do, a span CSV cannot),
// DefaultScope picks the scope from it, and Share counts the documents
// each pair of annotators shares.
//
// The model has projections onto the data shapes of the measures: spans
// become continua of units for γ and the unitizing alphas (Continua), document
// labels become items × coders reliability data (Coding), chains become a
// coreference corpus (Coref). The span CSV (WriteCSV/ReadCSV) is a stable
// contract for scripts; its header is
//
//	document,annotator,start,end,label[,layer][,chain][,part_of][,text]
//
// with the optional columns written only when some span has them, one row
// per span and one row per part of a discontinuous span (the parts sharing
// an id in part_of). WriteJSONL writes the whole model, one JSON object per
// line.
package annotation

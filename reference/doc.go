// Package reference scores annotators against a reference: a gold or
// adjudicated annotation, a model's output, or — for each annotator — the
// majority of the other annotators (leaving the annotator out). It is how
// annotation tools score their annotators (Label Studio, Argilla,
// Datasaur) and how a model's labels are judged against people's.
//
// For labels (reliability data of package coding), each annotator gets one
// row: the accuracy (percent agreement with the reference on the items
// both labelled), Cohen's κ (Cohen 1960) and Krippendorff's α (with the
// analysis's distance) of the two, each with its analytic standard error
// and interval from package inference (Gwet's variance for accuracy and α,
// Fleiss, Cohen & Everitt 1969 for κ). With the majority of the others as
// reference, an item counts when the others' most frequent label is
// unique (a tie gives no reference there; the items left are counted).
package reference

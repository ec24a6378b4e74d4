// Package segmentation measures agreement between linear segmentations: two
// or more coders placing boundaries between the units (words, sentences,
// paragraphs) of the same items.
//
// A Segmentation is built from segment lengths ("masses", FromMasses), one
// segment label per unit (FromPositions), an NLTK boundary string
// (FromBoundaryString) or SegEval's sets of boundary types per potential
// boundary slot (FromSets), and converts back to each of them.
//
// Pairwise measures, first argument the hypothesis and second the reference
// as in SegEval:
//
//   - BoundaryEdits: the boundary edit distance (BED) of Fournier (2013),
//     "Evaluating Text Segmentation using Boundary Edit Distance", ACL, §3:
//     additions, substitutions and transpositions (near misses within n_t
//     slots), from which Edits.B (boundary similarity, ibid. §4),
//     Edits.S (segmentation similarity, Fournier & Inkpen 2012, "Segmentation
//     Similarity and Agreement", NAACL) and Edits.Confusion (the BED-based
//     confusion matrix with precision, recall and F, Fournier 2013 §5.2).
//   - Pk (Beeferman, Berger & Lafferty 1999) and WindowDiff (Pevzner & Hearst
//     2002), with SegEval's window-size rule (WindowSize), NLTK's
//     (NLTKWindowSize), the Lamprier et al. (2007) padding and NLTK's
//     weighted WindowDiff.
//   - GHD: the generalized Hamming distance of Bookstein, Kulyukin & Raita
//     (2002) as implemented by NLTK.
//
// Dataset-level agreement (DatasetAgreement) follows SegEval 2.0.11: actual
// agreement pooled from B (or S) over every coder pair and item, Fleiss' π and
// κ with SegEval's chance model, and Artstein & Poesio's bias.
//
// Conventions are those of the reference implementations, SegEval 2.0.11
// and NLTK 3.8, as collected in the project's reference sheet
// segmentation-unitizing.md (§1–§6), whose test vectors (§8.1–§8.3) the
// tests reproduce. Where the tools differ or have quirks, the doc comment of
// the function says which convention is followed: B = S = 1 when neither
// segmentation has a boundary (SegEval crashes), window sizes round half to
// even, WindowDiff with the Lamprier fix divides by N+k+1, and Confusion
// uses the conventional (hypothesis × reference) orientation where SegEval
// swaps precision and recall.
//
// Undefined results are NaN with a reason (Window.Reason, Agreement.Reason);
// bad input (unequal lengths, non-positive masses, unknown types) is an
// error.
package segmentation

// Package segeval reads segmentation datasets — several coders' linear
// segmentations of several items — into a segmentation.Dataset.
//
// # JSON (SegEval's dataset layout)
//
// The layout of SegEval 2.0.11 (Fournier 2013; sheet
// segmentation-unitizing.md §5): an object whose "items" object maps each
// item to an object mapping each coder to a segmentation:
//
//	{"items": {"doc1": {"coderA": [2,3,6], "coderB": [5,6]},
//	           "doc2": {"coderA": [4,4], "coderB": [8]}}}
//
// By default a segmentation is its masses (segment lengths, positive
// integers). An optional top-level "boundary_format" selects another
// representation: "mass" (default), "position" (one segment label per unit),
// "sets" (SegEval's sets format: per potential boundary slot an array of
// boundary types 1…64, e.g. [[1],[],[],[2]]) or "nltk" (a boundary string
// such as "0100100000"). "segmentation_type", if present, must be "linear";
// other top-level keys (SegEval writes "id") are ignored.
//
// # CSV (long layout)
//
// One record per item and coder: item, coder, then the segmentation.
//
//	item,coder,masses
//	doc1,coderA,2 3 6
//	doc1,coderB,5 6
//
// The header row is optional and is recognized by a first field "item"; its
// third column names the representation: masses (default), positions, or
// boundaries (an NLTK boundary string such as 0100100000). Masses and
// positions are integers separated by blanks within the third field, or
// spread over the third and following fields (doc1,coderA,2,3,6). Blank
// lines and lines starting with '#' are skipped.
//
// # Checks
//
// Both readers require all segmentations of an item to have the same total
// mass, positive masses, and no repeated item or (item, coder). Coders need
// not segment every item (SegEval requires it): a pair of coders is
// compared on the items both segmented. Errors name the file, the line and,
// where it makes sense, the column (1-based; runes for JSON, bytes for CSV),
// e.g. "data.json:3:28: item "doc1", coder "coderB": mass 0 must be a
// positive integer".
package segeval

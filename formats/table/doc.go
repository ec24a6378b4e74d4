// Package table reads reliability data (items × coders) from delimited text
// files into coding.Data.
//
// Three layouts are read:
//
//   - wide: a header row, then one row per item: the item id in the first
//     column and one column per coder (the header names the coders);
//   - long: a header with columns item, coder and value in any order (also
//     accepted: unit/subject for item, annotator/rater for coder,
//     label/category/code for value), then one row per judgment;
//   - columns: no header; the chosen columns (two or more) are the coders
//     and each line is an item, numbered from 1 — the layout of Komen
//     (2009), whose files are ';'-separated.
//
// With Layout Auto the long layout is chosen when the header names the
// three long columns, and the wide layout otherwise. Empty cells and "NA"
// are missing values (configurable). Files may start with a UTF-8 byte order
// mark. Every error names the file, line and column.
package table

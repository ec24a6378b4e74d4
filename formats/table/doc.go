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
// three long columns (among others, which are not used; a document column
// makes an item a document and an item), and the wide layout otherwise.
// Empty cells and the markers R and pandas read as missing are missing
// values (DefaultMissing; configurable), and Options.Info counts them.
// What spreadsheets write is read as they mean it: a first line "sep=;"
// sets the separator, a wide file's columns with an empty header and no
// value are dropped, coder names that differ only in case are named in a
// warning, and a file that looks like a table of counts (contingency or
// item × category) is refused with the layout to use. Files may start with
// a UTF-8 byte order mark. Every error names the file, line and column.
package table

// Package units reads unitizing annotations (units of several annotators on
// a continuum) into the types of package unitizing.
//
// Formats:
//   - CSV with the columns annotator, category, start, end, with or without
//     a header row (pygamma-agreement's files have none). With a header the
//     columns may come in any order and extra columns are ignored.
//   - RTTM (NIST Rich Transcription Time Marked): one SPEAKER line per unit;
//     field 2 (the file id) names the annotator, field 8 (the speaker name)
//     is the category, start = field 4 and end = field 4 + field 5 (duration),
//     as in pygamma-agreement.
//
// Reader.Comma sets another CSV separator (';', tab); a one-field line
// holding ';', a tab or '|' gets an error suggesting it. Coordinates must lie within
// ±unitizing.MaxCoordinate. Files of ELAN (.eaf) and Praat (TextGrid) given
// to this reader are refused with a message that names the tool and the
// reader of package formats that reads them.
//
// One file is one continuum; several files or a directory are a corpus.
// Duplicate units are kept, never merged (Mathet et al. 2015, §2). Errors
// name the file, the line and, where it helps, the column.
package units

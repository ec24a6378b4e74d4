// Package report renders measurement results for people and for scripts.
//
// Measures never print: they return result structs. The command line turns
// those into [Table] values (for the text, Markdown and CSV formats) and into
// plain Go values marshalled with [WriteJSON] (for the JSON format). This
// package holds the rendering only, so that every subcommand of agree prints
// numbers, undefined values and tables the same way.
//
// Undefined values are NaN inside the library. [Float] prints them as
// "undefined" in tables, and [Number] marshals them as JSON null.
package report

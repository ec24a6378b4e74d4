package main

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// Bounds of an error message on standard error: readers quote values
// through csvio.Quote, and this is the last guard, for any message, against
// echoing a huge field or listing without end.
const (
	maxMessageLine  = 1000 // characters per line
	maxMessageLines = 100
)

// shortMessage cuts the lines of msg past maxMessageLine characters and the
// lines past maxMessageLines, saying how much was left out.
func shortMessage(msg string) string {
	lines := strings.Split(msg, "\n")
	more := 0
	if len(lines) > maxMessageLines {
		more = len(lines) - maxMessageLines
		lines = lines[:maxMessageLines]
	}
	for i, l := range lines {
		if n := utf8.RuneCountInString(l); n > maxMessageLine {
			cut := 0
			for range maxMessageLine {
				_, w := utf8.DecodeRuneInString(l[cut:])
				cut += w
			}
			lines[i] = fmt.Sprintf("%s… (%d more characters)", l[:cut], n-maxMessageLine)
		}
	}
	if more > 0 {
		lines = append(lines, fmt.Sprintf("… (%d more lines)", more))
	}
	return strings.Join(lines, "\n")
}

// optionFlags turns the library's names of its options, as its messages
// give them (issue 24: "library messages name Options fields"), into the
// flags that set them. A name that contains another comes first.
var optionFlags = strings.NewReplacer(
	"categories of ParseOptions.Categories", "categories of --order", // distance
	"ParseOptions.Categories a,b,c", "--order a,b,c",
	"ParseOptions.Categories", "--order or --categories",
	"BratOptions.Types", "--brat-types", // formats/coref
	"Reader.Comma", "--sep", // formats/units
	"Options.OffsetUnit", "--offset-unit", // formats
	"Options.LabelFeature", "--label-feature",
	"Options.Unaligned", "--unaligned",
	"Options.Format", "--input",
	"Options.Tiers", "--tiers",
	"Options.Columns", "--columns", // formats/table
	"Options.Column", "--column", // formats (BIO)
	"Options.Layout", "--layout",
	"Options.Layer", "--layer",
	"Options.Categories", "--categories",
	"Options.Sorted", "--sorted",
	"Options.Header", "--header",
	"Options.Comma", "--sep",
	"Options.Documents", "--documents", // spans
)

// flagNames returns msg with the library's option names replaced by the
// flags that set them.
func flagNames(msg string) string { return optionFlags.Replace(msg) }

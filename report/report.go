package report

import (
	"agree/internal/suggest"
	"encoding/csv"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
)

// Format is an output format.
type Format int

// The output formats every subcommand supports.
const (
	Text Format = iota
	JSON
	CSV
	Markdown
)

// ParseFormat parses a --format value: table (or text), json, csv, markdown (or md).
func ParseFormat(s string) (Format, error) {
	switch strings.ToLower(s) {
	case "table", "text", "":
		return Text, nil
	case "json":
		return JSON, nil
	case "csv":
		return CSV, nil
	case "markdown", "md":
		return Markdown, nil
	}
	return Text, fmt.Errorf("unknown format %q%s (want table, json, csv or markdown)", s, suggest.DidYouMean(s, []string{"table", "json", "csv", "markdown"}))
}

// String returns the name of the format as accepted by ParseFormat.
func (f Format) String() string {
	switch f {
	case JSON:
		return "json"
	case CSV:
		return "csv"
	case Markdown:
		return "markdown"
	}
	return "table"
}

// Table is a titled table of strings with optional notes printed under it.
type Table struct {
	Title  string
	Header []string
	Rows   [][]string
	Notes  []string
	// KeyColumns is the number of leading columns that identify a row
	// (default 1). When a text table is too wide for Width and is split
	// into blocks of columns, each block repeats them.
	KeyColumns int
	// RowIDs, when set, give the HTML rows their id attribute ("" none),
	// and Links make a row's first cell a link to a fragment of the page
	// ("#id"; "" none): the HTML page only, other formats ignore them.
	RowIDs, Links []string
}

// Number is a float64 that marshals NaN and infinities as JSON null.
type Number float64

// MarshalJSON implements json.Marshaler.
func (n Number) MarshalJSON() ([]byte, error) {
	f := float64(n)
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return []byte("null"), nil
	}
	return strconv.AppendFloat(nil, f, 'g', -1, 64), nil
}

// Float formats x for a table with the given number of decimals; NaN prints
// as "undefined".
func Float(x float64, decimals int) string {
	if math.IsNaN(x) {
		return "undefined"
	}
	if math.IsInf(x, 0) {
		if x > 0 {
			return "inf"
		}
		return "-inf"
	}
	s := strconv.FormatFloat(x, 'f', decimals, 64)
	if s == "-"+strconv.FormatFloat(0, 'f', decimals, 64) {
		s = s[1:]
	}
	return s
}

// WriteTables renders tables in the Text, Markdown or CSV format.
//
// Text lines fit in Width characters: long titles and notes are wrapped, a
// long last column is wrapped in its cells, and a table still too wide is
// split into blocks of columns that each repeat the key columns.
//
// For CSV, each table is preceded by a "# title" comment line, its notes
// follow its rows as "# note: …" comment lines, and tables are separated by
// a blank line: a CSV reader that skips '#' comments reads the data alone,
// and nothing the text output says is lost.
func WriteTables(w io.Writer, f Format, tables ...Table) error {
	for i, t := range tables {
		if i > 0 {
			if _, err := io.WriteString(w, "\n"); err != nil {
				return err
			}
		}
		var err error
		switch f {
		case CSV:
			err = writeCSV(w, t)
		case Markdown:
			err = writeMarkdown(w, t)
		case JSON:
			err = fmt.Errorf("report: tables are not written as JSON; use WriteJSON")
		default:
			err = writeText(w, t)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

func writeCSV(w io.Writer, t Table) error {
	if t.Title != "" {
		if _, err := fmt.Fprintf(w, "# %s\n", strings.ReplaceAll(t.Title, "\n", "\n# ")); err != nil {
			return err
		}
	}
	cw := csv.NewWriter(w)
	if len(t.Header) > 0 {
		if err := cw.Write(t.Header); err != nil {
			return err
		}
	}
	if err := cw.WriteAll(t.Rows); err != nil {
		return err
	}
	cw.Flush()
	if err := cw.Error(); err != nil {
		return err
	}
	for _, n := range t.Notes {
		if _, err := io.WriteString(w, "# note: "+strings.ReplaceAll(n, "\n", "\n# ")+"\n"); err != nil {
			return err
		}
	}
	return nil
}

func writeMarkdown(w io.Writer, t Table) error {
	var b strings.Builder
	if t.Title != "" {
		fmt.Fprintf(&b, "### %s\n\n", strings.ReplaceAll(t.Title, "\n", " "))
	}
	// a cell is one line: '|' would end it and a line break the row
	esc := strings.NewReplacer("|", `\|`, "\r\n", "<br>", "\n", "<br>", "\r", "<br>").Replace
	if len(t.Header) > 0 {
		b.WriteString("|")
		for _, h := range t.Header {
			b.WriteString(" " + esc(h) + " |")
		}
		b.WriteString("\n|")
		for range t.Header {
			b.WriteString("---|")
		}
		b.WriteString("\n")
	}
	for _, r := range t.Rows {
		b.WriteString("|")
		for _, c := range r {
			b.WriteString(" " + esc(c) + " |")
		}
		b.WriteString("\n")
	}
	for i, n := range t.Notes {
		if i == 0 {
			b.WriteString("\n")
		}
		b.WriteString("> " + strings.ReplaceAll(n, "\n", "\n> ") + "\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// looksNumeric reports whether a cell holds a number, so that text tables
// can right-align it.
func looksNumeric(s string) bool {
	if s == "" {
		return false
	}
	_, err := strconv.ParseFloat(s, 64)
	return err == nil
}

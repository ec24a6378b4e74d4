package report

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"
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
	return Text, fmt.Errorf("unknown format %q (want table, json, csv or markdown)", s)
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

// WriteJSON writes v as indented JSON followed by a newline.
func WriteJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}

// WriteTables renders tables in the Text, Markdown or CSV format. For CSV,
// each table is preceded by a "# title" comment line and tables are separated
// by a blank line; notes are omitted.
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
		if _, err := fmt.Fprintf(w, "# %s\n", t.Title); err != nil {
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
	return cw.Error()
}

func writeMarkdown(w io.Writer, t Table) error {
	var b strings.Builder
	if t.Title != "" {
		fmt.Fprintf(&b, "### %s\n\n", t.Title)
	}
	esc := func(s string) string { return strings.ReplaceAll(s, "|", `\|`) }
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
		b.WriteString("> " + n + "\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func writeText(w io.Writer, t Table) error {
	var b strings.Builder
	if t.Title != "" {
		b.WriteString(t.Title + "\n")
	}
	ncol := len(t.Header)
	for _, r := range t.Rows {
		ncol = max(ncol, len(r))
	}
	width := make([]int, ncol)
	measure := func(r []string) {
		for i, c := range r {
			width[i] = max(width[i], utf8.RuneCountInString(c))
		}
	}
	measure(t.Header)
	for _, r := range t.Rows {
		measure(r)
	}
	line := func(r []string) {
		b.WriteString("  ")
		for i, c := range r {
			if i > 0 {
				b.WriteString("  ")
			}
			pad := strings.Repeat(" ", width[i]-utf8.RuneCountInString(c))
			switch {
			case i > 0 && looksNumeric(c): // numbers right-aligned
				b.WriteString(pad + c)
			case i == len(r)-1: // no trailing blanks
				b.WriteString(c)
			default:
				b.WriteString(c + pad)
			}
		}
		b.WriteString("\n")
	}
	if len(t.Header) > 0 {
		line(t.Header)
	}
	for _, r := range t.Rows {
		line(r)
	}
	for _, n := range t.Notes {
		b.WriteString("  note: " + n + "\n")
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

package main

import (
	"flag"
	"strings"

	"agree/internal/view/codingview"
)

// byFlags are the breakdown flags (issue 10): --by document gives a
// per-document table and the corpus value under --average.
type byFlags struct {
	by, average string
	averages    []string // the conventions the command offers, default first
	// columnsOK: the command also takes --by COLUMN[,COLUMN] (coding
	// tables; coding_by.go), whose groups are found while reading.
	columnsOK bool
	groups    []codingview.Group
}

func (b *byFlags) register(fs *flag.FlagSet, averages ...string) {
	b.averages = averages
	fs.StringVar(&b.by, "by", "", "document: also give each document's value (per_document) and the corpus value under --average")
	fs.StringVar(&b.average, "average", averages[0], "with --by document, how documents make the corpus value: "+strings.Join(averages, " or ")+" (see docs/breakdowns.md)")
}

// check validates the flags before any input is read.
func (b *byFlags) check(fs *flag.FlagSet) error {
	if b.by != "" && !b.columnsOK {
		if err := oneOf(fs, "by", b.by, "document"); err != nil {
			return err
		}
	}
	for _, c := range b.columns() {
		if strings.TrimSpace(c) == "" {
			return usagef("%s: --by %q: an empty column name", strings.TrimPrefix(fs.Name(), "agree "), b.by)
		}
	}
	if err := requires(fs, "average", "by"); err != nil {
		return err
	}
	return oneOf(fs, "average", b.average, b.averages...)
}

func (b *byFlags) active() bool { return b.by == "document" }

// columns returns the columns of --by COLUMN[,COLUMN], nil for --by
// document or none.
func (b *byFlags) columns() []string {
	if b.by == "" || b.by == "document" {
		return nil
	}
	return strings.Split(b.by, ",")
}

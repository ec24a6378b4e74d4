package main

import (
	"flag"
	"strings"
)

// byFlags are the breakdown flags (issue 10): --by document gives a
// per-document table and the corpus value under --average.
type byFlags struct {
	by, average string
	averages    []string // the conventions the command offers, default first
}

func (b *byFlags) register(fs *flag.FlagSet, averages ...string) {
	b.averages = averages
	fs.StringVar(&b.by, "by", "", "document: also give each document's value (per_document) and the corpus value under --average")
	fs.StringVar(&b.average, "average", averages[0], "with --by document, how documents make the corpus value: "+strings.Join(averages, " or ")+" (see the README)")
}

// check validates the flags before any input is read.
func (b *byFlags) check(fs *flag.FlagSet) error {
	if b.by != "" {
		if err := oneOf(fs, "by", b.by, "document"); err != nil {
			return err
		}
	}
	if err := requires(fs, "average", "by"); err != nil {
		return err
	}
	return oneOf(fs, "average", b.average, b.averages...)
}

func (b *byFlags) active() bool { return b.by == "document" }

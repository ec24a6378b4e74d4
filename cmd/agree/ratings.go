package main

import (
	"context"
	"flag"

	"agree/ratings"

	"agree/formats/table"
	"agree/internal/view/codingview"
	"agree/internal/view/ratingsview"
	"agree/report"
)

const ratingsSynopsis = `ratings [flags] FILE

Agreement and association of numeric ratings (items × raters): the six
intraclass correlations of Shrout & Fleiss / McGraw & Wong with their F
tests and exact F intervals; Pearson, Spearman and Kendall τ-b for every
pair of raters and for each rater against the mean of the others, with
intervals; Lin's concordance correlation; Kendall's W with its χ² test; and,
for ratings on a scale of few values, Light's κ and Fleiss's κ per category.
FILE is a table as agree coding reads it (wide, long, columns, transposed);
"-" reads standard input.`

type ratingsFlags struct {
	layout, sep, columns string
	na                   *string // --na, when given
	header               bool
	level                float64
	workers, maxRows     int
	by                   byFlags // --by COLUMN[,COLUMN] (coding_by.go)
}

func (f *ratingsFlags) register(fs *flag.FlagSet) {
	f.by.register(fs, "pooled", "macro")
	f.by.columnsOK = true
	fs.Lookup("by").Usage = "COLUMN[,COLUMN]: the columns of a wide table that group the items (not raters): each group's intraclass correlations (per_group) and the corpus value under --average"
	fs.StringVar(&f.layout, "layout", "auto", "file layout: auto, wide, long, columns or transposed (rows = raters)")
	fs.StringVar(&f.sep, "sep", "", `field separator (default ",", or tab for .tsv files); "\t" for tab`)
	fs.StringVar(&f.columns, "columns", "", "with --layout columns: the raters' columns, 1-based, e.g. 2,3")
	fs.BoolVar(&f.header, "header", false, "with --layout columns: the first line names the columns")
	naFlag(fs, &f.na)
	fs.Float64Var(&f.level, "level", 0.95, "confidence level of the intervals")
	bound(fs, "level", span(0, 1, "both"))
	fs.IntVar(&f.workers, "workers", 0, "parallel workers for the correlations (0: all cores; results do not depend on it)")
	bound(fs, "workers", between(0, maxWorkers))
	fs.IntVar(&f.maxRows, "max-rows", 100, "most rows of the pairs-of-raters table (0: all); the rest are counted")
	bound(fs, "max-rows", between(0, maxPairRows))
}

// maxPairRows bounds --max-rows of agree ratings (as agree coding's).
const maxPairRows = 1_000_000

func runRatings(e env, args []string) error {
	var f ratingsFlags
	fs := newFlagSet(e, "ratings", ratingsSynopsis)
	f.register(fs)
	format := formatFlag(fs, "table")
	rep := reportFlag(fs)
	gateFlags(e, fs)
	files, format2, err := commandArgs(fs, args, format, 1, 1)
	if err != nil {
		return err
	}
	if err := e.checkGate(fs, files); err != nil {
		return err
	}
	if err := rep.check(e, files); err != nil {
		return err
	}
	if err := f.by.check(fs); err != nil {
		return err
	}
	if f.by.by == "document" {
		return usagef("ratings: --by document: a ratings table has no documents; --by COLUMN names a column")
	}
	// The table options are agree coding's (the same reader and flags).
	cf := codingFlags{layout: f.layout, sep: f.sep, columns: f.columns, na: f.na, header: f.header,
		missing: "judgment", incomplete: "drop", metric: "nominal", setSep: "|"}
	topt, _, err := cf.options(files[0])
	if err != nil {
		return err
	}
	if table.CodersAnonymous(topt.Layout) || topt.Layout == table.Contingency {
		return usagef("ratings: --layout %s has no raters' ratings of items; use wide, long, columns or transposed", f.layout)
	}
	name := files[0]
	if name == "-" {
		name = "<stdin>"
	}
	in, err := openInput(e, files[0])
	if err != nil {
		return err
	}
	cols := f.by.columns()
	info := &table.Info{}
	if tableBy(topt, cols) {
		topt.By, topt.Info = cols, info
	}
	d, err := table.Read(in, name, topt)
	in.Close()
	if err != nil {
		return tableByError("ratings", cols, err)
	}
	var groups []codingview.Group
	switch {
	case topt.By != nil:
		groups = codingview.InfoGroups(info, cols)
	case cols != nil: // a transposed table: the columns were read as coders
		if d, groups, err = codingview.SplitColumns("ratings", d, cols); err != nil {
			return byColumnError(err)
		}
	}
	res, err := ratingsview.Analyze(context.Background(), d, name, ratingsview.Options{Level: f.level, Workers: f.workers, MaxRows: f.maxRows})
	if err != nil {
		return err
	}
	if groups != nil {
		m, err := ratings.FromData(d)
		if err != nil {
			return err
		}
		gi := make([]ratingsview.GroupItems, len(groups))
		for k, g := range groups {
			gi[k] = ratingsview.GroupItems{Name: g.Name, Values: g.Values, Items: g.Items}
		}
		res.AddGroups(m, f.by.columns(), gi, f.by.average)
		var vs []string
		for _, g := range groups {
			vs = append(vs, g.Name)
		}
		if xs, label, ok := codingview.TrendAxis(f.by.columns(), vs); ok {
			res.Trend = &ratingsview.Trend{X: xs, Label: label}
		}
	}
	e.observe(res)
	if err := rep.write(e, func() (*report.Page, error) { return ratingsview.Page(res), nil }, files); err != nil || rep.only() {
		return err
	}
	return res.Write(e.stdout, format2)
}

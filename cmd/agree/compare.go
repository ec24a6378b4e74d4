package main

import (
	"context"
	"flag"
	"fmt"
	"strings"

	"agree/coding"
	"agree/compare"
	"agree/formats/table"
	"agree/inference"
	"agree/internal/version"
	"agree/internal/view"
	"agree/internal/view/codingview"
	"agree/internal/view/compareview"
	"agree/report"
)

const compareSynopsis = `compare [flags] A.csv B.csv

The difference B − A of an agreement coefficient between two tables of
labels (two rounds, two guideline versions, two groups, a model's labels
and people's), overall and per category, with a bootstrap interval and
p-value: paired on the items both tables label (the same resampled items
in both), unpaired otherwise (--paired no: always). The tables are read as
agree coding reads them.`

type compareFlags struct {
	measure, metric, layout, sep, na, paired string
	bootstrap, workers                       int
	seed                                     uint64
	level                                    float64
}

func runCompare(e env, args []string) error {
	var f compareFlags
	fs := newFlagSet(e, "compare", compareSynopsis)
	fs.StringVar(&f.measure, "measure", "krippendorff_alpha", "the coefficient compared, by its JSON key in agree coding (krippendorff_alpha, fleiss_kappa, cohen_kappa, gwet_ac, percent_agreement, …)")
	fs.StringVar(&f.metric, "metric", "nominal", "distance of the weighted coefficients, as agree coding's --metric")
	fs.StringVar(&f.layout, "layout", "auto", "layout of both tables: auto, wide, long, columns or transposed")
	fs.StringVar(&f.sep, "sep", "", `field separator (default ",", or tab for .tsv files)`)
	fs.StringVar(&f.na, "na", "", "comma-separated cell values meaning missing, besides the empty cell (default: agree coding's)")
	fs.StringVar(&f.paired, "paired", "auto", "auto (paired on the items both tables label, when they share some), or no (unpaired on all the items)")
	fs.IntVar(&f.bootstrap, "bootstrap", 1000, "bootstrap resamples")
	bound(fs, "bootstrap", between(1, maxResamples))
	fs.Uint64Var(&f.seed, "seed", 1, "seed of the bootstrap (results do not depend on --workers)")
	fs.IntVar(&f.workers, "workers", 0, "parallel workers (0: all cores)")
	bound(fs, "workers", between(0, maxWorkers))
	fs.Float64Var(&f.level, "level", 0.95, "confidence level of the interval")
	bound(fs, "level", span(0, 1, "both"))
	format := formatFlag(fs, "table")
	rep := reportFlag(fs)
	gateFlags(e, fs)
	files, rf, err := commandArgs(fs, args, format, 2, 2)
	if err != nil {
		return err
	}
	if err := rep.check(e, files); err != nil {
		return err
	}
	if err := e.checkGate(fs, files); err != nil {
		return err
	}
	if err := oneOf(fs, "paired", f.paired, "auto", "no"); err != nil {
		return err
	}
	coef, ok := coefficientByKey(f.measure)
	if !ok {
		var keys []string
		for _, c := range coding.All() {
			keys = append(keys, c.Key())
		}
		return usagef("compare: --measure %q: want one of %s", f.measure, orList(keys))
	}
	cf := codingFlags{layout: f.layout, sep: f.sep, missing: "judgment", incomplete: "drop", metric: f.metric, setSep: "|"}
	if f.na != "" {
		cf.na = &f.na
	}
	var an [2]*coding.Analysis
	for k, file := range files {
		topt, copt, err := cf.options(file)
		if err != nil {
			return err
		}
		if table.CodersAnonymous(topt.Layout) || topt.Layout == table.Contingency {
			return usagef("compare: --layout %s has no items to resample", f.layout)
		}
		in, err := openInput(e, file)
		if err != nil {
			return err
		}
		d, err := table.Read(in, file, topt)
		in.Close()
		if err != nil {
			return err
		}
		if an[k], err = coding.Analyze(d, copt); err != nil {
			return err
		}
	}
	opt := compare.Options{Options: inference.Options{Resamples: f.bootstrap, Seed: f.seed, Workers: f.workers, Level: f.level, Progress: e.status.set}, Categories: true}
	h := version.NewHeader()
	res := &compareview.Result{Header: &h, Measure: f.measure, Bootstrap: view.Bootstrap{Resamples: f.bootstrap, Seed: f.seed}}
	if f.paired == "auto" {
		at := map[string]int{}
		for i, id := range an[1].Data().Items() {
			at[id] = i
		}
		for i, id := range an[0].Data().Items() {
			if j, ok := at[id]; ok {
				opt.Shared = append(opt.Shared, [2]int{i, j})
			}
		}
		if len(opt.Shared) < 2 {
			opt.Shared = nil
			res.Notes = append(res.Notes, "the tables share fewer than two item ids: compared unpaired")
		} else if la, lb := an[0].Data().NumItems(), an[1].Data().NumItems(); len(opt.Shared) < max(la, lb) {
			res.Notes = append(res.Notes, fmt.Sprintf("paired on the %d items both tables label (of %d in A, %d in B); the others are left out", len(opt.Shared), la, lb))
		}
	}
	e.status.phase("bootstrap resamples", int64(f.bootstrap))
	r, err := compare.Coefficient(context.Background(), an[0], an[1], coef, opt)
	if err != nil {
		return err
	}
	res.Fill(r, files)
	e.observe(res)
	if err := rep.write(e, func() (*report.Page, error) { return compareview.Page(res), nil }, files); err != nil || rep.only() {
		return err
	}
	if rf == report.JSON {
		return report.WriteJSON(e.stdout, res)
	}
	return res.Write(e.stdout, rf)
}

func coefficientByKey(key string) (coding.Coefficient, bool) {
	for _, c := range coding.All() {
		if c.Key() == key {
			return c, true
		}
	}
	return 0, false
}

// compareFlag is agree coding's --compare COLUMN=A,B: the coefficients of
// the items whose COLUMN is A against those whose COLUMN is B, unpaired
// (a table's items are in one group each).
type compareFlag struct {
	value, column, a, b string
	groups              []codingview.Group // the column's groups, found while reading
}

func (c *compareFlag) register(fs *flag.FlagSet) {
	fs.StringVar(&c.value, "compare", "", "COLUMN=A,B: compare the coefficients of the items whose COLUMN (a column of a wide table, not a coder) is A and those where it is B (unpaired bootstrap, --bootstrap resamples, default 1000), overall and per category")
}

func (c *compareFlag) active() bool { return c.value != "" }

func (c *compareFlag) check(fs *flag.FlagSet, by *byFlags) error {
	if c.value == "" {
		return nil
	}
	col, vals, ok := strings.Cut(c.value, "=")
	ab := strings.Split(vals, ",")
	if !ok || strings.TrimSpace(col) == "" || len(ab) != 2 || ab[0] == "" || ab[1] == "" || ab[0] == ab[1] {
		return usagef("coding: --compare %q: want COLUMN=A,B (two different values of the column), e.g. --compare round=1,2", c.value)
	}
	if by.columns() != nil {
		return usagef("coding: --compare and --by %s: choose one", by.by)
	}
	if !by.columnsOK {
		return usagef("coding: --compare COLUMN=A,B reads a column of a table (wide or transposed), not annotation files")
	}
	c.column, c.a, c.b = strings.TrimSpace(col), strings.TrimSpace(ab[0]), strings.TrimSpace(ab[1])
	return nil
}

// addCompare compares the two groups of whole's items.
func (c *compareFlag) addCompare(e env, res *codingview.Result, whole *coding.Analysis, inf inferenceFlags) error {
	var items [2][]int
	for _, g := range c.groups {
		switch g.Values[c.column] {
		case c.a:
			items[0] = g.Items
		case c.b:
			items[1] = g.Items
		}
	}
	for k, v := range []string{c.a, c.b} {
		if len(items[k]) == 0 {
			return fmt.Errorf("coding: --compare %s: no item has %s %q", c.value, c.column, v)
		}
	}
	var an [2]*coding.Analysis
	for k := range an {
		var err error
		if an[k], err = coding.Analyze(whole.Data().Resample(items[k]), whole.Options()); err != nil {
			return err
		}
	}
	coef := coding.KrippendorffAlpha
	resamples := inf.bootstrap
	if resamples == 0 {
		resamples = 1000
	}
	e.status.phase("bootstrap resamples (--compare)", int64(resamples))
	r, err := compare.Coefficient(context.Background(), an[0], an[1], coef, compare.Options{
		Options:    inference.Options{Resamples: resamples, Seed: inf.seed, Workers: inf.workers, Level: inf.level, Progress: e.status.set},
		Categories: true})
	if err != nil {
		return err
	}
	out := &compareview.Result{Measure: coef.Key(), Bootstrap: view.Bootstrap{Resamples: resamples, Seed: inf.seed}}
	out.Fill(r, []string{c.column + "=" + c.a, c.column + "=" + c.b})
	res.Compare = out
	return nil
}

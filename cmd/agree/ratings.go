package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"agree/formats/table"
	"agree/internal/plural"
	"agree/internal/view"
	"agree/ratings"
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

// maxScaleValues is the most distinct values for which agree ratings also
// treats the ratings as categories (Light's κ, Fleiss's κ per category).
const maxScaleValues = 50

type ratingsFlags struct {
	layout, sep, columns string
	na                   *string // --na, when given
	header               bool
	level                float64
	workers, maxRows     int
}

func (f *ratingsFlags) register(fs *flag.FlagSet) {
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
	d, err := table.Read(in, name, topt)
	in.Close()
	if err != nil {
		return err
	}
	res, err := analyzeRatings(context.Background(), d, name, f)
	if err != nil {
		return err
	}
	e.observe(res)
	if err := rep.write(e, func() (*report.Page, error) { return ratingsPage(res), nil }, files); err != nil || rep.only() {
		return err
	}
	return res.write(e.stdout, format2)
}

func (res *ratingsResult) write(w io.Writer, format report.Format) error {
	if format == report.JSON {
		return report.WriteJSON(w, res)
	}
	return report.WriteTables(w, format, res.tables()...)
}

func (res *ratingsResult) tables() []report.Table {
	title := fmt.Sprintf("%s: %s, %s, %s", res.File, plural.Count(res.Items, "item"), plural.Count(res.Raters, "rater"), plural.Count(res.Ratings, "rating"))
	ic := res.ICC
	lvl := fmt.Sprintf("%g%% CI", 100*res.Level)
	t := report.Table{Title: title + fmt.Sprintf("; intraclass correlations on %s", plural.Count(ic.Items, "complete item")),
		Header: []string{"ICC", "S&F", "model", "value", lvl, "F", "df1", "df2", "p", "note"}, KeyColumns: 1}
	for _, fm := range ic.Forms {
		t.Rows = append(t.Rows, []string{fm.Name, fm.ShroutFleiss, strings.TrimSuffix(fm.Model, " random or mixed"), rnum(fm.Value), view.IntervalText(fm.CI),
			report.Float(float64(fm.F), 3), dfString(fm.DF1), dfString(fm.DF2), pValue(float64(fm.P)), fm.UndefinedReason})
	}
	t.Notes = append(t.Notes, "ICC(A,·): absolute agreement, ICC(C,·): consistency; ·,1: one rater, ·,k: the mean of k; two-way: the same estimate under the random and the mixed model (McGraw & Wong 1996); S&F: Shrout & Fleiss's (1979) name")
	t.Notes = append(t.Notes, "intervals: exact F-based (McGraw & Wong 1996, Table 7; ICC(A,·) with Satterthwaite's degrees of freedom); F tests against 0 (one-sided)")
	t.Notes = append(t.Notes, res.Notes...)
	out := []report.Table{t}
	if len(res.Pairs) > 0 {
		p := report.Table{Title: "pairs of raters (items both rated)", Header: []string{"rater", "rater", "items", "Pearson r", lvl, "Spearman ρ", lvl, "Kendall τ-b", lvl, "Lin's CCC", lvl}, KeyColumns: 2}
		for _, r := range res.Pairs {
			p.Rows = append(p.Rows, append([]string{r.Raters[0], r.Raters[1], strconv.Itoa(r.Items)}, r.cells()...))
		}
		p.Notes = append(view.OmittedNote(len(res.Pairs), res.PairsOmitted, "pairs", "in rater order"), "intervals: "+ratings.MethodFisherZ+" (r); "+ratings.MethodBonettWright+" (ρ); "+ratings.MethodFieller+" (τ-b); "+ratings.MethodLin+" (CCC)")
		out = append(out, p)
	}
	if len(res.VsOthers) > 0 {
		v := report.Table{Title: "each rater against the mean of the others", Header: []string{"rater", "items", "Pearson r", lvl, "Spearman ρ", lvl, "Kendall τ-b", lvl, "Lin's CCC", lvl}}
		for _, r := range res.VsOthers {
			v.Rows = append(v.Rows, append([]string{r.Rater, strconv.Itoa(r.Items)}, r.cells()...))
		}
		out = append(out, v)
	}
	w := res.KendallW
	wt := report.Table{Title: "Kendall's coefficient of concordance", Header: []string{"W (ties corrected)", "W (uncorrected)", "χ²", "df", "p", "items", "note"}}
	wt.Rows = append(wt.Rows, []string{rnum(w.Value), rnum(w.Uncorrected), report.Float(float64(w.ChiSquare), 3), dfString(w.DF), pValue(float64(w.P)), strconv.Itoa(w.Items), w.UndefinedReason})
	out = append(out, wt)
	if l := res.LightKappa; l != nil {
		lt := report.Table{Title: "the ratings as categories", Header: []string{"coefficient", "value", "note"}}
		lt.Rows = append(lt.Rows, []string{"Light's κ (mean of the pairs' Cohen's κ)", rnum(l.Value), l.UndefinedReason})
		out = append(out, lt)
	}
	if fc := res.FleissPerCategory; fc != nil && len(fc.Categories) > 0 {
		ft := report.Table{Title: fmt.Sprintf("Fleiss's κ per category (%s rated by all %d raters)", plural.Count(fc.Items, "item"), fc.Raters), Header: []string{"category", "share", "κ", "SE₀", "z", "p", "note"}}
		for _, c := range fc.Categories {
			ft.Rows = append(ft.Rows, []string{c.Category, report.Float(float64(c.Proportion), 4), rnum(c.Kappa), report.Float(float64(c.SE), 4), report.Float(float64(c.Z), 3), pValue(float64(c.P)), c.UndefinedReason})
		}
		ft.Notes = []string{"SE₀: the standard error under no agreement beyond chance (Fleiss, Nee & Landis 1979), as irr::kappam.fleiss(detail = TRUE)"}
		out = append(out, ft)
	}
	return out
}

// dfString prints degrees of freedom: whole, or with 2 decimals.
func dfString(x report.Number) string {
	if f := float64(x); f == math.Trunc(f) {
		return report.Float(f, 0)
	}
	return report.Float(float64(x), 2)
}

func rnum(x report.Number) string { return report.Float(float64(x), 4) }

// pValue prints a p-value with 4 significant digits, or "< 1e-16".
func pValue(p float64) string {
	if p == 0 {
		return "< 1e-16"
	}
	if p < 1e-4 {
		return strconv.FormatFloat(p, 'e', 2, 64)
	}
	return report.Float(p, 4)
}

func (a associationJSON) cells() []string {
	var out []string
	for _, c := range []correlationJSON{a.Pearson, a.Spearman, a.KendallTauB, a.CCC} {
		out = append(out, rnum(c.Value), view.IntervalText(c.CI))
	}
	return out
}

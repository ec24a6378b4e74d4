package ratingsview

import (
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"agree/internal/plural"
	"agree/internal/view"
	"agree/ratings"
	"agree/report"
)

// Tables are the text, CSV and Markdown forms of res.
func (res *Result) Tables() []report.Table {
	title := fmt.Sprintf("%s: %s, %s, %s", res.File, plural.Count(res.Items, "item"), plural.Count(res.Raters, "rater"), plural.Count(res.Ratings, "rating"))
	ic := res.ICC
	lvl := fmt.Sprintf("%g%% CI", 100*res.Level)
	t := report.Table{Title: title + fmt.Sprintf("; intraclass correlations on %s", plural.Count(ic.Items, "complete item")),
		Header: []string{"ICC", "S&F", "model", "value", lvl, "F", "df1", "df2", "p", "note"}, KeyColumns: 1}
	for _, fm := range ic.Forms {
		t.Rows = append(t.Rows, []string{fm.Name, fm.ShroutFleiss, strings.TrimSuffix(fm.Model, " random or mixed"), rnum(fm.Value), view.IntervalText(fm.CI),
			report.Float(float64(fm.F), 3), dfString(fm.DF1), dfString(fm.DF2), view.PValue(float64(fm.P)), fm.UndefinedReason})
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
	wt.Rows = append(wt.Rows, []string{rnum(w.Value), rnum(w.Uncorrected), report.Float(float64(w.ChiSquare), 3), dfString(w.DF), view.PValue(float64(w.P)), strconv.Itoa(w.Items), w.UndefinedReason})
	out = append(out, wt)
	if l := res.LightKappa; l != nil {
		lt := report.Table{Title: "the ratings as categories", Header: []string{"coefficient", "value", "note"}}
		lt.Rows = append(lt.Rows, []string{"Light's κ (mean of the pairs' Cohen's κ)", rnum(l.Value), l.UndefinedReason})
		out = append(out, lt)
	}
	if fc := res.FleissPerCategory; fc != nil && len(fc.Categories) > 0 {
		ft := report.Table{Title: fmt.Sprintf("Fleiss's κ per category (%s rated by all %d raters)", plural.Count(fc.Items, "item"), fc.Raters), Header: []string{"category", "share", "κ", "SE₀", "z", "p", "note"}}
		for _, c := range fc.Categories {
			ft.Rows = append(ft.Rows, []string{c.Category, report.Float(float64(c.Proportion), 4), rnum(c.Kappa), report.Float(float64(c.SE), 4), report.Float(float64(c.Z), 3), view.PValue(float64(c.P)), c.UndefinedReason})
		}
		ft.Notes = []string{"SE₀: the standard error under no agreement beyond chance (Fleiss, Nee & Landis 1979), as irr::kappam.fleiss(detail = TRUE)"}
		out = append(out, ft)
	}
	out = append(out, res.groupTable()...)
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

func (a Association) cells() []string {
	var out []string
	for _, c := range []Correlation{a.Pearson, a.Spearman, a.KendallTauB, a.CCC} {
		out = append(out, rnum(c.Value), view.IntervalText(c.CI))
	}
	return out
}

// Write writes res in the format f.
func (res *Result) Write(w io.Writer, format report.Format) error {
	if format == report.JSON {
		return report.WriteJSON(w, res)
	}
	return report.WriteTables(w, format, res.Tables()...)
}

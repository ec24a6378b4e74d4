package ratingsview

import (
	"fmt"
	"math"
	"strings"

	"agree/internal/plural"
	"agree/internal/view"
	"agree/report"
	"agree/report/svg"
)

// Page builds the HTML report of agree ratings from the struct its
// JSON output marshals: the intraclass correlations as a forest plot, the
// pairs' correlations as heatmaps, and the tables.
func Page(r *Result) *report.Page {
	f := func(x report.Number) string { return report.Float(float64(x), 4) }
	ci := func(c *view.Interval) string {
		if c == nil || math.IsNaN(float64(c.Low)) {
			return "no interval"
		}
		return fmt.Sprintf("%g%% CI %s", 100*c.Level, view.IntervalText(c))
	}
	p := &report.Page{
		Kind:  "ratings",
		Title: "Agreement on ratings in " + r.File,
		Lead: fmt.Sprintf("%s, %s (%s), %s; intraclass correlations on %s.", plural.Count(r.Items, "item"), plural.Count(r.Raters, "rater"),
			joinShort(r.RaterNames, 8), plural.Count(r.Ratings, "rating"), plural.Count(r.ICC.Items, "complete item")),
	}
	for _, key := range []string{"icc_a1", "icc_c1", "icc_ak"} {
		for _, fm := range r.ICC.Forms {
			if fm.Key == key {
				p.Headline = append(p.Headline, report.Stat{Label: fm.Name + " = " + fm.ShroutFleiss, Value: f(fm.Value), Detail: ci(fm.CI)})
			}
		}
	}
	p.Headline = append(p.Headline, report.Stat{Label: "Kendall's W", Value: f(r.KendallW.Value), Detail: "χ² p = " + view.PValue(float64(r.KendallW.P))})
	if r.ICC.UndefinedReason != "" {
		p.Warnings = append(p.Warnings, "intraclass correlations: "+r.ICC.UndefinedReason)
	}
	tables := r.Tables()
	sec := report.Section{ID: "icc", Title: "Intraclass correlations"}
	var rows []svg.Estimate
	for _, fm := range r.ICC.Forms {
		rows = append(rows, svg.Estimate{Label: fm.Name, Value: float64(fm.Value), Low: float64(fm.CI.Low), High: float64(fm.CI.High), Note: fm.UndefinedReason})
	}
	sec.Blocks = append(sec.Blocks, report.FigureBlock(svg.Forest(rows, svg.ForestOptions{Title: "Intraclass correlations", Desc: svg.ForestDesc(rows, 3)}),
		fmt.Sprintf("The six intraclass correlations (McGraw & Wong's names) with their exact F-based %g%% intervals.", 100*r.Level)),
		report.TableBlock(tables[0]))
	p.Sections = append(p.Sections, sec)
	rest := tables[1:]
	if len(r.Pairs) > 0 {
		sec := report.Section{ID: "pairs", Title: "Pairs of raters"}
		names := r.RaterNames
		note := ""
		if len(names) > view.TopCoders {
			names = names[:view.TopCoders]
			note = fmt.Sprintf(" Showing the first %d of %d raters.", view.TopCoders, len(r.RaterNames))
		}
		if len(names) > 2 {
			for _, m := range []struct {
				title string
				get   func(a Association) report.Number
			}{{"Pearson's r", func(a Association) report.Number { return a.Pearson.Value }},
				{"Lin's concordance correlation", func(a Association) report.Number { return a.CCC.Value }}} {
				cells := view.PairCells(names, func(set func(a, b string, v float64)) {
					for _, pr := range r.Pairs {
						set(pr.Raters[0], pr.Raters[1], float64(m.get(pr)))
					}
				})
				sec.Blocks = append(sec.Blocks, report.FigureBlock(svg.Heatmap(names, names, cells, svg.HeatmapOptions{Title: m.title + " per pair of raters", Desc: view.MatrixDesc(m.title+" per pair of raters", names, cells), Min: -1, Max: 1, Decimals: 3}),
					m.title+" of each pair of raters on the items both rated."+note))
			}
		}
		sec.Blocks = append(sec.Blocks, report.TableBlock(rest[0]))
		rest = rest[1:]
		p.Sections = append(p.Sections, sec)
	}
	sec = report.Section{ID: "concordance", Title: "Each rater against the others; concordance; categories"}
	for _, t := range rest {
		sec.Blocks = append(sec.Blocks, report.TableBlock(t))
	}
	p.Sections = append(p.Sections, sec)
	if sec, ok := r.trendSection(); ok {
		p.Sections = append(p.Sections, sec)
	}
	return p
}

// joinShort joins at most n names and says how many more there are.
func joinShort(names []string, n int) string {
	if len(names) <= n {
		return strings.Join(names, ", ")
	}
	return strings.Join(names[:n], ", ") + fmt.Sprintf(" and %d more", len(names)-n)
}

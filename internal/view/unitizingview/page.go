package unitizingview

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"agree/internal/plural"
	"agree/internal/view"
	"agree/report"
	"agree/report/svg"
	"agree/unitizing"
)

// Page builds the HTML report of agree unitizing from the structs
// its JSON output marshals; the continua supply the units drawn.
func Page(results []Result, continua []unitizing.Continuum, inputs []string) *report.Page {
	f := func(x report.Number) string { return report.Float(float64(x), 4) }
	p := &report.Page{Kind: "unitizing", Title: "Unitizing agreement on " + strings.Join(view.BaseNames(inputs), ", ")}
	if len(results) == 0 {
		return p
	}
	r0 := results[0]
	p.Lead = fmt.Sprintf("%d continu%s; Krippendorff's unitizing alphas, κ_d on atoms and SER.", len(results), plural.Verb(len(results), "um", "a"))
	p.Headline = []report.Stat{
		{Label: "αU", Value: f(r0.AlphaU), Detail: r0.UndefinedReason["alpha_u"]},
		{Label: "uα", Value: f(r0.UAlpha), Detail: r0.UndefinedReason["u_alpha"]},
		{Label: "c|uα", Value: f(r0.CUAlpha), Detail: "coverage " + report.Float(100*float64(r0.Coverage), 2) + "%"},
		{Label: "κ_d", Value: f(r0.KappaD), Detail: fmt.Sprintf("%s of length %g", plural.Count(r0.Atoms, "atom"), r0.Atom)},
	}
	if len(results) > 1 {
		// the corpus, not the first continuum: the mean of the continua
		// with their range (each over all its annotators)
		for i, get := range []func(*Result) report.Number{
			func(r *Result) report.Number { return r.AlphaU }, func(r *Result) report.Number { return r.UAlpha },
			func(r *Result) report.Number { return r.CUAlpha }, func(r *Result) report.Number { return r.KappaD },
		} {
			vals := make([]float64, len(results))
			for k := range results {
				vals[k] = float64(get(&results[k]))
			}
			p.Headline[i] = view.MeanOf(p.Headline[i].Label, vals, "continuum")
		}
	}
	for i, r := range results {
		if i >= view.ContinuaDrawn {
			p.Sections = append(p.Sections, report.Section{ID: "more", Title: "More continua", Blocks: []report.Block{
				report.NoteBlock("Showing the first %d of %d continua; the JSON output (--format json) has every one.", view.ContinuaDrawn, len(results))}})
			break
		}
		id := fmt.Sprintf("continuum-%d", i+1)
		sec := report.Section{ID: id, Title: "Continuum " + view.PathBase(r.Name)}
		rows := []svg.Estimate{}
		for _, m := range []struct {
			label, key string
			v          report.Number
		}{{"αU", "alpha_u", r.AlphaU}, {"uα", "u_alpha", r.UAlpha}, {"|uα (binary)", "binary_u_alpha", r.BinaryUAlpha}, {"c|uα", "cu_alpha", r.CUAlpha}, {"κ_d", "kappa_d", r.KappaD}, {"α_d", "alpha_d", r.AlphaD}} {
			note := ""
			if reason := r.UndefinedReason[m.key]; reason != "" {
				note = "undefined"
			}
			rows = append(rows, svg.Estimate{Label: m.label, Value: float64(m.v), Low: math.NaN(), High: math.NaN(), Note: note})
		}
		sec.Blocks = append(sec.Blocks, report.FigureBlock(svg.Forest(rows, svg.ForestOptions{Title: "Unitizing agreement on " + r.Name, Desc: svg.ForestDesc(rows, 3), Scales: true}),
			"The unitizing coefficients of this continuum (SER, an error rate, is in the table). Shaded: Krippendorff's zones."))
		if len(r.KUAlpha) > 0 {
			keys := make([]string, 0, len(r.KUAlpha))
			for k := range r.KUAlpha {
				keys = append(keys, k)
			}
			sort.Strings(keys)
			var bars []svg.Bar
			for _, k := range keys {
				if len(bars) == view.TopBars {
					break
				}
				bars = append(bars, svg.Bar{Label: k, Value: float64(r.KUAlpha[k])})
			}
			sec.Blocks = append(sec.Blocks, report.FigureBlock(svg.Bars(bars, svg.BarOptions{Title: "(k)uα per category", Desc: view.BarsDesc(bars), Decimals: 3, Color: svg.Color(2)}),
				"(k)uα: agreement on where each category is, one category at a time."))
		}
		if i < len(continua) {
			c := &continua[i]
			var units []svg.Unit
			var from, to float64 = r.Extent.Begin, r.Extent.End
			sorted := append([]unitizing.Unit(nil), c.Units...)
			sort.SliceStable(sorted, func(a, b int) bool { return sorted[a].Start < sorted[b].Start })
			note := ""
			if window := view.TimelineUnits * max(len(c.Annotators), 1); len(sorted) > window {
				to = sorted[window].Start
				note = fmt.Sprintf(" Showing [%s, %s) of [%s, %s): the first %d of %d units.", view.Coord(from), view.Coord(to), view.Coord(r.Extent.Begin), view.Coord(r.Extent.End), window, len(sorted))
			}
			cats := map[string]bool{}
			for _, u := range sorted {
				cats[u.Category] = true
			}
			for _, u := range sorted {
				if u.Start < to {
					units = append(units, svg.Unit{Track: u.Annotator, Start: u.Start, End: u.End, Category: u.Category})
				}
			}
			sec.Blocks = append(sec.Blocks, report.FigureBlock(
				svg.Timeline(units, nil, svg.TimelineOptions{Title: "Units of " + r.Name, Desc: fmt.Sprintf("%s, %s drawn", plural.Count(len(c.Annotators), "annotator"), plural.Count(len(units), "unit")), Tracks: c.Annotators, From: from, To: to, Categories: view.SortedKeys(cats)}),
				"Each annotator's units on the continuum (colour: category)."+note))
		}
		for _, t := range continuumTables(r) {
			sec.Blocks = append(sec.Blocks, report.TableBlock(view.TruncRows(t, view.TableRows, "rows")))
		}
		p.Sections = append(p.Sections, sec)
	}
	return p
}

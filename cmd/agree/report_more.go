package main

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"agree/internal/plural"
	"agree/internal/version"
	"agree/internal/view"
	"agree/report"
	"agree/report/svg"
	"agree/unitizing"
)

// unitizingPage builds the HTML report of agree unitizing from the structs
// its JSON output marshals; the continua supply the units drawn.
func unitizingPage(results []unitizingResult, continua []unitizing.Continuum, inputs []string) *report.Page {
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
		for i := range p.Headline {
			p.Headline[i].Label += " (" + view.PathBase(r0.Name) + ")"
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
		for _, t := range unitizingTables(r) {
			sec.Blocks = append(sec.Blocks, report.TableBlock(view.TruncRows(t, view.TableRows, "rows")))
		}
		p.Sections = append(p.Sections, sec)
	}
	return p
}

// corefPage builds the HTML report of agree coref from the struct its JSON
// output marshals.
func corefPage(out *corefJSON, inputs []string) *report.Page {
	f := func(x report.Number) string { return report.Float(float64(x), 4) }
	p := &report.Page{
		Kind:  "coref",
		Title: "Coreference agreement on " + strings.Join(view.BaseNames(inputs), ", "),
		Lead:  fmt.Sprintf("%s (%s), %s; chains as sets (mode %s).", plural.Count(len(out.Annotators), "annotator"), strings.Join(out.Annotators, ", "), plural.Count(out.Documents, "document"), out.ChainsAsSets.Mode),
	}
	p.Warnings = append(p.Warnings, out.Warnings...)
	if len(out.Pairs) > 0 {
		p0 := out.Pairs[0]
		detail := p0.Annotators[0] + " / " + p0.Annotators[1]
		if len(out.Pairs) > 1 {
			detail = "first pair, " + detail
		}
		p.Headline = []report.Stat{
			{Label: "CoNLL F1", Value: f(p0.CoNLLF1), Detail: detail},
			{Label: "link κ (Passonneau)", Value: f(p0.LinkKappa), Detail: detail},
			{Label: "MASI α (chains as sets)", Value: f(out.ChainsAsSets.MASI), Detail: "all annotators"},
		}
	}
	tables := corefTables(*out)
	sec := report.Section{ID: "scores", Title: "Scores"}
	for k, pr := range out.Pairs {
		if k >= view.TopCoders {
			sec.Blocks = append(sec.Blocks, report.NoteBlock("Plots for the first %d of %d pairs; the tables list all.", view.TopCoders, len(out.Pairs)))
			break
		}
		var rows []svg.Estimate
		for _, m := range []struct {
			name, key string
			v         report.Number
		}{{"MUC", "muc_f1", pr.MUC.F1}, {"B³", "b3_f1", pr.B3.F1}, {"CEAFm", "ceafm_f1", pr.CEAFm.F1}, {"CEAFe", "ceafe_f1", pr.CEAFe.F1}, {"BLANC", "blanc_f1", pr.BLANC.F1}, {"LEA", "lea_f1", pr.LEA.F1}, {"CoNLL", "conll_f1", pr.CoNLLF1}} {
			e := svg.Estimate{Label: m.name + " F1", Value: float64(m.v), Low: math.NaN(), High: math.NaN()}
			if b := pr.Bootstrap[m.key]; b != nil {
				e.Low, e.High = float64(b.CI.Low), float64(b.CI.High)
			}
			rows = append(rows, e)
		}
		for _, m := range []struct {
			name string
			v    report.Number
		}{{"link κ", pr.LinkKappa}, {"link α (Krippendorff)", pr.LinkKrippAlpha}} {
			rows = append(rows, svg.Estimate{Label: m.name, Value: float64(m.v), Low: math.NaN(), High: math.NaN()})
		}
		sec.Blocks = append(sec.Blocks, report.FigureBlock(
			svg.Forest(rows, svg.ForestOptions{Title: "Scores of " + pr.Annotators[1] + " against " + pr.Annotators[0], Desc: svg.ForestDesc(rows, 3), Min: 0, Max: 1}),
			fmt.Sprintf("%s (key) and %s (response): the scorer's F1 per metric (with the document bootstrap interval when one ran) and Passonneau's link-table κ and α.", pr.Annotators[0], pr.Annotators[1])))
	}
	if len(out.Annotators) > 2 {
		names := out.Annotators
		if len(names) > view.TopCoders {
			names = names[:view.TopCoders]
		}
		cells := view.PairCells(names, func(set func(a, b string, v float64)) {
			for _, pr := range out.Pairs {
				set(pr.Annotators[0], pr.Annotators[1], float64(pr.CoNLLF1))
			}
		})
		sec.Blocks = append(sec.Blocks, report.FigureBlock(svg.Heatmap(names, names, cells, svg.HeatmapOptions{Title: "CoNLL F1 per pair of annotators", Desc: view.MatrixDesc("CoNLL F1 per pair", names, cells), Min: 0, Max: 1, Decimals: 3}),
			"CoNLL F1 (the mean of MUC, B³ and CEAFe F1) for each pair of annotators."))
	}
	for _, t := range tables {
		sec.Blocks = append(sec.Blocks, report.TableBlock(view.TruncRows(t, view.TableRows*2, "rows")))
	}
	p.Sections = append(p.Sections, sec)
	// Bootstrap histograms of the CoNLL F1.
	var boot []report.Block
	for _, pr := range out.Pairs {
		b := pr.Bootstrap["conll_f1"]
		if b == nil || len(boot) >= view.Histograms {
			continue
		}
		boot = append(boot, report.FigureBlock(svg.Histogram(b.Samples, svg.HistogramOptions{Title: "Bootstrap of the CoNLL F1, " + pr.Annotators[0] + " / " + pr.Annotators[1], XLabel: "CoNLL F1",
			Desc:  fmt.Sprintf("%d resamples of the documents; F1 %s, interval %s to %s", len(b.Samples), f(pr.CoNLLF1), f(b.CI.Low), f(b.CI.High)),
			Marks: []svg.Mark{{X: float64(pr.CoNLLF1), Label: "F1 " + report.Float(float64(pr.CoNLLF1), 3)}, {X: float64(b.CI.Low), Label: report.Float(float64(b.CI.Low), 3), Dashed: true}, {X: float64(b.CI.High), Label: report.Float(float64(b.CI.High), 3), Dashed: true}},
			Shade: [2]float64{float64(b.CI.Low), float64(b.CI.High)}}),
			fmt.Sprintf("CoNLL F1 of %s / %s over %d document resamples; %g%% interval %s.", pr.Annotators[0], pr.Annotators[1], len(b.Samples), 100*b.CI.Level, view.IntervalText(b.CI))))
	}
	if len(boot) > 0 {
		p.Sections = append(p.Sections, report.Section{ID: "bootstrap", Title: "Bootstrap", Blocks: boot})
	}
	return p
}

// shuffleJSON is the JSON output of agree shuffle, and what its report is
// drawn from.
type shuffleJSON struct {
	version.Header
	Seed   uint64             `json:"seed"`
	Sets   int                `json:"sets"`
	Points []shufflePointJSON `json:"points"`
}

type shufflePointJSON struct {
	ErrorType string        `json:"error_type"`
	Magnitude float64       `json:"magnitude"`
	Measure   string        `json:"measure"`
	Mean      report.Number `json:"mean"`
	SD        report.Number `json:"sd"`
	Defined   int           `json:"defined"`
	Sets      int           `json:"sets"`
	Note      string        `json:"undefined_reason,omitempty"`
}

// shufflePage draws one response curve per measure for each error type.
func shufflePage(s *shuffleJSON, table report.Table) *report.Page {
	p := &report.Page{Kind: "shuffle", Title: "Corpus shuffling tool: response curves",
		Lead: fmt.Sprintf("Mean agreement over %d simulated annotation sets per magnitude (seed %d) for each kind of error (Mathet, Widlöcher & Métivier 2015, §6).", s.Sets, s.Seed)}
	var types []string
	byType := map[string]map[string]*svg.Series{}
	var measures []string
	seenM := map[string]bool{}
	for _, pt := range s.Points {
		if _, ok := byType[pt.ErrorType]; !ok {
			types = append(types, pt.ErrorType)
			byType[pt.ErrorType] = map[string]*svg.Series{}
		}
		if !seenM[pt.Measure] {
			seenM[pt.Measure] = true
			measures = append(measures, pt.Measure)
		}
		sr := byType[pt.ErrorType][pt.Measure]
		if sr == nil {
			sr = &svg.Series{Name: pt.Measure}
			byType[pt.ErrorType][pt.Measure] = sr
		}
		sr.X = append(sr.X, pt.Magnitude)
		sr.Y = append(sr.Y, float64(pt.Mean))
	}
	sec := report.Section{ID: "curves", Title: "Response curves"}
	for _, et := range types {
		var series []svg.Series
		var desc []string
		for _, m := range measures {
			if sr := byType[et][m]; sr != nil {
				series = append(series, *sr)
				last := len(sr.Y) - 1
				desc = append(desc, fmt.Sprintf("%s from %s at magnitude %g to %s at %g", m, svg.Format(sr.Y[0], 3), sr.X[0], svg.Format(sr.Y[last], 3), sr.X[last]))
			}
		}
		sec.Blocks = append(sec.Blocks, report.FigureBlock(svg.Lines(series, svg.LinesOptions{Title: "Errors: " + et, Desc: strings.Join(desc, "; "), XLabel: "magnitude of the " + et + " errors", YLabel: "agreement"}),
			"Response of each measure to "+et+" errors of growing magnitude: a good measure falls steadily from 1 as the magnitude grows. Breaks in a curve are magnitudes where the measure was undefined."))
	}
	p.Sections = append(p.Sections, sec, report.Section{ID: "table", Title: "Values", Blocks: []report.Block{report.TableBlock(view.TruncRows(table, 1000, "points"))}})
	return p
}

package codingview

import (
	"fmt"
	"math"
	"path/filepath"
	"sort"
	"strings"

	"agree/coding"
	"agree/inference"
	"agree/internal/plural"
	"agree/internal/view"
	"agree/report"
	"agree/report/svg"
)

// Page builds the HTML report of agree coding from its result.
func Page(res *Result) *report.Page {
	f := func(x report.Number) string { return report.Float(float64(x), 4) }
	p := &report.Page{
		Kind:  "coding",
		Title: "Agreement on " + filepath.Base(view.OrStdin(res.File)),
		Lead: fmt.Sprintf("%s, %s, %s (%d pairable in %s), %s; distance %s; missing-data weighting %s.",
			plural.Count(res.Items, "item"), plural.Count(res.Coders, "coder"), plural.Count(res.Values, "value"), res.PairableValues, plural.Count(res.PairableItems, "item"), plural.Count(res.Categories, "category"), res.Distance, res.Missing),
	}
	// Headline: α, the κ that fits the number of coders, AC1/AC2, A_o.
	kappa := coding.FleissKappa
	if res.Coders == 2 {
		kappa = coding.CohenKappa
	}
	for _, k := range []coding.Coefficient{coding.KrippendorffAlpha, kappa, coding.GwetAC, coding.PercentAgreement} {
		cj, ok := res.Coefficients[k.Key()]
		if !ok {
			continue
		}
		s := report.Stat{Label: k.String(), Value: f(cj.Value)}
		var detail []string
		if cj.CI != nil {
			detail = append(detail, fmt.Sprintf("%g%% CI %s", 100*cj.CI.Level, view.IntervalText(cj.CI)))
		}
		if in := cj.Interpretation; in != nil && in.Warning == "" {
			detail = append(detail, in.LandisKoch+" (Landis & Koch); "+in.Krippendorff+" (Krippendorff)")
		}
		if cj.UndefinedReason != "" {
			detail = append(detail, cj.UndefinedReason)
		}
		s.Detail = strings.Join(detail, " · ")
		p.Headline = append(p.Headline, s)
	}
	p.Warnings = codingWarnings(res)

	tables := res.Tables()
	used := make([]bool, len(tables))
	take := func(prefix string) (report.Table, bool) {
		for i, t := range tables {
			if !used[i] && strings.HasPrefix(t.Title, prefix) {
				used[i] = true
				return t, true
			}
		}
		return report.Table{}, false
	}

	// Coefficients.
	sec := report.Section{ID: "coefficients", Title: "Coefficients"}
	var rows []svg.Estimate
	var undefined []string
	for _, k := range res.order {
		cj := res.Coefficients[k.Key()]
		if math.IsNaN(float64(cj.Value)) {
			undefined = append(undefined, k.String()+": "+cj.UndefinedReason)
			continue
		}
		e := svg.Estimate{Label: k.String(), Value: float64(cj.Value), Low: math.NaN(), High: math.NaN()}
		if cj.CI != nil {
			e.Low, e.High = float64(cj.CI.Low), float64(cj.CI.High)
		}
		switch {
		case k == coding.PercentAgreement:
			e.Muted, e.Note = true, "not chance-corrected"
		case cj.Interpretation != nil && cj.Interpretation.Warning != "":
			e.Muted, e.Note = true, "weighted: no scale"
		}
		rows = append(rows, e)
	}
	if len(rows) > 0 {
		sec.Blocks = append(sec.Blocks, report.FigureBlock(
			svg.Forest(rows, svg.ForestOptions{Title: "Coefficients with their intervals", Desc: svg.ForestDesc(rows, 3), Scales: true, Decimals: 3}),
			"Each coefficient with its interval (bars). Shaded: Krippendorff's zones (≥ 0.667 tentative conclusions, ≥ 0.8 reliable); above the plot, Landis & Koch's bands. Grey rows cannot be read on these scales."))
	}
	if t, ok := take(""); ok { // the first table: the coefficients
		t.Title = "coefficients"
		sec.Blocks = append(sec.Blocks, report.TableBlock(view.DefinedRows(view.DropColumn(t, "key"), "value")))
	}
	if len(undefined) > 0 {
		sec.Blocks = append(sec.Blocks, report.NoteBlock("Undefined here: %s.", strings.Join(undefined, "; ")))
	}
	p.Sections = append(p.Sections, sec)

	// Categories.
	sec = report.Section{ID: "categories", Title: "Categories"}
	if m := res.Coincidences; m != nil && len(m.Labels) > 0 {
		labels, cells, note := view.TopMatrix(m.Labels, m.Cells, view.TopCategories)
		sec.Blocks = append(sec.Blocks, report.FigureBlock(
			svg.Heatmap(labels, labels, cells, svg.HeatmapOptions{Title: "Coincidence matrix", RowTitle: "value", ColTitle: "value paired with it",
				Desc: view.MatrixDesc("coincidence matrix", labels, cells), Decimals: view.CountDecimals(cells), Diagonal: true, Sqrt: true}),
			"Coincidence matrix (Krippendorff): each pair of values given to the same item by two coders, counted in both orders (each item's pairs weighted 1/(m−1)). The diagonal is agreement; colour grows with the square root of the count."+note))
		if len(m.Labels) <= 12 {
			t := report.Table{Title: "coincidence matrix", Header: append([]string{""}, m.Labels...)}
			for i, row := range m.Cells {
				r := []string{m.Labels[i]}
				for _, x := range row {
					r = append(r, report.Float(x, view.CountDecimals(m.Cells)*3))
				}
				t.Rows = append(t.Rows, r)
			}
			sec.Blocks = append(sec.Blocks, report.TableBlock(t))
		}
	}
	if m := res.Contingency; m != nil && len(m.Labels) > 0 && len(res.CoderNames) == 2 {
		labels, cells, note := view.TopMatrix(m.Labels, m.Cells, view.TopCategories)
		sec.Blocks = append(sec.Blocks, report.FigureBlock(
			svg.Heatmap(labels, labels, cells, svg.HeatmapOptions{Title: "Contingency table", RowTitle: res.CoderNames[0], ColTitle: res.CoderNames[1],
				Desc: view.MatrixDesc("contingency table", labels, cells), Decimals: view.CountDecimals(cells), Diagonal: true, Sqrt: true}),
			"Confusion (contingency) table of the two coders: rows "+res.CoderNames[0]+", columns "+res.CoderNames[1]+"."+note))
	}
	if len(res.PerCategory) > 0 {
		cats := append([]Category(nil), res.PerCategory...)
		note := ""
		if len(cats) > view.TopBars {
			sort.SliceStable(cats, func(i, j int) bool { return cats[i].Count > cats[j].Count })
			note = fmt.Sprintf(" Showing the %d most frequent of %d categories.", view.TopBars, len(cats))
			cats = cats[:view.TopBars]
		}
		var bars, alphas []svg.Bar
		for _, c := range cats {
			bars = append(bars, svg.Bar{Label: c.Category, Value: float64(c.Specific), Note: "n = " + report.Float(float64(c.Count), 0)})
			alphas = append(alphas, svg.Bar{Label: c.Category, Value: float64(c.Alpha)})
		}
		sec.Blocks = append(sec.Blocks,
			report.FigureBlock(svg.Bars(bars, svg.BarOptions{Title: "Specific agreement per category", Desc: view.BarsDesc(bars), Decimals: 3}),
				"Specific agreement per category: of the values in this category, the share that a second coder matched (n: values in the category)."+note),
			report.FigureBlock(svg.Bars(alphas, svg.BarOptions{Title: "α per category (one against the rest)", Desc: view.BarsDesc(alphas), Decimals: 3, Refs: []svg.Ref{{X: 0.667, Label: "0.667"}, {X: 0.8, Label: "0.8"}}, Color: svg.Color(2)}),
				"Krippendorff's α with the category against all others merged: low bars are the categories coders confuse."+note))
	}
	if t, ok := take("per category"); ok {
		sec.Blocks = append(sec.Blocks, report.TableBlock(view.TruncRows(t, view.TableRows, "categories")))
	}
	if t, ok := take("contingency table"); ok && len(t.Header) <= 30 {
		sec.Blocks = append(sec.Blocks, report.TableBlock(t))
	}
	if t, ok := take("prevalence and bias"); ok {
		sec.Blocks = append(sec.Blocks, report.TableBlock(view.TruncRows(t, view.TableRows, "categories")))
	}
	if len(sec.Blocks) > 0 {
		p.Sections = append(p.Sections, sec)
	}

	// Coders.
	sec = report.Section{ID: "coders", Title: "Coders"}
	if len(res.Pairwise) > 0 {
		names, cells, note := pairMatrix(res)
		sec.Blocks = append(sec.Blocks, report.FigureBlock(
			svg.Heatmap(names, names, cells, svg.HeatmapOptions{Title: "Cohen's κ for each pair of coders", Desc: view.MatrixDesc("pairwise Cohen's κ", names, cells), Fit: true, Decimals: 2}),
			"Cohen's κ of each pair of coders on the items both coded (colour: 0 or below is lightest; the table below has three decimals)."+note))
	}
	if t, ok := take("pairs of coders"); ok {
		sec.Blocks = append(sec.Blocks, report.TableBlock(view.TruncRows(t, view.TableRows, "pairs")))
	}
	if len(res.LeaveOneCoderOut) > 0 {
		var bars []svg.Bar
		alpha := float64(res.Coefficients[coding.KrippendorffAlpha.Key()].Value)
		for _, c := range res.LeaveOneCoderOut {
			bars = append(bars, svg.Bar{Label: c.Coder, Value: float64(c.AlphaWithout), Note: "change " + report.Float(float64(c.Change), 3)})
		}
		note := ""
		if len(bars) > view.TopBars {
			sort.SliceStable(bars, func(i, j int) bool { return bars[i].Value > bars[j].Value })
			bars = bars[:view.TopBars]
			note = fmt.Sprintf(" Showing the %d coders whose removal raises α most, of %d.", view.TopBars, len(res.LeaveOneCoderOut))
		}
		sec.Blocks = append(sec.Blocks, report.FigureBlock(
			svg.Bars(bars, svg.BarOptions{Title: "α without each coder", Desc: view.BarsDesc(bars), Decimals: 3, Refs: []svg.Ref{{X: alpha, Label: "α = " + report.Float(alpha, 3)}}, Color: svg.Color(4)}),
			"Krippendorff's α recomputed without each coder; the dashed line is α with everyone. A coder whose removal raises α disagrees with the others."+note))
	}
	if t, ok := take("each coder against the rest"); ok {
		sec.Blocks = append(sec.Blocks, report.TableBlock(view.TruncRows(t, view.TableRows, "coders")))
	}
	for _, prefix := range []string{"Dawid–Skene", "Aickin"} {
		if t, ok := take(prefix); ok {
			sec.Blocks = append(sec.Blocks, report.TableBlock(view.TruncRows(t, view.TableRows, "rows")))
		}
	}
	if len(sec.Blocks) > 0 {
		p.Sections = append(p.Sections, sec)
	}

	// Bootstrap.
	if res.Bootstrap != nil {
		sec = report.Section{ID: "bootstrap", Title: "Bootstrap"}
		sec.Blocks = append(sec.Blocks, report.Paragraph("%s, %d resamples, seed %d.", res.Bootstrap.Method, res.Bootstrap.Resamples, res.Bootstrap.Seed))
		drawn := 0
		// Krippendorff's α first (issue 18 §6: it was past the bound of
		// histograms drawn), then the others in the table's order
		order := make([]coding.Coefficient, 0, len(res.order))
		for _, k := range res.order {
			if k == coding.KrippendorffAlpha {
				order = append(order, k)
			}
		}
		for _, k := range res.order {
			if k != coding.KrippendorffAlpha {
				order = append(order, k)
			}
		}
		for _, k := range order {
			s := res.bootSamples[k.Key()]
			cj := res.Coefficients[k.Key()]
			if len(s) == 0 || cj.CI == nil || drawn >= view.Histograms || k == coding.AlphaBiased || k == coding.AlphaKappa {
				continue
			}
			drawn++
			sec.Blocks = append(sec.Blocks, report.FigureBlock(
				svg.Histogram(s, svg.HistogramOptions{Title: "Bootstrap distribution of " + k.String(), XLabel: k.String(),
					Desc: fmt.Sprintf("%d resamples of %s; estimate %s, interval %s to %s", len(s), k.String(), f(cj.Value), f(cj.CI.Low), f(cj.CI.High)),
					Marks: []svg.Mark{{X: float64(cj.Value), Label: "estimate " + report.Float(float64(cj.Value), 3)},
						{X: float64(cj.CI.Low), Label: report.Float(float64(cj.CI.Low), 3), Dashed: true}, {X: float64(cj.CI.High), Label: report.Float(float64(cj.CI.High), 3), Dashed: true}},
					Shade: [2]float64{float64(cj.CI.Low), float64(cj.CI.High)}}),
				fmt.Sprintf("%s over %d resamples: estimate %s, %g%% interval %s (dashed), P(< 0.667) = %s, P(< 0.8) = %s.", k.String(), len(s), f(cj.Value), 100*cj.CI.Level, view.IntervalText(cj.CI),
					report.Float(float64(cj.PBelow[view.ThresholdKey(0.667)]), 3), report.Float(float64(cj.PBelow[view.ThresholdKey(0.8)]), 3))))
		}
		if t, ok := take("bootstrap"); ok {
			sec.Blocks = append(sec.Blocks, report.TableBlock(t))
		}
		p.Sections = append(p.Sections, sec)
	}

	// --by COLUMN of an ordered column (numbers, dates): the trend.
	if sec, ok := res.trendSection(); ok {
		p.Sections = append(p.Sections, sec)
	}
	// Adjudication.
	if t, ok := take("items with the most disagreement"); ok {
		p.Sections = append(p.Sections, report.Section{ID: "adjudicate", Title: "Items to adjudicate first", Blocks: []report.Block{
			report.Paragraph("The items that contribute most to the observed disagreement, with the values the coders gave; resolving them first removes the most disagreement."),
			report.TableBlock(view.TruncRows(t, view.TableRows, "items")),
		}})
	}
	// Whatever table was not placed above still appears.
	var rest []report.Block
	for i, t := range tables {
		if !used[i] {
			rest = append(rest, report.TableBlock(view.TruncRows(t, view.TableRows, "rows")))
		}
	}
	if len(rest) > 0 {
		p.Sections = append(p.Sections, report.Section{ID: "more", Title: "More tables", Blocks: rest})
	}
	return p
}

// codingWarnings are the survey's warnings that apply to this result.
func codingWarnings(res *Result) []string {
	var w []string
	if res.Distance != "nominal" {
		w = append(w, inference.WeightedWarning+".")
	}
	ao := res.Coefficients[coding.PercentAgreement.Key()].Value
	alpha := res.Coefficients[coding.KrippendorffAlpha.Key()].Value
	maxShare := 0.0
	for _, c := range res.PerCategory {
		maxShare = math.Max(maxShare, float64(c.Share))
	}
	if ao >= 0.8 && alpha < 0.667 && maxShare >= 0.7 {
		w = append(w, fmt.Sprintf("Observed agreement is high (%s) but α is low (%s): one category holds %s of the values. Chance-corrected coefficients are hard to raise when most items fall in one category (the prevalence problem, Artstein & Poesio 2008, §3.2); read the per-category agreement below.",
			report.Float(float64(ao), 3), report.Float(float64(alpha), 3), report.Float(maxShare, 3)))
	}
	if res.Coders == 2 {
		pi, kappa := res.Coefficients[coding.ScottPi.Key()].Value, res.Coefficients[coding.CohenKappa.Key()].Value
		if math.Abs(float64(kappa-pi)) >= 0.05 {
			w = append(w, fmt.Sprintf("Cohen's κ (%s) and Scott's π (%s) differ: the two coders' distributions of categories differ (annotator bias, Artstein & Poesio 2008, §3.1).",
				report.Float(float64(kappa), 3), report.Float(float64(pi), 3)))
		}
	}
	return w
}

// pairMatrix lays the pairwise κ out as a coder × coder matrix (1 on the
// diagonal), bounded to the coders with the most shared items.
func pairMatrix(res *Result) ([]string, [][]float64, string) {
	shared := map[string]int{}
	for _, p := range res.Pairwise {
		shared[p.Coders[0]] += p.Items
		shared[p.Coders[1]] += p.Items
	}
	names := append([]string(nil), res.CoderNames...)
	note := ""
	if len(names) > view.TopCoders {
		sort.SliceStable(names, func(i, j int) bool { return shared[names[i]] > shared[names[j]] })
		names = names[:view.TopCoders]
		note = fmt.Sprintf(" Showing the %d coders with the most shared items, of %d.", view.TopCoders, len(res.CoderNames))
		keep := map[string]bool{}
		for _, n := range names {
			keep[n] = true
		}
		order := names[:0:0]
		for _, n := range res.CoderNames {
			if keep[n] {
				order = append(order, n)
			}
		}
		names = order
	}
	cells := view.PairCells(names, func(set func(a, b string, v float64)) {
		for _, p := range res.Pairwise {
			set(p.Coders[0], p.Coders[1], float64(p.Kappa))
		}
	})
	return names, cells, note
}

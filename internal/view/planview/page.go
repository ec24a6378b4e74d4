package planview

import (
	"strconv"

	"agree/report"
	"agree/report/svg"
)

// Page is agree plan's report: the plan, and a plot of the projected
// interval (pilot) or of the items needed by half-width (a priori).
func Page(res *Result) *report.Page {
	p := &report.Page{Kind: "plan", Title: "How many items: " + res.Mode, Lead: "Method: " + res.Method + "."}
	p.Headline = []report.Stat{{Label: "items needed", Value: strconv.Itoa(res.Items)}}
	if res.MoreItems != nil {
		p.Headline = append(p.Headline, report.Stat{Label: "more items", Value: strconv.Itoa(*res.MoreItems)})
	}
	if pl := res.Pilot; pl != nil {
		p.Headline = append(p.Headline, report.Stat{Label: "pilot " + pl.Measure, Value: num(float64(pl.Estimate)), Detail: "SE " + num(float64(pl.SE)) + ", " + strconv.Itoa(pl.Items) + " items"})
	}
	if s := res.Sequential; s != nil {
		v := "continue"
		if s.Stop {
			v = "stop"
		}
		p.Headline = append(p.Headline, report.Stat{Label: "sequential verdict", Value: v, Detail: s.Reason})
	}
	var blocks []report.Block
	if len(res.Projection) > 1 {
		var xs, hw, lo, hi []float64
		for _, pt := range res.Projection {
			xs = append(xs, float64(pt.Items))
			hw = append(hw, float64(pt.HalfWidth))
			lo = append(lo, float64(pt.Low))
			hi = append(hi, float64(pt.High))
		}
		series := []svg.Series{{Name: "low", X: xs, Y: lo}, {Name: "high", X: xs, Y: hi}, {Name: "half-width", X: xs, Y: hw}}
		desc := "The projected interval narrows from half-width " + num(hw[0]) + " at " + strconv.Itoa(int(xs[0])) + " items to " + num(hw[len(hw)-1]) + " at " + strconv.Itoa(int(xs[len(xs)-1])) + " items."
		blocks = append(blocks, report.FigureBlock(svg.Lines(series, svg.LinesOptions{Title: "Projected interval", Desc: desc, XLabel: "items", YLabel: "value"}),
			"The pilot's estimate with its projected interval as items are added (the interval's bounds and half-width), at the pilot's per-item variance."))
	}
	if len(res.ByWidth) > 1 {
		var xs, ys []float64
		for _, b := range res.ByWidth {
			xs = append(xs, float64(b.HalfWidth))
			ys = append(ys, float64(b.Items))
		}
		desc := "From " + strconv.Itoa(int(ys[0])) + " items for half-width " + num(xs[0]) + " to " + strconv.Itoa(int(ys[len(ys)-1])) + " for " + num(xs[len(xs)-1]) + "."
		blocks = append(blocks, report.FigureBlock(svg.Lines([]svg.Series{{Name: "items", X: xs, Y: ys}}, svg.LinesOptions{Title: "Items by half-width", Desc: desc, XLabel: "half-width", YLabel: "items"}),
			"The number of items needed for each half-width of the interval."))
	}
	if len(res.Table) >= 8 {
		var series []svg.Series
		for j := range 4 {
			sr := svg.Series{Name: "p = " + report.Float(res.Table[j].Significance, 3)}
			for k := j; k < len(res.Table); k += 4 {
				sr.X = append(sr.X, res.Table[k].Min)
				sr.Y = append(sr.Y, float64(res.Table[k].Items))
			}
			series = append(series, sr)
		}
		last := res.Table[len(res.Table)-1]
		desc := "From " + strconv.Itoa(res.Table[0].Items) + " values (α_min " + report.Float(res.Table[0].Min, 3) + ", p " + report.Float(res.Table[0].Significance, 3) + ") to " + strconv.Itoa(last.Items) + " (α_min " + report.Float(last.Min, 3) + ", p " + report.Float(last.Significance, 3) + ")."
		blocks = append(blocks, report.FigureBlock(svg.Lines(series, svg.LinesOptions{Title: "Minimum numbers of values", Desc: desc, XLabel: "α_min", YLabel: "values"}),
			"Krippendorff's minimum number of values for each smallest acceptable α and significance level, at the given probability of the least frequent value."))
	}
	for _, t := range res.Tables() {
		blocks = append(blocks, report.TableBlock(t))
	}
	p.Sections = []report.Section{{ID: "plan", Title: "The plan", Blocks: blocks}}
	return p
}

package budgetview

import (
	"strconv"

	"agree/report"
	"agree/report/svg"
)

// Page is agree budget's report: the chart of the parts, the ranked
// table linking to the rows to adjudicate, and the other decompositions.
func Page(res *Result) *report.Page {
	p := &report.Page{Kind: "budget", Title: "Disagreement budget: " + res.File, Lead: "Method: " + res.Method + "."}
	p.Headline = []report.Stat{{Label: res.Measure, Value: num(res.Value)}, {Label: "1 − value", Value: num(res.Whole)}}
	if len(res.FixFirst) > 0 {
		f := res.FixFirst[0]
		p.Headline = append(p.Headline, report.Stat{Label: "fix first", Value: f.Name, Detail: report.Float(100*float64(f.ShareOfWhole), 1) + "% of the disagreement; " + res.Measure + " " + num(f.Counterfactual) + " if resolved"})
	}
	var bars []svg.Bar
	for _, f := range res.FixFirst {
		bars = append(bars, svg.Bar{Label: f.Name, Value: float64(f.Share)})
	}
	tables := res.Tables()
	blocks := []report.Block{}
	if len(bars) > 0 {
		desc := "The largest part, " + res.FixFirst[0].Name + ", accounts for " + num(res.FixFirst[0].Share) + " of the " + num(res.Whole) + " to explain."
		blocks = append(blocks, report.FigureBlock(svg.Bars(bars, svg.BarOptions{Title: "What to fix first", Desc: desc, Decimals: 4, Max: float64(res.Whole)}),
			"Each part's share of 1 − "+res.Measure+"; the parts add up to the whole."))
	}
	blocks = append(blocks, report.TableBlock(tables[0]))
	secs := []report.Section{{ID: "budget", Title: "What to fix first", Blocks: blocks}}
	if len(res.Adjudicate) > 0 {
		t := report.Table{Title: "rows to adjudicate, by part", Header: append([]string{"part", "item"}, res.CoderNames...)}
		seen := map[int]bool{}
		for _, a := range res.Adjudicate {
			id := ""
			if !seen[a.Part] {
				id, seen[a.Part] = "adj-"+strconv.Itoa(a.Part), true
			}
			name := res.FixFirst[a.Part-1].Name
			t.Rows = append(t.Rows, append([]string{name, a.Item}, a.Values...))
			t.RowIDs = append(t.RowIDs, id)
		}
		secs = append(secs, report.Section{ID: "adjudicate", Title: "Rows to adjudicate", Blocks: []report.Block{report.TableBlock(t)}})
	}
	var more []report.Block
	for _, t := range tables[1:] {
		more = append(more, report.TableBlock(t))
	}
	if len(more) > 0 {
		secs = append(secs, report.Section{ID: "parts", Title: "By item and by coder", Blocks: more})
	}
	p.Sections = secs
	return p
}

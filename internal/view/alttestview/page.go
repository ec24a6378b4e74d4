package alttestview

import (
	"math"

	"agree/report"
	"agree/report/svg"
)

// Page is agree alttest's report: the verdicts, and per run the
// advantage probabilities of the model and of each annotator left out.
func Page(res *Result) *report.Page {
	p := &report.Page{Kind: "alttest", Title: "Can the model replace an annotator?", Lead: "Method: " + res.Method + "."}
	for _, l := range res.Layers {
		for _, r := range l.Runs {
			p.Headline = append(p.Headline, report.Stat{Label: r.Model + " (" + l.File + ")", Value: r.Verdict,
				Detail: "winning rate " + num(r.WinningRate) + ", ρ " + num(r.Rho)})
		}
	}
	tables := res.Tables()
	blocks := []report.Block{report.TableBlock(tables[0])}
	k := 1
	for _, l := range res.Layers {
		for _, r := range l.Runs {
			var rows []svg.Estimate
			for _, a := range r.Annotators {
				rows = append(rows, svg.Estimate{Label: a.Name + ": model", Value: float64(a.RhoModel), Low: math.NaN(), High: math.NaN()},
					svg.Estimate{Label: a.Name + ": annotator", Value: float64(a.RhoHuman), Low: math.NaN(), High: math.NaN(), Muted: true})
			}
			if len(rows) > 0 {
				blocks = append(blocks, report.FigureBlock(svg.Forest(rows, svg.ForestOptions{Title: r.Model + ": advantage probabilities", Desc: svg.ForestDesc(rows, 3), Min: 0, Max: 1}),
					"For each annotator left out, the share of items on which the model aligns with the remaining annotators at least as well as the annotator does (ρ model), and the reverse (ρ annotator). The model wins against an annotator when ρ annotator − ρ model is significantly below ε."))
			}
			blocks = append(blocks, report.TableBlock(tables[k]))
			k++
		}
	}
	p.Sections = []report.Section{{ID: "alttest", Title: "The alternative annotator test", Blocks: blocks}}
	return p
}

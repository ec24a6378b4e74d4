package compareview

import (
	"fmt"
	"math"
	"strconv"

	"agree/internal/view"
	"agree/report"
	"agree/report/svg"
)

// Page is agree compare's report: the difference B − A overall and per
// category with their bootstrap intervals as a forest plot, and the table.
func Page(res *Result) *report.Page {
	f := func(x report.Number) string { return report.Float(float64(x), 4) }
	d := res.Difference
	p := &report.Page{Kind: "compare", Title: fmt.Sprintf("%s: %s against %s", res.Measure, res.B.File, res.A.File),
		Lead: fmt.Sprintf("The difference B − A of %s; %s.", res.Measure, res.Method)}
	p.Headline = []report.Stat{
		{Label: "A (" + res.A.File + ")", Value: f(res.A.Value), Detail: strconv.Itoa(res.A.Items) + " items"},
		{Label: "B (" + res.B.File + ")", Value: f(res.B.Value), Detail: strconv.Itoa(res.B.Items) + " items"},
		{Label: "B − A", Value: f(d.Value), Detail: view.IntervalText(d.CI) + ", p = " + view.PValue(float64(d.P))},
	}
	bounds := func(ci *view.Interval) (float64, float64) {
		if ci == nil {
			return math.NaN(), math.NaN()
		}
		return float64(ci.Low), float64(ci.High)
	}
	lo0, hi0 := bounds(d.CI)
	rows := []svg.Estimate{{Label: "overall", Value: float64(d.Value), Low: lo0, High: hi0}}
	for _, l := range res.PerLabel {
		lo, hi := bounds(l.CI)
		rows = append(rows, svg.Estimate{Label: "category " + l.Label, Value: float64(l.Value), Low: lo, High: hi, Muted: true, Note: "category-specific α"})
	}
	lo, hi := -1.0, 1.0
	for _, r := range rows {
		for _, x := range []float64{r.Low, r.High, r.Value} {
			if !math.IsNaN(x) && !math.IsInf(x, 0) {
				lo, hi = math.Min(lo, math.Floor(x)), math.Max(hi, math.Ceil(x))
			}
		}
	}
	p.Sections = []report.Section{{ID: "difference", Title: "The difference and its interval", Blocks: []report.Block{
		report.FigureBlock(svg.Forest(rows, svg.ForestOptions{Title: "B − A", Desc: svg.ForestDesc(rows, 3), Min: lo, Max: hi}),
			"The difference of the coefficient between the two sets (B − A) with its bootstrap interval, overall and per category; 0 is no difference."),
		report.TableBlock(res.Table()),
	}}}
	return p
}

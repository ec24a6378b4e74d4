package corefview

import (
	"fmt"
	"math"
	"strings"

	"agree/internal/plural"
	"agree/internal/view"
	"agree/report"
	"agree/report/svg"
)

// Page builds the HTML report of agree coref from the struct its JSON
// output marshals.
func Page(out *Result, inputs []string) *report.Page {
	f := func(x report.Number) string { return report.Float(float64(x), 4) }
	p := &report.Page{
		Kind:  "coref",
		Title: "Coreference agreement on " + strings.Join(view.BaseNames(inputs), ", "),
		Lead:  fmt.Sprintf("%s (%s), %s; chains as sets (mode %s).", plural.Count(len(out.Annotators), "annotator"), strings.Join(out.Annotators, ", "), plural.Count(out.Documents, "document"), out.ChainsAsSets.Mode),
	}
	p.Warnings = append(p.Warnings, out.Warnings...)
	if len(out.Pairs) > 0 {
		// the corpus: α over all annotators at once, and the scorer's
		// pairwise figures as the mean of the pairs with their range
		conll := make([]float64, len(out.Pairs))
		link := make([]float64, len(out.Pairs))
		for k, pr := range out.Pairs {
			conll[k], link[k] = float64(pr.CoNLLF1), float64(pr.LinkKappa)
		}
		c, l := view.MeanOf("CoNLL F1", conll, "pair"), view.MeanOf("link κ (Passonneau)", link, "pair")
		if len(out.Pairs) == 1 {
			p0 := out.Pairs[0]
			c.Detail = p0.Annotators[0] + " / " + p0.Annotators[1]
			l.Detail = c.Detail
		}
		masi := report.Stat{Label: "MASI α (chains as sets)", Value: f(out.ChainsAsSets.MASI), Detail: "all annotators at once"}
		if r := out.ChainsAsSets.UndefinedReason["masi"]; r != "" {
			masi.Detail = r
		}
		p.Headline = []report.Stat{masi, c, l}
	}
	tables := Tables(out)
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
		sec.Blocks = append(sec.Blocks, report.FigureBlock(svg.Heatmap(names, names, cells, svg.HeatmapOptions{Title: "CoNLL F1 per pair of annotators", Desc: view.MatrixDesc("CoNLL F1 per pair", names, cells), Fit: true, Decimals: 3}),
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

package shuffleview

import (
	"fmt"
	"strings"

	"agree/internal/view"
	"agree/report"
	"agree/report/svg"
)

// Page draws one response curve per measure for each error type.
func Page(s *Result, table report.Table) *report.Page {
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

package main

import (
	"fmt"
	"strings"

	"agree/internal/version"
	"agree/internal/view"
	"agree/report"
	"agree/report/svg"
)

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

package shuffleview

import (
	"fmt"

	"agree/internal/version"
	"agree/report"
	"agree/shuffle"
)

// Result is the JSON output of agree shuffle, and what its report is
// drawn from.
// Result is the output of agree shuffle; its JSON keys are a contract
// (README).
type Result struct {
	version.Header
	Seed   uint64  `json:"seed"`
	Sets   int     `json:"sets"`
	Points []Point `json:"points"`
}

// Point is the mean of a measure over the simulated sets of one error
// type and magnitude.
type Point struct {
	ErrorType string        `json:"error_type"`
	Magnitude float64       `json:"magnitude"`
	Measure   string        `json:"measure"`
	Mean      report.Number `json:"mean"`
	SD        report.Number `json:"sd"`
	Defined   int           `json:"defined"`
	Sets      int           `json:"sets"`
	Note      string        `json:"undefined_reason,omitempty"`
}

// New is the JSON form of the points of a sweep of sets simulated
// annotation sets per magnitude, with seed.
func New(pts []shuffle.Point, seed uint64, sets int) *Result {
	js := &Result{Header: version.NewHeader(), Seed: seed, Sets: sets, Points: make([]Point, len(pts))}
	for i, p := range pts {
		js.Points[i] = Point{p.Errors.String(), p.Magnitude, p.Measure, report.Number(p.Mean), report.Number(p.SD), p.Defined, p.Sets, p.Note}
	}
	return js
}

// Table is the table of the points (the CSV output is shuffle.WriteCSV's).
func Table(pts []shuffle.Point, seed uint64, sets int) report.Table {
	t := report.Table{Title: fmt.Sprintf("mean agreement over %d simulated annotation sets per magnitude (seed %d)", sets, seed),
		Header: []string{"error type", "magnitude", "measure", "mean", "sd", "defined", "note"}}
	for _, p := range pts {
		note := p.Note
		if r := []rune(note); len(r) > 80 {
			note = string(r[:77]) + "..."
		}
		t.Rows = append(t.Rows, []string{p.Errors.String(), report.Float(p.Magnitude, 2), p.Measure,
			report.Float(p.Mean, 4), report.Float(p.SD, 4), fmt.Sprintf("%d/%d", p.Defined, p.Sets), note})
	}
	return t
}

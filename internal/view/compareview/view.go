package compareview

import (
	"fmt"
	"io"
	"strconv"

	"agree/compare"
	"agree/internal/version"
	"agree/internal/view"
	"agree/report"
)

// Side is one of the two inputs compared.
type Side struct {
	File  string        `json:"file"`
	Items int           `json:"items"`
	Value report.Number `json:"value"`
}

// Difference is the difference of a coefficient between the two inputs.
type Difference struct {
	Label              string         `json:"label,omitempty"`
	A                  report.Number  `json:"a"`
	B                  report.Number  `json:"b"`
	Value              report.Number  `json:"value"`
	SE                 report.Number  `json:"se"`
	CI                 *view.Interval `json:"ci"`
	P                  report.Number  `json:"p"`
	UndefinedResamples int            `json:"undefined_resamples,omitempty"`
	UndefinedReason    string         `json:"undefined_reason,omitempty"`
}

// Result is agree compare's output (a contract, in docs/compare.md).
type Result struct {
	*version.Header                // nil inside agree coding's "compare"
	Measure         string         `json:"measure"`
	Method          string         `json:"method"`
	Paired          bool           `json:"paired"`
	SharedItems     int            `json:"shared_items,omitempty"`
	A               Side           `json:"a"`
	B               Side           `json:"b"`
	Difference      Difference     `json:"difference"`
	PerLabel        []Difference   `json:"per_label,omitempty"`
	Bootstrap       view.Bootstrap `json:"bootstrap"`
	Notes           []string       `json:"notes,omitempty"`
}

// NewDifference is the JSON form of d.
func NewDifference(d compare.Difference) Difference {
	return Difference{Label: d.Label, A: report.Number(d.A), B: report.Number(d.B), Value: report.Number(d.Diff), SE: report.Number(d.SE),
		CI: view.NewInterval(d.CI), P: report.Number(d.P), UndefinedResamples: d.Undefined, UndefinedReason: d.Reason}
}

// Fill sets the result of comparing the coefficient on two inputs (named
// by files).
func (res *Result) Fill(r *compare.Result, files []string) {
	res.Method, res.Paired = r.Method, r.Paired
	if r.Paired {
		res.SharedItems = r.ItemsA
	}
	res.Bootstrap.Method = r.Method
	res.A = Side{File: files[0], Items: r.ItemsA, Value: report.Number(r.Overall.A)}
	res.B = Side{File: files[1], Items: r.ItemsB, Value: report.Number(r.Overall.B)}
	res.Difference = NewDifference(r.Overall)
	for _, d := range r.PerCategory {
		res.PerLabel = append(res.PerLabel, NewDifference(d))
	}
}

// Write writes res in the format f.
func (res *Result) Write(w io.Writer, f report.Format) error {
	return report.WriteTables(w, f, res.Table())
}

// Table is the table of res.
func (res *Result) Table() report.Table {
	lvl := "CI"
	if res.Difference.CI != nil {
		lvl = fmt.Sprintf("%g%% CI", 100*res.Difference.CI.Level)
	}
	t := report.Table{Title: fmt.Sprintf("%s: B (%s) − A (%s)", res.Measure, res.B.File, res.A.File),
		Header: []string{"", "A", "B", "B − A", lvl, "p", "note"}}
	row := func(name string, d Difference) []string {
		return []string{name, report.Float(float64(d.A), 4), report.Float(float64(d.B), 4), report.Float(float64(d.Value), 4),
			view.IntervalText(d.CI), view.PValue(float64(d.P)), d.UndefinedReason}
	}
	t.Rows = append(t.Rows, row("overall", res.Difference))
	for _, d := range res.PerLabel {
		t.Rows = append(t.Rows, row("category "+d.Label+" (α)", d))
	}
	items := strconv.Itoa(res.A.Items) + " and " + strconv.Itoa(res.B.Items) + " items"
	if res.Paired {
		items = strconv.Itoa(res.SharedItems) + " shared items"
	}
	t.Notes = append([]string{"method: " + res.Method + fmt.Sprintf("; %d resamples, seed %d; %s", res.Bootstrap.Resamples, res.Bootstrap.Seed, items),
		"per category: Krippendorff's category-specific α (the category against the others)"}, res.Notes...)
	return t
}

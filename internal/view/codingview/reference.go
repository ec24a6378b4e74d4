package codingview

import (
	"fmt"
	"strconv"

	"agree/internal/plural"
	"agree/internal/view"
	"agree/reference"
	"agree/report"
)

// Estimate is a coefficient against the reference.
type Estimate struct {
	Value           report.Number  `json:"value"`
	SE              report.Number  `json:"se"`
	CI              *view.Interval `json:"ci"`
	UndefinedReason string         `json:"undefined_reason,omitempty"`
}

// NewEstimate is the JSON form of e.
func NewEstimate(e reference.Estimate) Estimate {
	return Estimate{Value: report.Number(e.Value), SE: report.Number(e.SE), CI: view.NewInterval(e.CI), UndefinedReason: e.Reason}
}

// ReferenceRow is one coder against the reference.
type ReferenceRow struct {
	Annotator  string   `json:"annotator"`
	Items      int      `json:"items"`
	NoMajority int      `json:"no_majority,omitempty"`
	Accuracy   Estimate `json:"accuracy"`
	Kappa      Estimate `json:"cohen_kappa"`
	Alpha      Estimate `json:"krippendorff_alpha"`
}

// Reference is "reference" in agree coding --reference.
type Reference struct {
	Name       string         `json:"name"`
	Kind       string         `json:"kind"` // annotator, file or majority
	Annotators []ReferenceRow `json:"annotators"`
}

// Tables is the table of the reference.
func (out *Reference) Tables() []report.Table {
	if out == nil {
		return nil
	}
	title := "each annotator against " + out.Name
	if out.Kind == "majority" {
		title = "each annotator against the majority of the others"
	}
	t := report.Table{Title: title, Header: []string{"annotator", "items", "accuracy", "CI", "Cohen's κ", "CI", "α", "CI"}}
	for _, r := range out.Annotators {
		t.Rows = append(t.Rows, []string{r.Annotator, strconv.Itoa(r.Items), report.Float(float64(r.Accuracy.Value), 4), view.IntervalText(r.Accuracy.CI),
			report.Float(float64(r.Kappa.Value), 4), view.IntervalText(r.Kappa.CI), report.Float(float64(r.Alpha.Value), 4), view.IntervalText(r.Alpha.CI)})
		if r.NoMajority > 0 {
			t.Notes = append(t.Notes, fmt.Sprintf("%s: %s without a majority among the others (tied), left out", r.Annotator, plural.Count(r.NoMajority, "item")))
		}
	}
	t.Notes = append(t.Notes, "intervals: analytic (Gwet's variance for accuracy and α, Fleiss, Cohen & Everitt 1969 for κ), on the items both labelled")
	return []report.Table{t}
}

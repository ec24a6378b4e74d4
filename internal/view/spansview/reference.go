package spansview

import (
	"fmt"
	"strconv"
	"strings"

	"agree/internal/view"
	"agree/report"
)

// ReferenceRow is one annotator against the reference span by span.
type ReferenceRow struct {
	Annotator     string         `json:"annotator"`
	Documents     int            `json:"documents"`
	Matched       int            `json:"matched"`
	ReferenceSpan int            `json:"reference_spans"`
	ResponseSpans int            `json:"response_spans"`
	Precision     report.Number  `json:"precision"`
	Recall        report.Number  `json:"recall"`
	F1            report.Number  `json:"f1"`
	F1CI          *view.Interval `json:"f1_ci,omitempty"`
	// SkippedDocuments counts, against the majority of the others, the
	// documents the annotator is compared on where no other annotator is.
	SkippedDocuments int `json:"skipped_documents,omitempty"`
}

// Reference is "reference" in agree spans/relations --reference.
type Reference struct {
	Name string `json:"name"`
	// Kind is "majority" for the majority of the others (each annotator
	// left out of its own reference), else empty (an annotator).
	Kind       string         `json:"kind,omitempty"`
	Annotators []ReferenceRow `json:"annotators"`
}

// NewReference orients the pairs that include the reference annotator so
// that it is the reference (precision and recall swap when it is the
// second of a pair; F1 does not change).
func (v *Result) NewReference(name string) (*Reference, error) {
	sum, iv := v.sum, v.iv
	ref := -1
	for a, n := range sum.Annotators {
		if n == name {
			ref = a
		}
	}
	if ref < 0 {
		return nil, &UnknownReferenceError{Name: name, Annotators: sum.Annotators}
	}
	out := &Reference{Name: name}
	for k, p := range sum.Pairs {
		a, b := p.Annotators[0], p.Annotators[1]
		if a != ref && b != ref {
			continue
		}
		c := p.Counts
		other := b
		if b == ref {
			other = a
			c.Reference, c.Response = c.Response, c.Reference
		}
		row := ReferenceRow{Annotator: sum.Annotators[other], Documents: p.Documents, Matched: c.Matched, ReferenceSpan: c.Reference,
			ResponseSpans: c.Response, Precision: report.Number(c.Precision()), Recall: report.Number(c.Recall()), F1: report.Number(c.F1())}
		if iv != nil && k < len(iv.Pairs) && iv.Pairs[k] != nil {
			row.F1CI = view.NewInterval(iv.Pairs[k].CI)
		}
		out.Annotators = append(out.Annotators, row)
	}
	return out, nil
}

// Tables is the table of the reference (unit: "spans" or "relations").
func (out *Reference) Tables(unit string) []report.Table {
	if out == nil {
		return nil
	}
	title := "each annotator against " + out.Name + " (the reference)"
	if out.Kind == "majority" {
		title = "each annotator against the majority of the others (spans marked by more than half of them)"
	}
	t := report.Table{Title: title, Header: []string{"annotator", "documents", "matched", "reference " + unit, "response " + unit, "precision", "recall", "F1", "F1 CI"}}
	for _, r := range out.Annotators {
		t.Rows = append(t.Rows, []string{r.Annotator, strconv.Itoa(r.Documents), strconv.Itoa(r.Matched), strconv.Itoa(r.ReferenceSpan), strconv.Itoa(r.ResponseSpans),
			report.Float(float64(r.Precision), 4), report.Float(float64(r.Recall), 4), report.Float(float64(r.F1), 4), view.IntervalText(r.F1CI)})
	}
	return []report.Table{t}
}

// UnknownReferenceError is a --reference that names no annotator.
type UnknownReferenceError struct {
	Name       string
	Annotators []string
}

func (e *UnknownReferenceError) Error() string {
	return fmt.Sprintf("--reference %s: no annotator of that name (annotators: %s)", e.Name, strings.Join(e.Annotators, ", "))
}

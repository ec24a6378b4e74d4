package corefview

import (
	"fmt"
	"strconv"
	"strings"

	"agree/internal/view"
	"agree/report"
)

// ReferenceRow is one annotator's response scored against the reference
// annotator's key: each metric's recall, precision and F1 with the
// reference as the key (the pair's precision and recall swapped when the
// reference is its second annotator; F1 does not change), and, with
// --bootstrap, the CoNLL F1's interval.
type ReferenceRow struct {
	Annotator string                `json:"annotator"`
	Documents int                   `json:"documents"`
	MUC       PRF                   `json:"muc"`
	B3        PRF                   `json:"b3"`
	CEAFe     PRF                   `json:"ceafe"`
	LEA       PRF                   `json:"lea"`
	CoNLLF1   report.Number         `json:"conll_f1"`
	Bootstrap *view.BootstrapResult `json:"conll_f1_bootstrap,omitempty"`
}

// Reference is "reference" in agree coref --reference.
type Reference struct {
	Name       string         `json:"name"`
	Annotators []ReferenceRow `json:"annotators"`
}

// NewReference orients the pairs of r that include the annotator name.
func NewReference(r *Result, name string) (*Reference, error) {
	found := false
	for _, a := range r.Annotators {
		found = found || a == name
	}
	if !found {
		return nil, fmt.Errorf("--reference %s: no annotator of that name (annotators: %s)", name, strings.Join(r.Annotators, ", "))
	}
	out := &Reference{Name: name}
	swap := func(p PRF) PRF { return PRF{Recall: p.Precision, Precision: p.Recall, F1: p.F1} }
	for _, p := range r.Pairs {
		var row ReferenceRow
		switch name {
		case p.Annotators[0]: // the pair's key is the reference
			row = ReferenceRow{Annotator: p.Annotators[1], MUC: p.MUC, B3: p.B3, CEAFe: p.CEAFe, LEA: p.LEA}
		case p.Annotators[1]:
			row = ReferenceRow{Annotator: p.Annotators[0], MUC: swap(p.MUC), B3: swap(p.B3), CEAFe: swap(p.CEAFe), LEA: swap(p.LEA)}
		default:
			continue
		}
		row.Documents, row.CoNLLF1 = p.Documents, p.CoNLLF1
		if p.Bootstrap != nil {
			row.Bootstrap = p.Bootstrap["conll_f1"]
		}
		out.Annotators = append(out.Annotators, row)
	}
	return out, nil
}

// Tables is the reference's table.
func (ref *Reference) Tables() []report.Table {
	if ref == nil {
		return nil
	}
	f := func(x report.Number) string { return report.Float(float64(x), 4) }
	t := report.Table{Title: "each annotator's chains against " + ref.Name + "'s (the key)", Header: []string{"annotator", "documents", "MUC R", "MUC P", "B³ F1", "CEAFe F1", "LEA F1", "CoNLL F1", "CoNLL F1 CI"}}
	for _, r := range ref.Annotators {
		ci := ""
		if r.Bootstrap != nil {
			ci = view.IntervalText(r.Bootstrap.CI)
		}
		t.Rows = append(t.Rows, []string{r.Annotator, strconv.Itoa(r.Documents), f(r.MUC.Recall), f(r.MUC.Precision), f(r.B3.F1), f(r.CEAFe.F1), f(r.LEA.F1), f(r.CoNLLF1), ci})
	}
	return []report.Table{t}
}

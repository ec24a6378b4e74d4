package codingview

import (
	"fmt"
	"strconv"

	"agree/coding"
	"agree/report"
)

// Label is one label of set-valued data in agree coding's
// "per_label" table (a JSON contract, README).
type Label struct {
	Label             string            `json:"label"`
	Present           int               `json:"present"`
	Values            int               `json:"values"`
	Alpha             report.Number     `json:"alpha"`
	Kappa             report.Number     `json:"kappa"`
	AC1               report.Number     `json:"ac1"`
	PositiveAgreement report.Number     `json:"positive_agreement"`
	UndefinedReason   map[string]string `json:"undefined_reason,omitempty"`
}

// AddPerLabel gives set-valued data ("a|b" with --set-sep "|") its
// per-label table, which replaces the per-category table (that one would
// treat each set as one atomic category).
func (res *Result) AddPerLabel(s *coding.Stats, sep string) error {
	if !s.SetValued(sep) {
		return nil
	}
	ls, err := coding.PerLabelStats(s, sep)
	if err != nil {
		return err
	}
	for _, l := range ls {
		j := Label{Label: l.Label, Present: l.Present, Values: l.Values, Alpha: report.Number(l.Alpha.Value),
			Kappa: report.Number(l.Kappa.Value), AC1: report.Number(l.AC1.Value), PositiveAgreement: report.Number(l.PositiveAgreement)}
		for _, u := range []struct{ key, why string }{{"alpha", l.Alpha.Reason}, {"kappa", l.Kappa.Reason}, {"ac1", l.AC1.Reason}, {"positive_agreement", l.PositiveReason}} {
			if u.why != "" {
				if j.UndefinedReason == nil {
					j.UndefinedReason = map[string]string{}
				}
				j.UndefinedReason[u.key] = u.why
			}
		}
		res.PerLabel = append(res.PerLabel, j)
	}
	res.PerCategory = nil
	res.Notes = append(res.Notes, fmt.Sprintf("set-valued data (%q separates the labels of a value): per_label recodes each label as present/absent per item and coder (α, κ for two coders, AC1, positive specific agreement); the coefficients above treat each set as one value (use --metric masi or jaccard for partial credit)", sep))
	return nil
}

// perLabelTable is the table form of per_label.
func (res *Result) perLabelTable() []report.Table {
	if len(res.PerLabel) == 0 {
		return nil
	}
	t := report.Table{Title: "per label (each label present/absent per item and coder)",
		Header: []string{"label", "present", "values", "α", "κ", "AC1", "positive agreement"}}
	for _, l := range res.PerLabel {
		t.Rows = append(t.Rows, []string{l.Label, strconv.Itoa(l.Present), strconv.Itoa(l.Values), report.Float(float64(l.Alpha), 4),
			report.Float(float64(l.Kappa), 4), report.Float(float64(l.AC1), 4), report.Float(float64(l.PositiveAgreement), 4)})
	}
	if res.Coders != 2 {
		t.Notes = append(t.Notes, "κ is Cohen's, for two coders only")
	}
	return []report.Table{t}
}

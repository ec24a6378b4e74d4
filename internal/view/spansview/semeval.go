package spansview

import (
	"context"
	"fmt"
	"strconv"

	"agree/annotation"
	"agree/internal/view"
	"agree/report"
	"agree/spans"
)

// semevalRule is the rule the JSON and the tables state for the per-label
// counts (nervaluate's issue #66).
const semevalRule = "per label, correct, incorrect and partial responses count under the label of the reference span they reach, missed spans under their own label, and a spurious span under its own label only (nervaluate adds it to every label); so the labels' counts add up to the whole"

// SemEvalCounts is one schema's counts and scores.
type SemEvalCounts struct {
	Correct   int           `json:"correct"`
	Incorrect int           `json:"incorrect"`
	Partial   int           `json:"partial"`
	Missed    int           `json:"missed"`
	Spurious  int           `json:"spurious"`
	Possible  int           `json:"possible"`
	Actual    int           `json:"actual"`
	Precision report.Number `json:"precision"`
	Recall    report.Number `json:"recall"`
	F1        report.Number `json:"f1"`
}

// SemEvalSchemas is the four schemas, by name.
type SemEvalSchemas map[string]SemEvalCounts

// SemEvalPair is a pair of annotators under the SemEval schemas.
type SemEvalPair struct {
	Annotators [2]string                 `json:"annotators"`
	Documents  int                       `json:"documents"`
	Schemas    SemEvalSchemas            `json:"schemas"`
	PerLabel   map[string]SemEvalSchemas `json:"per_label"`
}

// SemEval is "semeval" in agree spans --schema semeval.
type SemEval struct {
	Rule         string                    `json:"rule"`
	Schemas      SemEvalSchemas            `json:"schemas"`
	PerLabel     map[string]SemEvalSchemas `json:"per_label"`
	Pairs        []SemEvalPair             `json:"pairs"`
	PairsOmitted int                       `json:"pairs_omitted,omitempty"`
}

func semevalSchemas(c [4]spans.SemEvalCounts) SemEvalSchemas {
	out := SemEvalSchemas{}
	for _, s := range spans.SemEvalSchemas() {
		x := c[s]
		out[s.Key()] = SemEvalCounts{x.Correct, x.Incorrect, x.Partial, x.Missed, x.Spurious, x.Possible(), x.Actual(),
			report.Number(x.Precision(s)), report.Number(x.Recall(s)), report.Number(x.F1(s))}
	}
	return out
}

func semevalLabels(t *spans.SemEvalTally) map[string]SemEvalSchemas {
	out := map[string]SemEvalSchemas{}
	for l, c := range t.PerLabel {
		out[l] = semevalSchemas(*c)
	}
	return out
}

// NewSemEval computes the SemEval-2013 schemas of every pair of
// annotators (the first the reference) and pooled over the pairs; at most
// maxRows pairs are listed (0: all).
func NewSemEval(ctx context.Context, c *annotation.Corpus, opt spans.Options, maxRows int) (*SemEval, error) {
	r, err := spans.SemEval(ctx, c, opt)
	if err != nil {
		return nil, err
	}
	out := &SemEval{Rule: semevalRule, Schemas: semevalSchemas(r.Pooled.Schemas), PerLabel: semevalLabels(&r.Pooled)}
	for _, p := range r.Pairs {
		if maxRows > 0 && len(out.Pairs) >= maxRows {
			out.PairsOmitted++
			continue
		}
		out.Pairs = append(out.Pairs, SemEvalPair{Annotators: [2]string{r.Annotators[p.Annotators[0]], r.Annotators[p.Annotators[1]]},
			Documents: p.Documents, Schemas: semevalSchemas(p.Schemas), PerLabel: semevalLabels(&p.SemEvalTally)})
	}
	return out, nil
}

// Tables are the pooled schemas, the per-label ones and each pair's.
func (s *SemEval) Tables() []report.Table {
	head := []string{"", "correct", "incorrect", "partial", "missed", "spurious", "possible", "actual", "precision", "recall", "F1"}
	row := func(name string, c SemEvalCounts) []string {
		return []string{name, strconv.Itoa(c.Correct), strconv.Itoa(c.Incorrect), strconv.Itoa(c.Partial), strconv.Itoa(c.Missed),
			strconv.Itoa(c.Spurious), strconv.Itoa(c.Possible), strconv.Itoa(c.Actual),
			report.Float(float64(c.Precision), 4), report.Float(float64(c.Recall), 4), report.Float(float64(c.F1), 4)}
	}
	keys := []string{"strict", "exact", "partial", "type"}
	t := report.Table{Title: "SemEval-2013 Task 9.1 schemas (nervaluate), pooled over the pairs of annotators", Header: append([]string{"schema"}, head[1:]...)}
	for _, k := range keys {
		t.Rows = append(t.Rows, row(k, s.Schemas[k]))
	}
	t.Notes = []string{"strict: same boundaries and label; exact: same boundaries; partial: overlap, partial credit 0.5; type: overlap and same label (partial credit 0.5)", semevalRule}
	out := []report.Table{t}
	pl := report.Table{Title: "SemEval schemas per label (pooled)", Header: []string{"label", "schema", "correct", "incorrect", "partial", "missed", "spurious", "precision", "recall", "F1"}, KeyColumns: 2}
	for _, l := range view.SortedKeys(s.PerLabel) {
		for _, k := range keys {
			r := row(k, s.PerLabel[l][k])
			pl.Rows = append(pl.Rows, append(append([]string{l}, r[:6]...), r[8:]...))
		}
	}
	out = append(out, pl)
	pt := report.Table{Title: "SemEval schemas per pair of annotators (the first is the reference)", Header: []string{"reference", "response", "documents", "strict F1", "exact F1", "partial F1", "type F1"}, KeyColumns: 2}
	for _, p := range s.Pairs {
		pt.Rows = append(pt.Rows, []string{p.Annotators[0], p.Annotators[1], strconv.Itoa(p.Documents),
			report.Float(float64(p.Schemas["strict"].F1), 4), report.Float(float64(p.Schemas["exact"].F1), 4),
			report.Float(float64(p.Schemas["partial"].F1), 4), report.Float(float64(p.Schemas["type"].F1), 4)})
	}
	if s.PairsOmitted > 0 {
		pt.Notes = []string{fmt.Sprintf("showing %d of %d pairs (--max-rows); the pooled counts include every pair", len(s.Pairs), len(s.Pairs)+s.PairsOmitted)}
	}
	return append(out, pt)
}

package ratingsview

import (
	"fmt"
	"strconv"
	"strings"

	"agree/ratings"
	"agree/report"
	"agree/report/svg"
)

// Group is one group of items of agree ratings --by COLUMN: its items and
// the six intraclass correlations on them alone.
type Group struct {
	Group  string            `json:"group"`
	Values map[string]string `json:"values"`
	Items  int               `json:"items"`
	// ICC holds each form's value (by key: icc1, icc_a1, …) and Low/High
	// its interval's bounds.
	ICC             map[string]report.Number `json:"icc"`
	Low             map[string]report.Number `json:"low"`
	High            map[string]report.Number `json:"high"`
	UndefinedReason string                   `json:"undefined_reason,omitempty"`
}

// GroupItems names a group and its items (indices of the analysed data).
type GroupItems struct {
	Name   string
	Values map[string]string
	Items  []int
}

// AddGroups computes the intraclass correlations of each group of m's
// items (ratings.GroupICCs); by names the columns. The corpus value under
// average (pooled: the whole data, as above; macro: the mean of the
// groups' defined values, ratings.MacroICC) goes to Corpus.
func (res *Result) AddGroups(m *ratings.Matrix, by []string, groups []GroupItems, average string) {
	res.By = by
	items := make([][]int, len(groups))
	for k, g := range groups {
		items[k] = g.Items
	}
	ics := ratings.GroupICCs(m, items, res.Level)
	for k, g := range groups {
		ic := ics[k]
		row := Group{Group: g.Name, Values: g.Values, Items: len(g.Items), ICC: map[string]report.Number{},
			Low: map[string]report.Number{}, High: map[string]report.Number{}, UndefinedReason: ic.Reason}
		for _, fm := range ic.Forms {
			k := fm.Form.Key()
			row.ICC[k], row.Low[k], row.High[k] = report.Number(fm.Value), report.Number(fm.CI.Low), report.Number(fm.CI.High)
		}
		res.PerGroup = append(res.PerGroup, row)
	}
	means, defined := ratings.MacroICC(ics)
	form := map[string]ratings.ICCForm{}
	for _, f := range ratings.ICCForms() {
		form[f.Key()] = f
	}
	c := &GroupCorpus{Average: average, ICC: map[string]report.Number{}, Groups: map[string]int{}}
	for _, fm := range res.ICC.Forms {
		k := fm.Key
		switch average {
		case "macro":
			f := form[k]
			c.ICC[k], c.Groups[k] = report.Number(means[f]), defined[f]
		default:
			c.ICC[k], c.Groups[k] = fm.Value, len(groups)
		}
	}
	c.Description = "pooled: every intraclass correlation on the items of all groups together (as above)"
	if average == "macro" {
		c.Description = "macro: the mean of the groups' values (groups where a form is undefined are left out of its mean)"
	}
	res.Corpus = c
}

// Trend places ordered groups (numbers, dates) on an x axis for the
// report's trend plot.
type Trend struct {
	X     []float64
	Label string
}

// trendSection draws ICC(A,1) and ICC(C,1) of each group against the
// ordered --by column.
func (res *Result) trendSection() (report.Section, bool) {
	t := res.Trend
	if t == nil || len(t.X) != len(res.PerGroup) {
		return report.Section{}, false
	}
	var series []svg.Series
	var desc strings.Builder
	fmt.Fprintf(&desc, "Intraclass correlations per %s.", t.Label)
	for _, k := range []string{"icc_a1", "icc_c1"} {
		s := svg.Series{Name: map[string]string{"icc_a1": "ICC(A,1)", "icc_c1": "ICC(C,1)"}[k], X: t.X}
		for _, g := range res.PerGroup {
			s.Y = append(s.Y, float64(g.ICC[k]))
			if k == "icc_a1" {
				fmt.Fprintf(&desc, " %s: %s.", g.Group, report.Float(float64(g.ICC[k]), 3))
			}
		}
		series = append(series, s)
	}
	chart := svg.Lines(series, svg.LinesOptions{Title: "Intraclass correlations per " + res.By[0], Desc: desc.String(), XLabel: t.Label, YLabel: "ICC"})
	return report.Section{ID: "trend", Title: "Agreement per " + res.By[0], Blocks: []report.Block{
		report.FigureBlock(chart, "ICC(A,1) and ICC(C,1) on each group's items alone, in the column's order (the table per group is below)."),
	}}, true
}

// GroupCorpus is the corpus value of --by COLUMN.
type GroupCorpus struct {
	Average     string                   `json:"average"`
	Description string                   `json:"description"`
	ICC         map[string]report.Number `json:"icc"`
	Groups      map[string]int           `json:"groups"`
}

// groupTable is the per-group table.
func (res *Result) groupTable() []report.Table {
	if len(res.PerGroup) == 0 {
		return nil
	}
	t := report.Table{Title: "per " + strings.Join(res.By, ", "), Header: []string{strings.Join(res.By, ", "), "items", "ICC(1)", "ICC(A,1)", "ICC(C,1)", "ICC(A,k)", "note"}}
	for _, g := range res.PerGroup {
		t.Rows = append(t.Rows, []string{g.Group, strconv.Itoa(g.Items), report.Float(float64(g.ICC["icc1"]), 4), report.Float(float64(g.ICC["icc_a1"]), 4),
			report.Float(float64(g.ICC["icc_c1"]), 4), report.Float(float64(g.ICC["icc_ak"]), 4), g.UndefinedReason})
	}
	if c := res.Corpus; c != nil {
		t.Notes = append(t.Notes, fmt.Sprintf("corpus (%s): ICC(A,1) %s, ICC(C,1) %s", c.Description, report.Float(float64(c.ICC["icc_a1"]), 4), report.Float(float64(c.ICC["icc_c1"]), 4)))
	}
	return []report.Table{t}
}

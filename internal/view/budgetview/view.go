package budgetview

import (
	"io"
	"strconv"
	"strings"

	"agree/budget"
	"agree/internal/version"
	"agree/report"
)

// Part is one part of the budget.
type Part struct {
	Rank           int           `json:"rank,omitempty"`
	Kind           string        `json:"kind"`
	Name           string        `json:"name"`
	Share          report.Number `json:"share"`
	ShareOfWhole   report.Number `json:"share_of_whole"`
	Counterfactual report.Number `json:"counterfactual"`
	Items          []string      `json:"items,omitempty"`
}

// Adjudication is an item to look at with everyone's annotation.
type Adjudication struct {
	Part   int      `json:"part"` // the rank of the part it belongs to
	Item   string   `json:"item"`
	Values []string `json:"values"` // one per coder ("" missing); spans: none
}

// Result is agree budget's output (a contract, documented in docs/budget.md).
type Result struct {
	*version.Header
	File     string        `json:"file"`
	Measure  string        `json:"measure"`
	Method   string        `json:"method"`
	Value    report.Number `json:"value"`
	Whole    report.Number `json:"whole"`
	FixFirst []Part        `json:"fix_first"`
	// The decompositions (α: by category pair, item and coder; spans: by
	// kind of error).
	CategoryPairs []Part `json:"category_pairs,omitempty"`
	Items         []Part `json:"items,omitempty"`
	Coders        []Part `json:"coders,omitempty"`
	Errors        []Part `json:"errors,omitempty"`
	// ItemsOmitted counts the items beyond --max-rows.
	ItemsOmitted int            `json:"items_omitted,omitempty"`
	CoderNames   []string       `json:"coder_names,omitempty"`
	Adjudicate   []Adjudication `json:"adjudicate,omitempty"`
	Notes        []string       `json:"notes,omitempty"`
}

// Parts is the JSON form of ps (ranked when rank).
func Parts(ps []budget.Part, whole float64, rank bool) []Part {
	out := make([]Part, len(ps))
	for k, p := range ps {
		out[k] = Part{Kind: p.Kind, Name: p.Name, Share: report.Number(p.Share), ShareOfWhole: report.Number(p.Share / whole), Counterfactual: report.Number(p.Counterfactual), Items: p.Items}
		if rank {
			out[k].Rank = k + 1
		}
	}
	return out
}

func num(x report.Number) string { return report.Float(float64(x), 4) }

// Write writes res in the format f.
func (res *Result) Write(w io.Writer, f report.Format) error {
	return report.WriteTables(w, f, res.Tables()...)
}

// Tables: what to fix first; the other decompositions.
func (res *Result) Tables() []report.Table {
	fix := res.FixTable()
	out := []report.Table{fix}
	add := func(title string, ps []Part) {
		if len(ps) == 0 {
			return
		}
		t := report.Table{Title: title, Header: []string{"part", "share", "% of the whole", "if resolved"}}
		for _, p := range ps {
			t.Rows = append(t.Rows, []string{p.Name, num(p.Share), report.Float(100*float64(p.ShareOfWhole), 1), num(p.Counterfactual)})
		}
		out = append(out, t)
	}
	switch res.Measure {
	case "gamma":
		add("by continuum", res.Items)
	case "average_f1":
	default:
		add("by item", res.Items)
		add("by coder", res.Coders)
	}
	if res.ItemsOmitted > 0 && len(out) > 1 {
		out[1].Notes = append(out[1].Notes, strconv.Itoa(res.ItemsOmitted)+" more items with a smaller share (--max-rows)")
	}
	return out
}

// FixTable is the ranked "what to fix first" table; in the HTML page its
// rows link to their adjudication rows.
func (res *Result) FixTable() report.Table {
	t := report.Table{Title: "what to fix first: " + res.Measure + " " + num(res.Value) + ", 1 − value = " + num(res.Whole),
		Header: []string{"part", "rank", "share", "% of the whole", "if resolved", "where"}}
	for _, p := range res.FixFirst {
		where := strings.Join(p.Items[:min(len(p.Items), 5)], ", ")
		if len(p.Items) > 5 {
			where += ", …"
		}
		t.Rows = append(t.Rows, []string{p.Name, strconv.Itoa(p.Rank), num(p.Share), report.Float(100*float64(p.ShareOfWhole), 1), num(p.Counterfactual), where})
		t.Links = append(t.Links, "#adj-"+strconv.Itoa(p.Rank))
	}
	t.Notes = append([]string{"method: " + res.Method}, res.Notes...)
	return t
}

// SetHeader sets the version header of the JSON output.
func (res *Result) SetHeader(h *version.Header) { res.Header = h }

package planview

import (
	"fmt"
	"io"
	"math"
	"strconv"

	"agree/internal/version"
	"agree/plan"
	"agree/report"
)

// Modes of a plan.
const (
	ModeCohenKappa   = "cohen_kappa"
	ModeKrippendorff = "krippendorff_table"
	ModeModel        = "model"
	ModePilot        = "pilot"
)

// Pilot is the pilot's own estimate.
type Pilot struct {
	File     string        `json:"file,omitempty"`
	Measure  string        `json:"measure"`
	Estimate report.Number `json:"estimate"`
	SE       report.Number `json:"se"`
	Items    int           `json:"items"`
	SEMethod string        `json:"se_method"`
}

// Point is a projected interval (plan.Point).
type Point struct {
	More      int           `json:"more"`
	Items     int           `json:"items"`
	HalfWidth report.Number `json:"half_width"`
	Low       report.Number `json:"low"`
	High      report.Number `json:"high"`
}

// WidthPlan is the number of items for one half-width.
type WidthPlan struct {
	HalfWidth report.Number `json:"half_width"`
	Items     int           `json:"items"`
}

// TableRow is a row of Krippendorff's table of minimum numbers of values.
type TableRow struct {
	Min          float64 `json:"min"`
	Significance float64 `json:"significance"`
	Items        int     `json:"items"`
}

// Sequential is the stop/continue verdict.
type Sequential struct {
	Method    string        `json:"method"`
	MaxItems  int           `json:"max_items"`
	Looks     []int         `json:"looks"`
	Fraction  report.Number `json:"fraction"`
	Critical  report.Number `json:"critical"`
	Low       report.Number `json:"low"`
	High      report.Number `json:"high"`
	Stop      bool          `json:"stop"`
	Reason    string        `json:"reason"`
	MoreItems int           `json:"more_items"`
}

// Result is agree plan's output (a contract, in the README).
type Result struct {
	*version.Header
	Mode   string `json:"mode"`
	Method string `json:"method"`
	// Items is the total number of items the plan needs (pilot included).
	Items      int           `json:"items"`
	MoreItems  *int          `json:"more_items,omitempty"`
	Level      float64       `json:"level,omitempty"`
	HalfWidth  report.Number `json:"half_width,omitempty"`
	Min        *float64      `json:"min,omitempty"`
	Value      *float64      `json:"value,omitempty"`
	Alpha      float64       `json:"alpha,omitempty"`
	Power      float64       `json:"power,omitempty"`
	PerItemSD  report.Number `json:"per_item_sd,omitempty"`
	PerItemSD0 report.Number `json:"per_item_sd0,omitempty"`
	// The model (mode model) or the rates (cohen_kappa).
	Coders     int         `json:"coders,omitempty"`
	Prevalence []float64   `json:"prevalence,omitempty"`
	Rates      []float64   `json:"rates,omitempty"`
	PC         float64     `json:"pc,omitempty"`
	Measure    string      `json:"measure,omitempty"`
	Metric     string      `json:"metric,omitempty"`
	Seed       *uint64     `json:"seed,omitempty"`
	Pilot      *Pilot      `json:"pilot,omitempty"`
	Projection []Point     `json:"projection,omitempty"`
	ByWidth    []WidthPlan `json:"by_half_width,omitempty"`
	// Table is Krippendorff's table for the given p_c: α_min 0.667, 0.800,
	// 0.900 at significance 0.100, 0.050, 0.010, 0.005.
	Table      []TableRow  `json:"krippendorff_table,omitempty"`
	Sequential *Sequential `json:"sequential,omitempty"`
	Notes      []string    `json:"notes,omitempty"`
}

// NewPoints is the JSON form of a projection.
func NewPoints(ps []plan.Point) []Point {
	out := make([]Point, len(ps))
	for i, p := range ps {
		out[i] = Point{More: p.More, Items: p.Items, HalfWidth: report.Number(p.HalfWidth), Low: report.Number(p.Low), High: report.Number(p.High)}
	}
	return out
}

// Write writes res in the format f.
func (res *Result) Write(w io.Writer, f report.Format) error {
	return report.WriteTables(w, f, res.Tables()...)
}

func num(x float64) string { return report.Float(x, 4) }

// Tables are the tables of res: the plan, the projection or the plans by
// half-width, the sequential verdict.
func (res *Result) Tables() []report.Table {
	t := report.Table{Title: "plan: " + res.Mode, Header: []string{"", "value"}}
	add := func(k, v string) { t.Rows = append(t.Rows, []string{k, v}) }
	add("items needed", strconv.Itoa(res.Items))
	if res.MoreItems != nil {
		add("more items", strconv.Itoa(*res.MoreItems))
	}
	if p := res.Pilot; p != nil {
		add("pilot "+p.Measure, num(float64(p.Estimate))+" (SE "+num(float64(p.SE))+", "+strconv.Itoa(p.Items)+" items)")
	}
	if res.HalfWidth != 0 {
		add("half-width", num(float64(res.HalfWidth)))
	}
	if res.Value != nil {
		add("expected value", num(*res.Value))
	}
	if res.Min != nil {
		add("minimum", num(*res.Min))
	}
	if res.Level != 0 {
		add("confidence level", report.Float(res.Level, 3))
	}
	switch {
	case res.Alpha != 0 && res.Power != 0:
		add("significance, power", report.Float(res.Alpha, 3)+", "+report.Float(res.Power, 3))
	case res.Alpha != 0:
		add("significance", report.Float(res.Alpha, 3))
	}
	if res.PerItemSD != 0 {
		add("per-item SD", num(float64(res.PerItemSD)))
	}
	if res.PerItemSD0 != 0 {
		add("per-item SD under the null", num(float64(res.PerItemSD0)))
	}
	t.Notes = append([]string{"method: " + res.Method}, res.Notes...)
	out := []report.Table{t}
	if len(res.ByWidth) > 0 {
		bw := report.Table{Title: "items needed by half-width", Header: []string{"half-width", "items"}}
		for _, b := range res.ByWidth {
			bw.Rows = append(bw.Rows, []string{num(float64(b.HalfWidth)), strconv.Itoa(b.Items)})
		}
		out = append(out, bw)
	}
	if len(res.Table) > 0 {
		kt := report.Table{Title: "Krippendorff's table of minimum numbers of values, p_c = " + report.Float(res.PC, 3), Header: []string{"α_min", "p = 0.100", "p = 0.050", "p = 0.010", "p = 0.005"}}
		for k := 0; k+3 < len(res.Table); k += 4 {
			row := []string{report.Float(res.Table[k].Min, 3)}
			for _, r := range res.Table[k : k+4] {
				row = append(row, strconv.Itoa(r.Items))
			}
			kt.Rows = append(kt.Rows, row)
		}
		out = append(out, kt)
	}
	if len(res.Projection) > 0 {
		pt := report.Table{Title: "projected interval", Header: []string{"more items", "items", "half-width", "low", "high"}}
		for _, p := range res.Projection {
			pt.Rows = append(pt.Rows, []string{strconv.Itoa(p.More), strconv.Itoa(p.Items), num(float64(p.HalfWidth)), num(float64(p.Low)), num(float64(p.High))})
		}
		out = append(out, pt)
	}
	if s := res.Sequential; s != nil {
		st := report.Table{Title: "sequential look", Header: []string{"", "value"}}
		verdict := "continue: " + strconv.Itoa(s.MoreItems) + " more items"
		if s.Stop {
			verdict = "stop"
		}
		st.Rows = [][]string{{"verdict", verdict}, {"reason", s.Reason},
			{"look", fmt.Sprintf("%d of at most %d items (fraction %s)", s.Looks[len(s.Looks)-1], s.MaxItems, report.Float(float64(s.Fraction), 3))},
			{"critical value", num(float64(s.Critical))},
			{"repeated interval", "[" + num(float64(s.Low)) + ", " + num(float64(s.High)) + "]"}}
		st.Notes = []string{"method: " + s.Method}
		out = append(out, st)
	}
	return out
}

// Finite returns x, or NaN when it is infinite (JSON has no infinity).
func Finite(x float64) report.Number {
	if math.IsInf(x, 0) {
		return report.Number(math.NaN())
	}
	return report.Number(x)
}

// SetHeader sets the version header of the JSON output.
func (res *Result) SetHeader(h *version.Header) { res.Header = h }

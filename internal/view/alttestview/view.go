package alttestview

import (
	"io"
	"strconv"

	"agree/alttest"
	"agree/internal/version"
	"agree/report"
)

// Annotator is one human left out.
type Annotator struct {
	Name      string        `json:"name"`
	Items     int           `json:"items"`
	RhoModel  report.Number `json:"rho_model"`
	RhoHuman  report.Number `json:"rho_human"`
	MeanModel report.Number `json:"mean_model"`
	MeanHuman report.Number `json:"mean_human"`
	Statistic report.Number `json:"statistic"` // t, or the signed-rank V (test "wilcoxon")
	P         report.Number `json:"p"`
	ModelWins bool          `json:"model_wins"`
}

// Run is the test of one model run.
type Run struct {
	Model       string        `json:"model"`
	Verdict     string        `json:"verdict"`
	Passed      bool          `json:"passed"`
	WinningRate report.Number `json:"winning_rate"`
	Rho         report.Number `json:"rho"`
	Annotators  []Annotator   `json:"annotators"`
	Skipped     []string      `json:"skipped,omitempty"`
}

// XRR is the cross-replication reliability of the humans and the model's
// runs.
type XRR struct {
	KappaX      report.Number `json:"kappa_x"`
	Normalized  report.Number `json:"normalized"`
	Observed    report.Number `json:"observed_disagreement"`
	Expected    report.Number `json:"expected_disagreement"`
	AlphaHumans report.Number `json:"alpha_humans"`
	AlphaModel  report.Number `json:"alpha_model"`
	Items       int           `json:"items"`
	Method      string        `json:"method"`
	Reason      string        `json:"undefined_reason,omitempty"`
}

// Stability is the model's run-to-run agreement.
type Stability struct {
	Runs  int           `json:"runs"`
	Alpha report.Number `json:"alpha"`
	// AverageF1 is the runs' average pairwise span F1 (span_f1; Alpha is
	// then undefined).
	AverageF1 *report.Number `json:"average_f1,omitempty"`
	Reason    string         `json:"undefined_reason,omitempty"`
}

// Layer is the test on one input (a label, a layer).
type Layer struct {
	File             string     `json:"file"`
	Label            string     `json:"label,omitempty"` // span_f1: the label tested ("" all)
	Score            string     `json:"score"`
	Humans           []string   `json:"humans"`
	Runs             []Run      `json:"runs"`
	CrossReplication *XRR       `json:"cross_replication,omitempty"`
	Stability        *Stability `json:"stability,omitempty"`
}

// Result is agree alttest's output (a contract, documented in docs/alttest.md).
type Result struct {
	*version.Header
	Method  string   `json:"method"`
	Test    string   `json:"test"` // "t" (paired t-test) or "wilcoxon" (signed-rank)
	Epsilon float64  `json:"epsilon"`
	Q       float64  `json:"q"`
	Layers  []Layer  `json:"layers"`
	Notes   []string `json:"notes,omitempty"`
}

// NewRun is the JSON form of a test of model.
func NewRun(model string, r *alttest.Result) Run {
	run := Run{Model: model, Passed: r.Passed, WinningRate: report.Number(r.WinningRate), Rho: report.Number(r.Rho), Skipped: r.Skipped, Verdict: "fails"}
	if r.Passed {
		run.Verdict = "passes"
	}
	for _, a := range r.Annotators {
		run.Annotators = append(run.Annotators, Annotator{Name: a.Name, Items: a.Items, RhoModel: report.Number(a.RhoModel), RhoHuman: report.Number(a.RhoHuman),
			MeanModel: report.Number(a.MeanModel), MeanHuman: report.Number(a.MeanHuman), Statistic: report.Number(a.T), P: report.Number(a.P), ModelWins: a.Rejected})
	}
	return run
}

// NewXRR is the JSON form of x.
func NewXRR(x *alttest.XRR) *XRR {
	return &XRR{KappaX: report.Number(x.Kappa), Normalized: report.Number(x.Normalized), Observed: report.Number(x.Observed), Expected: report.Number(x.Expected),
		AlphaHumans: report.Number(x.AlphaX), AlphaModel: report.Number(x.AlphaY), Items: x.Items, Method: alttest.MethodXRR, Reason: x.Reason}
}

func num(x report.Number) string { return report.Float(float64(x), 4) }

// Write writes res in the format f.
func (res *Result) Write(w io.Writer, f report.Format) error {
	return report.WriteTables(w, f, res.Tables()...)
}

// Tables are the verdicts and, per run, the annotators' tests.
func (res *Result) Tables() []report.Table {
	v := report.Table{Title: "can the model replace an annotator? (ε " + report.Float(res.Epsilon, 3) + ", q " + report.Float(res.Q, 3) + ")",
		Header: []string{"input", "model", "verdict", "winning rate", "ρ", "κ_x", "normalised κ_x", "run stability α"}}
	var out []report.Table
	stat := "t"
	if res.Test == "wilcoxon" {
		stat = "V"
	}
	for _, l := range res.Layers {
		kx, nk, st := "", "", ""
		if x := l.CrossReplication; x != nil {
			kx, nk = num(x.KappaX), num(x.Normalized)
		}
		if s := l.Stability; s != nil {
			st = num(s.Alpha)
			if s.AverageF1 != nil {
				st = "F1 " + num(*s.AverageF1)
			}
		}
		file := l.File
		if l.Label != "" {
			file += " [" + l.Label + "]"
		}
		for _, r := range l.Runs {
			v.Rows = append(v.Rows, []string{file, r.Model, r.Verdict, num(r.WinningRate), num(r.Rho), kx, nk, st})
			t := report.Table{Title: file + ": " + r.Model + " against each annotator left out",
				Header: []string{"annotator", "items", "ρ model", "ρ annotator", "mean score model", "mean score annotator", stat, "p", "model wins"}}
			for _, a := range r.Annotators {
				wins := "no"
				if a.ModelWins {
					wins = "yes"
				}
				t.Rows = append(t.Rows, []string{a.Name, strconv.Itoa(a.Items), num(a.RhoModel), num(a.RhoHuman), num(a.MeanModel), num(a.MeanHuman), report.Float(float64(a.Statistic), 3), report.Float(float64(a.P), 4), wins})
			}
			if len(r.Skipped) > 0 {
				t.Notes = append(t.Notes, "skipped (too few items): "+joinNames(r.Skipped))
			}
			out = append(out, t)
		}
	}
	v.Notes = append([]string{"method: " + res.Method + "; the model passes when its winning rate is at least 0.5"}, res.Notes...)
	return append([]report.Table{v}, out...)
}

func joinNames(s []string) string {
	out := ""
	for i, x := range s {
		if i > 0 {
			out += ", "
		}
		out += x
	}
	return out
}

// SetHeader sets the version header of the JSON output.
func (res *Result) SetHeader(h *version.Header) { res.Header = h }

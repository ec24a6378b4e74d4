package view

import (
	"math"
	"slices"
	"strconv"

	"agree/errmodel"
	"agree/inference"
	"agree/report"
)

// The JSON forms of the inference and errmodel results: the library types
// are plain float64 (NaN when undefined); here NaN becomes null and the
// keys are the documented snake_case ones.

// Interval is a coefficient's "ci" (and "analytic_ci"):
// {"low","high","method","level"}, plus "resamples" and "seed" for a
// bootstrap interval and "clipped":true for an analytic interval cut to
// the coefficient's range.
type Interval struct {
	Low       report.Number `json:"low"`
	High      report.Number `json:"high"`
	Method    string        `json:"method"`
	Level     float64       `json:"level"`
	Resamples int           `json:"resamples,omitempty"`
	Seed      *uint64       `json:"seed,omitempty"`
	Clipped   bool          `json:"clipped,omitempty"`
}

// NewInterval is the JSON form of iv.
func NewInterval(iv inference.Interval) *Interval {
	out := &Interval{Low: report.Number(iv.Low), High: report.Number(iv.High), Method: iv.Method,
		Level: iv.Level, Clipped: iv.Clipped}
	if iv.Bootstrapped() {
		seed := iv.Seed
		out.Resamples, out.Seed = iv.Resamples, &seed
	}
	return out
}

// ThresholdKey is the JSON key of a p_below threshold ("0.667", "0.8").
func ThresholdKey(t float64) string { return strconv.FormatFloat(t, 'g', -1, 64) }

// PBelow is "p_below":{"0.667":…,"0.8":…}.
func PBelow(p inference.PBelow) map[string]report.Number {
	if p == nil {
		return nil
	}
	out := make(map[string]report.Number, len(p))
	for t, v := range p {
		out[ThresholdKey(t)] = report.Number(v)
	}
	return out
}

// BootstrapResult is a bootstrap's summaries:
// {"se","ci","p_below","undefined_resamples"} and, when SE or CI is
// undefined, "undefined_reason".
type BootstrapResult struct {
	SE        report.Number            `json:"se"`
	CI        *Interval                `json:"ci"`
	PBelow    map[string]report.Number `json:"p_below"`
	Undefined int                      `json:"undefined_resamples"`
	Reason    string                   `json:"undefined_reason,omitempty"`

	// Samples are the resamples' values when kept (for the HTML report).
	Samples []float64 `json:"-"`
}

// NewBootstrapResult is the JSON form of r.
func NewBootstrapResult(r *inference.Result) *BootstrapResult {
	return &BootstrapResult{SE: report.Number(r.SE), CI: NewInterval(r.CI), PBelow: PBelow(r.PBelow),
		Undefined: r.Undefined, Reason: r.Reason, Samples: r.Samples}
}

// Interpretation is a coefficient read on the Landis & Koch and Krippendorff
// scales.
type Interpretation struct {
	LandisKoch   string `json:"landis_koch"`
	Krippendorff string `json:"krippendorff"`
	Warning      string `json:"warning,omitempty"`
}

// NonArbitrary is the share of non-arbitrary judgments that π or Fleiss's κ
// implies (errmodel.NonArbitraryShare).
type NonArbitrary struct {
	Low  report.Number `json:"low"`
	High report.Number `json:"high"`
}

// ItemDisagreement is an item ranked for adjudication (inference.Rank).
type ItemDisagreement struct {
	Item          string        `json:"item"`
	Values        []string      `json:"values"`
	Disagreement  report.Number `json:"disagreement"`
	AlphaLoss     report.Number `json:"alpha_loss"`
	Majority      string        `json:"majority"`
	MajorityShare report.Number `json:"majority_share"`
	Reason        string        `json:"undefined_reason,omitempty"`
}

// RankedItems converts the ranked items; alphaReason is why α is undefined
// ("" when it is defined), which leaves every alpha_loss null.
func RankedItems(items []inference.ItemDisagreement, alphaReason string) []ItemDisagreement {
	var out []ItemDisagreement
	for _, it := range items {
		j := ItemDisagreement{Item: it.Item, Values: it.Values, Disagreement: report.Number(it.Disagreement),
			AlphaLoss: report.Number(it.AlphaLoss), Majority: it.Majority, MajorityShare: report.Number(it.MajorityShare)}
		if math.IsNaN(it.AlphaLoss) {
			j.Reason = "alpha_loss: Krippendorff's α is undefined"
			if alphaReason != "" {
				j.Reason += ": " + alphaReason
			}
		}
		out = append(out, j)
	}
	return out
}

// CoderInfluence is α without one coder.
type CoderInfluence struct {
	Coder        string        `json:"coder"`
	Values       int           `json:"values"`
	AlphaWithout report.Number `json:"alpha_without"`
	Change       report.Number `json:"change"`
	Reason       string        `json:"undefined_reason,omitempty"`
}

// CoderInfluences is the JSON form of cs.
func CoderInfluences(cs []inference.CoderInfluence) []CoderInfluence {
	var out []CoderInfluence
	for _, c := range cs {
		out = append(out, CoderInfluence{c.Coder, c.Values, report.Number(c.AlphaWithout), report.Number(c.Change), c.Reason})
	}
	return out
}

// CategoryIndex is the prevalence and bias indices of one category.
type CategoryIndex struct {
	Label      string        `json:"label"`
	Prevalence report.Number `json:"prevalence_index"`
	Bias       report.Number `json:"bias_index"`
}

// PrevalenceBias is Byrt, Bishop & Carlin's indices for two coders.
type PrevalenceBias struct {
	Items         int             `json:"items"`
	Categories    []CategoryIndex `json:"categories"`
	PABAK         report.Number   `json:"pabak"`
	AnnotatorBias report.Number   `json:"annotator_bias"`
	Reason        string          `json:"undefined_reason,omitempty"`
}

// NewPrevalenceBias is the JSON form of pb.
func NewPrevalenceBias(pb inference.PrevalenceBias) *PrevalenceBias {
	out := &PrevalenceBias{Items: pb.Items, PABAK: report.Number(pb.PABAK), AnnotatorBias: report.Number(pb.AnnotatorBias)}
	for _, c := range pb.Categories {
		out.Categories = append(out.Categories, CategoryIndex{c.Label, report.Number(c.Prevalence), report.Number(c.Bias)})
	}
	if math.IsNaN(pb.PABAK) {
		out.Reason = "PABAK needs two or more categories"
	}
	return out
}

// Aickin is Aickin's α model fitted to two coders.
type Aickin struct {
	Labels        []string        `json:"labels"`
	A             report.Number   `json:"alpha"`
	P             []report.Number `json:"first"`
	Q             []report.Number `json:"second"`
	Kappa         report.Number   `json:"kappa"`
	LogLikelihood report.Number   `json:"log_likelihood"`
	Iterations    int             `json:"iterations"`
	Converged     bool            `json:"converged"`
	Items         int             `json:"items"`
	Reason        string          `json:"undefined_reason,omitempty"`
}

// NumberPtr is a *report.Number holding x (for optional JSON numbers).
func NumberPtr(x float64) *report.Number { n := report.Number(x); return &n }

// Numbers converts xs (NaN becomes null).
func Numbers(xs []float64) []report.Number {
	out := make([]report.Number, len(xs))
	for i, x := range xs {
		out[i] = report.Number(x)
	}
	return out
}

// NewAickin is the JSON form of a.
func NewAickin(a *errmodel.Aickin) *Aickin {
	out := &Aickin{Labels: a.Labels, A: report.Number(a.A), Kappa: report.Number(a.Kappa),
		LogLikelihood: report.Number(a.LogLikelihood), Iterations: a.Iterations, Converged: a.Converged, Items: a.Items, Reason: a.Reason}
	if a.P != nil { // nil when not identified: null
		out.P, out.Q = Numbers(a.P), Numbers(a.Q)
	}
	return out
}

// DawidSkene is a fitted Dawid–Skene model.
type DawidSkene struct {
	Labels        []string            `json:"labels"`
	Coders        []string            `json:"coders"`
	Priors        []report.Number     `json:"priors"`
	Confusion     [][][]report.Number `json:"confusion"`
	Accuracy      []report.Number     `json:"accuracy"`
	LogLikelihood report.Number       `json:"log_likelihood"`
	Iterations    int                 `json:"iterations"`
	Converged     bool                `json:"converged"`
	Smoothing     float64             `json:"smoothing"`
}

// NewDawidSkene is the JSON form of m.
func NewDawidSkene(m *errmodel.DawidSkene) *DawidSkene {
	out := &DawidSkene{Labels: m.Labels, Coders: slices.Clone(m.Coders), Priors: Numbers(m.Priors),
		Accuracy: Numbers(m.Accuracy), LogLikelihood: report.Number(m.LogLikelihood), Iterations: m.Iterations,
		Converged: m.Converged, Smoothing: m.Smoothing}
	for _, c := range m.Confusion {
		var rows [][]report.Number
		for _, row := range c {
			rows = append(rows, Numbers(row))
		}
		out.Confusion = append(out.Confusion, rows)
	}
	return out
}

// IntervalText writes an interval as "[low, high]" (4 decimals), "" for nil.
func IntervalText(ci *Interval) string {
	if ci == nil {
		return ""
	}
	return "[" + report.Float(float64(ci.Low), 4) + ", " + report.Float(float64(ci.High), 4) + "]"
}

// Light is Light's (1971) κ: the mean of Cohen's κ over the pairs of
// coders (agree coding and agree ratings).
type Light struct {
	Value           report.Number `json:"value"`
	Pairs           int           `json:"pairs"`
	DefinedPairs    int           `json:"defined_pairs"`
	UndefinedReason string        `json:"undefined_reason,omitempty"`
}

// Bootstrap describes a bootstrap: its resamples, seed and method.
type Bootstrap struct {
	Resamples int    `json:"resamples"`
	Seed      uint64 `json:"seed"`
	Method    string `json:"method"`
}

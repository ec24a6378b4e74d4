package gammaview

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"time"

	"agree/gamma"
	"agree/inference"
	"agree/internal/version"
	"agree/internal/view"
	"agree/report"
	"agree/unitizing"
)

// Result is the output of agree gamma; its JSON keys are a contract
// (README).
type Result struct {
	version.Header
	Gamma              report.Number `json:"gamma"`
	UndefinedReason    string        `json:"undefined_reason,omitempty"`
	ObservedDisorder   report.Number `json:"observed_disorder"`
	ExpectedDisorder   report.Number `json:"expected_disorder"`
	ExpectedDisorderSD report.Number `json:"expected_disorder_sd"`
	Samples            int           `json:"samples"`
	PrecisionReached   report.Number `json:"precision_reached"`
	StoppedEarly       string        `json:"stopped_early,omitempty"`
	// The certificate (issue 12): exact, or bounds from the best
	// alignments found and proven lower bounds; approximate names an
	// approximate method (no bounds then).
	Exact         bool          `json:"exact"`
	Approximate   string        `json:"approximate,omitempty"`
	ObservedLower report.Number `json:"observed_disorder_lower_bound"`
	ExpectedLower report.Number `json:"expected_disorder_lower_bound"`
	Gap           report.Number `json:"gap"`
	GammaLow      report.Number `json:"gamma_low"`
	GammaHigh     report.Number `json:"gamma_high"`
	GammaLowWhy   string        `json:"gamma_low_reason,omitempty"`
	// Unproven lists the observed components not proven optimal;
	// SamplesInexact counts random samples not proven optimal.
	Unproven       []Component `json:"unproven_components,omitempty"`
	SamplesInexact int         `json:"samples_not_proven,omitempty"`

	GammaCat          report.Number            `json:"gamma_cat"`
	GammaCatUndefined string                   `json:"gamma_cat_undefined_reason,omitempty"`
	ObservedCat       report.Number            `json:"observed_categorical_disorder"`
	ExpectedCat       report.Number            `json:"expected_categorical_disorder"`
	GammaK            map[string]report.Number `json:"gamma_k"`
	Annotators        int                      `json:"annotators"`
	Units             int                      `json:"units"`
	Continua          int                      `json:"continua"`
	DocumentRule      *view.DocumentRule       `json:"document_rule,omitempty"`
	Sampler           string                   `json:"sampler"`
	SamplerNote       string                   `json:"sampler_note,omitempty"`
	Seed              uint64                   `json:"seed"`
	Alpha             float64                  `json:"alpha"`
	Beta              float64                  `json:"beta"`
	DeltaEmpty        float64                  `json:"delta_empty"`
	Categorical       string                   `json:"categorical"`
	GammaCatConv      string                   `json:"gamma_cat_convention"`
	TimeLimit         float64                  `json:"time_limit_seconds"`
	MaxGap            float64                  `json:"max_gap"`
	Alignment         []Unitary                `json:"alignment"`
	// With --bootstrap: γ over corpora of resampled continua (issue 6).
	SE     *report.Number           `json:"se,omitempty"`
	CI     *view.Interval           `json:"ci,omitempty"`
	PBelow map[string]report.Number `json:"p_below,omitempty"`
	// BootstrapStopped says why the bootstrap gave no interval ("time
	// limit"), or "".
	BootstrapStopped string `json:"bootstrap_stopped_early,omitempty"`

	// With --by document (gamma_breakdown.go).
	PerDocument []Document        `json:"per_document,omitempty"`
	Corpus      *view.CorpusValue `json:"corpus,omitempty"`
	Matrix      *Matrix           `json:"matrix,omitempty"`
	// Reference is --reference's table (reference.go).
	Reference *Reference `json:"reference,omitempty"`

	sampleDisorders, bootSamples []float64 // distributions, for the HTML report
}

// Component is a part of a continuum whose alignment was not proven
// optimal.
type Component struct {
	Continuum  string        `json:"continuum"`
	Start      float64       `json:"start"`
	End        float64       `json:"end"`
	Annotators int           `json:"annotators"`
	Units      int           `json:"units"`
	Gap        report.Number `json:"gap"`
}

// Unitary is a unitary alignment of the best alignment.
type Unitary struct {
	Continuum string  `json:"continuum"`
	Disorder  float64 `json:"disorder"`
	Units     []Unit  `json:"units"`
}

// Unit is a unit of a unitary alignment.
type Unit struct {
	Annotator string  `json:"annotator"`
	Category  string  `json:"category"`
	Start     float64 `json:"start"`
	End       float64 `json:"end"`
}

// Tables are the text, CSV and Markdown forms of o; showAlignment adds
// the best alignment (JSON always has it).
func Tables(o *Result, showAlignment bool) []report.Table {
	num := func(x report.Number) string { return report.Float(float64(x), 4) }
	main := report.Table{
		Title:  "γ (Mathet, Widlöcher & Métivier 2015)",
		Header: []string{"measure", "value"},
		Rows: [][]string{
			{"gamma", num(o.Gamma)},
			{"observed disorder", num(o.ObservedDisorder)},
			{"expected disorder", num(o.ExpectedDisorder)},
			{"expected disorder sd", num(o.ExpectedDisorderSD)},
			{"samples", strconv.Itoa(o.Samples)},
			{"precision reached", num(o.PrecisionReached)},
			{"exact", exactWord(o)},
			{"gamma-cat", num(o.GammaCat)},
			{"annotators", strconv.Itoa(o.Annotators)},
			{"units", strconv.Itoa(o.Units)},
			{"continua", strconv.Itoa(o.Continua)},
		},
		Notes: []string{fmt.Sprintf("α = %v, β = %v, Δ∅ = %v, categorical %s, sampler %s, seed %d", o.Alpha, o.Beta, o.DeltaEmpty, o.Categorical, o.Sampler, o.Seed)},
	}
	switch {
	case o.Approximate != "":
		main.Notes = append(main.Notes, "approximate: the alignments come from the "+o.Approximate+" method, not the proven optimum; γ is not bounded")
	case !o.Exact:
		main.Rows = append(main.Rows,
			[]string{"observed disorder lower bound", num(o.ObservedLower)},
			[]string{"expected disorder lower bound", num(o.ExpectedLower)},
			[]string{"gap", report.Float(float64(o.Gap), 6)},
			[]string{"gamma bounds", "[" + num(o.GammaLow) + ", " + num(o.GammaHigh) + "]"})
		main.Notes = append(main.Notes, fmt.Sprintf("not proven optimal within --time-limit %gs / --max-gap %g: the disorders come from the best alignments found, the lower bounds are proven, and γ of the optimal alignments lies in the bounds", o.TimeLimit, o.MaxGap))
		for k, u := range o.Unproven {
			if k == 3 {
				main.Notes = append(main.Notes, fmt.Sprintf("… and %d more components not proven optimal", len(o.Unproven)-3))
				break
			}
			main.Notes = append(main.Notes, fmt.Sprintf("not proven optimal: %s, [%v, %v), %d annotators, %d units, disorder gap %s",
				u.Continuum, u.Start, u.End, u.Annotators, u.Units, report.Float(float64(u.Gap), 6)))
		}
		if o.SamplesInexact > 0 {
			main.Notes = append(main.Notes, fmt.Sprintf("%d of %d random samples not proven optimal (the expected disorder's lower bound accounts for them)", o.SamplesInexact, o.Samples))
		}
		if o.GammaLowWhy != "" {
			main.Notes = append(main.Notes, "gamma bounds: "+o.GammaLowWhy)
		}
		main.Notes = append(main.Notes, "to prove the optimum: a longer --time-limit; to stop sooner with a guarantee: --max-gap G; for a fast estimate without bounds: --approximate window:N")
	}
	if o.StoppedEarly != "" {
		main.Notes = append(main.Notes, "the samples stopped before the required precision: "+o.StoppedEarly)
	}
	if o.SamplerNote != "" {
		main.Notes = append(main.Notes, "sampler "+o.SamplerNote)
	}
	if o.CI != nil {
		main.Rows = append(main.Rows,
			[]string{fmt.Sprintf("bootstrap %g%% interval", 100*o.CI.Level), "[" + num(o.CI.Low) + ", " + num(o.CI.High) + "]"},
			[]string{"bootstrap SE", num(*o.SE)},
			[]string{"P(gamma < 0.667)", num(o.PBelow[view.ThresholdKey(0.667)])},
			[]string{"P(gamma < 0.8)", num(o.PBelow[view.ThresholdKey(0.8)])})
		main.Notes = append(main.Notes, fmt.Sprintf("bootstrap: %d resamples of the continua, seed %d", o.CI.Resamples, o.Seed))
	}
	if o.BootstrapStopped != "" {
		main.Notes = append(main.Notes, "bootstrap stopped at the "+o.BootstrapStopped+": no interval (a longer --time-limit gives one)")
	}
	if o.UndefinedReason != "" {
		main.Notes = append(main.Notes, "gamma undefined: "+o.UndefinedReason)
	}
	if o.GammaCatUndefined != "" {
		main.Notes = append(main.Notes, "gamma-cat undefined: "+o.GammaCatUndefined)
	}
	if o.GammaCatConv != "" {
		main.Notes = append(main.Notes, "γ-cat and γ-k ("+o.GammaCatConv+"): "+gammaCatDescription(o.GammaCatConv))
	}
	r := o.DocumentRule
	if r.Shown(o.Continua) {
		main.Notes = append(main.Notes, r.Notes()...)
	}
	tables := []report.Table{main}
	if r.Shown(o.Continua) {
		tables = append(tables, r.PairTable())
	}
	if len(o.GammaK) > 0 {
		t := report.Table{Title: "γ-k (Mathet 2018)", Header: []string{"category", "gamma_k"}}
		var ks []string
		for k := range o.GammaK {
			ks = append(ks, k)
		}
		sort.Strings(ks)
		for _, k := range ks {
			t.Rows = append(t.Rows, []string{k, num(o.GammaK[k])})
		}
		tables = append(tables, t)
	}
	if showAlignment {
		t := report.Table{Title: "best alignment", Header: []string{"continuum", "#", "disorder", "annotator", "category", "start", "end"}}
		for i, ua := range o.Alignment {
			for _, u := range ua.Units {
				t.Rows = append(t.Rows, []string{ua.Continuum, strconv.Itoa(i + 1), report.Float(ua.Disorder, 4), u.Annotator, u.Category,
					strconv.FormatFloat(u.Start, 'g', -1, 64), strconv.FormatFloat(u.End, 'g', -1, 64)})
			}
		}
		tables = append(tables, t)
	}
	return append(tables, documentTable(o)...)
}

// exactWord is the table form of "exact".
func exactWord(o *Result) string {
	switch {
	case o.Approximate != "":
		return "no (approximate)"
	case o.Exact:
		return "yes"
	}
	return "no (certified gap)"
}

// Settings are the options a γ was computed with, as its output states
// them.
type Settings struct {
	Sampler     gamma.Sampler
	SamplerNote string // why an automatic choice was made (gamma.AutoSampler)
	Seed        uint64
	Alpha, Beta float64
	DeltaEmpty  float64
	Categorical string // the categorical distance's name
	// GammaCatConv names the γ-cat convention (gamma.CatConvention).
	GammaCatConv string
	TimeLimit    time.Duration
	MaxGap       float64
}

// New is the view of res, γ of corpus computed with the settings s; rule
// is the document rule the continua were made with (nil when none
// applies), boot the bootstrap of γ (nil without one).
func New(res *gamma.Result, corpus unitizing.Corpus, rule *view.DocumentRule, s Settings, boot *inference.Result) *Result {
	out := &Result{Header: version.NewHeader(),
		Gamma: report.Number(res.Gamma), UndefinedReason: res.Undefined,
		ObservedDisorder: report.Number(res.Observed), ExpectedDisorder: report.Number(res.Expected),
		ExpectedDisorderSD: report.Number(res.ExpectedSD), Samples: res.Samples,
		PrecisionReached: report.Number(res.PrecisionReached), StoppedEarly: res.StoppedEarly,
		Exact: res.Exact, Approximate: res.Approximate,
		ObservedLower: report.Number(res.ObservedLower), ExpectedLower: report.Number(res.ExpectedLower),
		Gap: report.Number(res.Gap), GammaLow: report.Number(res.GammaLow), GammaHigh: report.Number(res.GammaHigh),
		GammaCat: report.Number(res.GammaCat), GammaCatUndefined: res.CatUndefined,
		ObservedCat: report.Number(res.ObservedCat), ExpectedCat: report.Number(res.ExpectedCat),
		GammaK:     map[string]report.Number{},
		Annotators: res.Annotators, Units: res.Units, Continua: len(corpus.Continua), DocumentRule: rule,
		Sampler: s.Sampler.String(), SamplerNote: s.SamplerNote, Seed: s.Seed, Alpha: s.Alpha, Beta: s.Beta, DeltaEmpty: s.DeltaEmpty,
		Categorical: s.Categorical, GammaCatConv: s.GammaCatConv, TimeLimit: s.TimeLimit.Seconds(), MaxGap: s.MaxGap, Alignment: []Unitary{},
	}
	if res.Samples == 0 {
		out.Sampler, out.SamplerNote = "none", ""
	}
	if boot != nil {
		out.SE, out.CI, out.PBelow = view.NumberPtr(boot.SE), view.NewInterval(boot.CI), view.PBelow(boot.PBelow)
		out.bootSamples = boot.Samples
	}
	out.sampleDisorders = res.SampleDisorders
	for k, v := range res.GammaK {
		out.GammaK[k] = report.Number(v)
	}
	out.SamplesInexact = res.SamplesInexact
	if math.IsInf(res.GammaLow, -1) {
		out.GammaLowWhy = "no positive lower bound on the expected disorder (the random samples were stopped before their first relaxation was solved): γ is bounded above only"
	}
	for ci, al := range res.Alignments {
		c := &corpus.Continua[ci]
		for _, u := range al.Unproven {
			out.Unproven = append(out.Unproven, Component{c.Name, u.Start, u.End, u.Annotators, u.Units, report.Number(u.Gap)})
		}
		for _, ua := range al.Unitary {
			u := Unitary{Continuum: c.Name, Disorder: ua.Disorder}
			for _, i := range ua.Units {
				x := c.Units[i]
				u.Units = append(u.Units, Unit{c.Annotators[x.Annotator], x.Category, x.Start, x.End})
			}
			out.Alignment = append(out.Alignment, u)
		}
	}
	return out
}

// gammaCatDescription describes a --gamma-cat convention by name.
func gammaCatDescription(name string) string {
	c, err := gamma.ParseCatConvention(name)
	if err != nil {
		return name
	}
	return c.Describe()
}

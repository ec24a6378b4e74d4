package codingview

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"agree/coding"
	"agree/internal/csvio"
	"agree/internal/plural"
	"agree/internal/version"
	"agree/internal/view"
	"agree/internal/view/compareview"
	"agree/report"
)

// Result is everything agree coding reports; its JSON form is a
// contract (snake_case keys, documented in docs/coding.md).
type Result struct {
	version.Header
	File           string                 `json:"file,omitempty"`
	Items          int                    `json:"items"`
	Coders         int                    `json:"coders"`
	CoderNames     []string               `json:"coder_names"`
	Values         int                    `json:"values"`
	PairableItems  int                    `json:"pairable_items"`
	PairableValues int                    `json:"pairable_values"`
	CompleteItems  int                    `json:"complete_items"`
	Categories     int                    `json:"categories"`
	Distance       string                 `json:"distance"`
	Missing        string                 `json:"missing"`
	Convention     string                 `json:"convention"`
	Coefficients   map[string]Coefficient `json:"coefficients"`
	order          []coding.Coefficient   // display order
	Bias           Bias                   `json:"annotator_bias"`
	PerCategory    []Category             `json:"per_category,omitempty"`
	PerLabel       []Label                `json:"per_label,omitempty"`    // set-valued data (coding_multilabel.go)
	PerDocument    []Document             `json:"per_document,omitempty"` // --by document (coding_breakdown.go)
	// --by COLUMN[,COLUMN] (coding_by.go): the columns and each group's values.
	By       []string        `json:"by,omitempty"`
	PerGroup []Document      `json:"per_group,omitempty"`
	Corpus   *Corpus         `json:"corpus,omitempty"`
	Matrix   *DocumentMatrix `json:"matrix,omitempty"`
	Pairwise []Pair          `json:"pairwise,omitempty"`
	// PairwiseOmitted counts the pairs with shared items left out of
	// Pairwise by --max-rows (those with the fewest shared items).
	PairwiseOmitted int     `json:"pairwise_omitted,omitempty"`
	Coincidences    *Matrix `json:"coincidence_matrix,omitempty"`
	Contingency     *Matrix `json:"contingency_matrix,omitempty"`
	// DocumentRule is, for spans compared token by token, the documents
	// each annotator codes (--documents).
	DocumentRule *view.DocumentRule       `json:"document_rule,omitempty"`
	Notes        []string                 `json:"notes,omitempty"`
	results      map[string]coding.Result // for text output
	analysis     *coding.Analysis
	pairs        []coding.PairStats   // the pairs of coders of Pairwise
	bootSamples  map[string][]float64 // bootstrap distributions by key, for the HTML report

	ItemsByDisagreement []view.ItemDisagreement `json:"items_by_disagreement,omitempty"`
	LeaveOneCoderOut    []view.CoderInfluence   `json:"leave_one_coder_out,omitempty"`
	// LeaveOneCoderOutOmitted counts the coders left out of
	// LeaveOneCoderOut by --max-rows (those whose removal changes α least).
	LeaveOneCoderOutOmitted int                  `json:"leave_one_coder_out_omitted,omitempty"`
	PrevalenceBias          *view.PrevalenceBias `json:"prevalence_bias,omitempty"`
	Aickin                  *view.Aickin         `json:"aickin,omitempty"`
	DawidSkene              *view.DawidSkene     `json:"dawid_skene,omitempty"`
	Bootstrap               *view.Bootstrap      `json:"bootstrap,omitempty"`
	// Reference is --reference's table (reference.go).
	Reference *Reference `json:"reference,omitempty"`
	// Compare is --compare COLUMN=A,B's (compare.go).
	Compare *compareview.Result `json:"compare,omitempty"`
	// LightKappa is Light's κ (coding_light.go).
	LightKappa *view.Light `json:"light_kappa,omitempty"`
}

// Coefficient is one coefficient with its parts and, after Infer, its
// standard error, interval and reading.
type Coefficient struct {
	Value                report.Number `json:"value"`
	UndefinedReason      string        `json:"undefined_reason,omitempty"`
	Distance             string        `json:"distance"`
	ObservedDisagreement report.Number `json:"observed_disagreement"`
	ExpectedDisagreement report.Number `json:"expected_disagreement"`
	ObservedAgreement    report.Number `json:"observed_agreement"`
	ExpectedAgreement    report.Number `json:"expected_agreement"`
	Items                int           `json:"items"`
	Values               int           `json:"values"`
	DroppedItems         int           `json:"dropped_items"`
	Estimator            string        `json:"estimator,omitempty"`

	// Inference (issue 6): "se" and "ci" are analytic unless --bootstrap
	// is given, when "ci" and "p_below" come from the bootstrap and the
	// analytic interval moves to "analytic_ci".
	SE             *report.Number           `json:"se,omitempty"`
	SEMethod       string                   `json:"se_method,omitempty"`
	SEEstimate     *report.Number           `json:"se_estimate,omitempty"`
	SE0            *report.Number           `json:"se0,omitempty"`
	Z              *report.Number           `json:"z,omitempty"`
	P              *report.Number           `json:"p,omitempty"`
	CI             *view.Interval           `json:"ci,omitempty"`
	AnalyticCI     *view.Interval           `json:"analytic_ci,omitempty"`
	SEReason       string                   `json:"se_undefined_reason,omitempty"`
	BootstrapSE    *report.Number           `json:"bootstrap_se,omitempty"`
	PBelow         map[string]report.Number `json:"p_below,omitempty"`
	Interpretation *view.Interpretation     `json:"interpretation,omitempty"`
	NonArbitrary   *view.NonArbitrary       `json:"non_arbitrary,omitempty"`
}

// Bias is the annotator bias B (Artstein & Poesio 2008, §3.1).
type Bias struct {
	Nominal  report.Number `json:"nominal"`
	Weighted report.Number `json:"weighted"`
}

// Category is the per-category table's row of one category.
type Category struct {
	Category string        `json:"category"`
	Count    report.Number `json:"count"`
	Share    report.Number `json:"share"`
	Specific report.Number `json:"specific_agreement"`
	Alpha    report.Number `json:"alpha"`
}

// Pair is a pair of coders: Cohen's κ and α on their shared items.
type Pair struct {
	Coders [2]string     `json:"coders"`
	Items  int           `json:"items"`
	Kappa  report.Number `json:"cohen_kappa"`
	Alpha  report.Number `json:"krippendorff_alpha"`
}

// Matrix is a coincidence or contingency matrix.
type Matrix struct {
	Labels []string    `json:"labels"`
	Cells  [][]float64 `json:"cells"`
}

// Analyze is the view of the analysis an: every coefficient, per category,
// the coincidence and contingency matrices and the notes; Infer,
// AddPerLabel, AddGroups and the others add the rest.
func Analyze(an *coding.Analysis) (*Result, error) {
	opt := an.Options()
	c := an.Counts()
	res := &Result{Header: version.NewHeader(),
		File: an.Stats().Source(), Items: c.Items, Coders: c.Coders, CoderNames: an.Stats().Coders(), Values: c.Values,
		PairableItems: c.PairableItems, PairableValues: c.PairableValues, CompleteItems: c.CompleteItems,
		Categories: c.Categories, Distance: "nominal", Missing: opt.Missing.String(), Convention: opt.Convention.String(),
		Coefficients: map[string]Coefficient{}, results: map[string]coding.Result{}, analysis: an,
	}
	if opt.Distance != nil {
		res.Distance = opt.Distance.Name()
	}
	for _, k := range coding.All() {
		r := an.Coefficient(k)
		res.order = append(res.order, k)
		res.results[k.Key()] = r
		res.Coefficients[k.Key()] = Coefficient{
			Value: report.Number(r.Value), UndefinedReason: r.Reason, Distance: r.Distance,
			ObservedDisagreement: report.Number(r.ObservedDisagreement), ExpectedDisagreement: report.Number(r.ExpectedDisagreement),
			ObservedAgreement: report.Number(r.ObservedAgreement), ExpectedAgreement: report.Number(r.ExpectedAgreement),
			Items: r.Items, Values: r.Values, DroppedItems: r.Dropped, Estimator: r.Estimator,
		}
	}
	if m := an.Stats().MergedNumbers(); len(m) > 0 {
		res.Notes = append(res.Notes, mergedNumbersNote(m))
	}
	res.Bias = Bias{report.Number(an.Bias(false)), report.Number(an.Bias(true))}
	if cats, err := an.PerCategory(); err == nil {
		for _, s := range cats {
			res.PerCategory = append(res.PerCategory, Category{s.Label, report.Number(s.Count), report.Number(s.Share), report.Number(s.Specific), report.Number(s.Alpha)})
		}
		co, _ := an.Coincidences()
		res.Coincidences = &Matrix{co.Labels, co.Cells}
	} else {
		res.Notes = append(res.Notes, "no per-category table or coincidence matrix: "+err.Error())
	}
	if c.Coders == 2 {
		if ct, err := an.Contingency(); err == nil {
			res.Contingency = &Matrix{ct.Labels, ct.Cells}
		}
	}
	if dropped := c.Items - c.CompleteItems; dropped > 0 {
		verb := "dropped"
		if opt.Incomplete == coding.RefuseIncomplete {
			verb = "refused"
		}
		if opt.Convention == coding.IrrCAC {
			res.Notes = append(res.Notes, fmt.Sprintf("%d of %s %s a value from some coder; convention irrcac (Gwet's irrCAC): every coefficient averages over the items with two or more values, Fleiss's κ and π take their marginals over the items rated at least once, the κ-style coefficients each coder's distribution over the items it rated; the standard errors are irrCAC's (--convention survey: Krippendorff's weighting)", dropped, plural.Count(c.Items, "item"), plural.Verb(dropped, "lacks", "lack")))
		} else {
			res.Notes = append(res.Notes, fmt.Sprintf("%d of %s %s a value from some coder: κ, multi-κ, κ_w and α_κ %s them; α, π, S and percent agreement use every item with two or more values (weighting: %s); each coefficient's estimator is in its note, and its standard error is that of the estimate printed (--convention irrcac: Gwet's irrCAC estimates and standard errors)", dropped, plural.Count(c.Items, "item"), plural.Verb(dropped, "lacks", "lack"), verb, opt.Missing))
		}
	}
	if res.Distance != "nominal" {
		res.Notes = append(res.Notes, "weighted coefficients (α, α_b, κ_w, α_κ, AC2, Brennan–Prediger) use the "+res.Distance+" distance; their values depend on it and cannot be read on the scales made for nominal data (Artstein & Poesio 2008, §4.1)")
	}
	return res, nil
}

// shortEstimator is the table's short form of a coefficient's estimator
// (coding.Result.Estimator).
func shortEstimator(e string) string {
	switch {
	case strings.HasPrefix(e, "irrCAC's"):
		return "irrCAC's estimator"
	case strings.HasPrefix(e, "mean over the items with two or more values; Gwet's"):
		return "item mean, Gwet's marginals"
	case strings.HasPrefix(e, "the complete items"):
		return "complete items"
	case strings.Contains(e, "each item weighted equally"):
		return "items weighted equally"
	case strings.Contains(e, "each judgment weighted equally"):
		return "judgments weighted equally"
	}
	return e
}

// mergedNumbersNote says which spellings of equal numbers were read as one
// value: "every value is a number, and equal numbers are one value: "1" =
// "1.0", "2" = "2.0" = "2.00"" (at most 5 groups named).
func mergedNumbersNote(groups [][]string) string {
	var parts []string
	for i, g := range groups {
		if i == 5 {
			parts = append(parts, fmt.Sprintf("and %d more", len(groups)-i))
			break
		}
		q := make([]string, len(g))
		for j, l := range g {
			q[j] = csvio.Quote(l)
		}
		parts = append(parts, strings.Join(q, " = "))
	}
	return "every value is a number, and equal numbers are one value (kept as the first spelling): " + strings.Join(parts, ", ")
}

// Write writes res in the format format.
func (res *Result) Write(w io.Writer, format report.Format) error {
	if format == report.JSON {
		return report.WriteJSON(w, res)
	}
	return report.WriteTables(w, format, res.Tables()...)
}

// Tables are the text, CSV and Markdown forms of res.
func (res *Result) Tables() []report.Table {
	title := fmt.Sprintf("%s, %s, %s (%d pairable in %s), %s; distance %s; missing-data weighting: %s",
		plural.Count(res.Items, "item"), plural.Count(res.Coders, "coder"), plural.Count(res.Values, "value"), res.PairableValues, plural.Count(res.PairableItems, "item"), plural.Count(res.Categories, "category"), res.Distance, res.Missing)
	if res.File != "" {
		title = res.File + ": " + title
	}
	ciTitle := "CI"
	main := report.Table{Title: title, Header: []string{"coefficient", "key", "value", "SE", ciTitle, "A_o", "A_e", "D_o", "D_e", "items", "reading", "note"}}
	for _, k := range res.order {
		r := res.results[k.Key()]
		note := r.Reason
		if r.Defined() && r.Dropped > 0 {
			note = fmt.Sprintf("%d incomplete items dropped", r.Dropped)
		}
		if r.Defined() && res.CompleteItems < res.Items {
			note = strings.TrimPrefix(note+"; "+shortEstimator(r.Estimator), "; ")
		}
		if r.Defined() && k.Weighted() && res.Distance != "nominal" {
			note = strings.TrimPrefix(note+"; "+r.Distance, "; ")
		}
		cj := res.Coefficients[k.Key()]
		se, reading := "", ""
		if cj.SE != nil {
			se = report.Float(float64(*cj.SE), 4)
		}
		if in := cj.Interpretation; in != nil {
			reading = in.LandisKoch + "; " + in.Krippendorff
			if in.Warning != "" {
				reading = "(weighted: no scale)"
			}
		}
		main.Rows = append(main.Rows, []string{k.String(), k.Key(), report.Float(r.Value, 4), se, view.IntervalText(cj.CI),
			report.Float(r.ObservedAgreement, 4), report.Float(r.ExpectedAgreement, 4),
			report.Float(r.ObservedDisagreement, 4), report.Float(r.ExpectedDisagreement, 4),
			strconv.Itoa(r.Items), reading, note})
	}
	main.Notes = append(main.Notes, fmt.Sprintf("annotator bias B (A&P 2008 §3.1): %s nominal, %s weighted",
		report.Float(float64(res.Bias.Nominal), 4), report.Float(float64(res.Bias.Weighted), 4)))
	if l := res.LightKappa; l != nil && res.Coders > 2 {
		main.Notes = append(main.Notes, strings.TrimSpace("Light's κ (the mean of the pairs' Cohen's κ, light_kappa): "+report.Float(float64(l.Value), 4)+" "+l.UndefinedReason))
	}
	main.Notes = append(main.Notes, res.Notes...)
	// The intervals' methods differ by coefficient: name them in a note, in
	// coefficient order, so the output is deterministic.
	var methods []string
	for _, k := range res.order {
		if cj := res.Coefficients[k.Key()]; cj.CI != nil {
			main.Header[4] = fmt.Sprintf("%g%% CI", 100*cj.CI.Level)
			m := cj.CI.Method + " (" + k.String() + ")"
			if n := len(methods); n > 0 && strings.HasPrefix(methods[n-1], cj.CI.Method+" (") {
				methods[n-1] = strings.TrimSuffix(methods[n-1], ")") + ", " + k.String() + ")"
				continue
			}
			methods = append(methods, m)
		}
	}
	if len(methods) > 0 {
		main.Notes = append(main.Notes, "intervals: "+strings.Join(methods, "; "))
	}
	var clipped []string
	for _, k := range res.order {
		cj := res.Coefficients[k.Key()]
		for _, ci := range []*view.Interval{cj.CI, cj.AnalyticCI} {
			if ci != nil && ci.Clipped {
				clipped = append(clipped, k.String())
			}
		}
	}
	if len(clipped) > 0 {
		main.Notes = append(main.Notes, "analytic intervals cut at the coefficient's bounds (1; below, 0 for percent agreement and −1 for nominal chance-corrected coefficients): "+strings.Join(clipped, ", "))
	}
	out := append(append([]report.Table{main}, res.perLabelTable()...), res.documentTable()...)
	if res.DocumentRule != nil {
		out = append(out, res.DocumentRule.PairTable())
	}
	if len(res.PerCategory) > 0 {
		t := report.Table{Title: "per category (nominal)", Header: []string{"category", "count", "share", "specific agreement", "α (k vs rest)"}}
		for _, c := range res.PerCategory {
			t.Rows = append(t.Rows, []string{c.Category, report.Float(float64(c.Count), 2), report.Float(float64(c.Share), 4),
				report.Float(float64(c.Specific), 4), report.Float(float64(c.Alpha), 4)})
		}
		out = append(out, t)
	}
	if len(res.Pairwise) > 0 {
		t := report.Table{Title: "pairs of coders", Header: []string{"coder", "coder", "items", "Cohen's κ", "α (" + res.Distance + ")"}}
		for _, p := range res.Pairwise {
			t.Rows = append(t.Rows, []string{p.Coders[0], p.Coders[1], strconv.Itoa(p.Items), report.Float(float64(p.Kappa), 4), report.Float(float64(p.Alpha), 4)})
		}
		t.Notes = view.OmittedNote(len(res.Pairwise), res.PairwiseOmitted, "pairs", "those with the most shared items")
		out = append(out, t)
	}
	if m := res.Contingency; m != nil {
		t := report.Table{Title: fmt.Sprintf("contingency table (rows %s, columns %s)", res.CoderNames[0], res.CoderNames[1]), Header: append([]string{""}, m.Labels...)}
		for i, row := range m.Cells {
			r := []string{m.Labels[i]}
			for _, x := range row {
				r = append(r, report.Float(x, 0))
			}
			t.Rows = append(t.Rows, r)
		}
		out = append(out, t)
	}
	out = append(out, res.Reference.Tables()...)
	if res.Compare != nil {
		out = append(out, res.Compare.Table())
	}
	return append(out, res.inferenceTables()...)
}

package ratingsview

import (
	"context"
	"fmt"

	"agree/coding"
	"agree/internal/plural"
	"agree/internal/version"
	"agree/internal/view"
	"agree/ratings"
	"agree/report"
)

// Result is everything agree ratings reports; its JSON form is a
// contract (documented in the README).
type Result struct {
	version.Header
	File              string            `json:"file,omitempty"`
	Items             int               `json:"items"`
	Raters            int               `json:"raters"`
	RaterNames        []string          `json:"rater_names"`
	Ratings           int               `json:"ratings"`
	CompleteItems     int               `json:"complete_items"`
	Level             float64           `json:"level"`
	ICC               ICC               `json:"icc"`
	Pairs             []Association     `json:"pairs,omitempty"`
	PairsOmitted      int               `json:"pairs_omitted,omitempty"`
	VsOthers          []Association     `json:"vs_others,omitempty"`
	KendallW          KendallW          `json:"kendall_w"`
	LightKappa        *view.Light       `json:"light_kappa,omitempty"`
	FleissPerCategory *FleissCategories `json:"fleiss_per_category,omitempty"`
	// --by COLUMN[,COLUMN] (groups.go).
	By       []string     `json:"by,omitempty"`
	PerGroup []Group      `json:"per_group,omitempty"`
	Corpus   *GroupCorpus `json:"corpus,omitempty"`
	Trend    *Trend       `json:"-"` // the report's trend plot (groups.go)
	Notes    []string     `json:"notes,omitempty"`
}

// ICC is the intraclass correlations with their analysis of variance.
type ICC struct {
	Items           int       `json:"items"`
	DroppedItems    int       `json:"dropped_items"`
	ANOVA           ANOVA     `json:"anova"`
	Forms           []ICCForm `json:"forms"`
	UndefinedReason string    `json:"undefined_reason,omitempty"`
}

// ANOVA is the two-way analysis of variance of the ratings.
type ANOVA struct {
	MSRows    report.Number `json:"ms_rows"`
	MSColumns report.Number `json:"ms_columns"`
	MSError   report.Number `json:"ms_error"`
	MSWithin  report.Number `json:"ms_within"`
	DFRows    report.Number `json:"df_rows"`
	DFColumns report.Number `json:"df_columns"`
	DFError   report.Number `json:"df_error"`
	DFWithin  report.Number `json:"df_within"`
}

// ICCForm is one form of the intraclass correlation (Shrout & Fleiss; McGraw
// & Wong).
type ICCForm struct {
	Key             string         `json:"key"`
	Name            string         `json:"name"`
	ShroutFleiss    string         `json:"shrout_fleiss"`
	Model           string         `json:"model"`
	Type            string         `json:"type"`
	Unit            string         `json:"unit"`
	Value           report.Number  `json:"value"`
	F               report.Number  `json:"f"`
	DF1             report.Number  `json:"df1"`
	DF2             report.Number  `json:"df2"`
	P               report.Number  `json:"p"`
	CI              *view.Interval `json:"ci"`
	UndefinedReason string         `json:"undefined_reason,omitempty"`
}

// Correlation is a correlation coefficient with its interval.
type Correlation struct {
	Value           report.Number  `json:"value"`
	CI              *view.Interval `json:"ci"`
	SE              report.Number  `json:"se"`
	P               *report.Number `json:"p,omitempty"`
	Test            string         `json:"test,omitempty"`
	UndefinedReason string         `json:"undefined_reason,omitempty"`
}

// Association is a pair of raters ("raters") or a rater against the
// mean of the others ("rater").
type Association struct {
	Raters      []string    `json:"raters,omitempty"`
	Rater       string      `json:"rater,omitempty"`
	Items       int         `json:"items"`
	Pearson     Correlation `json:"pearson"`
	Spearman    Correlation `json:"spearman"`
	KendallTauB Correlation `json:"kendall_tau_b"`
	CCC         Correlation `json:"ccc"`
}

// KendallW is Kendall's coefficient of concordance W.
type KendallW struct {
	Value           report.Number `json:"value"`
	Uncorrected     report.Number `json:"uncorrected"`
	ChiSquare       report.Number `json:"chi_square"`
	DF              report.Number `json:"df"`
	P               report.Number `json:"p"`
	Items           int           `json:"items"`
	DroppedItems    int           `json:"dropped_items"`
	UndefinedReason string        `json:"undefined_reason,omitempty"`
}

// FleissCategories is Fleiss's κ per category.
type FleissCategories struct {
	Items           int              `json:"items"`
	Raters          int              `json:"raters"`
	DroppedItems    int              `json:"dropped_items"`
	Categories      []FleissCategory `json:"categories"`
	UndefinedReason string           `json:"undefined_reason,omitempty"`
}

// FleissCategory is Fleiss's κ of one category against the rest.
type FleissCategory struct {
	Category        string        `json:"category"`
	Proportion      report.Number `json:"proportion"`
	Kappa           report.Number `json:"kappa"`
	SE              report.Number `json:"se"`
	Z               report.Number `json:"z"`
	P               report.Number `json:"p"`
	UndefinedReason string        `json:"undefined_reason,omitempty"`
}

func interval(iv ratings.Interval) *view.Interval {
	return &view.Interval{Low: report.Number(iv.Low), High: report.Number(iv.High), Method: iv.Method, Level: iv.Level}
}

func newCorrelation(c ratings.Correlation) Correlation {
	out := Correlation{Value: report.Number(c.Value), CI: interval(c.CI), SE: report.Number(c.SE), Test: c.Test, UndefinedReason: c.Reason}
	if c.Test != "" {
		p := report.Number(c.P)
		out.P = &p
	}
	return out
}

func newAssociation(a ratings.Association) Association {
	return Association{Items: a.Pearson.Items, Pearson: newCorrelation(a.Pearson), Spearman: newCorrelation(a.Spearman),
		KendallTauB: newCorrelation(a.KendallTauB), CCC: newCorrelation(a.Concordance)}
}

// Analyze computes every statistic of agree ratings on d.
// Options are what agree ratings computes with.
type Options struct {
	Level   float64 // confidence level of the intervals
	Workers int     // parallel workers of the bootstraps (0: all cores)
	MaxRows int     // rows of the pairwise tables (0: all)
}

// Analyze computes every measure of the ratings in d (name: the input's
// name).
func Analyze(ctx context.Context, d *coding.Data, name string, f Options) (*Result, error) {
	m, err := ratings.FromData(d)
	if err != nil {
		return nil, err
	}
	if m.Items() == 0 {
		return nil, fmt.Errorf("%s: no items", name)
	}
	if len(m.Raters()) < 2 {
		return nil, fmt.Errorf("%s: %s; agreement needs at least two", name, plural.Count(len(m.Raters()), "rater"))
	}
	complete := m.Complete()
	res := &Result{Header: version.NewHeader(), File: name, Items: m.Items(), Raters: len(m.Raters()), RaterNames: m.Raters(), Ratings: m.Ratings(),
		CompleteItems: len(complete), Level: f.Level}
	ic := ratings.IntraclassCorrelations(m, f.Level)
	res.ICC = ICC{Items: ic.Items, DroppedItems: ic.Dropped, UndefinedReason: ic.Reason, ANOVA: ANOVA{
		report.Number(ic.MSRows), report.Number(ic.MSColumns), report.Number(ic.MSError), report.Number(ic.MSWithin),
		report.Number(ic.DFRows), report.Number(ic.DFColumns), report.Number(ic.DFError), report.Number(ic.DFWithin)}}
	for _, fm := range ic.Forms {
		res.ICC.Forms = append(res.ICC.Forms, ICCForm{Key: fm.Form.Key(), Name: fm.Form.String(), ShroutFleiss: fm.Form.ShroutFleiss(),
			Model: fm.Form.Model(), Type: fm.Form.Type(), Unit: fm.Form.Unit(), Value: report.Number(fm.Value),
			F: report.Number(fm.F), DF1: report.Number(fm.DF1), DF2: report.Number(fm.DF2), P: report.Number(fm.P),
			CI: interval(fm.CI), UndefinedReason: fm.Reason})
	}
	cr, err := ratings.Correlate(ctx, m, f.Level, f.Workers)
	if err != nil {
		return nil, err
	}
	names := m.Raters()
	for _, p := range cr.Pairs {
		if f.MaxRows > 0 && len(res.Pairs) >= f.MaxRows {
			res.PairsOmitted++
			continue
		}
		a := newAssociation(p.Association)
		a.Raters = []string{names[p.A], names[p.B]}
		res.Pairs = append(res.Pairs, a)
	}
	for _, r := range cr.VsOthers {
		a := newAssociation(r.Association)
		a.Rater = names[r.Rater]
		res.VsOthers = append(res.VsOthers, a)
	}
	w := ratings.ConcordanceW(m)
	res.KendallW = KendallW{Value: report.Number(w.W), Uncorrected: report.Number(w.Uncorrected), ChiSquare: report.Number(w.ChiSquare),
		DF: report.Number(w.DF), P: report.Number(w.P), Items: w.Items, DroppedItems: w.Dropped, UndefinedReason: w.Reason}
	if dropped := m.Items() - len(complete); dropped > 0 {
		res.Notes = append(res.Notes, fmt.Sprintf("%d of %s %s a rating from some rater: the intraclass correlations, Kendall's W and Fleiss's κ per category leave them out; the correlations, Lin's CCC and Light's κ use the items each pair both rated; against the mean of the others, the items the rater and at least one other rated",
			dropped, plural.Count(m.Items(), "item"), plural.Verb(dropped, "lacks", "lack")))
	}
	if k := len(d.Labels()); k <= maxScaleValues {
		l, err := ratings.LightKappa(d)
		if err != nil {
			return nil, err
		}
		res.LightKappa = &view.Light{Value: report.Number(l.Kappa), Pairs: len(l.Pairs), DefinedPairs: l.Defined, UndefinedReason: l.Reason}
		fc := ratings.FleissPerCategory(d)
		fj := &FleissCategories{Items: fc.Items, Raters: fc.Raters, DroppedItems: fc.Dropped, UndefinedReason: fc.Reason}
		for _, c := range fc.Categories {
			fj.Categories = append(fj.Categories, FleissCategory{Category: c.Category, Proportion: report.Number(c.Proportion),
				Kappa: report.Number(c.Kappa), SE: report.Number(c.SE), Z: report.Number(c.Z), P: report.Number(c.P), UndefinedReason: c.Reason})
		}
		res.FleissPerCategory = fj
	} else {
		res.Notes = append(res.Notes, fmt.Sprintf("%d distinct values: the ratings are not treated as categories (Light's κ and Fleiss's κ per category need at most %d)", k, maxScaleValues))
	}
	return res, nil
}

// maxScaleValues is the most distinct values for which agree ratings also
// treats the ratings as categories (Light's κ, Fleiss's κ per category).
const maxScaleValues = 50

package gammaview

import (
	"context"
	"fmt"
	"math"
	"strconv"
	"strings"

	"agree/gamma"
	"agree/report"
	"agree/unitizing"
)

// ReferenceRow is γ of one annotator with the reference annotator, on the
// continua both annotated (γ is symmetric: the reference is one of the
// two), with the expected disorder's samples and, when an alignment was
// not proven optimal, the interval that holds γ of the optimal alignments.
type ReferenceRow struct {
	Annotator        string        `json:"annotator"`
	Continua         int           `json:"continua"`
	Gamma            report.Number `json:"gamma"`
	ObservedDisorder report.Number `json:"observed_disorder"`
	ExpectedDisorder report.Number `json:"expected_disorder"`
	Samples          int           `json:"samples"`
	Exact            bool          `json:"exact"`
	GammaLow         report.Number `json:"gamma_low"`
	GammaHigh        report.Number `json:"gamma_high"`
	UndefinedReason  string        `json:"undefined_reason,omitempty"`
}

// Reference is "reference" in agree gamma --reference.
type Reference struct {
	Name       string         `json:"name"`
	Annotators []ReferenceRow `json:"annotators"`
}

// NewReference computes γ of each annotator with the annotator name over
// the continua both annotated, with the options of the corpus γ (the
// corpus sampler where it applies to the pair, else the shuffle).
func NewReference(ctx context.Context, corpus unitizing.Corpus, d gamma.Dissimilarity, opt gamma.Options, name string) (*Reference, error) {
	names := corpus.Annotators()
	found := false
	for _, n := range names {
		found = found || n == name
	}
	if !found {
		return nil, &UnknownReferenceError{Name: name, Annotators: names}
	}
	out := &Reference{Name: name}
	at := 0
	for i, n := range names {
		if n == name {
			at = i
		}
	}
	for i, n := range names {
		if n == name {
			continue
		}
		// The pair in the corpus's order of annotators, as --by document's
		// matrix takes it: the chance samples depend on the order.
		a, b := name, n
		if i < at {
			a, b = n, name
		}
		r, shared, err := gamma.Pair(ctx, corpus, a, b, d, opt)
		if err != nil {
			return nil, err
		}
		row := ReferenceRow{Annotator: n, Continua: shared}
		if r == nil {
			row.Gamma, row.ObservedDisorder, row.ExpectedDisorder = report.Number(math.NaN()), report.Number(math.NaN()), report.Number(math.NaN())
			row.GammaLow, row.GammaHigh = report.Number(math.NaN()), report.Number(math.NaN())
			row.UndefinedReason = "no continuum annotated by both"
			out.Annotators = append(out.Annotators, row)
			continue
		}
		row.Gamma, row.ObservedDisorder, row.ExpectedDisorder = report.Number(r.Gamma), report.Number(r.Observed), report.Number(r.Expected)
		row.Samples, row.Exact, row.UndefinedReason = r.Samples, r.Exact, r.Undefined
		row.GammaLow, row.GammaHigh = report.Number(r.GammaLow), report.Number(r.GammaHigh)
		out.Annotators = append(out.Annotators, row)
	}
	return out, nil
}

// UnknownReferenceError is a --reference that names no annotator.
type UnknownReferenceError struct {
	Name       string
	Annotators []string
}

func (e *UnknownReferenceError) Error() string {
	return fmt.Sprintf("--reference %s: no annotator of that name (annotators: %s)", e.Name, strings.Join(e.Annotators, ", "))
}

// Tables is the reference's table.
func (ref *Reference) Tables() []report.Table {
	if ref == nil {
		return nil
	}
	f := func(x report.Number) string { return report.Float(float64(x), 4) }
	t := report.Table{Title: "γ of each annotator with " + ref.Name + " (the reference), on the continua both annotated", Header: []string{"annotator", "continua", "γ", "observed", "expected", "samples", "exact", "note"}}
	for _, r := range ref.Annotators {
		t.Rows = append(t.Rows, []string{r.Annotator, strconv.Itoa(r.Continua), f(r.Gamma), f(r.ObservedDisorder), f(r.ExpectedDisorder), strconv.Itoa(r.Samples), strconv.FormatBool(r.Exact), r.UndefinedReason})
	}
	return []report.Table{t}
}

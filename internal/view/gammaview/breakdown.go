package gammaview

import (
	"context"
	"fmt"
	"math"

	"agree/gamma"
	"agree/internal/view"
	"agree/report"
	"agree/unitizing"
)

// Document is one continuum (document) of agree gamma --by document:
// γ of that continuum alone.
type Document struct {
	Document         string        `json:"document"`
	Annotators       int           `json:"annotators"`
	Units            int           `json:"units"`
	Gamma            report.Number `json:"gamma"`
	ObservedDisorder report.Number `json:"observed_disorder"`
	ExpectedDisorder report.Number `json:"expected_disorder"`
	Samples          int           `json:"samples"`
	Exact            bool          `json:"exact"`
	UndefinedReason  string        `json:"undefined_reason,omitempty"`
}

// Matrix is γ of every pair of annotators (the corpus restricted
// to the two; 1 on the diagonal, null where undefined).
type Matrix struct {
	Annotators      []string          `json:"annotators"`
	Gamma           [][]report.Number `json:"gamma"`
	UndefinedReason string            `json:"undefined_reason,omitempty"`
}

// AddDocuments computes, for --by document, γ of each continuum alone
// (with the options of the corpus γ; the corpus sampler, which needs
// several continua, gives way to the single-continuum shuffle), the corpus value under avg (pooled: the corpus γ, whose
// disorders pool the continua; macro: the mean of the continua's γ) and,
// with three or more annotators, the pairwise matrix.
func (o *Result) AddDocuments(ctx context.Context, corpus unitizing.Corpus, d gamma.Dissimilarity, opt gamma.Options, avg string) error {
	b, err := gamma.ByDocument(ctx, corpus, d, opt)
	if err != nil {
		return err
	}
	for _, dg := range b.Documents {
		j := Document{Document: dg.Name, Annotators: dg.Annotators, Units: dg.Units}
		if r := dg.Result; r != nil {
			j.Gamma, j.ObservedDisorder, j.ExpectedDisorder = report.Number(r.Gamma), report.Number(r.Observed), report.Number(r.Expected)
			j.Samples, j.Exact, j.UndefinedReason = r.Samples, r.Exact, r.Undefined
		} else {
			j.Gamma, j.ObservedDisorder, j.ExpectedDisorder = report.Number(math.NaN()), report.Number(math.NaN()), report.Number(math.NaN())
			j.UndefinedReason = timeLimitReason
		}
		o.PerDocument = append(o.PerDocument, j)
	}
	mean, n, und := b.Macro()
	cv := &view.CorpusValue{Average: avg, Documents: n, UndefinedDocuments: und}
	if avg == "macro" {
		cv.Description = "macro: the mean of the continua's γ (each document weighs the same; each continuum's chance disorder from its own samples)"
		cv.Value = report.Number(mean)
	} else {
		cv.Description = "pooled: the corpus γ, whose observed and expected disorders pool the continua (Mathet et al. 2015)"
		cv.Value = o.Gamma
		cv.Documents, cv.UndefinedDocuments = len(corpus.Continua), 0
	}
	o.Corpus = cv
	if b.Pairs == nil {
		return nil
	}
	m := &Matrix{Annotators: b.Annotators}
	for _, row := range b.Pairs {
		m.Gamma = append(m.Gamma, view.Numbers(row))
	}
	if b.PairsStopped {
		m.UndefinedReason = timeLimitReason + " (for the pairs whose γ is null)"
	}
	o.Matrix = m
	return nil
}

// documentTable is the table of --by document.
func documentTable(o *Result) []report.Table {
	if o.Corpus == nil {
		return nil
	}
	t := report.Table{Title: "per document (each continuum alone)",
		Header: []string{"document", "annotators", "units", "γ", "observed disorder", "expected disorder", "note"}}
	for _, d := range o.PerDocument {
		t.Rows = append(t.Rows, []string{d.Document, fmt.Sprint(d.Annotators), fmt.Sprint(d.Units), report.Float(float64(d.Gamma), 4),
			report.Float(float64(d.ObservedDisorder), 4), report.Float(float64(d.ExpectedDisorder), 4), d.UndefinedReason})
	}
	t.Notes = append(t.Notes, fmt.Sprintf("corpus γ %s (%s)", report.Float(float64(o.Corpus.Value), 4), o.Corpus.Description))
	out := []report.Table{t}
	if o.Matrix != nil {
		m := report.Table{Title: "pairwise γ", Header: append([]string{""}, o.Matrix.Annotators...)}
		for i, row := range o.Matrix.Gamma {
			r := []string{o.Matrix.Annotators[i]}
			for _, x := range row {
				r = append(r, report.Float(float64(x), 4))
			}
			m.Rows = append(m.Rows, r)
		}
		out = append(out, m)
	}
	return out
}

// timeLimitReason is the undefined reason of the breakdown's values not
// computed because --time-limit had passed.
const timeLimitReason = "not computed: --time-limit was reached"

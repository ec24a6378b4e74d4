package unitizingview

import (
	"fmt"
	"io"
	"math"

	"agree/internal/version"
	"agree/internal/view"
	"agree/report"
	"agree/unitizing"
)

// Breakdown is the output of agree unitizing --by document: the
// measures of each continuum (document), the corpus values under
// --average and, for three or more annotators, the pairwise matrix.
type Breakdown struct {
	version.Header
	PerDocument  []Result              `json:"per_document"`
	Corpus       Corpus                `json:"corpus"`
	Matrix       *Matrix               `json:"matrix,omitempty"`
	DocumentRule *view.DocumentRule    `json:"document_rule,omitempty"`
	pooled       *Result               // the concatenated corpus (pooled)
	docs         []unitizing.Continuum //
}

// Corpus are the corpus values: pooled (the measures on the
// continua laid end to end, as --concatenate does) or macro (the mean of
// the documents' values, each over the documents where it is defined).
type Corpus struct {
	Average     string                   `json:"average"`
	Description string                   `json:"description"`
	Values      map[string]report.Number `json:"values"`
	Documents   map[string]int           `json:"documents"`
	// UndefinedReason says why the pooled values are undefined (null).
	UndefinedReason string `json:"undefined_reason,omitempty"`
}

// Matrix holds uα and αU of every pair of annotators on the
// pooled corpus (1 on the diagonal, null where undefined).
type Matrix struct {
	Annotators []string          `json:"annotators"`
	UAlpha     [][]report.Number `json:"u_alpha"`
	AlphaU     [][]report.Number `json:"alpha_u"`
}

// NewBreakdown builds the output of --by document from the
// documents' results.
func NewBreakdown(warn io.Writer, continua []unitizing.Continuum, exts []unitizing.Extent, results []Result, atom float64, cuOverlap bool, avg string) (*Breakdown, error) {
	out := &Breakdown{Header: version.NewHeader(), PerDocument: results, docs: continua}
	out.Corpus = Corpus{Average: avg, Values: map[string]report.Number{}, Documents: map[string]int{}}
	pooledC, pooledExt, err := unitizing.Concatenate(continua, exts)
	if err != nil {
		return nil, err
	}
	if avg != "macro" && !unitizing.SameAnnotators(continua) {
		out.Corpus.Description = "pooled: the measures on the documents laid end to end as one continuum (as --concatenate does; annotators matched by name)"
		out.Corpus.UndefinedReason = DifferentAnnotators
		for _, key := range unitizing.Headline {
			out.Corpus.Values[key], out.Corpus.Documents[key] = report.Number(math.NaN()), 0
		}
	} else if avg == "macro" {
		out.Corpus.Description = "macro: the mean of the documents' values (each document weighs the same; each measure over the documents where it is defined)"
		ms := make([]*unitizing.Measures, len(results))
		for k := range results {
			ms[k] = results[k].measures
		}
		for _, key := range unitizing.Headline {
			v, n := unitizing.Macro(ms, key)
			out.Corpus.Values[key], out.Corpus.Documents[key] = report.Number(v), n
		}
	} else {
		out.Corpus.Description = "pooled: the measures on the documents laid end to end as one continuum (as --concatenate does; annotators matched by name)"
		r, err := Measure(warn, &pooledC, pooledExt, atom, cuOverlap)
		if err != nil {
			return nil, err
		}
		out.pooled = &r
		for _, key := range unitizing.Headline {
			out.Corpus.Values[key], out.Corpus.Documents[key] = report.Number(r.measures.Value(key)), len(continua)
		}
	}
	names, ua, au, err := unitizing.Pairwise(continua, exts)
	if err != nil || names == nil {
		return out, err
	}
	m := &Matrix{Annotators: names}
	for i := range names {
		m.UAlpha = append(m.UAlpha, view.Numbers(ua[i]))
		m.AlphaU = append(m.AlphaU, view.Numbers(au[i]))
	}
	out.Matrix = m
	return out, nil
}

// tables is the table form of --by document.
func (o *Breakdown) Tables() []report.Table {
	t := report.Table{Title: "per document", Header: []string{"document", "units", "αU", "uα", "|uα", "c|uα", "κ_d", "α_d", "SER"}}
	row := func(name string, units int, r *Result) []string {
		out := []string{name, fmt.Sprint(units)}
		for _, key := range unitizing.Headline {
			out = append(out, report.Float(float64(r.value(key)), 4))
		}
		return out
	}
	for k := range o.PerDocument {
		r := &o.PerDocument[k]
		t.Rows = append(t.Rows, row(r.Name, r.Units, r))
	}
	c := []string{"corpus (" + o.Corpus.Average + ")", ""}
	for _, key := range unitizing.Headline {
		c = append(c, report.Float(float64(o.Corpus.Values[key]), 4))
	}
	t.Rows = append(t.Rows, c)
	t.Notes = append(t.Notes, "corpus: "+o.Corpus.Description)
	if o.Corpus.UndefinedReason != "" {
		t.Notes = append(t.Notes, "corpus values undefined: "+o.Corpus.UndefinedReason)
	}
	t.Notes = append(t.Notes, "a document's undefined values are explained in the JSON output (undefined_reason)")
	if o.DocumentRule.Shown(len(o.PerDocument)) {
		t.Notes = append(t.Notes, o.DocumentRule.Notes()...)
	}
	out := []report.Table{t}
	if o.Matrix != nil {
		for _, mm := range []struct {
			title string
			cells [][]report.Number
		}{{"pairwise uα (the documents both annotated, end to end)", o.Matrix.UAlpha}, {"pairwise αU (the documents both annotated, end to end)", o.Matrix.AlphaU}} {
			m := report.Table{Title: mm.title, Header: append([]string{""}, o.Matrix.Annotators...)}
			for i, r := range mm.cells {
				cells := []string{o.Matrix.Annotators[i]}
				for _, x := range r {
					cells = append(cells, report.Float(float64(x), 4))
				}
				m.Rows = append(m.Rows, cells)
			}
			out = append(out, m)
		}
	}
	if o.DocumentRule.Shown(len(o.PerDocument)) {
		out = append(out, o.DocumentRule.PairTable())
	}
	return out
}

// DifferentAnnotators is why the documents cannot be laid end to end.
const DifferentAnnotators = "the documents do not all have the same annotators, and laid end to end an annotator would count as having marked nothing in the documents it did not annotate; --average macro averages the documents, --documents all puts every annotator in every document (when nothing is a real answer)"

// value is the field of r named key (one of unitizing.Headline).
func (r *Result) value(key string) report.Number {
	switch key {
	case "alpha_u":
		return r.AlphaU
	case "u_alpha":
		return r.UAlpha
	case "binary_u_alpha":
		return r.BinaryUAlpha
	case "cu_alpha":
		return r.CUAlpha
	case "kappa_d":
		return r.KappaD
	case "alpha_d":
		return r.AlphaD
	}
	return r.SER
}

package unitizingview

import (
	"fmt"
	"io"
	"math"
	"slices"

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

// headline are the single-number measures the corpus value gives.
var headline = []struct {
	key string
	get func(*Result) report.Number
}{
	{"alpha_u", func(r *Result) report.Number { return r.AlphaU }},
	{"u_alpha", func(r *Result) report.Number { return r.UAlpha }},
	{"binary_u_alpha", func(r *Result) report.Number { return r.BinaryUAlpha }},
	{"cu_alpha", func(r *Result) report.Number { return r.CUAlpha }},
	{"kappa_d", func(r *Result) report.Number { return r.KappaD }},
	{"alpha_d", func(r *Result) report.Number { return r.AlphaD }},
	{"ser", func(r *Result) report.Number { return r.SER }},
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
	if avg != "macro" && !SameAnnotators(continua) {
		out.Corpus.Description = "pooled: the measures on the documents laid end to end as one continuum (as --concatenate does; annotators matched by name)"
		out.Corpus.UndefinedReason = DifferentAnnotators
		for _, h := range headline {
			out.Corpus.Values[h.key], out.Corpus.Documents[h.key] = report.Number(math.NaN()), 0
		}
	} else if avg == "macro" {
		out.Corpus.Description = "macro: the mean of the documents' values (each document weighs the same; each measure over the documents where it is defined)"
		for _, h := range headline {
			sum, n := 0.0, 0
			for k := range results {
				if v := float64(h.get(&results[k])); !math.IsNaN(v) {
					sum += v
					n++
				}
			}
			v := math.NaN()
			if n > 0 {
				v = sum / float64(n)
			}
			out.Corpus.Values[h.key], out.Corpus.Documents[h.key] = report.Number(v), n
		}
	} else {
		out.Corpus.Description = "pooled: the measures on the documents laid end to end as one continuum (as --concatenate does; annotators matched by name)"
		r, err := Measure(warn, &pooledC, pooledExt, atom, cuOverlap)
		if err != nil {
			return nil, err
		}
		out.pooled = &r
		for _, h := range headline {
			out.Corpus.Values[h.key], out.Corpus.Documents[h.key] = h.get(&r), len(continua)
		}
	}
	names := pooledC.Annotators
	if len(names) < 3 {
		return out, nil
	}
	m := &Matrix{Annotators: names}
	for i := range names {
		m.UAlpha = append(m.UAlpha, make([]report.Number, len(names)))
		m.AlphaU = append(m.AlphaU, make([]report.Number, len(names)))
		m.UAlpha[i][i], m.AlphaU[i][i] = 1, 1
	}
	for i := range names {
		for j := i + 1; j < len(names); j++ {
			// the pair on the documents both annotated, end to end
			var both []unitizing.Continuum
			var bothExt []unitizing.Extent
			for k := range continua {
				c := &continua[k]
				if ia, ib := slices.Index(c.Annotators, names[i]), slices.Index(c.Annotators, names[j]); ia >= 0 && ib >= 0 {
					both = append(both, c.Pair(ia, ib))
					bothExt = append(bothExt, exts[k])
				}
			}
			ua, au := math.NaN(), math.NaN()
			if len(both) > 0 {
				sub, subExt, err := unitizing.Concatenate(both, bothExt)
				if err != nil {
					return nil, err
				}
				if r, err := unitizing.UAlpha(&sub, subExt); err == nil {
					ua = r.U
				}
				if r, err := unitizing.Alpha1995(&sub, subExt); err == nil {
					au = r.Alpha
				}
			}
			m.UAlpha[i][j], m.UAlpha[j][i] = report.Number(ua), report.Number(ua)
			m.AlphaU[i][j], m.AlphaU[j][i] = report.Number(au), report.Number(au)
		}
	}
	out.Matrix = m
	return out, nil
}

// tables is the table form of --by document.
func (o *Breakdown) Tables() []report.Table {
	t := report.Table{Title: "per document", Header: []string{"document", "units", "αU", "uα", "|uα", "c|uα", "κ_d", "α_d", "SER"}}
	row := func(name string, units int, r *Result) []string {
		out := []string{name, fmt.Sprint(units)}
		for _, h := range headline {
			out = append(out, report.Float(float64(h.get(r)), 4))
		}
		return out
	}
	for k := range o.PerDocument {
		r := &o.PerDocument[k]
		t.Rows = append(t.Rows, row(r.Name, r.Units, r))
	}
	c := []string{"corpus (" + o.Corpus.Average + ")", ""}
	for _, h := range headline {
		c = append(c, report.Float(float64(o.Corpus.Values[h.key]), 4))
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

// SameAnnotators reports whether every continuum has the same annotators
// (in any order).
func SameAnnotators(cs []unitizing.Continuum) bool {
	if len(cs) == 0 {
		return true
	}
	first := map[string]bool{}
	for _, a := range cs[0].Annotators {
		first[a] = true
	}
	for _, c := range cs[1:] {
		if len(c.Annotators) != len(cs[0].Annotators) {
			return false
		}
		for _, a := range c.Annotators {
			if !first[a] {
				return false
			}
		}
	}
	return true
}

package unitizingview

import (
	"errors"
	"fmt"
	"io"
	"math"
	"sort"
	"strings"

	"agree/internal/plural"
	"agree/internal/version"
	"agree/internal/view"
	"agree/report"
	"agree/unitizing"
)

// Result is the JSON form of the unitizing measures of one
// continuum. Undefined values are null, with their reason in
// undefined_reason under the value's key.
type Result struct {
	// DocumentRule is set on the output of a single continuum only (a
	// corpus has it beside its continua).
	DocumentRule *view.DocumentRule `json:"document_rule,omitempty"`
	Name         string             `json:"name"`
	Annotators   []string           `json:"annotators"`
	Units        int                `json:"units"`
	Extent       struct {
		Begin float64 `json:"begin"`
		End   float64 `json:"end"`
	} `json:"extent"`
	AlphaU           report.Number            `json:"alpha_u"`
	AlphaUCategories []Alpha1995Category      `json:"alpha_u_categories,omitempty"`
	UAlpha           report.Number            `json:"u_alpha"`
	BinaryUAlpha     report.Number            `json:"binary_u_alpha"`
	CUAlpha          report.Number            `json:"cu_alpha"`
	Coverage         report.Number            `json:"cu_alpha_coverage"`
	KUAlpha          map[string]report.Number `json:"k_u_alpha"`
	KappaD           report.Number            `json:"kappa_d"`
	AlphaD           report.Number            `json:"alpha_d"`
	PiD              report.Number            `json:"pi_d"`
	Atom             float64                  `json:"atom"`
	Atoms            int                      `json:"atoms"`
	SER              report.Number            `json:"ser"`
	SERPairs         []SERPair                `json:"ser_pairs"`
	UndefinedReason  map[string]string        `json:"undefined_reason,omitempty"`

	measures *unitizing.Measures // the library's result
}

// Alpha1995Category is αU of one category.
type Alpha1995Category struct {
	Category string        `json:"category"`
	Alpha    report.Number `json:"alpha"`
	Do       report.Number `json:"d_o"`
	De       report.Number `json:"d_e"`
}

// SERPair is the slot error rate of one ordered pair of annotators.
type SERPair struct {
	Reference    string        `json:"reference"`
	Hypothesis   string        `json:"hypothesis"`
	SER          report.Number `json:"ser"`
	Correct      int           `json:"correct"`
	Type         int           `json:"type"`
	Boundary     int           `json:"boundary"`
	TypeBoundary int           `json:"type_boundary"`
	Insertions   int           `json:"insertions"`
	Deletions    int           `json:"deletions"`
}

// Measure computes every measure. A measure that cannot handle the
// data (overlapping units for the alphas and κ_d) is reported as undefined
// with the reason, and as a warning on warn; bad data (a unit outside the
// extent, fewer than two annotators) is an error.
func Measure(warn io.Writer, c *unitizing.Continuum, ext unitizing.Extent, atom float64, cuOverlap bool) (Result, error) {
	m, err := unitizing.Measure(c, ext, unitizing.MeasureOptions{Atom: atom, CUOverlap: cuOverlap})
	r := fromMeasures(warn, c, ext, atom, m)
	r.measures = m
	return r, err
}

// fromMeasures is the JSON form of the measures m of c (some may be
// missing when unitizing.Measure stopped at an error), with the warnings,
// in the order the measures are computed, written to warn.
func fromMeasures(warn io.Writer, c *unitizing.Continuum, ext unitizing.Extent, atom float64, m *unitizing.Measures) Result {
	var r Result
	r.Name, r.Annotators, r.Units = c.Name, c.Annotators, len(c.Units)
	r.Extent.Begin, r.Extent.End = ext.Begin, ext.End
	r.UndefinedReason = map[string]string{}
	r.KUAlpha = map[string]report.Number{}
	r.Atom = atom
	nan := report.Number(math.NaN())
	undefined := func(key, reason string) {
		if reason != "" {
			r.UndefinedReason[key] = reason
		}
	}
	// A measure left out for overlapping units is undefined, with a
	// warning.
	overlap := func(err error, keys ...string) {
		fmt.Fprintf(warn, "agree unitizing: warning: %v\n", err)
		for _, k := range keys {
			r.UndefinedReason[k] = err.Error()
		}
	}

	r.AlphaU = nan
	r.UAlpha, r.BinaryUAlpha, r.CUAlpha, r.Coverage = nan, nan, nan, nan
	r.KappaD, r.AlphaD, r.PiD = nan, nan, nan
	if au := m.Alpha1995; au != nil {
		r.AlphaU = report.Number(au.Alpha)
		undefined("alpha_u", au.Reason)
		for _, ca := range au.Categories {
			r.AlphaUCategories = append(r.AlphaUCategories, Alpha1995Category{ca.Category, report.Number(ca.Alpha), report.Number(ca.Do), report.Number(ca.De)})
		}
	} else if m.Alpha1995Err != nil {
		overlap(m.Alpha1995Err, "alpha_u")
	} else {
		return r
	}

	if m.CUOverlapping {
		fmt.Fprintf(warn, "agree unitizing: warning: %s: c|uα and (k)uα computed on overlapping units (--cu-overlap)\n", c.Name)
	}
	if ua := m.UAlpha; ua != nil {
		r.UAlpha, r.BinaryUAlpha, r.CUAlpha, r.Coverage = report.Number(ua.U), report.Number(ua.Binary), report.Number(ua.CU), report.Number(ua.Coverage)
		undefined("u_alpha", ua.UReason)
		undefined("binary_u_alpha", ua.BinaryReason)
		undefined("cu_alpha", ua.CUReason)
		for _, k := range ua.Categories {
			r.KUAlpha[k.Category] = report.Number(k.Alpha)
			undefined("k_u_alpha."+k.Category, k.Reason)
		}
	} else if m.UAlphaErr != nil {
		overlap(m.UAlphaErr, "u_alpha", "binary_u_alpha", "cu_alpha", "k_u_alpha")
	} else {
		return r
	}

	var tooMany *unitizing.TooManyAtomsError
	if kd := m.KappaD; kd != nil {
		r.KappaD, r.AlphaD, r.PiD, r.Atoms = report.Number(kd.Kappa), report.Number(kd.Alpha), report.Number(kd.Pi), kd.Atoms
		undefined("kappa_d", kd.KappaReason)
		undefined("alpha_d", kd.AlphaReason)
		undefined("pi_d", kd.PiReason)
	} else if errors.As(m.KappaDErr, &tooMany) {
		// κ_d cannot be computed at this atom length; the other measures
		// still are.
		why := fmt.Sprintf("not computed: %d atoms of length %g, more than %d (give a longer --atom)", tooMany.Atoms, tooMany.Atom, unitizing.MaxAtoms)
		for _, k := range []string{"kappa_d", "alpha_d", "pi_d"} {
			r.UndefinedReason[k] = why
		}
	} else if m.KappaDErr != nil {
		overlap(m.KappaDErr, "kappa_d", "alpha_d", "pi_d")
	} else {
		return r
	}

	s := m.SER
	r.SER = report.Number(s.Mean)
	undefined("ser", s.Reason)
	if s.Skipped > 0 && s.Reason == "" {
		fmt.Fprintf(warn, "agree unitizing: warning: %s: SER is the mean over %d of %d ordered pairs; the others are undefined (see ser_pairs)\n",
			c.Name, len(s.Pairs)-s.Skipped, len(s.Pairs))
	}
	for _, p := range s.Pairs {
		r.SERPairs = append(r.SERPairs, SERPair{p.Reference, p.Hypothesis, report.Number(p.SER),
			p.Correct, p.Type, p.Boundary, p.TypeBoundary, p.Ins, p.Del})
	}
	return r
}

func continuumTables(r Result) []report.Table {
	reason := func(key string) string { return r.UndefinedReason[key] }
	main := report.Table{
		Title:  fmt.Sprintf("%s: %s, %s, continuum [%g, %g)", r.Name, plural.Count(len(r.Annotators), "annotator"), plural.Count(r.Units, "unit"), r.Extent.Begin, r.Extent.End),
		Header: []string{"measure", "value", "note"},
	}
	add := func(name, key string, v report.Number, note string) {
		if n := reason(key); n != "" {
			note = n
			if strings.Contains(n, "has overlapping units") {
				note = "an annotator's units overlap (see the warning)"
			}
		}
		main.Rows = append(main.Rows, []string{name, report.Float(float64(v), 4), note})
	}
	add("αU (Krippendorff 1995/2004)", "alpha_u", r.AlphaU, "")
	add("uα", "u_alpha", r.UAlpha, "")
	add("|uα (binary)", "binary_u_alpha", r.BinaryUAlpha, "")
	add("c|uα", "cu_alpha", r.CUAlpha, fmt.Sprintf("coverage %s%%", report.Float(100*float64(r.Coverage), 2)))
	cats := make([]string, 0, len(r.KUAlpha))
	for k := range r.KUAlpha {
		cats = append(cats, k)
	}
	sort.Strings(cats)
	for _, k := range cats {
		add(fmt.Sprintf("(%s)uα", k), "k_u_alpha."+k, r.KUAlpha[k], "")
	}
	add("κ_d (multi-κ on atoms)", "kappa_d", r.KappaD, fmt.Sprintf("%s of length %g", plural.Count(r.Atoms, "atom"), r.Atom))
	add("α_d (α on atoms)", "alpha_d", r.AlphaD, "")
	add("SER (mean over ordered pairs)", "ser", r.SER, "error rate: 0 is perfect")
	main.Notes = append(main.Notes, "uα, |uα and αU depend on the unit of measurement: a gap of length ℓ counts as ℓ pieces in their expected coincidences, so scaling the offsets (seconds to milliseconds) moves them a little (×10 on the reference example: uα 0.4739 → 0.4700, αU 0.3026 → 0.2709); c|uα and (k)uα do not")
	tables := []report.Table{main}
	if len(r.SERPairs) > 0 {
		t := report.Table{Title: r.Name + ": SER per pair (slot error rate, Galibert et al.)", KeyColumns: 2,
			Header: []string{"reference", "hypothesis", "SER", "correct", "T", "B", "TB", "I", "D"},
			Notes: []string{"correct: same span and category; T (type): same span, other category; B (boundary): overlapping span, same category; " +
				"TB: overlapping span, other category; I (insertion): a hypothesis unit paired with no reference unit; D (deletion): a reference unit paired with none; " +
				"SER = (0.5·T + 0.5·B + TB + I + D) / reference units (Galibert et al. 2010 costs)"}}
		for _, p := range r.SERPairs {
			t.Rows = append(t.Rows, []string{p.Reference, p.Hypothesis, report.Float(float64(p.SER), 4),
				fmt.Sprint(p.Correct), fmt.Sprint(p.Type), fmt.Sprint(p.Boundary), fmt.Sprint(p.TypeBoundary), fmt.Sprint(p.Insertions), fmt.Sprint(p.Deletions)})
		}
		tables = append(tables, t)
	}
	return tables
}

// Output is the JSON document of agree unitizing: the measures of a
// single continuum with the document rule, or of each continuum of a
// corpus with the rule beside them.
func Output(results []Result, rule *view.DocumentRule) any {
	if len(results) == 1 {
		results[0].DocumentRule = rule
		return struct {
			version.Header
			Result
		}{version.NewHeader(), results[0]}
	}
	return struct {
		version.Header
		Continua     []Result           `json:"continua"`
		DocumentRule *view.DocumentRule `json:"document_rule,omitempty"`
	}{version.NewHeader(), results, rule}
}

// Tables are the text, CSV and Markdown forms of the measures of each
// continuum, and of the rule when there are several (documents of them).
func Tables(results []Result, rule *view.DocumentRule, documents int) []report.Table {
	var tables []report.Table
	for _, r := range results {
		tables = append(tables, continuumTables(r)...)
	}
	if r := rule; r.Shown(documents) {
		t := r.PairTable()
		t.Notes = append(t.Notes, r.Notes()...)
		tables = append(tables, t)
	}
	return tables
}

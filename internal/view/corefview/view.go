package corefview

import (
	"errors"
	"fmt"
	"math"
	"strings"

	"agree/coref"
	"agree/internal/plural"
	"agree/internal/version"
	"agree/internal/view"
	"agree/report"
)

// PRF is recall, precision and F1.
type PRF struct {
	Recall    report.Number `json:"recall"`
	Precision report.Number `json:"precision"`
	F1        report.Number `json:"f1"`
}

func newPRF(p coref.PRF) PRF {
	return PRF{report.Number(p.Recall), report.Number(p.Precision), report.Number(p.F1)}
}

// LinkTable is Passonneau's link table of a pair of annotators.
type LinkTable struct {
	A int `json:"a"`
	B int `json:"b"`
	C int `json:"c"`
	D int `json:"d"`
}

// ChainSets is α on the chains as sets of mentions (MASI by default).
type ChainSets struct {
	Mode            string            `json:"mode"`
	MASI            report.Number     `json:"masi"`
	Jaccard         report.Number     `json:"jaccard"`
	Dice            report.Number     `json:"dice"`
	Passonneau      report.Number     `json:"passonneau"`
	Nominal         report.Number     `json:"nominal"`
	UndefinedReason map[string]string `json:"undefined_reason,omitempty"`
}

// Pair is one pair of annotators: the first is the key, the second
// the response (F1 values do not depend on the order).
type Pair struct {
	Annotators [2]string `json:"annotators"`
	// Documents is the number of documents the pair is compared on
	// (--documents).
	Documents       int               `json:"documents"`
	MUC             PRF               `json:"muc"`
	B3              PRF               `json:"b3"`
	CEAFm           PRF               `json:"ceafm"`
	CEAFe           PRF               `json:"ceafe"`
	BLANC           PRF               `json:"blanc"`
	LEA             PRF               `json:"lea"`
	Mentions        PRF               `json:"mentions"`
	CoNLLF1         report.Number     `json:"conll_f1"`
	LinkTable       *LinkTable        `json:"link_table"`
	LinkKappa       report.Number     `json:"link_kappa"`
	LinkAlpha       report.Number     `json:"link_alpha"`
	LinkPi          report.Number     `json:"link_pi"`
	LinkKrippAlpha  report.Number     `json:"link_krippendorff_alpha"`
	ChainsAsSets    ChainSets         `json:"chains_as_sets"`
	UndefinedReason map[string]string `json:"undefined_reason,omitempty"`
	Notes           []string          `json:"notes,omitempty"`
	// Bootstrap holds, with --bootstrap, each F1's document-bootstrap
	// summaries: {"se","ci":{…},"p_below":{…}} under the metric's name.
	Bootstrap map[string]*view.BootstrapResult `json:"bootstrap,omitempty"`
}

// Result is the output of agree coref; its JSON keys are a contract
// (README).
type Result struct {
	version.Header
	Annotators   []string           `json:"annotators"`
	Documents    int                `json:"documents"`
	DocumentRule *view.DocumentRule `json:"document_rule"`
	Pairs        []Pair             `json:"pairs"`
	ChainsAsSets ChainSets          `json:"chains_as_sets"`
	Warnings     []string           `json:"warnings,omitempty"`
	Notes        []string           `json:"notes,omitempty"`
	// With --by document (coref_breakdown.go).
	PerDocument []Document `json:"per_document,omitempty"`
	Corpus      *Corpus    `json:"corpus,omitempty"`
	Matrix      *Matrix    `json:"matrix,omitempty"`
	// Reference is --reference's table (reference.go).
	Reference *Reference `json:"reference,omitempty"`
}

// NewChainSets computes the chains as sets of c; when ok is false (the
// markables differ and --missing fail) every α is undefined with the reason.
func NewChainSets(c *coref.Corpus, mode coref.ChainSets, ok bool) (ChainSets, error) {
	m := "others"
	if mode == coref.WholeChain {
		m = "whole"
	}
	if !ok {
		nan := report.Number(math.NaN())
		why := "the annotators marked different mentions (see --missing)"
		return ChainSets{Mode: m, MASI: nan, Jaccard: nan, Dice: nan, Passonneau: nan, Nominal: nan,
			UndefinedReason: map[string]string{"masi": why, "jaccard": why, "dice": why, "passonneau": why, "nominal": why}}, nil
	}
	al, err := c.ChainSetAlphas(mode)
	if err != nil {
		return ChainSets{}, err
	}
	cs := ChainSets{Mode: m, MASI: report.Number(al.MASI), Jaccard: report.Number(al.Jaccard),
		Dice: report.Number(al.Dice), Passonneau: report.Number(al.Passonneau), Nominal: report.Number(al.Nominal)}
	if len(al.Reasons) > 0 {
		cs.UndefinedReason = al.Reasons
	}
	return cs, nil
}

// NewPair computes the scores of annotators i (key) and j (response) on c
// and the link table and chains as sets on rel (c, or c with singletons).
func NewPair(c, rel *coref.Corpus, i, j int, mode coref.ChainSets, setsOK bool) (Pair, error) {
	anns := c.Annotators()
	s := c.Compare(i, j)
	p := Pair{
		Annotators: [2]string{anns[i], anns[j]},
		MUC:        newPRF(s.MUC), B3: newPRF(s.B3), CEAFm: newPRF(s.CEAFm), CEAFe: newPRF(s.CEAFe),
		BLANC: newPRF(s.BLANC), LEA: newPRF(s.LEA), Mentions: newPRF(s.Mentions),
		CoNLLF1: report.Number(s.CoNLL), Notes: s.Notes,
	}
	undef := map[string]string{}
	nan := report.Number(math.NaN())
	p.LinkKappa, p.LinkAlpha, p.LinkPi, p.LinkKrippAlpha = nan, nan, nan, nan
	tab, err := rel.LinkTable(i, j)
	var me *coref.MarkableError
	switch {
	case errors.As(err, &me):
		undef["link_table"] = fmt.Sprintf("the annotators marked different mentions (%d only by %q, %d only by %q); see --missing", len(me.OnlyA), me.A, len(me.OnlyB), me.B)
	case err != nil:
		undef["link_table"] = err.Error()
	default:
		p.LinkTable = &LinkTable{tab.A, tab.B, tab.C, tab.D}
		ag, err := tab.Agreement()
		if err != nil {
			return p, err
		}
		p.LinkKappa, p.LinkAlpha, p.LinkPi = report.Number(ag.Kappa), report.Number(ag.PassonneauAlpha), report.Number(ag.Pi)
		p.LinkKrippAlpha = report.Number(ag.KrippendorffAlpha)
		for k, r := range map[string]string{"link_kappa": ag.KappaReason, "link_alpha": ag.AlphaReason, "link_pi": ag.PiReason, "link_krippendorff_alpha": ag.KrippendorffReason} {
			if r != "" {
				undef[k] = r
			}
		}
	}
	if _, ok := undef["link_table"]; ok {
		for _, k := range []string{"link_kappa", "link_alpha", "link_pi", "link_krippendorff_alpha"} {
			undef[k] = "no link table"
		}
	}
	p.Documents = c.SharedDocuments(i, j)
	pairCorpus, err := rel.Select(i, j)
	if err != nil {
		return p, err
	}
	cs, err := NewChainSets(pairCorpus, mode, setsOK || c.MarkableDifferences(i, j) == nil)
	if err != nil {
		return p, err
	}
	p.ChainsAsSets = cs
	if len(undef) > 0 {
		p.UndefinedReason = undef
	}
	return p, nil
}

// chainSetNotes gives the reasons of the undefined α of the chains as sets
// in the table's row order, one note per distinct reason.
func chainSetNotes(cs ChainSets) []string {
	var notes []string
	var names []string
	reason := ""
	flush := func() {
		if len(names) > 0 {
			notes = append(notes, strings.Join(names, ", ")+" undefined: "+reason)
		}
	}
	for _, k := range []struct{ key, name string }{{"masi", "MASI"}, {"jaccard", "Jaccard"}, {"dice", "Dice"}, {"passonneau", "Passonneau"}, {"nominal", "nominal"}} {
		r, ok := cs.UndefinedReason[k.key]
		if !ok {
			continue
		}
		if r != reason {
			flush()
			names, reason = nil, r
		}
		names = append(names, k.name)
	}
	flush()
	return notes
}

// MarkableSummary is one line per pair whose markables differ: the counts
// and the first few mentions on each side.
func MarkableSummary(e *coref.MarkableError) string {
	const show = 3
	list := func(ms []string) string {
		if len(ms) <= show {
			return strings.Join(ms, "; ")
		}
		return strings.Join(ms[:show], "; ") + fmt.Sprintf("; … %d more", len(ms)-show)
	}
	line := fmt.Sprintf("%q and %q: %s only by %q, %d only by %q", e.A, e.B, plural.Count(len(e.OnlyA), "mention"), e.A, len(e.OnlyB), e.B)
	if len(e.OnlyA) > 0 {
		line += fmt.Sprintf(" (only %q: %s)", e.A, list(e.OnlyA))
	}
	if len(e.OnlyB) > 0 {
		line += fmt.Sprintf(" (only %q: %s)", e.B, list(e.OnlyB))
	}
	return line
}

// Tables are the text, CSV and Markdown forms of out.
func Tables(out *Result) []report.Table {
	num := func(x report.Number) string { return report.Float(float64(x), 4) }
	scores := report.Table{
		Title:      "Coreference scores (reference scorer conventions; first annotator = key)",
		Header:     []string{"key", "response", "metric", "recall", "precision", "F1"},
		KeyColumns: 3,
	}
	links := report.Table{
		Title:      "Passonneau (1997) link table: a = links in both, b = second only, c = first only, d = neither",
		Header:     []string{"first", "second", "a", "b", "c", "d", "κ", "π", "α (Passonneau)", "α (Krippendorff)"},
		KeyColumns: 2,
	}
	for _, p := range out.Pairs {
		for _, m := range []struct {
			name string
			v    PRF
		}{{"MUC", p.MUC}, {"B3", p.B3}, {"CEAFm", p.CEAFm}, {"CEAFe", p.CEAFe}, {"BLANC", p.BLANC}, {"LEA", p.LEA}, {"mentions", p.Mentions}} {
			scores.Rows = append(scores.Rows, []string{p.Annotators[0], p.Annotators[1], m.name, num(m.v.Recall), num(m.v.Precision), num(m.v.F1)})
		}
		scores.Rows = append(scores.Rows, []string{p.Annotators[0], p.Annotators[1], "CoNLL", "", "", num(p.CoNLLF1)})
		scores.Notes = append(scores.Notes, p.Notes...)
		if p.LinkTable != nil {
			t := p.LinkTable
			links.Rows = append(links.Rows, []string{p.Annotators[0], p.Annotators[1], fmt.Sprint(t.A), fmt.Sprint(t.B), fmt.Sprint(t.C), fmt.Sprint(t.D), num(p.LinkKappa), num(p.LinkPi), num(p.LinkAlpha), num(p.LinkKrippAlpha)})
			for _, k := range []struct{ key, name string }{{"link_kappa", "κ"}, {"link_pi", "π"}, {"link_alpha", "α (Passonneau)"}, {"link_krippendorff_alpha", "α (Krippendorff)"}} {
				if r := p.UndefinedReason[k.key]; r != "" {
					links.Notes = append(links.Notes, fmt.Sprintf("%s/%s: %s undefined: %s", p.Annotators[0], p.Annotators[1], k.name, r))
				}
			}
		} else {
			links.Rows = append(links.Rows, []string{p.Annotators[0], p.Annotators[1], "", "", "", "", "undefined", "undefined", "undefined", "undefined"})
			links.Notes = append(links.Notes, fmt.Sprintf("%s/%s: %s", p.Annotators[0], p.Annotators[1], p.UndefinedReason["link_table"]))
		}
	}
	links.Notes = append(links.Notes, "α (Passonneau) is the paper's α (eqs. 24–27): chance from each annotator's own marginals, hence equal to κ; α (Krippendorff) pools the marginals and corrects for sample size")
	cs := out.ChainsAsSets
	sets := report.Table{
		Title:  fmt.Sprintf("Chains as sets: Krippendorff's α over all annotators (each mention coded with its chain, mode %s)", cs.Mode),
		Header: []string{"distance", "α"},
		Rows: [][]string{{"MASI", num(cs.MASI)}, {"Jaccard", num(cs.Jaccard)}, {"Dice", num(cs.Dice)},
			{"Passonneau", num(cs.Passonneau)}, {"nominal", num(cs.Nominal)}},
	}
	sets.Notes = append(sets.Notes, chainSetNotes(cs)...)
	sets.Notes = append(sets.Notes, out.Notes...)
	sets.Notes = append(sets.Notes, out.Warnings...)
	tables := []report.Table{scores, links, sets}
	if len(out.Pairs) > 0 && out.Pairs[0].Bootstrap != nil {
		b := report.Table{Title: "document bootstrap of the F1 scores", Header: []string{"first", "second", "F1", "SE", "interval", "P(< 0.667)", "P(< 0.8)"}}
		for _, p := range out.Pairs {
			for _, m := range []string{"conll_f1", "muc_f1", "b3_f1", "ceafm_f1", "ceafe_f1", "blanc_f1", "lea_f1"} {
				r := p.Bootstrap[m]
				b.Rows = append(b.Rows, []string{p.Annotators[0], p.Annotators[1], m, num(r.SE),
					"[" + num(r.CI.Low) + ", " + num(r.CI.High) + "]", num(r.PBelow[view.ThresholdKey(0.667)]), num(r.PBelow[view.ThresholdKey(0.8)])})
			}
		}
		b.Notes = []string{fmt.Sprintf("%s, %d resamples of the documents", out.Pairs[0].Bootstrap["conll_f1"].CI.Method, out.Pairs[0].Bootstrap["conll_f1"].CI.Resamples)}
		tables = append(tables, b)
	}
	if n := len(out.Annotators); n > 2 {
		m := report.Table{Title: "CoNLL F1 between annotators", Header: append([]string{""}, out.Annotators...)}
		idx := map[string]int{}
		for i, a := range out.Annotators {
			idx[a] = i
		}
		cell := make([][]string, n)
		for i := range cell {
			cell[i] = make([]string, n)
			cell[i][i] = num(1)
		}
		for _, p := range out.Pairs {
			i, j := idx[p.Annotators[0]], idx[p.Annotators[1]]
			cell[i][j], cell[j][i] = num(p.CoNLLF1), num(p.CoNLLF1)
		}
		for i, a := range out.Annotators {
			m.Rows = append(m.Rows, append([]string{a}, cell[i]...))
		}
		tables = append(tables, m)
	}
	if out.DocumentRule.Shown(out.Documents) {
		tables = append(tables, out.DocumentRule.PairTable())
	}
	return append(tables, documentTable(out)...)
}

// NewBootstrap is the "bootstrap" object of a pair: each F1's
// summaries under the metric's key.
func NewBootstrap(b coref.F1Bootstrap) map[string]*view.BootstrapResult {
	return map[string]*view.BootstrapResult{
		"conll_f1": view.NewBootstrapResult(b.CoNLL), "muc_f1": view.NewBootstrapResult(b.MUC),
		"b3_f1": view.NewBootstrapResult(b.B3), "ceafm_f1": view.NewBootstrapResult(b.CEAFm),
		"ceafe_f1": view.NewBootstrapResult(b.CEAFe), "blanc_f1": view.NewBootstrapResult(b.BLANC),
		"lea_f1": view.NewBootstrapResult(b.LEA),
	}
}

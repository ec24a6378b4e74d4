package segmentationview

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"

	"agree/annotation"
	"agree/internal/plural"
	"agree/internal/version"
	"agree/internal/view"
	"agree/report"
	"agree/segmentation"
)

// Pair is one item compared between two coders (coder_a taken as the
// hypothesis, coder_b as the reference; Pk and WindowDiff also the other
// way round).
type Pair struct {
	Item            string            `json:"item"`
	CoderA          string            `json:"coder_a"`
	CoderB          string            `json:"coder_b"`
	Units           int               `json:"units"`
	B               report.Number     `json:"b"`
	S               report.Number     `json:"s"`
	BED             report.Number     `json:"bed"`
	Additions       int               `json:"additions"`
	Substitutions   int               `json:"substitutions"`
	Transpositions  int               `json:"transpositions"`
	Matches         int               `json:"matches"`
	Pk              report.Number     `json:"pk"`
	PkBA            report.Number     `json:"pk_ba"`
	WindowDiff      report.Number     `json:"window_diff"`
	WindowDiffBA    report.Number     `json:"window_diff_ba"`
	WindowSize      int               `json:"window_size"`
	WindowSizeBA    int               `json:"window_size_ba"`
	GHD             report.Number     `json:"ghd"`
	Precision       report.Number     `json:"precision"`
	Recall          report.Number     `json:"recall"`
	F               report.Number     `json:"f"`
	UndefinedReason map[string]string `json:"undefined_reason,omitempty"`
}

// CoderPair is a pair of coders over the items both segmented.
type CoderPair struct {
	CoderA         string        `json:"coder_a"`
	CoderB         string        `json:"coder_b"`
	Items          int           `json:"items"`
	MeanB          report.Number `json:"mean_b"`
	MeanS          report.Number `json:"mean_s"`
	MeanPk         report.Number `json:"mean_pk"`
	MeanWindowDiff report.Number `json:"mean_window_diff"`
}

// Summary is the summary of a measure over the pairs.
type Summary struct {
	Mean      report.Number `json:"mean"`
	Std       report.Number `json:"std"`
	Var       report.Number `json:"var"`
	StdErr    report.Number `json:"stderr"`
	N         int           `json:"n"`
	Undefined int           `json:"undefined,omitempty"`
}

// Agreement is SegEval's agreement over the dataset.
type Agreement struct {
	Similarity      string        `json:"similarity"`
	Actual          report.Number `json:"actual"`
	Pi              report.Number `json:"pi"`
	Kappa           report.Number `json:"kappa"`
	Bias            report.Number `json:"bias"`
	ExpectedPi      report.Number `json:"expected_pi"`
	ExpectedKappa   report.Number `json:"expected_kappa"`
	UndefinedReason string        `json:"undefined_reason,omitempty"`
}

// Result is the output of agree segmentation; its JSON keys are a contract
// (README).
type Result struct {
	version.Header
	Items      []string           `json:"items"`
	Coders     []string           `json:"coders"`
	NT         int                `json:"nt"`
	Window     int                `json:"window"`
	Lamprier   bool               `json:"lamprier"`
	GHDCosts   [3]float64         `json:"ghd_costs"`
	Pairs      []Pair             `json:"pairs"`
	CoderPairs []CoderPair        `json:"coder_pairs"`
	Summary    map[string]Summary `json:"summary"`
	Agreement  Agreement          `json:"agreement"`
	// DocumentRule says that each pair of coders is compared on the items
	// both segmented, how many, and how many items were skipped.
	DocumentRule *view.DocumentRule `json:"document_rule"`
	// Reference is --reference's table (reference.go).
	Reference *Reference `json:"reference,omitempty"`
}

// Measure computes every measure of the dataset d.
func Measure(d *segmentation.Dataset, aopt segmentation.AgreementOptions, wopt segmentation.WindowOptions, costs segmentation.GHDCosts) (*Result, error) {
	if err := d.Validate(); err != nil {
		return nil, err
	}
	ag, err := segmentation.DatasetAgreement(d, aopt)
	if err != nil {
		return nil, err
	}
	res := &Result{Header: version.NewHeader(),
		Items: d.Items(), Coders: d.Coders(), NT: aopt.NT, Window: wopt.K, Lamprier: wopt.Lamprier,
		GHDCosts: [3]float64{costs.Ins, costs.Del, costs.Shift},
		Agreement: Agreement{
			Similarity: aopt.Similarity.String(),
			Actual:     report.Number(ag.Actual), Pi: report.Number(ag.Pi), Kappa: report.Number(ag.Kappa),
			Bias: report.Number(ag.Bias), ExpectedPi: report.Number(ag.ExpectedPi), ExpectedKappa: report.Number(ag.ExpectedKappa),
			UndefinedReason: ag.Reason,
		},
	}
	var bs, ss, pks, wds, ghds []float64
	cs := d.Coders()
	res.DocumentRule = rule(d)
	for m := range cs {
		for n := m + 1; n < len(cs); n++ {
			var pb, ps, ppk, pwd []float64
			for _, item := range d.Items() {
				a, okA := d.Get(item, cs[m])
				b, okB := d.Get(item, cs[n])
				if !okA || !okB {
					continue // compared on the items both segmented
				}
				p, err := comparePair(a, b, aopt.NT, wopt, costs)
				if err != nil {
					return nil, fmt.Errorf("item %q, coders %q and %q: %w", item, cs[m], cs[n], err)
				}
				p.Item, p.CoderA, p.CoderB = item, cs[m], cs[n]
				res.Pairs = append(res.Pairs, p)
				pb = append(pb, float64(p.B))
				ps = append(ps, float64(p.S))
				ppk = append(ppk, float64(p.Pk), float64(p.PkBA))
				pwd = append(pwd, float64(p.WindowDiff), float64(p.WindowDiffBA))
				ghds = append(ghds, float64(p.GHD))
			}
			if len(pb) == 0 {
				continue // no item in common (document_rule.unshared_pairs)
			}
			res.CoderPairs = append(res.CoderPairs, CoderPair{
				CoderA: cs[m], CoderB: cs[n], Items: len(pb),
				MeanB: report.Number(segmentation.Summarize(pb).Mean), MeanS: report.Number(segmentation.Summarize(ps).Mean),
				MeanPk: report.Number(segmentation.Summarize(ppk).Mean), MeanWindowDiff: report.Number(segmentation.Summarize(pwd).Mean),
			})
			bs, ss, pks, wds = append(bs, pb...), append(ss, ps...), append(pks, ppk...), append(wds, pwd...)
		}
	}
	sum := func(xs []float64) Summary {
		s := segmentation.Summarize(xs)
		return Summary{report.Number(s.Mean), report.Number(s.Std), report.Number(s.Var), report.Number(s.StdErr), s.N, s.Undefined}
	}
	res.Summary = map[string]Summary{"b": sum(bs), "s": sum(ss), "pk": sum(pks), "window_diff": sum(wds), "ghd": sum(ghds)}
	return res, nil
}

// comparePair computes the pairwise measures of a (hypothesis) against b
// (reference), and the window metrics in both directions as SegEval does.
func comparePair(a, b segmentation.Segmentation, nt int, wopt segmentation.WindowOptions, costs segmentation.GHDCosts) (Pair, error) {
	var p Pair
	p.Units = a.Units()
	reasons := map[string]string{}
	e, err := segmentation.BoundaryEdits(a, b, nt)
	if err != nil {
		return p, err
	}
	p.B, p.S, p.BED = report.Number(e.B()), report.Number(e.S()), report.Number(e.Weight())
	p.Additions, p.Substitutions, p.Transpositions, p.Matches = len(e.Additions), len(e.Substitutions), len(e.Transpositions), e.Matches
	window := func(h, r segmentation.Segmentation, key string) (pk, wd report.Number, k int, err error) {
		w1, err := segmentation.Pk(h, r, wopt.K)
		if err != nil {
			return 0, 0, 0, err
		}
		w2, err := segmentation.WindowDiff(h, r, wopt)
		if err != nil {
			return 0, 0, 0, err
		}
		if w1.Reason != "" {
			reasons["pk"+key] = w1.Reason
		}
		if w2.Reason != "" {
			reasons["window_diff"+key] = w2.Reason
		}
		return report.Number(w1.Value), report.Number(w2.Value), w1.K, nil
	}
	if p.Pk, p.WindowDiff, p.WindowSize, err = window(a, b, ""); err != nil {
		return p, err
	}
	if p.PkBA, p.WindowDiffBA, p.WindowSizeBA, err = window(b, a, "_ba"); err != nil {
		return p, err
	}
	g, err := segmentation.GHD(a, b, costs)
	if err != nil {
		return p, err
	}
	p.GHD = report.Number(g)
	cm := e.Confusion()
	p.Precision = report.Number(cm.Precision(segmentation.AllTypes))
	p.Recall = report.Number(cm.Recall(segmentation.AllTypes))
	p.F = report.Number(cm.F(segmentation.AllTypes, 1))
	if math.IsNaN(float64(p.Precision)) {
		reasons["precision"] = "coder_a places no boundary"
	}
	if math.IsNaN(float64(p.Recall)) {
		reasons["recall"] = "coder_b places no boundary"
	}
	if math.IsNaN(float64(p.F)) {
		reasons["f"] = "neither coder places a boundary"
	}
	if len(reasons) > 0 {
		p.UndefinedReason = reasons
	}
	return p, nil
}

// Tables are the text, CSV and Markdown forms of r.
func Tables(r *Result) []report.Table {
	f := func(x report.Number) string { return report.Float(float64(x), 4) }
	ag := r.Agreement
	main := report.Table{
		Title:  fmt.Sprintf("Segmentation agreement: %s, %s (SegEval, pooled %s)", plural.Count(len(r.Items), "item"), plural.Count(len(r.Coders), "coder"), strings.ToUpper(ag.Similarity)),
		Header: []string{"measure", "value", "note"},
		Rows: [][]string{
			{"actual agreement A_a", f(ag.Actual), "pooled over coder pairs and items"},
			{"Fleiss π", f(ag.Pi), "A_e = " + f(ag.ExpectedPi)},
			{"Fleiss κ", f(ag.Kappa), "A_e = " + f(ag.ExpectedKappa)},
			{"bias", f(ag.Bias), "A_e(π) − A_e(κ)"},
		},
	}
	if ag.UndefinedReason != "" {
		main.Notes = append(main.Notes, ag.UndefinedReason)
	}
	if r := r.DocumentRule; r.Every == 0 || r.SkippedDocuments > 0 {
		main.Notes = append(main.Notes, r.Notes()...)
	}
	for _, k := range []struct{ key, name string }{{"b", "mean B"}, {"s", "mean S"}, {"pk", "mean Pk (both directions)"}, {"window_diff", "mean WindowDiff (both directions)"}, {"ghd", "mean GHD"}} {
		s := r.Summary[k.key]
		main.Rows = append(main.Rows, []string{k.name, f(s.Mean), fmt.Sprintf("std %s, n %d", f(s.Std), s.N)})
	}
	pairs := report.Table{
		Title:      "Per item and coder pair (a as hypothesis, b as reference; Pk and WD also b against a)",
		Header:     []string{"item", "coder a", "coder b", "B", "S", "add", "sub", "tra", "Pk", "Pk b/a", "WD", "WD b/a", "GHD", "P", "R", "F"},
		KeyColumns: 3,
	}
	for _, p := range r.Pairs {
		pairs.Rows = append(pairs.Rows, []string{p.Item, p.CoderA, p.CoderB, f(p.B), f(p.S),
			strconv.Itoa(p.Additions), strconv.Itoa(p.Substitutions), strconv.Itoa(p.Transpositions),
			f(p.Pk), f(p.PkBA), f(p.WindowDiff), f(p.WindowDiffBA), report.Float(float64(p.GHD), 2),
			f(p.Precision), f(p.Recall), f(p.F)})
		keys := make([]string, 0, len(p.UndefinedReason))
		for k := range p.UndefinedReason {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			pairs.Notes = append(pairs.Notes, fmt.Sprintf("%s %s/%s: %s undefined: %s", p.Item, p.CoderA, p.CoderB, k, p.UndefinedReason[k]))
		}
	}
	out := []report.Table{main, pairs}
	if r := r.DocumentRule; r.Every == 0 {
		out = append(out, r.PairTable())
	}
	return out
}

// rule is the document rule of a segmentation dataset: a pair
// of coders is compared on the items both segmented (a coder who did not
// segment an item has no segmentation of it: there is no "all"), an item
// one coder segmented is skipped.
func rule(d *segmentation.Dataset) *view.DocumentRule {
	items, coders := d.Items(), d.Coders()
	compared := make([][]int, len(items))
	for i, item := range items {
		for c, coder := range coders {
			if d.Segmented(item, coder) {
				compared[i] = append(compared[i], c)
			}
		}
	}
	r := view.NewDocumentRule(annotation.ShareOf(compared, len(coders), annotation.AnnotatedDocuments, true), coders, true, false, view.DefaultMaxRows)
	r.Description = "each pair of coders is compared on the items both segmented (SegEval requires every coder to segment every item; on such data the figures are SegEval's)"
	r.Every, r.ItemsAndCoders = 0, true
	if d.Complete() {
		r.Every = len(items)
	}
	return r
}

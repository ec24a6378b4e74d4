package segmentationview

import (
	"fmt"
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
	Items    []string   `json:"items"`
	Coders   []string   `json:"coders"`
	NT       int        `json:"nt"`
	Window   int        `json:"window"`
	Lamprier bool       `json:"lamprier"`
	GHDCosts [3]float64 `json:"ghd_costs"`
	Pairs    []Pair     `json:"pairs"`
	// PairsOmitted counts the item and coder pairs after the first
	// --max-rows left out of Pairs.
	PairsOmitted int         `json:"pairs_omitted,omitempty"`
	CoderPairs   []CoderPair `json:"coder_pairs"`
	// CoderPairsOmitted counts the pairs of coders left out of CoderPairs
	// by --max-rows (those sharing the fewest items).
	CoderPairsOmitted int                `json:"coder_pairs_omitted,omitempty"`
	Summary           map[string]Summary `json:"summary"`
	Agreement         Agreement          `json:"agreement"`
	// DocumentRule says that each pair of coders is compared on the items
	// both segmented, how many, and how many items were skipped.
	DocumentRule *view.DocumentRule `json:"document_rule"`
	// Reference is --reference's table (reference.go).
	Reference *Reference `json:"reference,omitempty"`

	lowest []Pair      // the pairs of lowest B, for the report
	heat   [][]float64 // mean B of the pairs of the first view.TopCoders coders
}

// Options are Measure's bounds and reference.
type Options struct {
	// MaxRows bounds Pairs and CoderPairs (0: all).
	MaxRows int
	// Reference, when not empty, names the coder every other is scored
	// against, with intervals at Level from TQuantile (reference.go).
	Reference string
	Level     float64
	TQuantile func(p, df float64) float64
}

// lowestShown is the number of pairs of lowest B the report lists.
const lowestShown = 20

// Measure computes every measure of the dataset d, streaming the pairs
// of coders: memory grows with the coders and opt.MaxRows, not with the
// pairs.
func Measure(d *segmentation.Dataset, aopt segmentation.AgreementOptions, wopt segmentation.WindowOptions, costs segmentation.GHDCosts, opt Options) (*Result, error) {
	coders := d.Coders()
	var ref *referenceAcc
	if opt.Reference != "" {
		var err error
		if ref, err = newReferenceAcc(coders, opt.Reference); err != nil {
			return nil, err
		}
	}
	lowest := view.NewBest(lowestShown, func(a, b Pair) bool { return less(float64(a.B), float64(b.B)) })
	coderPairs := view.NewBest(opt.MaxRows, func(a, b CoderPair) bool { return a.Items > b.Items })
	top := min(len(coders), view.TopCoders)
	heat := view.PairCells(coders[:top], func(func(a, b string, v float64)) {})
	at := map[string]int{}
	for i, c := range coders[:top] {
		at[c] = i
	}
	var pairs []Pair
	omitted := 0
	cmp, err := segmentation.CompareFunc(d, aopt, wopt, costs, segmentation.Visitor{
		Pair: func(p *segmentation.PairMeasures) error {
			row := pairRow(p)
			if ref != nil {
				ref.add(p)
			}
			lowest.Add(row)
			if opt.MaxRows <= 0 || len(pairs) < opt.MaxRows {
				pairs = append(pairs, row)
			} else {
				omitted++
			}
			return nil
		},
		CoderPair: func(cp *segmentation.CoderPairMeans) error {
			coderPairs.Add(CoderPair{CoderA: cp.CoderA, CoderB: cp.CoderB, Items: cp.Items,
				MeanB: report.Number(cp.MeanB), MeanS: report.Number(cp.MeanS), MeanPk: report.Number(cp.MeanPk), MeanWindowDiff: report.Number(cp.MeanWindowDiff)})
			i, ok1 := at[cp.CoderA]
			j, ok2 := at[cp.CoderB]
			if ok1 && ok2 {
				heat[i][j], heat[j][i] = cp.MeanB, cp.MeanB
			}
			return nil
		},
	})
	if err != nil {
		return nil, err
	}
	ag := cmp.Agreement
	res := &Result{Header: version.NewHeader(),
		Items: d.Items(), Coders: coders, NT: aopt.NT, Window: wopt.K, Lamprier: wopt.Lamprier,
		GHDCosts: [3]float64{costs.Ins, costs.Del, costs.Shift},
		Pairs:    pairs, PairsOmitted: omitted,
		CoderPairs: coderPairs.InOrder(), CoderPairsOmitted: coderPairs.Omitted(),
		Agreement: Agreement{
			Similarity: aopt.Similarity.String(),
			Actual:     report.Number(ag.Actual), Pi: report.Number(ag.Pi), Kappa: report.Number(ag.Kappa),
			Bias: report.Number(ag.Bias), ExpectedPi: report.Number(ag.ExpectedPi), ExpectedKappa: report.Number(ag.ExpectedKappa),
			UndefinedReason: ag.Reason,
		},
		lowest: lowest.Sorted(), heat: heat,
	}
	res.DocumentRule = rule(d)
	res.Summary = map[string]Summary{}
	for k, s := range cmp.Summaries {
		res.Summary[k] = Summary{report.Number(s.Mean), report.Number(s.Std), report.Number(s.Var), report.Number(s.StdErr), s.N, s.Undefined}
	}
	if ref != nil {
		res.Reference = ref.result(opt.Level, opt.TQuantile)
	}
	return res, nil
}

// pairRow is the row of one item and pair of coders.
func pairRow(p *segmentation.PairMeasures) Pair {
	return Pair{Item: p.Item, CoderA: p.CoderA, CoderB: p.CoderB, Units: p.Units,
		B: report.Number(p.B), S: report.Number(p.S), BED: report.Number(p.BED),
		Additions: p.Additions, Substitutions: p.Substitutions, Transpositions: p.Transpositions, Matches: p.Matches,
		Pk: report.Number(p.Pk), PkBA: report.Number(p.PkBA), WindowDiff: report.Number(p.WindowDiff), WindowDiffBA: report.Number(p.WindowDiffBA),
		WindowSize: p.WindowSize, WindowSizeBA: p.WindowSizeBA, GHD: report.Number(p.GHD),
		Precision: report.Number(p.Precision), Recall: report.Number(p.Recall), F: report.Number(p.F), UndefinedReason: p.Reasons}
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
	pairs.Notes = append(pairs.Notes, view.OmittedNote(len(r.Pairs), r.PairsOmitted, "item and coder pairs", "in order of coder pair and item")...)
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

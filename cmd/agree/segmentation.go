package main

import (
	"bufio"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"

	"agree/annotation"
	"agree/formats/segeval"
	"agree/internal/plural"
	"agree/internal/version"
	"agree/report"
	"agree/segmentation"
)

const segmentationSynopsis = `segmentation [flags] FILE...

Agreement between linear segmentations of the same items by two or more
coders: per item and coder pair, boundary similarity B, segmentation
similarity S, the boundary edit distance (additions, substitutions,
transpositions), Pk and WindowDiff in both directions, GHD and the BED-based
precision/recall/F; over the dataset, SegEval's actual agreement, π, κ and
bias. FILE is SegEval's JSON ({"items":{"doc1":{"coderA":[2,3,6],...}}},
masses) or CSV item,coder,masses (e.g. "doc1,coderA,2 3 6"); several files
are merged into one dataset; "-" reads standard input.`

type segPairJSON struct {
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

type segCoderPairJSON struct {
	CoderA         string        `json:"coder_a"`
	CoderB         string        `json:"coder_b"`
	Items          int           `json:"items"`
	MeanB          report.Number `json:"mean_b"`
	MeanS          report.Number `json:"mean_s"`
	MeanPk         report.Number `json:"mean_pk"`
	MeanWindowDiff report.Number `json:"mean_window_diff"`
}

type segSummaryJSON struct {
	Mean      report.Number `json:"mean"`
	Std       report.Number `json:"std"`
	Var       report.Number `json:"var"`
	StdErr    report.Number `json:"stderr"`
	N         int           `json:"n"`
	Undefined int           `json:"undefined,omitempty"`
}

type segAgreementJSON struct {
	Similarity      string        `json:"similarity"`
	Actual          report.Number `json:"actual"`
	Pi              report.Number `json:"pi"`
	Kappa           report.Number `json:"kappa"`
	Bias            report.Number `json:"bias"`
	ExpectedPi      report.Number `json:"expected_pi"`
	ExpectedKappa   report.Number `json:"expected_kappa"`
	UndefinedReason string        `json:"undefined_reason,omitempty"`
}

type segResultJSON struct {
	version.Header
	Items      []string                  `json:"items"`
	Coders     []string                  `json:"coders"`
	NT         int                       `json:"nt"`
	Window     int                       `json:"window"`
	Lamprier   bool                      `json:"lamprier"`
	GHDCosts   [3]float64                `json:"ghd_costs"`
	Pairs      []segPairJSON             `json:"pairs"`
	CoderPairs []segCoderPairJSON        `json:"coder_pairs"`
	Summary    map[string]segSummaryJSON `json:"summary"`
	Agreement  segAgreementJSON          `json:"agreement"`
	// DocumentRule says that each pair of coders is compared on the items
	// both segmented, how many, and how many items were skipped.
	DocumentRule *documentRuleJSON `json:"document_rule"`
}

func runSegmentation(e env, args []string) error {
	fs := newFlagSet(e, "segmentation", segmentationSynopsis)
	format := formatFlag(fs, "table")
	input := fs.String("input", "auto", "input layout: auto (JSON if the file starts with '{'), json or csv")
	nt := fs.Int("nt", segmentation.DefaultNT, "maximum transposition span n_t in boundary slots (≥ 2) for BED, B and S")
	window := fs.Int("window", 0, "window size k for Pk and WindowDiff (0: SegEval's rule, round(mean reference mass / 2), at least 2)")
	lamprier := fs.Bool("lamprier", false, "WindowDiff with the Lamprier et al. (2007) padding fix")
	similarity := fs.String("similarity", "b", "similarity pooled into actual agreement: b (SegEval's default) or s")
	ghd := fs.String("ghd", "2,2,1", "GHD costs ins,del,shift (NLTK defaults 2,2,1)")
	bound(fs, "nt", between(2, maxNT))
	bound(fs, "window", between(0, maxWindow))
	rep := reportFlag(fs)
	gateFlags(e, fs)
	files, f, err := commandArgs(fs, args, format, 1, -1)
	if err != nil {
		return err
	}
	if err := e.checkGate(fs, files); err != nil {
		return err
	}
	if err := rep.check(files); err != nil {
		return err
	}
	in, err := segeval.ParseFormat(*input)
	if err != nil {
		return usagef("%v", err)
	}
	var aopt segmentation.AgreementOptions
	aopt.NT = *nt
	switch strings.ToLower(*similarity) {
	case "b":
		aopt.Similarity = segmentation.SimilarityB
	case "s":
		aopt.Similarity = segmentation.SimilarityS
	default:
		return usagef("segmentation: --similarity must be b or s, got %q", *similarity)
	}
	costs, err := parseGHDCosts(*ghd)
	if err != nil {
		return err
	}

	d, err := readSegmentations(e, files, in)
	if err != nil {
		return err
	}
	res, err := measureSegmentation(d, aopt, segmentation.WindowOptions{K: *window, Lamprier: *lamprier}, costs)
	if err != nil {
		return err
	}
	e.observe(res)
	if err := rep.write(e, func() (*report.Page, error) { return segmentationPage(res, d, files), nil }, files); err != nil || rep.only() {
		return err
	}
	if f == report.JSON {
		return report.WriteJSON(e.stdout, res)
	}
	return report.WriteTables(e.stdout, f, segmentationTables(res)...)
}

func parseGHDCosts(s string) (segmentation.GHDCosts, error) {
	parts := strings.Split(s, ",")
	if len(parts) != 3 {
		return segmentation.GHDCosts{}, usagef("segmentation: --ghd wants three numbers ins,del,shift, got %q", s)
	}
	var v [3]float64
	for i, p := range parts {
		x, err := strconv.ParseFloat(strings.TrimSpace(p), 64)
		if err != nil || x < 0 || math.IsInf(x, 0) || math.IsNaN(x) {
			return segmentation.GHDCosts{}, usagef("segmentation: --ghd: %q is not a non-negative number", p)
		}
		v[i] = x
	}
	return segmentation.GHDCosts{Ins: v[0], Del: v[1], Shift: v[2]}, nil
}

// readSegmentations reads and merges the files into one dataset.
func readSegmentations(e env, files []string, in segeval.Format) (*segmentation.Dataset, error) {
	var merged segmentation.Dataset
	from := map[[2]string]string{}
	for _, name := range files {
		rc, err := openInput(e, name)
		if err != nil {
			return nil, err
		}
		label := name
		if name == "-" {
			label = "<stdin>"
		}
		d, err := segeval.Read(bufio.NewReader(rc), label, in)
		rc.Close()
		if err != nil {
			return nil, err
		}
		if len(files) == 1 {
			return d, nil
		}
		for _, item := range d.Items() {
			for _, c := range d.Coders() {
				s, _ := d.Get(item, c)
				if prev, dup := from[[2]string{item, c}]; dup {
					return nil, fmt.Errorf("%s: item %q, coder %q: already given in %s", label, item, c, prev)
				}
				from[[2]string{item, c}] = label
				if err := merged.Add(item, c, s); err != nil {
					return nil, fmt.Errorf("%s: %w", label, err)
				}
			}
		}
	}
	return &merged, nil
}

func measureSegmentation(d *segmentation.Dataset, aopt segmentation.AgreementOptions, wopt segmentation.WindowOptions, costs segmentation.GHDCosts) (*segResultJSON, error) {
	if err := d.Validate(); err != nil {
		return nil, err
	}
	ag, err := segmentation.DatasetAgreement(d, aopt)
	if err != nil {
		return nil, err
	}
	res := &segResultJSON{Header: version.NewHeader(),
		Items: d.Items(), Coders: d.Coders(), NT: aopt.NT, Window: wopt.K, Lamprier: wopt.Lamprier,
		GHDCosts: [3]float64{costs.Ins, costs.Del, costs.Shift},
		Agreement: segAgreementJSON{
			Similarity: aopt.Similarity.String(),
			Actual:     report.Number(ag.Actual), Pi: report.Number(ag.Pi), Kappa: report.Number(ag.Kappa),
			Bias: report.Number(ag.Bias), ExpectedPi: report.Number(ag.ExpectedPi), ExpectedKappa: report.Number(ag.ExpectedKappa),
			UndefinedReason: ag.Reason,
		},
	}
	var bs, ss, pks, wds, ghds []float64
	cs := d.Coders()
	res.DocumentRule = segmentationRule(d)
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
			res.CoderPairs = append(res.CoderPairs, segCoderPairJSON{
				CoderA: cs[m], CoderB: cs[n], Items: len(pb),
				MeanB: report.Number(segmentation.Summarize(pb).Mean), MeanS: report.Number(segmentation.Summarize(ps).Mean),
				MeanPk: report.Number(segmentation.Summarize(ppk).Mean), MeanWindowDiff: report.Number(segmentation.Summarize(pwd).Mean),
			})
			bs, ss, pks, wds = append(bs, pb...), append(ss, ps...), append(pks, ppk...), append(wds, pwd...)
		}
	}
	sum := func(xs []float64) segSummaryJSON {
		s := segmentation.Summarize(xs)
		return segSummaryJSON{report.Number(s.Mean), report.Number(s.Std), report.Number(s.Var), report.Number(s.StdErr), s.N, s.Undefined}
	}
	res.Summary = map[string]segSummaryJSON{"b": sum(bs), "s": sum(ss), "pk": sum(pks), "window_diff": sum(wds), "ghd": sum(ghds)}
	return res, nil
}

// comparePair computes the pairwise measures of a (hypothesis) against b
// (reference), and the window metrics in both directions as SegEval does.
func comparePair(a, b segmentation.Segmentation, nt int, wopt segmentation.WindowOptions, costs segmentation.GHDCosts) (segPairJSON, error) {
	var p segPairJSON
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

func segmentationTables(r *segResultJSON) []report.Table {
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
		main.Notes = append(main.Notes, r.notes()...)
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
		out = append(out, r.pairTable())
	}
	return out
}

// segmentationRule is the document rule of a segmentation dataset: a pair
// of coders is compared on the items both segmented (a coder who did not
// segment an item has no segmentation of it: there is no "all"), an item
// one coder segmented is skipped.
func segmentationRule(d *segmentation.Dataset) *documentRuleJSON {
	items, coders := d.Items(), d.Coders()
	compared := make([][]int, len(items))
	for i, item := range items {
		for c, coder := range coders {
			if d.Segmented(item, coder) {
				compared[i] = append(compared[i], c)
			}
		}
	}
	r := newDocumentRule(annotation.ShareOf(compared, len(coders), annotation.AnnotatedDocuments, true), coders, true, false, defaultMaxRows)
	r.Description = "each pair of coders is compared on the items both segmented (SegEval requires every coder to segment every item; on such data the figures are SegEval's)"
	r.Every, r.items = 0, true
	if d.Complete() {
		r.Every = len(items)
	}
	return r
}

package main

import (
	"bufio"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"agree/formats/segeval"
	"agree/inference"
	"agree/internal/view/segmentationview"
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

func runSegmentation(e env, args []string) error {
	fs := newFlagSet(e, "segmentation", segmentationSynopsis)
	format := formatFlag(fs, "table")
	input := fs.String("input", "auto", "input layout: auto (JSON if the file starts with '{'), json or csv")
	nt := fs.Int("nt", segmentation.DefaultNT, "maximum transposition span n_t in boundary slots (≥ 2) for BED, B and S")
	window := fs.Int("window", 0, "window size k for Pk and WindowDiff (0: SegEval's rule, round(mean reference mass / 2), at least 2)")
	reference := fs.String("reference", "", "score each coder against the coder NAME (a gold segmentation, a model): means over the items both segmented of B, S, Pk, WindowDiff and boundary F, with t intervals")
	level := fs.Float64("level", 0.95, "confidence level of --reference's intervals")
	bound(fs, "level", span(0, 1, "both"))
	lamprier := fs.Bool("lamprier", false, "WindowDiff with the Lamprier et al. (2007) padding fix")
	similarity := fs.String("similarity", "b", "similarity pooled into actual agreement: b (SegEval's default) or s")
	ghd := fs.String("ghd", "2,2,1", "GHD costs ins,del,shift (NLTK defaults 2,2,1)")
	bound(fs, "nt", between(2, maxNT))
	bound(fs, "window", between(0, maxWindow))
	var maxRows int
	maxRowsFlag(fs, &maxRows, "most rows of the per-item-and-pair table (the first) and of coder_pairs (those sharing the most items), in every format (the others are counted); 0: all")
	rep := reportFlag(fs)
	gateFlags(e, fs)
	files, f, err := commandArgs(fs, args, format, 1, -1)
	if err != nil {
		return err
	}
	if err := e.checkGate(fs, files); err != nil {
		return err
	}
	if err := rep.check(e, files); err != nil {
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
	opt := segmentationview.Options{MaxRows: maxRows, Reference: *reference, Level: *level, TQuantile: inference.StudentQuantile}
	if *reference != "" && !slices.Contains(d.Coders(), *reference) {
		return usagef("segmentation: --reference %s: no coder of that name (coders: %s)", *reference, strings.Join(d.Coders(), ", "))
	}
	res, err := segmentationview.Measure(d, aopt, segmentation.WindowOptions{K: *window, Lamprier: *lamprier}, costs, opt)
	if err != nil {
		return err
	}
	e.observe(res)
	if err := rep.write(e, func() (*report.Page, error) { return segmentationview.Page(res, d, files), nil }, files); err != nil || rep.only() {
		return err
	}
	if f == report.JSON {
		return report.WriteJSON(e.stdout, res)
	}
	return report.WriteTables(e.stdout, f, append(segmentationview.Tables(res), res.Reference.Tables()...)...)
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

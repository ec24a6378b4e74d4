package segmentationview

import (
	"fmt"
	"math"
	"strings"

	"agree/internal/plural"
	"agree/internal/view"
	"agree/report"
	"agree/report/svg"
	"agree/segmentation"
)

// Page builds the HTML report of agree segmentation from the
// struct its JSON output marshals; the dataset supplies the boundaries
// that are drawn.
func Page(r *Result, d *segmentation.Dataset, inputs []string) *report.Page {
	f := func(x report.Number) string { return report.Float(float64(x), 4) }
	ag := r.Agreement
	p := &report.Page{
		Kind:  "segmentation",
		Title: "Segmentation agreement on " + strings.Join(view.BaseNames(inputs), ", "),
		Lead: fmt.Sprintf("%s, %s (%s); SegEval's agreement pooled over coder pairs and items with %s; n_t = %d.",
			plural.Count(len(r.Items), "item"), plural.Count(len(r.Coders), "coder"), strings.Join(r.Coders, ", "), strings.ToUpper(ag.Similarity), r.NT),
		Headline: []report.Stat{
			{Label: "actual agreement A_a", Value: f(ag.Actual), Detail: "pooled " + strings.ToUpper(ag.Similarity)},
			{Label: "Fleiss π", Value: f(ag.Pi), Detail: "A_e = " + f(ag.ExpectedPi)},
			{Label: "Fleiss κ", Value: f(ag.Kappa), Detail: "A_e = " + f(ag.ExpectedKappa)},
			{Label: "mean WindowDiff", Value: f(r.Summary["window_diff"].Mean), Detail: "both directions; lower is better"},
		},
	}
	if ag.UndefinedReason != "" {
		p.Warnings = append(p.Warnings, ag.UndefinedReason)
	}
	tables := Tables(r)
	sec := report.Section{ID: "agreement", Title: "Agreement"}
	rows := []svg.Estimate{
		{Label: "A_a", Value: float64(ag.Actual), Low: math.NaN(), High: math.NaN(), Muted: true, Note: "not chance-corrected"},
		{Label: "Fleiss π", Value: float64(ag.Pi), Low: math.NaN(), High: math.NaN()},
		{Label: "Fleiss κ", Value: float64(ag.Kappa), Low: math.NaN(), High: math.NaN()},
		{Label: "mean B", Value: float64(r.Summary["b"].Mean), Low: math.NaN(), High: math.NaN(), Muted: true, Note: "similarity"},
		{Label: "mean S", Value: float64(r.Summary["s"].Mean), Low: math.NaN(), High: math.NaN(), Muted: true, Note: "similarity"},
	}
	sec.Blocks = append(sec.Blocks, report.FigureBlock(svg.Forest(rows, svg.ForestOptions{Title: "Segmentation agreement", Desc: svg.ForestDesc(rows, 3), Scales: true}),
		"SegEval's chance-corrected agreement (π, κ) and the mean boundary similarities. Shaded: Krippendorff's zones; above, Landis & Koch's bands (for the chance-corrected rows)."),
		report.TableBlock(tables[0]))
	if len(r.CoderPairs) > 0 && len(r.Coders) > 2 {
		n := len(r.Coders)
		names, cells := r.Coders[:len(r.heat)], r.heat
		note := ""
		if n > len(names) {
			note = fmt.Sprintf(" Showing the first %d of %d coders.", len(names), n)
		}
		sec.Blocks = append(sec.Blocks, report.FigureBlock(svg.Heatmap(names, names, cells, svg.HeatmapOptions{Title: "Mean boundary similarity B per pair of coders", Desc: view.MatrixDesc("mean B per coder pair", names, cells), Fit: true, Decimals: 3}),
			"Mean boundary similarity B of each pair of coders over the items."+note))
	}
	p.Sections = append(p.Sections, sec)

	// Items: segmentations one above another, with the edits between
	// neighbouring rows.
	sec = report.Section{ID: "items", Title: "Segmentations"}
	items := d.Items()
	if len(items) > view.ItemsDrawn {
		sec.Blocks = append(sec.Blocks, report.NoteBlock("Showing the first %d of %d items.", view.ItemsDrawn, len(items)))
		items = items[:view.ItemsDrawn]
	}
	for _, item := range items {
		var rows []svg.Segmented
		var segs []segmentation.Segmentation
		units := 0
		for _, c := range d.Coders() {
			s, ok := d.Get(item, c)
			if !ok {
				continue
			}
			units = s.Units()
			var b []int
			for _, slot := range s.Slots() {
				b = append(b, slot+1)
			}
			rows = append(rows, svg.Segmented{Label: c, Boundaries: b})
			segs = append(segs, s)
		}
		var edits []svg.Edit
		counts := [3]int{}
		for k := 0; k+1 < len(segs); k++ {
			e, err := segmentation.BoundaryEdits(segs[k], segs[k+1], r.NT)
			if err != nil {
				continue
			}
			for _, a := range e.Additions {
				edits = append(edits, svg.Edit{Row: k, Kind: "addition", Pos: a.Slot + 1})
			}
			for _, s := range e.Substitutions {
				edits = append(edits, svg.Edit{Row: k, Kind: "substitution", Pos: s.Slot + 1})
			}
			top := map[int]bool{}
			for _, slot := range segs[k].Slots() {
				top[slot] = true
			}
			for _, t := range e.Transpositions {
				// Draw from the upper row's boundary to the lower row's.
				from, to := t.From, t.To
				if !top[from] {
					from, to = to, from
				}
				edits = append(edits, svg.Edit{Row: k, Kind: "transposition", Pos: from + 1, To: to + 1})
			}
			counts[0] += len(e.Additions)
			counts[1] += len(e.Substitutions)
			counts[2] += len(e.Transpositions)
		}
		desc := fmt.Sprintf("Item %s, %d units, %d coders; between neighbouring rows: %d additions, %d substitutions, %d transpositions.", item, units, len(rows), counts[0], counts[1], counts[2])
		sec.Blocks = append(sec.Blocks, report.FigureBlock(
			svg.Segmentations(rows, edits, svg.SegmentOptions{Title: "Item " + item, Desc: desc, Units: units}),
			desc+" Bars are boundaries; marks between two rows are the boundary edits (Fournier 2013) that turn one into the other."))
	}
	p.Sections = append(p.Sections, sec)

	// Pairs with the lowest B first: what to adjudicate.
	t := report.Table{Title: "item and coder pairs with the lowest boundary similarity (adjudicate first)", Header: []string{"item", "coder a", "coder b", "B", "additions", "substitutions", "transpositions", "WindowDiff"}}
	for _, pr := range r.lowest {
		t.Rows = append(t.Rows, []string{pr.Item, pr.CoderA, pr.CoderB, f(pr.B), fmt.Sprint(pr.Additions), fmt.Sprint(pr.Substitutions), fmt.Sprint(pr.Transpositions), f(pr.WindowDiff)})
	}
	if all := len(r.Pairs) + r.PairsOmitted; all > len(r.lowest) {
		t.Notes = append(t.Notes, fmt.Sprintf("the %d lowest of %d pairs", len(r.lowest), all))
	}
	p.Sections = append(p.Sections, report.Section{ID: "adjudicate", Title: "Items to adjudicate first", Blocks: []report.Block{report.TableBlock(t)}},
		report.Section{ID: "pairs", Title: "Every item and pair", Blocks: []report.Block{report.TableBlock(view.TruncRows(tables[1], view.TableRows, "item and coder pairs"))}})
	p.Order("items") // the data first: the segmentations with their edits
	return p
}

// less orders NaN last.
func less(a, b float64) bool {
	if math.IsNaN(b) {
		return !math.IsNaN(a)
	}
	return a < b
}

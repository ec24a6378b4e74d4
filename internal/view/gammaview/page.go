package gammaview

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"

	"agree/internal/plural"
	"agree/internal/view"
	"agree/report"
	"agree/report/svg"
)

const worstUnitary = 15 // unitary alignments listed for adjudication

// Page builds the HTML report of agree gamma from the struct its JSON
// output marshals.
func Page(o *Result, inputs []string) *report.Page {
	f := func(x report.Number) string { return report.Float(float64(x), 4) }
	p := &report.Page{
		Kind:  "gamma",
		Title: "γ on " + strings.Join(view.BaseNames(inputs), ", "),
		Lead: fmt.Sprintf("%d annotators, %d units in %d continu%s; α = %v, β = %v, Δ∅ = %v, categorical distance %s, sampler %s, seed %d.",
			o.Annotators, o.Units, o.Continua, plural.Verb(o.Continua, "um", "a"), o.Alpha, o.Beta, o.DeltaEmpty, o.Categorical, o.Sampler, o.Seed),
	}
	g := report.Stat{Label: "γ", Value: f(o.Gamma)}
	if o.CI != nil {
		g.Detail = fmt.Sprintf("%g%% bootstrap CI %s", 100*o.CI.Level, view.IntervalText(o.CI))
	} else if o.UndefinedReason != "" {
		g.Detail = o.UndefinedReason
	}
	p.Headline = append(p.Headline, g,
		report.Stat{Label: "γ-cat", Value: f(o.GammaCat), Detail: o.GammaCatUndefined},
		report.Stat{Label: "observed disorder", Value: f(o.ObservedDisorder), Detail: "best alignment, pooled over continua"},
		report.Stat{Label: "expected disorder", Value: f(o.ExpectedDisorder), Detail: fmt.Sprintf("sd %s over %d samples", f(o.ExpectedDisorderSD), o.Samples)})
	tables := Tables(o, false)
	sec := report.Section{ID: "gamma", Title: "γ and its parts", Blocks: []report.Block{report.TableBlock(tables[0])}}
	if len(o.sampleDisorders) > 0 {
		marks := []svg.Mark{{X: float64(o.ObservedDisorder), Label: "observed " + report.Float(float64(o.ObservedDisorder), 3)},
			{X: float64(o.ExpectedDisorder), Label: "expected " + report.Float(float64(o.ExpectedDisorder), 3), Dashed: true}}
		sec.Blocks = append(sec.Blocks, report.FigureBlock(
			svg.Histogram(o.sampleDisorders, svg.HistogramOptions{Title: "Chance distribution of the disorder", XLabel: "disorder of the best alignment",
				Desc:  fmt.Sprintf("Disorder of %d random annotations drawn by the %s sampler: mean %s, sd %s; the observed disorder is %s.", len(o.sampleDisorders), o.Sampler, f(o.ExpectedDisorder), f(o.ExpectedDisorderSD), f(o.ObservedDisorder)),
				Marks: marks, Shade: [2]float64{math.NaN(), math.NaN()}}),
			fmt.Sprintf("The best-alignment disorder of %d chance annotations (%s sampler; histogram) against the observed disorder (solid line). γ = 1 − observed/expected = 1 − %s/%s = %s.",
				len(o.sampleDisorders), o.Sampler, f(o.ObservedDisorder), f(o.ExpectedDisorder), f(o.Gamma))))
	}
	if len(o.bootSamples) > 0 && o.CI != nil {
		sec.Blocks = append(sec.Blocks, report.FigureBlock(
			svg.Histogram(o.bootSamples, svg.HistogramOptions{Title: "Bootstrap distribution of γ", XLabel: "γ",
				Desc:  fmt.Sprintf("%d resamples of the continua; γ %s, interval %s to %s", len(o.bootSamples), f(o.Gamma), f(o.CI.Low), f(o.CI.High)),
				Marks: []svg.Mark{{X: float64(o.Gamma), Label: "γ " + report.Float(float64(o.Gamma), 3)}, {X: float64(o.CI.Low), Label: report.Float(float64(o.CI.Low), 3), Dashed: true}, {X: float64(o.CI.High), Label: report.Float(float64(o.CI.High), 3), Dashed: true}},
				Shade: [2]float64{float64(o.CI.Low), float64(o.CI.High)}}),
			fmt.Sprintf("γ over %d bootstrap resamples of the continua, each with its own chance samples; %g%% interval %s.", len(o.bootSamples), 100*o.CI.Level, view.IntervalText(o.CI))))
	}
	p.Sections = append(p.Sections, sec)

	if len(o.GammaK) > 0 {
		keys := make([]string, 0, len(o.GammaK))
		for k := range o.GammaK {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		note := ""
		if len(keys) > view.TopBars {
			note = fmt.Sprintf(" Showing %d of %d categories (the table lists all).", view.TopBars, len(keys))
			keys = keys[:view.TopBars]
		}
		var bars []svg.Bar
		for _, k := range keys {
			bars = append(bars, svg.Bar{Label: k, Value: float64(o.GammaK[k])})
		}
		blocks := []report.Block{report.FigureBlock(svg.Bars(bars, svg.BarOptions{Title: "γ-k per category", Desc: view.BarsDesc(bars), Decimals: 3, Color: svg.Color(2)}),
			"γ-k (Mathet 2018): agreement on the categorisation of each category, given the alignment."+note)}
		if len(tables) > 1 {
			blocks = append(blocks, report.TableBlock(view.TruncRows(tables[1], view.TableRows, "categories")))
		}
		p.Sections = append(p.Sections, report.Section{ID: "categories", Title: "Categories", Blocks: blocks})
	}

	// The continua with their best alignment.
	sec = report.Section{ID: "alignment", Title: "Continua and the best alignment"}
	byCont := map[string][]int{}
	var names []string
	for i, ua := range o.Alignment {
		if _, ok := byCont[ua.Continuum]; !ok {
			names = append(names, ua.Continuum)
		}
		byCont[ua.Continuum] = append(byCont[ua.Continuum], i)
	}
	if len(names) > view.ContinuaDrawn {
		sec.Blocks = append(sec.Blocks, report.NoteBlock("Showing the first %d of %d continua.", view.ContinuaDrawn, len(names)))
	}
	for ci, name := range names {
		if ci >= view.ContinuaDrawn {
			break
		}
		svgText, caption := timeline(o, name, byCont[name])
		sec.Blocks = append(sec.Blocks, report.FigureBlock(svgText, caption))
	}
	// The unitary alignments with the most disorder.
	idx := make([]int, len(o.Alignment))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool { return o.Alignment[idx[a]].Disorder > o.Alignment[idx[b]].Disorder })
	t := report.Table{Title: "unitary alignments with the most disorder (adjudicate first)", Header: []string{"continuum", "disorder", "units (annotator: category [start, end))"}}
	for k, i := range idx {
		if k >= worstUnitary {
			t.Notes = append(t.Notes, fmt.Sprintf("the %d unitary alignments with the most disorder, of %d; the JSON output lists all", worstUnitary, len(o.Alignment)))
			break
		}
		ua := o.Alignment[i]
		var parts []string
		for _, u := range ua.Units {
			parts = append(parts, fmt.Sprintf("%s: %s [%s, %s)", u.Annotator, u.Category, strconv.FormatFloat(u.Start, 'g', -1, 64), strconv.FormatFloat(u.End, 'g', -1, 64)))
		}
		if len(ua.Units) == 1 {
			parts = append(parts, "(unaligned)")
		}
		t.Rows = append(t.Rows, []string{ua.Continuum, report.Float(ua.Disorder, 4), strings.Join(parts, "; ")})
	}
	if len(t.Rows) > 0 {
		p.Sections = append(p.Sections, sec, report.Section{ID: "adjudicate", Title: "Units to adjudicate first", Blocks: []report.Block{
			report.Paragraph("The unitary alignments that cost most: units placed or categorised differently, or left unaligned by the others."),
			report.TableBlock(t)}})
	} else {
		p.Sections = append(p.Sections, sec)
	}
	p.Order("alignment") // the data first: the continuum and its alignment
	return p
}

// timeline draws one continuum (a window of at most
// timelineUnits units) with its alignment.
func timeline(o *Result, name string, uas []int) (string, string) {
	var units []svg.Unit
	links := []svg.Link{}
	track := map[string]int{}
	var tracks []string
	type ref struct{ ua, k int }
	var all []ref
	for _, i := range uas {
		for k, u := range o.Alignment[i].Units {
			if _, ok := track[u.Annotator]; !ok {
				track[u.Annotator] = len(tracks)
				tracks = append(tracks, u.Annotator)
			}
			all = append(all, ref{i, k})
		}
	}
	sort.Strings(tracks)
	for i, t := range tracks {
		track[t] = i
	}
	// The window: the first reportTimelineUnits units by start.
	sort.SliceStable(all, func(a, b int) bool {
		return o.Alignment[all[a].ua].Units[all[a].k].Start < o.Alignment[all[b].ua].Units[all[b].k].Start
	})
	from, to := math.Inf(1), math.Inf(-1)
	for _, r := range all {
		u := o.Alignment[r.ua].Units[r.k]
		from, to = math.Min(from, u.Start), math.Max(to, u.End)
	}
	wholeFrom, wholeTo := from, to
	note := ""
	if window := view.TimelineUnits * max(len(tracks), 1); len(all) > window {
		to = o.Alignment[all[window].ua].Units[all[window].k].Start
		note = fmt.Sprintf(" Showing [%s, %s) of [%s, %s): the first %d of %d units.", view.Coord(from), view.Coord(to), view.Coord(wholeFrom), view.Coord(wholeTo), window, len(all))
	}
	cats := map[string]bool{}
	for _, r := range all {
		cats[o.Alignment[r.ua].Units[r.k].Category] = true
	}
	unaligned := 0
	for _, i := range uas {
		ua := o.Alignment[i]
		var link svg.Link
		link.Disorder = ua.Disorder
		for _, u := range ua.Units {
			if u.Start >= to || u.End <= from {
				continue
			}
			link.Units = append(link.Units, len(units))
			if len(ua.Units) == 1 {
				unaligned++
			}
			units = append(units, svg.Unit{Track: track[u.Annotator], Start: u.Start, End: u.End, Category: u.Category, Unaligned: len(ua.Units) == 1})
		}
		if len(link.Units) > 1 {
			links = append(links, link)
		}
	}
	desc := fmt.Sprintf("Continuum %s: %d annotators, %d units drawn, %d unitary alignments joining two or more units, %d units unaligned.", name, len(tracks), len(units), len(links), unaligned)
	s := svg.Timeline(units, links, svg.TimelineOptions{Title: "Continuum " + name + " with its best alignment", Desc: desc, Tracks: tracks, From: from, To: to, Categories: view.SortedKeys(cats)})
	return s, "Continuum " + name + ": each annotator's units (colour: category); lines join the units one unitary alignment puts together; dashed, crossed units are left unaligned (cost Δ∅ each)." + note
}

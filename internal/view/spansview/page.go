package spansview

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"

	"agree/annotation"
	"agree/internal/plural"
	"agree/internal/view"
	"agree/report"
	"agree/report/svg"
	"agree/spans"
)

const (
	textRunes           = 3000 // code points of a document's text shown
	disagreementsListed = 30   // disagreements listed
)

// Page builds the HTML report of agree spans, or of agree relations
// (out.unit "relations", out.label "type"), from the struct its JSON
// output marshals; the corpus supplies the texts and spans drawn.
func Page(out *Result, c *annotation.Corpus, inputs []string) (*report.Page, error) {
	f := func(x report.Number) string { return report.Float(float64(x), 4) }
	title, n := "Span agreement on ", out.Spans
	if out.unit == "relations" {
		title, n = "Relation agreement on ", out.Relations
	}
	p := &report.Page{
		Kind:  out.unit,
		Title: title + strings.Join(view.BaseNames(inputs), ", "),
		Lead: fmt.Sprintf("%s (%s), %s, %s; match %s, labels %s, documents %s.",
			plural.Count(len(out.Annotators), "annotator"), strings.Join(out.Annotators, ", "), plural.Count(out.Documents, "document"), plural.Count(n, strings.TrimSuffix(out.unit, "s")), out.Match, out.Labels, out.Scope),
		Headline: []report.Stat{
			{Label: "average pairwise F1", Value: f(out.AverageF1), Detail: "each pair of annotators equal"},
			{Label: "micro F1", Value: f(out.Micro.F1), Detail: "pooled over pairs and labels"},
			{Label: "macro F1", Value: f(out.Macro.F1), Detail: "mean over " + out.label + "s"},
		},
	}
	// the corpus: the mean of the pairs with their range, never one pair
	if n := len(out.sum.Pairs); n > 1 {
		lo, hi := math.Inf(1), math.Inf(-1)
		for _, pr := range out.sum.Pairs {
			lo, hi = math.Min(lo, pr.F1()), math.Max(hi, pr.F1())
		}
		p.Headline[0].Detail = fmt.Sprintf("mean of %s, range %s to %s", plural.Count(n, "pair"), report.Float(lo, 4), report.Float(hi, 4))
	}
	if b := out.Bootstrap; b != nil && b.AverageF1 != nil && b.AverageF1.CI != nil {
		p.Headline[0].Detail += fmt.Sprintf("; %g%% CI %s over %d document resamples", 100*b.AverageF1.CI.Level, view.IntervalText(b.AverageF1.CI), b.Resamples)
	}
	// the pairs drawn: the first listed
	var pairs []Pair
	for k := range min(len(out.shown), view.TopCoders) {
		pr, err := out.pair(k)
		if err != nil {
			return nil, err
		}
		pairs = append(pairs, pr)
	}
	if len(pairs) > 0 {
		// κ is one pair's; α takes the matched spans of every pair at once
		la, err := out.sum.LabelAlpha()
		if err != nil {
			return nil, err
		}
		detail := fmt.Sprintf("all pairs of annotators at once, %s", plural.Count(la.Items, "matched pair"))
		if !la.Defined() {
			detail = la.Reason
		}
		p.Headline = append(p.Headline, report.Stat{Label: out.label + " α given a match", Value: report.Float(la.Value, 4), Detail: detail})
	}
	tables, err := out.Tables()
	if err != nil {
		return nil, err
	}
	// --schema semeval's and --reference's tables: under "More tables".
	if out.SemEval != nil {
		tables = append(tables, out.SemEval.Tables()...)
	}
	tables = append(tables, out.Reference.Tables(out.unit)...)
	take := func(prefix string) (report.Table, bool) {
		for i, t := range tables {
			if strings.HasPrefix(t.Title, prefix) {
				tables = append(tables[:i:i], tables[i+1:]...)
				return t, true
			}
		}
		return report.Table{}, false
	}

	// Pairs.
	sec := report.Section{ID: "pairs", Title: "Pairs of annotators"}
	var rows []svg.Estimate
	for _, pr := range pairs {
		e := svg.Estimate{Label: pr.Annotators[0] + " / " + pr.Annotators[1], Value: float64(pr.F1), Low: math.NaN(), High: math.NaN()}
		if b := pr.Bootstrap; b != nil && b.CI != nil {
			e.Low, e.High = float64(b.CI.Low), float64(b.CI.High)
		}
		rows = append(rows, e)
		if len(rows) == view.TopCoders {
			break
		}
	}
	if len(rows) > 0 {
		sec.Blocks = append(sec.Blocks, report.FigureBlock(svg.Forest(rows, svg.ForestOptions{Title: "F1 of each pair of annotators", Desc: svg.ForestDesc(rows, 3), Min: 0, Max: 1}),
			"Pairwise F1 (symmetric: precision and recall swap with the reference), with the document bootstrap interval when one ran."))
	}
	if n := len(out.Matrix.Annotators); n > 2 {
		names := out.Matrix.Annotators
		cells := make([][]float64, 0, n)
		for i, r := range out.Matrix.F1 {
			if i >= view.TopCoders {
				break
			}
			row := make([]float64, 0, n)
			for j, v := range r {
				if j < view.TopCoders {
					row = append(row, float64(v))
				}
			}
			cells = append(cells, row)
		}
		if n > view.TopCoders {
			names = names[:view.TopCoders]
		}
		sec.Blocks = append(sec.Blocks, report.FigureBlock(svg.Heatmap(names, names, cells, svg.HeatmapOptions{Title: "Pairwise F1", Desc: view.MatrixDesc("pairwise F1", names, cells), Fit: true, Decimals: 3}),
			"F1 of each pair of annotators."))
	}
	if t, ok := take(""); ok {
		sec.Blocks = append(sec.Blocks, report.TableBlock(view.TruncRows(t, view.TableRows, "pairs")))
	}
	var shownNotes []string
	if k := len(sec.Blocks); k > 0 && sec.Blocks[k-1].Table != nil {
		shownNotes = sec.Blocks[k-1].Table.Notes
	}
	for _, n := range out.Notes {
		if !strings.Contains(strings.Join(shownNotes, "\n"), n) {
			sec.Blocks = append(sec.Blocks, report.NoteBlock("%s", n))
		}
	}
	p.Sections = append(p.Sections, sec)

	// Labels.
	if len(out.PerLabel) > 0 {
		labels := make([]string, 0, len(out.PerLabel))
		for l := range out.PerLabel {
			labels = append(labels, l)
		}
		sort.Strings(labels)
		note := ""
		if len(labels) > view.TopBars {
			sort.SliceStable(labels, func(i, j int) bool {
				return out.PerLabel[labels[i]].ReferenceSpans > out.PerLabel[labels[j]].ReferenceSpans
			})
			labels = labels[:view.TopBars]
			note = fmt.Sprintf(" Showing the %d %ss with the most %s, of %d.", view.TopBars, out.label, out.unit, len(out.PerLabel))
		}
		var bars []svg.Bar
		for _, l := range labels {
			c := out.PerLabel[l]
			bars = append(bars, svg.Bar{Label: l, Value: float64(c.F1), Note: fmt.Sprintf("%d matched", c.Matched)})
		}
		blocks := []report.Block{report.FigureBlock(svg.Bars(bars, svg.BarOptions{Title: "F1 per " + out.label, Desc: view.BarsDesc(bars), Decimals: 3, Color: svg.Color(2)}),
			"F1 per "+out.label+", counts pooled over the pairs of annotators."+note)}
		if t, ok := take("per " + out.label); ok {
			blocks = append(blocks, report.TableBlock(view.TruncRows(t, view.TableRows, out.label+"s")))
		}
		p.Sections = append(p.Sections, report.Section{ID: "labels", Title: map[string]string{"label": "Labels", "type": "Types"}[out.label], Blocks: blocks})
	}

	// Documents: the text with each annotator's spans.
	if c != nil && out.res != nil {
		dis, _ := out.res.Disagreements()
		disagree := map[int]bool{}
		for _, d := range dis {
			for _, ss := range d.Spans {
				for _, s := range ss {
					disagree[s] = true
				}
			}
		}
		sec := report.Section{ID: "documents", Title: "Documents"}
		compared := c.Compared(out.res.Options.Documents)
		shown := 0
		for d := range c.Documents {
			doc := &c.Documents[d]
			if !doc.HasText || doc.Time {
				continue
			}
			if shown == view.ItemsDrawn {
				sec.Blocks = append(sec.Blocks, report.NoteBlock("Showing the first %d documents with a text, of %d documents.", view.ItemsDrawn, len(c.Documents)))
				break
			}
			shown++
			text := []rune(doc.Text)
			title := doc.Name
			if len(text) > textRunes {
				title += fmt.Sprintf(" (the first %d of %d characters)", textRunes, len(text))
				text = text[:textRunes]
			}
			ts := &report.TextSpans{Title: title, Text: string(text), Labels: view.SortedKeys(out.PerLabel)}
			byAnn := map[int][]report.TextSpan{}
			for i := range c.Spans {
				s := &c.Spans[i]
				if s.Doc != d || s.Layer != out.Layer || int(s.Start) >= len(text) {
					continue
				}
				for _, part := range s.PartsOrSelf() {
					byAnn[s.Annotator] = append(byAnn[s.Annotator], report.TextSpan{Start: int(part.Start), End: int(part.End), Label: s.Label, Disagree: disagree[i]})
				}
			}
			// the annotators compared on the document (--documents)
			for _, a := range compared[d] {
				ts.Rows = append(ts.Rows, report.TextRow{Annotator: c.Annotators[a], Spans: byAnn[a]})
			}
			sec.Blocks = append(sec.Blocks, report.Block{Spans: ts})
		}
		if shown > 0 {
			sec.Blocks = append([]report.Block{report.Paragraph("Each passage of the text with the spans of each annotator compared on the document, one under the other (colour: label; the label follows the span); passages where nobody marked anything are folded. Spans outlined with dashes, and labels marked ≠, belong to a disagreement.")}, sec.Blocks...)
			p.Sections = append(p.Sections, sec)
		}
		if len(dis) > 0 {
			t := report.Table{Title: "disagreements (adjudicate first)", Header: []string{"document", "start", "end", "text", "what differs", "annotators' spans"}}
			for k, d := range dis {
				if k == disagreementsListed {
					t.Notes = append(t.Notes, fmt.Sprintf("the first %d of %d disagreements, by document and offset; --disagreements FILE.csv writes them all", disagreementsListed, len(dis)))
					break
				}
				var who []string
				for a, ss := range d.Spans {
					if !d.Compared[a] {
						continue
					}
					var marks []string
					for _, s := range ss {
						sp := &c.Spans[s]
						marks = append(marks, fmt.Sprintf("%s [%g, %g)", sp.Label, sp.Start, sp.End))
					}
					if len(marks) == 0 {
						marks = []string{"—"}
					}
					who = append(who, c.Annotators[a]+": "+strings.Join(marks, ", "))
				}
				t.Rows = append(t.Rows, []string{c.Documents[d.Doc].Name, fmt.Sprint(d.Start), fmt.Sprint(d.End), d.Text, strings.Join(d.Kinds, ", "), strings.Join(who, "; ")})
			}
			p.Sections = append(p.Sections, report.Section{ID: "adjudicate", Title: "Disagreements to adjudicate", Blocks: []report.Block{report.TableBlock(t)}})
		}
	}
	if out.rel != nil {
		if sec, ok := relationDisagreementsSection(out.rel); ok {
			p.Sections = append(p.Sections, sec)
		}
	}
	if len(tables) > 0 {
		var rest []report.Block
		for _, t := range tables {
			rest = append(rest, report.TableBlock(view.TruncRows(t, view.TableRows, "rows")))
		}
		p.Sections = append(p.Sections, report.Section{ID: "more", Title: "More tables", Blocks: rest})
	}
	return p, nil
}

// relationDisagreementsSection lists the first disagreements on relations,
// the list a curator works through (--disagreements writes them all).
func relationDisagreementsSection(rr *spans.RelationResult) (report.Section, bool) {
	dis := rr.Disagreements()
	if len(dis) == 0 {
		return report.Section{}, false
	}
	c := rr.Corpus()
	end := func(x [2]float64, text string) string {
		s := fmt.Sprintf("[%g, %g)", x[0], x[1])
		if text != "" {
			s += " " + strconv.Quote(text)
		}
		return s
	}
	t := report.Table{Title: "disagreements on relations (adjudicate first)", Header: []string{"document", "source", "target", "what differs", "annotators' relations"}}
	for k, d := range dis {
		if k == disagreementsListed {
			t.Notes = append(t.Notes, fmt.Sprintf("the first %d of %d disagreements, by document and offset; --disagreements FILE.csv writes them all", disagreementsListed, len(dis)))
			break
		}
		var who []string
		for a, rs := range d.Relations {
			if !d.Compared[a] {
				continue
			}
			var marks []string
			for _, r := range rs {
				rel := &c.Relations[r]
				marks = append(marks, rel.Type+": "+spanText(&c.Spans[rel.Source])+" → "+spanText(&c.Spans[rel.Target]))
			}
			if len(marks) == 0 {
				marks = []string{"—"}
			}
			who = append(who, c.Annotators[a]+": "+strings.Join(marks, ", "))
		}
		t.Rows = append(t.Rows, []string{c.Documents[d.Doc].Name, end(d.Source, d.SourceText), end(d.Target, d.TargetText), strings.Join(d.Kinds, ", "), strings.Join(who, "; ")})
	}
	return report.Section{ID: "adjudicate", Title: "Disagreements to adjudicate", Blocks: []report.Block{report.TableBlock(t)}}, true
}

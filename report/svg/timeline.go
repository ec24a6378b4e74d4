package svg

import (
	"math"
	"slices"
	"strconv"
	"strings"
)

// Unit is an annotated unit on a continuum.
type Unit struct {
	// Track is the annotator's row (index into TimelineOptions.Tracks).
	Track      int
	Start, End float64
	Category   string
	// Unaligned marks a unit the alignment leaves alone.
	Unaligned bool
}

// Link joins the units (indices into the units slice) that one unitary
// alignment puts together.
type Link struct {
	Units    []int
	Disorder float64
}

// TimelineOptions configure Timeline.
type TimelineOptions struct {
	Title, Desc string
	// Tracks are the annotators, one row each.
	Tracks []string
	// Categories fixes the legend and colour order (default: order of
	// first appearance).
	Categories []string
	// From and To bound the axis (both 0: the units' extent).
	From, To float64
	// Width of the drawing area in pixels (default 760).
	Width float64
}

// Timeline draws a continuum: one row per annotator with its units as
// boxes coloured by category, the unitary alignments as lines between the
// units they join, and the units left unaligned outlined and crossed.
// With nil links, only the units are drawn (and the legend omits the
// alignment).
func Timeline(units []Unit, links []Link, o TimelineOptions) string {
	// Units without finite bounds cannot be placed: they are left out (a
	// link to one is drawn through the others).
	drawable := make([]bool, len(units))
	for i, u := range units {
		drawable[i] = isFinite(u.Start) && isFinite(u.End) && isFinite(u.End-u.Start)
	}
	cats := slices.Clone(o.Categories)
	seen := map[string]bool{}
	for _, c := range cats {
		seen[c] = true
	}
	for _, u := range units {
		if !seen[u.Category] {
			seen[u.Category] = true
			cats = append(cats, u.Category)
		}
	}
	colour := map[string]string{}
	for i, c := range cats {
		colour[c] = Color(i)
	}
	from, to := o.From, o.To
	if from == 0 && to == 0 {
		from, to = math.Inf(1), math.Inf(-1)
		for i, u := range units {
			if drawable[i] {
				from, to = math.Min(from, u.Start), math.Max(to, u.End)
			}
		}
		if math.IsInf(from, 0) {
			from, to = 0, 1
		}
	}
	if !isFinite(from) || !isFinite(to) || !isFinite(to-from) {
		from, to = 0, 1
	}
	if to <= from {
		to = from + 1
	}
	plotW := o.Width
	if plotW == 0 {
		plotW = 760
	}
	labelW := 40.0
	for _, t := range o.Tracks {
		labelW = math.Max(labelW, textWidth(truncate(t, 20), 12)+14)
	}
	const rowH, gap, top = 20.0, 28.0, 8.0
	n := len(o.Tracks)
	axisY := top + float64(n)*rowH + float64(max(n-1, 0))*gap + 8
	legendY := axisY + 36
	legendRows := 1 + (len(cats)+2)/6
	h := legendY + float64(legendRows)*18 + 4
	c := newCanvas(labelW+plotW+16, h, o.Title, o.Desc)
	x := linear{from, to, labelW, labelW + plotW}
	rowTop := func(t int) float64 { return top + float64(t)*(rowH+gap) }
	for t, name := range o.Tracks {
		y := rowTop(t)
		c.rect(labelW, y, plotW, rowH, "#f6f6f6", "", "")
		c.text(labelW-8, y+rowH/2+4, "end", truncate(name, 20), "fill", Ink)
	}
	// Alignments first, under the units: a polyline through the units of
	// each unitary alignment, from row to row.
	for _, l := range links {
		var pts []int
		for _, i := range l.Units {
			if i >= 0 && i < len(units) && drawable[i] && units[i].Track >= 0 && units[i].Track < n {
				pts = append(pts, i)
			}
		}
		if len(pts) < 2 {
			continue
		}
		slices.SortFunc(pts, func(a, b int) int { return units[a].Track - units[b].Track })
		var d strings.Builder
		for k, i := range pts {
			u := units[i]
			mx := x.at((u.Start + u.End) / 2)
			if k == 0 {
				d.WriteString("M" + num(mx) + " " + num(rowTop(u.Track)+rowH))
				continue
			}
			d.WriteString("L" + num(mx) + " " + num(rowTop(u.Track)))
			if k < len(pts)-1 {
				d.WriteString("M" + num(mx) + " " + num(rowTop(u.Track)+rowH))
			}
		}
		c.b.WriteString(`<path d="` + d.String() + `" fill="none" stroke="#444444" stroke-width="1.4" stroke-opacity="0.75"><title>alignment, disorder ` + Format(l.Disorder, 3) + "</title></path>\n")
	}
	for i, u := range units {
		if u.Track < 0 || u.Track >= n || !drawable[i] {
			continue
		}
		y := rowTop(u.Track)
		x0, x1 := x.at(math.Max(u.Start, from)), x.at(math.Min(u.End, to))
		if x1 < labelW || x0 > labelW+plotW {
			continue
		}
		wid := math.Max(x1-x0, 1.5)
		tip := o.Tracks[u.Track] + ": " + u.Category + " [" + strconv.FormatFloat(u.Start, 'g', -1, 64) + ", " + strconv.FormatFloat(u.End, 'g', -1, 64) + ")"
		if u.Unaligned {
			tip += ", unaligned"
			c.rect(x0, y+2, wid, rowH-4, colour[u.Category], Highlight, tip, "stroke-width", "2", "stroke-dasharray", "3 2", "fill-opacity", "0.55")
			cx := x0 + wid/2
			c.path("M"+num(cx-4)+" "+num(y-9)+"l8 8m0 -8l-8 8", "none", Highlight, 2)
			continue
		}
		c.rect(x0, y+2, wid, rowH-4, colour[u.Category], "#ffffff", tip, "stroke-width", "0.5")
	}
	c.line(labelW, axisY, labelW+plotW, axisY, Ink, 1)
	for _, t := range ticks(from, to, 8) {
		c.line(x.at(t), axisY, x.at(t), axisY+4, Ink, 1)
		c.text(x.at(t), axisY+16, "middle", tickLabel(t), "fill", Muted, "font-size", "10")
	}
	// Legend: categories, then the alignment line and the unaligned mark.
	lx, ly := labelW, legendY
	item := func(w float64) {
		lx += w
		if lx > labelW+plotW-120 {
			lx, ly = labelW, ly+18
		}
	}
	for _, cat := range cats {
		c.rect(lx, ly-10, 14, 12, colour[cat], "", "")
		c.text(lx+18, ly, "start", truncate(cat, 18), "fill", Ink, "font-size", "11")
		item(textWidth(truncate(cat, 18), 11) + 34)
	}
	if links == nil {
		return c.end() // no alignment drawn: units only
	}
	c.line(lx, ly-4, lx+18, ly-4, "#444444", 1.4)
	c.text(lx+22, ly, "start", "alignment", "fill", Ink, "font-size", "11")
	item(84)
	c.rect(lx, ly-10, 14, 12, "#cccccc", Highlight, "", "stroke-width", "2", "stroke-dasharray", "3 2")
	c.text(lx+18, ly, "start", "unaligned", "fill", Ink, "font-size", "11")
	return c.end()
}

// Series is one curve of a line chart.
type Series struct {
	Name string
	X, Y []float64
}

// LinesOptions configure Lines.
type LinesOptions struct {
	Title, Desc, XLabel, YLabel string
	// YMin and YMax bound the y axis (both 0: the data's range).
	YMin, YMax float64
}

// Lines draws curves with markers of distinct shapes and colours and a
// legend; NaN points break the curve.
func Lines(series []Series, o LinesOptions) string {
	var xs, ys []float64
	for _, s := range series {
		xs = append(xs, finite(s.X...)...)
		ys = append(ys, finite(s.Y...)...)
	}
	x0, x1 := minmax(xs)
	if len(xs) == 0 || x1 == x0 {
		x0, x1 = 0, math.Max(x1, 1)
	}
	y0, y1 := o.YMin, o.YMax
	if y0 == 0 && y1 == 0 {
		y0, y1 = minmax(ys)
		if len(ys) == 0 {
			y0, y1 = 0, 1
		}
		y0, y1 = math.Min(y0, 0), math.Max(y1, 1)
		if y1 == y0 {
			y1 = y0 + 1
		}
	}
	const w, h, left, right, upper, lower = 620.0, 300.0, 52.0, 150.0, 14.0, 44.0
	c := newCanvas(w, h, o.Title, o.Desc)
	x := linear{x0, x1, left, w - right}
	y := linear{y0, y1, h - lower, upper}
	for _, t := range ticks(y0, y1, 5) {
		c.line(left, y.at(t), w-right, y.at(t), Grid, 1)
		c.text(left-6, y.at(t)+4, "end", tickLabel(t), "fill", Muted, "font-size", "10")
	}
	for _, t := range ticks(x0, x1, 6) {
		c.line(x.at(t), h-lower, x.at(t), h-lower+4, Ink, 1)
		c.text(x.at(t), h-lower+16, "middle", tickLabel(t), "fill", Muted, "font-size", "10")
	}
	c.line(left, h-lower, w-right, h-lower, Ink, 1)
	c.line(left, upper, left, h-lower, Ink, 1)
	if o.XLabel != "" {
		c.text((left+w-right)/2, h-8, "middle", o.XLabel, "fill", Muted)
	}
	if o.YLabel != "" {
		c.text(14, (upper+h-lower)/2, "middle", o.YLabel, "fill", Muted, "transform", "rotate(-90 14 "+num((upper+h-lower)/2)+")")
	}
	for k, s := range series {
		col := Color(k)
		var d strings.Builder
		pen := false
		for i := range min(len(s.X), len(s.Y)) {
			if !isFinite(s.Y[i]) || !isFinite(s.X[i]) {
				pen = false
				continue
			}
			if pen {
				d.WriteString("L")
			} else {
				d.WriteString("M")
			}
			d.WriteString(num(x.at(s.X[i])) + " " + num(y.at(clamp(s.Y[i], y0, y1))))
			pen = true
		}
		if strings.Contains(d.String(), "L") { // a lone point is drawn by its marker alone
			c.path(d.String(), "none", col, 2)
		}
		for i := range min(len(s.X), len(s.Y)) {
			if !isFinite(s.Y[i]) || !isFinite(s.X[i]) {
				continue
			}
			c.marker(k, x.at(s.X[i]), y.at(clamp(s.Y[i], y0, y1)), 3.5, col, s.Name+" at "+tickLabel(s.X[i])+": "+Format(s.Y[i], 3))
		}
		ly := upper + 8 + float64(k)*18
		c.line(w-right+12, ly, w-right+34, ly, col, 2)
		c.marker(k, w-right+23, ly, 3.5, col, "")
		c.text(w-right+40, ly+4, "start", truncate(s.Name, 16), "fill", Ink, "font-size", "11")
	}
	return c.end()
}

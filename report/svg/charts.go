package svg

import (
	"math"
	"slices"
)

// HeatmapOptions configure Heatmap.
type HeatmapOptions struct {
	Title, Desc string
	// RowTitle and ColTitle name the two dimensions ("coder A", "coder B").
	RowTitle, ColTitle string
	// Min and Max bound the colour scale; both 0: from 0 to the largest cell
	// (counts). A cell outside the bounds widens them: a value is never
	// shaded as another.
	Min, Max float64
	// Fit makes the colour scale span the cells' own range (their smallest
	// to their largest value, leaving out the cells where a row meets the
	// column of the same name: an annotator with itself), so that values
	// close together (F1 0.82 and 0.96) are told apart; the legend gives
	// the range. It overrides Min and Max.
	Fit bool
	// Decimals of the numbers printed in the cells.
	Decimals int
	// Diagonal outlines the cells on the diagonal (agreement).
	Diagonal bool
	// Sqrt shades by the square root of the value (counts: a dominant
	// diagonal then leaves the off-diagonal confusions visible).
	Sqrt bool
}

// Heatmap draws a matrix with one shaded cell per entry and its value
// printed in the cell (when the cell is large enough). NaN cells are grey
// with a dash.
func Heatmap(rows, cols []string, cells [][]float64, o HeatmapOptions) string {
	lo, hi := heatmapScale(rows, cols, cells, o)
	cell := clamp(520/float64(max(len(cols), 1)), 14, 56)
	fs := math.Min(12, cell/3.2)
	labelW := 30.0
	for _, r := range rows {
		labelW = math.Max(labelW, textWidth(truncate(r, 24), 12)+12)
	}
	colH := 20.0
	rotate := false
	for _, c := range cols {
		if textWidth(truncate(c, 24), 12) > cell-4 {
			rotate = true
		}
	}
	if rotate {
		for _, c := range cols {
			colH = math.Max(colH, textWidth(truncate(c, 24), 12)*0.72+14)
		}
	}
	top := colH + 18
	left := labelW + 18
	w := left + cell*float64(len(cols)) + 110
	h := top + cell*float64(len(rows)) + 12
	h = math.Max(h, top+150)
	c := newCanvas(w, h, o.Title, o.Desc)
	if o.ColTitle != "" {
		c.text(left+cell*float64(len(cols))/2, 12, "middle", o.ColTitle, "fill", Muted, "font-weight", "600")
	}
	if o.RowTitle != "" {
		y := top + cell*float64(len(rows))/2
		c.text(12, y, "middle", o.RowTitle, "fill", Muted, "font-weight", "600", "transform", "rotate(-90 12 "+num(y)+")")
	}
	for j, name := range cols {
		x := left + cell*(float64(j)+0.5)
		if rotate {
			c.text(x, top-6, "start", truncate(name, 24), "fill", Ink, "transform", "rotate(-45 "+num(x)+" "+num(top-6)+")")
		} else {
			c.text(x, top-6, "middle", name, "fill", Ink)
		}
	}
	for i, name := range rows {
		c.text(left-6, top+cell*(float64(i)+0.5)+4, "end", truncate(name, 24), "fill", Ink)
		for j := range cols {
			v := math.NaN()
			if i < len(cells) && j < len(cells[i]) {
				v = cells[i][j]
			}
			x, y := left+cell*float64(j), top+cell*float64(i)
			t := (v - lo) / (hi - lo)
			if o.Sqrt {
				t = math.Sqrt(math.Max(t, 0))
			}
			tip := name + " × " + cols[j] + ": " + Format(v, max(o.Decimals, 3))
			c.rect(x, y, cell, cell, Sequential(t), "#ffffff", tip)
			if cell >= 20 {
				label := cellLabel(v, o.Decimals, cell-4, fs)
				if math.IsNaN(v) {
					label = "–"
				}
				c.text(x+cell/2, y+cell/2+fs/3, "middle", label, "fill", OnSequential(t), "font-size", num(fs), "pointer-events", "none")
			}
		}
		if o.Diagonal && i < len(cols) {
			c.rect(left+cell*float64(i)+1, top+cell*float64(i)+1, cell-2, cell-2, "none", Highlight, "", "stroke-width", "2")
		}
	}
	// Colour legend.
	lx, ly, lh := left+cell*float64(len(cols))+24, top, 120.0
	const steps = 24
	for k := range steps {
		t := 1 - float64(k)/steps
		c.rect(lx, ly+lh*float64(k)/steps, 14, lh/steps+0.5, Sequential(t), "", "")
	}
	c.rect(lx, ly, 14, lh, "none", Muted, "", "stroke-width", "0.5")
	c.text(lx+20, ly+8, "start", Format(hi, o.Decimals), "fill", Muted, "font-size", "10")
	c.text(lx+20, ly+lh, "start", Format(lo, o.Decimals), "fill", Muted, "font-size", "10")
	if o.Diagonal {
		c.rect(lx, ly+lh+14, 14, 14, "none", Highlight, "", "stroke-width", "2")
		c.text(lx+20, ly+lh+25, "start", "agreement", "fill", Muted, "font-size", "10")
	}
	return c.end()
}

// heatmapScale returns the bounds of a heatmap's colour scale (see
// HeatmapOptions): the cells' range with Fit, else Min and Max (0 to the
// largest cell when both are 0), widened to every cell.
func heatmapScale(rows, cols []string, cells [][]float64, o HeatmapOptions) (lo, hi float64) {
	self := func(i, j int) bool { return i < len(rows) && j < len(cols) && rows[i] == cols[j] }
	if o.Fit {
		lo, hi = math.Inf(1), math.Inf(-1)
		for i, r := range cells {
			for j, v := range r {
				if isFinite(v) && !self(i, j) {
					lo, hi = math.Min(lo, v), math.Max(hi, v)
				}
			}
		}
		switch {
		case math.IsInf(lo, 1): // no cell off the diagonal
			lo, hi = 0, 1
		case lo == hi:
			lo, hi = lo-0.5, hi+0.5
		}
		return lo, hi
	}
	lo, hi = o.Min, o.Max
	if lo == 0 && hi == 0 { // counts: from 0 to the largest
		hi = 1
		if m := slices.Max(append(finiteCells(cells), 0)); m > 0 {
			hi = m
		}
	}
	for _, v := range finiteCells(cells) {
		lo, hi = math.Min(lo, v), math.Max(hi, v)
	}
	return lo, hi
}

// finiteCells returns the finite cells of a matrix.
func finiteCells(cells [][]float64) []float64 {
	var out []float64
	for _, r := range cells {
		out = append(out, finite(r...)...)
	}
	return out
}

// cellLabel prints v with the given decimals, or shorter when that does not
// fit the width: fewer decimals, then thousands ("48.7k"), then nothing
// (the cell's tooltip and the report's tables keep the value).
func cellLabel(v float64, decimals int, width, size float64) string {
	for d := decimals; d >= 0; d-- {
		if s := Format(v, d); textWidth(s, size) <= width {
			return s
		}
	}
	for _, u := range []struct {
		div    float64
		suffix string
	}{{1e3, "k"}, {1e6, "M"}, {1e9, "G"}} {
		for d := 1; d >= 0; d-- {
			if s := Format(v/u.div, d) + u.suffix; textWidth(s, size) <= width {
				return s
			}
		}
	}
	return ""
}

// Bar is one bar of a bar chart.
type Bar struct {
	Label string
	Value float64
	// Note is printed after the value.
	Note string
}

// Ref is a reference line drawn across a chart at X.
type Ref struct {
	X     float64
	Label string
}

// BarOptions configure Bars.
type BarOptions struct {
	Title, Desc string
	// Min and Max bound the axis; both 0: from min(0, smallest) to
	// max(1, largest). A value outside the bounds widens them: a bar is
	// never drawn shorter than its value (a negative α is drawn to the
	// left of zero, not at zero).
	Min, Max float64
	Decimals int
	Refs     []Ref
	// Color of the bars (default: the palette's first colour).
	Color string
}

// Bars draws horizontal bars from zero, one per row, with the value
// printed at the end of each bar. NaN values print "undefined".
func Bars(bars []Bar, o BarOptions) string {
	lo, hi := o.Min, o.Max
	if lo == 0 && hi == 0 {
		hi = 1
		for _, b := range bars {
			for _, v := range finite(b.Value) {
				lo, hi = math.Min(lo, v), math.Max(hi, v)
			}
		}
	}
	lo, hi = widen(lo, hi, func(yield func(float64)) {
		for _, b := range bars {
			yield(b.Value)
		}
	})
	dec := o.Decimals
	if dec == 0 {
		dec = 3
	}
	col := o.Color
	if col == "" {
		col = Accent
	}
	labelW := 40.0
	for _, b := range bars {
		labelW = math.Max(labelW, textWidth(truncate(b.Label, 28), 12)+14)
	}
	const rowH, plotW = 22.0, 320.0
	noteW := 0.0
	for _, b := range bars {
		noteW = math.Max(noteW, textWidth(Format(b.Value, dec)+"  "+b.Note, 12)+14)
	}
	top := 10.0
	if len(o.Refs) > 0 {
		top = 22
	}
	h := top + rowH*float64(len(bars)) + 30
	c := newCanvas(labelW+plotW+noteW+10, h, o.Title, o.Desc)
	x := linear{lo, hi, labelW, labelW + plotW}
	bottom := top + rowH*float64(len(bars))
	for _, t := range ticks(lo, hi, 5) {
		c.line(x.at(t), top, x.at(t), bottom, Grid, 1)
		c.text(x.at(t), bottom+14, "middle", tickLabel(t), "fill", Muted, "font-size", "11")
	}
	zero := x.at(clamp(0, lo, hi))
	for i, b := range bars {
		y := top + rowH*float64(i)
		c.text(labelW-8, y+rowH/2+4, "end", truncate(b.Label, 28), "fill", Ink)
		v := b.Value
		label := Format(v, dec)
		if b.Note != "" {
			label += "  " + b.Note
		}
		end := zero
		if !math.IsNaN(v) {
			xv := x.at(clamp(v, lo, hi))
			c.rect(math.Min(zero, xv), y+4, math.Abs(xv-zero), rowH-8, col, "", b.Label+": "+Format(v, max(dec, 3)))
			end = math.Max(zero, xv)
		}
		c.text(end+6, y+rowH/2+4, "start", label, "fill", Ink, "font-variant-numeric", "tabular-nums")
	}
	c.line(zero, top, zero, bottom, Ink, 1)
	for _, r := range o.Refs {
		if r.X < lo || r.X > hi {
			continue
		}
		c.line(x.at(r.X), top-4, x.at(r.X), bottom, Highlight, 1.2, "stroke-dasharray", "4 3")
		c.text(x.at(r.X), top-8, "middle", r.Label, "fill", Highlight, "font-size", "10")
	}
	return c.end()
}

// Mark is a vertical line on a histogram (the observed value, a bound).
type Mark struct {
	X     float64
	Label string
	// Dashed draws a dashed line (interval bounds); otherwise solid.
	Dashed bool
}

// HistogramOptions configure Histogram.
type HistogramOptions struct {
	Title, Desc, XLabel string
	// Bins is the number of bins (default 30).
	Bins  int
	Marks []Mark
	// Shade is an interval [low, high] shaded under the bars (NaN: none).
	Shade [2]float64
	// Color of the bars (default: a light blue).
	Color string
}

// Histogram draws the distribution of the finite samples as equal-width
// bins, with vertical marks (an observed value, interval bounds).
func Histogram(samples []float64, o HistogramOptions) string {
	vals := finite(samples...)
	bins := o.Bins
	if bins <= 0 {
		bins = 30
	}
	lo, hi := minmax(vals)
	for _, m := range o.Marks {
		if !math.IsNaN(m.X) && !math.IsInf(m.X, 0) {
			lo, hi = math.Min(lo, m.X), math.Max(hi, m.X)
		}
	}
	if len(vals) == 0 && math.IsInf(lo, 1) {
		lo, hi = 0, 1
	}
	if hi == lo {
		lo, hi = lo-0.5, hi+0.5
	}
	pad := (hi - lo) * 0.04
	lo, hi = lo-pad, hi+pad
	counts := make([]int, bins)
	width := (hi - lo) / float64(bins)
	for _, v := range vals {
		k := int((v - lo) / width)
		counts[min(max(k, 0), bins-1)]++
	}
	top := slices.Max(counts)
	const w, h, left, right, upper, lower = 560.0, 220.0, 44.0, 16.0, 26.0, 40.0
	c := newCanvas(w, h, o.Title, o.Desc)
	x := linear{lo, hi, left, w - right}
	y := linear{0, float64(max(top, 1)), h - lower, upper}
	if !math.IsNaN(o.Shade[0]) && !math.IsNaN(o.Shade[1]) && o.Shade[1] > o.Shade[0] {
		c.rect(x.at(o.Shade[0]), upper, x.at(o.Shade[1])-x.at(o.Shade[0]), h-lower-upper, "#f2f2f2", "", "")
	}
	for _, t := range ticks(0, float64(max(top, 1)), 4) {
		c.line(left, y.at(t), w-right, y.at(t), Grid, 1)
		c.text(left-6, y.at(t)+4, "end", tickLabel(t), "fill", Muted, "font-size", "10")
	}
	col := o.Color
	if col == "" {
		col = "#6baed6"
	}
	for k, n := range counts {
		if n == 0 {
			continue
		}
		x0 := x.at(lo + width*float64(k))
		tip := "[" + Format(lo+width*float64(k), 3) + ", " + Format(lo+width*float64(k+1), 3) + "): " + itoa(n)
		c.rect(x0+0.5, y.at(float64(n)), math.Max(x.at(lo+width)-x.at(lo)-1, 1), y.at(0)-y.at(float64(n)), col, "", tip)
	}
	c.line(left, h-lower, w-right, h-lower, Ink, 1)
	for _, t := range ticks(lo, hi, 7) {
		c.line(x.at(t), h-lower, x.at(t), h-lower+4, Ink, 1)
		c.text(x.at(t), h-lower+16, "middle", tickLabel(t), "fill", Muted, "font-size", "10")
	}
	if o.XLabel != "" {
		c.text((left+w-right)/2, h-6, "middle", o.XLabel, "fill", Muted)
	}
	// Marks: labels alternate between two heights so neighbours do not
	// overprint.
	for i, m := range o.Marks {
		if math.IsNaN(m.X) || math.IsInf(m.X, 0) {
			continue
		}
		extra := []string{}
		col, wid := Highlight, 2.0
		if m.Dashed {
			extra = []string{"stroke-dasharray", "5 3"}
			col, wid = Ink, 1.2
		}
		c.line(x.at(m.X), upper-4, x.at(m.X), h-lower, col, wid, extra...)
		anchor := "middle"
		if x.at(m.X) > w-right-60 {
			anchor = "end"
		} else if x.at(m.X) < left+60 {
			anchor = "start"
		}
		c.text(x.at(m.X), 11+float64(i%2)*11, anchor, m.Label, "fill", col, "font-size", "10")
	}
	return c.end()
}

func itoa(n int) string { return Format(float64(n), 0) }

// widen extends [lo, hi] to every finite value each yields, to the next
// tenth: an axis given by its caller never cuts a value off.
func widen(lo, hi float64, each func(yield func(float64))) (float64, float64) {
	each(func(v float64) {
		if !isFinite(v) {
			return
		}
		if v < lo {
			lo = math.Floor(v*10-1e-9) / 10
		}
		if v > hi {
			hi = math.Ceil(v*10+1e-9) / 10
		}
	})
	return lo, hi
}

package svg

import (
	"fmt"
	"math"
	"strings"
)

// Estimate is one row of a forest plot: a value with an optional interval
// (NaN bounds: none).
type Estimate struct {
	Label     string
	Value     float64
	Low, High float64
	// Note is printed after the numbers ("weighted", "undefined: …").
	Note string
	// Muted draws the row in grey (a coefficient the scales do not apply to).
	Muted bool
}

// ForestOptions configure Forest.
type ForestOptions struct {
	Title, Desc string
	// Min and Max bound the axis; both 0: from min(0, lowest bound) to 1.
	// A value or bound outside them widens them (nothing is drawn at a
	// bound it lies beyond).
	Min, Max float64
	// Scales shades Krippendorff's zones (α ≥ 0.8 reliable, ≥ 0.667
	// tentative) and labels Landis & Koch's bands above the axis.
	Scales bool
	// Decimals of the printed numbers (default 3).
	Decimals int
}

// Landis & Koch's (1977) bands and their lower limits.
var landisKoch = []struct {
	lo    float64
	label string
}{{0, "slight"}, {0.2, "fair"}, {0.4, "moderate"}, {0.6, "substantial"}, {0.8, "almost perfect"}}

// Forest draws estimates with their intervals on one axis, one row each,
// the value and interval printed beside each row.
func Forest(rows []Estimate, o ForestOptions) string {
	dec := o.Decimals
	if dec == 0 {
		dec = 3
	}
	lo, hi := o.Min, o.Max
	if !isFinite(lo) || !isFinite(hi) || hi < lo {
		lo, hi = 0, 0
	}
	if lo == 0 && hi == 0 {
		lo, hi = 0, 1
		for _, r := range rows {
			for _, x := range finite(r.Value, r.Low, r.High) {
				lo, hi = math.Min(lo, x), math.Max(hi, x)
			}
		}
		lo = math.Floor(lo*10-1e-9) / 10
		hi = math.Ceil(hi*10-1e-9) / 10
	}
	lo, hi = widen(lo, hi, func(yield func(float64)) {
		for _, r := range rows {
			yield(r.Value)
			yield(r.Low)
			yield(r.High)
		}
	})
	labelW := 60.0
	if o.Scales {
		labelW = textWidth("Landis & Koch", 10) + 16
	}
	valueTexts := make([]string, len(rows))
	valueW := 0.0
	for i, r := range rows {
		labelW = math.Max(labelW, textWidth(r.Label, 12)+16)
		t := Format(r.Value, dec)
		if !math.IsNaN(r.Low) && !math.IsNaN(r.High) {
			t += " [" + Format(r.Low, dec) + ", " + Format(r.High, dec) + "]"
		}
		if r.Note != "" {
			t += "  " + r.Note
		}
		valueTexts[i] = t
		valueW = math.Max(valueW, textWidth(t, 12)+12)
	}
	const rowH, plotW = 24.0, 440.0
	top := 14.0
	if o.Scales {
		top = 40
	}
	h := top + rowH*float64(len(rows)) + 36
	w := labelW + plotW + valueW + 10
	c := newCanvas(w, h, o.Title, o.Desc)
	x := linear{lo, hi, labelW, labelW + plotW}
	bottom := top + rowH*float64(len(rows))
	if o.Scales {
		// Krippendorff's zones, shaded lightest to darkest.
		for _, z := range []struct {
			from, to    float64
			fill, label string
		}{{0.667, 0.8, "#e8f1fa", "tentative"}, {0.8, hi, "#c6dbef", "reliable"}} {
			if z.to <= z.from || z.from >= hi {
				continue
			}
			x0, x1 := x.at(math.Max(z.from, lo)), x.at(math.Min(z.to, hi))
			c.rect(x0, top-6, x1-x0, bottom-top+6, z.fill, "", "Krippendorff: "+z.label)
		}
		for i, b := range landisKoch {
			if b.lo >= hi {
				break
			}
			end := hi
			if i+1 < len(landisKoch) {
				end = math.Min(landisKoch[i+1].lo, hi)
			}
			from := math.Max(b.lo, lo)
			if end <= from {
				continue
			}
			x0, x1 := x.at(from), x.at(end)
			c.line(x0, 8, x0, top-8, Muted, 0.6)
			if x1-x0 > textWidth(b.label, 10)+2 {
				c.text((x0+x1)/2, 18, "middle", b.label, "fill", Muted, "font-size", "10")
			}
		}
		if lo < 0 {
			c.text((x.at(lo)+x.at(0))/2, 18, "middle", "poor", "fill", Muted, "font-size", "10")
		}
		c.text(labelW-8, 18, "end", "Landis & Koch", "fill", Muted, "font-size", "10", "font-style", "italic")
		c.text(labelW-8, 32, "end", "Krippendorff", "fill", Muted, "font-size", "10", "font-style", "italic")
		if x.at(0.8)-x.at(0.667) > 40 && 0.667 > lo && 0.8 < hi {
			c.text((x.at(0.667)+x.at(0.8))/2, top+4, "middle", "tentative", "fill", Muted, "font-size", "9")
		}
		if 0.8 < hi && x.at(hi)-x.at(0.8) > 36 {
			c.text((x.at(0.8)+x.at(hi))/2, top+4, "middle", "reliable", "fill", Muted, "font-size", "9")
		}
	}
	for _, t := range ticks(lo, hi, 6) {
		c.line(x.at(t), top, x.at(t), bottom, Grid, 1)
		c.text(x.at(t), bottom+14, "middle", tickLabel(t), "fill", Muted, "font-size", "11")
	}
	if lo < 0 && hi > 0 {
		c.line(x.at(0), top-4, x.at(0), bottom, Muted, 1)
	}
	c.line(labelW, bottom, labelW+plotW, bottom, Ink, 1)
	for i, r := range rows {
		y := top + rowH*(float64(i)+0.5) + 6
		col, ink := Accent, Ink
		if r.Muted {
			col, ink = "#8c8c8c", Muted
		}
		c.text(labelW-8, y+4, "end", r.Label, "fill", ink)
		tip := r.Label + " = " + valueTexts[i]
		if !math.IsNaN(r.Low) && !math.IsNaN(r.High) {
			l, h := x.at(clamp(r.Low, lo, hi)), x.at(clamp(r.High, lo, hi))
			c.line(l, y, h, y, col, 2)
			c.line(l, y-5, l, y+5, col, 2)
			c.line(h, y-5, h, y+5, col, 2)
		}
		if !math.IsNaN(r.Value) {
			c.circle(x.at(clamp(r.Value, lo, hi)), y, 5, col, "#ffffff", tip)
		}
		c.text(labelW+plotW+10, y+4, "start", valueTexts[i], "fill", ink, "font-variant-numeric", "tabular-nums")
	}
	return c.end()
}

func clamp(x, lo, hi float64) float64 { return math.Max(lo, math.Min(hi, x)) }

// ForestDesc is a plain-text alternative for a forest plot: one sentence per
// row.
func ForestDesc(rows []Estimate, decimals int) string {
	var b strings.Builder
	for _, r := range rows {
		fmt.Fprintf(&b, "%s %s", r.Label, Format(r.Value, decimals))
		if !math.IsNaN(r.Low) && !math.IsNaN(r.High) {
			fmt.Fprintf(&b, " (interval %s to %s)", Format(r.Low, decimals), Format(r.High, decimals))
		}
		b.WriteString(". ")
	}
	return strings.TrimSpace(b.String())
}

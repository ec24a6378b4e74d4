package svg

import (
	"html"
	"math"
	"strconv"
	"strings"

	"agree/report"
)

// Palette is the Okabe–Ito palette without its yellow (too light on white
// paper) and black (kept for text), in the order series and categories
// take it.
var Palette = []string{"#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#999999", "#F0E442"}

// Colours with a fixed meaning in every plot.
const (
	Ink       = "#222222" // text and axes
	Muted     = "#666666" // secondary text
	Grid      = "#dddddd" // grid lines
	Highlight = "#D55E00" // disagreement, unaligned units, observed values (Okabe–Ito vermillion)
	Accent    = "#0072B2" // estimates (Okabe–Ito blue)
)

// Color returns the palette colour of index i (cycling).
func Color(i int) string { return Palette[((i%len(Palette))+len(Palette))%len(Palette)] }

// blues is ColorBrewer's sequential "Blues" (9 classes): monotone in
// lightness, so it reads in grey scale and under colour-vision deficiencies.
var blues = [][3]float64{
	{0xf7, 0xfb, 0xff}, {0xde, 0xeb, 0xf7}, {0xc6, 0xdb, 0xef}, {0x9e, 0xca, 0xe1}, {0x6b, 0xae, 0xd6},
	{0x42, 0x92, 0xc6}, {0x21, 0x71, 0xb5}, {0x08, 0x51, 0x9c}, {0x08, 0x30, 0x6b},
}

// Sequential returns the colour of t ∈ [0, 1] on the sequential scale
// (t is clamped; NaN gives a neutral grey).
func Sequential(t float64) string {
	if math.IsNaN(t) {
		return "#eeeeee"
	}
	t = math.Max(0, math.Min(1, t))
	x := t * float64(len(blues)-1)
	i := int(math.Floor(x))
	if i >= len(blues)-1 {
		i = len(blues) - 2
	}
	f := x - float64(i)
	var b strings.Builder
	b.WriteByte('#')
	for k := range 3 {
		v := blues[i][k] + f*(blues[i+1][k]-blues[i][k])
		b.WriteString(hex2(int(math.Round(v))))
	}
	return b.String()
}

// OnSequential is the text colour readable on Sequential(t).
func OnSequential(t float64) string {
	if t > 0.55 {
		return "#ffffff"
	}
	return Ink
}

func hex2(v int) string {
	const digits = "0123456789abcdef"
	return string([]byte{digits[v>>4&15], digits[v&15]})
}

// canvas accumulates the elements of one plot.
type canvas struct {
	w, h float64
	b    strings.Builder
}

// newCanvas starts an SVG of the given size whose accessible name is title
// and whose long description is desc.
func newCanvas(w, h float64, title, desc string) *canvas {
	c := &canvas{w: w, h: h}
	c.b.WriteString(`<svg xmlns="http://www.w3.org/2000/svg" class="plot" role="img" viewBox="0 0 `)
	c.b.WriteString(num(w) + " " + num(h))
	c.b.WriteString(`" width="` + num(w) + `" height="` + num(h) + `" font-family="system-ui, -apple-system, 'Segoe UI', 'DejaVu Sans', Arial, sans-serif" font-size="12">`)
	c.b.WriteString("<title>" + esc(title) + "</title>")
	if desc != "" {
		c.b.WriteString("<desc>" + esc(desc) + "</desc>")
	}
	c.b.WriteString("\n")
	return c
}

func (c *canvas) end() string {
	c.b.WriteString("</svg>\n")
	return c.b.String()
}

// num formats a coordinate with at most two decimals.
func num(x float64) string {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return "0"
	}
	s := strconv.FormatFloat(math.Round(x*100)/100, 'f', -1, 64)
	if s == "-0" {
		return "0"
	}
	return s
}

func esc(s string) string { return html.EscapeString(s) }

// attrs renders name/value pairs as attributes (values escaped).
func attrs(kv ...string) string {
	var b strings.Builder
	for i := 0; i+1 < len(kv); i += 2 {
		if kv[i+1] == "" {
			continue
		}
		b.WriteString(" " + kv[i] + `="` + esc(kv[i+1]) + `"`)
	}
	return b.String()
}

// rect draws a rectangle; tip, when set, becomes its tooltip.
func (c *canvas) rect(x, y, w, h float64, fill, stroke, tip string, extra ...string) {
	c.b.WriteString(`<rect x="` + num(x) + `" y="` + num(y) + `" width="` + num(math.Max(w, 0)) + `" height="` + num(math.Max(h, 0)) + `"`)
	c.b.WriteString(attrs(append([]string{"fill", fill, "stroke", stroke}, extra...)...))
	c.closeTip(tip)
}

func (c *canvas) closeTip(tip string) {
	if tip == "" {
		c.b.WriteString("/>\n")
		return
	}
	c.b.WriteString("><title>" + esc(tip) + "</title></rect>\n")
}

func (c *canvas) line(x1, y1, x2, y2 float64, stroke string, width float64, extra ...string) {
	c.b.WriteString(`<line x1="` + num(x1) + `" y1="` + num(y1) + `" x2="` + num(x2) + `" y2="` + num(y2) + `"`)
	c.b.WriteString(attrs(append([]string{"stroke", stroke, "stroke-width", num(width)}, extra...)...))
	c.b.WriteString("/>\n")
}

// text draws s at (x, y); anchor is start, middle or end.
func (c *canvas) text(x, y float64, anchor, s string, extra ...string) {
	c.b.WriteString(`<text x="` + num(x) + `" y="` + num(y) + `"`)
	if anchor != "start" && anchor != "" {
		c.b.WriteString(` text-anchor="` + anchor + `"`)
	}
	c.b.WriteString(attrs(extra...))
	c.b.WriteString(">" + esc(s) + "</text>\n")
}

func (c *canvas) circle(x, y, r float64, fill, stroke, tip string) {
	c.b.WriteString(`<circle cx="` + num(x) + `" cy="` + num(y) + `" r="` + num(r) + `"` + attrs("fill", fill, "stroke", stroke))
	if tip == "" {
		c.b.WriteString("/>\n")
		return
	}
	c.b.WriteString("><title>" + esc(tip) + "</title></circle>\n")
}

func (c *canvas) path(d, fill, stroke string, width float64, extra ...string) {
	c.b.WriteString(`<path d="` + d + `"` + attrs(append([]string{"fill", fill, "stroke", stroke, "stroke-width", num(width)}, extra...)...) + "/>\n")
}

// marker draws series marker k (circle, square, triangle, diamond, …) so
// that series differ in shape as well as colour.
func (c *canvas) marker(k int, x, y, r float64, fill, tip string) {
	var d string
	switch k % 4 {
	case 0:
		c.circle(x, y, r, fill, "#ffffff", tip)
		return
	case 1:
		d = "M" + num(x-r) + " " + num(y-r) + "h" + num(2*r) + "v" + num(2*r) + "h" + num(-2*r) + "z"
	case 2:
		d = "M" + num(x) + " " + num(y-r*1.2) + "L" + num(x+r*1.1) + " " + num(y+r*0.8) + "L" + num(x-r*1.1) + " " + num(y+r*0.8) + "z"
	default:
		d = "M" + num(x) + " " + num(y-r*1.3) + "L" + num(x+r*1.1) + " " + num(y) + "L" + num(x) + " " + num(y+r*1.3) + "L" + num(x-r*1.1) + " " + num(y) + "z"
	}
	c.b.WriteString(`<path d="` + d + `"` + attrs("fill", fill, "stroke", "#ffffff"))
	if tip == "" {
		c.b.WriteString("/>\n")
		return
	}
	c.b.WriteString("><title>" + esc(tip) + "</title></path>\n")
}

// textWidth estimates the width of s in pixels at the given font size
// (average glyph width of a sans-serif face).
func textWidth(s string, size float64) float64 {
	n := 0.0
	for _, r := range s {
		switch {
		case r == ' ' || r == '.' || r == ',' || r == 'i' || r == 'l' || r == '|':
			n += 0.3
		case r >= 'A' && r <= 'Z', r == 'm', r == 'w':
			n += 0.7
		case r >= '0' && r <= '9':
			n += 0.64 // tabular digits of the common sans-serif faces
		default:
			n += 0.56
		}
	}
	return n * size
}

// truncate shortens s to at most max runes, with an ellipsis.
func truncate(s string, max int) string {
	r := []rune(s)
	if len(r) <= max {
		return s
	}
	return string(r[:max-1]) + "…"
}

// Format prints x with the given decimals ("undefined" for NaN): the
// numbers drawn in plots use the rounding of the report's tables.
func Format(x float64, decimals int) string { return report.Float(x, decimals) }

// linear maps [d0, d1] onto [r0, r1].
type linear struct{ d0, d1, r0, r1 float64 }

func (s linear) at(x float64) float64 {
	if s.d1 == s.d0 {
		return (s.r0 + s.r1) / 2
	}
	return s.r0 + (x-s.d0)/(s.d1-s.d0)*(s.r1-s.r0)
}

// ticks returns about n round tick values covering [lo, hi].
func ticks(lo, hi float64, n int) []float64 {
	if !isFinite(lo) || !isFinite(hi) || !isFinite(hi-lo) {
		return nil
	}
	if !(hi > lo) || n < 1 {
		return []float64{lo}
	}
	raw := (hi - lo) / float64(n)
	mag := math.Pow(10, math.Floor(math.Log10(raw)))
	// The round step (1, 2 or 5 times a power of ten) nearest to raw on a
	// log scale.
	step := mag
	for _, m := range []float64{2, 5, 10} {
		if math.Abs(math.Log(m*mag/raw)) < math.Abs(math.Log(step/raw)) {
			step = m * mag
		}
	}
	var out []float64
	for v := math.Ceil(lo/step-1e-9) * step; v <= hi+step*1e-9; v += step {
		out = append(out, math.Round(v/step)*step)
	}
	return out
}

// tickLabel prints a tick value without spurious digits.
func tickLabel(v float64) string {
	if !isFinite(v) {
		return Format(v, 3)
	}
	s := strconv.FormatFloat(v, 'f', -1, 64)
	if len(s) > 8 {
		s = strconv.FormatFloat(v, 'g', 4, 64)
	}
	if s == "-0" {
		return "0"
	}
	return s
}

func isFinite(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) }

// finite returns the finite values of xs.
func finite(xs ...float64) []float64 {
	var out []float64
	for _, x := range xs {
		if !math.IsNaN(x) && !math.IsInf(x, 0) {
			out = append(out, x)
		}
	}
	return out
}

func minmax(xs []float64) (lo, hi float64) {
	lo, hi = math.Inf(1), math.Inf(-1)
	for _, x := range xs {
		lo, hi = math.Min(lo, x), math.Max(hi, x)
	}
	return lo, hi
}

package shuffle

import (
	"encoding/csv"
	"fmt"
	"html"
	"io"
	"math"
	"strconv"
	"strings"
)

// WriteCSV writes the points as CSV with the header
// error_type,magnitude,measure,mean,sd,defined,sets,note; undefined means
// are empty cells.
func WriteCSV(w io.Writer, pts []Point) error {
	cw := csv.NewWriter(w)
	if err := cw.Write([]string{"error_type", "magnitude", "measure", "mean", "sd", "defined", "sets", "note"}); err != nil {
		return err
	}
	num := func(x float64) string {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return ""
		}
		return strconv.FormatFloat(x, 'f', 6, 64)
	}
	for _, p := range pts {
		rec := []string{p.Errors.String(), strconv.FormatFloat(p.Magnitude, 'f', 2, 64), p.Measure,
			num(p.Mean), num(p.SD), strconv.Itoa(p.Defined), strconv.Itoa(p.Sets), p.Note}
		if err := cw.Write(rec); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

// palette holds distinguishable line colours (Okabe–Ito).
var palette = []string{"#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000", "#F0E442"}

// WriteSVG writes one line chart of the points of error type e: magnitude
// on the x axis, mean agreement on the y axis (from 1 down to 0, or lower
// when a measure goes below 0), one line per measure, in the order the
// measures first appear. An undefined mean breaks its line.
func WriteSVG(w io.Writer, e ErrorType, pts []Point) error {
	var measures []string
	series := map[string][]Point{}
	lo := 0.0
	for _, p := range pts {
		if p.Errors != e {
			continue
		}
		if _, ok := series[p.Measure]; !ok {
			measures = append(measures, p.Measure)
		}
		series[p.Measure] = append(series[p.Measure], p)
		if !math.IsNaN(p.Mean) {
			lo = math.Min(lo, p.Mean)
		}
	}
	if len(measures) == 0 {
		return fmt.Errorf("shuffle: no point for error type %s", e)
	}
	lo = math.Floor(lo*4) / 4 // y axis down to a multiple of 0.25
	const (
		width, height            = 640.0, 420.0
		left, right, top, bottom = 60.0, 150.0, 40.0, 50.0
		plotW, plotH             = width - left - right, height - top - bottom
	)
	x := func(m float64) float64 { return left + m*plotW }
	y := func(v float64) float64 { return top + (1-v)/(1-lo)*plotH }
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%g" height="%g" viewBox="0 0 %g %g" font-family="sans-serif" font-size="12">`+"\n", width, height, width, height)
	fmt.Fprintf(&b, `<rect width="%g" height="%g" fill="white"/>`+"\n", width, height)
	fmt.Fprintf(&b, `<text x="%g" y="20" text-anchor="middle" font-size="14">Agreement against magnitude: %s errors</text>`+"\n", left+plotW/2, html.EscapeString(e.String()))
	// Grid and ticks.
	for t := 0.0; t <= 1.0001; t += 0.1 {
		fmt.Fprintf(&b, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="#ddd"/>`+"\n", x(t), top, x(t), top+plotH)
		fmt.Fprintf(&b, `<text x="%.1f" y="%.1f" text-anchor="middle">%.1f</text>`+"\n", x(t), top+plotH+16, t)
	}
	for v := lo; v <= 1.0001; v += 0.25 {
		stroke := "#ddd"
		if math.Abs(v) < 1e-9 {
			stroke = "#888"
		}
		fmt.Fprintf(&b, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="%s"/>`+"\n", left, y(v), left+plotW, y(v), stroke)
		fmt.Fprintf(&b, `<text x="%.1f" y="%.1f" text-anchor="end">%.2f</text>`+"\n", left-6, y(v)+4, v)
	}
	fmt.Fprintf(&b, `<rect x="%g" y="%g" width="%g" height="%g" fill="none" stroke="#000"/>`+"\n", left, top, plotW, plotH)
	fmt.Fprintf(&b, `<text x="%.1f" y="%.1f" text-anchor="middle">magnitude</text>`+"\n", left+plotW/2, height-12)
	fmt.Fprintf(&b, `<text x="16" y="%.1f" text-anchor="middle" transform="rotate(-90 16 %.1f)">mean agreement</text>`+"\n", top+plotH/2, top+plotH/2)
	for i, name := range measures {
		col := palette[i%len(palette)]
		var seg []string
		flush := func() {
			if len(seg) > 1 {
				fmt.Fprintf(&b, `<polyline fill="none" stroke="%s" stroke-width="2" points="%s"/>`+"\n", col, strings.Join(seg, " "))
			} else if len(seg) == 1 {
				var cx, cy float64
				fmt.Sscanf(seg[0], "%g,%g", &cx, &cy)
				fmt.Fprintf(&b, `<circle cx="%.1f" cy="%.1f" r="2.5" fill="%s"/>`+"\n", cx, cy, col)
			}
			seg = seg[:0]
		}
		for _, p := range series[name] {
			if math.IsNaN(p.Mean) {
				flush()
				continue
			}
			seg = append(seg, fmt.Sprintf("%.1f,%.1f", x(p.Magnitude), y(p.Mean)))
		}
		flush()
		ly := top + 10 + float64(i)*18
		fmt.Fprintf(&b, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="%s" stroke-width="2"/>`+"\n", left+plotW+12, ly, left+plotW+32, ly, col)
		fmt.Fprintf(&b, `<text x="%.1f" y="%.1f">%s</text>`+"\n", left+plotW+38, ly+4, html.EscapeString(name))
	}
	b.WriteString("</svg>\n")
	_, err := io.WriteString(w, b.String())
	return err
}

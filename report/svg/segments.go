package svg

import (
	"math"
	"strconv"

	"agree/internal/plural"
)

// Segmented is one coder's segmentation of an item: the positions of its
// boundaries, 1 … Units−1 (a boundary at p lies after unit p).
type Segmented struct {
	Label      string
	Boundaries []int
}

// Edit is a boundary edit between rows Row and Row+1 of a segmentation
// plot: an addition (Kind "addition", a boundary at Pos in one row only),
// a substitution ("substitution", boundaries of different types at Pos)
// or a transposition ("transposition", from Pos in one row to To in the
// other).
type Edit struct {
	Row     int
	Kind    string
	Pos, To int
}

// SegmentOptions configure Segmentations.
type SegmentOptions struct {
	Title, Desc string
	// Units is the number of units of the item (the width of each row).
	Units int
	// Width of the drawing area in pixels (default 720).
	Width float64
}

// Segmentations draws the segmentations of one item one above another:
// each row is the item's units with the segments shaded alternately and
// the boundaries as bars; between two rows, the boundary edits that
// separate them: a transposition as a slanted line from one boundary to
// the other, an addition as a triangle on the boundary that has no
// partner, a substitution as a diamond.
func Segmentations(rows []Segmented, edits []Edit, o SegmentOptions) string {
	plotW := o.Width
	if plotW == 0 {
		plotW = 720
	}
	units := max(o.Units, 1)
	labelW := 40.0
	for _, r := range rows {
		labelW = math.Max(labelW, textWidth(truncate(r.Label, 20), 12)+14)
	}
	const rowH, gap, top = 18.0, 22.0, 6.0
	n := len(rows)
	axisY := top + float64(n)*rowH + float64(max(n-1, 0))*gap + 6
	h := axisY + 44
	c := newCanvas(labelW+plotW+16, h, o.Title, o.Desc)
	x := linear{0, float64(units), labelW, labelW + plotW}
	rowTop := func(r int) float64 { return top + float64(r)*(rowH+gap) }
	for r, s := range rows {
		y := rowTop(r)
		c.text(labelW-8, y+rowH/2+4, "end", truncate(s.Label, 20), "fill", Ink)
		prev := 0
		for k, b := range append(append([]int{}, s.Boundaries...), units) {
			fill := "#c6dbef"
			if k%2 == 1 {
				fill = "#e8f1fa"
			}
			tip := s.Label + ": segment of " + plural.Count(b-prev, "unit") + ", " + strconv.Itoa(prev+1) + "–" + strconv.Itoa(b)
			c.rect(x.at(float64(prev)), y, x.at(float64(b))-x.at(float64(prev)), rowH, fill, "", tip)
			prev = b
		}
		for _, b := range s.Boundaries {
			c.line(x.at(float64(b)), y-2, x.at(float64(b)), y+rowH+2, Ink, 2)
		}
	}
	for _, e := range edits {
		if e.Row < 0 || e.Row+1 >= n {
			continue
		}
		y0, y1 := rowTop(e.Row)+rowH+2, rowTop(e.Row+1)-2
		mid := (y0 + y1) / 2
		switch e.Kind {
		case "transposition":
			c.b.WriteString(`<path d="M` + num(x.at(float64(e.Pos))) + " " + num(y0) + "L" + num(x.at(float64(e.To))) + " " + num(y1) +
				`" stroke="` + Accent + `" stroke-width="2" fill="none"><title>transposition ` + strconv.Itoa(e.Pos) + " → " + strconv.Itoa(e.To) + "</title></path>\n")
		case "substitution":
			px := x.at(float64(e.Pos))
			c.b.WriteString(`<path d="M` + num(px) + " " + num(mid-6) + "l5 6l-5 6l-5 -6z" + `" fill="` + Color(1) + `" stroke="#ffffff"><title>substitution at ` + strconv.Itoa(e.Pos) + "</title></path>\n")
		default:
			px := x.at(float64(e.Pos))
			c.b.WriteString(`<path d="M` + num(px) + " " + num(mid-6) + "l6 11h-12z" + `" fill="` + Highlight + `" stroke="#ffffff"><title>addition (boundary in one row only) at ` + strconv.Itoa(e.Pos) + "</title></path>\n")
		}
	}
	c.line(labelW, axisY, labelW+plotW, axisY, Ink, 1)
	for _, t := range ticks(0, float64(units), 10) {
		c.line(x.at(t), axisY, x.at(t), axisY+4, Ink, 1)
		c.text(x.at(t), axisY+15, "middle", tickLabel(t), "fill", Muted, "font-size", "10")
	}
	// Legend.
	ly := axisY + 34
	lx := labelW
	c.b.WriteString(`<path d="M` + num(lx+6) + " " + num(ly-11) + "l6 11h-12z" + `" fill="` + Highlight + `"/>` + "\n")
	c.text(lx+16, ly, "start", "addition / deletion", "fill", Ink, "font-size", "11")
	lx += 130
	c.line(lx, ly-10, lx+12, ly, Accent, 2)
	c.text(lx+18, ly, "start", "transposition", "fill", Ink, "font-size", "11")
	lx += 108
	c.b.WriteString(`<path d="M` + num(lx+5) + " " + num(ly-11) + "l5 6l-5 6l-5 -6z" + `" fill="` + Color(1) + `"/>` + "\n")
	c.text(lx+14, ly, "start", "substitution (type)", "fill", Ink, "font-size", "11")
	return c.end()
}

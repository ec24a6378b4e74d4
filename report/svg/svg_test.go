package svg

import (
	"encoding/xml"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden SVG files under testdata/")

var nan = math.NaN()

// plots are one example of each plot, as the reports draw them.
func plots() map[string]string {
	return map[string]string{
		"forest": Forest([]Estimate{
			{Label: "Krippendorff's α", Value: 0.691, Low: 0.512, High: 0.87},
			{Label: "Fleiss's κ", Value: 0.688, Low: 0.5, High: 0.87},
			{Label: "percent agreement", Value: 0.82, Low: nan, High: nan, Muted: true, Note: "no scale"},
			{Label: "κ_w (interval)", Value: -0.05, Low: -0.3, High: 0.2, Muted: true},
			{Label: "AC1", Value: nan, Low: nan, High: nan, Note: "undefined: one category"},
		}, ForestOptions{Title: "coefficients", Desc: "five coefficients", Scales: true}),
		"heatmap": Heatmap([]string{"a", "b", "c"}, []string{"a", "b", "c"},
			[][]float64{{10, 2, 0}, {2, 7.5, 1}, {0, 1, nan}},
			HeatmapOptions{Title: "coincidences", RowTitle: "value", ColTitle: "value", Decimals: 1, Diagonal: true}),
		"heatmap-rotated": Heatmap([]string{"annotator one", "annotator two"}, []string{"annotator one", "annotator two"},
			[][]float64{{1, 0.42}, {0.42, 1}}, HeatmapOptions{Title: "pairs", Min: 0, Max: 1, Decimals: 3}),
		"bars": Bars([]Bar{{"PER", 0.9, ""}, {"LOC", 0.45, "12 items"}, {"MISC", -0.2, ""}, {"ORG", nan, "undefined"}},
			BarOptions{Title: "per category", Refs: []Ref{{0.8, "0.8"}}}),
		"histogram": Histogram([]float64{0.1, 0.2, 0.2, 0.25, 0.3, 0.3, 0.3, 0.35, 0.4, nan},
			HistogramOptions{Title: "bootstrap", XLabel: "α", Bins: 6, Marks: []Mark{{0.28, "observed 0.280", false}, {0.15, "2.5%", true}, {0.38, "97.5%", true}}, Shade: [2]float64{0.15, 0.38}}),
		"timeline": Timeline([]Unit{
			{Track: 0, Start: 1, End: 4, Category: "A"}, {Track: 1, Start: 1.5, End: 4, Category: "A"}, {Track: 2, Start: 1, End: 3.5, Category: "B"},
			{Track: 0, Start: 6, End: 8, Category: "B"}, {Track: 1, Start: 6.5, End: 8, Category: "B"},
			{Track: 2, Start: 9, End: 9.5, Category: "A", Unaligned: true},
		}, []Link{{Units: []int{0, 1, 2}, Disorder: 0.4}, {Units: []int{3, 4}, Disorder: 0.1}, {Units: []int{5}, Disorder: 1}},
			TimelineOptions{Title: "continuum", Tracks: []string{"ann1", "ann2", "ann3"}}),
		"lines": Lines([]Series{{"γ", []float64{0, 0.5, 1}, []float64{1, 0.6, 0.2}}, {"αU", []float64{0, 0.5, 1}, []float64{1, nan, 0.1}}},
			LinesOptions{Title: "shuffle", XLabel: "magnitude", YLabel: "value"}),
		"segmentations": Segmentations([]Segmented{{"an1", []int{2, 5, 9}}, {"an2", []int{2, 6}}, {"an3", []int{2, 6, 8}}},
			[]Edit{{Row: 0, Kind: "transposition", Pos: 5, To: 6}, {Row: 0, Kind: "addition", Pos: 9}, {Row: 1, Kind: "addition", Pos: 8}, {Row: 1, Kind: "substitution", Pos: 2}},
			SegmentOptions{Title: "item 1", Units: 11}),
	}
}

func TestGolden(t *testing.T) {
	for name, got := range plots() {
		path := filepath.Join("testdata", name+".svg")
		if *update {
			if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(path)
		if err != nil {
			t.Fatalf("%v (run go test ./report/svg -update to create it)", err)
		}
		if got != string(want) {
			t.Errorf("%s differs from %s (rerun with -update if the change is intended)", name, path)
		}
	}
}

// Every plot is well-formed XML with an accessible name, and the same
// input draws the same bytes.
func TestWellFormedAccessibleDeterministic(t *testing.T) {
	again := plots()
	for name, s := range plots() {
		if s != again[name] {
			t.Errorf("%s: two drawings of the same input differ", name)
		}
		dec := xml.NewDecoder(strings.NewReader(s))
		depth, sawTitle := 0, false
		for {
			tok, err := dec.Token()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatalf("%s: not well-formed XML: %v", name, err)
			}
			switch el := tok.(type) {
			case xml.StartElement:
				depth++
				if depth == 1 && (el.Name.Local != "svg" || !hasAttr(el, "role", "img")) {
					t.Errorf("%s: root is <%s>, want <svg role=img>", name, el.Name.Local)
				}
				if depth == 2 && el.Name.Local == "title" {
					sawTitle = true
				}
			case xml.EndElement:
				depth--
			}
		}
		if !sawTitle {
			t.Errorf("%s: no <title> as the svg's first child (text alternative)", name)
		}
		for _, bad := range []string{"NaN", "Inf", "<script", "href=\"http"} {
			if strings.Contains(s, bad) {
				t.Errorf("%s: contains %q", name, bad)
			}
		}
	}
}

func hasAttr(el xml.StartElement, name, value string) bool {
	for _, a := range el.Attr {
		if a.Name.Local == name && a.Value == value {
			return true
		}
	}
	return false
}

// The numbers a plot prints are the rounded values it was given.
func TestPrintedNumbers(t *testing.T) {
	s := Forest([]Estimate{{Label: "α", Value: 0.69139, Low: 0.51234, High: 0.8705}}, ForestOptions{Title: "t"})
	if !strings.Contains(s, "0.691 [0.512, 0.871]") {
		t.Errorf("forest does not print the value and interval with 3 decimals:\n%s", s)
	}
	s = Heatmap([]string{"x"}, []string{"y"}, [][]float64{{12}}, HeatmapOptions{Title: "t"})
	if !strings.Contains(s, ">12</text>") {
		t.Errorf("heatmap does not print its cell")
	}
	// Escaping: labels are text, never markup.
	s = Bars([]Bar{{Label: "<b>&", Value: 0.5}}, BarOptions{Title: "a<b"})
	if strings.Contains(s, "<b>") || !strings.Contains(s, "&lt;b&gt;&amp;") {
		t.Errorf("labels not escaped")
	}
}

func TestScalesAndTicks(t *testing.T) {
	for _, c := range []struct {
		lo, hi float64
		n      int
		want   string
		reason string
	}{
		{0, 1, 5, "0 0.2 0.4 0.6 0.8 1", "unit interval in fifths"},
		{-0.3, 1, 6, "-0.2 0 0.2 0.4 0.6 0.8 1", "negative start is rounded inwards"},
		{0, 37, 4, "0 10 20 30", "counts: steps of 10"},
		{2, 2, 4, "2", "empty range: one tick"},
	} {
		var parts []string
		for _, v := range ticks(c.lo, c.hi, c.n) {
			parts = append(parts, tickLabel(v))
		}
		if got := strings.Join(parts, " "); got != c.want {
			t.Errorf("ticks(%v, %v, %d) = %s, want %s (%s)", c.lo, c.hi, c.n, got, c.want, c.reason)
		}
	}
	if Sequential(0) != "#f7fbff" || Sequential(1) != "#08306b" || Sequential(nan) != "#eeeeee" {
		t.Errorf("sequential ends: %s %s %s", Sequential(0), Sequential(1), Sequential(nan))
	}
	if Format(-0.0001, 3) != "0.000" || Format(nan, 3) != "undefined" {
		t.Errorf("Format: %q %q", Format(-0.0001, 3), Format(nan, 3))
	}
}

// Degenerate and extreme inputs draw a well-formed plot with no NaN or
// infinity in it, and never panic.
func TestExtremeInputs(t *testing.T) {
	inf := math.Inf(1)
	for _, c := range []struct {
		name string
		vals []float64
	}{
		{"empty", nil},
		{"all undefined", []float64{nan, nan}},
		{"infinities", []float64{inf, -inf, 0.5}},
		{"huge", []float64{1e308, -1e308, 1e300}},
		{"one value", []float64{0.7}},
		{"constant", []float64{2, 2, 2}},
	} {
		v := func(i int) float64 {
			if i < len(c.vals) {
				return c.vals[i]
			}
			return nan
		}
		var bars []Bar
		var ests []Estimate
		var units []Unit
		var cells [][]float64
		for i, x := range c.vals {
			bars = append(bars, Bar{Label: "b", Value: x})
			ests = append(ests, Estimate{Label: "e", Value: x, Low: v(i + 1), High: x})
			units = append(units, Unit{Track: i % 2, Start: x, End: v(i + 1), Category: "c"})
			cells = append(cells, append([]float64(nil), c.vals...))
		}
		labels := make([]string, len(c.vals))
		plots := map[string]string{
			"forest":    Forest(ests, ForestOptions{Title: "t", Scales: true}),
			"forest2":   Forest(ests, ForestOptions{Title: "t", Min: v(0), Max: v(1)}),
			"bars":      Bars(bars, BarOptions{Title: "t", Refs: []Ref{{X: v(0), Label: "r"}}}),
			"histogram": Histogram(c.vals, HistogramOptions{Title: "t", Marks: []Mark{{X: v(0), Label: "m"}}, Shade: [2]float64{v(0), v(1)}}),
			"heatmap":   Heatmap(labels, labels, cells, HeatmapOptions{Title: "t"}),
			"timeline":  Timeline(units, []Link{{Units: []int{0, 1}}}, TimelineOptions{Title: "t", Tracks: []string{"a", "b"}}),
			"lines":     Lines([]Series{{Name: "s", X: c.vals, Y: c.vals}}, LinesOptions{Title: "t"}),
			"segments":  Segmentations([]Segmented{{"a", []int{1, 2}}}, []Edit{{Row: 0, Kind: "addition", Pos: 1}}, SegmentOptions{Title: "t", Units: len(c.vals)}),
		}
		for name, s := range plots {
			dec := xml.NewDecoder(strings.NewReader(s))
			for {
				_, err := dec.Token()
				if err == io.EOF {
					break
				}
				if err != nil {
					t.Fatalf("%s, %s: not well-formed: %v", c.name, name, err)
				}
			}
			for _, bad := range []string{"NaN", "Inf", `="-0"`} {
				if strings.Contains(s, bad) {
					t.Errorf("%s, %s: contains %q", c.name, name, bad)
				}
			}
			if len(s) > 200_000 {
				t.Errorf("%s, %s: %d bytes", c.name, name, len(s))
			}
		}
	}
}

func TestCellLabel(t *testing.T) {
	for _, c := range []struct {
		v        float64
		decimals int
		width    float64
		want     string
		reason   string
	}{
		{12.5, 1, 40, "12.5", "fits"},
		{48668.3, 1, 40, "48668", "decimals dropped first"},
		{48668.3, 1, 30, "49k", "then thousands (48.7k is wider than 48668)"},
		{4.8e9, 0, 30, "4.8G", "billions"},
		{48668.3, 1, 5, "", "nothing fits: the tooltip and the table keep it"},
	} {
		if got := cellLabel(c.v, c.decimals, c.width, 12); got != c.want {
			t.Errorf("cellLabel(%v, %d, %v) = %q, want %q (%s)", c.v, c.decimals, c.width, got, c.want, c.reason)
		}
	}
}

// TestNegativeDrawnNegative: an axis given by the caller (Min 0, Max 1)
// widens to a negative value rather than drawing it at zero (issue 18 §6:
// a coreference α of −0.8 was drawn as 0).
func TestNegativeDrawnNegative(t *testing.T) {
	forest := Forest([]Estimate{{Label: "α", Value: -0.3, Low: -0.6, High: 0.1}}, ForestOptions{Min: 0, Max: 1})
	if !strings.Contains(forest, ">-0.6<") && !strings.Contains(forest, ">-0.5<") {
		t.Errorf("the forest's axis does not go below 0 for the interval's −0.6:\n%s", forest)
	}
	// a bar of −0.8 is as long as one of 0.8 would be, to the left of zero
	x := func(svg, label string) (start, width float64) {
		i := strings.Index(svg, `<title>`+label+`: `)
		j := strings.LastIndex(svg[:i], `<rect x="`)
		fmt.Sscanf(svg[j:], `<rect x="%g" y="%*g" width="%g"`, &start, &width)
		return
	}
	neg := Bars([]Bar{{Label: "a", Value: -0.8}, {Label: "b", Value: 0.8}}, BarOptions{Min: 0, Max: 1})
	s1, w1 := x(neg, "a")
	s2, w2 := x(neg, "b")
	if math.Abs(w1-w2) > 0.5 || s1+w1 > s2+0.5 {
		t.Errorf("−0.8 drawn [%v, +%v), 0.8 drawn [%v, +%v): want equal lengths on either side of zero", s1, w1, s2, w2)
	}
}

// TestHeatmapFit: with Fit the colour scale spans the cells' range (the
// diagonal of an annotator with itself left out), so F1 0.82 and 0.96 get
// clearly different shades; without it the given bounds hold.
func TestHeatmapFit(t *testing.T) {
	names := []string{"A", "B", "C"}
	cells := [][]float64{{1, 0.82, 0.96}, {0.82, 1, 0.9}, {0.96, 0.9, 1}}
	lo, hi := heatmapScale(names, names, cells, HeatmapOptions{Fit: true})
	if lo != 0.82 || hi != 0.96 {
		t.Errorf("fit: scale [%v, %v], want the off-diagonal range [0.82, 0.96]", lo, hi)
	}
	if a, b := Sequential((0.82-lo)/(hi-lo)), Sequential((0.96-lo)/(hi-lo)); a == b {
		t.Errorf("0.82 and 0.96 share a colour %s", a)
	}
	lo, hi = heatmapScale(names, names, cells, HeatmapOptions{Min: 0, Max: 1})
	if lo != 0 || hi != 1 {
		t.Errorf("given bounds: [%v, %v]", lo, hi)
	}
	lo, _ = heatmapScale(names, names, [][]float64{{1, -0.8}, {-0.8, 1}}, HeatmapOptions{Min: 0, Max: 1})
	if lo != -0.8 {
		t.Errorf("a negative cell outside the given bounds: scale from %v, want −0.8", lo)
	}
	counts := [][]float64{{5, 2}, {0, 7}}
	if lo, hi := heatmapScale([]string{"x", "y"}, []string{"x", "y"}, counts, HeatmapOptions{}); lo != 0 || hi != 7 {
		t.Errorf("counts: [%v, %v], want [0, 7]", lo, hi)
	}
}

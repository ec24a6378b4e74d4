package view

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"

	"agree/report"
	"agree/report/svg"
)

// Bounds of what a report draws, so that a page stays readable and small
// whatever the input's size. Every bound that bites is said on the page.
const (
	TopCategories = 20  // categories in the coincidence heatmap
	TopBars       = 30  // bars in a bar chart
	TopCoders     = 25  // coders in the pairwise heatmap
	TableRows     = 100 // rows of a table
	Histograms    = 4   // bootstrap histograms
	ItemsDrawn    = 8   // items drawn (segmentations, spans documents)
)

// DropColumn removes the named column of t.
func DropColumn(t report.Table, name string) report.Table {
	c := -1
	for i, h := range t.Header {
		if h == name {
			c = i
		}
	}
	if c < 0 {
		return t
	}
	out := t
	out.Header = append(append([]string(nil), t.Header[:c]...), t.Header[c+1:]...)
	out.Rows = nil
	for _, r := range t.Rows {
		if c < len(r) {
			r = append(append([]string(nil), r[:c]...), r[c+1:]...)
		}
		out.Rows = append(out.Rows, r)
	}
	return out
}

// DefinedRows drops the rows whose column named col is "undefined" (the
// page lists them, with their reasons, under the table).
func DefinedRows(t report.Table, name string) report.Table {
	col := -1
	for i, h := range t.Header {
		if h == name {
			col = i
		}
	}
	if col < 0 {
		return t
	}
	out := t
	out.Rows = nil
	for _, r := range t.Rows {
		if col < len(r) && r[col] == "undefined" {
			continue
		}
		out.Rows = append(out.Rows, r)
	}
	return out
}

// TopMatrix keeps the n labels with the largest row sums of a square
// matrix (in their original order) and says so.
func TopMatrix(labels []string, cells [][]float64, n int) ([]string, [][]float64, string) {
	if len(labels) <= n {
		return labels, cells, ""
	}
	idx := make([]int, len(labels))
	sums := make([]float64, len(labels))
	for i := range labels {
		idx[i] = i
		for _, v := range cells[i] {
			sums[i] += v
		}
	}
	sort.SliceStable(idx, func(a, b int) bool { return sums[idx[a]] > sums[idx[b]] })
	idx = idx[:n]
	sort.Ints(idx)
	out := make([][]float64, n)
	lab := make([]string, n)
	for a, i := range idx {
		lab[a] = labels[i]
		out[a] = make([]float64, n)
		for b, j := range idx {
			out[a][b] = cells[i][j]
		}
	}
	return lab, out, fmt.Sprintf(" Showing the %d most frequent of %d categories.", n, len(labels))
}

// PairCells lays values of pairs out as a symmetric names × names matrix:
// 1 on the diagonal, NaN where no pair gives a value. pairs calls set for
// each pair; pairs with a name outside names are left out.
func PairCells(names []string, pairs func(set func(a, b string, v float64))) [][]float64 {
	at := map[string]int{}
	for i, n := range names {
		at[n] = i
	}
	cells := make([][]float64, len(names))
	for i := range cells {
		cells[i] = make([]float64, len(names))
		for j := range cells[i] {
			cells[i][j] = math.NaN()
		}
		cells[i][i] = 1
	}
	pairs(func(a, b string, v float64) {
		i, ok1 := at[a]
		j, ok2 := at[b]
		if ok1 && ok2 {
			cells[i][j], cells[j][i] = v, v
		}
	})
	return cells
}

// CountDecimals is 0 when every cell is a whole number, else 1.
func CountDecimals(cells [][]float64) int {
	for _, r := range cells {
		for _, v := range r {
			if v != math.Trunc(v) {
				return 1
			}
		}
	}
	return 0
}

// MatrixDesc is the text alternative of a heatmap: its rows, bounded.
func MatrixDesc(what string, labels []string, cells [][]float64) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s over %d labels.", what, len(labels))
	for i, r := range cells {
		if i >= 12 {
			b.WriteString(" …")
			break
		}
		b.WriteString(" Row " + labels[i] + ":")
		for j, v := range r {
			if j >= 12 {
				b.WriteString(" …")
				break
			}
			b.WriteString(" " + strconv.FormatFloat(math.Round(v*1000)/1000, 'g', -1, 64))
		}
		b.WriteString(".")
	}
	return b.String()
}

// BarsDesc is the text alternative of a bar chart.
func BarsDesc(bars []svg.Bar) string {
	var parts []string
	for _, b := range bars {
		parts = append(parts, b.Label+" "+svg.Format(b.Value, 3))
	}
	return strings.Join(parts, "; ")
}

// OrStdin names standard input when name is empty or "-".
func OrStdin(name string) string {
	if name == "" || name == "-" {
		return "standard input"
	}
	return name
}

// BaseNames are the base names of files, for titles.
func BaseNames(files []string) []string {
	var out []string
	for _, f := range files {
		if f == "-" {
			out = append(out, "standard input")
			continue
		}
		out = append(out, PathBase(f))
	}
	if len(out) > 4 {
		out = append(out[:3], fmt.Sprintf("… (%d inputs)", len(files)))
	}
	return out
}

// PathBase is the last element of a slash- or backslash-separated path.
func PathBase(p string) string {
	p = strings.TrimRight(p, "/")
	if i := strings.LastIndexByte(p, '/'); i >= 0 {
		return p[i+1:]
	}
	return p
}

// SortedKeys returns the keys of m in order.
func SortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// Bounds of the timelines of the γ and unitizing pages.
const (
	ContinuaDrawn = 3  // continua drawn as timelines
	TimelineUnits = 40 // units drawn per annotator in a timeline (a window of the continuum)
)

// Coord writes a coordinate of a continuum (6 significant digits).
func Coord(x float64) string { return strconv.FormatFloat(x, 'g', 6, 64) }

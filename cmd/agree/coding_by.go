package main

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"agree/coding"
	"agree/report"
	"agree/report/svg"
)

// splitByColumns takes the --by columns out of a table read with them as
// coders (a wide table's columns, a transposed table's rows): it returns
// the data without them and the items of each combination of their
// values, in order (numbers by value, dates by time, else natural order).
// An item without a value in a column is in the group "(none)" of it.
func splitByColumns(d *coding.Data, cols []string) (*coding.Data, []itemGroup, error) {
	idx := make([]int, len(cols))
	for i, c := range cols {
		idx[i] = -1
		for k, n := range d.Coders() {
			if n == strings.TrimSpace(c) {
				idx[i] = k
			}
		}
		if idx[i] < 0 {
			return nil, nil, usagef("coding: --by %s: the table has no column %q (columns: %s; --by COLUMN reads wide and transposed tables, whose other columns are the coders)", strings.Join(cols, ","), c, strings.Join(d.Coders(), ", "))
		}
	}
	var keep []int
	for k := range d.Coders() {
		if !slices.Contains(idx, k) {
			keep = append(keep, k)
		}
	}
	labels := d.Labels()
	byKey := map[string]int{}
	var groups []itemGroup
	vals := make([]string, len(cols))
	for i := range d.NumItems() {
		for j, c := range idx {
			vals[j] = "(none)"
			if v := d.Value(i, c); v != coding.Missing {
				vals[j] = labels[v]
			}
		}
		key := strings.Join(vals, ", ")
		g, ok := byKey[key]
		if !ok {
			g = len(groups)
			byKey[key] = g
			m := map[string]string{}
			for j, c := range cols {
				m[strings.TrimSpace(c)] = vals[j]
			}
			groups = append(groups, itemGroup{name: key, values: m})
		}
		groups[g].items = append(groups[g].items, i)
	}
	sortGroups(groups, cols)
	// The data without the columns, its values interned anew (so that
	// the columns' values are no category).
	b := coding.NewBuilder()
	b.SetSource(d.Source())
	if decl := d.Declared(); len(decl) > 0 {
		if err := b.DeclareCategories(decl, false); err != nil {
			return nil, nil, err
		}
	}
	coders := make([]int, len(keep))
	for j, k := range keep {
		coders[j] = b.Coder(d.Coders()[k])
	}
	b.Reserve(d.NumItems())
	items := d.Items()
	for i := range d.NumItems() {
		id := strconv.Itoa(i + 1)
		if i < len(items) {
			id = items[i]
		}
		item := b.AppendItem(id)
		for j, k := range keep {
			if v := d.Value(i, k); v != coding.Missing {
				if err := b.Set(item, coders[j], labels[v], d.FirstSeen(v)); err != nil {
					return nil, nil, err
				}
			}
		}
	}
	out, err := b.Build()
	return out, groups, err
}

// groupOrder is how a column's values are ordered: as numbers, as dates,
// or as text (natural order).
func groupOrder(values []string) string {
	num, date := true, true
	for _, v := range values {
		if _, err := strconv.ParseFloat(v, 64); err != nil {
			num = false
		}
		if _, ok := parseDate(v); !ok {
			date = false
		}
	}
	switch {
	case num:
		return "number"
	case date:
		return "date"
	}
	return "text"
}

func parseDate(s string) (time.Time, bool) {
	for _, layout := range []string{"2006-01-02", time.RFC3339, "2006-01-02T15:04:05", "2006-01-02 15:04:05", "2006-01"} {
		if t, err := time.Parse(layout, s); err == nil {
			return t, true
		}
	}
	return time.Time{}, false
}

// sortGroups orders groups by their first column, then the next: numbers
// by value, dates by time, other values in natural order; "(none)" last.
func sortGroups(groups []itemGroup, cols []string) {
	for i, c := range cols {
		cols[i] = strings.TrimSpace(c)
	}
	order := map[string]string{}
	for _, c := range cols {
		var vs []string
		for _, g := range groups {
			if v := g.values[c]; v != "(none)" {
				vs = append(vs, v)
			}
		}
		order[c] = groupOrder(vs)
	}
	slices.SortStableFunc(groups, func(x, y itemGroup) int {
		for _, c := range cols {
			if r := compareValues(x.values[c], y.values[c], order[c]); r != 0 {
				return r
			}
		}
		return 0
	})
}

func compareValues(a, b, order string) int {
	switch {
	case a == b:
		return 0
	case a == "(none)":
		return 1
	case b == "(none)":
		return -1
	}
	switch order {
	case "number":
		x, _ := strconv.ParseFloat(a, 64)
		y, _ := strconv.ParseFloat(b, 64)
		if x < y {
			return -1
		} else if x > y {
			return 1
		}
	case "date":
		x, _ := parseDate(a)
		y, _ := parseDate(b)
		return x.Compare(y)
	}
	return coding.CompareNatural(a, b)
}

// trend returns, when the --by column is ordered (one column of numbers or
// dates), the groups' positions on the x axis (the numbers, or days since
// the first date) and the axis label; ok false otherwise.
func (res *codingResult) trend() (xs []float64, label string, ok bool) {
	if len(res.By) != 1 || len(res.PerGroup) < 2 {
		return nil, "", false
	}
	var vs []string
	for _, g := range res.PerGroup {
		if g.Group == "(none)" {
			return nil, "", false
		}
		vs = append(vs, g.Group)
	}
	switch groupOrder(vs) {
	case "number":
		for _, v := range vs {
			x, _ := strconv.ParseFloat(v, 64)
			xs = append(xs, x)
		}
		return xs, res.By[0], true
	case "date":
		t0, _ := parseDate(vs[0])
		for _, v := range vs {
			t, _ := parseDate(v)
			xs = append(xs, math.Round(t.Sub(t0).Hours()/24*1000)/1000)
		}
		return xs, fmt.Sprintf("%s (days since %s)", res.By[0], vs[0]), true
	}
	return nil, "", false
}

// trendSection draws α, Fleiss's κ and Gwet's AC of each group against the
// ordered --by column (a line chart), with the per-group table.
func (res *codingResult) trendSection() (report.Section, bool) {
	xs, label, ok := res.trend()
	if !ok {
		return report.Section{}, false
	}
	var series []svg.Series
	var desc strings.Builder
	fmt.Fprintf(&desc, "Coefficients per %s.", label)
	for _, k := range []coding.Coefficient{coding.KrippendorffAlpha, coding.FleissKappa, coding.GwetAC} {
		s := svg.Series{Name: k.String(), X: xs}
		for _, g := range res.PerGroup {
			v := float64(g.Coefficients[k.Key()])
			s.Y = append(s.Y, v)
			if k == coding.KrippendorffAlpha {
				fmt.Fprintf(&desc, " %s: α %s.", g.Group, report.Float(v, 3))
			}
		}
		series = append(series, s)
	}
	chart := svg.Lines(series, svg.LinesOptions{Title: "Agreement per " + res.By[0], Desc: desc.String(), XLabel: label, YLabel: "coefficient"})
	return report.Section{ID: "trend", Title: "Agreement per " + res.By[0], Blocks: []report.Block{
		report.FigureBlock(chart, fmt.Sprintf("Krippendorff's α, Fleiss's κ and Gwet's AC on each %s's items alone, in order of %s (the corpus value: %s).", res.By[0], label, res.Corpus.Description)),
		report.TableBlock(res.documentTable()[0]),
	}}, true
}

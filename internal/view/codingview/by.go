package codingview

import (
	"fmt"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"agree/coding"
	"agree/formats/table"
	"agree/report"
	"agree/report/svg"
)

// SplitByColumns takes the --by columns out of a table read with them as
// coders (a wide table's columns, a transposed table's rows): it returns
// the data without them and the items of each combination of their
// values, in order (numbers by value, dates by time, else natural order).
// An item without a value in a column is in the group "(none)" of it.
func SplitByColumns(d *coding.Data, cols []string) (*coding.Data, []Group, error) {
	return SplitColumns("coding", d, cols)
}

// SplitColumns is SplitByColumns for command cmd (its messages).
func SplitColumns(cmd string, d *coding.Data, cols []string) (*coding.Data, []Group, error) {
	idx := make([]int, len(cols))
	for i, c := range cols {
		idx[i] = -1
		for k, n := range d.Coders() {
			if n == strings.TrimSpace(c) {
				idx[i] = k
			}
		}
		if idx[i] < 0 {
			return nil, nil, &NoColumnError{Command: cmd, By: cols, Column: c, Columns: d.Coders()}
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
	var groups []Group
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
			groups = append(groups, Group{Name: key, Values: m})
		}
		groups[g].Items = append(groups[g].Items, i)
	}
	SortGroups(groups, cols)
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

// StatsGroups returns the groups of statistics read with table.Options.By
// cols (each group's items per pattern, counted while reading), in
// order (SortGroups).
func StatsGroups(s *coding.Stats, cols []string) []Group {
	names := s.Groups()
	groups := make([]Group, len(names))
	for g, name := range names {
		w := s.GroupItems(g)
		n := w.Empty
		for _, c := range w.Counts {
			n += c
		}
		groups[g] = newGroup(name, cols)
		groups[g].ItemGroup, groups[g].Counted = w, int(n)
	}
	SortGroups(groups, cols)
	return groups
}

// InfoGroups returns the groups of data read with table.Options.By cols
// (info tells each item's group), in order (SortGroups).
func InfoGroups(info *table.Info, cols []string) []Group {
	groups := make([]Group, len(info.Groups))
	for g, name := range info.Groups {
		groups[g] = newGroup(name, cols)
	}
	for i, g := range info.ItemGroups {
		groups[g].Items = append(groups[g].Items, i)
	}
	SortGroups(groups, cols)
	return groups
}

// newGroup returns the group named name by the table reader (the values of
// the columns joined by table.GroupSep).
func newGroup(name string, cols []string) Group {
	vals := table.GroupValues(name)
	m := map[string]string{}
	for j, c := range cols {
		if j < len(vals) {
			m[strings.TrimSpace(c)] = vals[j]
		}
	}
	return Group{Name: strings.Join(vals, ", "), Values: m}
}

// SplitStatsByColumns is splitByColumns on a streamed table's statistics,
// in which the --by columns were read as coders: each pattern of values is
// split into the columns' values (its group) and the coders' values; the
// latter make the statistics of the table without the columns (the kept
// item ids and the first positions of the values carried over), and each
// group gets the counts of its patterns among them. Its cost grows with
// the items (each is added once), not with the groups.
func SplitStatsByColumns(s *coding.Stats, cols []string, topt table.Options) (*coding.Stats, []Group, error) {
	names := s.Coders()
	isCol := make([]int, len(names)) // column position, or -1 for a coder
	for k := range isCol {
		isCol[k] = -1
	}
	for i, c := range cols {
		c = strings.TrimSpace(c)
		k := slices.Index(names, c)
		if k < 0 {
			return nil, nil, &NoColumnError{Command: "coding", By: cols, Column: c, Columns: names}
		}
		isCol[k] = i
	}
	var keep []string
	cmap := make([]int32, len(names))
	for k, n := range names {
		if isCol[k] < 0 {
			cmap[k] = int32(len(keep))
			keep = append(keep, n)
		}
	}
	acc, err := coding.NewAccumulator(coding.StatsOptions{Source: s.Source(), Categories: s.Declared(), Coders: keep, KeepItems: topt.KeepItems, Rank: topt.Rank})
	if err != nil {
		return nil, nil, err
	}
	labels := s.Labels()
	vmap := make([]int32, len(labels))
	for v := range vmap {
		vmap[v] = -1
	}
	byKey := map[string]int{}
	var groups []Group
	type part struct {
		group int
		cv    []int32
		n     int64
	}
	var parts []part
	vals := make([]string, len(cols))
	rest := []int32{}
	for p := range s.NumPatterns() {
		cv, n := s.Pattern(p)
		for j := range vals {
			vals[j] = "(none)"
		}
		rest = rest[:0]
		for i := 0; i < len(cv); i += 2 {
			c, v := cv[i], cv[i+1]
			if j := isCol[c]; j >= 0 {
				vals[j] = labels[v]
				continue
			}
			if vmap[v] < 0 {
				nv, err := acc.Value(labels[v], s.FirstSeen(int(v)))
				if err != nil {
					return nil, nil, err
				}
				vmap[v] = int32(nv)
			}
			rest = append(rest, cmap[c], vmap[v])
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
			groups = append(groups, Group{Name: key, Values: m})
		}
		ids, _ := s.PatternItems(p)
		for k := int64(0); k < n; k++ {
			id := ""
			if k < int64(len(ids)) {
				id = ids[k]
			}
			if err := acc.Add(id, rest); err != nil {
				return nil, nil, err
			}
		}
		groups[g].Counted += int(n)
		parts = append(parts, part{g, slices.Clone(rest), n})
	}
	out := acc.Stats()
	// Each group's counts of the new patterns.
	index := map[string]int{}
	for p := range out.NumPatterns() {
		cv, _ := out.Pattern(p)
		index[cvKey(cv)] = p
	}
	weights := make([]map[int]int64, len(groups))
	for _, pt := range parts {
		if len(pt.cv) == 0 {
			groups[pt.group].Empty += pt.n
			continue
		}
		if weights[pt.group] == nil {
			weights[pt.group] = map[int]int64{}
		}
		weights[pt.group][index[cvKey(pt.cv)]] += pt.n
	}
	for g, w := range weights {
		groups[g].Patterns = slices.Sorted(maps.Keys(w))
		for _, p := range groups[g].Patterns {
			groups[g].Counts = append(groups[g].Counts, w[p])
		}
	}
	SortGroups(groups, cols)
	return out, groups, nil
}

func cvKey(cv []int32) string {
	b := make([]byte, 0, 4*len(cv))
	for _, x := range cv {
		b = append(b, byte(x), byte(x>>8), byte(x>>16), byte(x>>24))
	}
	return string(b)
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

// SortGroups orders groups by their first column, then the next: numbers
// by value, dates by time, other values in natural order; "(none)" last.
func SortGroups(groups []Group, cols []string) {
	for i, c := range cols {
		cols[i] = strings.TrimSpace(c)
	}
	order := map[string]string{}
	for _, c := range cols {
		var vs []string
		for _, g := range groups {
			if v := g.Values[c]; v != "(none)" {
				vs = append(vs, v)
			}
		}
		order[c] = groupOrder(vs)
	}
	slices.SortStableFunc(groups, func(x, y Group) int {
		for _, c := range cols {
			if r := compareValues(x.Values[c], y.Values[c], order[c]); r != 0 {
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
func (res *Result) trend() (xs []float64, label string, ok bool) {
	var vs []string
	for _, g := range res.PerGroup {
		vs = append(vs, g.Group)
	}
	return TrendAxis(res.By, vs)
}

// TrendAxis returns, when one --by column orders the groups (numbers or
// dates), their positions on an x axis and its label.
func TrendAxis(by []string, vs []string) (xs []float64, label string, ok bool) {
	if len(by) != 1 || len(vs) < 2 || slices.Contains(vs, "(none)") {
		return nil, "", false
	}
	res := struct{ By []string }{by}
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
func (res *Result) trendSection() (report.Section, bool) {
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

// NoColumnError is a --by column that the table does not have.
type NoColumnError struct {
	Command string   // the command whose --by it is (coding, ratings)
	By      []string // the columns asked for
	Column  string   // the one missing
	Columns []string // the table's columns
}

func (e *NoColumnError) Error() string {
	return fmt.Sprintf("%s: --by %s: the table has no column %q (columns: %s; --by COLUMN names a column of a wide or transposed table besides the item ids, or of a long table besides item, coder and value)", e.Command, strings.Join(e.By, ","), e.Column, strings.Join(e.Columns, ", "))
}

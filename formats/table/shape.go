package table

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"agree/coding"
	"agree/position"
)

// Tables of counts read by mistake. A contingency table (two coders'
// categories crossed) or a table of item × category counts, given without
// --layout, is a valid wide file: read as one, its counts become values and
// its categories coders, and every coefficient is meaningless (a 3 × 3
// contingency table gave Fleiss's κ −0.20). shapeCheck refuses such
// tables when the layout was not chosen, naming the layout to use:
//
//   - a contingency table: as many rows as columns, the rows' ids the same
//     set as the header's names, every cell a whole number ≥ 0;
//   - a table of counts: every cell a whole number ≥ 0, no cell empty,
//     and every row the same total (the number of coders per item), at
//     least 2, over at least 3 rows, with at least one zero.
//
// --layout wide reads such a file as it is.

// maxHead is the number of item ids kept for the check (a contingency
// table is small).
const maxHead = 64

// shapeCheck returns the error for wide data (statistics s, the first ids
// head) that look like a table of counts, when the layout was not chosen.
func (rd *reader) shapeCheck(s *coding.Stats, head []string) error {
	if rd.opt.Layout != Auto || len(rd.opt.Categories) > 0 {
		return nil
	}
	coders := s.Coders()
	counts := make([]int64, len(s.Labels()))
	for v, l := range s.Labels() {
		n, err := strconv.ParseInt(l, 10, 64)
		if err != nil || n < 0 {
			return nil
		}
		counts[v] = n
	}
	items := s.NumItems()
	if len(coders) >= 2 && items == int64(len(coders)) && len(head) == len(coders) {
		a, b := slices.Clone(head), slices.Clone(coders)
		slices.Sort(a)
		slices.Sort(b)
		if slices.Equal(a, b) {
			return position.Errorf(rd.name, 0, 0, "this looks like a contingency table (the rows and the columns name the same %d categories, and every cell is a count): read it with Options.Layout contingency, or with Options.Layout wide if its rows are items and its columns coders", len(coders))
		}
	}
	if items < 3 || len(coders) < 2 {
		return nil
	}
	total, zero, rows := int64(-1), false, int64(0)
	for p := range s.NumPatterns() {
		cv, n := s.Pattern(p)
		rows += n
		if len(cv)/2 != len(coders) {
			return nil // an empty cell
		}
		t := int64(0)
		for i := 1; i < len(cv); i += 2 {
			t += counts[cv[i]]
			zero = zero || counts[cv[i]] == 0
		}
		if total >= 0 && t != total {
			return nil
		}
		total = t
	}
	if rows != items || total < 2 || !zero {
		return nil // a row without values, or not counts
	}
	return position.Errorf(rd.name, 0, 0, "this looks like a table of item × category counts (every cell a count and every row summing to %d, the coders per item; its columns %s would be read as coders): read it with Options.Layout counts, or with Options.Layout wide if its columns are coders", total, strings.Join(quoteAll(coders, 5), ", "))
}

// quoteAll quotes the first n names (and says how many more there are).
func quoteAll(names []string, n int) []string {
	var out []string
	for i, s := range names {
		if i == n {
			out = append(out, fmt.Sprintf("and %d more", len(names)-n))
			break
		}
		out = append(out, strconv.Quote(s))
	}
	return out
}

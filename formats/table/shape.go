package table

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode"

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
	if rd.opt.Layout != Auto {
		return nil
	}
	if err := rd.ratingCheck(s, head); err != nil {
		return err
	}
	if len(rd.opt.Categories) > 0 {
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

// A rating matrix without an item column (R's and pandas' habit: a header
// of coder names, one item per line) is a valid wide file too: its first
// coder's ratings become the item ids and that coder is lost. When the
// ids repeat, the repeat's error says so (repeatHint); when they do not,
// ratingCheck looks at the first column's name and values, unless its
// name is an item column's (longColumn), a row number's (numberColumn) or
// empty:
//
//   - named like the coders' columns (rater1 among rater2, rater3; single
//     letters A among B, C: alikeNames) and either the only coder left, or
//     at least half of its values among the coders' categories (the same
//     string, or the same number), or numbers within the range of the
//     coders' values, all numbers (continuous ratings): refused, naming
//     the flags that read a rating matrix;
//   - named otherwise, with every value among the coders' categories:
//     read as ids, with a warning (Info.Warnings) naming those flags.
//
// Unique ids of which half are categories are at most twice as many as
// the categories: the values are looked at only then, and at most maxHead
// of them when streamed.

// ratingCheck returns the error for (or warns about) wide data whose first
// column looks like a coder's ratings.
func (rd *reader) ratingCheck(s *coding.Stats, head []string) error {
	labels := s.Labels()
	coders := s.Coders()
	items := s.NumItems()
	if items == 0 || rd.idHeader == "" || longColumn(rd.idHeader) == "item" || numberColumn(rd.idHeader) {
		return nil
	}
	alike := ""
	for _, c := range coders {
		if alikeNames(rd.idHeader, c) {
			alike = c
			break
		}
	}
	among := int64(0) // ids that are categories
	if int64(len(head)) == items && items <= 2*int64(len(labels)) {
		known := make(map[string]bool, len(labels))
		numbers := map[float64]bool{}
		for _, l := range labels {
			known[l] = true
			if x, err := strconv.ParseFloat(l, 64); err == nil {
				numbers[x] = true
			}
		}
		for _, id := range head {
			if known[id] {
				among++
			} else if x, err := strconv.ParseFloat(id, 64); err == nil && numbers[x] {
				among++
			}
		}
	}
	flags := fmt.Sprintf("Options.Layout columns Options.Header Options.Columns 1-%d", len(coders)+1)
	if alike != "" && (len(coders) == 1 || 2*among >= items) {
		return position.Errorf(rd.name, 0, 0, "this looks like a rating matrix without an item column: the first column %q, read as the item ids, is named like the coders' (%q) and holds %s: read it with %s (every column a coder's, one item per row), or with Options.Layout wide if the first column holds item ids",
			rd.idHeader, alike, ratingsWhat(among, items), flags)
	}
	if alike != "" && numbersWithin(head, labels) {
		return position.Errorf(rd.name, 0, 0, "this looks like a rating matrix without an item column: the first column %q, read as the item ids, is named like the coders' (%q) and holds numbers within the range of theirs: read it with %s (every column a coder's, one item per row), or with Options.Layout wide if the first column holds item ids",
			rd.idHeader, alike, flags)
	}
	if among == items {
		rd.warnings = append(rd.warnings, fmt.Sprintf("the first column %q is read as the item ids, and every id is also one of the coders' categories: if it holds a coder's ratings (a rating matrix without an item column), read it with %s; Options.Layout wide reads it as now", rd.idHeader, flags))
	}
	return nil
}

// numberColumn reports whether a column name is one of a row number's
// (n, no, #, index, row, …): item ids, whatever their values.
func numberColumn(h string) bool {
	switch strings.Trim(normalize(h), ".:") {
	case "n", "no", "nr", "nb", "num", "number", "#", "idx", "index", "row", "case", "obs", "key", "name", "text":
		return true
	}
	return false
}

// numbersWithin reports whether every id (the first ids read) and every
// label is a number and the ids lie within the labels' range: continuous
// ratings, whose values seldom repeat.
func numbersWithin(ids, labels []string) bool {
	if len(ids) == 0 || len(labels) == 0 {
		return false
	}
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, l := range labels {
		x, err := strconv.ParseFloat(l, 64)
		if err != nil || math.IsNaN(x) {
			return false
		}
		lo, hi = min(lo, x), max(hi, x)
	}
	for _, id := range ids {
		x, err := strconv.ParseFloat(id, 64)
		if err != nil || !(x >= lo && x <= hi) {
			return false
		}
	}
	return true
}

// ratingsWhat says how many of the first column's values are categories.
func ratingsWhat(among, items int64) string {
	if among == items {
		return "only their categories"
	}
	return fmt.Sprintf("%d of %d values among their categories", among, items)
}

// alikeNames reports whether two column names look like names of one
// kind: the same once digits, spaces, '_', '-' and '.' are taken out and
// case is ignored (rater1, Rater 2), or both a single letter (A, B).
func alikeNames(a, b string) bool {
	stem := func(s string) string {
		return strings.Map(func(r rune) rune {
			if unicode.IsDigit(r) || unicode.IsSpace(r) || r == '_' || r == '-' || r == '.' {
				return -1
			}
			return unicode.ToLower(r)
		}, s)
	}
	letter := func(s string) bool {
		r := []rune(strings.TrimSpace(s))
		return len(r) == 1 && unicode.IsLetter(r[0])
	}
	if letter(a) && letter(b) {
		return true
	}
	sa := stem(a)
	return sa != "" && sa == stem(b)
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

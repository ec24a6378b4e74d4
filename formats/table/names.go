package table

import (
	"fmt"
	"slices"
	"strings"

	"agree/coding"
	"agree/internal/csvio"
	"agree/position"
)

// Coder names that look alike. A spreadsheet typed by hand has "Alice"
// in one place and "alice " in another; agree never merges such names
// silently: names that differ only in case are read as different coders
// with a warning, and names read without their surrounding spaces (which
// the readers trim, so "alice " is "alice") are named in a warning too.

// spacedNames records coder names that were read without surrounding
// spaces, for a warning (at most maxSpaced).
func (rd *reader) spacedNames(raw []string) {
	for _, r := range raw {
		if len(rd.spaced) < maxSpaced && !slices.Contains(rd.spaced, r) {
			rd.spaced = append(rd.spaced, r)
		}
	}
}

// nameWarnings adds the warnings about the coder names: names read without
// their surrounding spaces, and names that differ only in case.
func (rd *reader) nameWarnings(coders []string) {
	if len(rd.spaced) > 0 {
		slices.Sort(rd.spaced)
		var q []string
		for _, r := range rd.spaced {
			q = append(q, fmt.Sprintf("%s as %s", csvio.Quote(r), csvio.Quote(strings.TrimSpace(r))))
		}
		rd.warnings = append(rd.warnings, "coder names read without their surrounding spaces (a name with and without them is one coder): "+strings.Join(q, ", "))
	}
	groups := map[string][]string{}
	var keys []string
	for _, c := range coders {
		k := strings.ToLower(c)
		if _, ok := groups[k]; !ok {
			keys = append(keys, k)
		}
		groups[k] = append(groups[k], c)
	}
	var alike []string
	for _, k := range keys {
		if g := groups[k]; len(g) > 1 {
			slices.SortFunc(g, coding.CompareNatural)
			q := make([]string, len(g))
			for i, c := range g {
				q[i] = csvio.Quote(c)
			}
			alike = append(alike, strings.Join(q, " and "))
			if len(alike) == 5 {
				break
			}
		}
	}
	if len(alike) > 0 {
		rd.warnings = append(rd.warnings, "coder names that differ only in case, read as different coders: "+strings.Join(alike, "; ")+" (if they are one coder, write the name one way)")
	}
}

// Excel saves the cells a user once touched: a sheet often ends in columns
// with an empty header and nothing below it, which would be coders
// "coder4", "coder5" without a value (and make the two-coder coefficients
// undefined). A wide file's column with an empty header and no value is
// dropped, with a note; one with values stays (named coderN).

// blankUnused returns the coders named by an empty header for which
// used(c) is false.
func (rd *reader) blankUnused(used func(c int) bool) []int {
	var drop []int
	for _, c := range rd.blank {
		if !used(c) {
			drop = append(drop, c)
		}
	}
	if len(drop) > 0 {
		cols := make([]string, len(drop))
		for i, c := range drop {
			cols[i] = fmt.Sprint(rd.wideField[c] + 1)
		}
		rd.notes = append(rd.notes, fmt.Sprintf("%d %s with an empty header and no value dropped (%s %s, as a spreadsheet leaves them)",
			len(drop), map[bool]string{true: "column", false: "columns"}[len(drop) == 1], map[bool]string{true: "column", false: "columns"}[len(drop) == 1], strings.Join(cols, ", ")))
	}
	return drop
}

// dropBlank drops the unused blank-headed coders of data read wide.
func (rd *reader) dropBlank(d *coding.Data) (*coding.Data, error) {
	if len(rd.blank) == 0 {
		return d, nil
	}
	drop := rd.blankUnused(func(c int) bool {
		for i := range d.NumItems() {
			if d.Value(i, c) != coding.Missing {
				return true
			}
		}
		return false
	})
	if len(drop) == 0 {
		return d, nil
	}
	if len(drop) == d.NumCoders() {
		return nil, position.Errorf(rd.name, 0, 0, "no coder gave a value")
	}
	var keep []int
	for c := range d.NumCoders() {
		if !slices.Contains(drop, c) {
			keep = append(keep, c)
		}
	}
	return d.Subset(keep, nil), nil
}

// dropBlankStats is dropBlank for statistics.
func (rd *reader) dropBlankStats(s *coding.Stats) (*coding.Stats, error) {
	if len(rd.blank) == 0 {
		return s, nil
	}
	used := make([]bool, len(s.Coders()))
	for p := range s.NumPatterns() {
		cv, _ := s.Pattern(p)
		for i := 0; i < len(cv); i += 2 {
			used[cv[i]] = true
		}
	}
	drop := rd.blankUnused(func(c int) bool { return used[c] })
	if len(drop) == 0 {
		return s, nil
	}
	if len(drop) == len(used) {
		return nil, position.Errorf(rd.name, 0, 0, "no coder gave a value")
	}
	out, err := s.WithoutCoders(drop)
	if err != nil {
		return nil, position.Errorf(rd.name, 0, 0, "%w", err)
	}
	return out, nil
}

package table

import (
	"bytes"
	"fmt"
	"strings"

	"agree/internal/csvio"
)

// DefaultMissing are the cell contents read as "no value" when
// Options.Missing is nil: the empty cell and what pandas' read_csv treats
// as missing by default (its na_values: "NA", "N/A", "n/a", "NaN", "nan",
// "-NaN", "-nan", "NULL", "null", "None", "<NA>", "#N/A", "#N/A N/A", "#NA",
// "1.#IND", "-1.#IND", "1.#QNAN", "-1.#QNAN"), which includes R's
// read.csv default ("NA"). Excel writes "#N/A" for a missing lookup,
// databases "NULL", NumPy and pandas "nan" and "NaN". Markers are matched
// exactly (after trimming the cell's surrounding spaces), so "na" or "-"
// stay values; Options.Missing sets another list.
var DefaultMissing = []string{"", "NA", "N/A", "n/a", "NaN", "nan", "-NaN", "-nan", "NULL", "null", "None", "<NA>",
	"#N/A", "#N/A N/A", "#NA", "1.#IND", "-1.#IND", "1.#QNAN", "-1.#QNAN"}

// missingSet matches cells against the markers of missing values: one
// shift and test per cell whose length no marker has (most cells), without
// allocating.
type missingSet struct {
	empty   bool
	markers [][]byte      // the non-empty markers; marker i is counted as i+1
	lens    uint64        // bit n%64: a marker (or the empty cell, n = 0) has n bytes
	ofLen   [16][]int32   // the markers of n bytes (n < 16)
	first   [16][4]uint64 // bit b: a marker of n bytes starts with byte b
}

func newMissingSet(markers []string) *missingSet {
	m := &missingSet{}
	seen := map[string]bool{}
	for _, s := range markers {
		if s == "" {
			m.empty = true
			m.lens |= 1
			continue
		}
		if seen[s] {
			continue
		}
		seen[s] = true
		if len(s) < len(m.ofLen) {
			m.ofLen[len(s)] = append(m.ofLen[len(s)], int32(len(m.markers)))
			m.first[len(s)][s[0]>>6] |= 1 << (s[0] & 63)
		}
		m.markers = append(m.markers, []byte(s))
		m.lens |= 1 << (len(s) % 64)
	}
	return m
}

// match returns 0 when v is the empty cell and that means missing, i+1
// when v is marker i, and −1 when v is a value.
func (m *missingSet) match(v []byte) int {
	if len(v) == 0 {
		if m.empty {
			return 0
		}
		return -1
	}
	if len(v) < len(m.ofLen) {
		if m.first[len(v)][v[0]>>6]>>(v[0]&63)&1 == 0 {
			return -1
		}
		for _, i := range m.ofLen[len(v)] {
			if string(v) == string(m.markers[i]) {
				return int(i) + 1
			}
		}
		return -1
	}
	for i, mk := range m.markers {
		if bytes.Equal(v, mk) {
			return i + 1
		}
	}
	return -1
}

// names returns the markers in the order match counts them ("" first).
func (m *missingSet) names() []string {
	out := []string{""}
	for _, mk := range m.markers {
		out = append(out, string(mk))
	}
	return out
}

// missCounts counts the cells read as missing by marker (index as match
// returns it); each sink has its own, summed at the end.
type missCounts []int64

// missing reports whether v means "no value", counting it when it does.
// The common case — a value whose length no marker has — is decided
// here, inlined in the readers' loops.
func (c missCounts) missing(m *missingSet, v []byte) bool {
	if m.lens>>(uint(len(v))%64)&1 == 0 {
		return false
	}
	return c.slow(m, v)
}

func (c missCounts) slow(m *missingSet, v []byte) bool {
	i := m.match(v)
	if i < 0 {
		return false
	}
	c[i]++
	return true
}

func (rd *reader) newCounts() missCounts { return make(missCounts, len(rd.miss.markers)+1) }

// addCounts adds counts to the reader's total (called once per sink,
// after the sinks are done).
func (rd *reader) addCounts(c missCounts) {
	if rd.counts == nil {
		rd.counts = rd.newCounts()
	}
	for i, n := range c {
		rd.counts[i] += n
	}
}

// MarkerCount is the number of cells read as missing because they held a
// marker ("" for the empty cell).
type MarkerCount struct {
	Marker string
	Cells  int64
}

// Info is what a reader tells besides the data, when Options.Info points
// to one: how many cells it read as missing and why, and the notes and
// warnings about its reading (columns dropped, a layout recognised, names
// that look like one another).
type Info struct {
	// Missing counts the cells read as missing, by marker, in the order of
	// Options.Missing (DefaultMissing); markers without a cell are left out.
	Missing []MarkerCount
	// Notes say what the reader decided, one sentence each.
	Notes []string
	// Warnings point at what is likely a mistake in the input, read as
	// given (coder names that differ only in case or spaces).
	Warnings []string
	// Groups and ItemGroups are, when Read was given Options.By, the
	// groups' names (the values of the By columns joined by GroupSep; in
	// the order met) and each item's group (an index into Groups, by the
	// items' order in the data).
	Groups     []string
	ItemGroups []int32
}

// MissingNote is the note that counts the cells read as missing when a
// marker other than the empty cell was met ("" otherwise): "cells read as
// missing: 3 "NA", 1 "#N/A" and 2 empty (--na sets the markers)"; flag
// names the option that sets the markers ("" for none).
func (in *Info) MissingNote(flag string) string {
	marked := false
	var parts []string
	var empty int64
	for _, mc := range in.Missing {
		if mc.Marker == "" {
			empty = mc.Cells
			continue
		}
		marked = true
		parts = append(parts, fmt.Sprintf("%d %s", mc.Cells, csvio.Quote(mc.Marker)))
	}
	if !marked {
		return ""
	}
	if empty > 0 {
		parts = append(parts, fmt.Sprintf("%d empty", empty))
	}
	note := "cells read as missing: " + strings.Join(parts, ", ")
	if flag != "" {
		note += " (" + flag + " sets the markers)"
	}
	return note
}

// finish fills in Options.Info, if set, with the counts of missing cells.
func (rd *reader) finish() {
	in := rd.opt.Info
	if in == nil {
		return
	}
	in.Notes = append(in.Notes, rd.notes...)
	in.Warnings = append(in.Warnings, rd.warnings...)
	in.Groups, in.ItemGroups = rd.groups, rd.itemGroups
	in.Missing = in.Missing[:0]
	for i, name := range rd.miss.names() {
		if i < len(rd.counts) && rd.counts[i] > 0 {
			in.Missing = append(in.Missing, MarkerCount{name, rd.counts[i]})
		}
	}
}

// LooksMissing reports whether a value is a common way of writing "no
// value" ("-", ".", "?", "missing", …): a caller can point out such values
// read as categories because the markers did not include them.
func LooksMissing(s string) bool {
	switch strings.TrimSpace(s) {
	case "-", ".", "?", "na", "NA", "N/A", "n/a", "NaN", "nan", "null", "NULL", "None", "#N/A", "missing":
		return true
	}
	return false
}

package view

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"

	"agree/report"
)

// OmittedNote is the note of a table cut by --max-rows.
func OmittedNote(shown, omitted int, what, which string) []string {
	if omitted == 0 {
		return nil
	}
	return []string{fmt.Sprintf("showing the first %d of %d %s (%s; --max-rows); the JSON output counts the others", shown, shown+omitted, what, which)}
}

// TruncRows keeps at most n rows of t and says so in a note.
func TruncRows(t report.Table, n int, what string) report.Table {
	if len(t.Rows) <= n {
		return t
	}
	total := len(t.Rows)
	t.Rows = t.Rows[:n]
	t.Notes = append(t.Notes, fmt.Sprintf("showing the first %d of %d %s; the JSON output (--format json) lists all", n, total, what))
	return t
}

// DefaultMaxRows is --max-rows's default: the rows of a table of pairs
// (or coders) printed, the others counted.
const DefaultMaxRows = 100

// TopRows returns the indexes of at most max of n rows (0: all), and how
// many are left out: all n in order when they fit, else those with the
// largest key (ties in order), by key — --max-rows as agree coding bounds
// its pairs of coders.
func TopRows(n, max int, key func(int) int) (idx []int, omitted int) {
	idx = make([]int, n)
	for k := range idx {
		idx[k] = k
	}
	if max <= 0 || n <= max {
		return idx, 0
	}
	slices.SortStableFunc(idx, func(a, b int) int { return cmp.Compare(key(b), key(a)) })
	return idx[:max], n - max
}

// CorpusValue is the "corpus" object of a breakdown: the corpus value
// under the named averaging convention, with the documents it covers.
type CorpusValue struct {
	Average            string        `json:"average"`
	Description        string        `json:"description"`
	Value              report.Number `json:"value"`
	Documents          int           `json:"documents"`
	UndefinedDocuments int           `json:"undefined_documents"`
}

// PValue writes a p-value: 4 decimals, 3 significant digits below 1e-4,
// "< 1e-16" for 0.
// pValue prints a p-value with 4 significant digits, or "< 1e-16".
func PValue(p float64) string {
	if p == 0 {
		return "< 1e-16"
	}
	if p < 1e-4 {
		return strconv.FormatFloat(p, 'e', 2, 64)
	}
	return report.Float(p, 4)
}

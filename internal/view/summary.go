package view

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"agree/internal/plural"
	"agree/report"
)

// MeanOf is a headline number that summarises several values of one
// measure — its pairs of annotators, or its documents (what "pair" and
// "pairs" name) — when no coefficient takes them all at once: the mean of
// the defined values, with their number and range in the detail, and how
// many are undefined (issue 18 §6: a headline never shows one pair or one
// document as if it were the corpus). A single value is shown as it is.
func MeanOf(label string, values []float64, what string) report.Stat {
	var sum float64
	n, und := 0, 0
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, v := range values {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			und++
			continue
		}
		sum += v
		n++
		lo, hi = math.Min(lo, v), math.Max(hi, v)
	}
	f := func(x float64) string { return report.Float(x, 4) }
	st := report.Stat{Label: label, Value: f(math.NaN())}
	switch {
	case n == 0:
		st.Detail = fmt.Sprintf("undefined for every %s", what)
		return st
	case n == 1 && und == 0:
		st.Value = f(sum)
		return st
	}
	st.Label = "mean " + label
	st.Value = f(sum / float64(n))
	st.Detail = fmt.Sprintf("%s, range %s to %s", plural.Count(n, what), f(lo), f(hi))
	if und > 0 {
		st.Detail += fmt.Sprintf("; undefined for %s more", plural.Count(und, what))
	}
	return st
}

// ValueList writes the values coders gave an item for a table cell: joined
// by ", ", a value quoted ("very good") when it has a space, a comma, a
// quote or nothing, so that multi-word labels stay apart ("very good",
// "good" is not "very good good").
func ValueList(values []string) string {
	out := make([]string, len(values))
	for i, v := range values {
		if v == "" || strings.ContainsAny(v, " ,\"\t\n") {
			v = strconv.Quote(v)
		}
		out[i] = v
	}
	return strings.Join(out, ", ")
}

package view

import (
	"math"
	"testing"
)

// TestMeanOf: a headline over several pairs is their mean with its range,
// never the first pair's value.
func TestMeanOf(t *testing.T) {
	nan := math.NaN()
	for _, c := range []struct {
		values       []float64
		label, value string
		detail, why  string
	}{
		{[]float64{1, 0.12, 0.2}, "mean CoNLL F1", "0.4400", "3 pairs, range 0.1200 to 1.0000", "the mean of three pairs, not the first (1)"},
		{[]float64{0.5}, "CoNLL F1", "0.5000", "", "one pair is itself"},
		{[]float64{0.5, nan}, "mean CoNLL F1", "0.5000", "1 pair, range 0.5000 to 0.5000; undefined for 1 pair more", "an undefined pair is counted, not averaged"},
		{[]float64{nan, nan}, "CoNLL F1", "undefined", "undefined for every pair", "nothing defined"},
	} {
		st := MeanOf("CoNLL F1", c.values, "pair")
		if st.Label != c.label || st.Value != c.value || st.Detail != c.detail {
			t.Errorf("%s: %+v, want %q %q %q", c.why, st, c.label, c.value, c.detail)
		}
	}
}

// TestValueList: multi-word labels stay apart in the list of an item's
// values.
func TestValueList(t *testing.T) {
	for _, c := range []struct {
		in   []string
		want string
	}{
		{[]string{"very good", "good", "good"}, `"very good", good, good`},
		{[]string{"a", "b"}, "a, b"},
		{[]string{"x, y", ""}, `"x, y", ""`},
	} {
		if got := ValueList(c.in); got != c.want {
			t.Errorf("%q: %s, want %s", c.in, got, c.want)
		}
	}
}

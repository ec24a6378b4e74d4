package ratings

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"sync"

	"agree/coding"
	"agree/position"
)

// MaxMagnitude bounds the ratings' absolute values, so that sums of
// squares over any number of items stay finite.
const MaxMagnitude = 1e100

// Matrix holds numeric ratings: items × raters, NaN where a rater did not
// rate an item. Build it with New or FromData; it is not modified after.
type Matrix struct {
	items  []string
	raters []string
	cols   [][]float64 // cols[rater][item]

	codes    []coded // each column's codes, once computed (code)
	codeOnce []sync.Once
}

// code returns column r's codes, computed once (safe for concurrent use).
func (m *Matrix) code(r int) coded {
	m.codeOnce[r].Do(func() { m.codes[r] = encode(m.cols[r]) })
	return m.codes[r]
}

// New returns the matrix of the given columns (cols[rater][item], NaN for
// a missing rating); items may be nil (items are then numbered from 1).
func New(raters, items []string, cols [][]float64) (*Matrix, error) {
	if len(raters) != len(cols) {
		return nil, fmt.Errorf("ratings: %d rater names for %d columns", len(raters), len(cols))
	}
	n := -1
	for r, c := range cols {
		if n >= 0 && len(c) != n {
			return nil, fmt.Errorf("ratings: rater %q has %d ratings, rater %q %d", raters[r], len(c), raters[0], n)
		}
		n = len(c)
		for i, x := range c {
			if math.IsInf(x, 0) || math.Abs(x) > MaxMagnitude {
				return nil, fmt.Errorf("ratings: rater %q, item %d: %v is beyond ±%g", raters[r], i+1, x, MaxMagnitude)
			}
		}
	}
	if n < 0 {
		n = 0
	}
	if items != nil && len(items) != n {
		return nil, fmt.Errorf("ratings: %d item names for %d items", len(items), n)
	}
	return newMatrix(items, raters, cols), nil
}

func newMatrix(items, raters []string, cols [][]float64) *Matrix {
	return &Matrix{items: items, raters: raters, cols: cols, codes: make([]coded, len(cols)), codeOnce: make([]sync.Once, len(cols))}
}

// ValueError is a value that is not a rating: not a number, or too large.
// FromData returns it in a *position.Error that says where the value was
// first read.
type ValueError struct {
	Value  string
	Reason string
}

func (e *ValueError) Error() string {
	v := e.Value
	if len(v) > 60 {
		v = v[:60] + "…"
	}
	return fmt.Sprintf("rating %q %s", v, e.Reason)
}

// FromData reads the values of reliability data as numbers: every distinct
// value is parsed once; one that is not a finite number of magnitude at
// most MaxMagnitude is an error naming where it was first read.
func FromData(d *coding.Data) (*Matrix, error) {
	labels := d.Labels()
	vals := make([]float64, len(labels))
	for v, s := range labels {
		x, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
		why := ""
		switch {
		case err != nil && !isRange(err):
			why = "is not a number (ratings are numbers; for categories use agree coding)"
		case math.IsNaN(x):
			why = "is not a number"
		case math.IsInf(x, 0) || math.Abs(x) > MaxMagnitude:
			why = fmt.Sprintf("is beyond ±%g", MaxMagnitude)
		}
		if why != "" {
			p := d.FirstSeen(v)
			return nil, &position.Error{File: d.Source(), Line: int(p.Line), Column: int(p.Col), Err: &ValueError{Value: s, Reason: why}}
		}
		vals[v] = x
	}
	n, k := d.NumItems(), d.NumCoders()
	cols := make([][]float64, k)
	for c := range cols {
		col := make([]float64, n)
		for i := range col {
			if v := d.Value(i, c); v == coding.Missing {
				col[i] = math.NaN()
			} else {
				col[i] = vals[v]
			}
		}
		cols[c] = col
	}
	return newMatrix(d.Items(), d.Coders(), cols), nil
}

func isRange(err error) bool {
	ne, ok := err.(*strconv.NumError)
	return ok && ne.Err == strconv.ErrRange
}

// Items returns the number of items.
func (m *Matrix) Items() int {
	if len(m.cols) == 0 {
		return len(m.items)
	}
	return len(m.cols[0])
}

// ItemNames returns the item identifiers (nil if unnamed). Do not modify.
func (m *Matrix) ItemNames() []string { return m.items }

// Raters returns the raters' names. Do not modify.
func (m *Matrix) Raters() []string { return m.raters }

// Column returns rater r's ratings (NaN: missing). Do not modify.
func (m *Matrix) Column(r int) []float64 { return m.cols[r] }

// Complete returns the indices of the items every rater rated.
func (m *Matrix) Complete() []int {
	var out []int
	for i := range m.Items() {
		ok := true
		for _, c := range m.cols {
			if math.IsNaN(c[i]) {
				ok = false
				break
			}
		}
		if ok {
			out = append(out, i)
		}
	}
	return out
}

// Ratings returns the number of ratings (non-missing cells).
func (m *Matrix) Ratings() int {
	n := 0
	for _, c := range m.cols {
		for _, x := range c {
			if !math.IsNaN(x) {
				n++
			}
		}
	}
	return n
}

// Subset returns the matrix of the given items (by index, in that order).
func (m *Matrix) Subset(items []int) *Matrix {
	s := newMatrix(nil, m.raters, make([][]float64, len(m.cols)))
	if m.items != nil {
		s.items = make([]string, len(items))
		for j, i := range items {
			s.items[j] = m.items[i]
		}
	}
	for r, c := range m.cols {
		col := make([]float64, len(items))
		for j, i := range items {
			col[j] = c[i]
		}
		s.cols[r] = col
	}
	return s
}

// Interval is a confidence interval; Low and High are NaN when undefined.
type Interval struct {
	Low, High float64
	// Level is the confidence level (0.95 for a 95% interval).
	Level float64
	// Method names how it was computed.
	Method string
}

func undefinedInterval(level float64, method string) Interval {
	return Interval{Low: math.NaN(), High: math.NaN(), Level: level, Method: method}
}

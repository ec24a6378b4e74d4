package distance

import (
	"fmt"
	"math"

	"agree/internal/csvio"
)

// Metric is a distance between values identified by their index in a value
// table. Implementations are symmetric with Distance(a, a) = 0.
type Metric interface {
	Distance(a, b int) float64
}

// Spec describes a distance and binds it to a data set's values.
type Spec interface {
	// Name is the distance's name as accepted by Parse (e.g. "interval").
	Name() string
	// Bind returns the metric for the value table labels. weights[v] is the
	// pooled marginal frequency of value v (the coincidence marginals n_v);
	// only frequency-dependent metrics (ordinal) use it. A value that the
	// distance cannot interpret yields a *ValueError.
	Bind(labels []string, weights []float64) (Metric, error)
}

// ValueError reports a value that a distance cannot interpret, such as a
// label that is not a number under the interval metric.
type ValueError struct {
	Index int    // index of the value in the value table
	Label string // the value as written
	Err   error
}

func (e *ValueError) Error() string { return fmt.Sprintf("value %s: %v", csvio.Quote(e.Label), e.Err) }
func (e *ValueError) Unwrap() error { return e.Err }

// Vector is a sparse non-negative weight vector over value indices: W[i] is
// the weight of value ID[i]. IDs are distinct.
type Vector struct {
	ID []int
	W  []float64
}

// Sum returns the total weight.
func (v Vector) Sum() float64 {
	s := 0.0
	for _, w := range v.W {
		s += w
	}
	return s
}

// Dense returns v as a sparse Vector of the non-zero entries of w.
func Dense(w []float64) Vector {
	var v Vector
	for i, x := range w {
		if x != 0 {
			v.ID = append(v.ID, i)
			v.W = append(v.W, x)
		}
	}
	return v
}

// Crosser is implemented by metrics with a closed form for
// Σ_a Σ_b p_a q_b d(a, b).
type Crosser interface {
	Cross(p, q Vector) float64
}

// Maxer is implemented by metrics that know their largest distance over a
// set of values in less than quadratic time.
type Maxer interface {
	Max(ids []int) float64
}

// Cross returns Σ_a Σ_b p_a q_b d(a, b), using the metric's closed form when
// it has one and the O(|p|·|q|) double sum otherwise (no table is built).
func Cross(m Metric, p, q Vector) float64 {
	if c, ok := m.(Crosser); ok {
		return c.Cross(p, q)
	}
	return doubleSum(m, p, q)
}

// doubleSum is Cross without a closed form: Σ_a p_a Σ_b q_b d(a, b), the
// rows summed first.
func doubleSum(m Metric, p, q Vector) float64 {
	s := 0.0
	for i, a := range p.ID {
		row := 0.0
		for j, b := range q.ID {
			if a != b {
				row += q.W[j] * m.Distance(a, b)
			}
		}
		s += p.W[i] * row
	}
	return s
}

// Max returns the largest distance between two of the given values (0 for
// fewer than two values).
func Max(m Metric, ids []int) float64 {
	if mx, ok := m.(Maxer); ok {
		return mx.Max(ids)
	}
	best := 0.0
	for i, a := range ids {
		for _, b := range ids[i+1:] {
			best = math.Max(best, m.Distance(a, b))
		}
	}
	return best
}

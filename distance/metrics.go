package distance

import (
	"errors"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
)

// ---- nominal ----

type nominalSpec struct{}

// Nominal returns the nominal distance: 0 for equal values, 1 otherwise.
func Nominal() Spec { return nominalSpec{} }

func (nominalSpec) Name() string { return "nominal" }
func (nominalSpec) Bind([]string, []float64) (Metric, error) {
	return nominalMetric{}, nil
}

type nominalMetric struct{}

func (nominalMetric) Distance(a, b int) float64 {
	if a == b {
		return 0
	}
	return 1
}

// Cross uses Σ p_a q_b [a≠b] = (Σp)(Σq) − Σ_a p_a q_a.
func (nominalMetric) Cross(p, q Vector) float64 {
	same := 0.0
	i, j := 0, 0
	for i < len(p.ID) && j < len(q.ID) {
		switch {
		case p.ID[i] < q.ID[j]:
			i++
		case p.ID[i] > q.ID[j]:
			j++
		default:
			same += p.W[i] * q.W[j]
			i++
			j++
		}
	}
	return p.Sum()*q.Sum() - same
}

func (nominalMetric) Max(ids []int) float64 {
	for _, id := range ids[min(1, len(ids)):] {
		if id != ids[0] {
			return 1
		}
	}
	return 0
}

// IsNominal reports whether m is the nominal metric.
func IsNominal(m Metric) bool { _, ok := m.(nominalMetric); return ok }

// ---- numeric values ----

// MaxNumber is the largest magnitude of a value under a numeric distance.
// The interval distance squares differences and the coefficients sum them
// over up to billions of pairs, so values beyond it could overflow to
// infinity (and make a coefficient NaN without a reason); they are refused
// instead.
const MaxNumber = 1e100

// Numbers parses every label as a float64. It is what the numeric metrics
// use; a label that is not a finite number, or whose magnitude exceeds
// MaxNumber, yields a *ValueError.
func Numbers(labels []string) ([]float64, error) {
	x := make([]float64, len(labels))
	for i, l := range labels {
		v, err := strconv.ParseFloat(strings.TrimSpace(l), 64)
		switch {
		case errors.Is(err, strconv.ErrRange) || math.IsInf(v, 0):
			return nil, &ValueError{Index: i, Label: l, Err: errors.New("a number too large to represent")}
		case err != nil && decimalComma(l):
			return nil, &ValueError{Index: i, Label: l, Err: fmt.Errorf("not a number: a decimal comma? write %s (or convert the file's decimal commas to points)", strings.Replace(strings.TrimSpace(l), ",", ".", 1))}
		case err != nil || math.IsNaN(v):
			return nil, &ValueError{Index: i, Label: l, Err: errors.New("not a number")}
		case math.Abs(v) > MaxNumber:
			return nil, &ValueError{Index: i, Label: l, Err: fmt.Errorf("magnitude above %g: numeric distances square differences of values, which would overflow", MaxNumber)}
		}
		x[i] = v
	}
	return x, nil
}

// decimalComma reports whether l is a number written with a decimal comma
// ("1,5", "-0,25"), as spreadsheets of many locales write them.
func decimalComma(l string) bool {
	l = strings.TrimSpace(l)
	l = strings.TrimPrefix(strings.TrimPrefix(l, "-"), "+")
	whole, frac, ok := strings.Cut(l, ",")
	if !ok || frac == "" || strings.Contains(frac, ",") {
		return false
	}
	for _, part := range []string{whole, frac} {
		for _, c := range part {
			if c < '0' || c > '9' {
				return false
			}
		}
	}
	return true
}

// ---- interval (and ordinal through mid-ranks) ----

type intervalSpec struct{}

// Interval returns Krippendorff's interval metric d = (a − b)².
func Interval() Spec { return intervalSpec{} }

func (intervalSpec) Name() string { return "interval" }
func (intervalSpec) Bind(labels []string, _ []float64) (Metric, error) {
	x, err := Numbers(labels)
	if err != nil {
		return nil, err
	}
	return newSquared(x), nil
}

// squared is d(a, b) = (x_a − x_b)² over positions x.
type squared struct{ x []float64 }

// newSquared centres the positions on their midrange, which keeps the
// closed-form sums accurate for large offsets (e.g. timestamps).
func newSquared(x []float64) squared {
	if len(x) == 0 {
		return squared{x}
	}
	lo, hi := x[0], x[0]
	for _, v := range x {
		lo, hi = math.Min(lo, v), math.Max(hi, v)
	}
	c := lo + (hi-lo)/2
	y := make([]float64, len(x))
	for i, v := range x {
		y[i] = v - c
	}
	return squared{y}
}

func (m squared) Distance(a, b int) float64 {
	d := m.x[a] - m.x[b]
	return d * d
}

// Cross uses Σ p_a q_b (x_a − x_b)² = Q·S_p + P·S_q + P·Q·(μ_p − μ_q)², where
// P, μ_p, S_p are the total weight, weighted mean and weighted sum of squared
// deviations of p (and likewise for q): two stable passes, no V×V sum.
func (m squared) Cross(p, q Vector) float64 {
	P, mp, sp := m.moments(p)
	Q, mq, sq := m.moments(q)
	if P == 0 || Q == 0 {
		return 0
	}
	d := mp - mq
	return Q*sp + P*sq + P*Q*d*d
}

func (m squared) moments(v Vector) (w, mean, ss float64) {
	for i, id := range v.ID {
		w += v.W[i]
		mean += v.W[i] * m.x[id]
	}
	if w == 0 {
		return 0, 0, 0
	}
	mean /= w
	for i, id := range v.ID {
		d := m.x[id] - mean
		ss += v.W[i] * d * d
	}
	return w, mean, ss
}

func (m squared) Max(ids []int) float64 {
	if len(ids) == 0 {
		return 0
	}
	lo, hi := m.x[ids[0]], m.x[ids[0]]
	for _, id := range ids {
		lo, hi = math.Min(lo, m.x[id]), math.Max(hi, m.x[id])
	}
	return (hi - lo) * (hi - lo)
}

// Positions returns the positions of the values on the interval scale when
// m is the interval or ordinal metric (for ordinal: the mid-ranks, centred),
// so that callers can use per-item closed forms. ok is false otherwise.
func Positions(m Metric) (x []float64, ok bool) {
	s, ok := m.(squared)
	return s.x, ok
}

type ordinalSpec struct{ order []string }

// Ordinal returns Krippendorff's ordinal metric. The values' order is the
// declared order when order is non-empty (every value must appear in it),
// and the numeric order of the values otherwise (all must be numbers).
func Ordinal(order []string) Spec { return ordinalSpec{order} }

func (ordinalSpec) Name() string { return "ordinal" }

// Bind computes mid-ranks r_g = Σ_{h<g} n_h + n_g/2 from the marginal
// frequencies n (weights) in the values' order; d(a, b) = (r_a − r_b)²,
// which equals (Σ_{g=a..b} n_g − (n_a + n_b)/2)².
func (s ordinalSpec) Bind(labels []string, weights []float64) (Metric, error) {
	if len(weights) != len(labels) {
		return nil, fmt.Errorf("ordinal distance: %d weights for %d values", len(weights), len(labels))
	}
	rank := make([]float64, len(labels))
	if len(s.order) > 0 {
		pos := make(map[string]int, len(s.order))
		for i, l := range s.order {
			pos[l] = i
		}
		for i, l := range labels {
			p, ok := pos[l]
			if !ok {
				return nil, &ValueError{Index: i, Label: l, Err: errors.New("not among the ordered categories (ParseOptions.Categories)")}
			}
			rank[i] = float64(p)
		}
	} else {
		// only the order of the numbers matters (the distance is made of
		// counts of values), so any finite number will do, however large
		for i, l := range labels {
			v, err := strconv.ParseFloat(strings.TrimSpace(l), 64)
			if err != nil && !errors.Is(err, strconv.ErrRange) || math.IsNaN(v) {
				return nil, &ValueError{Index: i, Label: l, Err: errors.New("not a number; the ordinal distance needs numbers or the categories' order (ParseOptions.Categories a,b,c)")}
			}
			rank[i] = v // ±Inf for numbers beyond float64: still in order
		}
	}
	idx := make([]int, len(labels))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(i, j int) bool { return rank[idx[i]] < rank[idx[j]] })
	mid := make([]float64, len(labels))
	cum := 0.0
	for k := 0; k < len(idx); {
		// values with equal rank (e.g. "1" and "1.0") share one group.
		j, n := k, 0.0
		for j < len(idx) && rank[idx[j]] == rank[idx[k]] {
			n += weights[idx[j]]
			j++
		}
		for _, id := range idx[k:j] {
			mid[id] = cum + n/2
		}
		cum += n
		k = j
	}
	return newSquared(mid), nil
}

// ---- ratio ----

type ratioSpec struct{}

// Ratio returns Krippendorff's ratio metric d = ((a − b)/(a + b))² for
// non-negative values (d = 0 when a = b = 0).
func Ratio() Spec { return ratioSpec{} }

func (ratioSpec) Name() string { return "ratio" }
func (ratioSpec) Bind(labels []string, _ []float64) (Metric, error) {
	x, err := Numbers(labels)
	if err != nil {
		return nil, err
	}
	for i, v := range x {
		if v < 0 {
			return nil, &ValueError{Index: i, Label: labels[i], Err: errors.New("negative; the ratio distance needs values ≥ 0")}
		}
	}
	return ratioMetric{x}, nil
}

type ratioMetric struct{ x []float64 }

func (m ratioMetric) Distance(a, b int) float64 {
	s := m.x[a] + m.x[b]
	if s == 0 {
		return 0
	}
	d := (m.x[a] - m.x[b]) / s
	return d * d
}

// Cross is the double sum of Cross (there is no closed form), the same
// operations in the same order, with q's values gathered once so that the
// inner loop runs over plain numbers.
func (m ratioMetric) Cross(p, q Vector) float64 {
	xq := make([]float64, len(q.ID))
	for j, b := range q.ID {
		xq[j] = m.x[b]
	}
	s := 0.0
	for i, a := range p.ID {
		xa, row := m.x[a], 0.0
		for j, b := range q.ID {
			if a == b {
				continue
			}
			d := 0.0
			if t := xa + xq[j]; t != 0 {
				d = (xa - xq[j]) / t
				d *= d
			}
			row += q.W[j] * d
		}
		s += p.W[i] * row
	}
	return s
}

// Max: for 0 ≤ a < b, ((b − a)/(b + a))² decreases in a/b, so the largest
// distance is between the smallest and the largest value.
func (m ratioMetric) Max(ids []int) float64 {
	if len(ids) == 0 {
		return 0
	}
	lo, hi := ids[0], ids[0]
	for _, id := range ids {
		if m.x[id] < m.x[lo] {
			lo = id
		}
		if m.x[id] > m.x[hi] {
			hi = id
		}
	}
	return m.Distance(lo, hi)
}

// ---- circular ----

type circularSpec struct{ period float64 }

// Circular returns Krippendorff's circular metric d = sin²(π(a − b)/U) with
// period U; U ≤ 0 means max − min + 1 of the observed values (the number of
// points of an integer scale such as days of the week).
func Circular(period float64) Spec { return circularSpec{period} }

func (s circularSpec) Name() string {
	if s.period > 0 {
		return "circular:" + strconv.FormatFloat(s.period, 'g', -1, 64)
	}
	return "circular"
}

func (s circularSpec) Bind(labels []string, _ []float64) (Metric, error) {
	x, err := Numbers(labels)
	if err != nil {
		return nil, err
	}
	u := s.period
	if u <= 0 {
		lo, hi := math.Inf(1), math.Inf(-1)
		for _, v := range x {
			lo, hi = math.Min(lo, v), math.Max(hi, v)
		}
		u = hi - lo + 1
		if len(x) == 0 {
			u = 1
		}
	}
	m := circularMetric{theta: make([]float64, len(x))}
	for i, v := range x {
		m.theta[i] = math.Mod(v/u, 1) * 2 * math.Pi
	}
	return m, nil
}

type circularMetric struct{ theta []float64 } // angle 2π·x/U

func (m circularMetric) Distance(a, b int) float64 {
	s := math.Sin((m.theta[a] - m.theta[b]) / 2)
	return s * s
}

// Cross uses sin²(θ/2) = (1 − cos θ)/2 and
// Σ p_a q_b cos(θ_a − θ_b) = C_p C_q + S_p S_q with C = Σ w cos θ, S = Σ w sin θ.
func (m circularMetric) Cross(p, q Vector) float64 {
	sum := func(v Vector) (w, c, s float64) {
		for i, id := range v.ID {
			w += v.W[i]
			c += v.W[i] * math.Cos(m.theta[id])
			s += v.W[i] * math.Sin(m.theta[id])
		}
		return
	}
	P, cp, sp := sum(p)
	Q, cq, sq := sum(q)
	return math.Max(0, (P*Q-(cp*cq+sp*sq))/2)
}

// ---- bipolar ----

type bipolarSpec struct{ lo, hi float64 }

// Bipolar returns Krippendorff's bipolar metric
// d = (a − b)² / ((a + b − 2·lo)(2·hi − a − b)) for a scale [lo, hi]; NaN
// bounds mean the observed extremes. Values outside [lo, hi] are an error.
func Bipolar(lo, hi float64) Spec { return bipolarSpec{lo, hi} }

func (s bipolarSpec) Name() string {
	if math.IsNaN(s.lo) {
		return "bipolar"
	}
	return fmt.Sprintf("bipolar:%g,%g", s.lo, s.hi)
}

func (s bipolarSpec) Bind(labels []string, _ []float64) (Metric, error) {
	x, err := Numbers(labels)
	if err != nil {
		return nil, err
	}
	lo, hi := s.lo, s.hi
	if math.IsNaN(lo) {
		lo, hi = math.Inf(1), math.Inf(-1)
		for _, v := range x {
			lo, hi = math.Min(lo, v), math.Max(hi, v)
		}
	}
	for i, v := range x {
		if v < lo || v > hi {
			return nil, &ValueError{Index: i, Label: labels[i], Err: fmt.Errorf("outside the bipolar scale [%g, %g]", lo, hi)}
		}
	}
	return bipolarMetric{x, lo, hi}, nil
}

type bipolarMetric struct {
	x      []float64
	lo, hi float64
}

func (m bipolarMetric) Distance(a, b int) float64 {
	if a == b || m.x[a] == m.x[b] {
		return 0
	}
	va, vb := m.x[a], m.x[b]
	d := va - vb
	return d * d / ((va + vb - 2*m.lo) * (2*m.hi - va - vb))
}

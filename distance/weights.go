package distance

import (
	"errors"
	"math"
	"slices"
	"strconv"
	"strings"
)

// Gwet's weights. Gwet's Handbook of Inter-Rater Reliability (4th ed.,
// 2014, ch. 3) and his R package irrCAC weigh disagreements for κ_w, AC2
// and Brennan–Prediger with named weight matrices w = 1 − d/d_max. Several
// are distances this package has under Krippendorff's names — irrCAC's
// quadratic weights are the interval distance, its linear ones linear, its
// ratio ones ratio, and its circular (period max − min + 1) and bipolar
// (scale min..max) ones circular and bipolar on numeric categories — but
// two are not:
//
//   - irrCAC's ordinal weights are a function of the categories' ranks
//     only, d = C(|r_a − r_b| + 1, 2) = |Δr|(|Δr| + 1)/2, where
//     Krippendorff's ordinal distance depends on how often each category
//     was used (its values are marginal counts): they are named
//     "irrcac-ordinal" here, apart from "ordinal";
//   - the radical weights, d = √|a − b|.
//
// On text categories irrCAC uses their positions 1..q; here the positions
// come from the declared order (ParseOptions.Categories: agree's --order or
// --categories). On numbers, irrcac-ordinal uses their ranks and radical
// their values, as irrCAC does.

// rankSpec is a distance computed from positions: the categories' ranks
// (ranks) or their numeric values (else), or their positions in a declared
// order when they are text.
type rankSpec struct {
	name  string
	order []string
	ranks bool // positions 1..q even for numbers (irrCAC's ordinal)
	f     func(delta float64) float64
}

// IrrCACOrdinal returns irrCAC's ordinal weights as a distance:
// d(a, b) = |Δr|(|Δr| + 1)/2 on the ranks r of the categories (in the
// declared order when order is non-empty, else the order of the numbers).
func IrrCACOrdinal(order []string) Spec {
	return rankSpec{name: "irrcac-ordinal", order: order, ranks: true, f: func(d float64) float64 { return d * (d + 1) / 2 }}
}

// Radical returns the radical distance √|a − b| (irrCAC's radical weights)
// on the values as numbers, or on their positions in the declared order
// when order is non-empty.
func Radical(order []string) Spec {
	return rankSpec{name: "radical", order: order, f: math.Sqrt}
}

func (s rankSpec) Name() string { return s.name }

func (s rankSpec) Bind(labels []string, _ []float64) (Metric, error) {
	x := make([]float64, len(labels))
	if len(s.order) > 0 {
		pos := make(map[string]int, len(s.order))
		for i, l := range s.order {
			pos[l] = i + 1
		}
		for i, l := range labels {
			p, ok := pos[l]
			if !ok {
				return nil, &ValueError{Index: i, Label: l, Err: errors.New("not among the categories of ParseOptions.Categories")}
			}
			x[i] = float64(p)
		}
		return rankMetric{x: x, f: s.f}, nil
	}
	for i, l := range labels {
		v, err := strconv.ParseFloat(strings.TrimSpace(l), 64)
		if err != nil || math.IsNaN(v) || math.IsInf(v, 0) || math.Abs(v) > MaxNumber {
			return nil, &ValueError{Index: i, Label: l, Err: errors.New("not a number; text categories need their order (ParseOptions.Categories a,b,c)")}
		}
		x[i] = v
	}
	if s.ranks {
		sorted := slices.Clone(x)
		slices.Sort(sorted)
		sorted = slices.Compact(sorted)
		for i, v := range x {
			r, _ := slices.BinarySearch(sorted, v)
			x[i] = float64(r + 1)
		}
	}
	return rankMetric{x: x, f: s.f}, nil
}

// rankMetric is d(a, b) = f(|x_a − x_b|) for an increasing f with f(0) = 0.
type rankMetric struct {
	x []float64
	f func(float64) float64
}

func (m rankMetric) Distance(a, b int) float64 { return m.f(math.Abs(m.x[a] - m.x[b])) }

// Max is the distance between the smallest and the largest position (f
// increases).
func (m rankMetric) Max(ids []int) float64 {
	if len(ids) == 0 {
		return 0
	}
	lo, hi := m.x[ids[0]], m.x[ids[0]]
	for _, id := range ids {
		lo, hi = math.Min(lo, m.x[id]), math.Max(hi, m.x[id])
	}
	return m.f(hi - lo)
}

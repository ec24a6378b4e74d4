package distance

import (
	"math"
	"sort"
)

type linearSpec struct{}

// Linear returns the absolute difference d = |a − b|: the "linear weights"
// of Cohen's κ_w (Cicchetti–Allison), which Krippendorff's metrics do not
// include. Values must be numbers.
func Linear() Spec { return linearSpec{} }

func (linearSpec) Name() string { return "linear" }
func (linearSpec) Bind(labels []string, _ []float64) (Metric, error) {
	x, err := Numbers(labels)
	if err != nil {
		return nil, err
	}
	return linearMetric{x}, nil
}

type linearMetric struct{ x []float64 }

func (m linearMetric) Distance(a, b int) float64 { return math.Abs(m.x[a] - m.x[b]) }

// Cross sorts q by position and, for each value a of p, sums
// Σ_b q_b |x_a − x_b| = x_a·Q_< − S_< + S_> − x_a·Q_> with prefix sums:
// O((|p| + |q|) log |q|) instead of |p|·|q|.
func (m linearMetric) Cross(p, q Vector) float64 {
	n := len(q.ID)
	ord := make([]int, n)
	for i := range ord {
		ord[i] = i
	}
	sort.Slice(ord, func(i, j int) bool { return m.x[q.ID[ord[i]]] < m.x[q.ID[ord[j]]] })
	xs := make([]float64, n)
	cw := make([]float64, n+1) // cumulative weight
	cs := make([]float64, n+1) // cumulative weight·position
	for i, o := range ord {
		xs[i] = m.x[q.ID[o]]
		cw[i+1] = cw[i] + q.W[o]
		cs[i+1] = cs[i] + q.W[o]*xs[i]
	}
	total := 0.0
	for i, a := range p.ID {
		xa := m.x[a]
		k := sort.SearchFloat64s(xs, xa) // xs[:k] < xa
		left := xa*cw[k] - cs[k]
		right := (cs[n] - cs[k]) - xa*(cw[n]-cw[k])
		total += p.W[i] * (left + right)
	}
	return total
}

func (m linearMetric) Max(ids []int) float64 {
	if len(ids) == 0 {
		return 0
	}
	lo, hi := m.x[ids[0]], m.x[ids[0]]
	for _, id := range ids {
		lo, hi = math.Min(lo, m.x[id]), math.Max(hi, m.x[id])
	}
	return hi - lo
}

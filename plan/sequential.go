package plan

import (
	"context"
	"errors"
	"fmt"
	"math"

	"agree/inference"
)

// MethodSequential names the sequential rule.
const MethodSequential = "repeated confidence intervals (Jennison & Turnbull 1989) with the Lan–DeMets O'Brien–Fleming-type α-spending function α(t) = 4 − 4Φ(z_{1−α/4}/√t) (each side spends α/2 by 2 − 2Φ(z_{1−α/4}/√t), as ldbounds and gsDesign's sfLDOF do), boundaries by recursive numerical integration (Armitage, McPherson & Rowe 1969)"

// gridPoints is the number of intervals of the Simpson grid on each
// look's continuation region.
const gridPoints = 200

func phi(x float64) float64 { return math.Exp(-x*x/2) / math.Sqrt(2*math.Pi) }
func cdf(x float64) float64 { return math.Erfc(-x/math.Sqrt2) / 2 }

// Spent is the O'Brien–Fleming-type spending function of Lan & DeMets
// (1983): the two-sided error spent by information fraction t.
func Spent(alpha, t float64) float64 {
	if t <= 0 {
		return 0
	}
	if t >= 1 {
		return alpha
	}
	return 4 - 4*cdf(inference.NormalQuantile(1-alpha/4)/math.Sqrt(t))
}

// Boundaries returns the two-sided critical values c_1, …, c_K of the
// repeated confidence intervals estimate ± c_k·SE_k at information
// fractions t (increasing, in (0, 1]; the last is usually 1), so that
// P(|Z_j| ≥ c_j for some j ≤ k) = Spent(alpha, t_k) for every k. A look
// that spends nothing more gets +Inf.
func Boundaries(ctx context.Context, t []float64, alpha float64) ([]float64, error) {
	if len(t) == 0 {
		return nil, errors.New("plan: no look")
	}
	if err := checkProb("alpha", alpha, true); err != nil {
		return nil, err
	}
	for k, x := range t {
		if !(x > 0 && x <= 1) || (k > 0 && x <= t[k-1]) {
			return nil, fmt.Errorf("plan: information fractions %v: want increasing numbers in (0, 1]", t)
		}
	}
	c := make([]float64, len(t))
	c[0] = inference.NormalQuantile(1 - Spent(alpha, t[0])/2)
	// f holds the sub-density of S_k = Z_k·√t_k on a grid of [−b, b],
	// the continuation region of look k.
	b := c[0] * math.Sqrt(t[0])
	grid := func(b float64) ([]float64, []float64) {
		s := make([]float64, gridPoints+1)
		w := make([]float64, gridPoints+1)
		h := 2 * b / gridPoints
		for i := range s {
			s[i] = -b + float64(i)*h
			switch {
			case i == 0 || i == gridPoints:
				w[i] = h / 3
			case i%2 == 1:
				w[i] = 4 * h / 3
			default:
				w[i] = 2 * h / 3
			}
		}
		return s, w
	}
	s, w := grid(b)
	f := make([]float64, len(s))
	sd := math.Sqrt(t[0])
	for i, x := range s {
		f[i] = phi(x/sd) / sd
	}
	for k := 1; k < len(t); k++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		target := Spent(alpha, t[k]) - Spent(alpha, t[k-1])
		sd := math.Sqrt(t[k] - t[k-1])
		cross := func(b float64) float64 {
			p := 0.0
			for i, u := range s {
				p += w[i] * f[i] * (cdf((-b-u)/sd) + cdf((u-b)/sd))
			}
			return p
		}
		if !(target > 1e-15) {
			c[k] = math.Inf(1)
			// No stop at this look: the region is unbounded; carry the
			// density over a wide range.
			b = 10 * math.Sqrt(t[k])
		} else {
			lo, hi := 0.0, 12*math.Sqrt(t[k])
			for range 100 {
				mid := (lo + hi) / 2
				if cross(mid) > target {
					lo = mid
				} else {
					hi = mid
				}
			}
			b = (lo + hi) / 2
			c[k] = b / math.Sqrt(t[k])
		}
		ns, nw := grid(b)
		nf := make([]float64, len(ns))
		for j, x := range ns {
			v := 0.0
			for i, u := range s {
				// beyond 9 standard deviations the kernel is below 1e-17
				if z := (x - u) / sd; z < 9 && z > -9 {
					v += w[i] * f[i] * phi(z)
				}
			}
			nf[j] = v / sd
		}
		s, w, f = ns, nw, nf
	}
	return c, nil
}

// Look is the state of an annotation project at one look: the items
// annotated so far and the estimate with its standard error.
type Look struct {
	Items        int
	Estimate, SE float64
}

// Rule is a sequential design: at most MaxItems items, stop as soon as
// the repeated confidence interval is at most HalfWidth wide on each side
// (0: no precision target), or lies above Min or below it (NaN: no
// threshold).
type Rule struct {
	MaxItems  int
	Alpha     float64 // 1 − the confidence level (0.05 when 0)
	HalfWidth float64
	Min       float64
}

// Decision is the rule's verdict after the last look.
type Decision struct {
	Stop bool
	// Reason says why it stops or continues.
	Reason string
	// More is the number of items to annotate before the next look (0
	// when it stops), from the last look's per-item variance.
	More int
	// Interval is the last look's repeated confidence interval.
	Interval RCI
}

// RCI is a look's repeated confidence interval.
type RCI struct {
	Items               int
	Fraction, Critical  float64
	Estimate, Low, High float64
}

// Decide applies the rule at the look last, after earlier looks at the
// numbers of items previous (increasing, below last.Items): the critical
// value depends on when the earlier looks were taken, not on what they
// showed.
func (r Rule) Decide(ctx context.Context, previous []int, last Look) (Decision, error) {
	if r.MaxItems < 2 {
		return Decision{}, fmt.Errorf("plan: a maximum of %d items: want at least 2", r.MaxItems)
	}
	alpha := r.Alpha
	if alpha == 0 {
		alpha = 0.05
	}
	if r.HalfWidth == 0 && math.IsNaN(r.Min) {
		return Decision{}, errors.New("plan: the rule needs a half-width target or a minimum to clear")
	}
	if last.Items > r.MaxItems {
		return Decision{}, fmt.Errorf("plan: the look has %d items, more than the maximum %d", last.Items, r.MaxItems)
	}
	if !(last.SE >= 0) || math.IsInf(last.SE, 0) || math.IsNaN(last.Estimate) {
		return Decision{}, errors.New("plan: the look has no estimate or standard error")
	}
	t := make([]float64, 0, len(previous)+1)
	for k, n := range previous {
		if n < 1 || n >= last.Items || (k > 0 && n <= previous[k-1]) {
			return Decision{}, fmt.Errorf("plan: earlier looks at %v items: want increasing numbers below the last look's %d", previous, last.Items)
		}
		t = append(t, float64(n)/float64(r.MaxItems))
	}
	t = append(t, float64(last.Items)/float64(r.MaxItems))
	c, err := Boundaries(ctx, t, alpha)
	if err != nil {
		return Decision{}, err
	}
	ck := c[len(c)-1]
	h := ck * last.SE
	d := Decision{Interval: RCI{Items: last.Items, Fraction: t[len(t)-1], Critical: ck, Estimate: last.Estimate, Low: last.Estimate - h, High: last.Estimate + h}}
	iv := d.Interval
	switch {
	case !math.IsNaN(r.Min) && iv.Low > r.Min:
		d.Stop, d.Reason = true, fmt.Sprintf("the repeated interval [%.4f, %.4f] lies above the minimum %.4g", iv.Low, iv.High, r.Min)
	case !math.IsNaN(r.Min) && iv.High < r.Min:
		d.Stop, d.Reason = true, fmt.Sprintf("the repeated interval [%.4f, %.4f] lies below the minimum %.4g", iv.Low, iv.High, r.Min)
	case r.HalfWidth > 0 && h <= r.HalfWidth:
		d.Stop, d.Reason = true, fmt.Sprintf("the repeated interval's half-width %.4f is at most %.4g", h, r.HalfWidth)
	case last.Items >= r.MaxItems:
		d.Stop, d.Reason = true, fmt.Sprintf("the maximum of %d items is reached", r.MaxItems)
	default:
		// The items for the target at the final look's critical value
		// (the largest of the later looks' is at most this look's), from
		// this look's per-item variance.
		final, err := Boundaries(ctx, append(t, 1), alpha)
		if err != nil {
			return Decision{}, err
		}
		cK := final[len(final)-1]
		target := r.HalfWidth
		if !math.IsNaN(r.Min) {
			target = math.Max(target, math.Max(math.Abs(last.Estimate-r.Min), 1e-9))
		}
		sd := last.SE * math.Sqrt(float64(last.Items))
		need := ceilItems(math.Pow(cK*sd/target, 2))
		d.More = min(max(need-last.Items, 1), r.MaxItems-last.Items)
		d.Reason = fmt.Sprintf("the repeated interval [%.4f, %.4f] is not yet decisive", iv.Low, iv.High)
	}
	return d, nil
}

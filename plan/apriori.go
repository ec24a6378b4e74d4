package plan

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"

	"agree/coding"
	"agree/distance"
	"agree/inference"
)

// Size is a planned number of items and how it was found.
type Size struct {
	Items int
	// SD is the per-item standard deviation used (√n × the standard
	// error); SD0 the one under the null hypothesis (power only).
	SD, SD0 float64
	Method  string
}

// Method names.
const (
	MethodCantor       = "Cantor (1996) closed form for Cohen's κ on a binary label (irr's N.cohen.kappa)"
	MethodKrippendorff = "Krippendorff (2004, §11.4) minimum number of values: Bloch & Kraemer (1989, eq. 3.7)"
	MethodModel        = "delta-method standard error of the coefficient on a simulated sample of the model (each coder gives the item's true category with probability √v, else a draw from the prevalences; population value v)"
	MethodHalfWidth    = "smallest n with z·SD/√n ≤ w"
	MethodPower        = "smallest n with (z_{1−a}·SD0 + z_{1−β}·SD1)/√n ≤ value − min (one-sided test of H0: coefficient ≤ min)"
)

func checkProb(name string, p float64, open bool) error {
	if math.IsNaN(p) || p < 0 || p > 1 || (open && (p == 0 || p == 1)) {
		if open {
			return fmt.Errorf("plan: %s = %v: want a number strictly between 0 and 1", name, p)
		}
		return fmt.Errorf("plan: %s = %v: want a number between 0 and 1", name, p)
	}
	return nil
}

// CohenKappa is the number of items for a test of H0: κ = k0 against the
// true κ = k1 for two raters of a binary label who say "positive" with
// probabilities rate1 and rate2, at significance alpha (one-sided, or
// two-sided when twoSided) and power: Cantor (1996, eqs. 2–4):
//
//	π_e = r1·r2 + (1−r1)(1−r2), π_o = κ(1 − π_e) + π_e,
//	π_22 = (π_o − r1 + 1 − r2)/2, π_11 = π_o − π_22, π_12 = r1 − π_11, π_21 = r2 − π_11,
//	Q = (1−π_e)^−4 {π_11[1 − π_e − (r1 + r2)(1 − π_o)]² + π_22[1 − π_e − (2 − r1 − r2)(1 − π_o)]²
//	    + (1 − π_o)²[π_12(r2 + 1 − r1)² + π_21(1 − r2 + r1)²] − (π_o π_e − 2π_e + π_o)²},
//	N = ⌈((z_{1−α/d}·√Q(k0) + z_power·√Q(k1)) / (k1 − k0))²⌉,
//
// as the irr package's N.cohen.kappa computes it (irr manual, 0.84.1).
func CohenKappa(rate1, rate2, k1, k0, alpha, power float64, twoSided bool) (Size, error) {
	for _, c := range []struct {
		n string
		v float64
	}{{"rate1", rate1}, {"rate2", rate2}, {"alpha", alpha}, {"power", power}} {
		if err := checkProb(c.n, c.v, true); err != nil {
			return Size{}, err
		}
	}
	if k1 == k0 || math.IsNaN(k1) || math.IsNaN(k0) || k1 > 1 || k0 > 1 {
		return Size{}, fmt.Errorf("plan: Cohen's κ: the true κ (%v) and the null κ (%v) must differ and be at most 1", k1, k0)
	}
	q := func(k float64) (float64, error) {
		pe := rate1*rate2 + (1-rate1)*(1-rate2)
		po := k*(1-pe) + pe
		p22 := (po - rate1 + 1 - rate2) / 2
		p11 := po - p22
		p12, p21 := rate1-p11, rate2-p11
		for _, p := range []float64{p11, p22, p12, p21} {
			if p < -1e-12 || p > 1+1e-12 {
				return 0, fmt.Errorf("plan: Cohen's κ = %v is impossible with rates %v and %v (a cell probability would be %.4g)", k, rate1, rate2, p)
			}
		}
		a := 1 - pe - (rate1+rate2)*(1-po)
		b := 1 - pe - (2-rate1-rate2)*(1-po)
		c := po*pe - 2*pe + po
		v := (p11*a*a + p22*b*b + (1-po)*(1-po)*(p12*(rate2+1-rate1)*(rate2+1-rate1)+p21*(1-rate2+rate1)*(1-rate2+rate1)) - c*c) / math.Pow(1-pe, 4)
		return math.Max(v, 0), nil
	}
	q1, err := q(k1)
	if err != nil {
		return Size{}, err
	}
	q0, err := q(k0)
	if err != nil {
		return Size{}, err
	}
	d := 1.0
	if twoSided {
		d = 2
	}
	za, zb := inference.NormalQuantile(1-alpha/d), inference.NormalQuantile(power)
	n := math.Pow((za*math.Sqrt(q0)+zb*math.Sqrt(q1))/(k1-k0), 2)
	return Size{Items: ceilItems(n), SD: math.Sqrt(q1), SD0: math.Sqrt(q0), Method: MethodCantor}, nil
}

// ceilItems rounds a planned number of items up, forgiving the last bits
// of rounding (a plan of 138.99999999999997 items is 139).
func ceilItems(n float64) int {
	if math.IsInf(n, 0) || math.IsNaN(n) || n > math.MaxInt32 {
		return math.MaxInt32
	}
	return int(math.Ceil(n - 1e-9*math.Max(1, n)))
}

// KrippendorffMinimum is the minimum number of values (units coded by two
// coders) for Krippendorff's α to be at least alphaMin at significance
// level p, when the least frequent value has probability pc: Krippendorff
// (2004, §11.4.2; 2013, §12.4.2, table of minimum numbers of values),
// from Bloch & Kraemer (1989, eq. 3.7):
//
//	N = 2z²·[(1 + α_min)(3 − α_min) / (4(1 − α_min)·p_c(1 − p_c)) − α_min],
//
// z the one-sided (1 − p) quantile of the standard normal, rounded up.
func KrippendorffMinimum(alphaMin, p, pc float64) (Size, error) {
	if math.IsNaN(alphaMin) || alphaMin <= -1 || alphaMin >= 1 {
		return Size{}, fmt.Errorf("plan: α_min = %v: want a number in (−1, 1)", alphaMin)
	}
	if err := checkProb("the significance level", p, true); err != nil {
		return Size{}, err
	}
	if pc <= 0 || pc > 0.5 || math.IsNaN(pc) {
		return Size{}, fmt.Errorf("plan: p_c = %v: the probability of the least frequent value is in (0, 0.5]", pc)
	}
	z := inference.NormalQuantile(1 - p)
	n := 2 * z * z * ((1+alphaMin)*(3-alphaMin)/(4*(1-alphaMin)*pc*(1-pc)) - alphaMin)
	return Size{Items: ceilItems(n), Method: MethodKrippendorff}, nil
}

// Model is a data-generating model of coding: each item has a true
// category drawn from Prevalence; each of Coders coders gives it with
// probability √v and otherwise draws a category from Prevalence. Its
// population value of every chance-corrected coefficient with pooled
// marginals (α, π, Fleiss's κ) is v, under any distance.
type Model struct {
	Coefficient coding.Coefficient // KrippendorffAlpha when 0
	Coders      int
	Prevalence  []float64
	// Labels name the categories (1, 2, … when nil); Distance (nominal when
	// nil) is bound to them as agree coding binds it.
	Labels   []string
	Distance distance.Spec
	// Items is the size of the simulated sample (20 000 when 0); Seed
	// seeds it.
	Items int
	Seed  uint64
}

// DefaultModelItems is the simulated sample of ModelSD.
const DefaultModelItems = 20000

func (m Model) check() error {
	if m.Coders < 2 {
		return fmt.Errorf("plan: %d coders: agreement needs at least 2", m.Coders)
	}
	if len(m.Prevalence) < 2 {
		return errors.New("plan: the model needs the prevalences of at least 2 categories")
	}
	sum := 0.0
	for _, p := range m.Prevalence {
		if !(p > 0) || math.IsInf(p, 0) {
			return fmt.Errorf("plan: prevalence %v: want positive numbers", p)
		}
		sum += p
	}
	if math.Abs(sum-1) > 1e-6 {
		return fmt.Errorf("plan: the prevalences sum to %v, not 1", sum)
	}
	if m.Labels != nil && len(m.Labels) != len(m.Prevalence) {
		return fmt.Errorf("plan: %d labels for %d prevalences", len(m.Labels), len(m.Prevalence))
	}
	return nil
}

// ModelSD is the per-item standard deviation √n·SE of the model's
// coefficient when its population value is v (0 ≤ v ≤ 1): the delta-method
// standard error (inference.Delta) on a simulated sample of m.Items items.
func ModelSD(ctx context.Context, m Model, v float64) (float64, error) {
	if err := m.check(); err != nil {
		return 0, err
	}
	if math.IsNaN(v) || v < 0 || v > 1 {
		return 0, fmt.Errorf("plan: the model's value %v: want 0 ≤ v ≤ 1 (the model has no systematic disagreement)", v)
	}
	n := m.Items
	if n == 0 {
		n = DefaultModelItems
	}
	if n < 10 {
		return 0, fmt.Errorf("plan: a simulated sample of %d items is too small", n)
	}
	labels := m.Labels
	if labels == nil {
		for k := range m.Prevalence {
			labels = append(labels, strconv.Itoa(k+1))
		}
	}
	cum := make([]float64, len(m.Prevalence))
	s := 0.0
	for k, p := range m.Prevalence {
		s += p
		cum[k] = s
	}
	rng := rand.New(rand.NewPCG(m.Seed, 0x706c616e))
	draw := func() int {
		u := rng.Float64() * s
		for k, c := range cum {
			if u < c {
				return k
			}
		}
		return len(cum) - 1
	}
	r := math.Sqrt(v)
	b := coding.NewBuilder()
	if err := b.DeclareCategories(labels, true); err != nil {
		return 0, err
	}
	coders := make([]string, m.Coders)
	for c := range coders {
		coders[c] = "c" + strconv.Itoa(c+1)
	}
	for i := range n {
		if i%1024 == 0 {
			if err := ctx.Err(); err != nil {
				return 0, err
			}
		}
		truth := draw()
		id := strconv.Itoa(i)
		for _, c := range coders {
			k := truth
			if rng.Float64() >= r {
				k = draw()
			}
			if err := b.Add(id, c, labels[k]); err != nil {
				return 0, err
			}
		}
	}
	d, err := b.Build()
	if err != nil {
		return 0, err
	}
	coef := m.Coefficient
	if coef == 0 {
		coef = coding.KrippendorffAlpha
	}
	a, err := coding.Analyze(d, coding.Options{Distance: m.Distance})
	if err != nil {
		return 0, err
	}
	an := inference.Delta(a, coef, inference.GwetOptions{})
	if math.IsNaN(an.SE) {
		return 0, fmt.Errorf("plan: %s has no delta-method standard error here: %s", coef, an.Reason)
	}
	return an.SE * math.Sqrt(float64(n)), nil
}

// HalfWidthItems is the smallest number of items for which a normal
// interval at level has half-width at most w, given the per-item standard
// deviation sd: ⌈(z_{(1+level)/2}·sd/w)²⌉.
func HalfWidthItems(sd, w, level float64) (Size, error) {
	if !(w > 0) || math.IsInf(w, 0) {
		return Size{}, fmt.Errorf("plan: half-width %v: want a positive number", w)
	}
	if err := checkProb("the confidence level", level, true); err != nil {
		return Size{}, err
	}
	if !(sd >= 0) {
		return Size{}, fmt.Errorf("plan: standard deviation %v is not a number", sd)
	}
	z := inference.NormalQuantile((1 + level) / 2)
	return Size{Items: max(ceilItems(math.Pow(z*sd/w, 2)), 2), SD: sd, Method: MethodHalfWidth}, nil
}

// PowerItems is the smallest number of items for which a one-sided test
// of H0: coefficient ≤ min at significance alpha has the given power when
// the coefficient is value, with per-item standard deviations sd0 (at
// min) and sd1 (at value).
func PowerItems(sd0, sd1, value, min, alpha, power float64) (Size, error) {
	if !(value > min) {
		return Size{}, fmt.Errorf("plan: the expected value %v must exceed the minimum %v", value, min)
	}
	if err := checkProb("alpha", alpha, true); err != nil {
		return Size{}, err
	}
	if err := checkProb("power", power, true); err != nil {
		return Size{}, err
	}
	za, zb := inference.NormalQuantile(1-alpha), inference.NormalQuantile(power)
	n := math.Pow((za*sd0+zb*sd1)/(value-min), 2)
	return Size{Items: max(ceilItems(n), 2), SD: sd1, SD0: sd0, Method: MethodPower}, nil
}

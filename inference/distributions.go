package inference

import "math"

// The distribution functions the tests and intervals of other packages
// need (package ratings: F tests and F-based intervals of the intraclass
// correlations, χ² tests, normal intervals). They are computed here, to
// double precision, from the regularized incomplete beta and gamma
// functions (Abramowitz & Stegun 26.5, 6.5), with no dependency.

// NormalQuantile returns z with Φ(z) = p (NaN outside (0, 1)).
func NormalQuantile(p float64) float64 {
	if !(p > 0 && p < 1) {
		return math.NaN()
	}
	return normalQuantile(p)
}

// NormalTwoSided returns the two-sided p-value 2(1 − Φ(|z|)).
func NormalTwoSided(z float64) float64 { return normalTwoSided(z) }

// StudentTwoSided returns 2·P(T > |t|) for Student's t with df degrees of
// freedom.
func StudentTwoSided(t, df float64) float64 {
	if math.IsNaN(t) || !(df > 0) {
		return math.NaN()
	}
	return studentTwoSided(t, df)
}

// FCDF returns P(X ≤ x) for X following Fisher's F distribution with d1
// and d2 degrees of freedom (any positive reals): I_{d1·x/(d1·x+d2)}(d1/2,
// d2/2) (Abramowitz & Stegun 26.6.2).
func FCDF(x, d1, d2 float64) float64 {
	switch {
	case math.IsNaN(x) || !(d1 > 0) || !(d2 > 0):
		return math.NaN()
	case x <= 0:
		return 0
	case math.IsInf(x, 1):
		return 1
	}
	return regIncBeta(d1/2, d2/2, d1*x/(d1*x+d2))
}

// FSurvival returns P(X > x) = 1 − FCDF(x, d1, d2), computed without
// cancellation (the upper tail of a large F statistic): I_{d2/(d2+d1·x)}(d2/2, d1/2).
func FSurvival(x, d1, d2 float64) float64 {
	switch {
	case math.IsNaN(x) || !(d1 > 0) || !(d2 > 0):
		return math.NaN()
	case x <= 0:
		return 1
	case math.IsInf(x, 1):
		return 0
	}
	return regIncBeta(d2/2, d1/2, d2/(d2+d1*x))
}

// FQuantile returns x with FCDF(x, d1, d2) = p, for 0 < p < 1: the beta
// quantile b of I_b(d1/2, d2/2) = p found by bisection (the function is
// monotone), then x = d2·b / (d1·(1 − b)).
func FQuantile(p, d1, d2 float64) float64 {
	if !(p > 0 && p < 1) || !(d1 > 0) || !(d2 > 0) {
		return math.NaN()
	}
	a, b := d1/2, d2/2
	lo, hi := 0.0, 1.0
	for range 1100 {
		mid := lo + (hi-lo)/2
		if mid == lo || mid == hi {
			break
		}
		if regIncBeta(a, b, mid) < p {
			lo = mid
		} else {
			hi = mid
		}
	}
	x := lo + (hi-lo)/2
	return d2 * x / (d1 * (1 - x))
}

// ChiSquareSurvival returns P(X > x) for X following the χ² distribution
// with df degrees of freedom: the regularized upper incomplete gamma
// function Q(df/2, x/2).
func ChiSquareSurvival(x, df float64) float64 {
	switch {
	case math.IsNaN(x) || !(df > 0):
		return math.NaN()
	case x <= 0:
		return 1
	case math.IsInf(x, 1):
		return 0
	}
	return regIncGammaUpper(df/2, x/2)
}

// regIncGammaUpper is Q(a, x) = Γ(a, x)/Γ(a): the series of Abramowitz &
// Stegun 6.5.29 for P when x < a + 1, else the continued fraction 6.5.31
// (modified Lentz) for Q.
func regIncGammaUpper(a, x float64) float64 {
	lg, _ := math.Lgamma(a)
	front := math.Exp(-x + a*math.Log(x) - lg)
	if x < a+1 {
		sum, term := 1/a, 1/a
		for n := 1; n < 100000; n++ {
			term *= x / (a + float64(n))
			sum += term
			if math.Abs(term) < math.Abs(sum)*1e-17 {
				break
			}
		}
		return 1 - front*sum
	}
	const tiny = 1e-300
	b := x + 1 - a
	c := 1 / tiny
	d := 1 / b
	h := d
	for i := 1; i < 100000; i++ {
		an := -float64(i) * (float64(i) - a)
		b += 2
		d = an*d + b
		if math.Abs(d) < tiny {
			d = tiny
		}
		c = b + an/c
		if math.Abs(c) < tiny {
			c = tiny
		}
		d = 1 / d
		del := d * c
		h *= del
		if math.Abs(del-1) < 1e-16 {
			break
		}
	}
	return front * h
}

// StudentQuantile returns t with P(T ≤ t) = p for Student's t with df
// degrees of freedom (NaN outside 0 < p < 1 or df ≤ 0).
func StudentQuantile(p, df float64) float64 { return studentQuantile(p, df) }

package inference

import "math"

// Normal and Student-t distribution functions for tests and intervals.

// normalQuantile returns z with Φ(z) = p.
func normalQuantile(p float64) float64 { return math.Sqrt2 * math.Erfinv(2*p-1) }

// normalTwoSided returns the two-sided p-value 2(1 − Φ(|z|)).
func normalTwoSided(z float64) float64 { return math.Erfc(math.Abs(z) / math.Sqrt2) }

// studentCDF returns P(T ≤ t) for Student's t with df degrees of freedom:
// 1 − I_x(df/2, 1/2)/2 with x = df/(df + t²) for t ≥ 0 (Abramowitz &
// Stegun 26.7.1 via 26.5.27).
func studentCDF(t, df float64) float64 {
	if math.IsNaN(t) || df <= 0 {
		return math.NaN()
	}
	if math.IsInf(t, 0) {
		if t > 0 {
			return 1
		}
		return 0
	}
	tail := 0.5 * regIncBeta(df/2, 0.5, df/(df+t*t))
	if t >= 0 {
		return 1 - tail
	}
	return tail
}

// studentTwoSided returns 2·P(T > |t|).
func studentTwoSided(t, df float64) float64 {
	if math.IsInf(t, 0) {
		return 0
	}
	return regIncBeta(df/2, 0.5, df/(df+t*t))
}

// studentQuantile returns t with P(T ≤ t) = p, by bisection on the CDF
// (monotone), to double precision.
func studentQuantile(p, df float64) float64 {
	if !(p > 0 && p < 1) || df <= 0 {
		return math.NaN()
	}
	if p == 0.5 {
		return 0
	}
	lo, hi := -1.0, 1.0
	for studentCDF(lo, df) > p {
		lo *= 2
	}
	for studentCDF(hi, df) < p {
		hi *= 2
	}
	for range 200 {
		mid := (lo + hi) / 2
		if studentCDF(mid, df) < p {
			lo = mid
		} else {
			hi = mid
		}
		if hi-lo <= 1e-15*math.Max(1, math.Abs(mid)) {
			break
		}
	}
	return (lo + hi) / 2
}

// regIncBeta is the regularized incomplete beta function I_x(a, b),
// evaluated with the continued fraction of Abramowitz & Stegun 26.5.8
// (modified Lentz), using the symmetry I_x(a,b) = 1 − I_{1−x}(b,a) where
// the fraction converges faster.
func regIncBeta(a, b, x float64) float64 {
	switch {
	case x <= 0:
		return 0
	case x >= 1:
		return 1
	}
	la, _ := math.Lgamma(a + b)
	lb, _ := math.Lgamma(a)
	lc, _ := math.Lgamma(b)
	front := math.Exp(la - lb - lc + a*math.Log(x) + b*math.Log1p(-x))
	if x < (a+1)/(a+b+2) {
		return front * betaCF(a, b, x) / a
	}
	return 1 - front*betaCF(b, a, 1-x)/b
}

func betaCF(a, b, x float64) float64 {
	const tiny = 1e-300
	c, d := 1.0, 1-(a+b)*x/(a+1)
	if math.Abs(d) < tiny {
		d = tiny
	}
	d = 1 / d
	h := d
	for m := 1; m <= 1000; m++ {
		fm := float64(m)
		num := fm * (b - fm) * x / ((a + 2*fm - 1) * (a + 2*fm))
		for range 2 {
			d = 1 + num*d
			if math.Abs(d) < tiny {
				d = tiny
			}
			c = 1 + num/c
			if math.Abs(c) < tiny {
				c = tiny
			}
			d = 1 / d
			h *= d * c
			num = -(a + fm) * (a + b + fm) * x / ((a + 2*fm) * (a + 2*fm + 1))
		}
		if math.Abs(d*c-1) < 1e-16 {
			break
		}
	}
	return h
}

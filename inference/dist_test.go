package inference

import "testing"

func TestDistributions(t *testing.T) {
	// Textbook table values (Abramowitz & Stegun Tables 26.1, 26.10).
	approx(t, "z 0.975", normalQuantile(0.975), 1.959963984540054, 1e-12)
	approx(t, "p(1.96)", normalTwoSided(1.959963984540054), 0.05, 1e-12)
	for _, c := range []struct{ p, df, t float64 }{
		{0.975, 1, 12.706204736},
		{0.975, 10, 2.228138852},
		{0.975, 11, 2.200985160},
		{0.95, 5, 2.015048373},
		{0.995, 30, 2.749995654},
	} {
		approx(t, "t quantile", studentQuantile(c.p, c.df), c.t, 1e-8)
		approx(t, "t cdf", studentCDF(c.t, c.df), c.p, 1e-10)
		approx(t, "t two-sided", studentTwoSided(c.t, c.df), 2*(1-c.p), 1e-10)
	}
	approx(t, "t cdf symmetric", studentCDF(-2.228138852, 10), 0.025, 1e-10)
}

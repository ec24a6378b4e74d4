package shuffle

import (
	"fmt"
	"math/rand/v2"
	"sort"
	"strings"

	"agree/unitizing"
)

// standard lists the measures a sweep can compute by name. Every value is an
// agreement (1 = perfect); SER, an error rate, enters as 1 − SER averaged
// over ordered pairs of annotators, as plotted in §6.3.
var standard = map[string]func(c *unitizing.Continuum, ext unitizing.Extent, rng *rand.Rand) (float64, error){
	"alpha_u": func(c *unitizing.Continuum, ext unitizing.Extent, _ *rand.Rand) (float64, error) {
		r, err := unitizing.AlphaU(c, ext)
		return r.Alpha, err
	},
	"u_alpha": func(c *unitizing.Continuum, ext unitizing.Extent, _ *rand.Rand) (float64, error) {
		r, err := unitizing.UAlpha(c, ext)
		return r.U, err
	},
	"binary_u_alpha": func(c *unitizing.Continuum, ext unitizing.Extent, _ *rand.Rand) (float64, error) {
		r, err := unitizing.UAlpha(c, ext)
		return r.Binary, err
	},
	"cu_alpha": func(c *unitizing.Continuum, ext unitizing.Extent, _ *rand.Rand) (float64, error) {
		r, err := unitizing.UAlpha(c, ext)
		return r.CU, err
	},
	"kappa_d": func(c *unitizing.Continuum, ext unitizing.Extent, _ *rand.Rand) (float64, error) {
		r, err := unitizing.KappaD(c, ext, 1)
		return r.Kappa, err
	},
	"alpha_d": func(c *unitizing.Continuum, ext unitizing.Extent, _ *rand.Rand) (float64, error) {
		r, err := unitizing.KappaD(c, ext, 1)
		return r.Alpha, err
	},
	"ser_agreement": func(c *unitizing.Continuum, _ unitizing.Extent, _ *rand.Rand) (float64, error) {
		r, err := unitizing.SERAnnotators(c, unitizing.DefaultSERCosts)
		return r.Agreement, err
	},
}

// MeasureNames returns the names StandardMeasure accepts, sorted.
func MeasureNames() []string {
	var out []string
	for n := range standard {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// StandardMeasure returns the named measure: alpha_u, u_alpha,
// binary_u_alpha, cu_alpha, kappa_d and alpha_d (atoms of length 1),
// ser_agreement (1 − mean pairwise SER), and the others listed by
// MeasureNames.
func StandardMeasure(name string) (Measure, error) {
	f, ok := standard[name]
	if !ok {
		return Measure{}, fmt.Errorf("unknown measure %q (want one of %s)", name, strings.Join(MeasureNames(), ", "))
	}
	return Measure{Name: name, Func: f}, nil
}

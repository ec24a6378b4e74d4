package shuffle

import (
	"fmt"
	"math"
	"math/rand/v2"
	"sort"
	"strings"

	"agree/unitizing"
)

// standard lists the measures a sweep can compute by name. Every value is an
// agreement (1 = perfect); SER, an error rate, enters as 1 − SER averaged
// over ordered pairs of annotators, as plotted in §6.3.
var standard = map[string]func(s Set, rng *rand.Rand) (float64, error){
	"alpha_u": onConcatenated(func(c *unitizing.Continuum, ext unitizing.Extent) (float64, error) {
		r, err := unitizing.Alpha1995(c, ext)
		return r.Alpha, err
	}),
	"u_alpha": onConcatenated(func(c *unitizing.Continuum, ext unitizing.Extent) (float64, error) {
		r, err := unitizing.UAlpha(c, ext)
		return r.U, err
	}),
	"binary_u_alpha": onConcatenated(func(c *unitizing.Continuum, ext unitizing.Extent) (float64, error) {
		r, err := unitizing.UAlpha(c, ext)
		return r.Binary, err
	}),
	"cu_alpha": onConcatenated(func(c *unitizing.Continuum, ext unitizing.Extent) (float64, error) {
		r, err := unitizing.UAlpha(c, ext)
		return r.CU, err
	}),
	"cu_alpha_overlapping": onConcatenated(func(c *unitizing.Continuum, ext unitizing.Extent) (float64, error) {
		r, err := unitizing.CUAlphaOverlapping(c, ext)
		return r.CU, err
	}),
	"kappa_d": onConcatenated(func(c *unitizing.Continuum, ext unitizing.Extent) (float64, error) {
		r, err := unitizing.KappaD(c, ext, 1)
		return r.Kappa, err
	}),
	"alpha_d": onConcatenated(func(c *unitizing.Continuum, ext unitizing.Extent) (float64, error) {
		r, err := unitizing.KappaD(c, ext, 1)
		return r.Alpha, err
	}),
	"gamma":                 gammaMeasure,
	"pk_agreement":          pkAgreement,
	"window_diff_agreement": windowDiffAgreement,
	"ser_agreement": onConcatenated(func(c *unitizing.Continuum, _ unitizing.Extent) (float64, error) {
		r, err := unitizing.SERAnnotators(c, unitizing.DefaultSERCosts())
		return r.Agreement, err
	}),
}

// onConcatenated adapts a measure of one continuum to a set, by laying the
// set's continua end to end.
func onConcatenated(f func(c *unitizing.Continuum, ext unitizing.Extent) (float64, error)) func(Set, *rand.Rand) (float64, error) {
	return func(s Set, _ *rand.Rand) (float64, error) {
		c, ext, err := s.Concatenated()
		if err != nil {
			return math.NaN(), err
		}
		return f(&c, ext)
	}
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

// StandardMeasure returns the named measure: gamma (package gamma, α = 3,
// β = Δ∅ = 1, nominal categories, 30 samples; see gammaMeasure), alpha_u, u_alpha,
// binary_u_alpha, cu_alpha, cu_alpha_overlapping (c|uα that tolerates
// overlapping units, §6.3.5), kappa_d and alpha_d (atoms of length 1),
// ser_agreement (1 − mean pairwise SER), pk_agreement and
// window_diff_agreement (1 − mean pairwise Pk / WindowDiff of the
// segmentations with a boundary at each unit start, SegEval's default
// window), and the others listed by MeasureNames.
func StandardMeasure(name string) (Measure, error) {
	f, ok := standard[name]
	if !ok {
		return Measure{}, fmt.Errorf("unknown measure %q (want one of %s)", name, strings.Join(MeasureNames(), ", "))
	}
	return Measure{Name: name, Func: f}, nil
}

package inference

import (
	"math"
	"runtime"
	"sync"
	"sync/atomic"

	"agree/coding"
)

// StandardError returns the default analytic standard error of coefficient
// c, the one `agree coding` reports:
//   - CohenKappa, WeightedKappa: Fleiss, Cohen & Everitt (1969) ASE with
//     the null ASE0 for z (CohenKappa);
//   - FleissKappa: Gwet's variance for the interval, with the null SE0,
//     z and p of Fleiss, Nee & Landis (1979) when every item has the same
//     number of ratings;
//   - ScottPi, MultiKappa, KrippendorffAlpha, GwetAC, BrennanPrediger,
//     BennettS, PercentAgreement: Gwet's variance (Gwet);
//   - AlphaBiased, AlphaKappa: undefined (no published variance; use the
//     bootstrap).
//
// opt.Level is the confidence level (0 means 0.95).
func StandardError(a *coding.Analysis, c coding.Coefficient, opt GwetOptions) Analytic {
	return StandardErrors(a, []coding.Coefficient{c}, opt)[0]
}

// StandardErrors returns StandardError for each coefficient, building the
// per-item tables Gwet's variances need once per distance (nominal and
// weighted) instead of once per coefficient. The coefficients are computed
// concurrently (at most GOMAXPROCS at a time); each reads only the
// analysis and the finished tables, so the results do not depend on the
// number of workers.
func StandardErrors(a *coding.Analysis, cs []coding.Coefficient, opt GwetOptions) []Analytic {
	var tables [2]*gwetTable
	var once [2]sync.Once
	nominal := a.Options().Distance == nil || a.Options().Distance.Name() == "nominal"
	table := func(weighted bool) *gwetTable {
		k := 0
		if weighted && !nominal { // with the nominal distance both tables are the same
			k = 1
		}
		once[k].Do(func() {
			t := newGwetTable(a, weighted)
			t.agreement() // cached in the table before it is shared
			tables[k] = t
		})
		return tables[k]
	}
	out := make([]Analytic, len(cs))
	var next atomic.Int64
	work := func() {
		for i := int(next.Add(1) - 1); i < len(cs); i = int(next.Add(1) - 1) {
			c := cs[i]
			out[i] = standardError(a, c, opt, func() *gwetTable { return table(c.Weighted()) })
		}
	}
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), len(cs)) - 1 {
		wg.Add(1)
		go func() { defer wg.Done(); work() }()
	}
	work()
	wg.Wait()
	return out
}

func standardError(a *coding.Analysis, c coding.Coefficient, opt GwetOptions, table func() *gwetTable) Analytic {
	switch c {
	case coding.CohenKappa:
		return CohenKappa(a, opt.Level)
	case coding.WeightedKappa:
		return WeightedKappa(a, opt.Level)
	case coding.FleissKappa:
		g := gwet(a, table(), c, opt)
		n := FleissNull(a, opt.Level)
		if !math.IsNaN(n.SE0) && g.Reason == "" {
			g.SE0, g.Z, g.P, g.DF = n.SE0, n.Z, n.P, 0
		}
		return g
	}
	return gwet(a, table(), c, opt)
}

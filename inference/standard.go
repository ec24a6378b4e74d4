package inference

import (
	"math"
	"runtime"
	"sync"
	"sync/atomic"

	"agree/coding"
)

// StandardError returns the analytic standard error of coefficient c
// that belongs to the estimate the analysis gives (the one `agree coding`
// reports). Under the Survey convention (the default):
//   - PercentAgreement, BennettS, ScottPi, FleissKappa, KrippendorffAlpha,
//     AlphaBiased: the delta method on their own estimator (Delta), with
//     the null SE0, z and p of Fleiss, Nee & Landis (1979) for Fleiss's κ
//     when every item has the same number of ratings;
//   - CohenKappa, WeightedKappa: Fleiss, Cohen & Everitt (1969) ASE with
//     the null ASE0 for z (CohenKappa), on the complete items;
//   - MultiKappa: Gwet's variance of Conger's κ on the complete items;
//   - GwetAC, BrennanPrediger: Gwet's variance (Gwet);
//   - AlphaKappa: undefined (no published variance; use the bootstrap).
//
// Under the IrrCAC convention every coefficient irrCAC has gets Gwet's
// variance (Gwet: irrCAC's estimates and standard errors; Krippendorff's α
// linearized around α' as irrCAC does, Estimate then being α'), and the
// others are undefined.
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
	var tables [3]*gwetTable
	var once [3]sync.Once
	nominal := a.Options().Distance == nil || a.Options().Distance.Name() == "nominal"
	table := func(weighted, complete bool) *gwetTable {
		k := 0
		switch {
		case complete:
			k = 2
		case weighted && !nominal: // with the nominal distance both tables are the same
			k = 1
		}
		once[k].Do(func() {
			t := newGwetTableOf(a, weighted, complete)
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
			out[i] = standardError(a, c, opt, func(complete bool) *gwetTable { return table(c.Weighted(), complete) })
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

func standardError(a *coding.Analysis, c coding.Coefficient, opt GwetOptions, table func(complete bool) *gwetTable) Analytic {
	withNull := func(g Analytic) Analytic {
		n := FleissNull(a, opt.Level)
		if !math.IsNaN(n.SE0) && g.Reason == "" {
			g.SE0, g.Z, g.P, g.DF = n.SE0, n.Z, n.P, 0
		}
		return g
	}
	if a.Options().Convention == coding.IrrCAC {
		switch c {
		case coding.FleissKappa:
			return withNull(gwet(a, table(false), c, opt))
		case coding.AlphaBiased, coding.AlphaKappa, coding.WeightedKappa:
			return undefinedAnalytic("Gwet variance, t interval", levelOrDefault(opt.Level), "irrCAC has no variance for %s; use the bootstrap", c)
		}
		return gwet(a, table(false), c, opt)
	}
	switch c {
	case coding.CohenKappa:
		return CohenKappa(a, opt.Level)
	case coding.WeightedKappa:
		return WeightedKappa(a, opt.Level)
	case coding.FleissKappa:
		return withNull(Delta(a, c, opt))
	case coding.PercentAgreement, coding.BennettS, coding.ScottPi, coding.KrippendorffAlpha, coding.AlphaBiased:
		return Delta(a, c, opt)
	case coding.MultiKappa:
		return gwet(a, table(true), c, opt)
	}
	return gwet(a, table(false), c, opt)
}

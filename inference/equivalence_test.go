package inference

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"agree/coding"
)

// close12 reports whether got equals want to 1e-12 (relative for large
// values), NaN matching NaN.
func close12(got, want float64) bool {
	if math.IsNaN(got) || math.IsNaN(want) {
		return math.IsNaN(got) && math.IsNaN(want)
	}
	return math.Abs(got-want) <= 1e-12*math.Max(1, math.Abs(want))
}

// sparseData returns items coded by random subsets of coders (crowd-like
// when coders is large), values 1..k, some items with one value or none.
func sparseData(t testing.TB, seed uint64, items, coders, perItem, k int) *coding.Data {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 17))
	b := coding.NewBuilder()
	for c := range coders {
		b.Coder(fmt.Sprintf("w%d", c))
	}
	for i := range items {
		it := b.NewItem(fmt.Sprintf("i%d", i))
		truth := 1 + rng.IntN(k)
		for _, c := range rng.Perm(coders)[:rng.IntN(min(coders, perItem)+1)] {
			v := truth
			if rng.Float64() < 0.35 {
				v = 1 + rng.IntN(k)
			}
			if err := b.Set(it, c, fmt.Sprint(v), coding.Pos{}); err != nil {
				t.Fatal(err)
			}
		}
	}
	d, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func sameAnalytic(a, b Analytic) bool {
	return close12(a.Estimate, b.Estimate) && close12(a.SE, b.SE) && close12(a.Z, b.Z) && close12(a.P, b.P) &&
		close12(a.CI.Low, b.CI.Low) && close12(a.CI.High, b.CI.High) && a.DF == b.DF && a.Reason == b.Reason
}

// TestGwetMatchesItemByItem checks the pattern-based variances against
// the former per-item computation with q × q weights (refgwet_test.go), for
// every coefficient with a Gwet variance, every distance, on complete,
// missing and crowd-like data.
func TestGwetMatchesItemByItem(t *testing.T) {
	var datasets []*coding.Data
	for seed := range uint64(4) {
		rng := rand.New(rand.NewPCG(seed, 3))
		datasets = append(datasets,
			spreadError(t, rng, 60, 2+int(seed), []float64{0.5, 0.3, 0.2}, 0.7, 0.2*float64(seed%2)),
			sparseData(t, seed, 80, 10, 4, 4))
	}
	datasets = append(datasets, wide(t, krippendorffData))
	cs := []coding.Coefficient{coding.PercentAgreement, coding.BennettS, coding.ScottPi, coding.CohenKappa, coding.FleissKappa,
		coding.MultiKappa, coding.KrippendorffAlpha, coding.GwetAC, coding.BrennanPrediger}
	for di, d := range datasets {
		for _, metric := range []string{"nominal", "ordinal", "interval", "ratio", "linear", "circular:7", "bipolar"} {
			if _, err := coding.Analyze(d, coding.Options{Distance: mustSpec(t, metric)}); err != nil {
				continue // letters under a numeric distance
			}
			for _, pop := range []int{0, 1000} {
				a := analyze(t, d, coding.Options{Distance: mustSpec(t, metric)})
				opt := GwetOptions{Population: pop}
				for _, c := range cs {
					got, want := Gwet(a, c, opt), refGwet(a, c, opt)
					if !sameAnalytic(got, want) {
						t.Errorf("data %d %s pop %d %v:\n got %+v\nwant %+v", di, metric, pop, c, got, want)
					}
				}
			}
		}
	}
}

// statsOf streams d's items into an Accumulator that keeps k ids per
// pattern (dropping, with rank set, those that cannot reach the first k).
func statsOf(t testing.TB, d *coding.Data, k int, rank *coding.Ranking) *coding.Stats {
	t.Helper()
	acc, err := coding.NewAccumulator(coding.StatsOptions{Coders: d.Coders(), KeepItems: k, Rank: rank})
	if err != nil {
		t.Fatal(err)
	}
	var cv []int32
	for i := range d.NumItems() {
		cv = cv[:0]
		for c := range d.NumCoders() {
			if v := d.Value(i, c); v != coding.Missing {
				x, err := acc.Value(d.Labels()[v], coding.Pos{})
				if err != nil {
					t.Fatal(err)
				}
				cv = append(cv, int32(c), int32(x))
			}
		}
		if err := acc.Add(d.Items()[i], cv); err != nil {
			t.Fatal(err)
		}
	}
	return acc.Stats()
}

// TestRankFromStatsMatchesData: the first k items ranked from statistics
// that kept k ids per pattern (dropping, for the nominal distance, the ids
// of patterns that cannot rank) are those ranked from the data.
func TestRankFromStatsMatchesData(t *testing.T) {
	for seed := range uint64(6) {
		d := sparseData(t, seed, 3000, 6, 5, 4+10*int(seed%2))
		for _, metric := range []string{"nominal", "interval", "ordinal"} {
			for _, w := range []coding.Weighting{coding.ByJudgment, coding.ByItem} {
				opt := coding.Options{Distance: mustSpec(t, metric), Missing: w}
				for _, k := range []int{1, 7, 50} {
					var rank *coding.Ranking
					if metric == "nominal" || metric == "interval" {
						rank = &coding.Ranking{Missing: w, Interval: metric == "interval"}
					}
					sa, err := coding.AnalyzeStats(statsOf(t, d, k, rank), opt)
					if err != nil {
						t.Fatal(err)
					}
					got, err := Rank(sa, k)
					if err != nil {
						t.Fatal(err)
					}
					want, err := Rank(analyze(t, d, opt), k)
					if err != nil {
						t.Fatal(err)
					}
					if len(got) != len(want) {
						t.Fatalf("seed %d %s %v k %d: %d items, want %d", seed, metric, w, k, len(got), len(want))
					}
					for i := range want {
						g, wnt := got[i], want[i]
						if g.Item != wnt.Item || fmt.Sprint(g.Values) != fmt.Sprint(wnt.Values) || !close12(g.Disagreement, wnt.Disagreement) ||
							!close12(g.AlphaLoss, wnt.AlphaLoss) || g.Majority != wnt.Majority {
							t.Errorf("seed %d %s %v k %d rank %d: got %+v, want %+v", seed, metric, w, k, i, g, wnt)
						}
					}
				}
			}
		}
	}
	// Ids dropped for the nominal ranking cannot serve another one.
	d := sparseData(t, 1, 500, 6, 5, 4)
	sa, err := coding.AnalyzeStats(statsOf(t, d, 5, &coding.Ranking{Missing: coding.ByJudgment}), coding.Options{Distance: mustSpec(t, "interval")})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Rank(sa, 5); err == nil {
		t.Error("ranking by the interval distance from ids kept for the nominal one: want an error")
	}
}

package inference

import (
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"

	"agree/coding"
)

func TestJSONContract(t *testing.T) {
	// The keys of issue 6: "ci":{"low","high","method","level","resamples",
	// "seed"}, "se", "p_below":{"0.667","0.8"}; NaN marshals as null.
	a := analyze(t, wide(t, krippendorffData), coding.Options{})
	r, err := Alpha(a, Options{Resamples: 100, Seed: 9})
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{`"se":`, `"ci":{"low":`, `"high":`, `"method":"item bootstrap, percentile"`,
		`"level":0.95`, `"resamples":100`, `"seed":9`, `"p_below":{"0.667":`, `"0.8":`} {
		if !strings.Contains(string(b), k) {
			t.Errorf("bootstrap JSON lacks %s: %s", k, b)
		}
	}
	g := Gwet(a, coding.AlphaKappa, GwetOptions{}) // undefined: nulls and a reason
	b, err = json.Marshal(g)
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{`"se":null`, `"ci":{"low":null,"high":null`, `"undefined_reason":`} {
		if !strings.Contains(string(b), k) {
			t.Errorf("analytic JSON lacks %s: %s", k, b)
		}
	}
	if strings.Contains(string(b), `"seed"`) || strings.Contains(string(b), `"resamples"`) {
		t.Errorf("analytic interval must not carry seed/resamples: %s", b)
	}
}

func TestItemsRandDeterministic(t *testing.T) {
	// A statistic that uses the resample's generator gives the same
	// results with 1 and 8 workers.
	stat := func() RandStatistic {
		return func(items []int, rng *rand.Rand) (float64, error) {
			return float64(items[0]) + rng.Float64(), nil
		}
	}
	x, _ := ItemsRand(10, stat, Options{Resamples: 50, Seed: 3, Workers: 1})
	y, _ := ItemsRand(10, stat, Options{Resamples: 50, Seed: 3, Workers: 8})
	for i := range x.Samples {
		if x.Samples[i] != y.Samples[i] {
			t.Fatalf("resample %d: %g vs %g", i, x.Samples[i], y.Samples[i])
		}
	}
}

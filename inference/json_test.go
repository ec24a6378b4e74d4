package inference

import (
	"encoding/json"
	"errors"
	"math"
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

func TestBootstrapAllMatchesSingle(t *testing.T) {
	// Two paths: bootstrapping several coefficients on shared resamples
	// gives, per coefficient, exactly the single-coefficient bootstrap
	// (same seed, same draws).
	rng := rand.New(rand.NewPCG(12, 12))
	d := spreadError(t, rng, 40, 3, []float64{.5, .5}, .7, .1)
	a := analyze(t, d, coding.Options{})
	cs := []coding.Coefficient{coding.FleissKappa, coding.KrippendorffAlpha, coding.GwetAC, coding.PercentAgreement}
	opt := Options{Resamples: 30, Seed: 4, Workers: 3}
	all, err := BootstrapAll(a, cs, opt)
	if err != nil {
		t.Fatal(err)
	}
	for j, c := range cs {
		one, err := Bootstrap(a, c, opt)
		if err != nil {
			t.Fatal(err)
		}
		for r := range one.Samples {
			if all[j].Samples[r] != one.Samples[r] && !(math.IsNaN(all[j].Samples[r]) && math.IsNaN(one.Samples[r])) {
				t.Fatalf("%s resample %d: %g vs %g", c.Key(), r, all[j].Samples[r], one.Samples[r])
			}
		}
	}
}

func TestErrorIsDeterministic(t *testing.T) {
	// The reported error is the lowest failing resample's, for any number
	// of workers.
	fail := func(items []int) (float64, error) {
		if items[0]%3 == 0 {
			return 0, errors.New("boom")
		}
		return 1, nil
	}
	var msgs []string
	for _, w := range []int{1, 2, 8} {
		_, err := Items(50, fail, Options{Resamples: 200, Seed: 1, Workers: w})
		if err == nil {
			t.Fatal("want an error")
		}
		msgs = append(msgs, err.Error())
	}
	if msgs[0] != msgs[1] || msgs[0] != msgs[2] {
		t.Errorf("errors differ: %q", msgs)
	}
}

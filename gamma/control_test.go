package gamma

import (
	"context"
	"errors"
	"math"
	"strings"
	"testing"
	"time"

	"agree/unitizing"
)

// TestOptionLimits: absurd options are refused before any work.
func TestOptionLimits(t *testing.T) {
	c := genContinuum(1, realistic(3, 10))
	d := combinedFor(t, c, 1, 1, 1)
	tests := []struct {
		name string
		opt  Options
		want string
	}{
		{"samples above the maximum", Options{Samples: 100, MaxSamples: 50}, "100 samples requested but at most 50"},
		{"maximum above the limit", Options{MaxSamples: MaxSamples + 1}, "max samples 1000001"},
		{"negative workers", Options{Workers: -1}, "workers -1"},
		{"NaN precision", Options{Precision: math.NaN()}, "precision NaN"},
		{"confidence 1", Options{Confidence: 1}, "confidence 1"},
		{"negative time limit", Options{TimeLimit: -time.Second}, "time limit -1s"},
		{"gap 1", Options{MaxGap: 1}, "max gap 1"},
		{"NaN gap", Options{MaxGap: math.NaN()}, "max gap NaN"},
		{"negative window", Options{Window: -2}, "window -2"},
	}
	for _, tc := range tests {
		_, err := Compute(context.Background(), corpusOf(c), d, tc.opt)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want %q", tc.name, err, tc.want)
		}
	}
}

// TestCancel: a cancelled context stops Compute with the context's error,
// whether it is cancelled before the start or while samples are solved.
func TestCancel(t *testing.T) {
	c := genContinuum(2, realistic(3, 30))
	d := combinedFor(t, c, 1, 1, 1)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Compute(ctx, corpusOf(c), d, Options{}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled before: error %v", err)
	}
	ctx, cancel = context.WithCancel(context.Background())
	defer cancel()
	calls := 0
	opt := Options{Samples: 500, MaxSamples: 500, Precision: -1, Workers: 2, Progress: func(p Progress) {
		if p.Phase == "samples" {
			calls++
			if p.SamplesDone == 5 {
				cancel()
			}
		}
	}}
	if _, err := Compute(ctx, corpusOf(c), d, opt); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled while sampling: error %v", err)
	}
	if calls >= 500 {
		t.Errorf("%d samples solved after the cancellation at 5", calls)
	}
}

// TestFailingSampleStopsBatch: an error in one sample stops the others at
// once (here every sample fails: the corpus sampler needs 3 continua).
func TestFailingSampleStopsBatch(t *testing.T) {
	a, b := genContinuum(3, realistic(3, 5)), genContinuum(4, realistic(3, 5))
	cats := []string{"c0", "c1", "c2", "c3", "c4"}
	d, _ := NewCombined(1, 1, 1, nil, cats)
	solved := 0
	_, err := Compute(context.Background(), corpusOf(a, b), d, Options{Sampler: Corpus, Samples: 1000, MaxSamples: 1000, Workers: 1,
		Progress: func(p Progress) {
			if p.Phase == "samples" {
				solved++
			}
		}})
	if err == nil || !strings.Contains(err.Error(), "at least as many continua as annotators") || solved != 0 {
		t.Errorf("error %v after %d solved samples", err, solved)
	}
}

// TestKeepSamples: the sample disorders are kept only on request, in
// sample order, and their mean is Expected.
func TestKeepSamples(t *testing.T) {
	c := genContinuum(5, realistic(3, 20))
	d := combinedFor(t, c, 1, 1, 1)
	r, err := Compute(context.Background(), corpusOf(c), d, Options{Seed: 2})
	if err != nil || r.SampleDisorders != nil {
		t.Fatalf("without KeepSamples: %v, %d kept", err, len(r.SampleDisorders))
	}
	k, err := Compute(context.Background(), corpusOf(c), d, Options{Seed: 2, KeepSamples: true})
	if err != nil || len(k.SampleDisorders) != k.Samples {
		t.Fatalf("KeepSamples: %v, %d kept of %d", err, len(k.SampleDisorders), k.Samples)
	}
	var s float64
	for _, x := range k.SampleDisorders {
		s += x
	}
	if m := s / float64(len(k.SampleDisorders)); !near(m, k.Expected, 1e-12) || k.Expected != r.Expected {
		t.Errorf("mean of kept %v, Expected %v (without keeping %v)", m, k.Expected, r.Expected)
	}
}

// TestStreamingMatchesTwoPass: the running summaries equal the two-pass
// mean and standard deviation of the kept disorders, also across the
// reduction chunks (more samples than chunk).
func TestStreamingMatchesTwoPass(t *testing.T) {
	c := genContinuum(6, realistic(2, 15))
	d := combinedFor(t, c, 1, 1, 1)
	r, err := Compute(context.Background(), corpusOf(c), d, Options{Samples: 2*chunk + 17, MaxSamples: 2*chunk + 17, Precision: -1, KeepSamples: true})
	if err != nil {
		t.Fatal(err)
	}
	m, sd := meanSD(r.SampleDisorders)
	if r.Samples != 2*chunk+17 || !near(r.Expected, m, 1e-12) || !near(r.ExpectedSD, sd, 1e-9) {
		t.Errorf("%d samples: mean %v sd %v, two-pass %v %v", r.Samples, r.Expected, r.ExpectedSD, m, sd)
	}
	if !r.Exact || r.Gap != 0 || r.GammaLow != r.Gamma || r.GammaHigh != r.Gamma || r.ExpectedLower != r.Expected {
		t.Errorf("exact run: exact %v gap %v bounds [%v, %v] γ %v, expected lower %v vs %v", r.Exact, r.Gap, r.GammaLow, r.GammaHigh, r.Gamma, r.ExpectedLower, r.Expected)
	}
}

// TestHugeCoordinates: units beyond ±MaxCoordinate are refused (their
// lengths or differences would overflow); within it γ stays finite.
func TestHugeCoordinates(t *testing.T) {
	c := &unitizing.Continuum{Name: "huge", Annotators: []string{"A", "B"}, Units: []unitizing.Unit{
		{Annotator: 0, Category: "x", Start: -1e308, End: 1e308}, {Annotator: 1, Category: "x", Start: 0, End: 1}}}
	d := combinedFor(t, c, 1, 1, 1)
	if _, err := BestAlignment(c, d); err == nil || !strings.Contains(err.Error(), "outside ±1e+300") {
		t.Errorf("error %v", err)
	}
	c.Units[0] = unitizing.Unit{Annotator: 0, Category: "x", Start: -1e300, End: 1e300}
	c.Units = append(c.Units, unitizing.Unit{Annotator: 1, Category: "x", Start: -1e300, End: -9e299})
	al, err := BestAlignment(c, d)
	if err != nil || math.IsNaN(al.Disorder) || math.IsInf(al.Disorder, 0) {
		t.Errorf("disorder %v, error %v", al, err)
	}
	// α = 0: no NaN from 0·∞ when a ratio overflows
	c.Units = []unitizing.Unit{{Annotator: 0, Category: "x", Start: 0, End: 1e-300}, {Annotator: 1, Category: "x", Start: 9e299, End: 9e299 + 1e290}}
	d0 := combinedFor(t, c, 0, 1, 1)
	if al, err := BestAlignment(c, d0); err != nil || al.Disorder != 0 {
		t.Errorf("α = 0: alignment %v, error %v", al, err)
	}
}

// TestProgress: Compute reports the components of the observed alignment
// (done out of total) and the samples solved out of the target, in order.
func TestProgress(t *testing.T) {
	c := genContinuum(8, realistic(3, 40))
	d := combinedFor(t, c, 1, 1, 1)
	var ps []Progress
	_, err := Compute(context.Background(), corpusOf(c), d, Options{Samples: 10, MaxSamples: 10, Precision: -1, Workers: 2,
		Progress: func(p Progress) { ps = append(ps, p) }})
	if err != nil {
		t.Fatal(err)
	}
	var last Progress
	sawAlignment, sawSamples := false, false
	for _, p := range ps {
		switch p.Phase {
		case "alignment":
			if sawSamples || p.ComponentsDone > p.Components || p.Components == 0 {
				t.Fatalf("alignment progress %+v after %+v", p, last)
			}
			sawAlignment = true
		case "samples":
			if p.SamplesDone != last.SamplesDone+1 && last.Phase == "samples" || p.SamplesNeeded != 10 {
				t.Fatalf("samples progress %+v after %+v", p, last)
			}
			sawSamples = true
		}
		last = p
	}
	if !sawAlignment || !sawSamples || last.SamplesDone != 10 {
		t.Errorf("progress reports: alignment %v samples %v, last %+v", sawAlignment, sawSamples, last)
	}
}

package gamma

import (
	"context"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"agree/distance"
	"agree/unitizing"
)

// TestRequiredSamples restates the worked example of Mathet et al. (2015,
// §5.3) given in gamma.md: Cv = 0.040188 → n0 = 15.5 at e = 2 %, 62 at 1 %.
func TestRequiredSamples(t *testing.T) {
	mu := 3.49
	sd := 0.040188 * mu
	if got := RequiredSamples(mu, sd, 0.02, 0.95); math.Abs(got-15.5) > 0.05 {
		t.Errorf("n0 at e=2%% = %v, want 15.5", got)
	}
	if got := RequiredSamples(mu, sd, 0.01, 0.95); math.Abs(got-62) > 0.1 {
		t.Errorf("n0 at e=1%% = %v, want 62", got)
	}
	if z := zOf(0.95); math.Abs(z-1.959964) > 1e-6 {
		t.Errorf("z(0.95) = %v, want 1.959964", z)
	}
}

func corpusOf(cs ...*unitizing.Continuum) unitizing.Corpus {
	var c unitizing.Corpus
	for _, x := range cs {
		c.Continua = append(c.Continua, *x)
	}
	return c
}

// regular builds n annotators marking the same k units with small jitter.
func regular(rng *rand.Rand, n, k int, jitter float64) *unitizing.Continuum {
	c := &unitizing.Continuum{Name: "regular"}
	for a := 0; a < n; a++ {
		c.Annotators = append(c.Annotators, string(rune('A'+a)))
	}
	cats := []string{"x", "y", "z"}
	for i := 0; i < k; i++ {
		s := float64(i * 20)
		cat := cats[i%3]
		for a := 0; a < n; a++ {
			js, je := rng.Float64()*jitter, rng.Float64()*jitter
			cc := cat
			if rng.Float64() < jitter/10 {
				cc = cats[(i+1)%3]
			}
			c.Units = append(c.Units, unitizing.Unit{Annotator: a, Category: cc, Start: s + js, End: s + 10 + je})
		}
	}
	return c
}

// TestPerfectAgreement: identical annotations give γ = 1 and γ-cat = 1.
func TestPerfectAgreement(t *testing.T) {
	c := regular(rand.New(rand.NewPCG(1, 1)), 3, 12, 0)
	d := combinedFor(t, c, 1, 1, 1)
	r, err := Compute(context.Background(), corpusOf(c), d, Options{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if r.Observed != 0 || r.Gamma != 1 || r.GammaCat != 1 {
		t.Errorf("observed %v γ %v γ-cat %v, want 0, 1, 1", r.Observed, r.Gamma, r.GammaCat)
	}
	if !(r.Expected > 0) || r.Samples < 30 {
		t.Errorf("expected %v from %d samples; want > 0 from ≥ 30", r.Expected, r.Samples)
	}
}

// TestWorkersDoNotMatter: the same seed gives bit-identical results with 1
// and 3 workers; another seed gives another estimate.
func TestWorkersDoNotMatter(t *testing.T) {
	c := regular(rand.New(rand.NewPCG(2, 2)), 3, 15, 4)
	d := combinedFor(t, c, 1, 1, 1)
	r1, err := Compute(context.Background(), corpusOf(c), d, Options{Seed: 42, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	r3, _ := Compute(context.Background(), corpusOf(c), d, Options{Seed: 42, Workers: 3})
	if r1.Gamma != r3.Gamma || r1.Expected != r3.Expected || r1.Samples != r3.Samples || r1.GammaCat != r3.GammaCat {
		t.Errorf("workers 1: γ %v δe %v N %d; workers 3: γ %v δe %v N %d", r1.Gamma, r1.Expected, r1.Samples, r3.Gamma, r3.Expected, r3.Samples)
	}
	r2, _ := Compute(context.Background(), corpusOf(c), d, Options{Seed: 43, Workers: 2})
	if r2.Expected == r1.Expected {
		t.Errorf("seeds 42 and 43 gave the same expected disorder %v", r1.Expected)
	}
}

// TestPrecisionLoop: the sampling continues until the precision actually
// reached meets the target (pygamma tops up once and stops).
func TestPrecisionLoop(t *testing.T) {
	c := regular(rand.New(rand.NewPCG(3, 3)), 2, 10, 3)
	d := combinedFor(t, c, 1, 1, 1)
	for _, e := range []float64{0.05, 0.01} {
		r, err := Compute(context.Background(), corpusOf(c), d, Options{Seed: 7, Precision: e})
		if err != nil {
			t.Fatal(err)
		}
		if r.Samples < 5000 && r.PrecisionReached > e*(1+1e-9) {
			t.Errorf("e = %v: stopped at %d samples with precision %v", e, r.Samples, r.PrecisionReached)
		}
		t.Logf("e = %v: %d samples, precision reached %.4f", e, r.Samples, r.PrecisionReached)
	}
}

// TestDeltaEmptyScale: multiplying Δ∅ multiplies every cost (positional,
// categorical, empty) by the same factor, so γ and γ-cat do not change —
// the test a peer fails by scaling only one categorical code path.
func TestDeltaEmptyScale(t *testing.T) {
	c := regular(rand.New(rand.NewPCG(4, 4)), 3, 12, 5)
	r1, err := Compute(context.Background(), corpusOf(c), combinedFor(t, c, 1, 1, 1), Options{Seed: 5, Precision: -1})
	if err != nil {
		t.Fatal(err)
	}
	r2, err := Compute(context.Background(), corpusOf(c), combinedFor(t, c, 1, 1, 2.5), Options{Seed: 5, Precision: -1})
	if err != nil {
		t.Fatal(err)
	}
	if !near(r2.Observed, 2.5*r1.Observed, 1e-9) || !near(r1.Gamma, r2.Gamma, 1e-9) || !near(r1.GammaCat, r2.GammaCat, 1e-9) {
		t.Errorf("Δ∅=1: δ %v γ %v γcat %v; Δ∅=2.5: δ %v γ %v γcat %v", r1.Observed, r1.Gamma, r1.GammaCat, r2.Observed, r2.Gamma, r2.GammaCat)
	}
}

// TestGammaCatByHand: two pairs at identical spans, one with different
// categories. Each pair has weight w = max(0, 1 − α·0)/(2−1) = 1, d_cat 1
// and 0: categorical disorder 1/2; category y only in the first pair → 1/1;
// x in both → 1/2.
func TestGammaCatByHand(t *testing.T) {
	c := continuumOf([]fu{{"A", "x", 0, 10}, {"B", "y", 0, 10}, {"A", "x", 20, 30}, {"B", "x", 20, 30}})
	d := combinedFor(t, c, 1, 1, 1)
	al, err := BestAlignment(c, d)
	if err != nil {
		t.Fatal(err)
	}
	acc := newCatAcc(2)
	acc.add(d, c, al)
	if got := acc.ratio(); !near(got, 0.5, 1e-12) {
		t.Errorf("categorical disorder %v, want 0.5", got)
	}
	if x, y := acc.totK[0]/acc.wK[0], acc.totK[1]/acc.wK[1]; !near(x, 0.5, 1e-12) || !near(y, 1, 1e-12) {
		t.Errorf("per category x %v y %v, want 0.5 and 1", x, y)
	}
}

// TestSamplers checks what each sampler must preserve.
func TestSamplers(t *testing.T) {
	c := regular(rand.New(rand.NewPCG(6, 6)), 3, 10, 2)
	st := statsOf(c)
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := 0; trial < 20; trial++ {
		s := shuffle(rng, c, &st)
		if len(s.Units) != len(c.Units) {
			t.Fatalf("shuffle: %d units, want %d", len(s.Units), len(c.Units))
		}
		var l1, l2 float64
		for i := range c.Units {
			l1 += c.Units[i].Len()
			l2 += s.Units[i].Len()
		}
		if !near(l1, l2, 1e-9) {
			t.Fatalf("shuffle changed the total length: %v → %v", l1, l2)
		}
		if err := s.Validate(); err != nil {
			t.Fatal(err)
		}
	}
	// corpus sampler: needs ≥ n continua; output spans the longest one
	short := regular(rand.New(rand.NewPCG(7, 7)), 3, 3, 1)
	if _, err := drawCorpus(rng, []unitizing.Continuum{*c, *short}); err == nil || !strings.Contains(err.Error(), "at least as many continua") {
		t.Errorf("corpus sampler with 2 continua for 3 annotators: error %v", err)
	}
	conts := []unitizing.Continuum{*c, *short, *short, *c}
	out, err := drawCorpus(rng, conts)
	if err != nil {
		t.Fatal(err)
	}
	if err := out[0].Validate(); err != nil {
		t.Fatal(err)
	}
	// statistical sampler: valid units with known categories
	for trial := 0; trial < 20; trial++ {
		s := drawStatistical(rng, c, &st)
		for _, u := range s.Units {
			if unitizing.CheckSpan(u.Start, u.End) != nil || (u.Category != "x" && u.Category != "y" && u.Category != "z") {
				t.Fatalf("statistical sampler drew %v", u)
			}
		}
	}
}

func TestCategoricalDistances(t *testing.T) {
	ord, err := Ordinal([]string{"low", "mid", "high"}).Table([]string{"high", "low", "mid"})
	if err != nil {
		t.Fatal(err)
	}
	// declared order low < mid < high (alphabetical would put high first)
	if ord[0][1] != 1 || ord[1][2] != 0.5 || ord[0][2] != 0.5 {
		t.Errorf("ordinal table %v; want high–low 1, low–mid 0.5, high–mid 0.5", ord)
	}
	if _, err := Ordinal([]string{"a"}).Table([]string{"b"}); err == nil {
		t.Error("ordinal: undeclared category accepted")
	}
	num, _ := Numeric().Table([]string{"1", "2", "5"})
	if num[0][2] != 1 || num[0][1] != 0.25 {
		t.Errorf("numeric table %v; want 1–5 = 1, 1–2 = 0.25", num)
	}
	lev, _ := Levenshtein().Table([]string{"kitten", "sitting"})
	if !near(lev[0][1], 3.0/7, 1e-12) { // classic example: distance 3, longer label 7
		t.Errorf("levenshtein kitten/sitting = %v, want 3/7", lev[0][1])
	}
	m, err := distance.ReadMatrix(strings.NewReader(",a,b\na,0,0.3\nb,0.3,0\n"), "m.csv")
	if err != nil {
		t.Fatal(err)
	}
	mt, err := Matrix(m).Table([]string{"b", "a"})
	if err != nil || mt[0][1] != 0.3 {
		t.Errorf("matrix table %v, %v; want 0.3", mt, err)
	}
	if _, err := NewCombined(1, 1, 1, Matrix(m), []string{"a", "c"}); err == nil || !strings.Contains(err.Error(), `"c"`) {
		t.Errorf("category missing from the matrix: error %v", err)
	}
}

func TestConsensus(t *testing.T) {
	// three annotators agree on [0,10] (categories x, x, y) and two on
	// [50,60]; a lone unit at 100 has no majority.
	c := continuumOf([]fu{{"A", "x", 0, 10}, {"B", "x", 1, 11}, {"C", "y", 2, 9},
		{"A", "z", 50, 60}, {"B", "z", 50, 62}, {"C", "z", 100, 104}})
	d := combinedFor(t, c, 1, 1, 1)
	al, err := BestAlignment(c, d)
	if err != nil {
		t.Fatal(err)
	}
	got := Consensus(c, al)
	want := []unitizing.Unit{{Category: "x", Start: 1, End: 10}, {Category: "z", Start: 50, End: 61}}
	if len(got) != len(want) {
		t.Fatalf("consensus %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("consensus unit %d = %v, want %v", i, got[i], want[i])
		}
	}
}

func TestComputeErrors(t *testing.T) {
	one := continuumOf([]fu{{"A", "x", 0, 1}})
	if _, err := Compute(context.Background(), corpusOf(one), combinedFor(t, one, 1, 1, 1), Options{}); err == nil || !strings.Contains(err.Error(), "at least two") {
		t.Errorf("one annotator: error %v", err)
	}
	c := continuumOf([]fu{{"A", "x", 0, 1}, {"B", "x", 0, 1}})
	if _, err := Compute(context.Background(), corpusOf(c), combinedFor(t, c, 1, 1, 1), Options{Sampler: Corpus}); err == nil {
		t.Error("corpus sampler on one continuum: no error")
	}
	r, err := Compute(context.Background(), corpusOf(c), combinedFor(t, c, 1, 1, 1), Options{Samples: -1})
	if err != nil || r.Gamma != 1 || r.Samples != 0 || !math.IsNaN(r.Expected) {
		t.Errorf("samples 0: %+v %v", r, err)
	}
}

// TestSamplersEndToEnd: every sampler yields a positive expected disorder
// and a γ below 1 on imperfect data, reproducibly for a seed; the corpus
// sampler on a corpus of 4 continua of 3 annotators.
func TestSamplersEndToEnd(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 8))
	var cs []*unitizing.Continuum
	for i := 0; i < 4; i++ {
		cs = append(cs, regular(rng, 3, 8+i, 3))
	}
	corpus := corpusOf(cs...)
	var cats []string
	seen := map[string]bool{}
	for _, c := range cs {
		for _, k := range c.Categories() {
			if !seen[k] {
				seen[k] = true
				cats = append(cats, k)
			}
		}
	}
	d, err := NewCombined(1, 1, 1, nil, cats)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []Sampler{Shuffle, Corpus, Statistical} {
		r1, err := Compute(context.Background(), corpus, d, Options{Sampler: s, Seed: 3})
		if err != nil {
			t.Fatalf("%v: %v", s, err)
		}
		r2, _ := Compute(context.Background(), corpus, d, Options{Sampler: s, Seed: 3, Workers: 1})
		if !(r1.Expected > r1.Observed) || !(r1.Gamma < 1) || r1.Gamma != r2.Gamma {
			t.Errorf("%v: observed %v expected %v γ %v (rerun %v)", s, r1.Observed, r1.Expected, r1.Gamma, r2.Gamma)
		}
		t.Logf("%v: γ %.4f, δe %.4f from %d samples", s, r1.Gamma, r1.Expected, r1.Samples)
	}
}

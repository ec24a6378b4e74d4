package gamma

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"
	"time"

	"agree/unitizing"
)

// generated builds n annotators × about k units resembling pygamma's
// NbyM.csv files: a reference of consecutive units (gaps 2–20, lengths
// 2–20, four categories) that each annotator copies with boundary jitter,
// 10 % category changes, 5 % dropped units and 5 % extra units.
func generated(seed uint64, n, k int) *unitizing.Continuum {
	rng := rand.New(rand.NewPCG(seed, 99))
	cats := []string{"Noun", "Verb", "Adj", "Prep"}
	type ref struct {
		s, e float64
		cat  string
	}
	var refs []ref
	pos := 0.0
	for range k {
		pos += float64(2 + rng.IntN(19))
		l := float64(2 + rng.IntN(19))
		refs = append(refs, ref{pos, pos + l, cats[rng.IntN(4)]})
		pos += l
	}
	c := &unitizing.Continuum{Name: "generated"}
	for a := 0; a < n; a++ {
		c.Annotators = append(c.Annotators, string(rune('A'+a)))
		for _, r := range refs {
			if rng.Float64() < 0.05 {
				continue
			}
			s := r.s + math.Round(rng.NormFloat64()*2)
			e := r.e + math.Round(rng.NormFloat64()*2)
			if e <= s {
				e = s + 1
			}
			cat := r.cat
			if rng.Float64() < 0.1 {
				cat = cats[rng.IntN(4)]
			}
			c.Units = append(c.Units, unitizing.Unit{Annotator: a, Category: cat, Start: s, End: e})
			if rng.Float64() < 0.05 {
				x := r.e + 1
				c.Units = append(c.Units, unitizing.Unit{Annotator: a, Category: cats[rng.IntN(4)], Start: x, End: x + float64(1+rng.IntN(10))})
			}
		}
	}
	return c
}

func benchAlign(b *testing.B, c *unitizing.Continuum, alpha float64) {
	d := combinedFor(b, c, alpha, 1, 1)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := BestAlignment(c, d); err != nil {
			b.Fatal(err)
		}
	}
}

func benchGamma(b *testing.B, c *unitizing.Continuum, alpha float64) {
	d := combinedFor(b, c, alpha, 1, 1)
	b.ReportAllocs()
	var r *Result
	for b.Loop() {
		var err error
		if r, err = Compute(context.Background(), unitizing.Corpus{Continua: []unitizing.Continuum{*c}}, d, Options{Seed: 1}); err != nil {
			b.Fatal(err)
		}
	}
	if !r.Exact {
		b.Fatalf("not exact: gap %v", r.Gap)
	}
	b.ReportMetric(float64(r.Samples), "samples")
}

// benchExact aligns c exactly (the alignment must be proven optimal).
func benchExact(b *testing.B, c *unitizing.Continuum) {
	d := combinedFor(b, c, 1, 1, 1)
	b.ReportAllocs()
	var al *Alignment
	for b.Loop() {
		var err error
		if al, err = BestAlignment(c, d); err != nil {
			b.Fatal(err)
		}
	}
	if !al.Exact {
		b.Fatalf("not proven optimal: disorder %v, lower bound %v", al.Disorder, al.LowerBound)
	}
	b.ReportMetric(float64(len(c.Units)), "units")
	b.ReportMetric(float64(al.Largest), "largest")
}

// Issue 12's benchmarks, on the seeded generator of gen_test.go (shared true
// units, jitter, 10 % misses, 5 % false positives, 3–5 categories; α = β =
// Δ∅ = 1). Targets on 2 cores: exact alignment 5×300 ≤ 2 s, 8×200 ≤ 10 s,
// 12×200 ≤ 30 s; dense 5×200 ≤ 30 s; full γ (≥ 30 samples) on generated
// 5×100 ≤ 2 s, 8×100 ≤ 30 s, on 5by100.csv ≤ 0.5 s.
func BenchmarkExact5x300(b *testing.B)      { benchExact(b, genContinuum(1, realistic(5, 300))) }
func BenchmarkExact8x200(b *testing.B)      { benchExact(b, genContinuum(1, realistic(8, 200))) }
func BenchmarkExact12x200(b *testing.B)     { benchExact(b, genContinuum(1, realistic(12, 200))) }
func BenchmarkExactDense5x200(b *testing.B) { benchExact(b, genContinuum(1, dense(5, 200))) }

// Issue 19's many annotators: exact, or certified within a relative gap
// of 10⁻³ (MaxGap), within the target time (TimeLimit: a run past it is
// certified, and the gap metric says how far it got). Targets on 2
// cores: 12 × 200 ≤ 30 s, 20 × 100 ≤ 60 s, 30 × 50 ≤ 60 s. Seeds 2 and 3
// of 12 × 200 stalled in the simplex before its restarts were replaced by
// reperturb.
func BenchmarkMany12x200(b *testing.B) {
	benchMany(b, genContinuum(1, realistic(12, 200)), 30*time.Second)
}
func BenchmarkMany12x200Seed2(b *testing.B) {
	benchMany(b, genContinuum(2, realistic(12, 200)), 30*time.Second)
}
func BenchmarkMany12x200Seed3(b *testing.B) {
	benchMany(b, genContinuum(3, realistic(12, 200)), 30*time.Second)
}
func BenchmarkMany20x100(b *testing.B) {
	benchMany(b, genContinuum(1, realistic(20, 100)), 60*time.Second)
}
func BenchmarkMany30x50(b *testing.B) {
	benchMany(b, genContinuum(1, realistic(30, 50)), 60*time.Second)
}

// benchMany aligns c with MaxGap 10⁻³ and the time limit, and reports the
// relative gap reached (0: exact).
func benchMany(b *testing.B, c *unitizing.Continuum, limit time.Duration) {
	d := combinedFor(b, c, 1, 1, 1)
	b.ReportAllocs()
	var al *Alignment
	for b.Loop() {
		var err error
		if al, err = Align(context.Background(), c, d, AlignOptions{MaxGap: 1e-3, TimeLimit: limit}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(relGap(al.Disorder, al.LowerBound), "gap")
	b.ReportMetric(float64(al.Largest), "largest")
}

// BenchmarkGamma5x100: full γ on realistic 5 × 100 (issue 19: ≤ 0.5 CPU-s).
func BenchmarkGamma5x100(b *testing.B) { benchGamma(b, genContinuum(1, realistic(5, 100)), 1) }
func BenchmarkGamma8x100(b *testing.B) { benchGamma(b, genContinuum(1, realistic(8, 100)), 1) }

// BenchmarkGammaDense5x60: full γ (30 samples) on dense data (issue 19's
// target: ≤ 5 s wall, ≤ 300 MB), whose
// shuffled samples are far harder than the observed continuum: one
// component of all 279 units with tuples spanning up to 123 of them, the
// relaxation 0.005–0.06 Δ∅ below the optimum, so the gap is closed by the
// budget search and, for a few samples in 30, by branch and price (seed
// 1: one sample, 123 nodes, a third of the CPU time; about 20 s on 2
// cores under load. The tail depends on the seed: with seed 3 four
// samples need branch and price, one of them 803 nodes and 51 s).
func BenchmarkGammaDense5x60(b *testing.B) { benchGamma(b, genContinuum(1, dense(5, 60)), 1) }
func BenchmarkGammaShared5by100(b *testing.B) {
	benchGamma(b, sharedFile(b, "5by100.csv"), 1)
}

// BenchmarkGammaGenerated5x100 is BenchmarkGammaShared5by100 on generated
// data of the same shape (generated: pygamma's NbyM.csv layout), always
// available. Issue 19's target for 5by100.csv: ≤ 0.25 s wall and ≤ 0.5
// CPU-s on 2 cores.
func BenchmarkGammaGenerated5x100(b *testing.B) { benchGamma(b, generated(2, 5, 100), 1) }

func BenchmarkAlignGenerated2x5000(b *testing.B) { benchAlign(b, generated(1, 2, 5000), 1) }
func BenchmarkAlignGenerated5x100(b *testing.B)  { benchAlign(b, generated(2, 5, 100), 1) }
func BenchmarkAlignGenerated5x100Alpha3(b *testing.B) {
	benchAlign(b, generated(2, 5, 100), 3)
}
func BenchmarkGammaGenerated2x1000(b *testing.B) { benchGamma(b, generated(3, 2, 1000), 1) }
func BenchmarkGammaGenerated3x500(b *testing.B)  { benchGamma(b, generated(4, 3, 500), 1) }

// The shared files (skipped when ../../shared is absent).
func BenchmarkAlignShared5by100(b *testing.B)       { benchAlign(b, sharedFile(b, "5by100.csv"), 1) }
func BenchmarkAlignShared5by100Alpha3(b *testing.B) { benchAlign(b, sharedFile(b, "5by100.csv"), 3) }
func BenchmarkAlignShared2by5000(b *testing.B)      { benchAlign(b, sharedFile(b, "2by5000.csv"), 1) }
func BenchmarkGammaShared2by1000(b *testing.B)      { benchGamma(b, sharedFile(b, "2by1000.csv"), 1) }
func BenchmarkGammaShared3by500(b *testing.B)       { benchGamma(b, sharedFile(b, "3by500.csv"), 1) }

// BenchmarkAlignTiny2x100kOneLong: issue 14's 2 annotators × 100 000 tiny
// units, with one long unit over all of them (a single neighbour window
// for every unit made this quadratic: 40 000 units took 75 s).
func BenchmarkAlignTiny2x100kOneLong(b *testing.B) {
	c := genContinuum(9, genSpec{Annotators: 2, Units: 50000, Categories: 3, Jitter: 1, Miss: 0.1, FalsePositive: 0.05, Recategorise: 0.1})
	_, hi, _ := c.Bounds()
	c.Units = append(c.Units, unitizing.Unit{Annotator: 0, Category: "c0", Start: 0, End: hi})
	benchExact(b, c)
}

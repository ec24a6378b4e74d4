package coding

import (
	"math/rand/v2"
	"strconv"
	"testing"

	"agree/distance"
)

// benchData returns items × coders data with 10% missing cells and values
// drawn from `distinct` labels (numbers), coders agreeing with a latent
// value 70% of the time.
func benchData(b *testing.B, items, coders, distinct int) *Data {
	b.Helper()
	rng := rand.New(rand.NewPCG(1, 2))
	labels := make([]string, distinct)
	for i := range labels {
		labels[i] = strconv.Itoa(i)
	}
	bl := NewBuilder()
	bl.Reserve(items)
	for c := range coders {
		bl.Coder("c" + strconv.Itoa(c))
	}
	for i := range items {
		it := bl.NewItem(strconv.Itoa(i))
		truth := rng.IntN(distinct)
		for c := range coders {
			if rng.Float64() < 0.1 {
				continue
			}
			v := truth
			if rng.Float64() < 0.3 {
				v = rng.IntN(distinct)
			}
			if err := bl.Set(it, c, labels[v], Pos{}); err != nil {
				b.Fatal(err)
			}
		}
	}
	d, err := bl.Build()
	if err != nil {
		b.Fatal(err)
	}
	return d
}

func benchAlpha(b *testing.B, d *Data, sp distance.Spec) {
	b.ReportAllocs()
	for b.Loop() {
		a, err := Analyze(d, Options{Distance: sp})
		if err != nil {
			b.Fatal(err)
		}
		if r := a.Coefficient(KrippendorffAlpha); !r.Defined() {
			b.Fatal(r.Reason)
		}
	}
}

// Issue 2 benchmarks: α on 1e6 items × 5 coders with 10% missing.
func BenchmarkAlphaNominal1e6x5(b *testing.B) {
	benchAlpha(b, benchData(b, 1_000_000, 5, 10), distance.Nominal())
}

func BenchmarkAlphaInterval1e6x5(b *testing.B) {
	benchAlpha(b, benchData(b, 1_000_000, 5, 1000), distance.Interval())
}

// Continuous values: 1e5 distinct values, no V×V table.
func BenchmarkAlphaInterval1e6x5Distinct1e5(b *testing.B) {
	benchAlpha(b, benchData(b, 1_000_000, 5, 100_000), distance.Interval())
}

func BenchmarkAlphaOrdinal1e4Distinct(b *testing.B) {
	benchAlpha(b, benchData(b, 100_000, 5, 10_000), distance.Ordinal(nil))
}

// Every coefficient at once, as agree coding computes them.
func BenchmarkAllCoefficientsNominal1e6x5(b *testing.B) {
	d := benchData(b, 1_000_000, 5, 10)
	b.ReportAllocs()
	for b.Loop() {
		a, err := Analyze(d, Options{})
		if err != nil {
			b.Fatal(err)
		}
		a.All()
	}
}

package segmentation

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"
)

// ghdFull is NLTK's dynamic programme over every cell (the definition GHD
// computes on a band).
func ghdFull(h, r []int, c GHDCosts) float64 {
	switch {
	case len(h) == 0:
		return float64(len(r)) * c.Ins
	case len(r) == 0:
		return float64(len(h)) * c.Del
	}
	prev := make([]float64, len(r)+1)
	cur := make([]float64, len(r)+1)
	for j := range prev {
		prev[j] = float64(j) * c.Ins
	}
	for i, hi := range h {
		cur[0] = float64(i+1) * c.Del
		for j, rj := range r {
			shift := c.Shift*float64(absInt(hi-rj)) + prev[j]
			var t float64
			switch {
			case hi == rj:
				t = prev[j]
			case hi > rj:
				t = c.Del + prev[j+1]
			default:
				t = c.Ins + cur[j]
			}
			cur[j+1] = min(t, shift)
		}
		prev, cur = cur, prev
	}
	return prev[len(r)]
}

// TestGHDBandMatchesFullProgramme: two paths. The banded programme must
// give the full programme's value on random segmentations (independent
// densities, and near copies with boundaries moved by up to two slots),
// with NLTK's costs and costs that make the band narrow (Shift large) or
// wide (Shift small), zero insertion or deletion costs, and densities from
// empty to every slot.
func TestGHDBandMatchesFullProgramme(t *testing.T) {
	rng := rand.New(rand.NewPCG(14, 5))
	costs := []GHDCosts{{2, 2, 1}, {1, 1, 0.5}, {1, 3, 1}, {0.5, 0.5, 2}, {3, 1, 0.1}, {0, 1, 1}, {1, 0, 1},
		{0.3, 0.7, 0.25}, {5, 5, 1}, {1, 1, 1}, {1, 1, 0}, {2, 2, 7}}
	cases := 6000
	if testing.Short() {
		cases = 1000
	}
	for it := range cases {
		n := 2 + rng.IntN(150)
		draw := func(p float64) string {
			var b strings.Builder
			for range n - 1 {
				if rng.Float64() < p {
					b.WriteByte('1')
				} else {
					b.WriteByte('0')
				}
			}
			return b.String()
		}
		hs := draw(rng.Float64())
		rs := draw(rng.Float64())
		if it%3 == 0 { // a near copy
			rb := []byte(strings.Repeat("0", n-1))
			for i, ch := range hs {
				if ch == '1' {
					if j := i + rng.IntN(5) - 2; j >= 0 && j < n-1 {
						rb[j] = '1'
					}
				}
			}
			rs = string(rb)
		}
		hyp, ref := mustString(t, hs), mustString(t, rs)
		for _, c := range costs {
			got, err := GHD(hyp, ref, c)
			if err != nil {
				t.Fatal(err)
			}
			if want := ghdFull(hyp.slots, ref.slots, c); math.Abs(got-want) > 1e-9*math.Max(1, want) {
				t.Fatalf("GHD(%s, %s, %+v) = %v, full programme %v", hs, rs, c, got, want)
			}
		}
	}
}

// BenchmarkGHD200k: one item with 2·10⁵ boundaries in each segmentation
// (the reference a copy of the hypothesis with a third of the boundaries
// moved by one slot), NLTK's costs. The full programme takes 4·10¹⁰ cells.
func BenchmarkGHD200k(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 1))
	const n = 200_000
	ma := make([]int, n)
	for i := range ma {
		ma[i] = 1 + rng.IntN(5)
	}
	mb := append([]int(nil), ma...)
	for i := 0; i+1 < n; i += 3 {
		if mb[i] > 1 {
			mb[i]--
			mb[i+1]++
		}
	}
	hyp, err := FromMasses(ma)
	if err != nil {
		b.Fatal(err)
	}
	ref, err := FromMasses(mb)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := GHD(hyp, ref, NLTKGHDCosts()); err != nil {
			b.Fatal(err)
		}
	}
}

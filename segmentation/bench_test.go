package segmentation

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// benchPair returns a reference of n units with mean segment length 10 and a
// hypothesis that moves, drops or adds about a third of its boundaries.
func benchPair(b *testing.B, n int) (hyp, ref Segmentation) {
	r := rand.New(rand.NewPCG(11, 12))
	rs := make([][]int, n-1)
	hs := make([][]int, n-1)
	for i := range rs {
		if r.IntN(10) == 0 {
			rs[i] = []int{1}
			switch r.IntN(6) {
			case 0: // dropped
			case 1:
				if i+1 < len(hs) {
					hs[i+1] = []int{1} // near miss
				}
			default:
				hs[i] = []int{1}
			}
		}
		if r.IntN(50) == 0 {
			hs[i] = []int{1} // extra
		}
	}
	return mustSets(b, hs...), mustSets(b, rs...)
}

func BenchmarkBoundaryEdits(b *testing.B) {
	for _, n := range []int{1e3, 1e5} {
		hyp, ref := benchPair(b, n)
		b.Run(fmt.Sprint("units=", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				e, _ := BoundaryEdits(hyp, ref, 0)
				_ = e.B()
			}
		})
	}
}

func BenchmarkWindowDiff(b *testing.B) {
	hyp, ref := benchPair(b, 1e5)
	b.ReportAllocs()
	for b.Loop() {
		_, _ = WindowDiff(hyp, ref, WindowOptions{})
	}
}

func BenchmarkPk(b *testing.B) {
	hyp, ref := benchPair(b, 1e5)
	b.ReportAllocs()
	for b.Loop() {
		_, _ = Pk(hyp, ref, 0)
	}
}

func BenchmarkGHD(b *testing.B) {
	hyp, ref := benchPair(b, 1e4)
	b.ReportAllocs()
	for b.Loop() {
		_, _ = GHD(hyp, ref, NLTKGHDCosts)
	}
}

// BenchmarkDatasetAgreement: 5 coders × 20 items of 1e4 units (10 pairs ×
// 20 items = 200 BEDs per call).
func BenchmarkDatasetAgreement(b *testing.B) {
	var d Dataset
	for i := 0; i < 20; i++ {
		hyp, ref := benchPair(b, 1e4)
		for c := 0; c < 5; c++ {
			s := ref
			if c%2 == 1 {
				s = hyp
			}
			if err := d.Add(fmt.Sprint("item", i), fmt.Sprint("coder", c), s); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportAllocs()
	for b.Loop() {
		_, _ = DatasetAgreement(&d, AgreementOptions{})
	}
}

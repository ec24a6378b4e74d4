package segmentation

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// benchPair returns a reference of n units with mean segment length 10 and a
// hypothesis that moves, drops or adds about a third of its boundaries.
func benchPair(b *testing.B, n int) (hyp, ref Segmentation) { return benchPairMean(b, n, 10) }

// benchPairMean is benchPair with mean segment length mean. It builds the
// segmentations from masses, so that setup memory grows with the number of
// boundaries only.
func benchPairMean(b *testing.B, n, mean int) (hyp, ref Segmentation) {
	r := rand.New(rand.NewPCG(11, 12))
	var rs, hs []int // boundary slots, ascending
	addH := func(i int) {
		if i < n-1 && (len(hs) == 0 || hs[len(hs)-1] < i) {
			hs = append(hs, i)
		}
	}
	for i := r.IntN(mean); i < n-1; i += 1 + r.IntN(2*mean-1) {
		rs = append(rs, i)
		switch r.IntN(6) {
		case 0: // dropped
		case 1:
			addH(i + 1) // near miss
		default:
			addH(i)
		}
		if r.IntN(5) == 0 {
			addH(i + 1 + r.IntN(mean)) // extra
		}
	}
	masses := func(slots []int) []int {
		m := make([]int, 0, len(slots)+1)
		prev := 0
		for _, p := range slots {
			m = append(m, p+1-prev)
			prev = p + 1
		}
		return append(m, n-prev)
	}
	return mustMasses(b, masses(hs)...), mustMasses(b, masses(rs)...)
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

// BenchmarkSparse: 1e7 units with about 1e4 boundaries (mean segment
// length 1000): BED, Pk and WindowDiff cost depends on the boundaries, not N.
func BenchmarkSparse(b *testing.B) {
	hyp, ref := benchPairMean(b, 1e7, 1000)
	b.Run("BoundaryEdits", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			e, _ := BoundaryEdits(hyp, ref, 0)
			_ = e.B()
		}
	})
	b.Run("WindowDiff", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			_, _ = WindowDiff(hyp, ref, WindowOptions{})
		}
	})
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
		_, _ = GHD(hyp, ref, NLTKGHDCosts())
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

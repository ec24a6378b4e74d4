package ratings

import (
	"math/rand/v2"
	"testing"
)

func BenchmarkInversions1e6(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 1))
	src := make([]int32, 1_000_000)
	for i := range src {
		src[i] = int32(rng.IntN(1_000_000))
	}
	a := make([]int32, len(src))
	for b.Loop() {
		copy(a, src)
		inversions(a)
	}
}

package alttest

import (
	"context"
	"math/rand/v2"
	"strconv"
	"testing"

	"agree/coding"
)

// BenchmarkTest: 5 annotators and a model on 10 000 items, accuracy
// (go test -bench . ./alttest).
func BenchmarkTest(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	bd := coding.NewBuilder()
	for i := range 10000 {
		truth := rng.IntN(4)
		for c := range 6 {
			v := truth
			if rng.Float64() > 0.8 {
				v = rng.IntN(4)
			}
			bd.Add(strconv.Itoa(i), "c"+strconv.Itoa(c), strconv.Itoa(v))
		}
	}
	d, err := bd.Build()
	if err != nil {
		b.Fatal(err)
	}
	in, err := FromData(d, 5, []int{0, 1, 2, 3, 4}, ScoreAccuracy)
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := Test(context.Background(), in, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

package plan

import (
	"context"
	"testing"
)

// BenchmarkBoundaries: ten looks (go test -bench Boundaries ./plan).
func BenchmarkBoundaries(b *testing.B) {
	t := []float64{0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1}
	for b.Loop() {
		if _, err := Boundaries(context.Background(), t, 0.05); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkModelSD: the a priori model's simulated sample of 20 000 items,
// 3 coders, 4 categories (agree plan --prevalence's default).
func BenchmarkModelSD(b *testing.B) {
	m := Model{Coders: 3, Prevalence: []float64{0.4, 0.3, 0.2, 0.1}, Seed: 1}
	for b.Loop() {
		if _, err := ModelSD(context.Background(), m, 0.8); err != nil {
			b.Fatal(err)
		}
	}
}

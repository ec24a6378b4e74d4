package inference

import (
	"math"
	"testing"
)

// TestItemsVecIsItems: each statistic of ItemsVec has the distribution
// Items gives it alone (same resamples), whatever the number of workers.
func TestItemsVecIsItems(t *testing.T) {
	x := []float64{3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5}
	mean := func(items []int) float64 {
		s := 0.0
		for _, i := range items {
			s += x[i]
		}
		return s / float64(len(items))
	}
	maxOf := func(items []int) float64 {
		m := math.Inf(-1)
		for _, i := range items {
			m = math.Max(m, x[i])
		}
		return m
	}
	for _, workers := range []int{1, 3} {
		opt := Options{Resamples: 200, Seed: 9, Workers: workers}
		vec, err := ItemsVec(len(x), 2, func() VecStatistic {
			return func(items []int, out []float64) error {
				out[0], out[1] = mean(items), maxOf(items)
				return nil
			}
		}, opt)
		if err != nil {
			t.Fatal(err)
		}
		for j, f := range []func([]int) float64{mean, maxOf} {
			one, err := Items(len(x), func(items []int) (float64, error) { return f(items), nil }, Options{Resamples: 200, Seed: 9, Workers: 2})
			if err != nil {
				t.Fatal(err)
			}
			if vec[j].Estimate != one.Estimate || vec[j].CI.Low != one.CI.Low || vec[j].CI.High != one.CI.High || vec[j].SE != one.SE {
				t.Errorf("workers %d, statistic %d: %+v, alone %+v", workers, j, vec[j].CI, one.CI)
			}
			for r := range one.Samples {
				if vec[j].Samples[r] != one.Samples[r] {
					t.Fatalf("statistic %d resample %d: %v, alone %v", j, r, vec[j].Samples[r], one.Samples[r])
				}
			}
		}
	}
}

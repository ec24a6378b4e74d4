package inference_test

import (
	"context"
	"fmt"

	"agree/coding"
	"agree/distance"
	"agree/inference"
)

func ExampleCohenKappa() {
	// SAS PROC FREQ's agreement example.
	d, _ := coding.FromContingency([]string{"0", "1", "2"}, []string{"0", "1", "2"},
		[][]int{{0, 4, 1}, {0, 8, 0}, {0, 1, 5}})
	a, _ := coding.Analyze(d, coding.Options{Distance: distance.Linear()})
	k := inference.CohenKappa(a, 0.95)
	fmt.Printf("κ %.4f ASE %.4f CI (%.4f, %.4f) z %.4f\n", k.Estimate, k.SE,
		float64(k.CI.Low), float64(k.CI.High), k.Z)
	w := inference.WeightedKappa(a, 0.95)
	fmt.Printf("κ_w %.4f ASE %.4f\n", w.Estimate, w.SE)
	// Output:
	// κ 0.4842 ASE 0.1380 CI (0.2137, 0.7547) z 3.2626
	// κ_w 0.4701 ASE 0.1457
}

func ExampleBootstrap() {
	b := coding.NewBuilder()
	rows := [][]string{{"a", "a", "a"}, {"a", "b", "a"}, {"b", "b", "b"}, {"c", "c", "c"},
		{"a", "a", "c"}, {"b", "b", "b"}, {"c", "c", "b"}, {"a", "a", "a"}}
	for i, r := range rows {
		it := b.NewItem(fmt.Sprint(i))
		for c, v := range r {
			_ = b.Set(it, b.Coder(fmt.Sprint("coder", c)), v, coding.Pos{})
		}
	}
	d, _ := b.Build()
	a, _ := coding.Analyze(d, coding.Options{})
	// By hand: n_a = 10, n_b = 8, n_c = 6 (N = 24); three items with one
	// odd value each give D_o = 3·3·(2/3)/24 = 0.25 and
	// D_e = (24² − 200)/(24·23) = 0.6812, α = 0.633. Fleiss's κ: five
	// items agree fully and three in one pair of three, P_o = 6/8 = 0.75,
	// P_e = 200/24² = 0.3472, κ = (0.75 − 0.3472)/(1 − 0.3472) = 0.617.
	rs, _ := inference.Bootstrap(context.Background(), a, []coding.Coefficient{coding.KrippendorffAlpha, coding.FleissKappa},
		inference.Options{Resamples: 1000, Seed: 1})
	r := rs[0]
	fmt.Printf("α %.3f, %d resamples, seed %d, %s\n", r.Estimate, r.CI.Resamples, r.CI.Seed, r.CI.Method)
	fmt.Println(inference.Krippendorff(r.Estimate), inference.LandisKoch(r.Estimate))
	fmt.Printf("Fleiss's κ %.3f, on the same resamples: %v\n", rs[1].Estimate, rs[1].CI.Resamples == 1000 && rs[1].CI.Seed == 1)
	// Output:
	// α 0.633, 1000 resamples, seed 1, item bootstrap, percentile
	// unreliable substantial
	// Fleiss's κ 0.617, on the same resamples: true

}

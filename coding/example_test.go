package coding_test

import (
	"fmt"

	"agree/coding"
	"agree/distance"
)

// Krippendorff's α at two levels of measurement on data with missing
// values (Krippendorff 2004, §11.3: 4 coders, 12 units).
func Example() {
	rows := [][]string{
		{"1", "1", "", "1"}, {"2", "2", "3", "2"}, {"3", "3", "3", "3"}, {"3", "3", "3", "3"},
		{"2", "2", "2", "2"}, {"1", "2", "3", "4"}, {"4", "4", "4", "4"}, {"1", "1", "2", "1"},
		{"2", "2", "2", "2"}, {"", "5", "5", "5"}, {"", "", "1", "1"}, {"", "", "3", ""},
	}
	b := coding.NewBuilder()
	for i, row := range rows {
		for c, v := range row {
			if v != "" {
				if err := b.Add(fmt.Sprint("unit", i+1), fmt.Sprint("coder", c+1), v); err != nil {
					panic(err)
				}
			}
		}
	}
	d, err := b.Build()
	if err != nil {
		panic(err)
	}
	for _, sp := range []distance.Spec{distance.Nominal(), distance.Interval()} {
		a, err := coding.Analyze(d, coding.Options{Distance: sp})
		if err != nil {
			panic(err)
		}
		r := a.Coefficient(coding.KrippendorffAlpha)
		fmt.Printf("α %-8s = %.3f (%d pairable values)\n", sp.Name(), r.Value, r.Values)
	}
	// Output:
	// α nominal  = 0.743 (40 pairable values)
	// α interval = 0.849 (40 pairable values)
}

// Cohen's κ and Scott's π from a contingency table (Artstein & Poesio
// 2008, Table 1), and an undefined coefficient with its reason.
func ExampleFromContingency() {
	d, err := coding.FromContingency([]string{"STAT", "IREQ"}, []string{"STAT", "IREQ"}, [][]int{{20, 20}, {10, 50}})
	if err != nil {
		panic(err)
	}
	a, err := coding.Analyze(d, coding.Options{})
	if err != nil {
		panic(err)
	}
	for _, c := range []coding.Coefficient{coding.CohenKappa, coding.ScottPi, coding.FleissKappa} {
		r := a.Coefficient(c)
		fmt.Printf("%s: %.3f (A_o %.2f, A_e %.3f)\n", c, r.Value, r.ObservedAgreement, r.ExpectedAgreement)
	}
	one, _ := coding.FromContingency([]string{"x"}, []string{"x"}, [][]int{{5}})
	b, _ := coding.Analyze(one, coding.Options{})
	r := b.Coefficient(coding.KrippendorffAlpha)
	fmt.Println(r.Defined(), r.Reason)
	// Output:
	// Cohen's κ: 0.348 (A_o 0.70, A_e 0.540)
	// Scott's π: 0.341 (A_o 0.70, A_e 0.545)
	// Fleiss's κ (multi-π): 0.341 (A_o 0.70, A_e 0.545)
	// false expected disagreement is 0: only one category occurs, so there is no variation to measure agreement on
}

package shuffle_test

import (
	"context"
	"fmt"

	"agree/shuffle"
)

// Splits leave uα and κ_d at 1 (Mathet et al. 2015, §6.3.4, Fig. 27),
// while 1 − SER drops.
func ExampleSweep() {
	var ms []shuffle.Measure
	for _, name := range []string{"u_alpha", "kappa_d", "ser_agreement"} {
		m, err := shuffle.StandardMeasure(name)
		if err != nil {
			fmt.Println(err)
			return
		}
		ms = append(ms, m)
	}
	model := shuffle.DefaultModel()
	model.Units = 10
	pts, err := shuffle.Sweep{
		Model:    model,
		Shuffler: shuffle.Shuffler{Annotators: 3, Disjoint: true},
		Errors:   []shuffle.ErrorType{shuffle.Split},
		Step:     0.5, Sets: 2, Seed: 1, Measures: ms,
	}.Run(context.Background())
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, p := range pts {
		if p.Measure != "ser_agreement" {
			fmt.Printf("%s m=%.1f %s %.3f\n", p.Errors, p.Magnitude, p.Measure, p.Mean)
		} else if p.Magnitude > 0 {
			fmt.Printf("%s m=%.1f %s below 1: %v\n", p.Errors, p.Magnitude, p.Measure, p.Mean < 1)
		}
	}
	// Output:
	// split m=0.0 u_alpha 1.000
	// split m=0.0 kappa_d 1.000
	// split m=0.5 u_alpha 1.000
	// split m=0.5 kappa_d 1.000
	// split m=0.5 ser_agreement below 1: true
	// split m=1.0 u_alpha 1.000
	// split m=1.0 kappa_d 1.000
	// split m=1.0 ser_agreement below 1: true
}

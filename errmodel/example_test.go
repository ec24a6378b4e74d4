package errmodel_test

import (
	"context"
	"fmt"

	"agree/coding"
	"agree/errmodel"
)

func ExampleFitAickin() {
	// Survey Table 4, case 1: uniform coder distributions, where Aickin's α
	// equals κ = (0.6 − 0.25)/0.75 (Artstein & Poesio 2008, §5.2).
	labels := []string{"STAT", "IREQ", "IAFA", "CSFA"}
	d, _ := coding.FromContingency(labels, labels, [][]int{{20, 0, 0, 5}, {0, 10, 15, 0}, {0, 15, 10, 0}, {5, 0, 0, 20}})
	a, _ := coding.Analyze(d, coding.Options{})
	m, _ := errmodel.FitAickin(context.Background(), a, errmodel.FitOptions{})
	fmt.Printf("a = %.4f, κ = %.4f, converged %v\n", m.A, m.Kappa, m.Converged)
	pi := a.Coefficient(coding.ScottPi).Value
	na, _ := errmodel.NonArbitraryShare(pi)
	fmt.Printf("non-arbitrary judgments between %.3f and %.3f\n", float64(na.Low), float64(na.High))
	// Output:
	// a = 0.4667, κ = 0.4667, converged true
	// non-arbitrary judgments between 0.467 and 0.683
}

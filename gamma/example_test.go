package gamma_test

import (
	"fmt"
	"strings"

	"agree/formats/units"
	"agree/gamma"
)

// The three annotators of Mathet et al. (2015), Fig. 10. By hand (α = β =
// Δ∅ = 1, C(3,2) = 3): the three A units align at (0 + 1 + 1)/3 = 2/3;
// Joe's and Jack's B units at (1/9 + 1 + 1)/3 = 19/27; William's B unit
// stays alone at 1. δ(â) = (18/27 + 19/27 + 1)/x̄, x̄ = 6/3 = 2 → 32/27.
func ExampleBestAlignment() {
	c, err := units.ReadCSV(strings.NewReader(`Joe,A,4,14
Joe,B,20,30
Jack,A,4,14
Jack,B,20,25
William,A,14,24
William,B,40,44
`), "figure10.csv")
	if err != nil {
		panic(err)
	}
	d, err := gamma.NewCombined(1, 1, 1, gamma.Nominal(), c.Categories())
	if err != nil {
		panic(err)
	}
	al, err := gamma.BestAlignment(&c, d)
	if err != nil {
		panic(err)
	}
	for _, ua := range al.Unitary {
		var who []string
		for _, i := range ua.Units {
			u := c.Units[i]
			who = append(who, fmt.Sprintf("%s %s[%g,%g]", c.Annotators[u.Annotator], u.Category, u.Start, u.End))
		}
		fmt.Printf("%.4f %s\n", ua.Disorder, strings.Join(who, ", "))
	}
	fmt.Printf("disorder %.6f (32/27 = %.6f)\n", al.Disorder, 32.0/27)
	// Output:
	// 0.6667 Joe A[4,14], Jack A[4,14], William A[14,24]
	// 0.7037 Joe B[20,30], Jack B[20,25]
	// 1.0000 William B[40,44]
	// disorder 1.185185 (32/27 = 1.185185)
}

package ratings_test

import (
	"fmt"

	"agree/ratings"
)

// Shrout & Fleiss's (1979) Table 2: six targets rated by four judges, and
// their Table 4's intraclass correlations.
func Example() {
	judges := [][]float64{
		{9, 6, 8, 7, 10, 6}, // judge 1's ratings of the six targets
		{2, 1, 4, 1, 5, 2},
		{5, 3, 6, 2, 6, 4},
		{8, 2, 8, 6, 9, 7},
	}
	m, err := ratings.New([]string{"J1", "J2", "J3", "J4"}, nil, judges)
	if err != nil {
		panic(err)
	}
	icc := ratings.IntraclassCorrelations(m, 0.95)
	for _, f := range icc.Forms {
		fmt.Printf("%-8s %-8s %.2f [%.2f, %.2f]\n", f.Form.ShroutFleiss(), f.Form, f.Value, f.CI.Low, f.CI.High)
	}
	// Output:
	// ICC(1,1) ICC(1)   0.17 [-0.13, 0.72]
	// ICC(2,1) ICC(A,1) 0.29 [0.02, 0.76]
	// ICC(3,1) ICC(C,1) 0.71 [0.34, 0.95]
	// ICC(1,k) ICC(k)   0.44 [-0.88, 0.91]
	// ICC(2,k) ICC(A,k) 0.62 [0.07, 0.93]
	// ICC(3,k) ICC(C,k) 0.91 [0.68, 0.99]
}

package segmentation_test

import (
	"fmt"

	"agree/segmentation"
)

// The first pair of sheet §8.1: a hypothesis with an extra boundary.
func Example() {
	hyp, _ := segmentation.FromMasses([]int{2, 3, 6})
	ref, _ := segmentation.FromMasses([]int{5, 6})
	e, _ := segmentation.BoundaryEdits(hyp, ref, 0)
	pk, _ := segmentation.Pk(hyp, ref, 0)
	wd, _ := segmentation.WindowDiff(hyp, ref, segmentation.WindowOptions{})
	fmt.Printf("additions %d, B %.2f, S %.2f\n", len(e.Additions), e.B(), e.S())
	fmt.Printf("k %d, Pk %.2f, WD %.2f\n", pk.K, pk.Value, wd.Value)
	// Output:
	// additions 1, B 0.50, S 0.90
	// k 3, Pk 0.25, WD 0.25
}

// Dataset-level agreement on a two-coder dataset of sheet §8.2.
func ExampleDatasetAgreement() {
	var d segmentation.Dataset
	c1, _ := segmentation.FromMasses([]int{2, 8, 2, 1})
	c2, _ := segmentation.FromMasses([]int{2, 1, 7, 2, 1})
	d.Add("i1", "c1", c1)
	d.Add("i1", "c2", c2)
	ag, _ := segmentation.DatasetAgreement(&d, segmentation.AgreementOptions{})
	fmt.Printf("actual %.4f, pi %.4f, kappa %.4f, bias %.4f\n", ag.Actual, ag.Pi, ag.Kappa, ag.Bias)
	// Output:
	// actual 0.7500, pi 0.7268, kappa 0.7273, bias 0.0017
}

// NLTK's generalized Hamming distance; note the (hyp, ref) argument order.
func ExampleGHD() {
	ref, _ := segmentation.FromBoundaryString("1100100000")
	hyp, _ := segmentation.FromBoundaryString("1100010000")
	g, _ := segmentation.GHD(hyp, ref, segmentation.GHDCosts{Ins: 1, Del: 1, Shift: 0.5})
	fmt.Println(g)
	// Output: 0.5
}

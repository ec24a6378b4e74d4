package segeval_test

import (
	"fmt"
	"strings"

	"agree/formats/segeval"
	"agree/segmentation"
)

// Reading SegEval's JSON layout (masses) and computing dataset agreement;
// the dataset is {i1: {c1: (2,8,2,1), c2: (2,1,7,2,1)}} of sheet §8.2.
func ExampleRead() {
	in := `{"items": {"i1": {"c1": [2,8,2,1], "c2": [2,1,7,2,1]}}}`
	d, err := segeval.Read(strings.NewReader(in), "example.json", segeval.Auto)
	if err != nil {
		fmt.Println(err)
		return
	}
	ag, _ := segmentation.DatasetAgreement(d, segmentation.AgreementOptions{})
	fmt.Printf("%v %v: A_a %.4f, π %.4f, κ %.4f\n", d.Items(), d.Coders(), ag.Actual, ag.Pi, ag.Kappa)

	_, err = segeval.Read(strings.NewReader("i1,c1,2 8 2 1\ni1,c2,2 1 7 2\n"), "bad.csv", segeval.Auto)
	fmt.Println(err)
	// Output:
	// [i1] [c1 c2]: A_a 0.7500, π 0.7268, κ 0.7273
	// bad.csv:2:1: item "i1": coder "c2" has 12 units but coder "c1" has 13 (segmentations of an item must have equal total mass)
}

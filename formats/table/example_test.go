package table_test

import (
	"fmt"
	"strings"

	"agree/coding"
	"agree/distance"
	"agree/formats/table"
	"agree/inference"
)

// krippendorff is Krippendorff's reliability data (Content Analysis, 2004,
// §11.3): 12 units, 4 coders, empty cells missing.
const krippendorff = `unit,A,B,C,D
1,1,1,,1
2,2,2,3,2
3,3,3,3,3
4,3,3,3,3
5,2,2,2,2
6,1,2,3,4
7,4,4,4,4
8,1,1,2,1
9,2,2,2,2
10,,5,5,5
11,,,1,1
12,,,3,
`

// The whole flow: read a file, analyse it under a distance, take a
// coefficient (NaN with a reason when undefined), and attach an interval
// and a reading. Krippendorff (2004) gives α = 0.743 (nominal) and 0.849
// (interval) on this data; the intervals are those of α's own estimator
// (the delta method; coding.IrrCAC gives irrCAC's, SE 0.14548 for nominal
// α), cut at 1.
func Example() {
	d, err := table.Read(strings.NewReader(krippendorff), "krippendorff.csv", table.Options{})
	if err != nil {
		panic(err)
	}
	fmt.Printf("%d items, %d coders\n", d.NumItems(), d.NumCoders())
	for _, spec := range []string{"nominal", "interval"} {
		sp, err := distance.Parse(spec)
		if err != nil {
			panic(err)
		}
		a, err := coding.Analyze(d, coding.Options{Distance: sp})
		if err != nil {
			panic(err)
		}
		r := a.Coefficient(coding.KrippendorffAlpha)
		se := inference.StandardError(a, coding.KrippendorffAlpha, inference.GwetOptions{})
		fmt.Printf("α %-8s = %.3f, 95%% CI [%.3f, %.3f] (clipped: %v), %s\n", spec, r.Value,
			se.CI.Low, se.CI.High, se.CI.Clipped, inference.Krippendorff(r.Value))
	}
	a, _ := coding.Analyze(d, coding.Options{})
	k := a.Coefficient(coding.CohenKappa) // four coders: undefined, with the reason
	fmt.Printf("Cohen's κ defined: %v (%s)\n", k.Defined(), k.Reason)
	// Output:
	// 12 items, 4 coders
	// α nominal  = 0.743, 95% CI [0.427, 1.000] (clipped: true), tentative
	// α interval = 0.849, 95% CI [0.569, 1.000] (clipped: true), reliable
	// Cohen's κ defined: false (defined for exactly two coders; the data has 4 (see fleiss_kappa, multi_kappa, alpha_kappa))
}

// The long layout: one judgment per row, columns named item, coder and
// value in any order; "NA" is missing.
func ExampleRead_long() {
	const long = `coder,item,value
ann,s1,POS
bob,s1,POS
ann,s2,NEG
bob,s2,NA
ann,s3,NEG
bob,s3,POS
`
	d, err := table.Read(strings.NewReader(long), "long.csv", table.Options{})
	if err != nil {
		panic(err)
	}
	a, _ := coding.Analyze(d, coding.Options{})
	c := a.Counts()
	fmt.Println(d.Coders(), d.Items(), c.Values, "values,", c.PairableItems, "pairable items")
	// Output:
	// [ann bob] [s1 s2 s3] 5 values, 2 pairable items
}

// Komen's (2009) files: no header, ';'-separated, the coders in chosen
// columns; items are numbered from 1.
func ExampleRead_columns() {
	const komen = "x;a;a\ny;a;b\nz;b;b\n"
	d, err := table.Read(strings.NewReader(komen), "komen.txt", table.Options{Layout: table.Columns, Comma: ';', Columns: []int{2, 3}})
	if err != nil {
		panic(err)
	}
	a, _ := coding.Analyze(d, coding.Options{})
	// By hand: A_o = 2/3; column 2 has a, a, b and column 3 a, b, b, so
	// A_e = (2/3)(1/3) + (1/3)(2/3) = 4/9 and κ = (2/3 − 4/9)/(1 − 4/9) = 0.4.
	fmt.Printf("%v %v κ = %.1f\n", d.Coders(), d.Items(), a.Coefficient(coding.CohenKappa).Value)
	// Output:
	// [column2 column3] [1 2 3] κ = 0.4
}

// Errors name the file, line and column.
func ExampleRead_error() {
	_, err := table.Read(strings.NewReader("item,coder,value\ns1,ann,\"POS\n"), "bad.csv", table.Options{})
	fmt.Println(err)
	_, err = table.Read(strings.NewReader("item,A,B\ns1,x,y\ns2,x,z\n"), "closed.csv",
		table.Options{Categories: []string{"x", "y"}, Closed: true})
	fmt.Println(err)
	// Output:
	// bad.csv:2:13: extraneous or missing " in quoted-field
	// closed.csv:3:6: value "z" is not among the declared categories
}

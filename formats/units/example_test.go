package units_test

import (
	"fmt"
	"strings"

	"agree/formats/units"
)

func ExampleReadCSV() {
	// pygamma's files have no header; a header row is recognised too.
	c, err := units.ReadCSV(strings.NewReader("annotator,category,start,end\nAnn1,a,1,5\nAnn2,a,2,6\n"), "ann.csv")
	if err != nil {
		panic(err)
	}
	fmt.Println(c.Annotators, len(c.Units), c.Units[1])
	_, err = units.ReadCSV(strings.NewReader("Ann1,a,5,1\n"), "bad.csv")
	fmt.Println(err)
	// Output:
	// [Ann1 Ann2] 2 {1 a 2 6}
	// bad.csv:1: start 5 must be less than end 1
}

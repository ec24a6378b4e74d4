package annotation_test

import (
	"fmt"
	"os"
	"strings"

	"agree/annotation"
)

// Spans read from the span CSV, projected onto continua for γ, and written
// back.
func Example() {
	in := `document,annotator,start,end,label
news1,alice,0,5,PER
news1,bob,0,5,PER
news1,bob,13,17,ORG
`
	c, err := annotation.ReadCSV(strings.NewReader(in), "spans.csv")
	if err != nil {
		fmt.Println(err)
		return
	}
	uc, err := c.Continua("", c.DefaultScope())
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(len(uc.Continua), "continuum,", len(uc.Continua[0].Units), "units, annotators", uc.Continua[0].Annotators)
	annotation.WriteCSV(os.Stdout, c)
	// Output:
	// 1 continuum, 3 units, annotators [alice bob]
	// document,annotator,start,end,label
	// news1,alice,0,5,PER
	// news1,bob,0,5,PER
	// news1,bob,13,17,ORG
}

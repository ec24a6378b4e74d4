package spans_test

import (
	"context"
	"fmt"
	"strings"

	"agree/annotation"
	"agree/spans"
)

func Example() {
	csv := `document,annotator,start,end,label
d1,ana,0,12,PER
d1,ana,17,32,PER
d1,ana,36,42,LOC
d1,ben,0,3,PER
d1,ben,17,32,PER
d1,ben,36,42,ORG
`
	c, err := annotation.ReadCSV(strings.NewReader(csv), "example.csv")
	if err != nil {
		panic(err)
	}
	for _, m := range []string{"exact", "overlap"} {
		match, _ := spans.ParseMatch(m)
		r, err := spans.Compare(context.Background(), c, spans.Options{Match: match, Labels: spans.Strict})
		if err != nil {
			panic(err)
		}
		p := r.Pairs[0]
		la, err := r.LabelAgreement(0)
		if err != nil {
			panic(err)
		}
		fmt.Printf("%s: %d matched, P %.3f R %.3f F1 %.3f; labels of spans matched by extent: %d of %d agree\n",
			m, p.Matched, p.Precision(), p.Recall(), p.F1(), la.Agreeing, la.Pairs)
	}
	// Output:
	// exact: 1 matched, P 0.333 R 0.333 F1 0.333; labels of spans matched by extent: 1 of 2 agree
	// overlap: 2 matched, P 0.667 R 0.667 F1 0.667; labels of spans matched by extent: 2 of 3 agree
}

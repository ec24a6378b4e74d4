package unitizing_test

import (
	"fmt"

	"agree/unitizing"
)

// The cross-checked u-alpha example of segmentation-unitizing.md §8.5.
func ExampleUAlpha() {
	c := &unitizing.Continuum{Name: "example", Annotators: []string{"Alex", "Paul", "Susan"}}
	c.Units = []unitizing.Unit{
		{Annotator: 0, Category: "1", Start: 2, End: 5}, {Annotator: 0, Category: "1", Start: 9, End: 11},
		{Annotator: 0, Category: "2", Start: 12, End: 20}, {Annotator: 1, Category: "1", Start: 2, End: 5},
		{Annotator: 1, Category: "2", Start: 7, End: 15}, {Annotator: 2, Category: "1", Start: 2, End: 5},
		{Annotator: 2, Category: "2", Start: 10, End: 15},
	}
	r, err := unitizing.UAlpha(c, unitizing.Extent{Begin: 0, End: 20})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("uα %.3f  |uα %.3f  c|uα %.3f (coverage %.2f%%)\n", r.U, r.Binary, r.CU, 100*r.Coverage)
	for _, k := range r.Categories {
		fmt.Printf("(%s)uα %.3f\n", k.Category, k.Alpha)
	}
	// Output:
	// uα 0.474  |uα 0.433  c|uα 0.779 (coverage 38.33%)
	// (1)uα 0.769
	// (2)uα 0.787
}

// Krippendorff (2004), Content Analysis, p. 254: continuum [150, 450).
func ExampleAlpha1995() {
	c := &unitizing.Continuum{Name: "k2004", Annotators: []string{"r0", "r1"}}
	add := func(b, l float64, r int, cat string) {
		c.Units = append(c.Units, unitizing.Unit{Annotator: r, Category: cat, Start: b, End: b + l})
	}
	add(225, 70, 0, "c")
	add(370, 30, 0, "c")
	add(220, 80, 1, "c")
	add(355, 20, 1, "c")
	add(400, 20, 1, "c")
	add(180, 60, 0, "k")
	add(300, 50, 0, "k")
	add(180, 60, 1, "k")
	add(300, 50, 1, "k")
	r, err := unitizing.Alpha1995(c, unitizing.Extent{Begin: 150, End: 450})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, ca := range r.Categories {
		fmt.Printf("%s: D_o %.4f D_e %.4f α %.4f\n", ca.Category, ca.Do, ca.De, ca.Alpha)
	}
	fmt.Printf("αU %.4f\n", r.Alpha)
	// Output:
	// c: D_o 0.0144 D_e 0.0532 α 0.7286
	// k: D_o 0.0000 D_e 0.0490 α 1.0000
	// αU 0.8587
}

// A reference against a hypothesis that shifts one boundary (B, 0.5),
// mislabels one unit (T, 0.5) and misses one (D, 1): SER = 2/3.
func ExampleSER() {
	ref := []unitizing.Unit{{Category: "PER", Start: 0, End: 5}, {Category: "LOC", Start: 10, End: 12}, {Category: "ORG", Start: 20, End: 25}}
	hyp := []unitizing.Unit{{Category: "PER", Start: 1, End: 5}, {Category: "ORG", Start: 10, End: 12}}
	r := unitizing.SER(ref, hyp, unitizing.DefaultSERCosts())
	fmt.Printf("SER %.4f: B %d, T %d, D %d, I %d\n", r.SER, r.Boundary, r.Type, r.Del, r.Ins)
	// Output:
	// SER 0.6667: B 1, T 1, D 1, I 0
}

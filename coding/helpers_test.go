package coding

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"agree/distance"
)

// wide builds data from rows of space-separated values, one row per item,
// one column per coder; "." is a missing value.
func wide(t testing.TB, rows string) *Data {
	t.Helper()
	b := NewBuilder()
	for i, row := range strings.Split(rows, "|") {
		item := b.NewItem(fmt.Sprint(i + 1))
		for c, v := range strings.Fields(row) {
			coder := b.Coder(fmt.Sprintf("c%d", c+1))
			if v == "." {
				continue
			}
			if err := b.Set(item, coder, v, Pos{}); err != nil {
				t.Fatal(err)
			}
		}
	}
	d, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// contingency builds two-coder data from a square table over labels.
func contingency(t testing.TB, labels []string, counts [][]int) *Data {
	t.Helper()
	d, err := FromContingency(labels, labels, counts)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// agreementTable builds data from Fleiss-style counts: counts[i][k] coders
// put item i in category k (coders are interchangeable, so coder j of an
// item simply takes the next value).
func agreementTable(t testing.TB, counts [][]int) *Data {
	t.Helper()
	b := NewBuilder()
	for i, row := range counts {
		item := b.NewItem(fmt.Sprint(i + 1))
		c := 0
		for k, n := range row {
			for range n {
				if err := b.Set(item, b.Coder(fmt.Sprintf("r%d", c+1)), fmt.Sprint(k+1), Pos{}); err != nil {
					t.Fatal(err)
				}
				c++
			}
		}
	}
	d, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func analyze(t testing.TB, d *Data, opt Options) *Analysis {
	t.Helper()
	a, err := Analyze(d, opt)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

func approx(t testing.TB, what string, got, want, tol float64) {
	t.Helper()
	if math.IsNaN(got) || math.Abs(got-want) > tol {
		t.Errorf("%s = %.6f, want %.6f ± %g", what, got, want, tol)
	}
}

func mustSpec(t testing.TB, s string) distance.Spec {
	t.Helper()
	sp, err := distance.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return sp
}

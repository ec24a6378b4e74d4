package ratings

import (
	"fmt"
	"math"
	"testing"

	"agree/coding"
)

// fleiss1971 is Fleiss's (1971) Table 1: 30 patients, 6 psychiatrists
// each, counts per diagnosis (depression, personality disorder,
// schizophrenia, neurosis, other).
var fleiss1971 = [][]int{
	{0, 0, 0, 6, 0}, {0, 3, 0, 0, 3}, {0, 1, 4, 0, 1}, {0, 0, 0, 0, 6}, {0, 3, 0, 3, 0},
	{2, 0, 4, 0, 0}, {0, 0, 4, 0, 2}, {2, 0, 3, 1, 0}, {2, 0, 0, 4, 0}, {0, 0, 0, 0, 6},
	{1, 0, 0, 5, 0}, {1, 1, 0, 4, 0}, {0, 3, 3, 0, 0}, {1, 0, 0, 5, 0}, {0, 2, 0, 3, 1},
	{0, 0, 5, 0, 1}, {3, 0, 0, 1, 2}, {5, 1, 0, 0, 0}, {0, 2, 0, 4, 0}, {1, 0, 2, 0, 3},
	{0, 0, 0, 0, 6}, {0, 1, 0, 5, 0}, {0, 2, 0, 1, 3}, {2, 0, 0, 4, 0}, {1, 0, 0, 4, 1},
	{0, 5, 0, 1, 0}, {4, 0, 0, 0, 2}, {0, 2, 0, 4, 0}, {1, 0, 5, 0, 0}, {0, 0, 0, 0, 6},
}

func countsData(t *testing.T, counts [][]int) *coding.Data {
	t.Helper()
	b := coding.NewBuilder()
	for i, row := range counts {
		item := b.NewItem(fmt.Sprint(i + 1))
		c := 0
		for k, n := range row {
			for range n {
				if err := b.Set(item, b.Coder(fmt.Sprintf("r%d", c+1)), fmt.Sprint(k+1), coding.Pos{}); err != nil {
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

func wideData(t *testing.T, rows [][]string) *coding.Data {
	t.Helper()
	b := coding.NewBuilder()
	for i, r := range rows {
		item := b.NewItem(fmt.Sprint(i + 1))
		for c, v := range r {
			if v == "" {
				b.Coder(fmt.Sprintf("c%d", c+1))
				continue
			}
			if err := b.Set(item, b.Coder(fmt.Sprintf("c%d", c+1)), v, coding.Pos{}); err != nil {
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

// TestFleissPerCategory: Fleiss (1971, §4) gives κ_j for his data: 0.245
// (depression), 0.245 (personality disorder), 0.520 (schizophrenia), 0.471
// (neurosis), 0.566 (other); irr::kappam.fleiss(diagnoses, detail = TRUE)
// prints the same with z = 5.192, 5.192, 11.031, 9.994, 12.009 (SE
// √(2/(30·6·5)) = 0.04714).
func TestFleissPerCategory(t *testing.T) {
	r := FleissPerCategory(countsData(t, fleiss1971))
	if r.Items != 30 || r.Raters != 6 || len(r.Categories) != 5 {
		t.Fatalf("items %d, raters %d, categories %d", r.Items, r.Raters, len(r.Categories))
	}
	kappa := []float64{0.245, 0.245, 0.520, 0.471, 0.566}
	z := []float64{5.192, 5.192, 11.031, 9.994, 12.009}
	for j, c := range r.Categories {
		approx(t, "κ "+c.Category, c.Kappa, kappa[j], 5e-4)
		approx(t, "z "+c.Category, c.Z, z[j], 5e-3)
		approx(t, "SE", c.SE, math.Sqrt(2.0/900), 1e-15)
	}
	// Two raters always agreeing on a category: κ_j = 1; a category used by
	// every rating is undefined.
	two := FleissPerCategory(wideData(t, [][]string{{"a", "a"}, {"b", "b"}, {"a", "a"}}))
	for _, c := range two.Categories {
		approx(t, "perfect agreement "+c.Category, c.Kappa, 1, 1e-15)
	}
	one := FleissPerCategory(wideData(t, [][]string{{"a", "a"}, {"a", "a"}}))
	if c := one.Categories[0]; !math.IsNaN(c.Kappa) || c.Reason == "" {
		t.Errorf("one category: κ %v (%q)", c.Kappa, c.Reason)
	}
	// An incomplete item is dropped and counted.
	inc := FleissPerCategory(wideData(t, [][]string{{"a", "a"}, {"b", "b"}, {"a", ""}}))
	if inc.Dropped != 1 || inc.Items != 2 {
		t.Errorf("dropped %d, items %d", inc.Dropped, inc.Items)
	}
}

// TestLightKappa: Light's κ is the mean of the pairs' Cohen's κ (two paths:
// package coding's κ of each pair, and the contingency tables here); with
// two raters it is Cohen's κ (the SAS PROC FREQ example, κ = 0.4842); the
// order of the raters does not matter; missing ratings drop the item from
// the pair only.
func TestLightKappa(t *testing.T) {
	rows := [][]string{{"a", "a", "b"}, {"b", "b", "b"}, {"a", "b", "a"}, {"c", "c", "c"}, {"a", "a", "a"}, {"b", "c", "b"}, {"a", "", "c"}, {"", "b", "b"}}
	d := wideData(t, rows)
	l, err := LightKappa(d)
	if err != nil {
		t.Fatal(err)
	}
	var sum float64
	for _, p := range [][2]int{{0, 1}, {0, 2}, {1, 2}} {
		an, err := coding.Analyze(d.Subset(p[:], nil), coding.Options{})
		if err != nil {
			t.Fatal(err)
		}
		k := an.Coefficient(coding.CohenKappa).Value
		sum += k
		for _, pk := range l.Pairs {
			if pk.A == p[0] && pk.B == p[1] {
				approx(t, fmt.Sprint("pair ", p), pk.Kappa, k, 1e-15)
			}
		}
	}
	approx(t, "Light's κ", l.Kappa, sum/3, 1e-15)
	perm := make([][]string, len(rows))
	for i, r := range rows {
		perm[i] = []string{r[2], r[0], r[1]}
	}
	lp, _ := LightKappa(wideData(t, perm))
	approx(t, "raters permuted", lp.Kappa, l.Kappa, 1e-15)
	sas, err := coding.FromContingency([]string{"0", "1", "2"}, []string{"0", "1", "2"}, [][]int{{0, 4, 1}, {0, 8, 0}, {0, 1, 5}})
	if err != nil {
		t.Fatal(err)
	}
	ls, _ := LightKappa(sas)
	approx(t, "two raters (SAS PROC FREQ example)", ls.Kappa, 0.4842, 5e-5)
}

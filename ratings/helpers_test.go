package ratings

import (
	"fmt"
	"math"
	"testing"
)

// rows builds a matrix from rows of ratings (NaN: missing), raters R1…Rk.
func rows(t testing.TB, data [][]float64) *Matrix {
	t.Helper()
	k := len(data[0])
	cols := make([][]float64, k)
	names := make([]string, k)
	for j := range cols {
		names[j] = fmt.Sprintf("R%d", j+1)
		for _, r := range data {
			cols[j] = append(cols[j], r[j])
		}
	}
	m, err := New(names, nil, cols)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// approx fails unless got is within tol of want (both NaN also agree).
func approx(t *testing.T, name string, got, want, tol float64) {
	t.Helper()
	if math.IsNaN(got) && math.IsNaN(want) {
		return
	}
	if !(math.Abs(got-want) <= tol) {
		t.Errorf("%s = %.15g, want %.15g (± %g)", name, got, want, tol)
	}
}

var nan = math.NaN()

// shroutFleiss is Shrout & Fleiss's (1979) Table 2: 6 targets × 4 judges.
var shroutFleiss = [][]float64{{9, 2, 5, 8}, {6, 1, 3, 2}, {8, 4, 6, 8}, {7, 1, 2, 6}, {10, 5, 6, 9}, {6, 2, 4, 7}}

// anxiety is irr's anxiety data (20 subjects × 3 raters, artificial; the
// irr manual, data set "anxiety"; restated in the DescTools manual,
// KendallW).
var anxiety = func() [][]float64 {
	r1 := []float64{3, 3, 3, 4, 5, 5, 2, 3, 5, 2, 2, 6, 1, 5, 2, 2, 1, 2, 4, 3}
	r2 := []float64{3, 6, 4, 6, 2, 4, 2, 4, 3, 3, 2, 3, 3, 3, 2, 2, 1, 3, 3, 4}
	r3 := []float64{2, 1, 4, 4, 3, 2, 1, 6, 1, 1, 1, 2, 3, 3, 1, 1, 3, 3, 2, 2}
	var out [][]float64
	for i := range r1 {
		out = append(out, []float64{r1[i], r2[i], r3[i]})
	}
	return out
}()

// generated is 30 items × 4 raters with x = ((7i² + 13j + 5ij) mod 11) +
// i/10 + j, written the same way in the R calls of the tests:
// outer(1:30, 1:4, function(i, j) ((i*i*7 + j*13 + i*j*5) %% 11) + i/10 + j).
func generated() [][]float64 {
	var out [][]float64
	for i := 1; i <= 30; i++ {
		var r []float64
		for j := 1; j <= 4; j++ {
			r = append(r, float64((i*i*7+j*13+i*j*5)%11)+float64(i)/10+float64(j))
		}
		out = append(out, r)
	}
	return out
}

package coding

import (
	"math/rand/v2"
	"slices"
	"strconv"
	"testing"
)

// TestCanonicalLabelsNumbers checks the radix path of canonicalLabels (every
// label a number) against a comparison sort with compareKeys, on numbers
// that tie by value ("1", "1.0", "01", "-0", "0") and on the fixed prefix.
func TestCanonicalLabelsNumbers(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, tc := range []struct {
		name  string
		n     int
		fixed int
	}{
		{"short (comparison path of radixSort)", 100, 0},
		{"long, with a fixed prefix", 5000, 7},
	} {
		seen := map[string]bool{}
		var labels []string
		for len(labels) < tc.n {
			var l string
			switch rng.IntN(6) {
			case 0:
				l = strconv.Itoa(rng.IntN(200) - 100)
			case 1:
				l = strconv.FormatFloat(float64(rng.IntN(200)-100), 'f', 1, 64) // "3.0" ties "3"
			case 2:
				l = "0" + strconv.Itoa(rng.IntN(50)) // "07" ties "7"
			case 3:
				l = []string{"-0", "0", "0.0", "-0.0", "+0", "1e-300", "-1e300", "1e300"}[rng.IntN(8)]
			default:
				l = strconv.FormatFloat(rng.NormFloat64()*1e3, 'g', -1, 64)
			}
			if !seen[l] {
				seen[l] = true
				labels = append(labels, l)
			}
		}
		got := canonicalLabels(labels, tc.fixed)
		want := make([]int, len(labels))
		for i := range want {
			want[i] = i
		}
		slices.SortFunc(want[tc.fixed:], func(x, y int) int { return compareKeys(newSortKey(labels[x]), newSortKey(labels[y])) })
		if !slices.Equal(got, want) {
			t.Errorf("%s: canonicalLabels differs from the comparison sort", tc.name)
		}
	}
}

package segmentation

import (
	"math"
	"strings"
	"testing"
)

// TestSimilarityByHand checks BoundarySimilarity and SegmentationSimilarity
// against values worked out by hand from the definitions (Fournier 2013,
// §4: B = (D − E_w)/D, D = |A_e| + |S_e| + |T_e| + matches; Fournier &
// Inkpen 2012: S = (P − E_w)/P, P = (N − 1)·|types|²; w_a = 1 per
// addition, w_t = |i − j|/n_t, w_s = |t_a − t_b|/(max type − min type + 1)).
// Positions below are the boundaries' positions in units (masses 2, 3, 6
// put boundaries after units 2 and 5; N = 11, so P = 10 with one type).
func TestSimilarityByHand(t *testing.T) {
	sets := func(n int, at map[int][]int) Segmentation {
		t.Helper()
		s := make([][]int, n-1)
		for slot, ts := range at {
			s[slot] = ts
		}
		seg, err := FromSets(s)
		if err != nil {
			t.Fatal(err)
		}
		return seg
	}
	cases := []struct {
		why   string
		a, b  Segmentation
		nt    int
		wantB float64
		wantS float64
	}{
		{"{2,5} vs {5}: one match, one addition: B = (2 − 1)/2, S = (10 − 1)/10",
			mustMasses(t, 2, 3, 6), mustMasses(t, 5, 6), 0, 0.5, 0.9},
		{"{2,5} vs {2,4}: one match, one adjacent near miss (w_t = 1/2): B = (2 − 0.5)/2, S = (10 − 0.5)/10",
			mustMasses(t, 2, 3, 6), mustMasses(t, 2, 2, 7), 0, 0.75, 0.95},
		{"{2} vs {4}, n_t = 2: two slots apart, two additions: B = (2 − 2)/2, S = (10 − 2)/10",
			mustMasses(t, 2, 9), mustMasses(t, 4, 7), 2, 0, 0.8},
		{"{2} vs {4}, n_t = 3: one transposition of weight 2/3: B = (1 − 2/3)/1, S = (10 − 2/3)/10",
			mustMasses(t, 2, 9), mustMasses(t, 4, 7), 3, 1.0 / 3, (10 - 2.0/3) / 10},
		{"no boundary in either: D = 0 gives B = 1; E_w = 0 gives S = 1",
			mustMasses(t, 11), mustMasses(t, 11), 0, 1, 1},
		{"every slot a boundary against none: 10 additions, B = 0, S = (10 − 10)/10",
			mustMasses(t, ones(11)...), mustMasses(t, 11), 0, 0, 0},
		{"types 1 vs 2 at the same slot of 5 units: one substitution of weight |1 − 2|/(2 − 1 + 1) = 1/2: B = (1 − 1/2)/1; P = 4·2² = 16, S = (16 − 1/2)/16",
			sets(5, map[int][]int{1: {1}}), sets(5, map[int][]int{1: {2}}), 0, 0.5, 15.5 / 16},
		{"types {1,2} vs {1} at one slot of 5 units: one match, one addition: B = (2 − 1)/2, S = (16 − 1)/16",
			sets(5, map[int][]int{2: {1, 2}}), sets(5, map[int][]int{2: {1}}), 0, 0.5, 15.0 / 16},
	}
	for _, c := range cases {
		b, err := BoundarySimilarity(c.a, c.b, c.nt)
		if err != nil {
			t.Fatalf("%s: %v", c.why, err)
		}
		s, err := SegmentationSimilarity(c.a, c.b, c.nt)
		if err != nil {
			t.Fatalf("%s: %v", c.why, err)
		}
		if math.Abs(b-c.wantB) > 1e-12 || math.Abs(s-c.wantS) > 1e-12 {
			t.Errorf("%s: B = %v, S = %v; want %v, %v", c.why, b, s, c.wantB, c.wantS)
		}
		// Both are symmetric (the edit set is mirrored).
		b2, _ := BoundarySimilarity(c.b, c.a, c.nt)
		s2, _ := SegmentationSimilarity(c.b, c.a, c.nt)
		if b2 != b || s2 != s {
			t.Errorf("%s: not symmetric: B %v/%v, S %v/%v", c.why, b, b2, s, s2)
		}
	}
	for _, bad := range []struct {
		why  string
		a, b Segmentation
		nt   int
		want string
	}{
		{"n_t = 1", mustMasses(t, 2, 9), mustMasses(t, 4, 7), 1, "n_t = 1"},
		{"different lengths", mustMasses(t, 2, 9), mustMasses(t, 4, 8), 0, "11"},
	} {
		if _, err := BoundarySimilarity(bad.a, bad.b, bad.nt); err == nil || !strings.Contains(err.Error(), bad.want) {
			t.Errorf("BoundarySimilarity, %s: %v, want an error with %q", bad.why, err, bad.want)
		}
		if _, err := SegmentationSimilarity(bad.a, bad.b, bad.nt); err == nil || !strings.Contains(err.Error(), bad.want) {
			t.Errorf("SegmentationSimilarity, %s: %v, want an error with %q", bad.why, err, bad.want)
		}
	}
}

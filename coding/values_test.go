package coding

import "testing"

// Value tests from hand computations on Krippendorff's canonical data
// (4 coders × 12 units; krippendorffData), independent of the engine's
// code paths (issue 14).

func TestPerCategoryByHand(t *testing.T) {
	// The coincidence matrix (Krippendorff 2004, §11.3.1: each ordered pair
	// of values in a unit with m values adds 1/(m − 1)):
	//   unit 1 (1 1 · 1, m=3): o11 += 6/2;  unit 2 (2 2 3 2): o22 += 6/3, o23 = o32 += 3/3;
	//   units 3, 4 (3 3 3 3): o33 += 4 + 4;  units 5, 9 (2 2 2 2): o22 += 4 + 4;
	//   unit 6 (1 2 3 4): every off-diagonal pair of 1..4 += 1/3;  unit 7: o44 += 4;
	//   unit 8 (1 1 2 1): o11 += 6/3, o12 = o21 += 3/3;  unit 10 (· 5 5 5): o55 += 6/2;
	//   unit 11 (· · 1 1): o11 += 2;  unit 12 has one value and is not pairable.
	// So o11 = 7, o22 = 10, o33 = 8, o44 = 4, o55 = 3 and the row sums are
	// n = 9, 13, 10, 5, 3 (40 pairable values). Specific agreement o_kk/n_k,
	// and α of k against the rest, 1 − (n − 1)(n_k − o_kk)/(n_k(n − n_k)):
	//   1: 7/9, 1 − 39·2/(9·31) = 201/279;   2: 10/13, 1 − 39·3/(13·27) = 2/3;
	//   3: 8/10, 1 − 39·2/(10·30) = 0.74;    4: 4/5, 1 − 39·1/(5·35) = 136/175;
	//   5: 3/3, 1 (no value 5 is paired with another value).
	want := []struct {
		label                 string
		count, specific, alph float64
	}{
		{"1", 9, 7.0 / 9, 201.0 / 279}, {"2", 13, 10.0 / 13, 2.0 / 3}, {"3", 10, 0.8, 0.74},
		{"4", 5, 0.8, 136.0 / 175}, {"5", 3, 1, 1},
	}
	got, err := analyze(t, wide(t, krippendorffData), Options{}).PerCategory()
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != len(want) {
		t.Fatalf("%d categories, want %d", len(got), len(want))
	}
	for i, w := range want {
		g := got[i]
		if g.Label != w.label {
			t.Fatalf("category %d is %q, want %q", i, g.Label, w.label)
		}
		approx(t, "count "+w.label, g.Count, w.count, 1e-12)
		approx(t, "share "+w.label, g.Share, w.count/40, 1e-12)
		approx(t, "specific agreement "+w.label, g.Specific, w.specific, 1e-12)
		approx(t, "α "+w.label, g.Alpha, w.alph, 1e-12)
	}
}

func TestPairwiseByHand(t *testing.T) {
	// Coders 1 and 2 both coded units 1–9: 1 2 3 3 2 1 4 1 2 and
	// 1 2 3 3 2 2 4 1 2, agreeing on all but unit 6. Cohen's κ: A_o = 8/9,
	// marginals (1,2,3,4) = (3,3,2,1) and (2,4,2,1), A_e = (6+12+4+1)/81,
	// κ = (72 − 23)/(81 − 23) = 49/58. α (nominal): 18 values with pooled
	// counts 5, 7, 4, 2; D_o = 2/18, D_e = (18² − 94)/(18·17) = 230/306,
	// α = 1 − 306/2070.
	//
	// Coders 3 and 4 both coded units 2–11 (10 units): 3 3 3 2 3 4 2 2 5 1
	// and 2 3 3 2 4 4 1 2 5 1, agreeing on 7. κ: A_e = (1·2 + 3·3 + 4·2 +
	// 1·2 + 1·1)/100 = 0.22, κ = 0.48/0.78. α: pooled 3, 6, 6, 3, 2 (Σn² =
	// 94), D_o = 6/20, D_e = 306/380, α = 1 − 114/306.
	//
	// Coders 1 and 3 share units 2–9 and 12 is not shared (coder 1 has no
	// value), checked for the item count only: units 2–9 give 8 items.
	pairs, err := analyze(t, wide(t, krippendorffData), Options{}).Pairwise()
	if err != nil {
		t.Fatal(err)
	}
	find := func(a, b string) PairStats {
		for _, p := range pairs {
			if p.A == a && p.B == b {
				return p
			}
		}
		t.Fatalf("pair %s/%s missing", a, b)
		return PairStats{}
	}
	p12 := find("c1", "c2")
	if p12.Items != 9 {
		t.Errorf("c1/c2 items %d, want 9", p12.Items)
	}
	approx(t, "κ c1/c2", p12.Kappa.Value, 49.0/58, 1e-12)
	approx(t, "α c1/c2", p12.Alpha.Value, 1-306.0/2070, 1e-12)
	p34 := find("c3", "c4")
	if p34.Items != 10 {
		t.Errorf("c3/c4 items %d, want 10", p34.Items)
	}
	approx(t, "κ c3/c4", p34.Kappa.Value, 0.48/0.78, 1e-12)
	approx(t, "α c3/c4", p34.Alpha.Value, 1-114.0/306, 1e-12)
	if p := find("c1", "c3"); p.Items != 8 {
		t.Errorf("c1/c3 items %d, want 8", p.Items)
	}
	if len(pairs) != 6 {
		t.Errorf("%d pairs, want 6 (every pair shares items)", len(pairs))
	}
}

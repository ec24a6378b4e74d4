package inference

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"agree/coding"
)

func TestRankItems(t *testing.T) {
	// Krippendorff's data, nominal: the disagreeing items are 2 (2 2 3 2),
	// 6 (1 2 3 4) and 8 (1 1 2 1). Item 6 has disagr 1 with 4 values, items
	// 2 and 8 have 3 disagreeing pairs of 6 (disagr 1/2) with 4 values.
	// Their losses must sum to 1 − α (two paths).
	a := analyze(t, wide(t, krippendorffData), coding.Options{})
	r := rankAll(t, a)
	if len(r) != 3 || r[0].Item != "6" || r[1].Item != "2" || r[2].Item != "8" {
		t.Fatalf("ranking = %+v", r)
	}
	approx(t, "disagr 6", r[0].Disagreement, 1, 1e-12)
	approx(t, "disagr 2", r[1].Disagreement, 0.5, 1e-12)
	if r[1].Majority != "2" || r[1].MajorityShare != 0.75 {
		t.Errorf("item 2 majority %q %.2f, want 2 0.75", r[1].Majority, r[1].MajorityShare)
	}
	sum := 0.0
	for _, it := range r {
		sum += it.AlphaLoss
	}
	approx(t, "Σ loss", sum, 1-a.Coefficient(coding.KrippendorffAlpha).Value, 1e-12)
	// Item weighting: the same identity holds with disagr_i/(i'·D_e).
	ai := analyze(t, wide(t, krippendorffData), coding.Options{Missing: coding.ByItem})
	sum = 0
	for _, it := range rankAll(t, ai) {
		sum += it.AlphaLoss
	}
	approx(t, "Σ loss by item", sum, 1-ai.Coefficient(coding.KrippendorffAlpha).Value, 1e-12)
}

func TestLeaveOneCoderOut(t *testing.T) {
	// Two paths: α without coder c must equal α of the data typed without
	// that column.
	rows := []string{"1 1 . 1", "2 2 3 2", "3 3 3 3", "3 3 3 3", "2 2 2 2", "1 2 3 4",
		"4 4 4 4", "1 1 2 1", "2 2 2 2", ". 5 5 5", ". . 1 1", ". . 3 ."}
	a := analyze(t, wide(t, krippendorffData), coding.Options{})
	out, err := LeaveOneCoderOut(a)
	if err != nil {
		t.Fatal(err)
	}
	for c := range 4 {
		var data string
		for i, r := range rows {
			var f []string
			for j, v := range splitFields(r) {
				if j != c {
					f = append(f, v)
				}
			}
			if i > 0 {
				data += "|"
			}
			data += fmt.Sprint(joinFields(f))
		}
		want := analyze(t, wide(t, data), coding.Options{}).Coefficient(coding.KrippendorffAlpha).Value
		approx(t, "α without "+out[c].Coder, out[c].AlphaWithout, want, 1e-12)
		approx(t, "change", out[c].Change, want-a.Coefficient(coding.KrippendorffAlpha).Value, 1e-12)
	}
	// Column counts by hand: coder 1 has 9 values, coder 4 has 11.
	if out[0].Values != 9 || out[3].Values != 11 {
		t.Errorf("values = %d, %d, want 9, 11", out[0].Values, out[3].Values)
	}
}

func TestPrevalenceAndBias(t *testing.T) {
	// Survey Table 1 (rows coder A: STAT 20 20, IREQ 10 50), by hand:
	// STAT: a = 20, d = 50, only A = 20, only B = 10 → PI = −0.3, BI = 0.1;
	// IREQ: a = 50, d = 20, only A = 10, only B = 20 → PI = 0.3, BI = −0.1;
	// PABAK = 2·0.7 − 1 = 0.4 (= S in the survey); B = A_e^π − A_e^κ =
	// 0.545 − 0.54 = 0.005.
	d, err := coding.FromContingency([]string{"STAT", "IREQ"}, []string{"STAT", "IREQ"}, [][]int{{20, 20}, {10, 50}})
	if err != nil {
		t.Fatal(err)
	}
	p, err := PrevalenceAndBias(analyze(t, d, coding.Options{}))
	if err != nil {
		t.Fatal(err)
	}
	approx(t, "PI STAT", p.Categories[0].Prevalence, -0.3, 1e-12)
	approx(t, "BI STAT", p.Categories[0].Bias, 0.1, 1e-12)
	approx(t, "PI IREQ", p.Categories[1].Prevalence, 0.3, 1e-12)
	approx(t, "BI IREQ", p.Categories[1].Bias, -0.1, 1e-12)
	approx(t, "PABAK", p.PABAK, 0.4, 1e-12)
	approx(t, "B", p.AnnotatorBias, 0.005, 1e-12)
	if _, err := PrevalenceAndBias(analyze(t, wide(t, krippendorffData), coding.Options{})); err == nil {
		t.Error("four coders: want an error")
	}
}

func TestStandardErrorDispatch(t *testing.T) {
	// Fleiss 1971 layout (every item rated by the same number of coders):
	// Fleiss's κ gets the delta-method SE for the interval — Gwet's, on
	// complete data, to rounding — and FNL's SE0 for z; the α variants
	// without a published variance are undefined with a reason.
	d := agreementTable(t, [][]int{{3, 0}, {2, 1}, {0, 3}, {1, 2}, {3, 0}, {0, 3}})
	a := analyze(t, d, coding.Options{})
	f := StandardError(a, coding.FleissKappa, GwetOptions{})
	if math.IsNaN(f.SE0) || f.DF != 0 || !f.Defined() {
		t.Errorf("Fleiss: %+v", f)
	}
	approx(t, "Fleiss SE = Gwet's", f.SE, Gwet(a, coding.FleissKappa, GwetOptions{}).SE, 1e-12)
	approx(t, "Fleiss z = FNL's", f.Z, FleissNull(a, 0).Z, 0)
	if r := StandardError(a, coding.AlphaKappa, GwetOptions{}); r.Defined() || r.Reason == "" {
		t.Errorf("α_κ: want undefined with a reason, got %+v", r)
	}
	if _, err := Bootstrap(context.Background(), a, []coding.Coefficient{coding.FleissKappa}, Options{Resamples: 20, Seed: 1}); err != nil {
		t.Error(err)
	}
}

func TestTopItemsIsAPrefixOfRankItems(t *testing.T) {
	// The bounded selection must return exactly the first n of the full
	// ranking, ties in input order included.
	d := spreadError(t, rand.New(rand.NewPCG(5, 6)), 300, 4, []float64{0.5, 0.3, 0.2}, 0.7, 0.2)
	a := analyze(t, d, coding.Options{})
	all := rankAll(t, a)
	for _, n := range []int{1, 7, 50, len(all), len(all) + 5} {
		top := rankTop(t, a, n)
		if len(top) != min(n, len(all)) {
			t.Fatalf("n=%d: %d items", n, len(top))
		}
		for i := range top {
			if top[i].Index != all[i].Index {
				t.Fatalf("n=%d: position %d is item %d, want %d", n, i, top[i].Index, all[i].Index)
			}
		}
	}
}

// Items whose disagreements are equal must come in natural order of their
// ids (RankItems' contract), also when the disagreements were computed
// along paths that round differently: the closed form of the ordinal
// distance on mid-ranks of fractional frequencies (item weighting),
// Passonneau's thirds summed in coder order. Before, such ties were
// ordered by the last bits of the sums, and the cut at n kept other items
// than the n first ids.
func TestRankTiesInNaturalOrder(t *testing.T) {
	cases := []struct {
		name, rows, metric string
		missing            coding.Weighting
	}{
		{"ordinal, item weighting, two values among three coders", "1 1 1 | 1 1 1 | 1 2 2 | 1 1 1 | 1 2 2 | 2 2 2 | 1 1 1 | 1 2 2 | 2 1 2 | 1 1 1 | 1 2 2 | 1 1 1 | 2 2 2 | 1 2 1 | 2 1 1 | 2 2 1 | 1 1 1 | 2 1 2 | 1 1 2 | 2 2 1 | 2 1 1 | 1 2 2 | 1 2 2 | 2 2 2 | 1 2 2 | 2 1 1 | 1 2 1 | 1 2 2 | 2 2 2 | 1 1 2 | 2 2 1 | 2 1 1 | 1 1 1 | 2 1 1 | 1 1 1 | 2 1 2 | 2 2 2 | 1 1 1 | 1 1 1 | 1 1 1 | 1 1 1 | 1 2 1 | 2 2 2 | 1 1 1 | 2 2 2 | 2 2 2 | 1 1 1 | 2 1 1 | 1 2 1 | 2 1 2 | 2 2 2 | 1 2 2 | 2 1 2 | 2 2 2 | 2 2 2 | 2 2 2 | 1 1 2 | 2 1 2 | 1 2 1 | 2 1 2 | 1 2 1 | 2 2 2 | 2 2 2 | 1 2 1 | 2 1 2 | 2 2 2 | 2 1 1 | 2 1 2 | 1 1 1 | 2 1 1 | 1 1 1 | 1 2 1 | 2 2 2 | 2 2 1 | 2 2 2 | 2 2 1 | 2 1 1 | 2 2 2 | 2 2 2 | 1 1 2", "ordinal", coding.ByItem},
		{"ordinal, judgment weighting", "1 1 1 | 1 1 1 | 1 2 2 | 1 1 1 | 1 2 2 | 2 2 2 | 1 1 1 | 1 2 2 | 2 1 2 | 1 1 1 | 1 2 2 | 1 1 1 | 2 2 2 | 1 2 1 | 2 1 1 | 2 2 1 | 1 1 1 | 2 1 2 | 1 1 2 | 2 2 1 | 2 1 1 | 1 2 2 | 1 2 2 | 2 2 2 | 1 2 2 | 2 1 1 | 1 2 1 | 1 2 2 | 2 2 2 | 1 1 2 | 2 2 1 | 2 1 1 | 1 1 1 | 2 1 1 | 1 1 1 | 2 1 2 | 2 2 2 | 1 1 1 | 1 1 1 | 1 1 1 | 1 1 1 | 1 2 1 | 2 2 2 | 1 1 1 | 2 2 2 | 2 2 2 | 1 1 1 | 2 1 1 | 1 2 1 | 2 1 2 | 2 2 2 | 1 2 2 | 2 1 2 | 2 2 2 | 2 2 2 | 2 2 2 | 1 1 2 | 2 1 2 | 1 2 1 | 2 1 2 | 1 2 1 | 2 2 2 | 2 2 2 | 1 2 1 | 2 1 2 | 2 2 2 | 2 1 1 | 2 1 2 | 1 1 1 | 2 1 1 | 1 1 1 | 1 2 1 | 2 2 2 | 2 2 1 | 2 2 2 | 2 2 1 | 2 1 1 | 2 2 2 | 2 2 2 | 1 1 2", "ordinal", coding.ByJudgment},
		{"Passonneau's set distance (thirds)", "L0|L5 . L3|L4|L5 L5 L0|L5 | L0|L4|L5 L0|L3 L0|L2 L3 L2|L3|L4 | . L0|L3|L4 L1 . L0|L1|L2 | L1|L4 L2 . L2|L3|L5 . | L0|L2 L0|L1|L4 L0|L1|L5 L3 L0|L2 | L0|L3 . L0|L3|L4 . L2|L3|L4|L5 | L0|L3|L4 . L0|L4 L0|L3|L4 L0|L1 | L1|L2 L1 L1|L2|L3 L1|L2|L4 L3 | . L5 L1|L4 L2|L3|L4 L0|L2|L3|L4 | L0|L2|L4|L5 L2 L2|L4 L1|L2|L4 L2", "passonneau", coding.ByJudgment},
		{"Passonneau's set distance, item weighting", "L0|L5 . L3|L4|L5 L5 L0|L5 | L0|L4|L5 L0|L3 L0|L2 L3 L2|L3|L4 | . L0|L3|L4 L1 . L0|L1|L2 | L1|L4 L2 . L2|L3|L5 . | L0|L2 L0|L1|L4 L0|L1|L5 L3 L0|L2 | L0|L3 . L0|L3|L4 . L2|L3|L4|L5 | L0|L3|L4 . L0|L4 L0|L3|L4 L0|L1 | L1|L2 L1 L1|L2|L3 L1|L2|L4 L3 | . L5 L1|L4 L2|L3|L4 L0|L2|L3|L4 | L0|L2|L4|L5 L2 L2|L4 L1|L2|L4 L2", "passonneau", coding.ByItem},
	}
	for _, c := range cases {
		a := analyze(t, wide(t, c.rows), coding.Options{Distance: mustSpec(t, c.metric), Missing: c.missing})
		r := rankAll(t, a)
		if len(r) < 4 {
			t.Fatalf("%s: %d ranked items", c.name, len(r))
		}
		ties := 0
		for i := 1; i < len(r); i++ {
			x, y := r[i-1], r[i]
			if math.Abs(x.AlphaLoss-y.AlphaLoss) <= 1e-12*math.Abs(x.AlphaLoss) {
				ties++
				if coding.CompareNatural(x.Item, y.Item) > 0 {
					t.Errorf("%s: items %s and %s tie (loss %v and %v) but are not in natural order", c.name, x.Item, y.Item, x.AlphaLoss, y.AlphaLoss)
				}
			}
		}
		if ties == 0 {
			t.Errorf("%s: no ties to check", c.name)
		}
		// The first n are the first n of the whole ranking.
		top := rankTop(t, a, 5)
		for i := range top {
			if top[i].Item != r[i].Item {
				t.Errorf("%s: top 5 = %v…, whole ranking starts %v", c.name, top[i].Item, r[i].Item)
			}
		}
	}
}

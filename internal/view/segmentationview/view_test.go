package segmentationview

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"testing"

	"agree/inference"
	"agree/segmentation"
)

// TestMeasureMaxRows: issue 25, the pairs are streamed: with --max-rows n,
// Pairs is the first n of every pair, CoderPairs the n pairs of coders
// sharing the most items (in coder order), the others counted, and the
// summaries, agreement, reference and the report's lowest pairs are those
// of every pair (on random incomplete designs).
func TestMeasureMaxRows(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for trial := range 40 {
		var d segmentation.Dataset
		coders, items := 2+r.IntN(6), 1+r.IntN(6)
		for i := range items {
			n := 1 + r.IntN(20)
			for c := range coders {
				if c > 1 && r.IntN(4) == 0 {
					continue
				}
				var m []int
				for left := n; left > 0; {
					x := 1 + r.IntN(min(left, 6))
					m = append(m, x)
					left -= x
				}
				s, err := segmentation.FromMasses(m)
				if err != nil {
					t.Fatal(err)
				}
				if err := d.Add(fmt.Sprint("d", i), fmt.Sprint("c", c), s); err != nil {
					t.Fatal(err)
				}
			}
		}
		measure := func(max int) *Result {
			res, err := Measure(&d, segmentation.AgreementOptions{NT: segmentation.DefaultNT}, segmentation.WindowOptions{}, segmentation.GHDCosts{Ins: 2, Del: 2, Shift: 1},
				Options{MaxRows: max, Reference: "c1", Level: 0.95, TQuantile: inference.StudentQuantile})
			if err != nil {
				t.Fatal(err)
			}
			return res
		}
		all := measure(0)
		max := 1 + r.IntN(4)
		some := measure(max)
		if all.PairsOmitted != 0 || all.CoderPairsOmitted != 0 {
			t.Fatalf("trial %d: --max-rows 0 omitted %d, %d", trial, all.PairsOmitted, all.CoderPairsOmitted)
		}
		wantPairs := all.Pairs[:min(max, len(all.Pairs))]
		if !same(some.Pairs, wantPairs) || some.PairsOmitted != len(all.Pairs)-len(wantPairs) {
			t.Errorf("trial %d: pairs %d + %d, want the first %d of %d", trial, len(some.Pairs), some.PairsOmitted, max, len(all.Pairs))
		}
		// the max pairs of coders sharing the most items, ties in order
		var want []CoderPair
		for len(want) < min(max, len(all.CoderPairs)) {
			best := -1
			for k, cp := range all.CoderPairs {
				taken := false
				for _, w := range want {
					taken = taken || w.CoderA == cp.CoderA && w.CoderB == cp.CoderB
				}
				if !taken && (best < 0 || cp.Items > all.CoderPairs[best].Items) {
					best = k
				}
			}
			want = append(want, all.CoderPairs[best])
		}
		got := map[[2]string]CoderPair{}
		for _, cp := range some.CoderPairs {
			got[[2]string{cp.CoderA, cp.CoderB}] = cp
		}
		for _, w := range want {
			if g, ok := got[[2]string{w.CoderA, w.CoderB}]; !ok || !same(g, w) {
				t.Errorf("trial %d: coder pairs %v, want %v", trial, some.CoderPairs, want)
			}
		}
		if some.CoderPairsOmitted != len(all.CoderPairs)-len(some.CoderPairs) {
			t.Errorf("trial %d: coder pairs omitted %d", trial, some.CoderPairsOmitted)
		}
		if !same(some.Summary, all.Summary) || !same(some.Agreement, all.Agreement) || !same(some.Reference, all.Reference) ||
			!same(some.lowest, all.lowest) || len(all.lowest) != min(lowestShown, len(all.Pairs)) {
			t.Errorf("trial %d: summaries, agreement, reference or lowest pairs depend on --max-rows", trial)
		}
	}
}

// same compares by JSON (NaN is null there, and equal).
func same(a, b any) bool {
	ja, err1 := json.Marshal(a)
	jb, err2 := json.Marshal(b)
	return err1 == nil && err2 == nil && string(ja) == string(jb)
}

package main

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSegmentationReference: each coder against the reference gets the
// same means whichever order the coders come in (the pairs' orientation
// flips, the reference's Pk and WindowDiff direction does not); Pk against
// the reference is the pair's Pk with the reference as reference segmentation
// (pk when the reference is the pair's second coder, pk_ba when first).
func TestSegmentationReference(t *testing.T) {
	dir := t.TempDir()
	rows := []string{"d1,gold,3 4 5", "d1,ann,2 5 5", "d1,bob,3 4 2 3", "d2,gold,6 6", "d2,ann,6 3 3", "d2,bob,4 8"}
	a := filepath.Join(dir, "a.csv")
	os.WriteFile(a, []byte(strings.Join(rows, "\n")+"\n"), 0o644)
	rev := []string{rows[2], rows[1], rows[0], rows[5], rows[4], rows[3]} // bob, ann, gold
	b := filepath.Join(dir, "b.csv")
	os.WriteFile(b, []byte(strings.Join(rev, "\n")+"\n"), 0o644)
	type mean struct{ Mean, Low, High float64 }
	type row struct {
		Coder                string
		Items                int
		B, Pk, WindowDiff, F mean
	}
	get := func(file string) (map[string]row, []map[string]any) {
		out, errs, code := agree(t, "", "segmentation", "--reference", "gold", "--format", "json", file)
		if code != 0 {
			t.Fatalf("exit %d: %s", code, errs)
		}
		var r struct {
			Reference struct{ Coders []row }
			Pairs     []map[string]any
		}
		if err := json.Unmarshal([]byte(out), &r); err != nil {
			t.Fatal(err)
		}
		m := map[string]row{}
		for _, x := range r.Reference.Coders {
			m[x.Coder] = x
		}
		return m, r.Pairs
	}
	ra, pairs := get(a)
	rb, _ := get(b)
	if len(ra) != 2 || ra["ann"].Items != 2 {
		t.Fatalf("rows %+v", ra)
	}
	for c, x := range ra {
		y := rb[c]
		for name, v := range map[string][2]float64{"B": {x.B.Mean, y.B.Mean}, "Pk": {x.Pk.Mean, y.Pk.Mean}, "WindowDiff": {x.WindowDiff.Mean, y.WindowDiff.Mean}, "F": {x.F.Mean, y.F.Mean}} {
			if math.Abs(v[0]-v[1]) > 1e-12 {
				t.Errorf("%s %s: %v in one coder order, %v in the other", c, name, v[0], v[1])
			}
		}
	}
	var sum float64
	for _, p := range pairs {
		switch {
		case p["coder_b"] == "gold" && p["coder_a"] == "ann":
			sum += p["pk"].(float64)
		case p["coder_a"] == "gold" && p["coder_b"] == "ann":
			sum += p["pk_ba"].(float64)
		}
	}
	if math.Abs(ra["ann"].Pk.Mean-sum/2) > 1e-12 {
		t.Errorf("ann's Pk against gold %v, from the pairs %v", ra["ann"].Pk.Mean, sum/2)
	}
	if _, errs, code := agree(t, "", "segmentation", "--reference", "zed", a); code != 2 || !strings.Contains(errs, "no coder of that name") {
		t.Errorf("unknown reference: exit %d, %s", code, errs)
	}
}

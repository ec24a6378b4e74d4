package main

import (
	"encoding/json"
	"math"
	"strings"
	"testing"
)

// TestBudgetCommand: the parts of each decomposition add up to the whole
// in the JSON output, and usage errors.
func TestBudgetCommand(t *testing.T) {
	for _, args := range [][]string{
		{"examples/krippendorff.csv"},
		{"--metric", "interval", "examples/krippendorff.csv"},
		{"--measure", "spans", "examples/entities.csv"},
		{"--measure", "gamma", "--samples", "10", "examples/continuum.csv"},
	} {
		out, errs, code := agree(t, "", append(append([]string{"budget"}, args...), "--format", "json", "--max-rows", "0")...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errs)
		}
		var v struct {
			Value, Whole                         float64
			FixFirst                             []struct{ Share float64 } `json:"fix_first"`
			CategoryPairs, Items, Coders, Errors []struct{ Share float64 }
		}
		if err := json.Unmarshal([]byte(out), &v); err != nil {
			t.Fatal(err)
		}
		if math.Abs(v.Value+v.Whole-1) > 1e-12 {
			t.Errorf("%v: value %v, whole %v", args, v.Value, v.Whole)
		}
		for name, ps := range map[string][]struct{ Share float64 }{"fix_first": v.FixFirst, "category_pairs": v.CategoryPairs, "items": v.Items, "coders": v.Coders, "errors": v.Errors} {
			if len(ps) == 0 {
				continue
			}
			s := 0.0
			for _, p := range ps {
				s += p.Share
			}
			if math.Abs(s-v.Whole) > 1e-9 { // JSON's 16 digits
				t.Errorf("%v: %s sum to %v, whole %v", args, name, s, v.Whole)
			}
		}
	}
	for _, bad := range [][]string{
		{"--measure", "kappa", "examples/krippendorff.csv"},
		{"examples/krippendorff.csv", "examples/krippendorff.csv"},
		{"--max-rows", "-1", "examples/krippendorff.csv"},
	} {
		_, errs, code := agree(t, "", append([]string{"budget"}, bad...)...)
		if code != 2 || !strings.Contains(errs, "budget") {
			t.Errorf("%v: exit %d (%s), want 2", bad, code, errs)
		}
	}
}

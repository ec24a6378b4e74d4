package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// TestCodingPerLabel: set-valued cells get a per_label table (and no
// per-category table of atomic sets); label a of the hand example of
// coding's TestPerLabelHand has κ 1/2 and positive agreement 4/5.
func TestCodingPerLabel(t *testing.T) {
	p := filepath.Join(t.TempDir(), "sets.csv")
	os.WriteFile(p, []byte("item,c1,c2\n1,a|b,a\n2,b,b|c\n3,a,a\n4,c,a|c\n"), 0o644)
	out, errs, code := agree(t, "", "coding", "--format", "json", "--no-se", "--top", "0", "--metric", "masi", p)
	if code != 0 {
		t.Fatal(errs)
	}
	var v struct {
		PerCategory []any `json:"per_category"`
		PerLabel    []struct {
			Label             string   `json:"label"`
			Present           int      `json:"present"`
			Kappa             *float64 `json:"kappa"`
			Alpha             *float64 `json:"alpha"`
			AC1               *float64 `json:"ac1"`
			PositiveAgreement *float64 `json:"positive_agreement"`
		} `json:"per_label"`
		Coefficients map[string]struct{ Value *float64 } `json:"coefficients"`
	}
	if err := json.Unmarshal([]byte(out), &v); err != nil {
		t.Fatal(err)
	}
	if len(v.PerCategory) != 0 {
		t.Error("the per-category table of atomic sets is still there")
	}
	if len(v.PerLabel) != 3 || v.PerLabel[0].Label != "a" {
		t.Fatalf("per_label %+v", v.PerLabel)
	}
	a := v.PerLabel[0]
	nearPtr(t, "a κ", a.Kappa, 0.5, 1e-12)
	nearPtr(t, "a positive agreement", a.PositiveAgreement, 0.8, 1e-12)
	if a.Alpha == nil || a.AC1 == nil || a.Present != 5 {
		t.Errorf("a: %+v", a)
	}
	if v.Coefficients["krippendorff_alpha"].Value == nil {
		t.Error("the set-distance α is gone")
	}
}

package main

import (
	"math"
	"strings"
	"testing"
)

// TestCodingLayouts: the statistics layouts through agree coding. Counts
// (Fleiss 1971: κ = 0.4302) leave the coefficients that need coder
// identity undefined with the reason and drop the coder tables;
// contingency (SAS PROC FREQ: κ = 0.4842) and transposed (Krippendorff
// 2004: α = 0.743) read as two-coder and items × coders data.
func TestCodingLayouts(t *testing.T) {
	v := jsonOut(t, "coding", "--format", "json", "--no-se", "--layout", "counts", "../../formats/table/testdata/fleiss1971-counts.csv")
	co := v["coefficients"].(map[string]any)
	if f := co["fleiss_kappa"].(map[string]any)["value"].(float64); math.Abs(f-0.4302445) > 5e-7 {
		t.Errorf("Fleiss κ %v", f)
	}
	for _, k := range []string{"cohen_kappa", "multi_kappa", "weighted_kappa", "alpha_kappa"} {
		c := co[k].(map[string]any)
		if c["value"] != nil || !strings.Contains(c["undefined_reason"].(string), "counts table") {
			t.Errorf("%s: %v", k, c)
		}
	}
	for _, k := range []string{"pairwise", "leave_one_coder_out", "contingency_matrix"} {
		if _, ok := v[k]; ok {
			t.Errorf("%s is reported for anonymous coders", k)
		}
	}
	if _, errs, code := agree(t, "", "coding", "--layout", "counts", "--dawid-skene", "../../formats/table/testdata/fleiss1971-counts.csv"); code != 2 || !strings.Contains(errs, "--dawid-skene needs to know which coder") {
		t.Errorf("--dawid-skene: exit %d %s", code, errs)
	}
	v = jsonOut(t, "coding", "--format", "json", "--no-se", "--layout", "contingency", "../../formats/table/testdata/sas-contingency.csv")
	if k := v["coefficients"].(map[string]any)["cohen_kappa"].(map[string]any)["value"].(float64); math.Abs(k-0.4842) > 5e-5 {
		t.Errorf("contingency κ %v", k)
	}
	v = jsonOut(t, "coding", "--format", "json", "--no-se", "--layout", "transposed", "../../formats/table/testdata/krippendorff-transposed.csv")
	if a := v["coefficients"].(map[string]any)["krippendorff_alpha"].(map[string]any)["value"].(float64); math.Abs(a-0.743) > 5e-4 {
		t.Errorf("transposed α %v", a)
	}
	if _, errs, code := agree(t, "", "coding", "--layout", "matrix", "../../formats/table/testdata/sas-contingency.csv"); code != 2 || !strings.Contains(errs, "transposed, counts or contingency") {
		t.Errorf("unknown layout: exit %d %s", code, errs)
	}
}

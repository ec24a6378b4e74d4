package main

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestReference: --reference scores each annotator against an annotator, a
// file of reference labels or the majority of the others (coding), and
// orients the pairs that include the reference (spans: precision and
// recall swap when the reference is the second of a pair).
func TestReference(t *testing.T) {
	dir := t.TempDir()
	gold := filepath.Join(dir, "gold.csv")
	os.WriteFile(gold, []byte("unit,gold\n1,1\n2,2\n3,3\n4,3\n5,2\n6,1\n7,4\n8,1\n9,2\n10,5\n11,1\n12,3\n"), 0o644)
	type row struct {
		Annotator string
		Items     int
		Accuracy  struct{ Value float64 }
		Kappa     struct {
			Value float64
			CI    struct{ Low, High float64 }
		} `json:"cohen_kappa"`
	}
	get := func(args ...string) []row {
		t.Helper()
		out, errs, code := agree(t, "", append(args, "--format", "json")...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errs)
		}
		var r struct {
			Reference struct {
				Name, Kind string
				Annotators []row
			}
		}
		if err := json.Unmarshal([]byte(out), &r); err != nil {
			t.Fatal(err)
		}
		return r.Reference.Annotators
	}
	// Krippendorff's data against A: each row's κ is the pairwise table's
	// κ of the pair (two paths); the file gold.csv copies A where A rated.
	rows := get("coding", "--reference", "A", "examples/krippendorff.csv")
	out, _, _ := agree(t, "", "coding", "--format", "json", "examples/krippendorff.csv")
	var pw struct {
		Pairwise []struct {
			Coders []string
			Kappa  float64 `json:"cohen_kappa"`
		}
	}
	json.Unmarshal([]byte(out), &pw)
	if len(rows) != 3 || rows[0].Annotator != "B" {
		t.Fatalf("against A: %+v", rows)
	}
	for _, r := range rows {
		for _, p := range pw.Pairwise {
			if (p.Coders[0] == "A" && p.Coders[1] == r.Annotator || p.Coders[1] == "A" && p.Coders[0] == r.Annotator) && math.Abs(p.Kappa-r.Kappa.Value) > 1e-12 {
				t.Errorf("%s against A: κ %v, pairwise table %v", r.Annotator, r.Kappa.Value, p.Kappa)
			}
		}
		if !(r.Kappa.CI.Low <= r.Kappa.Value && r.Kappa.Value <= r.Kappa.CI.High) {
			t.Errorf("%s: κ %v outside its interval %+v", r.Annotator, r.Kappa.Value, r.Kappa.CI)
		}
	}
	fileRows := get("coding", "--reference", gold, "examples/krippendorff.csv")
	if len(fileRows) != 4 || fileRows[0].Annotator != "A" || fileRows[0].Accuracy.Value != 1 || fileRows[0].Items != 9 {
		t.Errorf("against gold.csv: %+v", fileRows)
	}
	maj := get("coding", "--reference", "majority", "examples/krippendorff.csv")
	if len(maj) != 4 || math.Abs(maj[2].Accuracy.Value-7.0/9) > 1e-12 {
		t.Errorf("against the majority: %+v", maj)
	}
	// spans: ana is the first of her pairs; against cy, ben is the
	// reference of the pair (ben, cy), so precision and recall are swapped
	// back.
	out, errs, code := agree(t, "", "spans", "--reference", "cy", "--format", "json", "examples/entities.csv")
	if code != 0 {
		t.Fatalf("spans: exit %d: %s", code, errs)
	}
	var sr struct {
		Pairs []struct {
			Annotators        []string
			Precision, Recall float64
		}
		Reference struct {
			Annotators []struct {
				Annotator         string
				Precision, Recall float64
			}
		}
	}
	json.Unmarshal([]byte(out), &sr)
	for _, p := range sr.Pairs {
		for _, r := range sr.Reference.Annotators {
			if p.Annotators[0] == r.Annotator && p.Annotators[1] == "cy" && (p.Precision != r.Recall || p.Recall != r.Precision) {
				t.Errorf("%s against cy: P %v R %v, pair (%s, cy) P %v R %v", r.Annotator, r.Precision, r.Recall, r.Annotator, p.Precision, p.Recall)
			}
		}
	}
	if len(sr.Reference.Annotators) != 2 {
		t.Errorf("spans against cy: %+v", sr.Reference.Annotators)
	}
	for _, c := range []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"coding", "--reference", "Zed", "examples/krippendorff.csv"}, 2, "no annotator and no file of that name (annotators: A, B, C, D)"},
		{[]string{"spans", "--reference", "majority", "examples/entities.csv"}, 2, "majority is for labels"},
		{[]string{"spans", "--reference", "zed", "examples/entities.csv"}, 2, "no annotator of that name"},
		{[]string{"coding", "--reference", "majority", "examples/table6.csv"}, 1, "three or more annotators"},
	} {
		_, errs, code := agree(t, "", c.args...)
		if code != c.code || !strings.Contains(errs, c.msg) {
			t.Errorf("agree %s: exit %d, %q; want %d, %q", strings.Join(c.args, " "), code, errs, c.code, c.msg)
		}
	}
}

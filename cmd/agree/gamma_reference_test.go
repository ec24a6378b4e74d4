package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestGammaReference: γ of each annotator with the reference is the
// pairwise γ of --by document's matrix (two paths), for every annotator but
// the reference; an unknown name is a usage error.
func TestGammaReference(t *testing.T) {
	out, errs, code := agree(t, "", "gamma", "--seed", "3", "--by", "document", "--reference", "ann2", "--format", "json", "examples/continuum.csv")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var r struct {
		Reference struct {
			Annotators []struct {
				Annotator string
				Gamma     float64
			}
		}
		Matrix struct {
			Annotators []string
			Gamma      [][]float64
		}
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	idx := map[string]int{}
	for i, a := range r.Matrix.Annotators {
		idx[a] = i
	}
	if len(r.Reference.Annotators) != 2 {
		t.Fatalf("rows %+v", r.Reference.Annotators)
	}
	for _, row := range r.Reference.Annotators {
		if want := r.Matrix.Gamma[idx["ann2"]][idx[row.Annotator]]; row.Gamma != want {
			t.Errorf("%s: γ with ann2 %v, matrix %v", row.Annotator, row.Gamma, want)
		}
	}
	if _, errs, code := agree(t, "", "gamma", "--samples", "5", "--reference", "zed", "examples/continuum.csv"); code != 2 || !strings.Contains(errs, "no annotator of that name") {
		t.Errorf("unknown reference: exit %d, %s", code, errs)
	}
}

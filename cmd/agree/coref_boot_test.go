package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestCorefBootstrap(t *testing.T) {
	// Six documents, two annotators who disagree on one link in half of them.
	var b strings.Builder
	b.WriteString("document,annotator,mention,chain\n")
	for d := range 6 {
		for _, ann := range []string{"a", "b"} {
			for m := range 5 {
				chain := m / 2
				if ann == "b" && d%2 == 0 && m == 2 {
					chain = 9
				}
				fmt.Fprintf(&b, "doc%d,%s,m%d,%d\n", d, ann, m, chain)
			}
		}
	}
	p := filepath.Join(t.TempDir(), "c.csv")
	if err := os.WriteFile(p, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	args := []string{"coref", "--format", "json", "--bootstrap", "200", "--seed", "5", p}
	one, errs, code := agree(t, "", append(args, "--workers", "1")...)
	if code != 0 {
		t.Fatal(errs)
	}
	four, _, _ := agree(t, "", append(args, "--workers", "4")...)
	if one != four {
		t.Error("coref bootstrap differs between 1 and 4 workers")
	}
	var v struct {
		Pairs []struct {
			CoNLL     float64 `json:"conll_f1"`
			Bootstrap map[string]struct {
				SE float64
				CI struct {
					Low, High float64
					Resamples int
				}
				PBelow map[string]float64 `json:"p_below"`
			}
		}
	}
	if err := json.Unmarshal([]byte(one), &v); err != nil {
		t.Fatal(err)
	}
	bs := v.Pairs[0].Bootstrap["conll_f1"]
	if bs.CI.Resamples != 200 || !(bs.CI.Low <= v.Pairs[0].CoNLL && v.Pairs[0].CoNLL <= bs.CI.High) || bs.SE <= 0 {
		t.Errorf("conll_f1 %v, bootstrap %+v", v.Pairs[0].CoNLL, bs)
	}
	if len(v.Pairs[0].Bootstrap) != 7 {
		t.Errorf("%d bootstrapped metrics, want 7", len(v.Pairs[0].Bootstrap))
	}
}

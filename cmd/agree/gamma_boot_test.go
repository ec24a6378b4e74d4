package main

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// writeCorpus writes n small continua (files) of two annotators who mostly
// agree on position and category.
func writeCorpus(t *testing.T, n int) string {
	t.Helper()
	dir := t.TempDir()
	rng := rand.New(rand.NewPCG(1, 2))
	for f := range n {
		var b strings.Builder
		pos := 0.0
		for range 6 {
			start := pos + 1 + rng.Float64()*3
			end := start + 2 + rng.Float64()*4
			cat := []string{"A", "B"}[rng.IntN(2)]
			for _, ann := range []string{"x", "y"} {
				c := cat
				if rng.Float64() < 0.2 {
					c = "C"
				}
				fmt.Fprintf(&b, "%s,%s,%.2f,%.2f\n", ann, c, start+rng.Float64()*0.5, end+rng.Float64()*0.5)
			}
			pos = end
		}
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("doc%d.csv", f)), []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func TestGammaBootstrap(t *testing.T) {
	dir := writeCorpus(t, 5)
	args := []string{"gamma", "--format", "json", "--samples", "10", "--precision", "0", "--bootstrap", "30", "--seed", "3", dir}
	one, errs, code := agree(t, "", append(args, "--workers", "1")...)
	if code != 0 {
		t.Fatal(errs)
	}
	three, _, _ := agree(t, "", append(args, "--workers", "3")...)
	if one != three {
		t.Error("γ bootstrap differs between 1 and 3 workers")
	}
	var v struct {
		Gamma  float64
		SE     *float64
		CI     *struct{ Low, High float64 }
		PBelow map[string]float64 `json:"p_below"`
	}
	if err := json.Unmarshal([]byte(one), &v); err != nil {
		t.Fatal(err)
	}
	if v.CI == nil || v.SE == nil || !(v.CI.Low <= v.CI.High) || *v.SE <= 0 || len(v.PBelow) != 2 {
		t.Fatalf("bootstrap fields: se %v ci %+v p_below %v", v.SE, v.CI, v.PBelow)
	}
	if v.Gamma < v.CI.Low-0.5 || v.Gamma > v.CI.High+0.5 {
		t.Errorf("γ %v far from its interval %+v", v.Gamma, v.CI)
	}
	// One continuum cannot be resampled.
	_, errs, code = agree(t, "", "gamma", "--bootstrap", "10", filepath.Join(dir, "doc0.csv"))
	if code != 2 || !strings.Contains(errs, "resamples continua") {
		t.Errorf("one file: exit %d, %q", code, errs)
	}
}

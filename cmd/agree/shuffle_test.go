package main

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestShuffleCSVAndSVG(t *testing.T) {
	dir := t.TempDir()
	args := []string{"shuffle", "--errors", "split,position+category", "--measures", "u_alpha,kappa_d",
		"--step", "0.5", "--sets", "2", "--units", "10", "--seed", "3", "--out", dir}
	var out, errb bytes.Buffer
	if err := run(args, nil, &out, &errb); err != nil {
		t.Fatalf("run: %v (stderr %s)", err, errb.String())
	}
	recs, err := csv.NewReader(&out).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	// Header + 2 error types × 3 magnitudes × 2 measures.
	if len(recs) != 1+2*3*2 {
		t.Fatalf("%d CSV records, want 13:\n%v", len(recs), recs)
	}
	if strings.Join(recs[0], ",") != "error_type,magnitude,measure,mean,sd,defined,sets,note" {
		t.Errorf("header %v", recs[0])
	}
	// Magnitude 0: perfect agreement (annotators copy the reference).
	if recs[1][0] != "split" || recs[1][1] != "0.00" || recs[1][3] != "1.000000" {
		t.Errorf("first record %v, want split,0.00,…,1.000000", recs[1])
	}
	// Splits leave uα at 1 (Mathet et al. 2015 §6.3.4, Fig. 27).
	if recs[5][0] != "split" || recs[5][1] != "1.00" || recs[5][2] != "u_alpha" || recs[5][3] != "1.000000" {
		t.Errorf("split at 1: %v, want u_alpha 1.000000", recs[5])
	}
	for _, name := range []string{"curves.csv", "split.svg", "position+category.svg"} {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Errorf("%s not written: %v", name, err)
			continue
		}
		if strings.HasSuffix(name, ".svg") && !bytes.Contains(b, []byte(`fill="none" stroke="#0072B2" stroke-width="2"`)) {
			t.Errorf("%s has no curve", name)
		}
	}
}

func TestShuffleDeterministic(t *testing.T) {
	args := []string{"shuffle", "--errors", "position", "--measures", "u_alpha", "--step", "0.5", "--sets", "2", "--units", "8", "--format", "json"}
	var a, b, errb bytes.Buffer
	if err := run(append(args, "--workers", "1"), nil, &a, &errb); err != nil {
		t.Fatal(err)
	}
	if err := run(append(args, "--workers", "2"), nil, &b, &errb); err != nil {
		t.Fatal(err)
	}
	if a.String() != b.String() || !strings.Contains(a.String(), `"error_type": "position"`) {
		t.Errorf("outputs differ with the number of workers or lack the points:\n%s\n%s", a.String(), b.String())
	}
}

func TestShuffleGammaCategory(t *testing.T) {
	// Pure categorization (fixed positions, Mathet et al. 2015 §6.3.3): γ goes
	// from 1 at magnitude 0 to about 0 at magnitude 1 (|γ| < 0.15, as in the
	// shuffle package's findings test).
	args := []string{"shuffle", "--model", "categorization", "--errors", "category", "--measures", "gamma",
		"--step", "1", "--sets", "6", "--units", "15", "--seed", "2", "--format", "json"}
	var out, errb bytes.Buffer
	if err := run(args, nil, &out, &errb); err != nil {
		t.Fatalf("run: %v (stderr %s)", err, errb.String())
	}
	var got struct {
		Points []struct {
			Magnitude float64  `json:"magnitude"`
			Mean      *float64 `json:"mean"`
		} `json:"points"`
	}
	if err := json.Unmarshal(out.Bytes(), &got); err != nil {
		t.Fatal(err)
	}
	if len(got.Points) != 2 || got.Points[0].Mean == nil || got.Points[1].Mean == nil {
		t.Fatalf("points %s", out.String())
	}
	if *got.Points[0].Mean != 1 || math.Abs(*got.Points[1].Mean) > 0.15 {
		t.Errorf("γ = %v at 0 and %v at 1; want 1 and |γ| < 0.15", *got.Points[0].Mean, *got.Points[1].Mean)
	}
}

func TestShuffleModelFile(t *testing.T) {
	dir := t.TempDir()
	model := filepath.Join(dir, "m.json")
	js := `{"categories": [{"name": "A", "prevalence": 1, "min_len": 4, "max_len": 8},
  {"name": "B", "prevalence": 1, "min_len": 4, "max_len": 8}], "units": 10, "min_gap": 2, "max_gap": 4,
  "confusion": [[0, 1], [1, 0]]}`
	if err := os.WriteFile(model, []byte(js), 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	if err := run([]string{"shuffle", "--model", model, "--errors", "category", "--measures", "cu_alpha", "--step", "1", "--sets", "2"}, nil, &out, &errb); err != nil {
		t.Fatalf("run: %v", err)
	}
	if !strings.Contains(out.String(), "category,1.00,cu_alpha,") {
		t.Errorf("output lacks the category curve:\n%s", out.String())
	}
	bad := filepath.Join(dir, "bad.json")
	if err := os.WriteFile(bad, []byte("{\n  \"units\": [}"), 0o644); err != nil {
		t.Fatal(err)
	}
	err := run([]string{"shuffle", "--model", bad}, nil, &out, &errb)
	if err == nil || !strings.Contains(err.Error(), "bad.json:2:") {
		t.Errorf("bad model file: error %v, want file:line", err)
	}
}

func TestShuffleUsage(t *testing.T) {
	cases := [][]string{
		{"shuffle", "--errors", "shift"},
		{"shuffle", "--measures", "nope"},
		{"shuffle", "--step", "0"},
		{"shuffle", "file.csv"},
		{"shuffle", "--model", "nope"},
		{"shuffle", "--continua", "0"},
	}
	for _, args := range cases {
		var out, errb bytes.Buffer
		if err := run(args, nil, &out, &errb); err == nil {
			t.Errorf("%v: no error", args)
		}
	}
}

package main

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// sasTable is the SAS PROC FREQ example [[0,4,1],[0,8,0],[0,1,5]] as a
// long file (rows: first rater, columns: second).
func sasTable(t *testing.T) string {
	t.Helper()
	var b strings.Builder
	b.WriteString("item,coder,value\n")
	n := 0
	for r, row := range [][]int{{0, 4, 1}, {0, 8, 0}, {0, 1, 5}} {
		for c, k := range row {
			for range k {
				n++
				b.WriteString(strings.Join([]string{itoa(n), "r1", itoa(r)}, ",") + "\n")
				b.WriteString(strings.Join([]string{itoa(n), "r2", itoa(c)}, ",") + "\n")
			}
		}
	}
	p := filepath.Join(t.TempDir(), "sas.csv")
	if err := os.WriteFile(p, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func itoa(n int) string { return strconv.Itoa(n) }

type coefJSON struct {
	Value, SE, SE0, Z *float64
	CI                *struct{ Low, High float64 }
	PBelow            map[string]float64 `json:"p_below"`
}

func decodeCoefs(t *testing.T, out string) map[string]coefJSON {
	t.Helper()
	var v struct {
		Coefficients map[string]coefJSON `json:"coefficients"`
	}
	if err := json.Unmarshal([]byte(out), &v); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	return v.Coefficients
}

func nearPtr(t *testing.T, what string, got *float64, want, tol float64) {
	t.Helper()
	if got == nil || math.Abs(*got-want) > tol {
		t.Errorf("%s = %v, want %v ± %g", what, got, want, tol)
	}
}

func TestCodingAnalyticSEThroughCLI(t *testing.T) {
	// SAS PROC FREQ documentation (also statsmodels' tests): κ 0.4842, ASE
	// 0.1380, 95% CI (0.2137, 0.7547), ASE under H0 0.1484, z 3.2626;
	// linear weights on scores 0,1,2: κ_w 0.4701, ASE 0.1457.
	p := sasTable(t)
	out, errs, code := agree(t, "", "coding", "--format", "json", p)
	if code != 0 {
		t.Fatal(errs)
	}
	k := decodeCoefs(t, out)["cohen_kappa"]
	nearPtr(t, "κ", k.Value, 0.4842, 5e-5)
	nearPtr(t, "ASE", k.SE, 0.1380, 5e-5)
	nearPtr(t, "ASE0", k.SE0, 0.1484, 5e-5)
	nearPtr(t, "z", k.Z, 3.2626, 5e-5)
	if k.CI == nil || math.Abs(k.CI.Low-0.2137) > 5e-5 || math.Abs(k.CI.High-0.7547) > 5e-5 {
		t.Errorf("CI = %+v, want (0.2137, 0.7547)", k.CI)
	}
	out, errs, code = agree(t, "", "coding", "--format", "json", "--metric", "linear", p)
	if code != 0 {
		t.Fatal(errs)
	}
	w := decodeCoefs(t, out)["weighted_kappa"]
	nearPtr(t, "κ_w", w.Value, 0.4701, 5e-5)
	nearPtr(t, "κ_w ASE", w.SE, 0.1457, 5e-5)
}

func TestCodingBootstrapDeterministic(t *testing.T) {
	// The same seed gives the same intervals whatever the number of workers.
	args := []string{"coding", "--format", "json", "--bootstrap", "300", "--seed", "7", "examples/krippendorff.csv"}
	one, errs, code := agree(t, "", append(args, "--workers", "1")...)
	if code != 0 {
		t.Fatal(errs)
	}
	eight, _, _ := agree(t, "", append(args, "--workers", "8")...)
	if one != eight {
		t.Error("bootstrap output differs between 1 and 8 workers")
	}
	a := decodeCoefs(t, one)["krippendorff_alpha"]
	if a.CI == nil || !(a.CI.Low < *a.Value && *a.Value <= a.CI.High) || a.PBelow["0.667"] <= 0 || a.PBelow["0.8"] < a.PBelow["0.667"] {
		t.Errorf("α bootstrap: value %v, ci %+v, p_below %v", *a.Value, a.CI, a.PBelow)
	}
	other, _, _ := agree(t, "", "coding", "--format", "json", "--bootstrap", "300", "--seed", "8", "examples/krippendorff.csv")
	if other == one {
		t.Error("a different seed gave the same output")
	}
}

func TestCodingConsensusFile(t *testing.T) {
	p := filepath.Join(t.TempDir(), "consensus.csv")
	out, errs, code := agree(t, "", "coding", "--consensus", p, "examples/krippendorff.csv")
	if code != 0 {
		t.Fatal(errs)
	}
	if !strings.Contains(out, "Dawid–Skene latent class model") {
		t.Errorf("no Dawid–Skene table in:\n%s", out)
	}
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	if len(lines) != 13 || !strings.HasPrefix(lines[0], "item,label,posterior") {
		t.Errorf("consensus file: %d lines, header %q; want 12 items + header", len(lines), lines[0])
	}
	// Unit 3: all four coders said 3.
	if !strings.HasPrefix(lines[3], "3,3,") {
		t.Errorf("unit 3 consensus: %q", lines[3])
	}
}

func TestCodingInferenceJSONKeys(t *testing.T) {
	// The keys of issue 6 (README): a bootstrap "ci" carries
	// {"low","high","method","level","resamples","seed"}, "p_below" is keyed
	// by the thresholds as written ("0.667", "0.8"), the analytic interval
	// moves to "analytic_ci" without resamples or seed, and a coefficient
	// without an analytic SE says why; nothing undefined is a bare NaN
	// (the output must parse).
	out, errs, code := agree(t, "", "coding", "--format", "json", "--bootstrap", "50", "--seed", "9", "examples/krippendorff.csv")
	if code != 0 {
		t.Fatal(errs)
	}
	var v struct {
		Coefficients map[string]map[string]json.RawMessage `json:"coefficients"`
	}
	if err := json.Unmarshal([]byte(out), &v); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	a := v.Coefficients["krippendorff_alpha"]
	var ci, aci map[string]any
	var pb map[string]float64
	if err := json.Unmarshal(a["ci"], &ci); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(a["analytic_ci"], &aci); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(a["p_below"], &pb); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"low", "high", "method", "level", "resamples", "seed"} {
		if _, ok := ci[k]; !ok {
			t.Errorf("bootstrap ci lacks %q: %v", k, ci)
		}
	}
	if ci["resamples"] != 50.0 || ci["seed"] != 9.0 {
		t.Errorf("bootstrap ci: %v", ci)
	}
	for _, k := range []string{"resamples", "seed"} {
		if _, ok := aci[k]; ok {
			t.Errorf("analytic_ci carries %q: %v", k, aci)
		}
	}
	if aci["clipped"] != true {
		t.Errorf("analytic_ci of α on Krippendorff's data reaches past 1 and must say it was clipped: %v", aci)
	}
	if _, ok := pb["0.667"]; !ok || len(pb) != 2 {
		t.Errorf("p_below = %v, want keys 0.667 and 0.8", pb)
	}
	ak := v.Coefficients["alpha_kappa"]
	if string(ak["se_method"]) != `"bootstrap"` {
		t.Errorf("α_κ has no analytic SE: its se must be the bootstrap's, got method %s", ak["se_method"])
	}
	if len(ak["se_undefined_reason"]) < 3 {
		t.Errorf("α_κ: no se_undefined_reason")
	}
}

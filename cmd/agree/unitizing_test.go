package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// uAlphaVector is the cross-checked u-alpha vector of
// segmentation-unitizing.md §8.5 (L = 20) as CSV annotator,category,start,end.
const uAlphaVector = `Alex,1,2,5
Alex,1,9,11
Alex,2,12,20
Paul,1,2,5
Paul,2,7,15
Susan,1,2,5
Susan,2,10,15
`

func TestUnitizingJSON(t *testing.T) {
	var out, errb bytes.Buffer
	err := run([]string{"unitizing", "--format", "json", "--begin", "0", "--end", "20", "-"}, strings.NewReader(uAlphaVector), &out, &errb)
	if err != nil {
		t.Fatalf("run: %v (stderr %s)", err, errb.String())
	}
	var got map[string]any
	if err := json.Unmarshal(out.Bytes(), &got); err != nil {
		t.Fatalf("bad JSON: %v\n%s", err, out.String())
	}
	// Sheet §8.5 values; the JSON keys are the contract of issue 5.
	want := map[string]float64{"u_alpha": 0.4739130434782609, "binary_u_alpha": 0.43281249999999993, "cu_alpha": 0.7788819875776397}
	for k, v := range want {
		f, ok := got[k].(float64)
		if !ok || math.Abs(f-v) > 1e-12 {
			t.Errorf("%s = %v, want %v", k, got[k], v)
		}
	}
	ku, _ := got["k_u_alpha"].(map[string]any)
	if f, _ := ku["1"].(float64); math.Abs(f-0.7692517006802722) > 1e-12 {
		t.Errorf("k_u_alpha.1 = %v, want 0.7692517006802722", ku["1"])
	}
	if f, _ := ku["2"].(float64); math.Abs(f-0.7869714285714285) > 1e-12 {
		t.Errorf("k_u_alpha.2 = %v, want 0.7869714285714285", ku["2"])
	}
	for _, k := range []string{"alpha_u", "kappa_d", "alpha_d", "ser"} {
		if _, ok := got[k].(float64); !ok {
			t.Errorf("key %s missing or not a number: %v", k, got[k])
		}
	}
	// SER by hand (see unitizing/ser_test.go cases): Alex as reference, Paul as
	// hypothesis: 1 correct + 1 B + 1 D = 1.5 / 3 = 0.5.
	pairs, _ := got["ser_pairs"].([]any)
	if len(pairs) != 6 {
		t.Fatalf("ser_pairs: %d, want 6 ordered pairs", len(pairs))
	}
	p0 := pairs[0].(map[string]any)
	if p0["reference"] != "Alex" || p0["hypothesis"] != "Paul" || p0["ser"] != 0.5 {
		t.Errorf("first SER pair = %v, want Alex/Paul 0.5", p0)
	}
}

func TestUnitizing1995Example(t *testing.T) {
	// Krippendorff 1995 example A (sheet §8.4), continuum [0, 24), no category:
	// αU port value 0.515288 and digitized Cohen κ 0.385, α 0.329.
	in := "annotator,category,start,end\nr0,,2,10\nr0,,14,20\nr1,,4,8\nr1,,15,17\n"
	var out, errb bytes.Buffer
	if err := run([]string{"unitizing", "--format", "json", "--end", "24", "-"}, strings.NewReader(in), &out, &errb); err != nil {
		t.Fatalf("run: %v (stderr %s)", err, errb.String())
	}
	var got map[string]any
	if err := json.Unmarshal(out.Bytes(), &got); err != nil {
		t.Fatal(err)
	}
	checks := []struct {
		key       string
		want, tol float64
	}{{"alpha_u", 0.515288, 1e-6}, {"kappa_d", 0.385, 0.001}, {"alpha_d", 0.329, 0.001}}
	for _, c := range checks {
		if f, ok := got[c.key].(float64); !ok || math.Abs(f-c.want) > c.tol {
			t.Errorf("%s = %v, want %v ± %v", c.key, got[c.key], c.want, c.tol)
		}
	}
}

func TestUnitizingOverlapWarns(t *testing.T) {
	// Overlapping units of one annotator: the alphas and κ_d are null with a
	// reason and a warning on stderr; SER is still computed.
	in := "a,x,0,5\na,y,3,8\nb,x,0,5\nb,y,5,8\n"
	var out, errb bytes.Buffer
	if err := run([]string{"unitizing", "--format", "json", "-"}, strings.NewReader(in), &out, &errb); err != nil {
		t.Fatalf("run: %v", err)
	}
	var got map[string]any
	if err := json.Unmarshal(out.Bytes(), &got); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"u_alpha", "cu_alpha", "binary_u_alpha", "kappa_d", "alpha_d"} {
		if got[k] != nil {
			t.Errorf("%s = %v, want null", k, got[k])
		}
	}
	reasons, _ := got["undefined_reason"].(map[string]any)
	if r, _ := reasons["u_alpha"].(string); !strings.Contains(r, "overlapping") {
		t.Errorf("undefined_reason.u_alpha = %q, want it to mention overlapping units", r)
	}
	if !strings.Contains(errb.String(), "warning") {
		t.Errorf("stderr %q: want a warning", errb.String())
	}
	if _, ok := got["ser"].(float64); !ok {
		t.Errorf("ser = %v, want a number", got["ser"])
	}
	// αU only needs disjoint units within a category: defined here.
	if _, ok := got["alpha_u"].(float64); !ok {
		t.Errorf("alpha_u = %v, want a number (units of one category do not overlap)", got["alpha_u"])
	}
}

func TestUnitizingErrors(t *testing.T) {
	cases := []struct {
		name  string
		args  []string
		in    string
		usage bool
		want  string
	}{
		{"no file", []string{"unitizing"}, "", true, "no input file"},
		{"bad number", []string{"unitizing", "-"}, "a,x,0,5\nb,x,zero,5\n", false, ":2"},
		{"unit outside the extent", []string{"unitizing", "--end", "4", "-"}, "a,x,0,5\nb,x,0,5\n", false, "outside the extent"},
		{"bad atom", []string{"unitizing", "--atom", "0", "-"}, "a,x,0,5\nb,x,0,5\n", true, "atom"},
		{"bad format", []string{"unitizing", "--format", "xml", "-"}, "a,x,0,5\nb,x,0,5\n", true, "format"},
	}
	for _, tc := range cases {
		var out, errb bytes.Buffer
		err := run(tc.args, strings.NewReader(tc.in), &out, &errb)
		if err == nil {
			t.Errorf("%s: no error", tc.name)
			continue
		}
		var ue usageError
		if isUsage := errors.As(err, &ue); isUsage != tc.usage {
			t.Errorf("%s: usage error = %v, want %v (%v)", tc.name, isUsage, tc.usage, err)
		}
		if !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %q does not mention %q", tc.name, err, tc.want)
		}
	}
}

func TestUnitizingTable(t *testing.T) {
	var out, errb bytes.Buffer
	if err := run([]string{"unitizing", "--end", "20", "-"}, strings.NewReader(uAlphaVector), &out, &errb); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"uα", "0.4739", "c|uα", "0.7789", "coverage 38.33%", "SER per pair"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("table output lacks %q:\n%s", want, out.String())
		}
	}
}

func TestUnitizingDirectory(t *testing.T) {
	// A directory is a corpus: one result per .csv file, under "continua".
	dir := t.TempDir()
	for _, name := range []string{"a.csv", "b.csv"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(uAlphaVector), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var out, errb bytes.Buffer
	if err := run([]string{"unitizing", "--format", "json", "--end", "20", dir}, nil, &out, &errb); err != nil {
		t.Fatal(err)
	}
	var got struct {
		Continua []struct {
			Name   string  `json:"name"`
			UAlpha float64 `json:"u_alpha"`
		} `json:"continua"`
	}
	if err := json.Unmarshal(out.Bytes(), &got); err != nil {
		t.Fatal(err)
	}
	if len(got.Continua) != 2 || math.Abs(got.Continua[1].UAlpha-0.4739130434782609) > 1e-12 || !strings.HasSuffix(got.Continua[1].Name, "b.csv") {
		t.Errorf("got %+v, want two continua with uα 0.4739…", got)
	}
	// --concatenate: one result over [0, 40) with both copies; the coverage
	// l'/l.. of c|uα is unchanged by doubling (sheet §8.5: 38.33%).
	out.Reset()
	if err := run([]string{"unitizing", "--format", "json", "--end", "20", "--concatenate", dir}, nil, &out, &errb); err != nil {
		t.Fatal(err)
	}
	var one map[string]any
	if err := json.Unmarshal(out.Bytes(), &one); err != nil {
		t.Fatal(err)
	}
	if ext, _ := one["extent"].(map[string]any); ext["end"] != 40.0 {
		t.Errorf("concatenated extent %v, want [0, 40)", one["extent"])
	}
	if f, _ := one["cu_alpha_coverage"].(float64); math.Abs(f-0.38333333333333336) > 1e-12 {
		t.Errorf("concatenated coverage %v, want 0.3833…", one["cu_alpha_coverage"])
	}
}

func TestUnitizingCUOverlap(t *testing.T) {
	// --cu-overlap: c|uα computed on overlapping units, with a warning; uα
	// stays null. Annotator a has [0,5) x and [3,8) y; b has [0,5) x and [5,8) y.
	// By hand (m = 2): intersections a.x∩b.x = 5, a.y∩b.x = 2, a.y∩b.y = 3;
	// l_xx = 10, l_xy = l_yx = 2, l_yy = 6, l' = 20.
	in := "a,x,0,5\na,y,3,8\nb,x,0,5\nb,y,5,8\n"
	var out, errb bytes.Buffer
	if err := run([]string{"unitizing", "--cu-overlap", "--format", "json", "-"}, strings.NewReader(in), &out, &errb); err != nil {
		t.Fatal(err)
	}
	var got map[string]any
	if err := json.Unmarshal(out.Bytes(), &got); err != nil {
		t.Fatal(err)
	}
	if got["u_alpha"] != nil || got["cu_alpha"] == nil {
		t.Errorf("u_alpha %v cu_alpha %v; want null and a number", got["u_alpha"], got["cu_alpha"])
	}
	// Coverage l'/l.. = 20/(2·8).
	if f, _ := got["cu_alpha_coverage"].(float64); math.Abs(f-20.0/16) > 1e-12 {
		t.Errorf("coverage %v, want 1.25", got["cu_alpha_coverage"])
	}
	if !strings.Contains(errb.String(), "--cu-overlap") {
		t.Errorf("stderr %q: want the --cu-overlap warning", errb.String())
	}
}

func TestUnitizingTooManyAtomsKeepsTheOthers(t *testing.T) {
	// Issue 14: a continuum of 2·10⁷ unit-length atoms is beyond κ_d's
	// limit; κ_d, α_d and π_d are undefined with the reason and the advice,
	// and every other measure is still reported (exit 0).
	in := "annotator,category,start,end\nA,x,0,10\nB,x,1,9\nA,y,20000000,20000010\nB,y,20000001,20000010\n"
	out, errs, code := agree(t, in, "unitizing", "--format", "json", "-")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var c struct {
		AlphaU          *float64          `json:"alpha_u"`
		KappaD          *float64          `json:"kappa_d"`
		UndefinedReason map[string]string `json:"undefined_reason"`
	}
	if err := json.Unmarshal([]byte(out), &c); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if c.KappaD != nil || !strings.Contains(c.UndefinedReason["kappa_d"], "more than 5000000") || !strings.Contains(c.UndefinedReason["alpha_d"], "--atom") {
		t.Errorf("kappa_d %v, reasons %v", c.KappaD, c.UndefinedReason)
	}
	if c.AlphaU == nil {
		t.Error("αU missing")
	}
	if _, _, code := agree(t, in, "unitizing", "--atom", "10", "-"); code != 0 {
		t.Error("a longer atom should compute κ_d")
	}
}

// TestUnitizingZeroLength: the points of a Praat point tier are
// zero-length units: agree unitizing refuses them naming the flag it has,
// and --drop-zero-length skips them with a warning each (the README's
// "gamma and unitizing need --drop-zero-length"; unitizing had no such
// flag).
func TestUnitizingZeroLength(t *testing.T) {
	dir := t.TempDir()
	tier := func(name string, marks ...string) string {
		s := "    item []:\n        class = \"IntervalTier\"\n        name = \"" + name + "\"\n        xmin = 0\n        xmax = 10\n        intervals: size = 3\n" +
			"        intervals [1]:\n            xmin = 0\n            xmax = 2\n            text = \"\"\n" +
			"        intervals [2]:\n            xmin = 2\n            xmax = 5\n            text = \"" + marks[0] + "\"\n" +
			"        intervals [3]:\n            xmin = 5\n            xmax = 10\n            text = \"\"\n"
		return s
	}
	points := "    item []:\n        class = \"TextTier\"\n        name = \"P\"\n        xmin = 0\n        xmax = 10\n        points: size = 1\n        points [1]:\n            number = 3\n            mark = \"x\"\n"
	tg := writeFile(t, dir, "s.TextGrid", "File type = \"ooTextFile\"\nObject class = \"TextGrid\"\n\nxmin = 0\nxmax = 10\ntiers? <exists>\nsize = 3\nitem []:\n"+
		tier("A", "a")+tier("B", "a")+points)
	for _, tc := range []struct {
		why  string
		args []string
		code int
		want string // in stderr
	}{
		{"a point refused, naming the flag", nil, 1, "give --drop-zero-length to skip such units"},
		{"skipped with a warning", []string{"--drop-zero-length"}, 0, "warning: " + tg + ":"},
	} {
		_, errs, code := agree(t, "", append(append([]string{"unitizing", "--tiers", "A=A,B=B,P=P"}, tc.args...), tg)...)
		if code != tc.code || !strings.Contains(errs, tc.want) {
			t.Errorf("%s: exit %d: %s", tc.why, code, errs)
		}
	}
}

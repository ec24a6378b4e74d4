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

// gammaFixture01 restates pygamma-agreement 0.5.9's fixture 01 (two
// annotators, three units each): best disorder 0.0625 (α = β = Δ∅ = 1).
const gammaFixture01 = `Ann1,a,1,5
Ann1,b,6,10
Ann1,a,11,15
Ann2,a,2,6
Ann2,b,7,11
Ann2,a,12,16
`

func runGammaCLI(t *testing.T, stdin string, args ...string) (string, string, error) {
	t.Helper()
	var out, errb bytes.Buffer
	err := run(append([]string{"gamma"}, args...), strings.NewReader(stdin), &out, &errb)
	return out.String(), errb.String(), err
}

func TestGammaJSON(t *testing.T) {
	out, stderr, err := runGammaCLI(t, gammaFixture01, "--format", "json", "--seed", "3", "-")
	if err != nil {
		t.Fatalf("%v (stderr %s)", err, stderr)
	}
	var got map[string]any
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("bad JSON: %v\n%s", err, out)
	}
	for _, k := range []string{"gamma", "observed_disorder", "expected_disorder", "expected_disorder_sd", "samples", "gamma_cat", "gamma_k", "annotators", "units", "alignment"} {
		if _, ok := got[k]; !ok {
			t.Errorf("JSON key %q missing", k)
		}
	}
	// each of the three pairs: d_pos = ((1+1)/(4+4))² = 0.0625, same category;
	// Σ = 0.1875, x̄ = 3 → 0.0625 (pygamma: 0.0625)
	if v := got["observed_disorder"].(float64); math.Abs(v-0.0625) > 1e-12 {
		t.Errorf("observed_disorder = %v, want 0.0625", v)
	}
	if got["annotators"].(float64) != 2 || got["units"].(float64) != 6 || len(got["alignment"].([]any)) != 3 {
		t.Errorf("annotators %v units %v alignment %d; want 2, 6, 3", got["annotators"], got["units"], len(got["alignment"].([]any)))
	}
	g, e := got["gamma"].(float64), got["expected_disorder"].(float64)
	if math.Abs(g-(1-0.0625/e)) > 1e-12 || got["samples"].(float64) < 30 {
		t.Errorf("gamma %v is not 1 − 0.0625/%v, or fewer than 30 samples (%v)", g, e, got["samples"])
	}
	// same seed, another worker count: identical output
	out2, _, err := runGammaCLI(t, gammaFixture01, "--format", "json", "--seed", "3", "--workers", "1", "-")
	if err != nil || out2 != out {
		t.Errorf("--workers 1 changed the output (err %v)", err)
	}
}

func TestGammaSamplesZero(t *testing.T) {
	out, _, err := runGammaCLI(t, gammaFixture01, "--format", "json", "--samples", "0", "-")
	if err != nil {
		t.Fatal(err)
	}
	var got map[string]any
	json.Unmarshal([]byte(out), &got)
	if got["gamma"] != nil || got["undefined_reason"] == nil || got["samples"].(float64) != 0 || got["observed_disorder"].(float64) != 0.0625 {
		t.Errorf("--samples 0: gamma %v (want null), reason %v, samples %v, observed %v", got["gamma"], got["undefined_reason"], got["samples"], got["observed_disorder"])
	}
}

func TestGammaPerfectAndConsensus(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "same.csv")
	os.WriteFile(in, []byte("annotator,category,start,end\nA,x,0,10\nB,x,0,10\nC,x,0,10\nA,y,20,30\nB,y,21,30\nC,z,22,31\n"), 0o644)
	cons := filepath.Join(dir, "consensus.csv")
	out, _, err := runGammaCLI(t, "", in, "--consensus", cons, "--alignment")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "best alignment") || !strings.Contains(out, "gamma-cat") {
		t.Errorf("table output lacks the alignment or gamma-cat:\n%s", out)
	}
	b, err := os.ReadFile(cons)
	if err != nil {
		t.Fatal(err)
	}
	// medians: [0,10] x; starts 20,21,22 → 21, ends 30,30,31 → 30, y twice
	want := "document,annotator,start,end,label\n" + in + ",consensus,0,10,x\n" + in + ",consensus,21,30,y\n"
	if string(b) != want {
		t.Errorf("consensus file:\n%s\nwant:\n%s", b, want)
	}
}

func TestGammaCorpusDirectory(t *testing.T) {
	dir := t.TempDir()
	for i, s := range []string{"A,x,0,10\nB,x,1,10\n", "A,y,5,9\nB,y,5,8\nA,x,20,25\n", "A,x,0,3\nB,y,0,4\n"} {
		os.WriteFile(filepath.Join(dir, string(rune('a'+i))+".csv"), []byte(s), 0o644)
	}
	out, _, err := runGammaCLI(t, "", dir, "--format", "json")
	if err != nil {
		t.Fatal(err)
	}
	var got map[string]any
	json.Unmarshal([]byte(out), &got)
	if got["sampler"] != "corpus" || got["continua"].(float64) != 3 || got["units"].(float64) != 7 {
		t.Errorf("sampler %v continua %v units %v; want corpus, 3, 7", got["sampler"], got["continua"], got["units"])
	}
}

func TestGammaErrors(t *testing.T) {
	dir := t.TempDir()
	write := func(name, s string) string {
		p := filepath.Join(dir, name)
		os.WriteFile(p, []byte(s), 0o644)
		return p
	}
	matrix := write("m.csv", ",x,y\nx,0,0.5\ny,0.5,0\n")
	tests := []struct {
		name  string
		args  []string
		want  string
		usage bool
	}{
		{"start ≥ end", []string{write("bad.csv", "A,x,0,1\nB,x,3,2\n")}, "bad.csv:2: start 3 must be less than end 2", false},
		{"NaN", []string{write("nan.csv", "A,x,NaN,1\n")}, "nan.csv:1:", false},
		{"empty file", []string{write("empty.csv", "")}, "empty.csv: the file is empty", false},
		{"one annotator", []string{write("one.csv", "A,x,0,1\nA,x,2,3\n")}, "at least two", false},
		{"category missing from the matrix", []string{write("z.csv", "A,x,0,1\nB,z,0,1\n"), "--categorical", "matrix:" + matrix}, `z.csv: unit of B at [0, 1): category "z"`, false},
		{"no file", nil, "at least one FILE", true},
		{"bad sampler", []string{write("ok.csv", "A,x,0,1\nB,x,0,1\n"), "--sampler", "magic"}, "unknown sampler", true},
		{"corpus sampler on one file", []string{filepath.Join(dir, "ok.csv"), "--sampler", "corpus"}, "at least as many continua", false},
		{"ordinal without order", []string{filepath.Join(dir, "ok.csv"), "--categorical", "ordinal"}, "declared order", true},
	}
	for _, tc := range tests {
		_, _, err := runGammaCLI(t, "", tc.args...)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want %q", tc.name, err, tc.want)
			continue
		}
		var ue usageError
		if errors.As(err, &ue) != tc.usage {
			t.Errorf("%s: usage error = %v, want %v", tc.name, !tc.usage, tc.usage)
		}
	}
}

func TestGammaRTTM(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "two.rttm")
	os.WriteFile(p, []byte("SPEAKER annotA 1 2.5 1.8 <NA> <NA> Maureen <NA> <NA>\nSPEAKER annotB 1 2.5 1.8 <NA> <NA> Maureen <NA> <NA>\n"), 0o644)
	out, _, err := runGammaCLI(t, "", p, "--format", "csv")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "gamma,1.0000") {
		t.Errorf("identical RTTM annotations: γ should be 1:\n%s", out)
	}
}

func TestGammaDropZeroLength(t *testing.T) {
	in := "A,x,0,10\nB,x,0,10\nA,x,20,20\n"
	if _, _, err := runGammaCLI(t, in, "-", "--samples", "0"); err == nil || !strings.Contains(err.Error(), "stdin:3: start 20 must be less than end 20") {
		t.Errorf("zero-length unit without the flag: error %v", err)
	}
	out, stderr, err := runGammaCLI(t, in, "-", "--samples", "0", "--drop-zero-length", "--format", "json")
	if err != nil || !strings.Contains(stderr, "stdin:3: zero-length unit at 20 skipped") || !strings.Contains(out, `"units": 2`) {
		t.Errorf("with the flag: err %v, stderr %q, output %s", err, stderr, out)
	}
}

// TestGammaFigure10Alignment: the alignment of Mathet et al. (2015), Fig. 10,
// derived by hand in gamma's ExampleBestAlignment: unitary disorders 2/3,
// 19/27 and 1, δ(â) = 32/27.
func TestGammaFigure10Alignment(t *testing.T) {
	in := "Joe,A,4,14\nJoe,B,20,30\nJack,A,4,14\nJack,B,20,25\nWilliam,A,14,24\nWilliam,B,40,44\n"
	out, _, err := runGammaCLI(t, in, "-", "--samples", "0", "--format", "json")
	if err != nil {
		t.Fatal(err)
	}
	var got struct {
		Observed  float64 `json:"observed_disorder"`
		Alignment []struct {
			Disorder float64 `json:"disorder"`
			Units    []struct {
				Annotator string `json:"annotator"`
			} `json:"units"`
		} `json:"alignment"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	if math.Abs(got.Observed-32.0/27) > 1e-12 || len(got.Alignment) != 3 {
		t.Fatalf("observed %v with %d unitary alignments, want 32/27 with 3", got.Observed, len(got.Alignment))
	}
	want := []struct {
		d float64
		n int
	}{{2.0 / 3, 3}, {19.0 / 27, 2}, {1, 1}}
	for i, w := range want {
		if a := got.Alignment[i]; math.Abs(a.Disorder-w.d) > 1e-12 || len(a.Units) != w.n {
			t.Errorf("unitary %d: disorder %v with %d units, want %v with %d", i, a.Disorder, len(a.Units), w.d, w.n)
		}
	}
}

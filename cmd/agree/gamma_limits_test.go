package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"agree/gamma"
	"agree/internal/progress"
	"agree/internal/unitgen"
)

// TestGammaFlagLimits: issue 14's findings for gamma, one case each: every
// size flag has a maximum, absurd values are refused with exit 2 before
// any work (the input file does not even exist), nothing is capped silently.
func TestGammaFlagLimits(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "never-read.csv")
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"the crash of issue 14", []string{"--samples", "1000000000", "--max-samples", "1000000000"}, "--samples 1000000000: want 0 ≤ N ≤ 1000000"},
		{"samples in scientific notation", []string{"--samples", "1e8"}, "--samples 1e8: want a whole number"},
		{"samples above max-samples", []string{"--samples", "10000"}, "--samples 10000 is above --max-samples 5000"},
		{"max-samples above its limit", []string{"--max-samples", "2000000"}, "want 1 ≤ N ≤ 1000000"},
		{"negative samples", []string{"--samples", "-3"}, "want 0 ≤ N"},
		{"NaN precision", []string{"--precision", "NaN"}, "--precision NaN: want 0 ≤ x < 1"},
		{"confidence 1", []string{"--confidence", "1"}, "want 0 < x < 1"},
		{"negative workers", []string{"--workers", "-1"}, "--workers -1: want 0 ≤ N ≤ 256"},
		{"bootstrap above its limit", []string{"--bootstrap", "10000000"}, "want 0 ≤ N ≤ 100000"},
		{"infinite alpha", []string{"--alpha", "Inf"}, "--alpha Inf: want 0 ≤ x ≤ 1000000"},
		{"zero delta-empty", []string{"--delta-empty", "0"}, "want 0 < x ≤ 1000000"},
		{"zero time limit", []string{"--time-limit", "0s"}, "--time-limit 0s: want a duration above 0"},
		{"time limit not a duration", []string{"--time-limit", "10"}, "--time-limit"},
		{"gap of 1", []string{"--max-gap", "1"}, "want 0 ≤ x < 1"},
		{"approximate without N", []string{"--approximate", "window"}, "want window:N"},
		{"approximate unknown", []string{"--approximate", "fast"}, "the approximate method is window:N"},
		{"separator of two characters", []string{"--sep", ";;"}, `--sep ";;": want one character`},
		{"unknown categorical", []string{"--categorical", "cosine"}, `unknown "cosine"`},
		{"nominal with an argument", []string{"--categorical", "nominal:x"}, "takes no argument"},
	}
	for _, tc := range tests {
		_, stderr, code := agree(t, "", append([]string{"gamma", missing}, tc.args...)...)
		if code != 2 || !strings.Contains(stderr, tc.want) {
			t.Errorf("%s: exit %d, stderr %q; want exit 2 and %q", tc.name, code, stderr, tc.want)
		}
	}
}

// TestGammaConsensusOutput: --consensus never overwrites a file (an input
// not even with --force), is checked before the computation, and what it
// writes is read back by agree gamma.
func TestGammaConsensusOutput(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "in.csv")
	os.WriteFile(in, []byte("A,x,0,10\nB,x,0,10\nC,x,1,10\nA,y,20,30\nB,y,20,31\nC,y,21,30\n"), 0o644)
	existing := filepath.Join(dir, "old.csv")
	os.WriteFile(existing, []byte("keep me"), 0o644)
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"existing file", []string{in, "--consensus", existing}, "old.csv: file exists (use --force to overwrite it)"},
		{"the input", []string{in, "--consensus", in, "--force"}, "in.csv: refusing to overwrite an input file"},
	} {
		_, stderr, code := agree(t, "", append([]string{"gamma"}, tc.args...)...)
		if code != 2 || !strings.Contains(stderr, tc.want) {
			t.Errorf("%s: exit %d, %q", tc.name, code, stderr)
		}
	}
	if b, _ := os.ReadFile(existing); string(b) != "keep me" {
		t.Errorf("the existing file was changed: %q", b)
	}
	if _, stderr, code := agree(t, "", "gamma", in, "--consensus", existing, "--force", "--samples", "0"); code != 0 {
		t.Fatalf("--force: exit %d %s", code, stderr)
	}
	// read back: the consensus is a span CSV (document = the continuum);
	// with the three annotators of the input added as rows of the same
	// document it is a valid γ input
	cons, _ := os.ReadFile(existing)
	if want := "document,annotator,start,end,label\n" + in + ",consensus,0,10,x\n" + in + ",consensus,20,30,y\n"; string(cons) != want {
		t.Errorf("consensus file:\n%s\nwant:\n%s", cons, want)
	}
	orig, _ := os.ReadFile(in)
	var both bytes.Buffer
	both.Write(cons)
	for _, l := range strings.Split(strings.TrimSpace(string(orig)), "\n") {
		f := strings.Split(l, ",")
		both.WriteString(in + "," + f[0] + "," + f[2] + "," + f[3] + "," + f[1] + "\n")
	}
	both2 := filepath.Join(dir, "both.csv")
	os.WriteFile(both2, both.Bytes(), 0o644)
	out, stderr, code := agree(t, "", "gamma", both2, "--samples", "0", "--format", "json")
	if code != 0 {
		t.Fatalf("reading the consensus back: exit %d %s", code, stderr)
	}
	var got struct {
		Annotators int `json:"annotators"`
		Units      int `json:"units"`
	}
	json.Unmarshal([]byte(out), &got)
	if got.Annotators != 4 || got.Units != 8 {
		t.Errorf("read back: %d annotators, %d units; want 4 and 8 (consensus x[0,10), y[20,30))", got.Annotators, got.Units)
	}
	// alone, the consensus is read, and refused for having one annotator
	_, stderr, code = agree(t, "", "gamma", existing)
	if code != 1 || !strings.Contains(stderr, "1 annotator") {
		t.Errorf("consensus alone: exit %d %q", code, stderr)
	}
}

// TestGammaAutoSampler: auto falls back to the shuffle sampler, with a
// note, when the continua have different numbers of annotators.
func TestGammaAutoSampler(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "a.csv"), []byte("A,x,0,10\nB,x,1,10\nC,x,0,9\nA,y,20,30\nB,y,21,30\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "b.csv"), []byte("A,x,0,10\nB,x,1,10\nA,y,20,30\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "c.csv"), []byte("A,x,0,10\nD,x,1,10\nA,y,20,30\nD,y,20,31\n"), 0o644)
	out, stderr, code := agree(t, "", "gamma", dir, "--format", "json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var got struct {
		Sampler string   `json:"sampler"`
		Note    string   `json:"sampler_note"`
		Gamma   *float64 `json:"gamma"`
		Exact   bool     `json:"exact"`
	}
	json.Unmarshal([]byte(out), &got)
	if got.Sampler != "shuffle" || !strings.Contains(got.Note, "same number of annotators") || got.Gamma == nil || !got.Exact {
		t.Errorf("sampler %q note %q gamma %v exact %v", got.Sampler, got.Note, got.Gamma, got.Exact)
	}
	out, _, _ = agree(t, "", "gamma", dir)
	if !strings.Contains(out, "note: sampler auto: shuffle, since") {
		t.Errorf("table without the sampler note:\n%s", out)
	}
}

// TestGammaOtherToolsAndSeparator: ELAN and Praat files are read by their
// readers (a truncated one is an error naming the file and line), and given
// as unit CSV get a message that names the tool and its --input; --sep
// reads semicolon files, and without it the error suggests it.
func TestGammaOtherToolsAndSeparator(t *testing.T) {
	dir := t.TempDir()
	eaf := filepath.Join(dir, "session.eaf")
	os.WriteFile(eaf, []byte(`<?xml version="1.0" encoding="UTF-8"?>`+"\n"+`<ANNOTATION_DOCUMENT AUTHOR="" FORMAT="3.0">`+"\n"), 0o644)
	tg := filepath.Join(dir, "session.TextGrid")
	os.WriteFile(tg, []byte("File type = \"ooTextFile\"\nObject class = \"TextGrid\"\n"), 0o644)
	semi := filepath.Join(dir, "semi.csv")
	os.WriteFile(semi, []byte("A;x;0;10\nB;x;1;10\n"), 0o644)
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{eaf}, "session.eaf:3:1: the file ends inside <ANNOTATION_DOCUMENT>"},
		{[]string{tg}, "session.TextGrid:2: the file ends where the TextGrid's xmin should be"},
		{[]string{"--input", "csv", eaf}, "session.eaf: this looks like an ELAN file (.eaf XML), not a unit CSV (annotator,category,start,end) or RTTM: read it with --input eaf"},
		{[]string{"--input", "csv", tg}, "session.TextGrid: this looks like a Praat TextGrid, not a unit CSV (annotator,category,start,end) or RTTM: read it with --input textgrid"},
		{[]string{semi}, `is ";" the separator? (agree: --sep ";")`},
	} {
		_, stderr, code := agree(t, "", append([]string{"gamma"}, tc.args...)...)
		if code != 1 || !strings.Contains(stderr, tc.want) {
			t.Errorf("%v: exit %d %q, want %q", tc.args, code, stderr, tc.want)
		}
	}
	if _, stderr, code := agree(t, "", "gamma", semi, "--sep", ";", "--samples", "0"); code != 0 {
		t.Errorf("--sep ';': exit %d %s", code, stderr)
	}
	if _, stderr, code := agree(t, "", "unitizing", semi, "--sep", ";"); code != 0 {
		t.Errorf("unitizing --sep ';': exit %d %s", code, stderr)
	}
}

// TestGammaOverflowError: coordinates at ±1e308 are refused with file:line.
func TestGammaOverflowError(t *testing.T) {
	_, stderr, code := agree(t, "A,x,0,1\nB,x,-1e308,1e308\n", "gamma", "-")
	if code != 1 || !strings.Contains(stderr, "stdin:2: span [-1e+308, 1e+308) lies outside ±1e+300") {
		t.Errorf("exit %d %q", code, stderr)
	}
}

// TestGammaCancel: a cancelled context (Ctrl-C: runGamma wires
// signal.NotifyContext) stops the command with a short message.
func TestGammaCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var out, errb bytes.Buffer
	e := env{stdin: strings.NewReader(gammaFixture01), stdout: &out, stderr: &errb}
	err := runGammaCtx(ctx, e, []string{"-"})
	if err == nil || err.Error() != "gamma: interrupted" || out.Len() != 0 {
		t.Errorf("error %v, output %q", err, out.String())
	}
	if errors.Is(err, context.Canceled) {
		t.Error("the interruption is reported in words, not as context.Canceled")
	}
}

// TestGammaProgressLine: the line names the phase, the components or the
// samples, and the gap.
func TestGammaProgressLine(t *testing.T) {
	var buf bytes.Buffer
	g := startGammaProgressLine(progress.NewDelay(&buf, "gamma", 0))
	g.set(gamma.Progress{Phase: "alignment", ComponentsDone: 3, Components: 10, Continuum: 1, Continua: 1, Gap: 0.0015})
	g.draw()
	first := buf.String()
	g.set(gamma.Progress{Phase: "samples", SamplesDone: 12, SamplesNeeded: 30})
	g.finish()
	if !strings.Contains(first, "gamma: best alignment, components 3/10, gap 0.0015") {
		t.Errorf("alignment line %q", first)
	}
	if !strings.HasSuffix(buf.String(), "\r\033[K") {
		t.Errorf("line not erased: %q", buf.String())
	}
	var nilLine *gammaProgress
	nilLine.set(gamma.Progress{})
	nilLine.finish() // no panic without a terminal
	g = startGammaProgressLine(progress.NewDelay(&buf, "gamma", 0))
	g.set(gamma.Progress{Phase: "samples", SamplesDone: 12, SamplesNeeded: 30})
	if txt := g.text(); !strings.HasPrefix(txt, "random samples 12/30, ") {
		t.Errorf("samples text %q", txt)
	}
	g.finish()
}

// denseUnits writes n annotators marking k heavily overlapping units
// (starts 1–4 apart, lengths 4–40, jittered): one component the solver
// cannot settle by enumeration.
func denseUnits(n, k int, seed uint64) string {
	rng := rand.New(rand.NewPCG(seed, 1))
	var b strings.Builder
	pos := 0
	type ref struct{ s, e int }
	var refs []ref
	for range k {
		pos += 1 + rng.IntN(4)
		refs = append(refs, ref{pos, pos + 4 + rng.IntN(37)})
	}
	for a := range n {
		for _, r := range refs {
			if rng.IntN(10) == 0 {
				continue
			}
			s, e := r.s+rng.IntN(5)-2, r.e+rng.IntN(5)-2
			fmt.Fprintf(&b, "A%d,c%d,%d,%d\n", a, rng.IntN(3), s, max(e, s+1))
		}
	}
	return b.String()
}

// TestGammaTimeLimit: past --time-limit the result is certified, not
// exact, in every output format: JSON has "exact": false with a lower bound
// below the observed disorder and bounds around γ, the table names the
// components not proven optimal and what to do; without a limit the same
// input is exact.
func TestGammaTimeLimit(t *testing.T) {
	in := denseUnits(5, 40, 3)
	out, stderr, code := agree(t, in, "gamma", "-", "--time-limit", "1ns", "--samples", "3", "--precision", "0", "--format", "json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var got struct {
		Exact     bool     `json:"exact"`
		Observed  float64  `json:"observed_disorder"`
		Lower     *float64 `json:"observed_disorder_lower_bound"`
		Gap       *float64 `json:"gap"`
		Gamma     *float64 `json:"gamma"`
		GammaHigh *float64 `json:"gamma_high"`
		Unproven  []struct {
			Units int `json:"units"`
		} `json:"unproven_components"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("invalid JSON: %v\n%s", err, out)
	}
	if got.Exact || got.Lower == nil || *got.Lower > got.Observed || got.Gap == nil || *got.Gap <= 0 || len(got.Unproven) == 0 ||
		got.Gamma == nil || got.GammaHigh == nil || *got.GammaHigh < *got.Gamma {
		t.Errorf("time-limited run: %s", out)
	}
	table, _, _ := agree(t, in, "gamma", "-", "--time-limit", "1ns", "--samples", "3", "--precision", "0")
	for _, want := range []string{"no (certified gap)", "observed disorder lower bound", "gamma bounds", "not proven optimal: stdin, [", "--max-gap G"} {
		if !strings.Contains(table, want) {
			t.Errorf("table lacks %q:\n%s", want, table)
		}
	}
	csvOut, _, _ := agree(t, in, "gamma", "-", "--time-limit", "1ns", "--samples", "3", "--precision", "0", "--format", "csv")
	if !strings.Contains(csvOut, "gamma bounds") || !strings.Contains(csvOut, "exact,no (certified gap)") {
		t.Errorf("CSV lacks the certificate:\n%s", csvOut)
	}
	out, _, code = agree(t, in, "gamma", "-", "--samples", "0", "--format", "json")
	if code != 0 || !strings.Contains(out, `"exact": true`) || strings.Contains(out, "unproven_components") {
		t.Errorf("without a limit: exit %d\n%s", code, out)
	}
}

// TestGammaTimeLimitPromise: --time-limit is a promise for the whole
// command. On 20 annotators × 100 units (one component of about 1900
// units, which takes minutes to prove optimal) with --time-limit 1s, the
// command — the observed alignment, the samples, the breakdown by
// document — returns within the limit and its grace period (1 s), with
// the certificate in the output.
func TestGammaTimeLimitPromise(t *testing.T) {
	var b strings.Builder
	if err := unitgen.WriteCSV(&b, unitgen.Generate(1, unitgen.Realistic(20, 100))); err != nil {
		t.Fatal(err)
	}
	const limit = time.Second
	for _, extra := range [][]string{nil, {"--by", "document"}} {
		start := time.Now()
		out, stderr, code := agree(t, b.String(), append([]string{"gamma", "-", "--time-limit", "1s", "--format", "json"}, extra...)...)
		took := time.Since(start)
		if code != 0 {
			t.Fatalf("exit %d: %s", code, stderr)
		}
		if took > limit+gamma.Grace(limit) {
			t.Errorf("%v: returned after %v with --time-limit 1s", extra, took)
		}
		var got struct {
			Exact bool     `json:"exact"`
			Gap   *float64 `json:"gap"`
			Low   *float64 `json:"gamma_low"`
			High  *float64 `json:"gamma_high"`
		}
		if err := json.Unmarshal([]byte(out), &got); err != nil {
			t.Fatalf("invalid JSON: %v\n%s", err, out)
		}
		if got.Exact || got.Gap == nil || *got.Gap <= 0 || got.High == nil {
			t.Errorf("%v: exact %v, gap %v, γ in [%v, %v]", extra, got.Exact, got.Gap, got.Low, got.High)
		}
		t.Logf("%v: %v", extra, took)
	}
}

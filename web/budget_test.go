package web_test

import (
	"bufio"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"agree/internal/unitgen"
)

// writeCoding writes a coding table of n items × coders coders (values
// 1–5, each coder copying the item's true value 80 % of the time), the
// shape of issue 21's α budget (1e5 × 5).
func writeCoding(t *testing.T, name string, n, coders int, seed uint64) {
	t.Helper()
	f, err := os.Create(name)
	if err != nil {
		t.Fatal(err)
	}
	w := bufio.NewWriter(f)
	rng := rand.New(rand.NewPCG(seed, 21))
	w.WriteString("item")
	for c := range coders {
		fmt.Fprintf(w, ",c%d", c+1)
	}
	w.WriteString("\n")
	for i := range n {
		truth := 1 + rng.IntN(5)
		fmt.Fprintf(w, "%d", i+1)
		for range coders {
			v := truth
			if rng.Float64() >= 0.8 {
				v = 1 + rng.IntN(5)
			}
			fmt.Fprintf(w, ",%d", v)
		}
		w.WriteString("\n")
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
}

// writeUnits writes a realistic γ continuum (internal/unitgen).
func writeUnits(t *testing.T, name string, annotators, units int, seed uint64) {
	t.Helper()
	f, err := os.Create(name)
	if err != nil {
		t.Fatal(err)
	}
	if err := unitgen.WriteCSV(f, unitgen.Generate(seed, unitgen.Realistic(annotators, units))); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
}

// TestCancel: Cancel stops a long run at once (the worker is ended), the
// page says so, and the next run works in the new worker, which was made
// from what the page loaded: no request. The page is served by agree
// serve --web here (TestPage: by a static file server).
func TestCancel(t *testing.T) {
	s := startSite(t, true)
	dir := t.TempDir()
	long := filepath.Join(dir, "units.csv")
	writeUnits(t, long, 5, 100, 1)
	s.choose(t, "#files", []string{long})
	s.start(t, "gamma", "--samples 100000 --max-samples 100000")
	time.Sleep(500 * time.Millisecond)
	if state := s.waitState(t, "nothing"); state != "running" {
		t.Fatalf("the long run ended before Cancel: %s", state)
	}
	// the progress line runs: the files' reading, then agree's own lines,
	// with the time
	var progress string
	if err := s.page.Eval(s.ctx, `document.getElementById("status").textContent`, &progress); err != nil {
		t.Fatal(err)
	}
	if !strings.HasSuffix(progress, " s)") {
		t.Errorf("status while running: %q", progress)
	}
	start := time.Now()
	if err := s.page.Eval(s.ctx, `document.getElementById("cancel").click()`, nil); err != nil {
		t.Fatal(err)
	}
	got := s.result(t)
	if took := time.Since(start); took > 2*time.Second {
		t.Errorf("Cancel took %v", took)
	}
	if got.Status != "cancelled" || got.JSON != "" || got.Error != "" {
		t.Errorf("after Cancel: status %q, JSON %.80q, error %q", got.Status, got.JSON, got.Error)
	}
	// the next run, in a new worker
	small := filepath.Join(root, "cmd", "agree", "examples", "krippendorff.csv")
	s.check(t, "#files", []string{small}, "coding", "")
	// Escape cancels too
	s.choose(t, "#files", []string{long})
	s.start(t, "gamma", "--samples 100000 --max-samples 100000")
	time.Sleep(200 * time.Millisecond)
	if err := s.page.Eval(s.ctx, `document.dispatchEvent(new KeyboardEvent("keydown", {key: "Escape"}))`, nil); err != nil {
		t.Fatal(err)
	}
	if got := s.result(t); got.Status != "cancelled" {
		t.Errorf("after Escape: status %q", got.Status)
	}
	if errs := s.page.ConsoleErrors(); len(errs) > 0 {
		t.Errorf("console errors: %q", errs)
	}
	if r := s.requests(); len(r) > 0 {
		t.Errorf("the page sent requests after it had loaded: %q", r)
	}
}

// TestBudgetFigures logs issue 21's budgets: the page's time to be
// interactive, and the time of α on 1e5 items × 5 coders and of γ on a
// realistic 5 × 100 continuum (and on $AGREE_GAMMA_FILE, such as
// shared/data/unitizing/5by100.csv, when set) in the page and natively,
// back to back on the same machine. Timings are figures, not assertions
// (they depend on the machine's load): run
//
//	AGREE_LONG=1 go test ./web/ -run TestBudgetFigures -v
func TestBudgetFigures(t *testing.T) {
	s := startSite(t, false)
	var ready string
	if err := s.page.Eval(s.ctx, `document.body.dataset.readyMs`, &ready); err != nil {
		t.Fatal(err)
	}
	t.Logf("page interactive %s ms after navigation (performance.now at ready: the scripts and agree.wasm fetched and compiled, a first run of agree version)", ready)
	var warm string
	if err := s.page.Eval(s.ctx, `new Promise(ok => { const f = () => document.body.dataset.warm ? ok(document.body.dataset.warm) : setTimeout(f, 20); f(); })`, &warm); err != nil {
		t.Fatal(err)
	}
	t.Logf("the page's warm-up: %s", warm)
	dir := t.TempDir()
	alpha := filepath.Join(dir, "alpha.csv")
	writeCoding(t, alpha, 100000, 5, 1)
	units := filepath.Join(dir, "units.csv")
	writeUnits(t, units, 5, 100, 1)
	cases := []struct{ name, file, command, options string }{
		{"α, 1e5 items × 5 coders", alpha, "coding", ""},
		{"γ, realistic 5 × 100", units, "gamma", ""},
	}
	if f := os.Getenv("AGREE_GAMMA_FILE"); f != "" {
		cases = append(cases, struct{ name, file, command, options string }{"γ, " + filepath.Base(f), f, "gamma", ""})
	}
	for _, c := range cases {
		for run := range 3 { // the first runs while the engine's code is being optimised (V8's tiers)
			s.choose(t, "#files", []string{c.file})
			start := time.Now()
			s.start(t, c.command, c.options)
			got := s.result(t)
			page := time.Since(start)
			if got.Error != "" {
				t.Fatalf("%s: %s", c.name, got.Error)
			}
			nstart := time.Now()
			cmd := exec.Command(s.native, append([]string{c.command, "--format", "json", "--report", filepath.Join(t.TempDir(), "r.html")}, append(strings.Fields(c.options), c.file)...)...)
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("%s: %v\n%s", c.name, err, out)
			}
			native := time.Since(nstart)
			t.Logf("%s, run %d: page %v (worker %s), native %v: %.2f×", c.name, run+1, page.Round(time.Millisecond), got.Status, native.Round(time.Millisecond), page.Seconds()/native.Seconds())
		}
	}
}

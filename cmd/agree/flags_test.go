package main

import (
	"bytes"
	"flag"
	"io"
	"math"
	"strings"
	"sync"
	"testing"
	"time"

	"agree/internal/progress"
)

func TestLimit(t *testing.T) {
	tests := []struct {
		name string
		l    limit
		v    string
		desc string
		in   []float64
		out  []float64
	}{
		{"closed int interval", between(0, 100), "N", "0 ≤ N ≤ 100", []float64{0, 50, 100}, []float64{-1, 101, math.NaN()}},
		{"open float interval", span(0, 1, "both"), "x", "0 < x < 1", []float64{0.5, 1e-9}, []float64{0, 1, math.NaN(), math.Inf(1)}},
		{"half-open", span(0, 100, "lo"), "x", "0 < x ≤ 100", []float64{100, 1e-300}, []float64{0, 100.5, math.Inf(1)}},
		{"no upper bound", atLeast(2), "N", "N ≥ 2", []float64{2, 1e18}, []float64{1, math.NaN()}},
		{"large bounds print as integers", between(0, 1_000_000_000), "N", "0 ≤ N ≤ 1000000000", nil, nil},
	}
	for _, c := range tests {
		t.Run(c.name, func(t *testing.T) {
			if got := c.l.describe(c.v); got != c.desc {
				t.Errorf("describe = %q, want %q", got, c.desc)
			}
			for _, x := range c.in {
				if !c.l.contains(x) {
					t.Errorf("%v refused", x)
				}
			}
			for _, x := range c.out {
				if c.l.contains(x) {
					t.Errorf("%v accepted", x)
				}
			}
		})
	}
}

func TestBoundFlags(t *testing.T) {
	newFS := func() (*flag.FlagSet, *int, *float64) {
		fs := flag.NewFlagSet("agree test", flag.ContinueOnError)
		fs.SetOutput(io.Discard)
		n := fs.Int("n", 3, "how many")
		x := fs.Float64("x", 0.5, "a share")
		bound(fs, "n", between(1, 10))
		bound(fs, "x", span(0, 1, "both"))
		return fs, n, x
	}
	tests := []struct {
		name string
		args []string
		want string // error fragment after rephrasing; "" = accepted
	}{
		{"defaults", nil, ""},
		{"in range", []string{"--n", "10", "--x", "0.25"}, ""},
		{"negative count", []string{"--n", "-5"}, "--n -5: want 1 ≤ N ≤ 10"},
		{"count above the maximum", []string{"--n", "11"}, "--n 11: want 1 ≤ N ≤ 10"},
		{"NaN", []string{"--x", "NaN"}, "--x NaN: want 0 < x < 1"},
		{"infinity", []string{"--x", "+Inf"}, "--x +Inf: want 0 < x < 1"},
		{"not a whole number", []string{"--n", "2.5"}, "--n 2.5: want a whole number"},
		{"not a number", []string{"--x", "half"}, "--x half: not a number"},
	}
	for _, c := range tests {
		t.Run(c.name, func(t *testing.T) {
			fs, n, x := newFS()
			err := fs.Parse(c.args)
			if c.want == "" {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
				if *n < 1 || *n > 10 || !(*x > 0 && *x < 1) {
					t.Errorf("values %d %v", *n, *x)
				}
				return
			}
			if err == nil {
				t.Fatalf("accepted %v", c.args)
			}
			if got := rephraseFlagError(fs, err); !strings.Contains(got, c.want) {
				t.Errorf("error %q, want %q", got, c.want)
			}
		})
	}
	// The help names the interval.
	fs, _, _ := newFS()
	var b bytes.Buffer
	fs.SetOutput(&b)
	fs.PrintDefaults()
	if !strings.Contains(b.String(), "-n N\n") || !strings.Contains(b.String(), "how many (1 ≤ N ≤ 10)") {
		t.Errorf("help does not state the limit:\n%s", b.String())
	}
}

// TestEveryCommandHelp runs -h of every command: the flag declarations
// (bound panics on a mistake) and the common --quiet flag.
func TestEveryCommandHelp(t *testing.T) {
	for _, c := range commands() {
		t.Run(c.name, func(t *testing.T) {
			out, errs, code := agree(t, "", c.name, "-h")
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errs)
			}
			// on standard output, as agree help's (agree CMD -h | less)
			if !strings.Contains(out, "-quiet") || !strings.HasPrefix(out, "usage: agree "+c.name) || errs != "" {
				t.Errorf("the help of %s is not on standard output alone: stdout %.100q, stderr %.100q", c.name, out, errs)
			}
		})
	}
}

func TestBadFlagIsOneLine(t *testing.T) {
	// A bad value is reported once, without the whole flag list.
	_, errs, code := agree(t, "", "coding", "--top", "-1", "x.csv")
	if code != 2 || strings.Count(errs, "\n") != 1 || !strings.Contains(errs, "--top -1: want 0 ≤ N ≤ 10000 (see 'agree coding -h')") {
		t.Errorf("exit %d, stderr %q", code, errs)
	}
}

func TestQuietGate(t *testing.T) {
	var b bytes.Buffer
	g := &quietGate{w: &b}
	io.WriteString(g, "a")
	g.quiet = true
	io.WriteString(g, "b")
	if b.String() != "a" {
		t.Errorf("wrote %q, want only what came before --quiet", b.String())
	}
}

func TestStatusLine(t *testing.T) {
	var b syncBuffer
	s := startStatus(progress.NewDelay(&b, "agree shuffle", 0))
	s.phase("simulated sets", 4)
	s.add(1)
	time.Sleep(3 * tick)
	s.phaseBytes("reading x.csv", 2<<20)
	s.add(1 << 20)
	time.Sleep(3 * tick)
	s.add(1 << 20)
	time.Sleep(3 * tick)
	s.phase("", 0)
	time.Sleep(3 * tick)
	s.finish()
	s.add(1) // after finish: ignored, no panic
	out := b.String()
	for _, want := range []string{"agree shuffle: simulated sets 1/4 (25%)", "reading x.csv 1.0 MB of 2.0 MB (50%)", "reading x.csv done (2.0 MB), working…", "agree shuffle: working…"} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in %q", want, out)
		}
	}
	if !strings.HasSuffix(out, "\r\033[K") {
		t.Errorf("line not erased at the end: %q", out)
	}
	var none *status
	none.phase("x", 1)
	none.add(1)
	none.set(1, 2)
	none.finish()
}

func TestGateSharesTheLine(t *testing.T) {
	// The status line gives way to a line the command draws itself.
	var b syncBuffer
	g := &quietGate{w: &b}
	sw := statusWriter{g}
	io.WriteString(sw, "\rstatus")
	io.WriteString(g, "\rgamma: 3/10")
	io.WriteString(sw, "\rstatus again") // within statusPause: dropped
	if got, want := b.String(), "\rstatus\r\033[K\rgamma: 3/10"; got != want {
		t.Errorf("wrote %q, want %q", got, want)
	}
}

// syncBuffer is a bytes.Buffer safe for the concurrent writes of a
// progress line.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

package main

import (
	"bytes"
	"fmt"
	"io"
	"io/fs"
	"os"
	"sync"
	"sync/atomic"
	"time"

	"agree/formats"
	"agree/internal/progress"
)

// newEnv returns the environment of one run: progress goes to stderr when
// it is a terminal (progress.Terminal), or whatever it is when the
// environment variable AGREE_PROGRESS is 1 (for programs that relay it,
// such as the Python package), through the gate --quiet closes. With
// AGREE_CHECK=1, reading the process's standard input ends the run (see
// checkStdin).
func newEnv(stdin io.Reader, stdout, stderr io.Writer) env {
	if stdin == io.Reader(os.Stdin) && os.Getenv("AGREE_CHECK") == "1" {
		stdin = checkStdin{}
	}
	e := env{stdin: stdin, stdout: stdout, stderr: stderr, quiet: &quietGate{}, call: &callInfo{}, files: &formats.OS{Stdin: stdin}, outputs: &outputs{}, gate: &gateState{}}
	w := progress.Terminal(stderr)
	if w == nil && os.Getenv("AGREE_PROGRESS") == "1" {
		w = stderr
	}
	if w != nil {
		e.quiet.w = w
		e.progress = e.quiet
	}
	return e
}

// quietGate is the progress writer of a command: standard error on a
// terminal, silenced by --quiet. It carries two kinds of lines: those a
// command draws itself through env.progress (γ's solver), and the
// command's status line (writeStatus). They share one terminal line, so a
// write of the first kind erases the status line and keeps it off for a
// second.
type quietGate struct {
	mu           sync.Mutex
	w            io.Writer
	quiet        bool
	lastExternal time.Time
	statusShown  bool
}

// statusPause is how long the status line stays off after another line.
const statusPause = time.Second

func (g *quietGate) Write(p []byte) (int, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.quiet || g.w == nil {
		return len(p), nil
	}
	if g.statusShown {
		io.WriteString(g.w, "\r\033[K")
		g.statusShown = false
	}
	g.lastExternal = time.Now()
	return g.w.Write(p)
}

// statusWriter is the gate's side for the status line.
type statusWriter struct{ g *quietGate }

func (s statusWriter) Write(p []byte) (int, error) {
	g := s.g
	g.mu.Lock()
	defer g.mu.Unlock()
	erase := bytes.HasSuffix(p, []byte("\033[K"))
	if g.quiet || g.w == nil || (!erase && time.Since(g.lastExternal) < statusPause) || (erase && !g.statusShown) {
		return len(p), nil
	}
	g.statusShown = !erase
	return g.w.Write(p)
}

// status is the progress line of a command run: past progress.DefaultDelay
// it shows what the command is doing, so that no run is silent. A phase
// counts steps out of a total (resamples, simulated sets, bytes of an input
// file); without a phase, or once a phase is complete, the line shows the
// elapsed time. A nil *status does nothing; its methods are safe for
// concurrent use.
type status struct {
	line  *progress.Line
	start time.Time
	stop  chan struct{}
	wg    sync.WaitGroup

	mu         sync.Mutex
	what       string
	bytes      bool // the phase counts bytes
	total      atomic.Int64
	done       atomic.Int64
	phaseStart time.Time
}

// tick is how often the status line is redrawn (internal/progress
// throttles further).
const tick = 250 * time.Millisecond

// newStatus starts the status line of command name, or returns nil when
// progress is not shown (no terminal).
func newStatus(g *quietGate, name string) *status {
	if g == nil || g.w == nil || name == "serve" { // a server waits; it is not working
		return nil
	}
	return startStatus(progress.New(statusWriter{g}, "agree "+name))
}

func startStatus(line *progress.Line) *status {
	s := &status{line: line, start: time.Now(), phaseStart: time.Now(), stop: make(chan struct{})}
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		tk := time.NewTicker(tick)
		defer tk.Stop()
		for {
			select {
			case <-s.stop:
				return
			case <-tk.C:
				s.draw()
			}
		}
	}()
	return s
}

// phase starts a phase of total steps (0: unknown).
func (s *status) phase(what string, total int64) {
	if s == nil {
		return
	}
	s.mu.Lock()
	s.what, s.bytes, s.phaseStart = what, false, time.Now()
	s.total.Store(total)
	s.done.Store(0)
	s.mu.Unlock()
}

// phaseBytes starts a phase that counts the bytes of an input.
func (s *status) phaseBytes(what string, size int64) {
	if s == nil {
		return
	}
	s.phase(what, size)
	s.mu.Lock()
	s.bytes = true
	s.mu.Unlock()
}

// add counts n more steps of the phase.
func (s *status) add(n int) {
	if s != nil {
		s.done.Add(int64(n))
	}
}

// set reports done steps out of total: the form of the libraries'
// Progress callbacks (inference.Options.Progress).
func (s *status) set(done, total int) {
	if s != nil {
		s.total.Store(int64(total))
		s.done.Store(int64(done))
	}
}

func (s *status) draw() {
	s.mu.Lock()
	what, inBytes, phaseStart := s.what, s.bytes, s.phaseStart
	s.mu.Unlock()
	total, done := s.total.Load(), s.done.Load()
	el := roundDuration(time.Since(s.start))
	count := fmt.Sprintf("%d/%d", done, total)
	if inBytes {
		count = fmt.Sprintf("%s of %s", byteSize(done), byteSize(total))
	}
	switch {
	case what == "":
		s.line.Update("working… %s", el)
	case total <= 0:
		s.line.Update("%s… %s", what, el)
	case done >= total: // the phase's steps are done; what follows has no count
		if inBytes {
			count = byteSize(total)
		}
		s.line.Update("%s done (%s), working… %s", what, count, el)
	default:
		msg := fmt.Sprintf("%s %s (%d%%), %s", what, count, 100*done/total, el)
		if d := time.Since(phaseStart); done > 0 && d > 2*time.Second {
			left := time.Duration(float64(d) * float64(total-done) / float64(done))
			msg += ", about " + roundDuration(left) + " left"
		}
		s.line.Update("%s", msg)
	}
}

// finish stops the line and erases it.
func (s *status) finish() {
	if s == nil {
		return
	}
	close(s.stop)
	s.wg.Wait()
	s.line.Done()
}

func roundDuration(d time.Duration) string {
	if d < time.Minute {
		return d.Round(time.Second).String()
	}
	return d.Round(time.Minute).String()
}

func byteSize(n int64) string {
	switch {
	case n >= 1<<30:
		return fmt.Sprintf("%.1f GB", float64(n)/(1<<30))
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.1f kB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%d B", n)
}

// countingReader counts the bytes read from a file into the status line.
type countingReader struct {
	r io.Reader
	s *status
}

func (c countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.s.add(n)
	return n, err
}

// watchInput makes reading a file a phase of the status line ("reading
// name"), counted in bytes when it is a regular file (formats.OS.Watch).
func (e env) watchInput(name string, info fs.FileInfo, r io.Reader) io.Reader {
	if e.status == nil {
		return r
	}
	var size int64
	if info != nil && info.Mode().IsRegular() {
		size = info.Size()
	}
	e.status.phaseBytes("reading "+name, size)
	return countingReader{r, e.status}
}

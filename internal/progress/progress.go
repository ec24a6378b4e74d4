// Package progress draws a one-line progress indicator on standard error
// when it is a terminal, and nothing otherwise.
//
// Long computations in agree (γ's samples and solver, bootstraps, the
// shuffling tool) report what they are doing through a *Line: a run that
// ends within the delay (2 s by default) prints nothing, a longer one shows
// a line that is rewritten in place at most ten times a second and erased
// when the work is done. Output goes only to the writer given to New, which
// the command line sets to standard error when that is a terminal: results
// on standard output never change.
package progress

import (
	"fmt"
	"io"
	"os"
	"sync"
	"time"
)

// DefaultDelay is how long a computation runs before its line appears.
const DefaultDelay = 2 * time.Second

// minInterval is the shortest time between two redraws.
const minInterval = 100 * time.Millisecond

// Line is a progress line. A nil *Line is valid and does nothing, so
// library code can call its methods unconditionally. It is safe for
// concurrent use.
type Line struct {
	mu     sync.Mutex
	w      io.Writer
	label  string
	delay  time.Duration
	start  time.Time
	last   time.Time
	shown  bool
	now    func() time.Time
	width  int
	closed bool
}

// New returns a line that writes to w under label ("gamma", "bootstrap"),
// or nil when w is nil.
func New(w io.Writer, label string) *Line {
	return NewDelay(w, label, DefaultDelay)
}

// NewDelay is New with a chosen delay before the line first appears
// (0 shows it at the first update; tests use it).
func NewDelay(w io.Writer, label string, delay time.Duration) *Line {
	if w == nil {
		return nil
	}
	return &Line{w: w, label: label, delay: delay, start: time.Now(), now: time.Now}
}

// Update sets the line's text (formatted as by fmt.Sprintf). It draws the
// line once the delay has passed and the last redraw is old enough.
func (l *Line) Update(format string, args ...any) {
	if l == nil {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.closed {
		return
	}
	t := l.now()
	if t.Sub(l.start) < l.delay || (l.shown && t.Sub(l.last) < minInterval) {
		return
	}
	msg := l.label + ": " + fmt.Sprintf(format, args...)
	pad := ""
	if n := len([]rune(msg)); n < l.width {
		pad = fmt.Sprintf("%*s", l.width-n, "")
	} else {
		l.width = n
	}
	fmt.Fprintf(l.w, "\r%s%s", msg, pad)
	l.shown, l.last = true, t
}

// Done erases the line if it was drawn. Later updates are ignored.
func (l *Line) Done() {
	if l == nil {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.shown {
		fmt.Fprint(l.w, "\r\033[K")
	}
	l.closed = true
}

// Terminal returns w when it is a terminal (a character device) and nil
// otherwise: the writer to give New for "progress only on a terminal".
func Terminal(w io.Writer) io.Writer {
	f, ok := w.(*os.File)
	if !ok {
		return nil
	}
	st, err := f.Stat()
	if err != nil || st.Mode()&os.ModeCharDevice == 0 {
		return nil
	}
	return w
}

package main

import (
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"agree/internal/progress"
)

// task is the progress line of one long phase of a command ("bootstrap",
// "shuffle"): it counts steps done out of a known total, or, when the total
// is unknown (0), shows the elapsed time, so that a long run is never
// silent. Nothing is drawn unless e.progress is set (standard error is a
// terminal and --quiet is not given) and the phase lasts past the delay of
// internal/progress. A nil *task does nothing.
type task struct {
	line  *progress.Line
	what  string
	total int64
	done  atomic.Int64
	start time.Time
	stop  chan struct{}
	wg    sync.WaitGroup
}

// tick is how often a task redraws its line (internal/progress throttles
// further).
const tick = 250 * time.Millisecond

// startTask starts the progress line of a phase; call finish when it ends.
func (e env) startTask(label, what string, total int) *task {
	if e.progress == nil {
		return nil
	}
	return startTaskLine(progress.New(e.progress, label), what, total)
}

func startTaskLine(line *progress.Line, what string, total int) *task {
	t := &task{line: line, what: what, total: int64(total), start: time.Now(), stop: make(chan struct{})}
	t.wg.Add(1)
	go func() {
		defer t.wg.Done()
		tk := time.NewTicker(tick)
		defer tk.Stop()
		for {
			select {
			case <-t.stop:
				return
			case <-tk.C:
				t.draw()
			}
		}
	}()
	return t
}

func (t *task) draw() {
	el := time.Since(t.start)
	if t.total <= 0 {
		t.line.Update("%s… %s", t.what, roundDuration(el))
		return
	}
	d := min(t.done.Load(), t.total)
	msg := fmt.Sprintf("%s %d/%d (%d%%), %s", t.what, d, t.total, 100*d/t.total, roundDuration(el))
	if d > 0 && d < t.total {
		left := time.Duration(float64(el) * float64(t.total-d) / float64(d))
		msg += ", about " + roundDuration(left) + " left"
	}
	t.line.Update("%s", msg)
}

// add counts n more steps done; safe for concurrent use.
func (t *task) add(n int) {
	if t != nil {
		t.done.Add(int64(n))
	}
}

// finish stops the line and erases it.
func (t *task) finish() {
	if t == nil {
		return
	}
	close(t.stop)
	t.wg.Wait()
	t.line.Done()
}

func roundDuration(d time.Duration) string {
	if d < time.Minute {
		return d.Round(time.Second).String()
	}
	return d.Round(time.Minute).String()
}

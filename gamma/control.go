package gamma

import (
	"context"
	"sync"
	"time"
)

// control is what a Compute run shares between its alignments: the
// context, the options, the deadline of TimeLimit and the progress state.
type control struct {
	ctx      context.Context
	opt      Options
	deadline time.Time
	prog     *progState
}

type progState struct {
	mu sync.Mutex
	p  Progress
	f  func(Progress)
}

func newControl(ctx context.Context, opt Options) *control {
	c := &control{ctx: ctx, opt: opt, prog: &progState{f: opt.Progress}}
	if opt.TimeLimit > 0 {
		c.deadline = time.Now().Add(opt.TimeLimit)
	}
	return c
}

func (c *control) pastDeadline() bool {
	return !c.deadline.IsZero() && time.Now().After(c.deadline)
}

// update changes the progress state under its lock and reports it.
func (s *progState) update(f func(p *Progress)) {
	if s == nil || s.f == nil {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	f(&s.p)
	s.f(s.p)
}

// forObserved returns the alignment control of observed continuum i of n.
func (c *control) forObserved(i, n int) *alignCtl {
	ac := c.alignCtl()
	ac.onComponent = func(done, total int) {
		c.prog.update(func(p *Progress) {
			p.Phase, p.Continuum, p.Continua, p.ComponentsDone, p.Components = "alignment", i+1, n, done, total
		})
	}
	ac.onGap = func(g float64) { c.prog.update(func(p *Progress) { p.Gap = g }) }
	return ac
}

// forSample returns the alignment control of a random sample, solved in
// the worker's scratch ws.
func (c *control) forSample(ws *scratch) *alignCtl {
	ac := c.alignCtl()
	ac.ws = ws
	return ac
}

func (c *control) alignCtl() *alignCtl {
	return &alignCtl{ctx: c.ctx, deadline: c.deadline, maxGap: c.opt.MaxGap, window: c.opt.Window}
}

// sampleDone counts a finished sample towards target.
func (c *control) sampleDone(target int) {
	c.prog.update(func(p *Progress) {
		p.Phase = "samples"
		p.SamplesDone++
		p.SamplesNeeded = target
		p.Gap = 0
	})
}

// alignCtl bounds one alignment: cancellation, the deadline after which
// components keep their best alignment found with a lower bound, the gap
// at which a component may stop, the approximate window, and progress
// hooks (nil: none).
type alignCtl struct {
	ctx         context.Context
	deadline    time.Time
	maxGap      float64
	window      int
	onComponent func(done, total int)
	onGap       func(gap float64)
	// ws (nil: none) is the scratch of the goroutine that aligns
	ws *scratch
	// stopAfter (tests): the deadline counts as passed from the
	// stopAfter-th check on, so that runs stopped early are reproducible
	stopAfter, checks int
}

func (ac *alignCtl) pastDeadline() bool {
	if ac.stopAfter > 0 {
		ac.checks++
		return ac.checks >= ac.stopAfter
	}
	return !ac.deadline.IsZero() && time.Now().After(ac.deadline)
}

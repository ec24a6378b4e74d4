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
	// past the deadline, the random samples of the first batch are still
	// drawn (stopped at once, each gives bounds) until lastSample
	lastSample time.Time
	prog       *progState
}

type progState struct {
	mu sync.Mutex
	p  Progress
	f  func(Progress)
}

func newControl(ctx context.Context, opt Options) *control {
	c := &control{ctx: ctx, opt: opt, prog: &progState{f: opt.Progress}}
	now := time.Now()
	c.deadline = deadlineOf(now, opt.TimeLimit, opt.Deadline)
	if !c.deadline.IsZero() {
		c.lastSample = c.deadline.Add(Grace(c.deadline.Sub(now)) / 2)
	}
	return c
}

// Grace returns how long after a time limit T a computation stopped by it
// may still take: max(1 s, 5 % of T). Compute and Align return within it
// (the command line's --time-limit promise); the work past the limit is
// what gives the best alignments found their proven bounds.
func Grace(limit time.Duration) time.Duration {
	return max(time.Second, limit/20)
}

// refuse reports whether sample i must not be started: the context is
// done, or the deadline is past and i is beyond the first batch (samples
// of the first batch are still drawn, each stopped at once, until half
// the grace period is over, so that the expected disorder has bounds).
func (c *control) refuse(i int) bool {
	if c.ctx.Err() != nil {
		return true
	}
	if c.deadline.IsZero() {
		return false
	}
	now := time.Now()
	return now.After(c.deadline) && (i >= c.opt.Samples || now.After(c.lastSample))
}

// stoppedBy names what stopped the computation: "cancelled" or "time
// limit".
func (c *control) stoppedBy() string {
	if c.ctx.Err() != nil {
		return "cancelled"
	}
	return "time limit"
}

// deadlineOf returns the earlier of now + limit (limit > 0) and deadline
// (not zero), or the zero time when neither is set.
func deadlineOf(now time.Time, limit time.Duration, deadline time.Time) time.Time {
	d := deadline
	if limit > 0 && (d.IsZero() || now.Add(limit).Before(d)) {
		d = now.Add(limit)
	}
	return d
}

// pastDeadline reports whether the deadline has passed or the context is
// done.
func (c *control) pastDeadline() bool {
	return c.ctx.Err() != nil || !c.deadline.IsZero() && time.Now().After(c.deadline)
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
//
// Cancellation and the deadline stop the solvers alike: every loop of
// every phase (the neighbour sweep, the enumeration, the dynamic
// programme, each simplex pivot, the pricing and restricted searches,
// branch and price) counts its work with tick, which looks at the context
// and the clock once every pollEvery units of work; from the first look
// that finds them past, every solver returns at once with the best
// alignment it has and a proven lower bound (stop latches).
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
	// stopAfter-th look on, so that runs stopped early are reproducible
	stopAfter, checks int
	// halted: a look found the context done or the deadline past
	halted bool
	// work since the last look
	work int
	// onLook (tests, nil: none) is called at each look with its number
	onLook func(looks int)
	// phase is the solver phase under way, inBnP whether it is inside
	// branch and price (tests stop the solver in each)
	phase phase
	inBnP bool
}

// phase names a phase of the solver.
type phase int8

const (
	phaseOther phase = iota
	phaseNeighbours
	phaseEnumerate
	phaseDP
	phaseSimplex
	phasePricing
	phaseRestricted
)

func (p phase) String() string {
	return [...]string{"other", "neighbour sweep", "enumeration", "dynamic programme", "simplex", "pricing", "restricted search"}[p]
}

// enter sets the phase under way and returns the previous one, for
// leave.
func (ac *alignCtl) enter(p phase) phase {
	old := ac.phase
	ac.phase = p
	return old
}

func (ac *alignCtl) leave(p phase) { ac.phase = p }

// pollEvery is the work between two looks at the context and the clock:
// one unit is about a search node, a state of the programme or a pair of
// the neighbour sweep (tens of nanoseconds), so that a look costs under
// 1 % and comes every few tens of microseconds.
const pollEvery = 1024

// stop looks at the context and the deadline now and reports whether the
// alignment must stop; once it has said so, it always does.
func (ac *alignCtl) stop() bool {
	if ac.halted {
		return true
	}
	ac.work = 0
	ac.checks++
	if ac.onLook != nil {
		ac.onLook(ac.checks)
	}
	switch {
	case ac.stopAfter > 0:
		ac.halted = ac.checks >= ac.stopAfter
	case ac.ctx.Err() != nil:
		ac.halted = true
	default:
		ac.halted = !ac.deadline.IsZero() && time.Now().After(ac.deadline)
	}
	return ac.halted
}

// tick counts w units of work and looks (stop) once pollEvery units have
// accumulated since the last look.
func (ac *alignCtl) tick(w int) bool {
	if ac.halted {
		return true
	}
	if ac.work += w; ac.work < pollEvery {
		return false
	}
	return ac.stop()
}

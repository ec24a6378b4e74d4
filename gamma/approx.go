package gamma

import (
	"math"
	"sort"

	"agree/unitizing"
)

// windowed is the approximate alignment of AlignOptions.Window (N units
// per annotator): the units, in canonical order, are taken N·n at a time
// together with a margin of the next N/2·n (n annotators); the window is
// aligned exactly, and its unitary alignments lying wholly in the first
// N·n units are kept; the next window starts at the first unit not yet
// kept. Units are never aligned across a window's far end, which is what
// makes the method approximate (and fast: each window is small). The
// result is a valid alignment, so its disorder is never below the
// optimum; it carries no lower bound.
func (a *aligner) windowed() (*Alignment, error) {
	step := a.ctl.window * a.n
	margin := max(1, a.ctl.window/2) * a.n
	exact := *a.ctl
	exact.window, exact.onComponent, exact.onGap = 0, nil, nil
	kept := make([]bool, len(a.items))
	al := &Alignment{LowerBound: math.NaN()}
	var total float64
	for pos := 0; pos < len(a.items); {
		if a.ctl.ctx.Err() != nil {
			// cancelled: the units not yet kept stay alone (a valid
			// alignment; the method claims no bound anyway)
			for j := pos; j < len(a.items); j++ {
				if !kept[j] {
					al.Unitary = append(al.Unitary, Unitary{Units: []int{a.items[j].unit}, Disorder: a.delta})
					total += a.delta
				}
			}
			break
		}
		var sel []int // items of the window
		for j := pos; j < len(a.items) && len(sel) < step+margin; j++ {
			if !kept[j] {
				sel = append(sel, j)
			}
		}
		last := sel[len(sel)-1] == len(a.items)-1 || len(sel) < step+margin
		sub := unitizing.Continuum{Annotators: make([]string, a.n)}
		inFirst := make([]bool, len(sel))
		for k, it := range sel {
			sub.Units = append(sub.Units, a.units[a.items[it].unit])
			inFirst[k] = last || k < step
		}
		b, err := newAligner(&sub, a.d)
		if err != nil {
			return nil, err
		}
		b.ctl = &exact
		wal, err := b.solve()
		if err != nil {
			return nil, err
		}
		al.Candidates += wal.Candidates
		al.Components += wal.Components
		al.Largest = max(al.Largest, wal.Largest)
		progress := false
		for _, ua := range wal.Unitary {
			ok := true
			for _, k := range ua.Units {
				ok = ok && inFirst[k]
			}
			// always keep the unitary alignment of the window's first unit,
			// so that every window moves on
			if !ok && !contains(ua.Units, firstOf(b)) {
				continue
			}
			us := make([]int, len(ua.Units))
			for x, k := range ua.Units {
				kept[sel[k]] = true
				us[x] = a.items[sel[k]].unit
			}
			sort.Slice(us, func(x, y int) bool { return a.units[us[x]].Annotator < a.units[us[y]].Annotator })
			al.Unitary = append(al.Unitary, Unitary{Units: us, Disorder: ua.Disorder})
			total += ua.Disorder
			progress = true
		}
		if !progress {
			panic("gamma: windowed alignment made no progress")
		}
		for pos < len(a.items) && kept[pos] {
			pos++
		}
		if a.ctl.onComponent != nil {
			a.ctl.onComponent(pos, len(a.items))
		}
	}
	// unitary alignments in order of their first unit, as BestAlignment
	rank := make([]int, len(a.units))
	for r, it := range a.items {
		rank[it.unit] = r
	}
	first := func(ua Unitary) int {
		m := len(a.items)
		for _, u := range ua.Units {
			m = min(m, rank[u])
		}
		return m
	}
	sort.Slice(al.Unitary, func(x, y int) bool { return first(al.Unitary[x]) < first(al.Unitary[y]) })
	al.Disorder = total / (float64(len(a.items)) / float64(a.n))
	return al, nil
}

// firstOf returns the index (in the sub-continuum's Units) of the first
// unit in canonical order.
func firstOf(b *aligner) int { return b.items[0].unit }

func contains(xs []int, x int) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

package gamma

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"math"
	"math/bits"
	"slices"
	"sort"
	"time"

	"agree/internal/assign"
	"agree/internal/lp"
	"agree/internal/unionfind"
	"agree/unitizing"
)

// Unitary is one unitary alignment ă of a best alignment: at most one unit
// per annotator, the other annotators contributing the empty unit ∅.
type Unitary struct {
	// Units are indices into the continuum's Units, ordered by annotator.
	Units []int
	// Disorder is δ(ă) = Σ_{i<j} d(ă_i, ă_j) / C(n,2), pairs with ∅ costing Δ∅.
	Disorder float64
}

// Alignment is a best alignment â of one continuum.
type Alignment struct {
	// Unitary lists the unitary alignments in order of their first unit
	// (by start, end, annotator, category, input position).
	Unitary []Unitary
	// Disorder is δ(â) = Σ δ(ă) / x̄, x̄ = units / annotators.
	Disorder float64
	// Exact reports that the alignment is proven optimal. Otherwise (a
	// time limit or a gap was allowed) LowerBound is a proven lower bound
	// on the optimal disorder: LowerBound ≤ optimum ≤ Disorder. When Exact,
	// LowerBound = Disorder.
	Exact      bool
	LowerBound float64
	// Unproven describes the components not proven optimal (empty when
	// Exact), for messages that say where the time went.
	Unproven []ComponentInfo
	// Candidates is the number of candidate unitary alignments with two or
	// more units that survived the safe pruning; Components the number of
	// independent components solved; Largest the size (units) of the
	// largest one.
	Candidates, Components, Largest int
}

// item is a unit in canonical order, with its interned category.
type item struct {
	unit       int // index in the continuum's Units
	ann, cat   int
	start, end float64
}

// tuple is a candidate unitary alignment with ≥ 2 units (item indices, sorted).
type tuple struct {
	members []int32
	cost    float64 // δ(ă)
}

type aligner struct {
	n      int
	c      float64 // C(n,2)
	delta  float64
	d      Dissimilarity
	comb   *Combined
	units  []unitizing.Unit
	items  []item
	fwd    [][]nb // fwd[i]: neighbours j > i of another annotator with d(i,j) < pair bound
	tuples []tuple
	tol    float64
	// genericDP makes the n ≥ 3 solver use its general state encoding even
	// for narrow components (tests exercise both encodings).
	genericDP bool
	// exhaustiveDP disables the branch-and-bound pruning of the dynamic
	// programme (tests compare both).
	exhaustiveDP bool
	// useLP solves n ≥ 3 components by LP branch and bound directly.
	useLP bool
	// useCG solves every n ≥ 3 component by column generation; useBnP
	// then closes every gap by branch and price (no deepening search).
	useCG, useBnP bool
	// stats count what the solver did (tests check that every path ran).
	stats        solverStats
	scratchLocal []int32
	arena        []int32 // members of enumerated tuples
	// tooMany is set when enumerate stops at its limit.
	tooMany bool
	ctl     *alignCtl
	ws      *scratch
}

// scratch is memory an aligner reuses from the previous alignments of the
// same goroutine (a worker of Compute solves one random sample after
// another): the candidate tuples and their members, and the memo of the
// dynamic programme. Its contents never carry over: each alignment starts
// from empty slices and an empty memo, so results do not depend on what
// a worker solved before.
type scratch struct {
	tuples []tuple
	arena  []int32
	memo   memoTable
	// the dynamic programme's (dp.go)
	count, rests  []int32
	ltuples       []ltuple
	byFirst       [][]ltuple
	keyed         []keyedTuple
	moved         []ltuple
	mtuples       []mtuple
	mByFirst      [][]mtuple
	share, suffix []float64
	// a complete component's pool (cg.go)
	poolCount, poolMembers []int32
	poolTuples             []poolTuple
	pool                   [][]poolTuple
	// the relaxation of column generation, and its singleton costs
	master *lp.Master
	single []float64
	// the neighbour lists (aligner.fwd), cut from nbs at nbOffs
	fwd    [][]nb
	nbs    []nb
	nbOffs []int32
	// a column-generation component's (cgComp, newCG)
	cgAnn, cgOffs, cgBlocked, cgBad []int32
	cgNb                            [][]lnb
	cgLnbs                          []lnb
	cgTogether, cgApart             [][]int32
	cgInT                           []bool
	roundCands                      []roundCand
	roundIn, roundUsed              []bool
	cgColID, cgTis                  []int
}

// use makes the aligner work in ws.
func (a *aligner) use(ws *scratch) {
	a.ws = ws
	a.tuples, a.arena = ws.tuples[:0], ws.arena[:0]
}

// release hands the aligner's buffers back to its scratch; the aligner
// must not be used afterwards.
func (a *aligner) release() {
	clear(a.tuples) // (no references into old arenas)
	a.ws.tuples, a.ws.arena = a.tuples[:0], a.arena[:0]
	a.tuples, a.arena = nil, nil
}

// ComponentInfo describes one component of an alignment problem: the span
// of the continuum it covers, how many annotators and units it holds, and
// for a component not proven optimal, its gap (cost of the alignment found
// minus the proven lower bound, in Δ∅·x̄ units of disorder: the disorder it
// may lose).
type ComponentInfo struct {
	Start, End        float64
	Annotators, Units int
	Gap               float64
}

func (a *aligner) componentInfo(items []int32, gap float64) ComponentInfo {
	ci := ComponentInfo{Start: math.Inf(1), End: math.Inf(-1), Units: len(items)}
	anns := map[int]bool{}
	for _, it := range items {
		x := a.items[it]
		ci.Start, ci.End = min(ci.Start, x.start), max(ci.End, x.end)
		anns[x.ann] = true
	}
	ci.Annotators = len(anns)
	ci.Gap = gap / (float64(len(a.items)) / float64(a.n))
	return ci
}

// localIndex returns a slice mapping each of items (item indices) to its
// position in items; the slice is scratch shared by the solvers, valid
// until the next call, and holds garbage for other items.
func (a *aligner) localIndex(items []int32) []int32 {
	if len(a.scratchLocal) < len(a.items) {
		a.scratchLocal = make([]int32, len(a.items))
	}
	for k, it := range items {
		a.scratchLocal[it] = int32(k)
	}
	return a.scratchLocal
}

// solverStats count the uses of the solver's paths.
type solverStats struct {
	cg, deepening, bnp, bnpNodes int
	pivots, rounds, searchNodes  int
	denseSkips                   int // components left to CG by maxDPDensity
}

// maxEnumerated bounds the tuples enumerated for one component before it
// is left to column generation (5by100.csv has 10 805 at α = 1).
const maxEnumerated = 1 << 16

type nb struct {
	j int32
	d float64
}

// BestAlignment returns an optimal alignment of the continuum under d: its
// disorder is the exact minimum of δ(ā) over all alignments.
//
// Method (see doc.go): neighbours are found by a sweep over units sorted by
// start, keeping only pairs closer than (C(n,2)+n−1)·Δ∅; the neighbour graph
// is cut into connected components, each solved exactly: for 2 annotators
// as a rectangular assignment problem (internal/assign); for 3 or more by a
// memoised dynamic programme over the sorted units with branch and bound
// when the component's useful tuples are few and it is narrow, else by
// column generation over the linear relaxation with an exact final search
// (cg.go).
//
// Ties: a unit joins a unitary alignment only when that strictly lowers the
// disorder (a pair at exactly 2Δ∅ stays two singletons; a unitary alignment
// that some split of it would not make costlier is split). Remaining ties
// between alignments of equal disorder are broken by the solvers' fixed
// search order over the canonical unit order (start, end, annotator,
// category, input position), so the alignment depends only on the input,
// never on timing or workers.
func BestAlignment(c *unitizing.Continuum, d Dissimilarity) (*Alignment, error) {
	return Align(context.Background(), c, d, AlignOptions{})
}

// AlignOptions bound the work of Align. The zero value asks for the proven
// optimum however long it takes.
type AlignOptions struct {
	// TimeLimit (0: none) bounds the time spent proving components
	// optimal: past it, each component not yet proven optimal keeps the
	// best alignment found, and the Alignment reports a lower bound.
	TimeLimit time.Duration
	// MaxGap (0: exact) lets a component stop once its relative gap
	// (best − lower bound)/best is at most MaxGap.
	MaxGap float64
	// Window, when > 0, aligns approximately (see doc.go, "Approximate
	// alignment"): the result has Exact false and a NaN LowerBound.
	Window int
	// Progress, if not nil, is called after each solved component with the
	// number done and the total, and with the relative gap of a component
	// being solved (0 when none).
	Progress func(done, total int, gap float64)
}

// Align is BestAlignment with a context and limits. A cancelled ctx stops
// it as the time limit does, within a few milliseconds of work: Align then
// returns the best alignment found, with its proven lower bound (Exact
// false unless it was proven optimal), together with ctx's error.
func Align(ctx context.Context, c *unitizing.Continuum, d Dissimilarity, opt AlignOptions) (*Alignment, error) {
	switch {
	case opt.TimeLimit < 0:
		return nil, fmt.Errorf("time limit %v: want ≥ 0 (0: none)", opt.TimeLimit)
	case !(opt.MaxGap >= 0 && opt.MaxGap < 1):
		return nil, fmt.Errorf("max gap %v: want 0 ≤ gap < 1", opt.MaxGap)
	case opt.Window < 0:
		return nil, fmt.Errorf("window %d: want ≥ 0 (0: exact)", opt.Window)
	}
	ac := &alignCtl{ctx: ctx, maxGap: opt.MaxGap, window: opt.Window}
	if opt.TimeLimit > 0 {
		ac.deadline = time.Now().Add(opt.TimeLimit)
	}
	if p := opt.Progress; p != nil {
		var done, total int
		ac.onComponent = func(d, t int) { done, total = d, t; p(d, t, 0) }
		ac.onGap = func(g float64) { p(done, total, g) }
	}
	al, err := ac.align(c, d)
	if err == nil && ctx.Err() != nil {
		return al, ctx.Err()
	}
	return al, err
}

// align aligns c. Stopped (cancelled or past the deadline), it returns
// the best alignment found with its lower bound, and no error.
func (ac *alignCtl) align(c *unitizing.Continuum, d Dissimilarity) (*Alignment, error) {
	if err := c.Validate(); err != nil {
		return nil, err
	}
	if len(c.Units) == 0 {
		return nil, fmt.Errorf("continuum %q has no units: its disorder is undefined (0/0)", c.Name)
	}
	a, err := newAligner(c, d)
	if err != nil {
		return nil, err
	}
	a.ctl = ac
	if ac.ws != nil {
		a.use(ac.ws)
		defer a.release()
	}
	if ac.window > 0 {
		return a.windowed()
	}
	return a.solve()
}

func newAligner(c *unitizing.Continuum, d Dissimilarity) (*aligner, error) {
	n := len(c.Annotators)
	a := &aligner{n: n, c: float64(n*(n-1)) / 2, delta: d.Empty(), d: d, units: c.Units, ctl: &alignCtl{ctx: context.Background()}, ws: &scratch{}}
	if !(a.delta > 0) || math.IsInf(a.delta, 0) {
		//lint:ignore ST1005 the message begins with a symbol
		return nil, fmt.Errorf("Δ∅ = %v; want a finite number > 0", a.delta)
	}
	a.comb, _ = d.(*Combined)
	a.items = make([]item, len(c.Units))
	for i, u := range c.Units {
		cat := -1
		if a.comb != nil {
			if cat = a.comb.catID(u.Category); cat < 0 {
				return nil, fmt.Errorf("continuum %q: unit %d: category %q unknown to the categorical distance", c.Name, i, u.Category)
			}
		}
		a.items[i] = item{unit: i, ann: u.Annotator, cat: cat, start: u.Start, end: u.End}
	}
	// a total order (the unit's index last): no need for a stable sort
	slices.SortFunc(a.items, func(x, y item) int {
		if c := cmp.Compare(x.start, y.start); c != 0 {
			return c
		}
		if c := cmp.Compare(x.end, y.end); c != 0 {
			return c
		}
		if c := cmp.Compare(x.ann, y.ann); c != 0 {
			return c
		}
		if d := cmp.Compare(c.Units[x.unit].Category, c.Units[y.unit].Category); d != 0 {
			return d
		}
		return cmp.Compare(x.unit, y.unit)
	})
	a.tol = 1e-12 * a.delta
	return a, nil
}

func (a *aligner) dist(i, j int) float64 {
	x, y := &a.items[i], &a.items[j]
	if a.comb != nil {
		cat := a.comb.Beta * a.comb.table[x.cat][y.cat]
		if a.comb.Alpha == 0 {
			return cat * a.delta
		}
		r := (math.Abs(x.start-y.start) + math.Abs(x.end-y.end)) / ((x.end - x.start) + (y.end - y.start))
		return (a.comb.Alpha*r*r + cat) * a.delta
	}
	return a.d.Between(a.units[x.unit], a.units[y.unit])
}

// neighbours fills fwd with the pairs that can appear in a useful tuple:
// d(u,v) < (C + n − 1)·Δ∅ (gamma.md, "Pruning"). It returns false when
// the alignment was stopped before the sweep ended (fwd is then partial).
//
// The units are split into classes of length (powers of two): for each
// unit, each class is scanned from the unit's position over the window the
// dissimilarity gives for that class's longest unit. So one long unit
// widens only the windows of its own class, and the sweep stays
// O(n log n) plus the pairs it finds (a single window for all units would
// make it quadratic as soon as one unit is long).
func (a *aligner) neighbours() bool {
	defer a.ctl.leave(a.ctl.enter(phaseNeighbours))
	bound := (a.c + float64(a.n) - 1) * a.delta
	a.fwd = resize(&a.ws.fwd, len(a.items))
	// every list in one array (the worker's scratch), cut at the end
	all := a.ws.nbs[:0]
	defer func() { a.ws.nbs = all[:0] }()
	offs := resize(&a.ws.nbOffs, len(a.items)+1)
	type class struct {
		items  []int32 // in canonical order
		maxLen float64
	}
	byExp := map[int]int{}
	var classes []class
	for i, it := range a.items {
		_, e := math.Frexp(it.end - it.start)
		k, ok := byExp[e]
		if !ok {
			k = len(classes)
			byExp[e] = k
			classes = append(classes, class{})
		}
		classes[k].items = append(classes[k].items, int32(i))
		classes[k].maxLen = max(classes[k].maxLen, it.end-it.start)
	}
	slices.SortFunc(classes, func(x, y class) int { return cmp.Compare(x.maxLen, y.maxLen) })
	for i := range a.items {
		u := a.units[a.items[i].unit]
		scanned := 1
		offs[i] = int32(len(all))
		for _, c := range classes {
			lim := a.items[i].start + a.d.Window(u, c.maxLen, bound)
			// the class's units after i in canonical order
			p, _ := slices.BinarySearch(c.items, int32(i+1))
			for _, j := range c.items[p:] {
				if a.items[j].start > lim {
					break
				}
				scanned++
				if a.items[j].ann == a.items[i].ann {
					continue
				}
				if dd := a.dist(i, int(j)); dd < bound {
					all = append(all, nb{j, dd})
				}
			}
		}
		if len(classes) > 1 {
			slices.SortFunc(all[offs[i]:], func(x, y nb) int { return int(x.j - y.j) })
		}
		if a.ctl.tick(scanned) {
			clear(a.fwd)
			return false
		}
	}
	offs[len(a.items)] = int32(len(all))
	for i := range a.fwd {
		a.fwd[i] = all[offs[i]:offs[i+1]:offs[i+1]]
	}
	return true
}

// pairD returns d(i, j) for i < j if (i, j) is a neighbour pair.
func (a *aligner) pairD(i, j int32) (float64, bool) {
	f := a.fwd[i]
	k := sort.Search(len(f), func(k int) bool { return f[k].j >= j })
	if k < len(f) && f[k].j == j {
		return f[k].d, true
	}
	return 0, false
}

// tupleCost returns δ(ă) for k units with pairwise sum s.
func (a *aligner) tupleCost(k int, s float64) float64 {
	return (s + (a.c-float64(k*(k-1)/2))*a.delta) / a.c
}

// enumerate generates every candidate tuple of ≥ 2 units anchored at the
// given items that passes the split test, grouped by first unit. It stops
// (tooMany) once a.tuples holds more than limit tuples.
func (a *aligner) enumerate(anchors []int32, limit int) {
	defer a.ctl.leave(a.ctl.enter(phaseEnumerate))
	sBound := (a.c + float64(a.n) - 1) * a.delta
	members := make([]int32, 0, a.n)
	sums := make([]float64, 0, a.n)
	used := make([]bool, a.n)
	dm := make([][]float64, a.n)
	for i := range dm {
		dm[i] = make([]float64, a.n)
	}
	// cross[k][S] is cross(S, T) for the first k members split into S (a
	// bit mask holding member 0) and T, kept level by level so that the
	// split test of a tuple costs O(2^k), not O(2^k·k²) (splitTest)
	var cross [][]float64
	var toNew []float64
	if a.n <= maxIncrementalSplit+1 {
		cross = make([][]float64, a.n+1)
		for k := 1; k <= a.n; k++ {
			cross[k] = make([]float64, 1<<k)
		}
		toNew = make([]float64, 1<<(a.n-1))
	}
	var rec func(pool []nb, from int)
	rec = func(pool []nb, from int) {
		k := len(members)
		for p := from; p < len(pool); p++ {
			if a.ctl.tick(k + 1) {
				a.tooMany = true // stopped: the caller sees ctl.halted
				return
			}
			j := pool[p].j
			if used[a.items[j].ann] {
				continue
			}
			ok := true
			var sj float64
			for m := 0; m < k; m++ {
				var dd float64
				if m == 0 {
					dd = pool[p].d
				} else {
					var found bool
					if dd, found = a.pairD(members[m], j); !found {
						ok = false
						break
					}
				}
				if sums[m]+dd >= sBound {
					ok = false
					break
				}
				dm[m][k], dm[k][m] = dd, dd
				sj += dd
			}
			if !ok || sj >= sBound {
				continue
			}
			for m := 0; m < k; m++ {
				sums[m] += dm[m][k]
			}
			members = append(members, j)
			sums = append(sums, sj)
			used[a.items[j].ann] = true
			var useful bool
			if cross != nil {
				useful = a.splitStep(dm, k, sj, cross[k], cross[k+1], toNew)
			} else {
				useful = a.splitTest(dm, k+1)
			}
			if useful && !a.tooMany {
				if len(a.tuples) >= limit {
					a.tooMany = true
				}
				var s float64
				for m := 0; m <= k; m++ {
					s += sums[m]
				}
				a.arena = append(a.arena, members...)
				mem := a.arena[len(a.arena)-len(members) : len(a.arena) : len(a.arena)]
				a.tuples = append(a.tuples, tuple{members: mem, cost: a.tupleCost(k+1, s/2)})
			}
			if k+1 < a.n && !a.tooMany {
				rec(pool, p+1)
			}
			used[a.items[j].ann] = false
			members = members[:k]
			sums = sums[:k]
			for m := 0; m < k; m++ {
				sums[m] -= dm[m][k]
			}
		}
	}
	for _, i := range anchors {
		if len(a.fwd[i]) == 0 || a.tooMany {
			continue
		}
		members = append(members[:0], i)
		sums = append(sums[:0], 0)
		used[a.items[i].ann] = true
		rec(a.fwd[i], 0)
		used[a.items[i].ann] = false
	}
}

// maxIncrementalSplit is the largest number of units before the new one
// for which enumerate keeps the cross sums of every split (2^k of them).
const maxIncrementalSplit = 9

// splitStep is splitTest for a tuple of k+1 units whose first k are
// those of the previous level, from the cross sums prev of their splits
// (prev[S] for S ∋ member 0; prev of all k is 0): it fills cur with the
// cross sums of the splits of the k+1 units (every one, whether the test
// passes or not: the next level needs them) and reports whether each is
// above its bound. sj is the sum of dm[k][·].
func (a *aligner) splitStep(dm [][]float64, k int, sj float64, prev, cur, toNew []float64) bool {
	// toNew[S] = Σ_{x∈S} d(x, k), by the lowest member of S
	toNew[0] = 0
	for mask := 1; mask < 1<<k; mask++ {
		low := mask & -mask
		toNew[mask] = toNew[mask^low] + dm[bits.TrailingZeros(uint(low))][k]
	}
	ok := true
	full := 1<<k - 1
	for mask := 1; mask <= full; mask += 2 { // S holds member 0
		c0 := 0.0
		if mask != full {
			c0 = prev[mask]
		}
		sz := bits.OnesCount(uint(mask))
		// the new unit in T
		c := c0 + toNew[mask]
		cur[mask] = c
		if !(c < (a.c+float64(sz*(k+1-sz)))*a.delta-a.tol) {
			ok = false
		}
		// the new unit in S (unless S would be all)
		if mask != full {
			c = c0 + (sj - toNew[mask])
			cur[mask|1<<k] = c
			if !(c < (a.c+float64((sz+1)*(k-sz)))*a.delta-a.tol) {
				ok = false
			}
		}
	}
	return ok
}

// splitTest reports whether a tuple of k units with pairwise dissimilarities
// dm is strictly cheaper than every split into two parts S, T:
// cross(S, T) < (C + |S|·|T|)·Δ∅ (gamma.md, "Pruning", generalised).
//
// Beyond 10 units (11+ annotators) only the splits that detach one unit are
// tested (2^(k−1) splits would cost too much); pruning less never changes
// the optimum, only the number of candidates.
func (a *aligner) splitTest(dm [][]float64, k int) bool {
	if k > 10 {
		for x := 0; x < k; x++ {
			var s float64
			for y := 0; y < k; y++ {
				s += dm[x][y]
			}
			if !(s < (a.c+float64(k-1))*a.delta-a.tol) {
				return false
			}
		}
		return true
	}
	full := 1<<k - 1
	for mask := 1; mask < full; mask += 2 { // S always holds unit 0
		var cross float64
		s := 0
		for x := 0; x < k; x++ {
			if mask>>x&1 == 0 {
				continue
			}
			s++
			for y := 0; y < k; y++ {
				if mask>>y&1 == 0 {
					cross += dm[x][y]
				}
			}
		}
		bound := (a.c + float64(s*(k-s))) * a.delta
		if !(cross < bound-a.tol) {
			return false
		}
	}
	return true
}

func (a *aligner) solve() (*Alignment, error) {
	if !a.neighbours() {
		return a.unaligned(), nil
	}
	// components of the neighbour graph: no useful tuple crosses them
	uf := unionfind.New(len(a.items))
	for i, f := range a.fwd {
		for _, e := range f {
			uf.Union(i, int(e.j))
		}
	}
	compIdx := map[int]int{}
	var comps [][]int32 // items of each component, in canonical order
	for i := range a.items {
		r := uf.Find(i)
		ci, ok := compIdx[r]
		if !ok {
			ci = len(comps)
			compIdx[r] = ci
			comps = append(comps, nil)
		}
		comps[ci] = append(comps[ci], int32(i))
	}
	al := &Alignment{Components: len(comps), Exact: true}
	chosen := make([]int, 0) // tuple indices
	local := make([]int32, len(a.items))
	var lowerGap float64 // Σ over components of (cost − lower bound)
	for ci, items := range comps {
		if a.ctl.onComponent != nil {
			a.ctl.onComponent(ci, len(comps))
		}
		al.Largest = max(al.Largest, len(items))
		if len(items) == 1 {
			continue
		}
		for k, it := range items {
			local[it] = int32(k)
		}
		sel, gap, exact, err := a.solveComponent(items, local)
		if err != nil {
			return nil, err
		}
		chosen = append(chosen, sel...)
		lowerGap += gap
		al.Exact = al.Exact && exact
		if !exact {
			al.Unproven = append(al.Unproven, a.componentInfo(items, gap))
		}
	}
	al.Candidates = len(a.tuples)
	// assemble unitary alignments in order of first item
	inTuple := make([]int32, len(a.items))
	for i := range inTuple {
		inTuple[i] = -1
	}
	for _, ti := range chosen {
		for _, m := range a.tuples[ti].members {
			inTuple[m] = int32(ti)
		}
	}
	var total float64
	for i := range a.items {
		switch ti := inTuple[i]; {
		case ti < 0:
			al.Unitary = append(al.Unitary, Unitary{Units: []int{a.items[i].unit}, Disorder: a.delta})
			total += a.delta
		case a.tuples[ti].members[0] == int32(i):
			t := a.tuples[ti]
			us := make([]int, len(t.members))
			for k, m := range t.members {
				us[k] = a.items[m].unit
			}
			sort.Slice(us, func(x, y int) bool { return a.units[us[x]].Annotator < a.units[us[y]].Annotator })
			al.Unitary = append(al.Unitary, Unitary{Units: us, Disorder: t.cost})
			total += t.cost
		}
	}
	if a.ctl.onComponent != nil {
		a.ctl.onComponent(len(comps), len(comps))
	}
	xbar := float64(len(a.items)) / float64(a.n)
	al.Disorder = total / xbar
	al.LowerBound = al.Disorder
	if !al.Exact {
		al.LowerBound = min(al.Disorder, max(0, (total-lowerGap)/xbar))
	}
	return al, nil
}

// solveComponent solves one component of the neighbour graph: for two
// annotators as an assignment problem; for more, the candidate tuples are
// enumerated when there are few enough and the resulting (finer)
// components solved by the dynamic programme, a component the programme
// finds too wide — or one with too many candidates to enumerate — by
// column generation (cg.go). gap is the component's cost minus its proven
// lower bound (0 when exact).
func (a *aligner) solveComponent(items []int32, local []int32) (sel []int, gap float64, exact bool, err error) {
	from := len(a.tuples)
	if a.ctl.halted {
		sel, gap, exact = a.stoppedComponent(items)
		return sel, gap, exact, nil
	}
	if a.n == 2 {
		for _, it := range items {
			for _, e := range a.fwd[it] {
				a.tuples = append(a.tuples, tuple{members: []int32{it, e.j}, cost: e.d})
			}
		}
		return a.solvePairs(items, seq(from, len(a.tuples))), 0, true, nil
	}
	if !a.useCG {
		a.tooMany = false
		a.enumerate(items, from+maxEnumerated)
		if a.ctl.halted {
			a.tuples = a.tuples[:from]
			sel, gap, exact = a.stoppedComponent(items)
			return sel, gap, exact, nil
		}
		if !a.tooMany {
			return a.solveEnumerated(items, local, from)
		}
		a.tuples = a.tuples[:from]
	}
	return a.solveCG(items)
}

func seq(from, to int) []int {
	s := make([]int, 0, to-from)
	for i := from; i < to; i++ {
		s = append(s, i)
	}
	return s
}

// solveEnumerated splits a component into the components of its
// enumerated tuples (a.tuples[from:]) and solves each.
func (a *aligner) solveEnumerated(items []int32, local []int32, from int) (sel []int, gap float64, exact bool, err error) {
	uf := unionfind.New(len(items))
	for _, t := range a.tuples[from:] {
		for _, m := range t.members[1:] {
			uf.Union(int(local[t.members[0]]), int(local[m]))
		}
	}
	// the finer components in order of their first item, their items and
	// tuples in two flat arrays (counting sort by component)
	compOf := make([]int32, len(items)) // by root: component + 1
	nComp := int32(0)
	for _, it := range items {
		if r := uf.Find(int(local[it])); compOf[r] == 0 {
			nComp++
			compOf[r] = nComp
		}
	}
	itemBeg := make([]int32, nComp+1)
	tupleBeg := make([]int32, nComp+1)
	for _, it := range items {
		itemBeg[compOf[uf.Find(int(local[it]))]]++
	}
	for ti := from; ti < len(a.tuples); ti++ {
		tupleBeg[compOf[uf.Find(int(local[a.tuples[ti].members[0]]))]]++
	}
	for k := int32(1); k <= nComp; k++ {
		itemBeg[k] += itemBeg[k-1]
		tupleBeg[k] += tupleBeg[k-1]
	}
	flatItems := make([]int32, len(items))
	flatTuples := make([]int, len(a.tuples)-from)
	nextItem := append([]int32(nil), itemBeg[:nComp]...)
	for _, it := range items {
		k := compOf[uf.Find(int(local[it]))] - 1
		flatItems[nextItem[k]] = it
		nextItem[k]++
	}
	nextTuple := append([]int32(nil), tupleBeg[:nComp]...)
	for ti := from; ti < len(a.tuples); ti++ {
		k := compOf[uf.Find(int(local[a.tuples[ti].members[0]]))] - 1
		flatTuples[nextTuple[k]] = ti
		nextTuple[k]++
	}
	subs := make([][]int32, nComp)
	subTuples := make([][]int, nComp)
	for k := range subs {
		subs[k] = flatItems[itemBeg[k]:itemBeg[k+1]:itemBeg[k+1]]
		subTuples[k] = flatTuples[tupleBeg[k]:tupleBeg[k+1]:tupleBeg[k+1]]
	}
	exact = true
	for k, sub := range subs {
		if len(subTuples[k]) == 0 {
			continue
		}
		var s []int
		var g float64
		ex := true
		switch {
		case a.ctl.halted:
			s, g, ex = a.stoppedComponent(sub)
		case a.useLP:
			s, err = a.solveLP(sub, subTuples[k])
		default:
			s, err = a.solveDPOnly(sub, subTuples[k])
			switch {
			case errors.Is(err, errTooDense):
				s, g, ex, err = a.solveCGWith(sub, subTuples[k])
			case errors.Is(err, errStopped):
				s, err = nil, nil
				_, g, ex = a.stoppedComponent(sub)
			}
		}
		if err != nil {
			return nil, 0, false, err
		}
		sel = append(sel, s...)
		gap += g
		exact = exact && ex
	}
	return sel, gap, exact, nil
}

// solveCG solves a component by column generation.
func (a *aligner) solveCG(items []int32) (sel []int, gap float64, exact bool, err error) {
	return a.solveCGWith(items, nil)
}

// solveCGWith is solveCG; with the component's useful tuples all
// enumerated (tis, not nil), they are the columns from the start and no
// pricing search is needed: the relaxation over them is the relaxation
// over every tuple (the others are dominated by a split).
func (a *aligner) solveCGWith(items []int32, tis []int) (sel []int, gap float64, exact bool, err error) {
	s := a.newCG(items)
	defer s.release()
	if tis != nil {
		s.setComplete(tis)
	}
	r, err := s.solve()
	if err != nil {
		return nil, 0, false, err
	}
	for _, ti := range r.sel {
		sel = a.strictSplit(sel, ti)
	}
	return sel, r.cost - r.lower, r.exact, nil
}

// strictSplit appends tuple ti to sel, split (recursively) into two parts
// whenever some split costs no more: so that, as in the enumerated path, a
// unit joins a unitary alignment only when that strictly lowers the
// disorder. Splitting at equal cost leaves the disorder unchanged.
func (a *aligner) strictSplit(sel []int, ti int) []int {
	m := a.tuples[ti].members
	k := len(m)
	if k < 3 && (k < 2 || a.tuples[ti].cost < 2*a.delta-a.tol) {
		return append(sel, ti)
	}
	if k == 2 { // a pair that does not beat its two units alone
		return sel
	}
	var buf [12]int32
	cost := func(mask int) float64 {
		mem := buf[:0]
		for x := range k {
			if mask>>x&1 != 0 {
				mem = append(mem, m[x])
			}
		}
		var s float64
		for x := 0; x < len(mem); x++ {
			for y := x + 1; y < len(mem); y++ {
				i, j := min(mem[x], mem[y]), max(mem[x], mem[y])
				d, _ := a.pairD(i, j)
				s += d
			}
		}
		if len(mem) == 1 {
			return a.delta
		}
		return a.tupleCost(len(mem), s)
	}
	members := func(mask int) []int32 {
		var mem []int32
		for x := range k {
			if mask>>x&1 != 0 {
				mem = append(mem, m[x])
			}
		}
		return mem
	}
	if k <= 12 {
		for mask := 1; mask < 1<<k-1; mask += 2 { // S holds the first unit
			cs := cost(mask)
			ct := cost(1<<k - 1 ^ mask)
			if cs+ct <= a.tuples[ti].cost+a.tol {
				s, t := members(mask), members(1<<k-1^mask)
				for _, part := range []tuple{{s, cs}, {t, ct}} {
					if len(part.members) > 1 {
						a.tuples = append(a.tuples, part)
						sel = a.strictSplit(sel, len(a.tuples)-1)
					}
				}
				return sel
			}
		}
	}
	return append(sel, ti)
}

// solvePairs solves a 2-annotator component exactly as a sparse
// rectangular assignment (internal/assign.MinCostMatching): rows are
// annotator 0's units, columns annotator 1's, an edge per candidate pair
// with cost d − 2Δ∅ < 0 (its saving over two singletons); a unit left
// unmatched stays alone. No dense matrix is built.
func (a *aligner) solvePairs(items []int32, tis []int) []int {
	if len(tis) == 1 {
		return tis
	}
	local := make(map[int32]int32, len(items))
	var nr, nc int32
	for _, it := range items {
		if a.items[it].ann == 0 {
			local[it] = nr
			nr++
		} else {
			local[it] = nc
			nc++
		}
	}
	edges := make([]assign.Edge, len(tis))
	back := make(map[[2]int32]int, len(tis))
	for k, ti := range tis {
		t := a.tuples[ti]
		x, y := t.members[0], t.members[1]
		if a.items[x].ann != 0 {
			x, y = y, x
		}
		r, c := local[x], local[y]
		edges[k] = assign.Edge{Row: r, Col: c, Cost: t.cost - 2*a.delta}
		back[[2]int32{r, c}] = ti
	}
	rowToCol, _ := assign.MinCostMatching(int(nr), int(nc), edges)
	var sel []int
	for r, c := range rowToCol {
		if c < 0 {
			continue
		}
		if ti, ok := back[[2]int32{int32(r), int32(c)}]; ok && a.tuples[ti].cost < 2*a.delta {
			sel = append(sel, ti)
		}
	}
	return sel
}

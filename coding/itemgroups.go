package coding

import (
	"fmt"
	mathbits "math/bits"
	"slices"
	"strings"
)

// Groups of items in statistics. A reader that knows each item's group (a
// batch, a round, a date: the column of a table given to --by) adds the
// item with AddIn: the statistics then count, besides each pattern's
// items, each group's items of each pattern, from which each group is
// analysed alone (Analysis.Group with ItemGroup.Weights) at a cost of
// O(the group's patterns) — the items are never kept, and the patterns
// are those of the data without the group column, so that the pattern
// table stays as small (and as fast) as without groups.

// accGroups are the groups an Accumulator was given.
type accGroups struct {
	names []string
	index map[string]int32
	cache byteIndex
	// count holds the items of each group and pattern: key group<<32 |
	// pattern+1 (pattern+1 = 0: the group's items without any value).
	count pairCounts
}

// pairCounts counts keys of 64 bits: the keys come into a buffer that,
// once it holds half as many entries as the counts so far (or 2¹⁶), is
// sorted (radix) and merged into them (a sorted run of distinct keys) —
// sequential memory only, where a hash table would cost a cache miss per
// item for the hundreds of thousands of (group, pattern) pairs of a large
// table in many groups. Amortised O(1) per key; memory O(distinct keys).
type pairCounts struct {
	run     []pairSlot // sorted by key, distinct
	pending []pairSlot
	tmp     []pairSlot
	spare   []pairSlot // the previous run's room, for the next merge
}

type pairSlot struct {
	key uint64
	n   int64
}

func (t *pairCounts) add(k uint64, n int64) {
	t.pending = append(t.pending, pairSlot{k, n})
	if len(t.pending) >= max(1<<16, len(t.run)/2) {
		t.compact()
	}
}

// compact merges the buffer into the run.
func (t *pairCounts) compact() {
	if len(t.pending) == 0 {
		return
	}
	t.tmp = sortPairSlots(t.pending, t.tmp)
	merged := t.spare[:0]
	if cap(merged) < len(t.run)+len(t.pending) {
		merged = make([]pairSlot, 0, 2*(len(t.run)+len(t.pending)))
	}
	run, p := t.run, t.pending
	for len(p) > 0 {
		k := p[0].key
		var n int64
		for len(p) > 0 && p[0].key == k {
			n += p[0].n
			p = p[1:]
		}
		for len(run) > 0 && run[0].key < k {
			merged = append(merged, run[0])
			run = run[1:]
		}
		if len(run) > 0 && run[0].key == k {
			n += run[0].n
			run = run[1:]
		}
		merged = append(merged, pairSlot{k, n})
	}
	t.spare, t.run = t.run, append(merged, run...)
	t.pending = t.pending[:0]
}

// sortPairSlots sorts s by key (radix, least significant digit of 11
// bits first, skipping the digits every key shares), with tmp as room
// (returned, grown as needed).
func sortPairSlots(s, tmp []pairSlot) []pairSlot {
	if cap(tmp) < len(s) {
		tmp = make([]pairSlot, len(s))
	}
	tmp = tmp[:len(s)]
	var or, and uint64 = 0, ^uint64(0)
	for _, e := range s {
		or, and = or|e.key, and&e.key
	}
	const bits, size = 11, 1 << 11
	src, dst := s, tmp
	var cnt [size + 1]int
	vary := or ^ and // the bits that differ between keys
	for shift := uint(0); shift < 64; shift += bits {
		if vary>>shift == 0 {
			break
		}
		// the digit starts at the next bit that varies
		shift += uint(mathbits.TrailingZeros64(vary >> shift))
		clear(cnt[:])
		for _, e := range src {
			cnt[(e.key>>shift)&(size-1)+1]++
		}
		for b := range size {
			cnt[b+1] += cnt[b]
		}
		for _, e := range src {
			b := (e.key >> shift) & (size - 1)
			dst[cnt[b]] = e
			cnt[b]++
		}
		src, dst = dst, src
	}
	if &src[0] != &s[0] {
		copy(s, src)
	}
	return tmp
}

// each calls fn for every key and its count.
func (t *pairCounts) each(fn func(k uint64, n int64)) {
	t.compact()
	for _, e := range t.run {
		fn(e.key, e.n)
	}
}

// statsGroups are the groups of Stats: names in natural order, and per
// group its patterns (increasing), their counts, and its items without
// any value.
type statsGroups struct {
	names []string
	pats  [][]int32
	count [][]int64
	empty []int64
}

// Group returns the index of the group of items named name, adding it if
// new (see AddIn).
func (a *Accumulator) Group(name string) int {
	g := &a.groups
	if x, ok := g.index[name]; ok {
		return int(x)
	}
	if g.index == nil {
		g.index = map[string]int32{}
	}
	x := int32(len(g.names))
	name = strings.Clone(name)
	g.index[name] = x
	g.names = append(g.names, name)
	return int(x)
}

// GroupBytes is Group for a name held in a byte slice (no allocation when
// the group is already known).
func (a *Accumulator) GroupBytes(name []byte) int {
	g := &a.groups
	if x, ok := g.cache.get(name); ok {
		return int(x)
	}
	x, ok := g.index[string(name)]
	if !ok {
		x = int32(a.Group(string(name)))
	}
	g.cache.put(name, x)
	return int(x)
}

// AddIn is Add for an item of group g (an index returned by Group): Stats
// then also count the group's items of each pattern (Stats.Groups,
// Stats.GroupItems).
func (a *Accumulator) AddIn(g int, id string, cv []int32) error {
	if g < 0 || g >= len(a.groups.names) {
		return fmt.Errorf("group index %d out of range", g)
	}
	if err := a.check(cv); err != nil {
		return err
	}
	a.addIn(g, id, cv)
	return nil
}

// addIn is AddIn without the checks.
func (a *Accumulator) addIn(g int, id string, cv []int32) {
	p := a.add(id, cv)
	a.groups.count.add(uint64(g)<<32|uint64(p+1), 1)
}

// mergeGroups adds the group counts of b to a, b's pattern p being a's
// pmap[p].
func (a *Accumulator) mergeGroups(b *Accumulator, pmap []int32) {
	if len(b.groups.names) == 0 {
		return
	}
	gmap := make([]int, len(b.groups.names))
	for g, name := range b.groups.names {
		gmap[g] = a.Group(name)
	}
	b.groups.count.each(func(k uint64, n int64) {
		p := k & (1<<32 - 1)
		if p > 0 {
			p = uint64(pmap[p-1]) + 1
		}
		a.groups.count.add(uint64(gmap[k>>32])<<32|p, n)
	})
}

// stats returns the groups of Stats whose pattern p of the accumulator is
// pattern pmap[p].
func (g *accGroups) stats(pmap []int32) statsGroups {
	if len(g.names) == 0 {
		return statsGroups{}
	}
	order := make([]int, len(g.names))
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(x, y int) int { return CompareNatural(g.names[x], g.names[y]) })
	rank := make([]int, len(order))
	out := statsGroups{names: make([]string, len(order)), pats: make([][]int32, len(order)), count: make([][]int64, len(order)), empty: make([]int64, len(order))}
	for r, o := range order {
		rank[o] = r
		out.names[r] = g.names[o]
	}
	// the counts by (group, pattern) of s, sorted
	var keys []pairSlot
	g.count.each(func(k uint64, n int64) {
		r := uint64(rank[k>>32])
		if p := k & (1<<32 - 1); p > 0 {
			keys = append(keys, pairSlot{r<<32 | uint64(pmap[p-1]), n})
		} else {
			out.empty[r] += n
		}
	})
	if len(keys) > 0 {
		sortPairSlots(keys, nil)
	}
	pats, count := make([]int32, 0, len(keys)), make([]int64, 0, len(keys))
	from, r := 0, uint64(0)
	end := func() {
		out.pats[r], out.count[r] = pats[from:len(pats):len(pats)], count[from:len(count):len(count)]
		from = len(pats)
	}
	for i, e := range keys {
		for e.key>>32 != r {
			end()
			r++
		}
		p := int32(e.key & (1<<32 - 1))
		// equal numbers merged (numbers.go) may make two patterns one
		if i > 0 && keys[i-1].key == e.key {
			count[len(count)-1] += e.n
			continue
		}
		pats, count = append(pats, p), append(count, e.n)
	}
	for ; r < uint64(len(order)); r++ {
		end()
	}
	return out
}

// reorder returns the groups of statistics whose patterns were put in
// order (pattern q is the old pattern order[q]).
func (g statsGroups) reorder(order []int32) statsGroups {
	if len(g.names) == 0 {
		return g
	}
	newIndex := make([]int32, len(order))
	for q, p := range order {
		newIndex[p] = int32(q)
	}
	out := statsGroups{names: g.names, empty: g.empty, pats: make([][]int32, len(g.pats)), count: make([][]int64, len(g.count))}
	for r := range g.pats {
		idx := make([]int, len(g.pats[r]))
		for i := range idx {
			idx[i] = i
		}
		slices.SortFunc(idx, func(x, y int) int { return int(newIndex[g.pats[r][x]]) - int(newIndex[g.pats[r][y]]) })
		for _, i := range idx {
			out.pats[r] = append(out.pats[r], newIndex[g.pats[r][i]])
			out.count[r] = append(out.count[r], g.count[r][i])
		}
	}
	return out
}

// Groups returns the names of the groups of items (Accumulator.AddIn), in
// natural order; nil when the items were added without groups. Groups are
// kept by Accumulator.Stats and WithoutCoders, not by Merge, AddStats,
// WriteJSON or ReadStats.
func (s *Stats) Groups() []string { return s.groups.names }

// GroupItems returns the items of group g (an index into Groups) as an
// ItemGroup: its patterns, their number of items, and its items without
// any value.
func (s *Stats) GroupItems(g int) ItemGroup {
	ps := make([]int, len(s.groups.pats[g]))
	for i, p := range s.groups.pats[g] {
		ps[i] = int(p)
	}
	return ItemGroup{Patterns: ps, Counts: slices.Clone(s.groups.count[g]), Empty: s.groups.empty[g]}
}

// GroupName returns the name of group g.
func (a *Accumulator) GroupName(g int) string { return a.groups.names[g] }

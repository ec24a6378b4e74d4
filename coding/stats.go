package coding

import (
	"cmp"
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"agree/internal/csvio"
)

// Stats are the sufficient statistics of reliability data: the value
// table, the coders, and the distinct item patterns with their number of
// items (see the package documentation). Stats are built in one pass by an
// Accumulator (or from Data), merged across shards with Merge, written and
// read with WriteStats and ReadStats, and analysed with AnalyzeStats.
//
// Everything in Stats is in canonical order (labels: declared categories
// first, then numbers by value, then other labels in natural order;
// coders: as fixed by the input, or in natural order; patterns: sorted),
// so that the same data give the same Stats however they were read.
// Stats are immutable.
type Stats struct {
	source    string
	coders    []string
	fixed     bool // the coder list (and order) came with the data
	labels    []string
	ordered   int // labels[:ordered] keep the order they were given in
	declared  int // labels[:declared] are declared categories (declared ≤ ordered)
	closed    bool
	firstSeen []Pos      // per label; zero when unknown
	merged    [][]string // spellings of equal numbers read as one value (numbers.go)
	anonymous string     // why the coders are anonymous (Data.SetAnonymousCoders), or ""

	empty int64   // items without any value
	cv    []int32 // pattern p is cv[start[p]:start[p+1]]: c₀ v₀ c₁ v₁ …, by coder
	start []int
	count []int64

	// identity: one pattern per item with values, in data order, not
	// deduplicated nor canonical (made by Analyze for large data whose
	// items are mostly distinct; see Data.analysisStats).
	identity bool

	keep   int        // ids kept per pattern (0: none)
	ids    [][]string // per pattern: the `keep` smallest ids (natural order), for patterns with disagreement
	pruned []bool     // per pattern: ids dropped because the pattern cannot rank among the first `keep` items
	rankBy *Ranking   // the ranking that justified pruning, if any

	groups statsGroups // the groups of items (Accumulator.AddIn), if any (itemgroups.go)
}

// Ranking says how items will be ranked, which lets an Accumulator forget
// the ids of patterns that cannot reach the first KeepItems items: by the
// nominal distance (Interval false) or the interval distance on the values
// read as numbers (Interval true), under a weighting.
type Ranking struct {
	Missing  Weighting
	Interval bool
}

// distance names the ranking's distance.
func (r *Ranking) distance() string {
	if r.Interval {
		return "interval"
	}
	return "nominal"
}

// AnonymousCoders returns why the coders are anonymous, or "" (see
// Data.SetAnonymousCoders).
func (s *Stats) AnonymousCoders() string { return s.anonymous }

// Source returns the name of the input ("" if unknown).
func (s *Stats) Source() string { return s.source }

// Coders returns the coder names. Do not modify.
func (s *Stats) Coders() []string { return s.coders }

// Labels returns the value table. Do not modify.
func (s *Stats) Labels() []string { return s.labels }

// Declared returns the declared categories (a prefix of Labels), or nil.
func (s *Stats) Declared() []string { return s.labels[:s.declared] }

// NumItems returns the number of items, including those with no value.
func (s *Stats) NumItems() int64 {
	n := s.empty
	for _, c := range s.count {
		n += c
	}
	return n
}

// NumPatterns returns the number of distinct item patterns.
func (s *Stats) NumPatterns() int { return len(s.count) }

// Pattern returns pattern p: its coders and values (indices into Coders and
// Labels, by increasing coder), and the number of items with it.
func (s *Stats) Pattern(p int) (cv []int32, count int64) {
	return s.cv[s.start[p]:s.start[p+1]], s.count[p]
}

// PatternItems returns the ids kept for pattern p (at most KeepItems, the
// smallest in natural order), and whether the pattern's ids were dropped
// because it cannot rank among the first KeepItems items.
func (s *Stats) PatternItems(p int) (ids []string, pruned bool) {
	if s.ids == nil {
		return nil, false
	}
	return s.ids[p], s.pruned[p]
}

// KeptItems returns the number of ids kept per pattern and the ranking
// used to drop ids (nil: none were dropped for a ranking).
func (s *Stats) KeptItems() (int, *Ranking) { return s.keep, s.rankBy }

// FirstSeen returns where value v was first read (zero if unknown).
func (s *Stats) FirstSeen(v int) Pos {
	if v < len(s.firstSeen) {
		return s.firstSeen[v]
	}
	return Pos{}
}

// where formats the position of value v for messages: "file:line:col".
func (s *Stats) where(v int) string { return where(s.source, s.FirstSeen(v)) }

func where(source string, p Pos) string {
	var b strings.Builder
	b.WriteString(source)
	if p.Line > 0 {
		if b.Len() > 0 {
			b.WriteString(":")
		}
		fmt.Fprintf(&b, "%d", p.Line)
		if p.Col > 0 {
			fmt.Fprintf(&b, ":%d", p.Col)
		}
	}
	return b.String()
}

// StatsOptions configure an Accumulator.
type StatsOptions struct {
	// Source names the input, for messages.
	Source string
	// Categories declares the categories and their order before any value
	// (q of S and Gwet's coefficients; the order of the ordinal distance).
	// With Closed, any other value is an error.
	Categories []string
	Closed     bool
	// Coders fixes the coders and their order (the columns of a wide
	// file). When nil, coders are added as they are met and put in natural
	// order.
	Coders []string
	// KeepItems is the number of item ids kept per distinct pattern with
	// disagreement (the smallest in natural order), from which the items
	// with the most disagreement are ranked; 0 keeps none.
	KeepItems int
	// Rank, if set, promises that items will be ranked by the nominal
	// distance with this weighting: ids of patterns that cannot rank among
	// the first KeepItems items are then dropped as the data are read, so
	// the kept ids stay O(KeepItems) instead of O(KeepItems × patterns).
	Rank *Ranking
}

// Accumulator builds Stats in one pass over the items. It is not safe for
// concurrent use: give each goroutine its own and Merge them.
type Accumulator struct {
	opt        StatsOptions
	coders     []string
	coderIndex map[string]int32
	labels     []string
	labelIndex map[string]int32
	declared   int
	ordered    int // labels[:ordered] keep their order (≥ declared)
	firstSeen  []Pos

	pats       *patternTable
	empty      int64
	ids        [][]string // per pattern, sorted (natural), at most opt.KeepItems
	pruned     []bool
	stored     int // ids stored since the last pruning
	pruneAfter int // prune when stored exceeds this
	pruneBase  int // the least pruneAfter (see prune)
	pruneWork  int // patterns read by prune (tests)
	items      int64
	// With a ranking: each pattern's key (computed when its first item
	// comes) and the key of the KeepItems-th item at the last pruning:
	// a new pattern below it is pruned at once.
	keys []float64
	tau  float64

	labelCache, coderCache byteIndex // for ValueBytes and CoderBytes

	canonical bool       // the value table is known to be in canonical order
	merged    [][]string // with canonical: the spellings merged in it

	// Equal numbers spelt differently ("1", "1.0") may become one value
	// (numbers.go), which lowers a nominal ranking key: once two such
	// labels were met, the ids stop being pruned (see prune).
	aliasParsed int
	aliasSeen   map[uint64]bool
	noPrune     bool

	numbers []float64 // labels read as numbers (NaN: not a number), for an interval ranking

	groups accGroups // groups of items (AddIn; itemgroups.go)
}

// NewAccumulator returns an empty Accumulator.
func NewAccumulator(opt StatsOptions) (*Accumulator, error) {
	if opt.KeepItems < 0 {
		return nil, fmt.Errorf("KeepItems %d is negative", opt.KeepItems)
	}
	a := &Accumulator{opt: opt, coderIndex: map[string]int32{}, labelIndex: map[string]int32{}, pats: newPatternTable(),
		pruneAfter: 4*opt.KeepItems + 4096, pruneBase: 4*opt.KeepItems + 4096, tau: math.Inf(-1)}
	for _, c := range opt.Coders {
		if _, dup := a.coderIndex[c]; dup {
			return nil, fmt.Errorf("coder %s appears twice", csvio.Quote(c))
		}
		a.coderIndex[c] = int32(len(a.coders))
		a.coders = append(a.coders, c)
	}
	for _, l := range opt.Categories {
		if _, dup := a.findLabel(l); dup {
			return nil, fmt.Errorf("category %s declared twice", csvio.Quote(l))
		}
		a.indexLabel(l, int32(len(a.labels)))
		a.labels = append(a.labels, l)
		a.firstSeen = append(a.firstSeen, Pos{})
	}
	a.declared = len(opt.Categories)
	a.ordered = a.declared
	return a, nil
}

// Coder returns the index of the named coder, adding it if new (an error
// when the coders were fixed and the name is not among them).
func (a *Accumulator) Coder(name string) (int, error) {
	if c, ok := a.coderIndex[name]; ok {
		return int(c), nil
	}
	return a.newCoder(name)
}

// CoderBytes is Coder for a name held in a byte slice (no allocation when
// the coder is already known; no hashing for names of up to 7 bytes).
func (a *Accumulator) CoderBytes(name []byte) (int, error) {
	if c, ok := a.coderCache.get(name); ok {
		return int(c), nil
	}
	c, ok := a.coderIndex[string(name)]
	if !ok {
		x, err := a.newCoder(string(name))
		if err != nil {
			return 0, err
		}
		c = int32(x)
	}
	a.coderCache.put(name, c)
	return int(c), nil
}

func (a *Accumulator) newCoder(name string) (int, error) {
	if a.opt.Coders != nil {
		return 0, fmt.Errorf("unknown coder %s", csvio.Quote(name))
	}
	c := int32(len(a.coders))
	name = strings.Clone(name)
	a.coderIndex[name] = c
	a.coders = append(a.coders, name)
	return int(c), nil
}

// CoderName returns the name of coder c.
func (a *Accumulator) CoderName(c int) string { return a.coders[c] }

// Label returns value v.
func (a *Accumulator) Label(v int) string { return a.labels[v] }

// Value returns the index of a value, adding it to the value table if new;
// at is where it was read (kept for later messages about the value). It is
// an error to use an undeclared value when the categories are closed.
func (a *Accumulator) Value(label string, at Pos) (int, error) {
	return a.value(label, at)
}

// ValueBytes is Value for a label held in a byte slice (no allocation when
// the value is already known; no hashing for labels of up to 7 bytes).
func (a *Accumulator) ValueBytes(label []byte, at Pos) (int, error) {
	if v, ok := a.labelCache.get(label); ok {
		a.seen(v, at)
		return int(v), nil
	}
	if !cached(len(label)) {
		if v, ok := a.labelIndex[string(label)]; ok {
			a.seen(v, at)
			return int(v), nil
		}
	}
	return a.newValue(string(label), at)
}

// Labels of 1 to 7 bytes — numbers, most categories — are indexed by
// labelCache alone, without a Go map (10⁵ distinct numbers: 18 ms of map
// growth per accumulator); longer ones by labelIndex.

// findLabel returns the index of a label.
func (a *Accumulator) findLabel(label string) (int32, bool) {
	if cached(len(label)) {
		return a.labelCache.getString(label)
	}
	v, ok := a.labelIndex[label]
	return v, ok
}

// indexLabel records index v of a new label.
func (a *Accumulator) indexLabel(label string, v int32) {
	if cached(len(label)) {
		a.labelCache.putString(label, v)
		return
	}
	a.labelIndex[label] = v
}

func (a *Accumulator) value(label string, at Pos) (int, error) {
	if v, ok := a.findLabel(label); ok {
		a.seen(v, at)
		return int(v), nil
	}
	return a.newValue(label, at)
}

// newValue adds a label not yet in the value table.
func (a *Accumulator) newValue(label string, at Pos) (int, error) {
	if a.opt.Closed && a.declared > 0 {
		return 0, fmt.Errorf("value %s is not among the declared categories", csvio.Quote(label))
	}
	v := int32(len(a.labels))
	label = strings.Clone(label)
	a.indexLabel(label, v)
	a.labels = append(a.labels, label)
	a.firstSeen = append(a.firstSeen, at)
	return int(v), nil
}

// seen keeps the earliest known position of value v.
func (a *Accumulator) seen(v int32, at Pos) {
	if at.Line == 0 {
		return
	}
	if f := a.firstSeen[v]; f.Line == 0 || at.Line < f.Line || (at.Line == f.Line && at.Col < f.Col) {
		a.firstSeen[v] = at
	}
}

// Add adds one item: cv lists its (coder, value) pairs flat, c₀ v₀ c₁ v₁ …,
// with strictly increasing coders (an item without values is an empty
// cv). id is used only for ranking (see KeepItems) and may be "".
func (a *Accumulator) Add(id string, cv []int32) error {
	if err := a.check(cv); err != nil {
		return err
	}
	a.add(id, cv)
	return nil
}

// check checks the pairs of an item given to Add.
func (a *Accumulator) check(cv []int32) error {
	if len(cv)%2 != 0 {
		return errors.New("odd number of coder/value entries")
	}
	for i := 0; i < len(cv); i += 2 {
		if cv[i] < 0 || int(cv[i]) >= len(a.coders) || (i > 0 && cv[i] <= cv[i-2]) {
			return fmt.Errorf("coder index %d out of order or out of range", cv[i])
		}
		if cv[i+1] < 0 || int(cv[i+1]) >= len(a.labels) {
			return fmt.Errorf("value index %d out of range", cv[i+1])
		}
	}
	return nil
}

// add is Add without the checks (the readers of this module build cv
// correctly).
func (a *Accumulator) add(id string, cv []int32) int {
	a.items++
	if len(cv) == 0 {
		a.empty++
		return -1
	}
	p, skip := a.pats.addItems(cv, 1)
	if skip || a.opt.KeepItems == 0 {
		return p
	}
	for len(a.ids) <= p {
		a.ids = append(a.ids, nil)
		a.pruned = append(a.pruned, false)
	}
	if a.pruned[p] || agreeing(cv) {
		a.pats.skip(cv)
		return p
	}
	if a.opt.Rank != nil && a.below(a.keyOf(p), a.tau) {
		a.pruned[p] = true
		a.ids[p] = nil
		a.pats.skip(cv)
		return p
	}
	if a.keepID(p, id) {
		a.stored++
		if a.opt.Rank != nil && a.stored > a.pruneAfter {
			a.prune()
		}
	}
	return p
}

// agreeing reports whether all values of a pattern are equal (no
// disagreement under any distance).
func agreeing(cv []int32) bool {
	for i := 3; i < len(cv); i += 2 {
		if cv[i] != cv[1] {
			return false
		}
	}
	return true
}

// keepID inserts id into pattern p's kept ids if it is among the KeepItems
// smallest; it reports whether a new id was stored.
func (a *Accumulator) keepID(p int, id string) bool {
	ids := a.ids[p]
	k := a.opt.KeepItems
	if len(ids) == k && CompareNatural(id, ids[k-1]) >= 0 {
		return false
	}
	i, _ := slices.BinarySearchFunc(ids, id, CompareNatural)
	if i < len(ids) && ids[i] == id {
		return false
	}
	id = strings.Clone(id)
	if len(ids) < k {
		ids = slices.Insert(ids, i, id)
	} else {
		copy(ids[i+1:], ids[i:k-1])
		ids[i] = id
	}
	a.ids[p] = ids
	return true
}

// nominalKey is pattern cv's contribution to 1 − α under the nominal
// distance, per item, up to a common factor: m·disagr by judgment, disagr by
// item, with disagr = 2t/(m(m − 1)) and t the number of disagreeing pairs.
func nominalKey(cv []int32, w Weighting, buf []int32) float64 {
	vals := buf[:0]
	for i := 1; i < len(cv); i += 2 {
		vals = append(vals, cv[i])
	}
	m := len(vals)
	if m < 2 {
		return 0
	}
	slices.Sort(vals)
	same := 0 // Σ_v n_v(n_v − 1)/2
	for i := 0; i < m; {
		j := i + 1
		for j < m && vals[j] == vals[i] {
			j++
		}
		n := j - i
		same += n * (n - 1) / 2
		i = j
	}
	t := float64(m*(m-1)/2 - same)
	if w == ByItem {
		return 2 * t / float64(m*(m-1))
	}
	return 2 * t / float64(m-1)
}

// keyOf returns pattern p's ranking key, computed once: nominalKey or
// intervalKey (a pattern whose values are not all numbers gets +Inf: it is
// never pruned).
func (a *Accumulator) keyOf(p int) float64 {
	for len(a.keys) <= p {
		a.keys = append(a.keys, math.NaN())
	}
	if math.IsNaN(a.keys[p]) {
		cv := a.pats.pattern(p)
		if a.opt.Rank.Interval {
			a.keys[p] = a.intervalKey(cv, a.opt.Rank.Missing)
		} else {
			var buf [32]int32
			a.keys[p] = nominalKey(cv, a.opt.Rank.Missing, buf[:0])
		}
	}
	return a.keys[p]
}

// intervalKey is nominalKey for the interval distance (x − y)² on the
// values read as numbers.
func (a *Accumulator) intervalKey(cv []int32, w Weighting) float64 {
	m := len(cv) / 2
	if m < 2 {
		return 0
	}
	for len(a.numbers) < len(a.labels) {
		x, err := strconv.ParseFloat(a.labels[len(a.numbers)], 64)
		if err != nil || math.IsInf(x, 0) {
			x = math.NaN()
		}
		a.numbers = append(a.numbers, x)
	}
	t := 0.0
	for j := 1; j < len(cv); j += 2 {
		for l := j + 2; l < len(cv); l += 2 {
			d := a.numbers[cv[j]] - a.numbers[cv[l]]
			t += d * d
		}
	}
	if math.IsNaN(t) || math.IsInf(t, 0) {
		return math.Inf(1)
	}
	if w == ByItem {
		return 2 * t / float64(m*(m-1))
	}
	return 2 * t / float64(m-1)
}

// below reports whether a pattern of key below the threshold tau can be
// pruned: for the nominal distance the keys are exact; for the interval
// distance the analysis computes them differently (centred positions,
// closed forms), so only keys below tau by more than a relative 1e-9 are.
func (a *Accumulator) below(key, tau float64) bool {
	if a.opt.Rank.Interval {
		return key < tau*(1-1e-9)
	}
	return key < tau
}

// prune drops the ids of patterns whose key is below that of the
// KeepItems-th item: whatever comes later, at least KeepItems items rank
// before all of theirs.
//
// A pruning reads every pattern, so the next one waits for a number of
// new ids proportional to the patterns (a quarter of them): the cost stays
// linear in the items even when nothing can be pruned (crowd data whose
// items all have their own pattern and the same disagreement: 5·10⁶
// patterns took 287 s when every 4,136 new ids triggered a pass).
func (a *Accumulator) prune() {
	a.stored = 0
	if !a.opt.Rank.Interval && !a.noPrune {
		// Two spellings of one number may become one value at the end
		// (numbers.go): keys computed since may be too high, and so would
		// a new threshold. The threshold of earlier prunings stays valid
		// (it was set on patterns with no such label, whose keys the merge
		// leaves alone), so new patterns below it are still pruned.
		if a.aliasSeen == nil {
			a.aliasSeen = map[uint64]bool{}
		}
		a.noPrune = hasEqualNumbers(a.labels, &a.aliasParsed, a.aliasSeen)
	}
	if a.noPrune {
		return
	}
	a.pruneWork += len(a.ids)
	a.pruneAfter = max(a.pruneBase, a.pats.len()/4)
	type pk struct {
		key float64
		n   int64
		p   int
	}
	var cand []pk
	counts := a.pats.counts()
	for p, ids := range a.ids {
		if len(ids) > 0 && !a.pruned[p] {
			cand = append(cand, pk{a.keyOf(p), counts[p], p})
		}
	}
	slices.SortFunc(cand, func(x, y pk) int {
		switch {
		case x.key > y.key:
			return -1
		case x.key < y.key:
			return 1
		}
		return 0
	})
	var cum int64
	for i, c := range cand {
		cum += c.n
		if cum >= int64(a.opt.KeepItems) {
			tau := c.key
			a.tau = tau
			for _, d := range cand[i+1:] {
				if a.below(d.key, tau) {
					a.ids[d.p] = nil
					a.pruned[d.p] = true
					a.pats.skip(a.pats.pattern(d.p))
				}
			}
			return
		}
	}
}

// Merge adds the items of b to a (b is not modified). Both must have the
// same declared categories and KeepItems.
func (a *Accumulator) Merge(b *Accumulator) error {
	if err := a.compatible(b.opt.Categories, b.opt.Closed, b.opt.KeepItems); err != nil {
		return err
	}
	cmap := make([]int32, len(b.coders))
	for c, name := range b.coders {
		x, err := a.Coder(name)
		if err != nil {
			return err
		}
		cmap[c] = int32(x)
	}
	vmap := make([]int32, len(b.labels))
	for v, l := range b.labels {
		x, err := a.Value(l, b.firstSeen[v])
		if err != nil {
			return err
		}
		vmap[v] = int32(x)
	}
	buf := make([]int32, 0, 16)
	bcounts := b.pats.counts()
	pmap := make([]int32, b.pats.len())
	for p := range b.pats.len() {
		var ids []string
		var pruned bool
		if b.ids != nil && p < len(b.ids) {
			ids, pruned = b.ids[p], b.pruned[p]
		}
		pmap[p] = int32(a.addPattern(remap(buf, b.pats.pattern(p), cmap, vmap), bcounts[p], ids, pruned))
	}
	a.mergeGroups(b, pmap) // itemgroups.go
	a.empty += b.empty
	a.items += b.items
	return nil
}

func (a *Accumulator) compatible(cats []string, closed bool, keep int) error {
	if !slices.Equal(cats, a.opt.Categories) || (len(cats) > 0 && closed != a.opt.Closed) {
		return errors.New("the shards declare different categories")
	}
	if keep != a.opt.KeepItems {
		return fmt.Errorf("the shards keep %d and %d item ids per pattern", keep, a.opt.KeepItems)
	}
	return nil
}

// remap translates a pattern's coder and value indices and sorts its
// pairs by the new coder indices.
func remap(buf, cv []int32, cmap, vmap []int32) []int32 {
	buf = buf[:0]
	for i := 0; i < len(cv); i += 2 {
		buf = append(buf, cmap[cv[i]], vmap[cv[i+1]])
	}
	// Insertion sort of pairs (patterns are short).
	for i := 2; i < len(buf); i += 2 {
		for j := i; j >= 2 && buf[j-2] > buf[j]; j -= 2 {
			buf[j-2], buf[j] = buf[j], buf[j-2]
			buf[j-1], buf[j+1] = buf[j+1], buf[j-1]
		}
	}
	return buf
}

// addPattern adds n items of pattern cv with their kept ids.
func (a *Accumulator) addPattern(cv []int32, n int64, ids []string, pruned bool) int {
	p := a.pats.add(cv, n)
	if a.opt.KeepItems == 0 {
		return p
	}
	for len(a.ids) <= p {
		a.ids = append(a.ids, nil)
		a.pruned = append(a.pruned, false)
	}
	if pruned {
		a.pruned[p] = true
	}
	if a.pruned[p] {
		a.ids[p] = nil
		return p
	}
	for _, id := range ids {
		a.keepID(p, id)
	}
	return p
}

// Stats returns the statistics gathered so far, in canonical order. The
// Accumulator may still be used afterwards.
func (a *Accumulator) Stats() *Stats {
	s := &Stats{source: a.opt.Source, fixed: a.opt.Coders != nil, declared: a.declared, ordered: a.ordered,
		closed: a.opt.Closed && a.declared > 0, empty: a.empty, keep: a.opt.KeepItems, rankBy: a.opt.Rank}
	var lperm []int
	if a.canonical {
		lperm = identity(len(a.labels))
	} else {
		lperm = canonicalLabels(a.labels, a.ordered)
	}
	s.labels = make([]string, len(lperm))
	s.firstSeen = make([]Pos, len(lperm))
	for n, o := range lperm {
		s.labels[n] = a.labels[o]
		s.firstSeen[n] = a.firstSeen[o]
	}
	vmap := inverse(lperm)
	if a.canonical { // Data's value table, already merged
		s.merged = a.merged
	} else if m := mergeNumbers(s.labels, a.ordered); m != nil { // numbers.go
		for o, n := range vmap {
			vmap[o] = m.to[n]
		}
		s.labels, s.firstSeen = m.apply(s.labels, s.firstSeen)
		s.merged = m.groups
	}
	var cperm []int
	if s.fixed {
		cperm = identity(len(a.coders))
	} else {
		cperm = canonicalNames(a.coders)
	}
	s.coders = make([]string, len(cperm))
	for n, o := range cperm {
		s.coders[n] = a.coders[o]
	}
	pmap := a.fill(s, a.pats, inverse(cperm), vmap, a.ids, a.pruned)
	s.groups = a.groups.stats(pmap) // itemgroups.go
	return s
}

// fill stores the patterns of t in s, translated by cmap and vmap and
// sorted canonically, with their kept ids. It returns the index in s of
// each pattern of t.
func (a *Accumulator) fill(s *Stats, t *patternTable, cmap, vmap []int32, ids [][]string, pruned []bool) []int32 {
	n := t.len()
	cv, start := t.cv, t.start
	if !isIdentity(cmap) || !isIdentity(vmap) {
		cv = make([]int32, 0, len(t.cv))
		start = make([]int, 1, n+1)
		buf := make([]int32, 0, 16)
		for p := range n {
			cv = append(cv, remap(buf, t.pattern(p), cmap, vmap)...)
			start = append(start, len(cv))
		}
	}
	order := canonicalOrder(cv, start)
	counts := t.counts()
	s.cv = make([]int32, 0, len(cv))
	s.start = make([]int, 1, n+1)
	s.count = make([]int64, n)
	if s.keep > 0 {
		s.ids = make([][]string, n)
		s.pruned = make([]bool, n)
	}
	q := -1
	pmap := make([]int32, n)
	for i, p32 := range order {
		p := int(p32)
		pat := cv[start[p]:start[p+1]]
		if i > 0 && slices.Equal(pat, s.cv[s.start[q]:]) {
			pmap[p] = int32(q)
			// Equal numbers merged into one value (numbers.go) can make
			// two patterns one: their items and kept ids add up, and a
			// pattern pruned for the ranking stays pruned (its key, which
			// no merge raises, was below the threshold).
			s.count[q] += counts[p]
			if s.keep > 0 && p < len(ids) {
				s.pruned[q] = s.pruned[q] || pruned[p]
				s.ids[q] = mergeIDs(s.ids[q], ids[p], s.keep)
				if s.pruned[q] {
					s.ids[q] = nil
				}
			}
			continue
		}
		q++
		pmap[p] = int32(q)
		s.cv = append(s.cv, pat...)
		s.start = append(s.start, len(s.cv))
		s.count[q] = counts[p]
		if s.keep > 0 && p < len(ids) {
			s.ids[q] = slices.Clone(ids[p])
			s.pruned[q] = pruned[p]
		}
	}
	s.count = s.count[:q+1]
	if s.keep > 0 {
		s.ids, s.pruned = s.ids[:q+1], s.pruned[:q+1]
	}
	return pmap
}

// mergeIDs returns the k smallest ids (natural order) of two sorted lists.
func mergeIDs(a, b []string, k int) []string {
	out := make([]string, 0, min(k, len(a)+len(b)))
	for len(out) < k && (len(a) > 0 || len(b) > 0) {
		switch {
		case len(b) == 0 || (len(a) > 0 && CompareNatural(a[0], b[0]) < 0):
			out, a = append(out, a[0]), a[1:]
		case len(a) == 0 || CompareNatural(b[0], a[0]) < 0:
			out, b = append(out, b[0]), b[1:]
		default: // the same id
			out, a, b = append(out, a[0]), a[1:], b[1:]
		}
	}
	return out
}

// isIdentity reports whether m maps every index to itself.
func isIdentity(m []int32) bool {
	for i, x := range m {
		if int(x) != i {
			return false
		}
	}
	return true
}

// MaxJudgments bounds the judgments (values) and empty items that Stats
// may hold, 2⁵³: below it every count and every sum of counts is exact in
// floating point and no integer sum overflows. ReadStats and Merge refuse
// more.
const MaxJudgments = 1 << 53

// judgments returns the values of s plus its items without any.
func (s *Stats) judgments() int64 {
	n := s.empty
	for p, c := range s.count {
		n += c * int64((s.start[p+1]-s.start[p])/2)
	}
	return n
}

// Merge combines shards: the result is the Stats of all their items, the
// same (bit for bit) whatever the order of the shards. The shards must
// hold disjoint items (all the judgments of an item in one shard), which
// cannot be checked here, and declare the same categories.
func Merge(shards ...*Stats) (*Stats, error) {
	if len(shards) == 0 {
		return nil, errors.New("nothing to merge")
	}
	var total int64
	for _, s := range shards {
		n := s.judgments()
		if n < 0 || n > MaxJudgments-total {
			return nil, errors.New("the shards hold more than 2⁵³ judgments in all")
		}
		total += n
	}
	first := shards[0]
	opt := StatsOptions{Categories: first.Declared(), Closed: first.closed, KeepItems: first.keep}
	// The coders keep their order if every shard fixed the same list;
	// otherwise they are put in natural order.
	fixed := true
	var names []string
	for _, s := range shards {
		fixed = fixed && s.fixed && slices.Equal(s.coders, first.coders)
		names = append(names, s.source)
	}
	if fixed {
		opt.Coders = first.coders
	}
	// Ids were dropped for a ranking only if every shard used the same one.
	var rank *Ranking
	for i, s := range shards {
		switch {
		case i == 0:
			rank = s.rankBy
		case (rank == nil) != (s.rankBy == nil) || (rank != nil && *rank != *s.rankBy):
			return nil, errors.New("the shards kept item ids for different rankings")
		}
	}
	opt.Rank = rank
	slices.Sort(names)
	opt.Source = strings.Join(slices.Compact(names), "+")
	a, err := NewAccumulator(opt)
	if err != nil {
		return nil, err
	}
	for _, s := range shards {
		if s.ordered > s.declared {
			return nil, errors.New("stats of a contingency table cannot be merged")
		}
		if err := a.AddStats(s); err != nil {
			return nil, err
		}
	}
	out := a.Stats()
	for _, s := range shards {
		if out.anonymous == "" {
			out.anonymous = s.anonymous // anonymous coders in one shard are anonymous in all
		}
	}
	// Positions name places in the shards' own files: keep them only when
	// there is one shard.
	if len(shards) > 1 {
		out.firstSeen = make([]Pos, len(out.labels))
	}
	return out, nil
}

// AddStats adds the items of s to a.
func (a *Accumulator) AddStats(s *Stats) error {
	if err := a.compatible(s.Declared(), s.closed, s.keep); err != nil {
		return err
	}
	cmap := make([]int32, len(s.coders))
	for c, name := range s.coders {
		x, err := a.Coder(name)
		if err != nil {
			return err
		}
		cmap[c] = int32(x)
	}
	vmap := make([]int32, len(s.labels))
	for v, l := range s.labels {
		x, err := a.Value(l, s.FirstSeen(v))
		if err != nil {
			return err
		}
		vmap[v] = int32(x)
	}
	buf := make([]int32, 0, 16)
	for p := range s.NumPatterns() {
		cv, n := s.Pattern(p)
		ids, pruned := s.PatternItems(p)
		a.addPattern(remap(buf, cv, cmap, vmap), n, ids, pruned)
	}
	a.empty += s.empty
	a.items += s.NumItems()
	return nil
}

// Stats returns the sufficient statistics of d, keeping the ids of up to
// keepItems items per pattern with disagreement (for ranking items). The
// coders keep their order and the value table is d's.
func (d *Data) Stats(keepItems int) *Stats {
	a, _ := NewAccumulator(StatsOptions{Source: d.source, Coders: d.coders, KeepItems: max(keepItems, 0)})
	// The value table is d's, indices unchanged (no label is looked up:
	// the label index stays empty).
	a.labels = d.labels
	a.firstSeen = make([]Pos, len(d.labels))
	copy(a.firstSeen, d.firstSeen)
	a.declared, a.ordered = d.declared, d.ordered
	a.opt.Categories, a.opt.Closed = d.labels[:d.declared], d.closed
	a.canonical = true // Build and FromColumns put it in canonical order
	a.merged = d.merged
	cv := make([]int32, 0, 2*len(d.cols))
	for i := range d.n {
		cv = cv[:0]
		for c, col := range d.cols {
			if v := col[i]; v != Missing {
				cv = append(cv, int32(c), v)
			}
		}
		id := ""
		if keepItems > 0 {
			id = d.items[i]
		}
		a.add(id, cv)
	}
	s := a.Stats()
	s.anonymous = d.anonymous
	return s
}

// analysisStats returns the statistics Analyze works on: d.Stats(0), or,
// for large data whose items are mostly distinct (continuous values), one
// pattern per item in data order — finding equal patterns would cost more
// than it saves, and the results then agree with those of the statistics
// to rounding (1e-12), not bit for bit.
func (d *Data) analysisStats() *Stats {
	const probe = 1 << 14
	if d.n < 4*probe {
		return d.Stats(0)
	}
	t := newPatternTable()
	cv := make([]int32, 0, 2*len(d.cols))
	for i := range probe {
		cv = d.appendPattern(cv[:0], i)
		if len(cv) > 0 {
			t.add(cv, 1)
		}
	}
	if t.len() <= probe/2 {
		return d.Stats(0)
	}
	s := &Stats{source: d.source, coders: d.coders, fixed: true, labels: d.labels, ordered: d.ordered,
		declared: d.declared, closed: d.closed, firstSeen: d.firstSeen, identity: true, start: make([]int, 1, d.n+1), anonymous: d.anonymous}
	for i := range d.n {
		n := len(s.cv)
		s.cv = d.appendPattern(s.cv, i)
		if len(s.cv) == n {
			s.empty++
			continue
		}
		s.start = append(s.start, len(s.cv))
		s.count = append(s.count, 1)
	}
	return s
}

// appendPattern appends the (coder, value) pairs of item i to cv.
func (d *Data) appendPattern(cv []int32, i int) []int32 {
	for c, col := range d.cols {
		if v := col[i]; v != Missing {
			cv = append(cv, int32(c), v)
		}
	}
	return cv
}

// canonicalHashSeed is the fixed seed of the hash that orders patterns:
// fixed, so that the order depends only on the patterns' content.
const canonicalHashSeed = 0x243F6A8885A308D3

// canonicalOrder returns the patterns (pattern p is cv[start[p]:start[p+1]])
// in canonical order: by a fixed 64-bit hash of their content, equal
// hashes by their content. Any order that depends only on the content
// would do; this one sorts millions of patterns in linear time.
func canonicalOrder(cv []int32, start []int) []int32 {
	n := len(start) - 1
	t := patternTable{seed: canonicalHashSeed}
	keys := make([]uint64, n)
	order := make([]int32, n)
	for p := range n {
		keys[p] = t.hashPairs(cv[start[p]:start[p+1]])
		order[p] = int32(p)
	}
	radixSort(keys, order)
	for i := 0; i < n; {
		j := i + 1
		for j < n && keys[j] == keys[i] {
			j++
		}
		if j-i > 1 {
			slices.SortFunc(order[i:j], func(x, y int32) int {
				return slices.Compare(cv[start[x]:start[x+1]], cv[start[y]:start[y+1]])
			})
		}
		i = j
	}
	return order
}

// radixSort sorts keys (and order alongside) in increasing order, by bytes
// from the least significant (stable).
func radixSort(keys []uint64, order []int32) {
	n := len(keys)
	if n < 256 {
		idx := make([]int, n)
		for i := range idx {
			idx[i] = i
		}
		slices.SortStableFunc(idx, func(x, y int) int { return cmp.Compare(keys[x], keys[y]) })
		k2, o2 := make([]uint64, n), make([]int32, n)
		for i, x := range idx {
			k2[i], o2[i] = keys[x], order[x]
		}
		copy(keys, k2)
		copy(order, o2)
		return
	}
	k2, o2 := make([]uint64, n), make([]int32, n)
	src, dst := keys, k2
	osrc, odst := order, o2
	for shift := uint(0); shift < 64; shift += 8 {
		var cnt [257]int
		for _, k := range src {
			cnt[(k>>shift)&0xff+1]++
		}
		if cnt[(src[0]>>shift)&0xff+1] == n {
			continue // every key has the same byte here
		}
		for b := range 256 {
			cnt[b+1] += cnt[b]
		}
		for i, k := range src {
			b := (k >> shift) & 0xff
			dst[cnt[b]] = k
			odst[cnt[b]] = osrc[i]
			cnt[b]++
		}
		src, dst = dst, src
		osrc, odst = odst, osrc
	}
	if &src[0] != &keys[0] {
		copy(keys, src)
		copy(order, osrc)
	}
}

// ItemIDs returns, for every pattern of the analysis' Stats, the ids of
// its items in natural order: at most k of them (k ≤ 0: all). They come
// from the data when the analysis has them, and otherwise from the ids the
// Stats kept — which must be at least k, and must not have been dropped for
// a ranking other than that of the analysis (the nominal distance with its
// weighting).
func (a *Analysis) ItemIDs(k int) ([][]string, error) {
	s := a.stats
	if a.data != nil {
		return a.data.itemIDs(s, k), nil
	}
	if s.keep == 0 || (k <= 0) || s.keep < k {
		return nil, fmt.Errorf("the statistics kept %d item ids per pattern; ranking %s needs the data or statistics that keep at least that many", s.keep, itemsWanted(k))
	}
	if r := s.rankBy; r != nil && (r.distance() != a.dist || r.Missing != a.opt.Missing) {
		return nil, fmt.Errorf("the statistics kept the item ids for ranking by the %s distance with %s weighting; this analysis ranks by the %s distance with %s weighting", r.distance(), r.Missing, a.dist, a.opt.Missing)
	}
	out := make([][]string, len(s.ids))
	for p, ids := range s.ids {
		out[p] = ids[:min(len(ids), k)]
	}
	return out, nil
}

func itemsWanted(k int) string {
	if k <= 0 {
		return "all items"
	}
	return fmt.Sprintf("the first %d items", k)
}

// itemIDs returns the ids of d's items by pattern of s (d's own Stats),
// at most k per pattern (k ≤ 0: all), in natural order.
func (d *Data) itemIDs(s *Stats, k int) [][]string {
	if s.identity {
		out := make([][]string, 0, s.NumPatterns())
		cv := make([]int32, 0, 2*len(d.cols))
		for i := range d.n {
			if cv = d.appendPattern(cv[:0], i); len(cv) > 0 {
				out = append(out, d.items[i:i+1])
			}
		}
		return out
	}
	t := newPatternTable()
	for p := range s.NumPatterns() {
		cv, _ := s.Pattern(p)
		t.add(cv, 1)
	}
	out := make([][]string, s.NumPatterns())
	cv := make([]int32, 0, 2*len(d.cols))
	for i := range d.n {
		cv = cv[:0]
		for c, col := range d.cols {
			if v := col[i]; v != Missing {
				cv = append(cv, int32(c), v)
			}
		}
		if len(cv) == 0 {
			continue
		}
		p := t.find(cv)
		out[p] = append(out[p], d.items[i])
	}
	for p, ids := range out {
		slices.SortFunc(ids, CompareNatural)
		if k > 0 && len(ids) > k {
			out[p] = ids[:k]
		}
	}
	return out
}

// ItemPatterns returns, for each item of the analysed data (in data
// order), the index of its pattern in Stats, or −1 for an item without
// values; nil for an analysis of statistics. Do not modify.
func (a *Analysis) ItemPatterns() []int32 {
	if a.data == nil {
		return nil
	}
	a.itemPatOnce.Do(func() {
		s, d := a.stats, a.data
		if s.identity {
			a.itemPat = make([]int32, d.n)
			p := int32(0)
			cv := make([]int32, 0, 2*len(d.cols))
			for i := range d.n {
				a.itemPat[i] = -1
				if cv = d.appendPattern(cv[:0], i); len(cv) > 0 {
					a.itemPat[i] = p
					p++
				}
			}
			return
		}
		t := newPatternTable()
		for p := range s.NumPatterns() {
			cv, _ := s.Pattern(p)
			t.add(cv, 1)
		}
		out := make([]int32, d.n)
		cv := make([]int32, 0, 2*len(d.cols))
		for i := range d.n {
			cv = cv[:0]
			for c, col := range d.cols {
				if v := col[i]; v != Missing {
					cv = append(cv, int32(c), v)
				}
			}
			out[i] = -1
			if len(cv) > 0 {
				out[i] = int32(t.find(cv))
			}
		}
		a.itemPat = out
	})
	return a.itemPat
}

// Reweighted returns the analysis, with the same options, of data whose
// pattern p (of Stats) has counts[p] items and with empty items without
// values: a resample of the items, for instance. It equals the analysis of
// such data built item by item, bit for bit.
func (a *Analysis) Reweighted(counts []int64, empty int64) (*Analysis, error) {
	s := a.stats
	if len(counts) != s.NumPatterns() {
		return nil, fmt.Errorf("%d counts for %d patterns", len(counts), s.NumPatterns())
	}
	var ps []int
	var ns []int64
	for p, n := range counts {
		if n != 0 {
			ps, ns = append(ps, p), append(ns, n)
		}
	}
	return a.reweighted(ps, ns, empty)
}

// reweighted is Reweighted for the patterns ps (increasing) counted ns
// times, the others not at all.
func (a *Analysis) reweighted(ps []int, ns []int64, empty int64) (*Analysis, error) {
	s := a.stats
	if empty < 0 {
		return nil, fmt.Errorf("%d empty items", empty)
	}
	r := &Stats{source: s.source, coders: s.coders, fixed: s.fixed, labels: s.labels, ordered: s.ordered,
		declared: s.declared, closed: s.closed, firstSeen: s.firstSeen, empty: empty, start: make([]int, 1, len(ps)+1), count: make([]int64, 0, len(ps)), identity: s.identity, anonymous: s.anonymous}
	for i, p := range ps {
		n := ns[i]
		if n < 0 {
			return nil, fmt.Errorf("negative count for pattern %d", p)
		}
		if n == 0 {
			continue
		}
		cv := s.cv[s.start[p]:s.start[p+1]]
		r.cv = append(r.cv, cv...)
		r.start = append(r.start, len(r.cv))
		r.count = append(r.count, n)
	}
	return analyzeStats(r, a.opt, nil)
}

// WithoutCoders returns the statistics without the given coders (indices
// into Coders), who must have given no value: an empty column of a
// spreadsheet, say. The other coders keep their order; items, patterns and
// kept ids are unchanged.
func (s *Stats) WithoutCoders(drop []int) (*Stats, error) {
	gone := make([]bool, len(s.coders))
	for _, c := range drop {
		if c < 0 || c >= len(s.coders) {
			return nil, fmt.Errorf("coder index %d out of range", c)
		}
		gone[c] = true
	}
	cmap := make([]int32, len(s.coders))
	var coders []string
	for c, name := range s.coders {
		cmap[c] = int32(len(coders))
		if !gone[c] {
			coders = append(coders, name)
		}
	}
	for i := 0; i < len(s.cv); i += 2 {
		if gone[s.cv[i]] {
			return nil, fmt.Errorf("coder %s gave values", csvio.Quote(s.coders[s.cv[i]]))
		}
	}
	out := *s
	out.coders = coders
	out.cv = make([]int32, len(s.cv))
	for i := 0; i < len(s.cv); i += 2 {
		out.cv[i], out.cv[i+1] = cmap[s.cv[i]], s.cv[i+1]
	}
	if !s.identity {
		// the canonical order hashes the coder indices: sort again
		order := canonicalOrder(out.cv, out.start)
		cv, start, count := make([]int32, 0, len(out.cv)), make([]int, 1, len(out.start)), make([]int64, len(order))
		var ids [][]string
		var pruned []bool
		if s.ids != nil {
			ids, pruned = make([][]string, len(order)), make([]bool, len(order))
		}
		for q, p := range order {
			cv = append(cv, out.cv[out.start[p]:out.start[p+1]]...)
			start = append(start, len(cv))
			count[q] = s.count[p]
			if ids != nil {
				ids[q], pruned[q] = s.ids[p], s.pruned[p]
			}
		}
		out.cv, out.start, out.count, out.ids, out.pruned = cv, start, count, ids, pruned
		out.groups = s.groups.reorder(order) // itemgroups.go
	}
	return &out, nil
}

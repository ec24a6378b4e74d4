package shuffle

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"sort"
	"strings"

	"agree/unitizing"
)

// ErrorType is a set of error types an annotator makes; combine with |.
type ErrorType uint

// The error types of the corpus shuffling tool (Mathet et al. 2015, §6.3.1).
const (
	// Position shifts each boundary of each unit by a uniform amount in
	// [−shiftmax, shiftmax], shiftmax = m · ShiftScale · unit length.
	Position ErrorType = 1 << iota
	// Category replaces the category c of each unit by k with probability
	// P(k|c) = (1−m)·δ_ck + m·((1−m)·S_ck + m·p_k), S the row-normalised
	// confusion structure (the prevalences p when none is given): small
	// magnitudes confuse close categories, magnitude 1 draws categories at
	// random by prevalence.
	Category
	// FalseNegative forgets each unit with probability m.
	FalseNegative
	// FalsePositive adds about m · FalsePositiveScale · |reference| units
	// drawn from the model at random places.
	FalsePositive
	// Split makes about m · SplitScale · |reference| splits, each cutting a
	// random unit (possibly one made by an earlier split) in two contiguous
	// units of the same category.
	Split
)

var errorNames = []struct {
	t    ErrorType
	name string
}{
	{Position, "position"}, {Category, "category"}, {FalseNegative, "false_negative"},
	{FalsePositive, "false_positive"}, {Split, "split"},
}

// String returns the error types joined by "+", e.g. "position+category".
func (e ErrorType) String() string {
	var parts []string
	for _, n := range errorNames {
		if e&n.t != 0 {
			parts = append(parts, n.name)
		}
	}
	if len(parts) == 0 {
		return "none"
	}
	return strings.Join(parts, "+")
}

// ParseErrorType parses names joined by "+": position, category,
// false_negative (or fn), false_positive (or fp), split.
func ParseErrorType(s string) (ErrorType, error) {
	var e ErrorType
	for _, p := range strings.Split(s, "+") {
		p = strings.ToLower(strings.TrimSpace(p))
		switch p {
		case "fn", "false-negative", "falsenegative":
			p = "false_negative"
		case "fp", "false-positive", "falsepositive":
			p = "false_positive"
		case "splits":
			p = "split"
		}
		found := false
		for _, n := range errorNames {
			if n.name == p {
				e |= n.t
				found = true
			}
		}
		if !found {
			return 0, fmt.Errorf("unknown error type %q (want position, category, false_negative, false_positive, split, or several joined by +)", p)
		}
	}
	return e, nil
}

// Shuffler simulates annotators who copy a reference with errors.
type Shuffler struct {
	Errors ErrorType
	// Annotators is the number of simulated annotators (at least 2).
	Annotators int
	// Confusion is an optional C×C matrix of non-negative weights over the
	// model's categories (same order): row c says which categories an
	// annotator confuses c with at small magnitudes. Nil: the prevalences.
	Confusion [][]float64
	// Disjoint keeps each annotator's units disjoint (the modified shifting
	// of §6.3.4, needed by the unitizing alphas and κ_d): shifted units are
	// placed one by one in free space (see shiftDisjoint), and false
	// positives go to free space only (fewer are placed when none is left).
	Disjoint bool
	// ShiftScale scales the position shifts (default 2: at magnitude 1 a
	// boundary moves by up to twice the unit's length; with Disjoint, γ then
	// falls to about 0.15 at magnitude 1, near the paper's 0.1, §6.3.4).
	ShiftScale float64
	// SplitScale is the number of splits per reference unit at magnitude 1
	// (default 5, as in §6.3.4).
	SplitScale float64
	// FalsePositiveScale is the number of added units per reference unit at
	// magnitude 1 (default 1).
	FalsePositiveScale float64
}

func (s Shuffler) withDefaults() Shuffler {
	if s.ShiftScale == 0 {
		s.ShiftScale = 2
	}
	if s.SplitScale == 0 {
		s.SplitScale = 5
	}
	if s.FalsePositiveScale == 0 {
		s.FalsePositiveScale = 1
	}
	return s
}

// Validate reports an unusable shuffler for the model m.
func (s Shuffler) Validate(m Model) error {
	if s.Annotators < 2 || s.Annotators > MaxAnnotators {
		return fmt.Errorf("shuffle: %d annotators; want 2 to %d", s.Annotators, MaxAnnotators)
	}
	if s.Errors == 0 || s.Errors&^(Position|Category|FalseNegative|FalsePositive|Split) != 0 {
		return fmt.Errorf("shuffle: invalid error types %d", s.Errors)
	}
	for _, x := range []struct {
		name string
		v    float64
	}{{"shift", s.ShiftScale}, {"split", s.SplitScale}, {"false-positive", s.FalsePositiveScale}} {
		if !(x.v >= 0 && x.v <= MaxScale) {
			return fmt.Errorf("shuffle: %s scale %v not in [0, %d]", x.name, x.v, MaxScale)
		}
	}
	if s.Confusion != nil {
		C := len(m.Categories)
		if len(s.Confusion) != C {
			return fmt.Errorf("shuffle: confusion matrix has %d rows; the model has %d categories", len(s.Confusion), C)
		}
		for i, row := range s.Confusion {
			if len(row) != C {
				return fmt.Errorf("shuffle: confusion row %d has %d entries; want %d", i, len(row), C)
			}
			sum := 0.0
			for _, w := range row {
				if !(w >= 0) || math.IsInf(w, 0) {
					return fmt.Errorf("shuffle: confusion row %d: weight %v must be finite and ≥ 0", i, w)
				}
				sum += w
			}
			if sum == 0 {
				return fmt.Errorf("shuffle: confusion row %d is all zero", i)
			}
			if math.IsInf(sum, 0) {
				return fmt.Errorf("shuffle: confusion row %d sums to more than %g: the weights are relative, scale them down", i, math.MaxFloat64)
			}
		}
	}
	return nil
}

// Annotate simulates the annotators at magnitude mag ∈ [0, 1] on ref. The
// returned continuum does not contain the reference (§6.3.1). Errors are
// applied to each annotator independently, in the order false negatives,
// position, category, splits, false positives. At magnitude 0 every
// annotator copies the reference.
func (s Shuffler) Annotate(ref Reference, mag float64, rng *rand.Rand) (unitizing.Continuum, error) {
	s = s.withDefaults()
	if err := s.Validate(ref.Model); err != nil {
		return unitizing.Continuum{}, err
	}
	if !(mag >= 0 && mag <= 1) {
		return unitizing.Continuum{}, fmt.Errorf("shuffle: magnitude %v not in [0, 1]", mag)
	}
	c := unitizing.Continuum{Name: fmt.Sprintf("%s@%.2f", s.Errors, mag)}
	for a := 0; a < s.Annotators; a++ {
		c.Annotators = append(c.Annotators, fmt.Sprintf("annotator%d", a+1))
		for _, u := range s.annotator(ref, mag, rng) {
			u.Annotator = a
			c.Units = append(c.Units, u)
		}
	}
	return c, nil
}

// count returns a random integer with mean x (floor plus a Bernoulli).
func count(rng *rand.Rand, x float64) int {
	n := math.Floor(x)
	if rng.Float64() < x-n {
		n++
	}
	return int(n)
}

func (s Shuffler) annotator(ref Reference, m float64, rng *rand.Rand) []unitizing.Unit {
	model := ref.Model
	us := slices.Clone(ref.Units)
	if s.Errors&FalseNegative != 0 {
		kept := us[:0]
		for _, u := range us {
			if rng.Float64() >= m {
				kept = append(kept, u)
			}
		}
		us = kept
	}
	if s.Errors&Position != 0 {
		us = s.shift(us, ref, m, rng)
	}
	if s.Errors&Category != 0 {
		s.recategorize(us, model, m, rng)
	}
	if s.Errors&Split != 0 {
		us = s.split(us, model, count(rng, m*s.SplitScale*float64(len(ref.Units))), rng)
	}
	if s.Errors&FalsePositive != 0 {
		us = s.addFalsePositives(us, ref, count(rng, m*s.FalsePositiveScale*float64(len(ref.Units))), rng)
	}
	unitizing.SortUnits(us)
	return us
}

// shift moves the boundaries of every unit (sorted by start): each boundary
// by a uniform amount in [−shiftmax, shiftmax], shiftmax = m·ShiftScale·len.
func (s Shuffler) shift(us []unitizing.Unit, ref Reference, m float64, rng *rand.Rand) []unitizing.Unit {
	if s.Disjoint && contiguous(us) {
		return s.shiftBoundaries(us, ref, m, rng)
	}
	if s.Disjoint {
		return s.shiftDisjoint(us, ref, m, rng)
	}
	out := make([]unitizing.Unit, len(us))
	for i, u := range us {
		out[i] = s.proposeShift(u, ref, m, rng)
	}
	return out
}

// proposeShift returns u with both boundaries shifted, inside the extent
// and at least one minimal length long.
func (s Shuffler) proposeShift(u unitizing.Unit, ref Reference, m float64, rng *rand.Rand) unitizing.Unit {
	model := ref.Model
	minLen := model.minLen()
	lo, hi := ref.Extent.Begin, ref.Extent.End
	max := m * s.ShiftScale * u.Len()
	st := u.Start + model.round((2*rng.Float64()-1)*max)
	en := u.End + model.round((2*rng.Float64()-1)*max)
	if en < st {
		st, en = en, st
	}
	st = math.Max(lo, math.Min(st, hi-minLen))
	en = math.Min(hi, math.Max(en, st+minLen))
	return unitizing.Unit{Category: u.Category, Start: st, End: en}
}

// contiguous reports whether the sorted units tile a stretch without gaps
// (a pure segmentation); a single unit does not count.
func contiguous(us []unitizing.Unit) bool {
	if len(us) < 2 {
		return false
	}
	for i := 1; i < len(us); i++ {
		if us[i].Start != us[i-1].End {
			return false
		}
	}
	return true
}

// shiftBoundaries is the position error of a pure segmentation (§6.3.2):
// every inner boundary (the start of unit i ≥ 1) moves by a uniform amount
// in [−shiftmax, shiftmax], shiftmax = m·ShiftScale·(length of unit i),
// within the tiled stretch; the segments are rebuilt between the sorted
// boundaries (two boundaries closer than a minimal length merge), and each
// new segment takes the category of the reference unit under its midpoint.
func (s Shuffler) shiftBoundaries(us []unitizing.Unit, ref Reference, m float64, rng *rand.Rand) []unitizing.Unit {
	model := ref.Model
	minLen := model.minLen()
	lo, hi := us[0].Start, us[len(us)-1].End
	bs := make([]float64, 0, len(us)-1)
	for _, u := range us[1:] {
		max := m * s.ShiftScale * u.Len()
		b := u.Start + model.round((2*rng.Float64()-1)*max)
		bs = append(bs, math.Max(lo+minLen, math.Min(b, hi-minLen)))
	}
	sort.Float64s(bs)
	catAt := func(x float64) string {
		i := sort.Search(len(us), func(i int) bool { return us[i].End > x })
		return us[min(i, len(us)-1)].Category
	}
	out := make([]unitizing.Unit, 0, len(us))
	prev := lo
	for _, b := range append(bs, hi) {
		if b-prev < minLen && b != hi {
			continue
		}
		if b-prev < minLen { // the last boundary came too close to the end: merge
			out[len(out)-1].End = hi
			break
		}
		out = append(out, unitizing.Unit{Category: catAt((prev + b) / 2), Start: prev, End: b})
		prev = b
	}
	return out
}

// shiftDisjoint is the modified shifting of §6.3.4: units are placed one
// at a time in random order; each takes the first of up to 10 shifted
// proposals that does not overlap the units already placed (so units may
// hop over their neighbours into free space at high magnitudes), and
// otherwise the free space nearest to its reference position (shortened if
// the free interval is shorter). A unit that finds no free space at all
// (possible only when earlier units grew into every gap) is dropped.
func (s Shuffler) shiftDisjoint(us []unitizing.Unit, ref Reference, m float64, rng *rand.Rand) []unitizing.Unit {
	minLen := ref.Model.minLen()
	lo, hi := ref.Extent.Begin, ref.Extent.End
	placed := make([]unitizing.Unit, 0, len(us)) // sorted by start, disjoint
	// at returns the index of the first placed unit ending after x.
	at := func(x float64) int {
		return sort.Search(len(placed), func(i int) bool { return placed[i].End > x })
	}
	insert := func(u unitizing.Unit) {
		i := at(u.Start)
		placed = append(placed, unitizing.Unit{})
		copy(placed[i+1:], placed[i:])
		placed[i] = u
	}
	for _, i := range rng.Perm(len(us)) {
		u := us[i]
		done := false
		for try := 0; try < 10 && !done; try++ {
			v := s.proposeShift(u, ref, m, rng)
			if j := at(v.Start); j == len(placed) || placed[j].Start >= v.End {
				insert(v)
				done = true
			}
		}
		if done {
			continue
		}
		best, bestDist := unitizing.Unit{}, math.Inf(1)
		prev := lo
		for j := 0; j <= len(placed); j++ {
			next := hi
			if j < len(placed) {
				next = placed[j].Start
			}
			if next-prev >= minLen {
				l := math.Min(u.Len(), next-prev)
				st := math.Max(prev, math.Min(u.Start, next-l))
				if d := math.Abs(st - u.Start); d < bestDist {
					best, bestDist = unitizing.Unit{Category: u.Category, Start: st, End: st + l}, d
				}
			}
			if j < len(placed) {
				prev = placed[j].End
			}
		}
		if !math.IsInf(bestDist, 1) {
			insert(best)
		}
	}
	return placed
}

// recategorize draws each unit's category from P(·|c).
func (s Shuffler) recategorize(us []unitizing.Unit, model Model, m float64, rng *rand.Rand) {
	C := len(model.Categories)
	index := map[string]int{}
	prev := make([]float64, C)
	total := 0.0
	for i, c := range model.Categories {
		index[c.Name] = i
		total += c.Prevalence
	}
	for i, c := range model.Categories {
		prev[i] = c.Prevalence / total
	}
	probs := make([]float64, C)
	for i := range us {
		ci, ok := index[us[i].Category]
		if !ok {
			continue
		}
		rowSum := 0.0
		if s.Confusion != nil {
			for _, w := range s.Confusion[ci] {
				rowSum += w
			}
		}
		for k := range probs {
			sk := prev[k]
			if s.Confusion != nil {
				sk = s.Confusion[ci][k] / rowSum
			}
			probs[k] = m * ((1-m)*sk + m*prev[k])
		}
		probs[ci] += 1 - m
		x := rng.Float64()
		k := 0
		for ; k < C-1; k++ {
			x -= probs[k]
			if x < 0 {
				break
			}
		}
		us[i].Category = model.Categories[k].Name
	}
}

// split performs n splits on random units long enough to be cut: each
// time, a unit is drawn uniformly among those at least two minimal lengths
// long (in index order, the pieces appended at the end), and cut at a
// uniform point leaving both pieces at least one minimal length long. A
// Fenwick tree over the units finds the r-th candidate in O(log n), so n
// splits cost O((units + n) log(units + n)).
func (s Shuffler) split(us []unitizing.Unit, model Model, n int, rng *rand.Rand) []unitizing.Unit {
	minLen := model.minLen()
	can := func(u unitizing.Unit) bool { return u.Len() >= 2*minLen }
	f := newFenwick(len(us) + n)
	for i, u := range us {
		if can(u) {
			f.add(i, 1)
		}
	}
	for ; n > 0; n-- {
		if f.total == 0 {
			break
		}
		i := f.find(rng.IntN(f.total))
		u := us[i]
		cut := model.uniform(rng, u.Start+minLen, u.End-minLen)
		us[i].End = cut
		if !can(us[i]) {
			f.add(i, -1)
		}
		us = append(us, unitizing.Unit{Category: u.Category, Start: cut, End: u.End})
		if can(us[len(us)-1]) {
			f.add(len(us)-1, 1)
		}
	}
	return us
}

// fenwick counts flagged positions: add and find the r-th flagged position
// in O(log n).
type fenwick struct {
	tree  []int // 1-based
	total int
}

func newFenwick(n int) *fenwick { return &fenwick{tree: make([]int, n+1)} }

func (f *fenwick) add(i, d int) {
	f.total += d
	for i++; i < len(f.tree); i += i & -i {
		f.tree[i] += d
	}
}

// find returns the position of the r-th flagged position (0-based r).
func (f *fenwick) find(r int) int {
	pos, rem := 0, r+1
	step := 1
	for step*2 < len(f.tree) {
		step *= 2
	}
	for ; step > 0; step /= 2 {
		if next := pos + step; next < len(f.tree) && f.tree[next] < rem {
			pos = next
			rem -= f.tree[next]
		}
	}
	return pos
}

// addFalsePositives adds n units drawn from the model at random places;
// with Disjoint, a unit that would overlap one already there (the
// annotator's or an earlier false positive) is redrawn, up to 20 times.
// Occupied space is kept in an ordered set of intervals, so each check
// costs O(log units).
func (s Shuffler) addFalsePositives(us []unitizing.Unit, ref Reference, n int, rng *rand.Rand) []unitizing.Unit {
	model := ref.Model
	var occupied *intervalSet
	if s.Disjoint && n > 0 {
		occupied = newIntervalSet(us)
	}
	for ; n > 0; n-- {
		c := model.Categories[model.category(rng)]
		l := math.Min(model.uniform(rng, c.MinLen, c.MaxLen), ref.Extent.Len())
		for try := 0; try < 20; try++ {
			st := model.uniform(rng, ref.Extent.Begin, ref.Extent.End-l)
			u := unitizing.Unit{Category: c.Name, Start: st, End: st + l}
			if occupied != nil {
				if occupied.overlaps(u.Start, u.End) {
					continue
				}
				occupied.insert(u.Start, u.End)
			}
			us = append(us, u)
			break
		}
	}
	return us
}

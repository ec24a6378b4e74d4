package segmentation

import (
	"fmt"
	"math/bits"
)

// DefaultNT is SegEval's default maximum transposition span n_t, in PB slots:
// with 2, only boundaries in adjacent slots are near misses.
const DefaultNT = 2

// Side says which of the two compared segmentations an addition comes from.
type Side int

// The sides of a comparison: A is the first argument (the hypothesis in
// SegEval's argument order), B the second (the reference).
const (
	SideA Side = 1
	SideB Side = 2
)

func (s Side) String() string {
	switch s {
	case SideA:
		return "a"
	case SideB:
		return "b"
	}
	return fmt.Sprintf("Side(%d)", int(s))
}

// Addition is a boundary of type Type at Slot in one segmentation only
// (a full miss).
type Addition struct {
	Slot int
	Type int
	Side Side
}

// Substitution is a slot where A has type TypeA and B has type TypeB instead.
type Substitution struct {
	Slot         int
	TypeA, TypeB int
}

// Transposition is a near miss: a boundary of type Type at slot From in one
// segmentation and at slot To (From < To ≤ From+n_t−1) in the other.
type Transposition struct {
	From, To int
	Type     int
}

// Edits is the boundary edit distance between two segmentations (Fournier
// 2013, §3; SegEval 2.0.11 boundary_edit_distance; sheet §2): the set edits
// turning boundary string A into B, plus the matching boundaries. It is the
// common ground of B, S and the BED confusion matrix.
type Edits struct {
	Additions      []Addition
	Substitutions  []Substitution
	Transpositions []Transposition
	// Matches counts (slot, type) pairs present in both segmentations.
	Matches int
	// Units is N, the length of both segmentations.
	Units int
	// NT is the maximum transposition span used.
	NT int

	types      uint64         // union of the types of both segmentations
	matchTypes [MaxType]int32 // matches per type (index t−1)
}

// BoundaryEdits computes the boundary edit distance between a and b
// (Fournier 2013; SegEval boundary_edit_distance, sheet §2) with maximum
// transposition span nt (0 means DefaultNT; otherwise nt ≥ 2).
//
//  1. At each slot i with A_i Δ B_i ≠ ∅, the candidate edits are A_i∖B_i
//     and B_i∖A_i.
//  2. For n = 2…nt and then slot i ascending (j = i+n−1), each type
//     d ∈ (A_iΔB_i) ∩ (A_jΔB_j) ∩ (A_iΔA_j) ∩ (B_iΔB_j) still pending at both
//     slots is a transposition, unless both slots still have a substitution
//     pending (a type only in A and a type only in B); it removes d from
//     both slots.
//  3. The remaining types of each slot are paired into substitutions so that
//     Σ|t_a − t_b| is minimal (ties: the lexicographically smallest partner
//     list for the smaller side, in ascending type order); unpaired types are
//     additions.
//
// Cost: O(m·nt + m log m) for m slots holding a boundary in either
// segmentation, independent of N; with one boundary type, step 3 is O(1)
// per slot.
func BoundaryEdits(a, b Segmentation, nt int) (*Edits, error) {
	if err := checkPair(a, b); err != nil {
		return nil, err
	}
	if nt == 0 {
		nt = DefaultNT
	}
	if nt < 2 {
		return nil, fmt.Errorf("segmentation: transposition span n_t = %d; want ≥ 2", nt)
	}
	e := &Edits{Units: a.n, NT: nt, types: a.typeSet() | b.typeSet()}

	type cand struct {
		slot   int
		A, B   uint64 // original sets
		ra, rb uint64 // pending A∖B and B∖A
	}
	cs := make([]cand, 0, len(a.slots)+len(b.slots))
	for i, j := 0, 0; i < len(a.slots) || j < len(b.slots); {
		var c cand
		switch {
		case j == len(b.slots) || (i < len(a.slots) && a.slots[i] < b.slots[j]):
			c.slot, c.A = a.slots[i], a.sets[i]
			i++
		case i == len(a.slots) || b.slots[j] < a.slots[i]:
			c.slot, c.B = b.slots[j], b.sets[j]
			j++
		default:
			c.slot, c.A, c.B = a.slots[i], a.sets[i], b.sets[j]
			i++
			j++
		}
		if m := c.A & c.B; m != 0 {
			e.Matches += bits.OnesCount64(m)
			for ; m != 0; m &= m - 1 {
				e.matchTypes[bits.TrailingZeros64(m)]++
			}
		}
		if c.A != c.B {
			c.ra, c.rb = c.A&^c.B, c.B&^c.A
			cs = append(cs, c)
		}
	}

	// Step 2: transpositions, by increasing span n, then slot.
	for n := 2; n <= nt; n++ {
		q := 0
		for p := range cs {
			target := cs[p].slot + n - 1
			q = max(q, p+1)
			for q < len(cs) && cs[q].slot < target {
				q++
			}
			if q == len(cs) {
				break
			}
			if cs[q].slot != target {
				continue
			}
			ci, cj := &cs[p], &cs[q]
			pot := (ci.ra | ci.rb) & (cj.ra | cj.rb) & (ci.A ^ cj.A) & (ci.B ^ cj.B)
			for ; pot != 0; pot &= pot - 1 {
				bit := pot & -pot
				if (ci.ra|ci.rb)&bit == 0 || (cj.ra|cj.rb)&bit == 0 {
					continue
				}
				if ci.ra != 0 && ci.rb != 0 && cj.ra != 0 && cj.rb != 0 {
					continue // substitutions pending at both slots
				}
				ci.ra &^= bit
				ci.rb &^= bit
				cj.ra &^= bit
				cj.rb &^= bit
				e.Transpositions = append(e.Transpositions, Transposition{From: ci.slot, To: cj.slot, Type: bits.TrailingZeros64(bit) + 1})
			}
		}
	}

	// Step 3: substitutions and additions.
	for _, c := range cs {
		switch {
		case c.ra == 0 && c.rb == 0:
		case c.rb == 0:
			for m := c.ra; m != 0; m &= m - 1 {
				e.Additions = append(e.Additions, Addition{Slot: c.slot, Type: bits.TrailingZeros64(m) + 1, Side: SideA})
			}
		case c.ra == 0:
			for m := c.rb; m != 0; m &= m - 1 {
				e.Additions = append(e.Additions, Addition{Slot: c.slot, Type: bits.TrailingZeros64(m) + 1, Side: SideB})
			}
		default:
			e.pairTypes(c.slot, typeList(c.ra), typeList(c.rb))
		}
	}
	return e, nil
}

// pairTypes pairs the pending types xa (only in A) and xb (only in B) of
// one slot into substitutions of minimal Σ|t_a − t_b|, the rest becoming
// additions.
func (e *Edits) pairTypes(slot int, xa, xb []int) {
	short, long, swapped := xa, xb, false
	if len(xb) < len(xa) {
		short, long, swapped = xb, xa, true
	}
	partner := optimalPartners(short, long)
	used := make([]bool, len(long))
	for i, li := range partner {
		used[li] = true
		ta, tb := short[i], long[li]
		if swapped {
			ta, tb = tb, ta
		}
		e.Substitutions = append(e.Substitutions, Substitution{Slot: slot, TypeA: ta, TypeB: tb})
	}
	side := SideB
	if swapped {
		side = SideA
	}
	for i, t := range long {
		if !used[i] {
			e.Additions = append(e.Additions, Addition{Slot: slot, Type: t, Side: side})
		}
	}
}

// optimalPartners returns, for each element of short (ascending, len ≤
// len(long)), the index in long (ascending) of its partner, such that the
// total |difference| is minimal; among optimal assignments it returns the
// lexicographically smallest list of partner values. Costs are integers, so
// comparisons are exact.
func optimalPartners(short, long []int) []int {
	partner := make([]int, len(short))
	free := make([]bool, len(long))
	for i := range free {
		free[i] = true
	}
	best := orderedMatchCost(short, long, free)
	for i, s := range short {
		for j, l := range long {
			if !free[j] {
				continue
			}
			free[j] = false
			c := absInt(s-l) + orderedMatchCost(short[i+1:], long, free)
			if c == best {
				partner[i] = j
				best -= absInt(s - l)
				break
			}
			free[j] = true
		}
	}
	return partner
}

// orderedMatchCost is the minimal Σ|s−l| matching every element of short
// (ascending) to a distinct free element of long (ascending). On a line an
// order-preserving matching is optimal, so a DP over prefixes suffices.
func orderedMatchCost(short, long []int, free []bool) int {
	var ls []int
	for j, l := range long {
		if free[j] {
			ls = append(ls, l)
		}
	}
	if len(short) == 0 {
		return 0
	}
	const inf = int(^uint(0) >> 2)
	// f[j] = cost of matching short[:i] within ls[:j].
	f := make([]int, len(ls)+1)
	g := make([]int, len(ls)+1)
	for i := 1; i <= len(short); i++ {
		for j := 0; j <= len(ls); j++ {
			g[j] = inf
			if j > 0 {
				g[j] = g[j-1]
				if f[j-1] < inf {
					g[j] = min(g[j], f[j-1]+absInt(short[i-1]-ls[j-1]))
				}
			}
		}
		f, g = g, f
	}
	return f[len(ls)]
}

func absInt(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// AdditionWeight is w_a = |A_e|, one per addition (SegEval weight_a).
func (e *Edits) AdditionWeight() float64 { return float64(len(e.Additions)) }

// SubstitutionWeight is w_s = Σ|t_a − t_b| / (max type − min type + 1) over
// the types of both segmentations (SegEval weight_s_scale).
func (e *Edits) SubstitutionWeight() float64 {
	if len(e.Substitutions) == 0 {
		return 0
	}
	sum := 0
	for _, s := range e.Substitutions {
		sum += absInt(s.TypeA - s.TypeB)
	}
	lo := bits.TrailingZeros64(e.types) + 1
	hi := 64 - bits.LeadingZeros64(e.types)
	return float64(sum) / float64(hi-lo+1)
}

// TranspositionWeight is w_t = Σ|i − j| / n_t (SegEval weight_t_scale; the
// divisor is n_t, so an adjacent near miss costs 0.5 with n_t = 2).
func (e *Edits) TranspositionWeight() float64 {
	sum := 0
	for _, t := range e.Transpositions {
		sum += t.To - t.From
	}
	return float64(sum) / float64(e.NT)
}

// Weight is E_w = w_a + w_s + w_t, the weighted boundary edit distance.
func (e *Edits) Weight() float64 {
	return e.AdditionWeight() + e.SubstitutionWeight() + e.TranspositionWeight()
}

// Types returns the number of distinct boundary types in the union of both
// segmentations.
func (e *Edits) Types() int { return bits.OnesCount64(e.types) }

// BParts returns the numerator D − E_w and the denominator
// D = |A_e| + |S_e| + |T_e| + matches of boundary similarity B.
func (e *Edits) BParts() (num, den float64) {
	d := float64(len(e.Additions) + len(e.Substitutions) + len(e.Transpositions) + e.Matches)
	return d - e.Weight(), d
}

// B is boundary similarity (Fournier 2013, §4; sheet §3):
//
//	B = (D − E_w) / D,  D = |A_e| + |S_e| + |T_e| + |matches|,
//
// and B = 1 when D = 0 (no boundary in either segmentation; SegEval crashes
// there). B is symmetric in its arguments.
func (e *Edits) B() float64 {
	num, den := e.BParts()
	if den == 0 {
		return 1
	}
	return num / den
}

// SParts returns the numerator P − E_w and the denominator
// P = (N−1)·|types|² of segmentation similarity S.
func (e *Edits) SParts() (num, den float64) {
	t := float64(e.Types())
	p := float64(e.Units-1) * t * t
	return p - e.Weight(), p
}

// S is segmentation similarity (Fournier & Inkpen 2012; SegEval 2.0.11,
// sheet §3):
//
//	S = (P − E_w) / P,  P = (N−1)·|types|²,
//
// and S = 1 when P = 0. The square of |types| is SegEval's (it matters only
// with several boundary types).
func (e *Edits) S() float64 {
	num, den := e.SParts()
	if den == 0 {
		return 1
	}
	return num / den
}

// BoundarySimilarity returns B(a, b) with transposition span nt (0: default).
func BoundarySimilarity(a, b Segmentation, nt int) (float64, error) {
	e, err := BoundaryEdits(a, b, nt)
	if err != nil {
		return 0, err
	}
	return e.B(), nil
}

// SegmentationSimilarity returns S(a, b) with transposition span nt (0: default).
func SegmentationSimilarity(a, b Segmentation, nt int) (float64, error) {
	e, err := BoundaryEdits(a, b, nt)
	if err != nil {
		return 0, err
	}
	return e.S(), nil
}

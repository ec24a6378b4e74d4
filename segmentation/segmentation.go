package segmentation

import (
	"errors"
	"fmt"
	"math"
	"math/bits"
	"strconv"
	"strings"
)

// MaxType is the largest boundary type a Segmentation can hold. Types are
// the integers 1…MaxType; the single default type is 1.
const MaxType = 64

// Segmentation is a linear segmentation of N units (words, sentences,
// paragraphs…) into contiguous segments.
//
// It is stored as a sparse boundary string in SegEval's sense (Fournier 2013,
// sheet §1): the N−1 potential boundary (PB) slots, slot i lying between unit
// i and unit i+1 (0-based), of which only the slots holding at least one
// boundary type are kept. Memory and the cost of every measure therefore
// grow with the number of boundaries, not with N (only the conversions
// Positions, BoundaryString and Sets are O(N)).
//
// The zero value is not a valid segmentation; build one with FromMasses,
// FromPositions, FromBoundaryString or FromSets. A Segmentation is immutable.
type Segmentation struct {
	n     int      // number of units, ≥ 1 for a valid value
	slots []int    // ascending PB slots (0…n−2) holding at least one type
	sets  []uint64 // sets[i]: types at slots[i]; bit t−1 set for type t
}

// errZero is returned when a zero Segmentation is passed to a measure.
var errZero = errors.New("segmentation: zero Segmentation (build one with FromMasses, FromPositions, FromBoundaryString or FromSets)")

// FromMasses builds a segmentation from segment lengths ("masses"), e.g.
// (2, 3, 6) for 11 units in three segments. Every mass must be positive.
// A boundary of type 1 is placed at slot cum−1 after every segment but the
// last (SegEval convert_masses_to_positions; sheet §1).
func FromMasses(masses []int) (Segmentation, error) {
	if len(masses) == 0 {
		return Segmentation{}, errors.New("segmentation: no masses (a segmentation has at least one segment)")
	}
	s := Segmentation{slots: make([]int, 0, len(masses)-1), sets: make([]uint64, 0, len(masses)-1)}
	for i, m := range masses {
		if m <= 0 {
			return Segmentation{}, fmt.Errorf("segmentation: mass %d (value %d) must be a positive integer", i+1, m)
		}
		if s.n > math.MaxInt32-m {
			return Segmentation{}, fmt.Errorf("segmentation: total mass exceeds %d units", math.MaxInt32)
		}
		s.n += m
		if i < len(masses)-1 {
			s.slots = append(s.slots, s.n-1)
			s.sets = append(s.sets, 1)
		}
	}
	return s, nil
}

// FromPositions builds a segmentation from one segment label per unit, e.g.
// (1,1,2,2,2,3,3,3,3,3,3). A boundary of type 1 is placed wherever the label
// changes between adjacent units (SegEval's position format).
func FromPositions(labels []int) (Segmentation, error) {
	if len(labels) == 0 {
		return Segmentation{}, errors.New("segmentation: no positions (a segmentation has at least one unit)")
	}
	if len(labels) > math.MaxInt32 {
		return Segmentation{}, fmt.Errorf("segmentation: more than %d units", math.MaxInt32)
	}
	s := Segmentation{n: len(labels)}
	for i := 0; i+1 < len(labels); i++ {
		if labels[i] != labels[i+1] {
			s.slots = append(s.slots, i)
			s.sets = append(s.sets, 1)
		}
	}
	return s, nil
}

// FromBoundaryString builds a segmentation from an NLTK-style boundary
// string: one character per PB slot, '1' for a boundary and '0' for none,
// so a string of length L describes L+1 units ("0100100000" is (2,3,6);
// sheet §1). Any other character is an error.
func FromBoundaryString(str string) (Segmentation, error) {
	if len(str) >= math.MaxInt32 {
		return Segmentation{}, fmt.Errorf("segmentation: boundary string longer than %d", math.MaxInt32-1)
	}
	s := Segmentation{n: len(str) + 1}
	for i := 0; i < len(str); i++ {
		switch str[i] {
		case '0':
		case '1':
			s.slots = append(s.slots, i)
			s.sets = append(s.sets, 1)
		default:
			return Segmentation{}, fmt.Errorf("segmentation: boundary string: character %d is %q; want '0' or '1'", i+1, str[i])
		}
	}
	return s, nil
}

// FromSets builds a segmentation from SegEval's "sets" boundary format: one
// set of boundary types per PB slot, so len(sets)+1 units. An empty set is no
// boundary; types must lie in 1…MaxType; repeated types in one set count once.
func FromSets(sets [][]int) (Segmentation, error) {
	if len(sets) >= math.MaxInt32 {
		return Segmentation{}, fmt.Errorf("segmentation: more than %d slots", math.MaxInt32-1)
	}
	s := Segmentation{n: len(sets) + 1}
	for i, set := range sets {
		var m uint64
		for _, t := range set {
			if t < 1 || t > MaxType {
				return Segmentation{}, fmt.Errorf("segmentation: slot %d: boundary type %d out of range 1…%d", i, t, MaxType)
			}
			m |= 1 << (t - 1)
		}
		if m != 0 {
			s.slots = append(s.slots, i)
			s.sets = append(s.sets, m)
		}
	}
	return s, nil
}

// Units returns N, the number of units (the total mass).
func (s Segmentation) Units() int { return s.n }

// Boundaries returns the number of boundaries, counting each type at each
// slot once (for a single boundary type: the number of segments − 1).
func (s Segmentation) Boundaries() int {
	c := 0
	for _, m := range s.sets {
		c += bits.OnesCount64(m)
	}
	return c
}

// Slots returns the PB slots holding at least one boundary, ascending.
func (s Segmentation) Slots() []int { return append([]int(nil), s.slots...) }

// Types returns the distinct boundary types used, ascending.
func (s Segmentation) Types() []int { return typeList(s.typeSet()) }

func (s Segmentation) typeSet() uint64 {
	var u uint64
	for _, m := range s.sets {
		u |= m
	}
	return u
}

// Masses returns the segment lengths. A slot holding any boundary type ends a
// segment.
func (s Segmentation) Masses() []int {
	if s.n == 0 {
		return nil
	}
	out := make([]int, 0, len(s.slots)+1)
	prev := 0
	for _, p := range s.slots {
		out = append(out, p+1-prev)
		prev = p + 1
	}
	return append(out, s.n-prev)
}

// Positions returns one segment label per unit, numbering segments from 1.
func (s Segmentation) Positions() []int {
	out := make([]int, s.n)
	label, k := 1, 0
	for i := range out {
		out[i] = label
		if k < len(s.slots) && s.slots[k] == i {
			label++
			k++
		}
	}
	return out
}

// BoundaryString returns the NLTK boundary string: one '0'/'1' per PB slot,
// '1' where any boundary type is present.
func (s Segmentation) BoundaryString() string {
	if s.n <= 1 {
		return ""
	}
	b := []byte(strings.Repeat("0", s.n-1))
	for _, p := range s.slots {
		b[p] = '1'
	}
	return string(b)
}

// Sets returns SegEval's sets format: for each of the N−1 PB slots the
// ascending boundary types there (nil for none).
func (s Segmentation) Sets() [][]int {
	if s.n <= 1 {
		return [][]int{}
	}
	out := make([][]int, s.n-1)
	for i, p := range s.slots {
		out[p] = typeList(s.sets[i])
	}
	return out
}

// String formats the segmentation as its masses, e.g. "(2,3,6)", followed by
// the types of each boundary when a type other than 1 occurs.
func (s Segmentation) String() string {
	var b strings.Builder
	b.WriteByte('(')
	for i, m := range s.Masses() {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.Itoa(m))
	}
	b.WriteByte(')')
	if s.typeSet()&^1 != 0 {
		b.WriteString(" types")
		for _, m := range s.sets {
			b.WriteString(" {")
			for j, t := range typeList(m) {
				if j > 0 {
					b.WriteByte(',')
				}
				b.WriteString(strconv.Itoa(t))
			}
			b.WriteByte('}')
		}
	}
	return b.String()
}

// typeList lists the types of a bit set, ascending.
func typeList(m uint64) []int {
	out := make([]int, 0, bits.OnesCount64(m))
	for m != 0 {
		t := bits.TrailingZeros64(m)
		out = append(out, t+1)
		m &= m - 1
	}
	return out
}

// checkPair validates two segmentations compared with each other.
func checkPair(a, b Segmentation) error {
	if a.n == 0 || b.n == 0 {
		return errZero
	}
	if a.n != b.n {
		return fmt.Errorf("segmentation: segmentations of unequal length: %d units against %d (both must cover the same units)", a.n, b.n)
	}
	return nil
}

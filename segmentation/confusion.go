package segmentation

import (
	"math"
	"sort"
)

// None is the class "no boundary" in a Confusion matrix.
const None = 0

// AllTypes asks Precision, Recall and F for the figure pooled over every
// boundary type (None excluded): Σ_t TP_t / Σ_t (TP_t + FP_t) and so on.
const AllTypes = -1

// Confusion is the BED-based confusion matrix of a hypothesis against a
// reference (Fournier 2013, §5.2; SegEval boundary_confusion_matrix, sheet
// §3): rows are hypothesis classes, columns reference classes, class None
// (0) meaning "no boundary". A match adds 1 to (t, t); a transposition adds
// its weight |i−j|/n_t to (t, t) as partial credit; a substitution adds 1 to
// (t_hyp, t_ref); a boundary only in the hypothesis adds 1 to (t, None) (a
// false positive), one only in the reference adds 1 to (None, t) (a miss).
//
// A transposition adds to (t, t) only, so near misses alone leave precision
// and recall at 1: their cost shows in B, not here. With n_t > 2 the credit
// |i−j|/n_t grows with the distance; that is SegEval's weighting as recorded
// in the sheet (with the default n_t = 2 every near miss is worth 0.5).
//
// Orientation: SegEval's boundary_confusion_matrix(hyp, ref) records the
// hypothesis' extra boundaries under (None, t) and the reference's under
// (t, None), so its per-class precision and recall come out swapped with
// respect to its argument order (sheet §3, "Quirk"). This type uses the
// conventional orientation: At(t, None) here is SegEval's cm[None][t] and
// At(None, t) its cm[t][None]; every other cell (matches, transpositions,
// substitutions at cm[t_hyp][t_ref]) is the same.
type Confusion struct {
	cells map[[2]int]float64
}

// Confusion returns the confusion matrix of e's first argument (A, the
// hypothesis) against its second (B, the reference).
func (e *Edits) Confusion() *Confusion {
	c := &Confusion{cells: make(map[[2]int]float64)}
	for t, m := range e.matchTypes {
		if m > 0 {
			c.cells[[2]int{t + 1, t + 1}] += float64(m)
		}
	}
	for _, t := range e.Transpositions {
		c.cells[[2]int{t.Type, t.Type}] += float64(t.To-t.From) / float64(e.NT)
	}
	for _, s := range e.Substitutions {
		c.cells[[2]int{s.TypeA, s.TypeB}]++
	}
	for _, a := range e.Additions {
		if a.Side == SideA {
			c.cells[[2]int{a.Type, None}]++
		} else {
			c.cells[[2]int{None, a.Type}]++
		}
	}
	return c
}

// At returns the (possibly fractional) count of hypothesis class hyp against
// reference class ref.
func (c *Confusion) At(hyp, ref int) float64 { return c.cells[[2]int{hyp, ref}] }

// Classes returns the classes occurring in the matrix, None first.
func (c *Confusion) Classes() []int {
	seen := map[int]bool{}
	for k := range c.cells {
		seen[k[0]] = true
		seen[k[1]] = true
	}
	out := make([]int, 0, len(seen))
	for t := range seen {
		out = append(out, t)
	}
	sort.Ints(out)
	return out
}

// counts returns TP, the row sum (TP+FP) and the column sum (TP+FN) of class t
// (or pooled over the boundary types for AllTypes).
func (c *Confusion) counts(t int) (tp, row, col float64) {
	for k, v := range c.cells {
		h, r := k[0], k[1]
		in := func(x int) bool {
			if t == AllTypes {
				return x != None
			}
			return x == t
		}
		if in(h) {
			row += v
			if h == r {
				tp += v
			}
		}
		if in(r) {
			col += v
		}
	}
	return tp, row, col
}

// Precision is TP/(TP+FP) for class t (a type, None, or AllTypes): the
// share of the hypothesis' t-boundaries that the reference has. NaN when the
// hypothesis has no t (undefined).
func (c *Confusion) Precision(t int) float64 {
	tp, row, _ := c.counts(t)
	if row == 0 {
		return math.NaN()
	}
	return tp / row
}

// Recall is TP/(TP+FN) for class t: the share of the reference's
// t-boundaries that the hypothesis has. NaN when the reference has no t.
func (c *Confusion) Recall(t int) float64 {
	tp, _, col := c.counts(t)
	if col == 0 {
		return math.NaN()
	}
	return tp / col
}

// F is the F-measure of class t, (1+β²)·TP / ((1+β²)·TP + β²·FN + FP), the
// weighted harmonic mean of precision and recall written so that it is also
// defined (0) when TP = 0. NaN when class t occurs nowhere. F₁ is symmetric
// in hypothesis and reference.
func (c *Confusion) F(t int, beta float64) float64 {
	tp, row, col := c.counts(t)
	fp, fn := row-tp, col-tp
	b2 := beta * beta
	den := (1+b2)*tp + b2*fn + fp
	if den == 0 {
		return math.NaN()
	}
	return (1 + b2) * tp / den
}

// MicroPrecision is SegEval's default precision(): Σ_c TP_c / Σ_c (TP_c+FP_c)
// over every class including None. Since every cell lies in one row and one
// column, it equals MicroRecall (the trace over the total). NaN for an empty
// matrix.
func (c *Confusion) MicroPrecision() float64 {
	var tp, tot float64
	for k, v := range c.cells {
		tot += v
		if k[0] == k[1] {
			tp += v
		}
	}
	if tot == 0 {
		return math.NaN()
	}
	return tp / tot
}

// MicroRecall is SegEval's default recall(); see MicroPrecision.
func (c *Confusion) MicroRecall() float64 { return c.MicroPrecision() }

// MicroF is SegEval's default fmeasure(), which micro-averages the parts of
// the per-class F: Σ_c (1+β²)·p_c·r_c / Σ_c (β²·p_c + r_c), a class with no
// true positive contributing nothing. It is not the harmonic mean of
// MicroPrecision and MicroRecall (sheet §3: (5,5,5,5,1) against Hearst coder 2
// gives P = R = 0.230769 but F = 0.375). It is 0 when there are boundaries
// but no true positive, and NaN for an empty matrix. With β ≠ 1 it follows
// this type's (conventional) orientation, not SegEval's swapped one.
func (c *Confusion) MicroF(beta float64) float64 {
	b2 := beta * beta
	var num, den, tot float64
	for _, v := range c.cells {
		tot += v
	}
	for _, t := range c.Classes() {
		tp, row, col := c.counts(t)
		if tp == 0 {
			continue // p_c = 0 and r_c = 0 (or undefined): no contribution
		}
		p, r := tp/row, tp/col
		num += (1 + b2) * p * r
		den += b2*p + r
	}
	if den == 0 {
		if tot > 0 {
			return 0
		}
		return math.NaN()
	}
	return num / den
}

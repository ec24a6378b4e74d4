package unitizing

import (
	"fmt"
	"math"
	"sort"

	"agree/internal/assign"
)

// SERCosts are the costs of the slot error rate's error types.
type SERCosts struct {
	Type         float64 // T: same span, other category
	Boundary     float64 // B: same category, other span (the units overlap)
	TypeBoundary float64 // TB: other category and other span (the units overlap)
	Insertion    float64 // I: a hypothesis unit paired with nothing (false positive)
	Deletion     float64 // D: a reference unit paired with nothing (false negative)
}

// DefaultSERCosts returns the costs of Galibert et al. (2010) as summarised
// by Mathet et al. (2015), §3.4.2: T 0.5, B 0.5, TB 1, I 1, D 1.
func DefaultSERCosts() SERCosts {
	return SERCosts{Type: 0.5, Boundary: 0.5, TypeBoundary: 1, Insertion: 1, Deletion: 1}
}

// SERResult is the slot error rate of a hypothesis against a reference.
type SERResult struct {
	// SER = total cost / number of reference units; NaN (with Reason) when
	// the reference has no unit, or when a cluster of units overlapping
	// within a side exceeds 4000 units. SER is not bounded by 1 (many
	// insertions).
	SER    float64
	Reason string
	Cost   float64
	// RefUnits and HypUnits count the units of each side; the others count
	// the pairs and lone units of the optimal alignment.
	RefUnits, HypUnits                              int
	Correct, Type, Boundary, TypeBoundary, Ins, Del int
}

// SER computes the slot error rate (Makhoul et al. 1999; for unitizing as in
// Galibert et al. 2010, "Named and specific entity detection in varied
// data", described in Mathet et al. 2015, §3.4.2) of the units hyp against
// the units ref (their Annotator fields are ignored):
//
//	SER = (T·n_T + B·n_B + TB·n_TB + I·n_I + D·n_D) / |ref|
//
// A reference and a hypothesis unit may be paired only if they overlap
// (their intersection has positive length); a pair with equal bounds and
// category is correct, equal bounds and another category is a T error, equal
// category and other bounds a B error, both a TB error. The pairing is the
// one of least total cost, found exactly per cluster of overlapping units:
// by dynamic programming when each side's units are disjoint (then no two
// admissible pairs cross), otherwise as an assignment problem. Bounds are
// compared exactly. Units may overlap within either side.
func SER(ref, hyp []Unit, costs SERCosts) SERResult {
	res := SERResult{RefUnits: len(ref), HypUnits: len(hyp)}
	// Clusters: maximal chains of overlapping units over both sides (sorted
	// by start); units of different clusters never overlap.
	type item struct {
		u     Unit
		isRef bool
	}
	items := make([]item, 0, len(ref)+len(hyp))
	for _, u := range ref {
		items = append(items, item{u, true})
	}
	for _, u := range hyp {
		items = append(items, item{u, false})
	}
	sort.SliceStable(items, func(i, j int) bool { return items[i].u.Start < items[j].u.Start })
	for lo := 0; lo < len(items); {
		hi, end := lo+1, items[lo].u.End
		for hi < len(items) && items[hi].u.Start < end {
			end = math.Max(end, items[hi].u.End)
			hi++
		}
		var rs, hs []Unit
		for _, it := range items[lo:hi] {
			if it.isRef {
				rs = append(rs, it.u)
			} else {
				hs = append(hs, it.u)
			}
		}
		lo = hi
		if len(rs) == 0 || len(hs) == 0 {
			res.Del += len(rs)
			res.Ins += len(hs)
			continue
		}
		pairs, ok := serMatch(rs, hs, costs)
		if !ok {
			res.SER, res.Cost = math.NaN(), math.NaN()
			res.Reason = fmt.Sprintf("a cluster of %d overlapping units (some overlapping within one side) is too large for the exact alignment (limit %d)", len(rs)+len(hs), serAssignLimit)
			return res
		}
		res.Del += len(rs) - len(pairs)
		res.Ins += len(hs) - len(pairs)
		for _, p := range pairs {
			r, h := rs[p[0]], hs[p[1]]
			sameSpan := r.Start == h.Start && r.End == h.End
			sameCat := r.Category == h.Category
			switch {
			case sameSpan && sameCat:
				res.Correct++
			case sameSpan:
				res.Type++
			case sameCat:
				res.Boundary++
			default:
				res.TypeBoundary++
			}
		}
	}
	res.Cost = costs.Type*float64(res.Type) + costs.Boundary*float64(res.Boundary) +
		costs.TypeBoundary*float64(res.TypeBoundary) + costs.Insertion*float64(res.Ins) + costs.Deletion*float64(res.Del)
	if len(ref) == 0 {
		res.SER, res.Reason = math.NaN(), "the reference has no unit"
		return res
	}
	res.SER = res.Cost / float64(len(ref))
	return res
}

// serMatch returns the pairs (index in rs, index in hs) of a least-cost
// alignment of one cluster; rs and hs are sorted by start.
//
// When the units of each side are disjoint, two pairs that cross (r1 < r2
// paired with h2 > h1 and h1) cannot both overlap, so every admissible
// alignment is non-crossing and a sequence-alignment dynamic programme over
// the two sorted lists finds the optimum in O(|rs|·|hs|) time. Otherwise
// (units overlapping within a side) the cluster is solved as an assignment
// problem (internal/assign), in O(k³) for k units.
func serMatch(rs, hs []Unit, costs SERCosts) ([][2]int, bool) {
	unpaired := costs.Insertion + costs.Deletion
	if sortedDisjoint(rs) && sortedDisjoint(hs) {
		return serMatchDP(rs, hs, costs), true
	}
	if len(rs)+len(hs) > serAssignLimit {
		return nil, false
	}
	cost := make([][]float64, len(rs))
	for i, r := range rs {
		cost[i] = make([]float64, len(hs))
		for j, h := range hs {
			cost[i][j] = math.Min(serPairCost(r, h, costs), unpaired)
		}
	}
	rowToCol, _ := assign.MinCost(cost)
	var pairs [][2]int
	for i, j := range rowToCol {
		if j >= 0 && serPairCost(rs[i], hs[j], costs) < unpaired {
			pairs = append(pairs, [2]int{i, j})
		}
	}
	return pairs, true
}

// serAssignLimit bounds the clusters solved as dense assignment problems
// (O(k²) memory, O(k³) time).
const serAssignLimit = 4000

func sortedDisjoint(us []Unit) bool {
	for i := 1; i < len(us); i++ {
		if us[i].Start < us[i-1].End {
			return false
		}
	}
	return true
}

// serMatchDP aligns two sorted lists of disjoint units like an edit
// distance: delete a reference unit (D), insert a hypothesis unit (I), or
// pair two overlapping units at their pair cost. Ties prefer a pair, then
// a deletion, so the result is deterministic.
func serMatchDP(rs, hs []Unit, costs SERCosts) [][2]int {
	n, m := len(rs), len(hs)
	const (
		moveDel = iota
		moveIns
		movePair
	)
	move := make([]uint8, (n+1)*(m+1))
	prev := make([]float64, m+1)
	cur := make([]float64, m+1)
	unpaired := costs.Insertion + costs.Deletion
	for j := 1; j <= m; j++ {
		prev[j] = prev[j-1] + costs.Insertion
		move[j] = moveIns
	}
	for i := 1; i <= n; i++ {
		cur[0] = prev[0] + costs.Deletion
		move[i*(m+1)] = moveDel
		for j := 1; j <= m; j++ {
			best, mv := prev[j]+costs.Deletion, uint8(moveDel)
			if c := cur[j-1] + costs.Insertion; c < best {
				best, mv = c, moveIns
			}
			if pc := serPairCost(rs[i-1], hs[j-1], costs); pc < unpaired {
				if c := prev[j-1] + pc; c <= best {
					best, mv = c, movePair
				}
			}
			cur[j] = best
			move[i*(m+1)+j] = mv
		}
		prev, cur = cur, prev
	}
	var pairs [][2]int
	for i, j := n, m; i > 0 || j > 0; {
		switch move[i*(m+1)+j] {
		case movePair:
			pairs = append(pairs, [2]int{i - 1, j - 1})
			i, j = i-1, j-1
		case moveDel:
			i--
		default:
			j--
		}
	}
	return pairs
}

// serPairCost is the cost of pairing r with h, +Inf when they do not overlap.
func serPairCost(r, h Unit, costs SERCosts) float64 {
	if math.Min(r.End, h.End) <= math.Max(r.Start, h.Start) {
		return math.Inf(1)
	}
	sameSpan := r.Start == h.Start && r.End == h.End
	sameCat := r.Category == h.Category
	switch {
	case sameSpan && sameCat:
		return 0
	case sameSpan:
		return costs.Type
	case sameCat:
		return costs.Boundary
	}
	return costs.TypeBoundary
}

// SERPair is the SER of one ordered pair of annotators.
type SERPair struct {
	Reference, Hypothesis string
	SERResult
}

// SERSummary is SER over every ordered pair of annotators of a continuum.
type SERSummary struct {
	// Mean is the mean SER over the ordered pairs where it is defined; NaN
	// (with Reason) when it is defined for none.
	Mean   float64
	Reason string
	// Agreement = 1 − Mean, the form plotted by Mathet et al. (2015, §6.3)
	// ("SER averaging the results of each pair of annotators").
	Agreement float64
	// Skipped counts the ordered pairs left out of the mean because their
	// SER is undefined (see their Reason).
	Skipped int
	Pairs   []SERPair
}

// SERAnnotators computes SER for every ordered pair (reference i,
// hypothesis j ≠ i) of the annotators of c, and their mean. SER is
// asymmetric (it divides by the reference's count), so both orders are kept.
func SERAnnotators(c *Continuum, costs SERCosts) (SERSummary, error) {
	if err := c.Validate(); err != nil {
		return SERSummary{}, fmt.Errorf("SER: %w", err)
	}
	var s SERSummary
	byAnn := make([][]Unit, len(c.Annotators))
	for _, u := range c.Units {
		byAnn[u.Annotator] = append(byAnn[u.Annotator], u)
	}
	sum, n := 0.0, 0
	for i := range byAnn {
		for j := range byAnn {
			if i == j {
				continue
			}
			r := SER(byAnn[i], byAnn[j], costs)
			s.Pairs = append(s.Pairs, SERPair{Reference: c.Annotators[i], Hypothesis: c.Annotators[j], SERResult: r})
			if r.Reason == "" {
				sum += r.SER
				n++
			} else {
				s.Skipped++
			}
		}
	}
	if n == 0 {
		s.Mean, s.Agreement, s.Reason = math.NaN(), math.NaN(), "no annotator has a unit to serve as reference"
		return s, nil
	}
	s.Mean = sum / float64(n)
	s.Agreement = 1 - s.Mean
	return s, nil
}

package distance

import (
	"fmt"
	"math/bits"
	"slices"
	"sort"
	"strings"

	"agree/internal/unionfind"
)

// Set distances compare set-valued labels: a label such as "a|b|c" is read
// as the set {a, b, c} (elements are split on a separator, trimmed of
// spaces; empty elements and repeats are dropped, order is irrelevant).
// With n_A = |A|, n_B = |B| and n = |A ∩ B| (shared/reference/coding.md,
// "Set-valued labels"; Artstein & Poesio 2008, §4.4.1; Passonneau 2006):
//
//	jaccard     d = 1 − n/(n_A + n_B − n)
//	dice        d = 1 − 2n/(n_A + n_B)
//	passonneau  d = 0 if A = B, 1/3 if A ⊂ B or B ⊂ A, 2/3 if they overlap, 1 if disjoint
//	masi        d = 1 − J·M, J = n/(n_A + n_B − n), M = 1, 2/3, 1/3, 0 in the same four cases
//
// MASI uses the exact thirds of Passonneau (2006); NLTK's masi_distance uses
// 0.67 and 0.33 instead, so its values differ in the third decimal
// (masi({1,2},{1,2,3,4}) is 2/3 here, 0.665 in NLTK).
//
// Erratum in the MASI paper (Passonneau 2006, seed 003, §3.3): its Figure 3
// example (A3 {x,y},{x,y},{z}; A4 {x},{y,z},{y,z}) prints per-column Jaccard
// 1/3, 2/3, 1/3 and mean MASI 6/27; the sets give J = 1/2, 1/3, 1/2 (mean
// 4/9, as printed) and mean MASI (1/3 + 1/9 + 1/3)/3 = 7/27. Its means are
// computed on the whole sets although the text says to remove the coding
// unit first; with the unit removed the means are 1/3 (Figure 2) and 0
// (Figure 3). Both conventions are available for coreference chains in
// package coref (ChainSets); here a label is compared as written.
//
// Conventions for the empty set (not covered by the sources): two empty sets
// are equal (d = 0); an empty and a non-empty set are disjoint (d = 1 under
// all four distances, although ∅ is formally a subset of every set).
const (
	setJaccard    = "jaccard"
	setDice       = "dice"
	setPassonneau = "passonneau"
	setMASI       = "masi"
)

// DefaultSetSeparator separates the elements of a set-valued label.
const DefaultSetSeparator = "|"

// setNames lists the set distances accepted by SetDistance.
var setNames = []string{setJaccard, setDice, setPassonneau, setMASI}

type setSpec struct {
	kind string
	sep  string
}

// Jaccard returns the Jaccard distance 1 − |A∩B|/|A∪B| between set-valued
// labels whose elements are separated by sep ("" means "|").
func Jaccard(sep string) Spec { return setSpec{setJaccard, sepOrDefault(sep)} }

// Dice returns the Dice distance 1 − 2|A∩B|/(|A|+|B|) between set-valued
// labels whose elements are separated by sep ("" means "|").
func Dice(sep string) Spec { return setSpec{setDice, sepOrDefault(sep)} }

// Passonneau returns Passonneau's (2004) distance d_P: 0 for equal sets,
// 1/3 when one is a subset of the other, 2/3 when they overlap otherwise and
// 1 when they are disjoint. Elements are separated by sep ("" means "|").
func Passonneau(sep string) Spec { return setSpec{setPassonneau, sepOrDefault(sep)} }

// MASI returns the MASI distance (Passonneau 2006) 1 − J·M, with J the
// Jaccard similarity and M = 1 (equal), 2/3 (subset), 1/3 (overlap), 0
// (disjoint) as exact thirds. Elements are separated by sep ("" means "|").
func MASI(sep string) Spec { return setSpec{setMASI, sepOrDefault(sep)} }

// SetDistance returns the set distance called name (jaccard, dice,
// passonneau or masi; case-insensitive) with element separator sep ("" means
// "|").
func SetDistance(name, sep string) (Spec, error) {
	n := strings.ToLower(strings.TrimSpace(name))
	for _, k := range setNames {
		if n == k {
			return setSpec{k, sepOrDefault(sep)}, nil
		}
	}
	return nil, fmt.Errorf("unknown set distance %q (want %s)", name, strings.Join(setNames, ", "))
}

// IsSetDistance reports whether name is one of the set distances.
func IsSetDistance(name string) bool {
	_, err := SetDistance(name, "")
	return err == nil
}

func sepOrDefault(sep string) string {
	if sep == "" {
		return DefaultSetSeparator
	}
	return sep
}

func (s setSpec) Name() string {
	if s.sep == DefaultSetSeparator {
		return s.kind
	}
	return s.kind + ":" + s.sep
}

// ParseSet splits a set-valued label into its distinct elements, sorted.
func ParseSet(label, sep string) []string {
	sep = sepOrDefault(sep)
	var out []string
	for _, e := range strings.Split(label, sep) {
		if e = strings.TrimSpace(e); e != "" {
			out = append(out, e)
		}
	}
	sort.Strings(out)
	k := 0
	for i, e := range out {
		if i == 0 || e != out[k-1] {
			out[k] = e
			k++
		}
	}
	return out[:k]
}

// Bind parses every label into a set. Labels denoting the same set ("a|b"
// and "b|a") get distance 0.
func (s setSpec) Bind(labels []string, _ []float64) (Metric, error) {
	elem := make(map[string]int32)
	sets := make([][]int32, len(labels))
	for i, l := range labels {
		var set []int32
		for rest := l; ; {
			e, tail, more := strings.Cut(rest, s.sep)
			if e = strings.TrimSpace(e); e != "" {
				id, ok := elem[e]
				if !ok {
					id = int32(len(elem))
					elem[strings.Clone(e)] = id
				}
				set = append(set, id)
			}
			if !more {
				break
			}
			rest = tail
		}
		sets[i] = set // sorted and de-duplicated by newSetMetric
	}
	return newSetMetric(s.kind, sets), nil
}

// setMetric holds every value as a sorted set of element ids. Values that
// denote the same set share a canonical id (canon), so equality is an integer
// comparison.
type setMetric struct {
	kind  string
	sets  [][]int32 // by value
	canon []int32   // value → canonical set id (first value with that set)
	nElem int
}

func newSetMetric(kind string, sets [][]int32) *setMetric {
	m := &setMetric{kind: kind, sets: sets, canon: make([]int32, len(sets))}
	seen := make(map[string]int32, len(sets))
	var key []byte
	for i, s := range sets {
		slices.Sort(s)
		s = slices.Compact(s)
		sets[i] = s
		key = key[:0]
		for _, e := range s {
			key = append(key, byte(e), byte(e>>8), byte(e>>16), byte(e>>24))
			m.nElem = max(m.nElem, int(e)+1)
		}
		c, ok := seen[string(key)]
		if !ok {
			c = int32(i)
			seen[string(key)] = c
		}
		m.canon[i] = c
	}
	return m
}

// intersect returns |A ∩ B| for sorted sets.
func intersect(a, b []int32) int {
	n, i, j := 0, 0, 0
	for i < len(a) && j < len(b) {
		switch {
		case a[i] < b[j]:
			i++
		case a[i] > b[j]:
			j++
		default:
			n++
			i++
			j++
		}
	}
	return n
}

// setSim returns the similarity 1 − d for sets of sizes na, nb sharing n
// elements, for sets that are not equal.
func setSim(kind string, na, nb, n int) float64 {
	if n == 0 {
		return 0 // disjoint (or one side empty)
	}
	subset := n == na || n == nb
	switch kind {
	case setJaccard:
		return float64(n) / float64(na+nb-n)
	case setDice:
		return 2 * float64(n) / float64(na+nb)
	case setPassonneau:
		if subset {
			return 2.0 / 3
		}
		return 1.0 / 3
	default: // masi
		j := float64(n) / float64(na+nb-n)
		if subset {
			return j * 2 / 3
		}
		return j / 3
	}
}

// SizeDistance returns the set distance s (Jaccard, Dice, Passonneau or
// MASI) as a function of the sizes alone: d(na, nb, n) is the distance
// between two sets A and B with |A| = na, |B| = nb and |A ∩ B| = n, which
// is all these distances depend on (equal sets, na = nb = n, are at
// distance 0, two empty sets included). ok is false when s is not a set
// distance. Package coref compares coreference chains with it, from their
// sizes and intersections, without writing them out as labels.
func SizeDistance(s Spec) (d func(na, nb, n int) float64, ok bool) {
	ss, ok := s.(setSpec)
	if !ok {
		return nil, false
	}
	return func(na, nb, n int) float64 {
		if na == nb && n == na {
			return 0
		}
		return 1 - setSim(ss.kind, na, nb, n)
	}, true
}

func (m *setMetric) Distance(a, b int) float64 {
	if m.canon[a] == m.canon[b] {
		return 0
	}
	sa, sb := m.sets[a], m.sets[b]
	return 1 - setSim(m.kind, len(sa), len(sb), intersect(sa, sb))
}

// Cross computes Σ_a Σ_b p_a q_b d(a, b) = (Σp)(Σq) − Σ_a Σ_b p_a q_b s(a, b)
// where the similarity s = 1 − d vanishes for disjoint sets, so only pairs
// sharing an element are visited (see pairs); no table is built.
func (m *setMetric) Cross(p, q Vector) float64 {
	P, Q := p.Sum(), q.Sum()
	if P == 0 || Q == 0 {
		return 0
	}
	sim := 0.0
	emptyQ := 0.0
	for j, b := range q.ID {
		if len(m.sets[b]) == 0 {
			emptyQ += q.W[j]
		}
	}
	for i, a := range p.ID {
		if len(m.sets[a]) == 0 {
			sim += p.W[i] * emptyQ
		}
	}
	// Cross(v, v), as α's expected disagreement asks, visits each unordered
	// pair once.
	sym := len(p.ID) == len(q.ID) && len(p.ID) > 0 && &p.ID[0] == &q.ID[0] && &p.W[0] == &q.W[0]
	m.pairs(p.ID, q.ID, sym, func(i, j, n int, mult float64) {
		a, b := p.ID[i], q.ID[j]
		if m.canon[a] == m.canon[b] {
			sim += mult * p.W[i] * q.W[j]
		} else if n > 0 {
			sim += mult * p.W[i] * q.W[j] * setSim(m.kind, len(m.sets[a]), len(m.sets[b]), n)
		}
	})
	return P*Q - sim
}

// Max returns the largest distance among the values. It is 1 as soon as two
// non-empty sets are disjoint or an empty set meets a non-empty one;
// otherwise the pairs are enumerated as for Cross.
func (m *setMetric) Max(ids []int) float64 {
	nonEmpty, empty := 0, 0
	for _, a := range ids {
		if len(m.sets[a]) == 0 {
			empty++
		} else {
			nonEmpty++
		}
	}
	if nonEmpty == 0 {
		return 0
	}
	if empty > 0 {
		return 1
	}
	best, disjoint := 0.0, false
	met := make([]int, len(ids)) // sets met by each, itself included
	m.pairs(ids, ids, false, func(i, j, n int, _ float64) {
		if n == 0 {
			disjoint = true
			return
		}
		met[i]++
		a, b := ids[i], ids[j]
		if m.canon[a] != m.canon[b] {
			best = max(best, 1-setSim(m.kind, len(m.sets[a]), len(m.sets[b]), n))
		}
	})
	for _, c := range met {
		if c < len(ids) {
			disjoint = true
		}
	}
	if disjoint {
		return 1
	}
	return best
}

// pairs calls fn(i, j, n, 1) with n = |A ∩ B| for every pair of sets A =
// sets[pIDs[i]] and B = sets[qIDs[j]] that share an element (and possibly
// for some disjoint pairs, with n = 0). With sym (pIDs and qIDs the same
// list) it visits only j ≥ i, with mult = 2 for j > i. Sets are grouped into connected
// components of the element-sharing graph (sets in different components are
// disjoint); in each component the pairs are counted either through an
// inverted index (cost Σ_e |p-sets with e|·|q-sets with e|) or by AND-ing
// bit sets over the component's elements (cost |p_c|·|q_c|·⌈U_c/64⌉),
// whichever is cheaper. The second wins for large overlapping sets, such as
// coreference chains coded as sets, where the first is cubic in the chain
// length.
func (m *setMetric) pairs(pIDs, qIDs []int, sym bool, fn func(i, j, n int, mult float64)) {
	uf := unionfind.New(m.nElem) // elements of sets that share one are joined
	find := func(x int32) int32 { return int32(uf.Find(int(x))) }
	cntP := make([]int32, m.nElem)
	cntQ := make([]int32, m.nElem)
	for k, ids := range [2][]int{pIDs, qIDs} {
		cnt := cntP
		if k == 1 {
			cnt = cntQ
		}
		for _, a := range ids {
			s := m.sets[a]
			for _, e := range s {
				cnt[e]++
			}
			for _, e := range s[min(1, len(s)):] {
				uf.Union(int(s[0]), int(e))
			}
		}
	}
	// per component: costs, element counts
	type comp struct {
		p, q       []int // indices into pIDs, qIDs
		inv, elems int
	}
	comps := map[int32]*comp{}
	var order []int32
	get := func(r int32) *comp {
		c, ok := comps[r]
		if !ok {
			c = &comp{}
			comps[r] = c
			order = append(order, r)
		}
		return c
	}
	for e := range m.nElem {
		if cntP[e] > 0 || cntQ[e] > 0 {
			c := get(find(int32(e)))
			c.elems++
			c.inv += int(cntP[e]) * int(cntQ[e])
		}
	}
	for i, a := range pIDs {
		if s := m.sets[a]; len(s) > 0 {
			c := get(find(s[0]))
			c.p = append(c.p, i)
		}
	}
	for j, b := range qIDs {
		if s := m.sets[b]; len(s) > 0 {
			c := get(find(s[0]))
			c.q = append(c.q, j)
		}
	}
	// Postings for the inverted index, built lazily over all q sets.
	var start, post []int32
	buildPostings := func() {
		start = make([]int32, m.nElem+1)
		for e, c := range cntQ {
			start[e+1] = start[e] + c
		}
		post = make([]int32, start[m.nElem])
		fill := append([]int32(nil), start[:m.nElem]...)
		for j, b := range qIDs {
			for _, e := range m.sets[b] {
				post[fill[e]] = int32(j)
				fill[e]++
			}
		}
	}
	count := make([]int32, len(qIDs))
	var touched []int32
	local := make([]int32, m.nElem)
	for e := range local {
		local[e] = -1
	}
	for _, r := range order {
		c := comps[r]
		if len(c.p) == 0 || len(c.q) == 0 {
			continue
		}
		words := (c.elems + 63) / 64
		if len(c.p)*len(c.q)*words < c.inv && len(c.q)*words <= 1<<25 {
			m.pairsBits(c.p, c.q, pIDs, qIDs, c.elems, local, sym, fn)
			continue
		}
		if post == nil {
			buildPostings()
		}
		for _, i := range c.p {
			touched = touched[:0]
			for _, e := range m.sets[pIDs[i]] {
				for _, j := range post[start[e]:start[e+1]] {
					if count[j] == 0 {
						touched = append(touched, j)
					}
					count[j]++
				}
			}
			for _, j := range touched {
				switch {
				case !sym:
					fn(i, int(j), int(count[j]), 1)
				case int(j) > i:
					fn(i, int(j), int(count[j]), 2)
				case int(j) == i:
					fn(i, int(j), int(count[j]), 1)
				}
				count[j] = 0
			}
		}
	}
}

// pairsBits enumerates all pairs of one component with AND-ed bit sets.
// local maps element ids to bit positions; it is all −1 on entry and on
// return.
func (m *setMetric) pairsBits(ps, qs []int, pIDs, qIDs []int, elems int, local []int32, sym bool, fn func(i, j, n int, mult float64)) {
	var used []int32
	defer func() {
		for _, e := range used {
			local[e] = -1
		}
	}()
	bitsOf := func(set []int32, dst []uint64) {
		for _, e := range set {
			if local[e] < 0 {
				local[e] = int32(len(used))
				used = append(used, e)
			}
			dst[local[e]>>6] |= 1 << (local[e] & 63)
		}
	}
	words := (elems + 63) / 64
	qb := make([]uint64, len(qs)*words)
	for k, j := range qs {
		bitsOf(m.sets[qIDs[j]], qb[k*words:(k+1)*words])
	}
	pb := make([]uint64, words)
	for pi, i := range ps {
		from, mult := 0, 1.0
		if sym { // ps and qs are the same list
			from, mult = pi, 2
			pb = qb[pi*words : (pi+1)*words]
		} else {
			clear(pb)
			bitsOf(m.sets[pIDs[i]], pb)
		}
		for k := from; k < len(qs); k++ {
			row := qb[k*words : (k+1)*words]
			n := 0
			for w, x := range pb {
				n += bits.OnesCount64(x & row[w])
			}
			if k == from && sym {
				fn(i, qs[k], n, 1)
			} else {
				fn(i, qs[k], n, mult)
			}
		}
	}
}

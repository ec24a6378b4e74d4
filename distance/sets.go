package distance

import (
	"fmt"
	"sort"
	"strings"
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
		parts := ParseSet(l, s.sep)
		set := make([]int32, len(parts))
		for j, p := range parts {
			id, ok := elem[p]
			if !ok {
				id = int32(len(elem))
				elem[p] = id
			}
			set[j] = id
		}
		sets[i] = set
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
		sort.Slice(s, func(a, b int) bool { return s[a] < s[b] })
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

func (m *setMetric) Distance(a, b int) float64 {
	if m.canon[a] == m.canon[b] {
		return 0
	}
	sa, sb := m.sets[a], m.sets[b]
	return 1 - setSim(m.kind, len(sa), len(sb), intersect(sa, sb))
}

// Cross computes Σ_a Σ_b p_a q_b d(a, b) = (Σp)(Σq) − Σ_a Σ_b p_a q_b s(a, b)
// where s = 1 − d vanishes for disjoint sets: an inverted index (element →
// values of q containing it) visits only the pairs that share an element,
// and counts their intersection on the way. The cost is Σ_a Σ_{e∈a}
// |postings(e)| instead of |p|·|q| distance evaluations; no table is built.
func (m *setMetric) Cross(p, q Vector) float64 {
	P, Q := p.Sum(), q.Sum()
	if P == 0 || Q == 0 {
		return 0
	}
	// Postings: for each element, the positions in q of the sets holding it.
	start := make([]int32, m.nElem+1)
	for _, b := range q.ID {
		for _, e := range m.sets[b] {
			start[e+1]++
		}
	}
	for e := 1; e <= m.nElem; e++ {
		start[e] += start[e-1]
	}
	post := make([]int32, start[m.nElem])
	fill := append([]int32(nil), start[:m.nElem]...)
	emptyQ := 0.0
	for j, b := range q.ID {
		if len(m.sets[b]) == 0 {
			emptyQ += q.W[j]
		}
		for _, e := range m.sets[b] {
			post[fill[e]] = int32(j)
			fill[e]++
		}
	}
	count := make([]int32, len(q.ID))
	var touched []int32
	sim := 0.0
	for i, a := range p.ID {
		sa := m.sets[a]
		if len(sa) == 0 {
			sim += p.W[i] * emptyQ
			continue
		}
		touched = touched[:0]
		for _, e := range sa {
			for _, j := range post[start[e]:start[e+1]] {
				if count[j] == 0 {
					touched = append(touched, j)
				}
				count[j]++
			}
		}
		row := 0.0
		for _, j := range touched {
			b := q.ID[j]
			n := int(count[j])
			count[j] = 0
			if m.canon[a] == m.canon[b] {
				row += q.W[j]
			} else {
				row += q.W[j] * setSim(m.kind, len(sa), len(m.sets[b]), n)
			}
		}
		sim += p.W[i] * row
	}
	return P*Q - sim
}

// Max returns the largest distance among the values; it stops at the first
// pair of disjoint sets, since 1 is the largest possible set distance.
func (m *setMetric) Max(ids []int) float64 {
	best := 0.0
	for i, a := range ids {
		for _, b := range ids[i+1:] {
			if d := m.Distance(a, b); d > best {
				best = d
				if best >= 1 {
					return 1
				}
			}
		}
	}
	return best
}

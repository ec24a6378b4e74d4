package coref

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"agree/coding"
	"agree/distance"
	agreeratio "agree/internal/ratio"
)

// ChainSets selects the set that codes a mention in the chains-as-sets view.
type ChainSets int

const (
	// OtherMembers codes a mention with the other mentions of its chain (the
	// mention itself removed, as Passonneau 2006 prescribes; otherwise the
	// two sets always intersect). A singleton is coded with the empty set.
	OtherMembers ChainSets = iota
	// WholeChain codes a mention with all the mentions of its chain
	// (itself included), as NLTK's AnnotationTask examples do.
	WholeChain
)

// ChainsAsSets returns coding data in which every mention of every document
// is an item and every annotator codes it with the set of mentions of its
// chain (Passonneau 2004; Artstein & Poesio 2008, §4.4), written as a
// set-valued label whose elements are separated by SetSeparator. An
// annotator who did not mark a mention has no value for it (missing data,
// which α handles). Items are named "document␟mention".
//
// Each label lists a whole chain, so the data grow with the square of the
// chain lengths (a chain of 20 000 mentions makes 20 000 labels of 20 000
// elements each): ChainSetAlphas computes the same α without them.
func (c *Corpus) ChainsAsSets(mode ChainSets) (*coding.Data, error) {
	b := coding.NewBuilder()
	coders := make([]int, len(c.annotators))
	for a, name := range c.annotators {
		coders[a] = b.Coder(name)
	}
	items := make([][]int, len(c.docs))
	for d, doc := range c.docs {
		items[d] = make([]int, len(doc.mentions))
		for m, name := range doc.mentions {
			items[d][m] = b.NewItem(doc.name + "\x1f" + name)
		}
	}
	var sb strings.Builder
	var names []string
	for a := range c.annotators {
		for d, doc := range c.docs {
			prefix := fmt.Sprintf("%d:", d)
			for _, e := range c.parts[a][d].Entities {
				// element names, sorted; self[k] is the position of e[k]
				names = names[:0]
				for _, m := range e {
					names = append(names, prefix+doc.mentions[m])
				}
				order := make([]int, len(e))
				for k := range order {
					order[k] = k
				}
				sort.Slice(order, func(x, y int) bool { return names[order[x]] < names[order[y]] })
				for k, m := range e {
					sb.Reset()
					for _, o := range order {
						if mode == OtherMembers && o == k {
							continue
						}
						if sb.Len() > 0 {
							sb.WriteString(SetSeparator)
						}
						sb.WriteString(names[o])
					}
					if err := b.Set(items[d][m], coders[a], sb.String(), coding.Pos{}); err != nil {
						return nil, err
					}
				}
			}
		}
	}
	return b.Build()
}

// SetSeparator separates the mentions of a chain in the labels built by
// ChainsAsSets (the ASCII unit separator, which no mention id contains in
// practice).
const SetSeparator = "\x1f"

// SetAlphas are Krippendorff's α on the chains-as-sets data under each
// distance (NaN when undefined, with the reason).
type SetAlphas struct {
	MASI, Jaccard, Dice, Passonneau, Nominal float64
	Reasons                                  map[string]string
}

// chainSetDistances are the distances of SetAlphas, in its order; nil is
// the nominal distance (equal sets or not).
var chainSetDistances = []struct {
	name string
	spec distance.Spec
}{
	{"masi", distance.MASI(SetSeparator)},
	{"jaccard", distance.Jaccard(SetSeparator)},
	{"dice", distance.Dice(SetSeparator)},
	{"passonneau", distance.Passonneau(SetSeparator)},
	{"nominal", nil},
}

// ChainSetAlphas computes Krippendorff's α on the chains-as-sets data of
// ChainsAsSets(mode) with the MASI, Jaccard, Dice, Passonneau and nominal
// distances: the values coding.Analyze gives on those data (to rounding),
// computed from the chains' sizes and intersections without writing a
// chain out as a label.
//
// With judgments j (an annotator's set for a mention), n the judgments of
// the mentions coded by two or more annotators (the pairable ones, m_u of
// mention u), and s = 1 − d the similarity of two sets,
//
//	D_o = (1/n) Σ_u (1/(m_u − 1)) Σ_{j ≠ j′ in u} d(j, j′)
//	D_e = (n² − Σ_{j, j′} s(j, j′)) / (n(n − 1))   (all ordered pairs of pairable judgments)
//	α   = 1 − D_o/D_e
//
// Every set distance depends only on |A|, |B| and |A ∩ B|
// (distance.SizeDistance). The set of mention x in chain C is C (WholeChain)
// or C ∖ {x} (OtherMembers), so for chains C₁ ∋ x and C₂ ∋ y with
// k = |C₁ ∩ C₂| it has |C| or |C| − 1 elements, and the intersection is k,
// or k minus one for each of x ∈ C₂ and y ∈ C₁, plus one when x = y. The
// double sum is therefore a sum over the pairs of chains that share a
// mention, each in O(1) from k and the number of pairable mentions in
// C₁ ∩ C₂ and in each chain; sets of different documents are disjoint, and
// every empty set (a singleton without itself) equals every other. The
// cost is Σ_u m_u² over the mentions, in memory linear in the input,
// however long the chains.
func (c *Corpus) ChainSetAlphas(mode ChainSets) (SetAlphas, error) {
	out := SetAlphas{Reasons: map[string]string{}}
	K := len(chainSetDistances)
	dist := make([]func(na, nb, n int) float64, K)
	for k, x := range chainSetDistances {
		if x.spec == nil {
			dist[k] = func(na, nb, n int) float64 {
				if na == nb && n == na {
					return 0
				}
				return 1
			}
			continue
		}
		d, ok := distance.SizeDistance(x.spec)
		if !ok {
			return out, fmt.Errorf("%s is not a set distance", x.name)
		}
		dist[k] = d
	}
	s := c.chainSetSums(mode, dist)
	for k, x := range chainSetDistances {
		alpha, reason := s.alpha(k, len(c.annotators), c.allJudgmentsEqual(mode))
		switch x.name {
		case "masi":
			out.MASI = alpha
		case "jaccard":
			out.Jaccard = alpha
		case "dice":
			out.Dice = alpha
		case "passonneau":
			out.Passonneau = alpha
		case "nominal":
			out.Nominal = alpha
		}
		if reason != "" {
			out.Reasons[x.name] = reason
		}
	}
	return out, nil
}

// chainSetSums are the sums of α on chains as sets, per distance.
type chainSetSums struct {
	n    float64   // pairable judgments
	sumJ []float64 // Σ_u (2/(m_u − 1)) Σ_{j<j′ in u} d(j, j′)
	sim  []float64 // Σ over ordered pairs of pairable judgments of s(j, j′)
}

// alpha returns α under distance k (NaN with a reason when undefined), with
// the reasons of package coding's α; allEqual says whether every judgment,
// pairable or not, has the same set.
func (s *chainSetSums) alpha(k, coders int, allEqual bool) (float64, string) {
	nan := func(r string) (float64, string) { return math.NaN(), r }
	switch {
	case coders < 2:
		return nan(fmt.Sprintf("agreement needs at least two coders; the data has %d", coders))
	case s.n == 0:
		return nan("no item has values from two or more coders")
	}
	do := s.sumJ[k] / s.n
	de := (s.n*s.n - s.sim[k]) / (s.n * (s.n - 1))
	if !(de > 0) || agreeratio.Zero(de, s.n*s.n/(s.n*(s.n-1))) {
		if allEqual {
			return nan("expected disagreement is 0: only one category occurs, so there is no variation to measure agreement on")
		}
		return nan("expected disagreement is 0: every mention that two or more annotators marked has the same set (the other sets are on mentions only one annotator marked), so there is no variation to measure agreement on")
	}
	return 1 - do/de, ""
}

// chainSetSums computes the sums of α on chains as sets under each of the
// distances dist (see ChainSetAlphas), document by document.
func (c *Corpus) chainSetSums(mode ChainSets, dist []func(na, nb, n int) float64) *chainSetSums {
	K := len(dist)
	s := &chainSetSums{sumJ: make([]float64, K), sim: make([]float64, K)}
	drop := 0 // the mention is left out of its own set
	if mode == OtherMembers {
		drop = 1
	}
	sim := func(k, na, nb, n int) float64 { return 1 - dist[k](na, nb, n) }
	empties := 0.0 // pairable judgments whose set is empty
	var (
		chains  [][]int32 // the document's chains, every annotator's
		ann     []int32   // annotator of each chain
		pc      []int     // pairable mentions of each chain
		start   []int32   // chains of mention m: in[start[m]:start[m+1]]
		in      []int32
		cnt, kp []int // |C₁ ∩ C₂| and its pairable mentions, for the chain C₁ at hand
		touched []int32
		tm      []float64 // Σ d over the pairs of judgments of each mention, by distance
	)
	for d := range c.docs {
		M := len(c.docs[d].mentions)
		chains, ann = chains[:0], ann[:0]
		for a := range c.annotators {
			for _, e := range c.parts[a][d].Entities {
				chains = append(chains, e)
				ann = append(ann, int32(a))
			}
		}
		start = resize(start, M+1)
		clear(start)
		for _, e := range chains {
			for _, m := range e {
				start[m+1]++
			}
		}
		for m := range M {
			start[m+1] += start[m]
		}
		in = resize(in, int(start[M]))
		fill := make([]int32, M)
		copy(fill, start[:M])
		for g, e := range chains {
			for _, m := range e {
				in[fill[m]] = int32(g)
				fill[m]++
			}
		}
		pairable := func(m int32) bool { return start[m+1]-start[m] >= 2 }
		pc = resize(pc, len(chains))
		for g, e := range chains {
			pc[g] = 0
			for _, m := range e {
				if pairable(m) {
					pc[g]++
					s.n++
					if len(e) == drop {
						empties++
					}
				}
			}
		}
		cnt, kp = resize(cnt, len(chains)), resize(kp, len(chains))
		clear(cnt)
		clear(kp)
		tm = resize(tm, M*K)
		clear(tm)
		for g1, e1 := range chains {
			touched = touched[:0]
			for _, m := range e1 {
				for _, g2 := range in[start[m]:start[m+1]] {
					if cnt[g2] == 0 {
						touched = append(touched, g2)
					}
					cnt[g2]++
					if pairable(m) {
						kp[g2]++
					}
				}
			}
			n1, p1 := len(e1)-drop, pc[g1]
			for _, g2 := range touched {
				e2 := chains[g2]
				n2, p2 := len(e2)-drop, pc[g2]
				if p1 == 0 || p2 == 0 || (drop == 1 && (n1 == 0 || n2 == 0)) {
					continue // nothing pairable, or an empty set: counted in empties
				}
				k, kk := cnt[g2], kp[g2]
				for x := range K {
					if drop == 0 {
						s.sim[x] += float64(p1*p2) * sim(x, n1, n2, k)
						continue
					}
					// x = y; x ≠ y both in C₁ ∩ C₂; one of them in it; neither
					v := float64(kk) * sim(x, n1, n2, k-1)
					if kk >= 2 {
						v += float64(kk*kk-kk) * sim(x, n1, n2, k-2)
					}
					if one := kk*(p2-kk) + (p1-kk)*kk; one > 0 {
						v += float64(one) * sim(x, n1, n2, k-1)
					}
					if none := (p1 - kk) * (p2 - kk); none > 0 {
						v += float64(none) * sim(x, n1, n2, k)
					}
					s.sim[x] += v
				}
			}
			// observed: the pairs of annotators of each pairable mention
			for _, m := range e1 {
				if !pairable(m) {
					continue
				}
				for _, g2 := range in[start[m]:start[m+1]] {
					if ann[g2] <= ann[g1] {
						continue
					}
					n2 := len(chains[g2]) - drop
					for x := range K {
						tm[int(m)*K+x] += dist[x](n1, n2, cnt[g2]-drop)
					}
				}
			}
			for _, g2 := range touched {
				cnt[g2], kp[g2] = 0, 0
			}
		}
		for m := range M {
			if mu := start[m+1] - start[m]; mu >= 2 {
				for x, t := range tm[m*K : (m+1)*K] {
					s.sumJ[x] += 2 * t / float64(mu-1)
				}
			}
		}
	}
	for x := range K {
		s.sim[x] += empties * empties
	}
	return s
}

// allJudgmentsEqual reports whether every mention of every annotator is
// coded with the same set (what coding calls a single category): with the
// mention left out, every chain is a singleton (every set empty); with the
// whole chain, every chain has the same mentions.
func (c *Corpus) allJudgmentsEqual(mode ChainSets) bool {
	var first []int32
	firstDoc := -1
	var mark []bool
	for a := range c.annotators {
		for d, doc := range c.docs {
			for _, e := range c.parts[a][d].Entities {
				if mode == OtherMembers {
					if len(e) > 1 {
						return false
					}
					continue
				}
				if first == nil {
					first, firstDoc = e, d
					mark = make([]bool, len(doc.mentions))
					for _, m := range e {
						mark[m] = true
					}
					continue
				}
				if d != firstDoc || len(e) != len(first) {
					return false
				}
				for _, m := range e {
					if !mark[m] {
						return false
					}
				}
			}
		}
	}
	return true
}

// resize returns s with length n, reusing its array when it is large
// enough (the contents are not cleared).
func resize[T any](s []T, n int) []T {
	if cap(s) >= n {
		return s[:n]
	}
	return make([]T, n)
}

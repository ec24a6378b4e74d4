package coref

import (
	"agree/internal/assign"
	"agree/internal/unionfind"
)

// PRF is recall, precision and their harmonic mean F1 (F1 = 0 when R + P = 0,
// as in the reference scorer).
type PRF struct {
	Recall, Precision, F1 float64
}

func f1(r, p float64) float64 {
	if r+p == 0 {
		return 0
	}
	return 2 * r * p / (r + p)
}

func ratio(num, den float64) float64 {
	if den == 0 {
		return 0 // the reference scorer's convention for an empty denominator
	}
	return num / den
}

func prf(rn, rd, pn, pd float64) PRF {
	r, p := ratio(rn, rd), ratio(pn, pd)
	return PRF{r, p, f1(r, p)}
}

// Counts are the numerators and denominators of every score, summed over
// documents (micro-average, as the reference scorer does).
type Counts struct {
	MUC, B3, CEAFm, CEAFe, LEA, Mentions [4]float64 // recall num, den; precision num, den
	// BLANC: coreference links in both, in the key, in the response; the
	// same for non-coreference links; and the number of key mentions.
	BlancC, BlancN [3]float64
	KeyMentions    float64
}

// Add adds o to c.
func (c *Counts) Add(o Counts) {
	for _, p := range []struct{ dst, src *[4]float64 }{
		{&c.MUC, &o.MUC}, {&c.B3, &o.B3}, {&c.CEAFm, &o.CEAFm}, {&c.CEAFe, &o.CEAFe},
		{&c.LEA, &o.LEA}, {&c.Mentions, &o.Mentions},
	} {
		for i := range p.dst {
			p.dst[i] += p.src[i]
		}
	}
	for i := range 3 {
		c.BlancC[i] += o.BlancC[i]
		c.BlancN[i] += o.BlancN[i]
	}
	c.KeyMentions += o.KeyMentions
}

// Scores are the coreference scores of a response against a key.
type Scores struct {
	MUC, B3, CEAFm, CEAFe, BLANC, LEA PRF
	// Mentions is mention identification: strictly matched mentions over key
	// (recall) and response (precision) mentions.
	Mentions PRF
	// CoNLL is the CoNLL-2012 score, the mean F1 of MUC, B³ and CEAFe.
	CoNLL float64
	// Notes record the reference scorer's conventions that were applied
	// (e.g. a 0/0 recall reported as 0).
	Notes []string
}

// Scores turns summed counts into scores.
func (c Counts) Scores() Scores {
	var s Scores
	s.MUC = prf(c.MUC[0], c.MUC[1], c.MUC[2], c.MUC[3])
	s.B3 = prf(c.B3[0], c.B3[1], c.B3[2], c.B3[3])
	s.CEAFm = prf(c.CEAFm[0], c.CEAFm[1], c.CEAFm[2], c.CEAFm[3])
	s.CEAFe = prf(c.CEAFe[0], c.CEAFe[1], c.CEAFe[2], c.CEAFe[3])
	s.LEA = prf(c.LEA[0], c.LEA[1], c.LEA[2], c.LEA[3])
	s.Mentions = prf(c.Mentions[0], c.Mentions[1], c.Mentions[2], c.Mentions[3])
	s.BLANC = blanc(c)
	s.CoNLL = (s.MUC.F1 + s.B3.F1 + s.CEAFe.F1) / 3
	if c.MUC[1] == 0 {
		s.Notes = append(s.Notes, "muc: the key has no coreference links (only singletons); recall and F1 set to 0 as the reference scorer does")
	}
	if c.MUC[3] == 0 {
		s.Notes = append(s.Notes, "muc: the response has no coreference links; precision set to 0 as the reference scorer does")
	}
	return s
}

// blanc applies the edge cases of the reference scorer
// (CorScorer::ComputeBLANCFromCounts; shared/reference/coreference.md §2).
func blanc(c Counts) PRF {
	if c.KeyMentions == 0 {
		return PRF{}
	}
	cb, ck, cr := c.BlancC[0], c.BlancC[1], c.BlancC[2]
	nb, nk, nr := c.BlancN[0], c.BlancN[1], c.BlancN[2]
	coref := prf(cb, ck, cb, cr)
	non := prf(nb, nk, nb, nr)
	switch {
	case ck == 0:
		return non
	case nk == 0:
		return coref
	}
	return PRF{(coref.Recall + non.Recall) / 2, (coref.Precision + non.Precision) / 2, (coref.F1 + non.F1) / 2}
}

type overlap struct{ k, r, n int32 }

// DocCounts computes the counts of one document. Mention ids must be below
// nMentions.
//
// Formulas (shared/reference/coreference.md §2), K and R the key and
// response entities, n_kr = |k ∩ r|:
//
//	MUC    R = Σ_k (|k| − |p(k)|) / Σ_k (|k| − 1)   (p(k): parts of k in R, missing mentions as singletons)
//	B³     R = Σ_k Σ_r n_kr²/|k| / Σ_k |k|
//	CEAFm  R = max_g Σ n_k,g(k) / Σ_k |k|           (one-to-one alignment g, exact)
//	CEAFe  R = max_g Σ 2n_k,g(k)/(|k|+|g(k)|) / |K|
//	LEA    R = Σ_k |k| Σ_r link(n_kr)/link(k) / Σ_k |k|, link(x) = x(x−1)/2,
//	       a singleton k counting 1 when it is a singleton of R too
//	BLANC  coreference and non-coreference links (Luo et al. 2014)
//
// Precisions swap K and R.
func DocCounts(key, response Partition, nMentions int) Counts {
	var c Counts
	respEnt := entityOf(response, nMentions)
	nk, nr := len(key.Entities), len(response.Entities)

	// Overlaps n_kr > 0, grouped by key entity.
	var ov []overlap
	scratch := make([]int32, nr)
	var touched []int32
	keyMentions, respMentions := 0, 0
	for k, e := range key.Entities {
		keyMentions += len(e)
		touched = touched[:0]
		for _, m := range e {
			if r := respEnt[m]; r >= 0 {
				if scratch[r] == 0 {
					touched = append(touched, r)
				}
				scratch[r]++
			}
		}
		for _, r := range touched {
			ov = append(ov, overlap{int32(k), r, scratch[r]})
			scratch[r] = 0
		}
	}
	for _, e := range response.Entities {
		respMentions += len(e)
	}
	c.KeyMentions = float64(keyMentions)

	// Per-entity sums over overlaps.
	kParts := make([]int, nk) // response entities meeting k
	kIn := make([]int, nk)    // mentions of k present in the response
	rParts := make([]int, nr)
	rIn := make([]int, nr)
	matched := 0
	var bothLinks float64
	for _, o := range ov {
		n := int(o.n)
		kParts[o.k]++
		kIn[o.k] += n
		rParts[o.r]++
		rIn[o.r] += n
		matched += n
		ks, rs := float64(len(key.Entities[o.k])), float64(len(response.Entities[o.r]))
		nn := float64(n)
		c.B3[0] += nn * nn / ks
		c.B3[2] += nn * nn / rs
		bothLinks += nn * (nn - 1) / 2
	}
	c.Mentions = [4]float64{float64(matched), float64(keyMentions), float64(matched), float64(respMentions)}

	// MUC.
	for k, e := range key.Entities {
		parts := kParts[k] + (len(e) - kIn[k])
		c.MUC[0] += float64(len(e) - parts)
		c.MUC[1] += float64(len(e) - 1)
		c.B3[1] += float64(len(e))
	}
	for r, e := range response.Entities {
		parts := rParts[r] + (len(e) - rIn[r])
		c.MUC[2] += float64(len(e) - parts)
		c.MUC[3] += float64(len(e) - 1)
		c.B3[3] += float64(len(e))
	}

	// LEA.
	kLinks := make([]float64, nk)
	rLinks := make([]float64, nr)
	for _, o := range ov {
		nn := float64(o.n)
		kLinks[o.k] += nn * (nn - 1) / 2
		rLinks[o.r] += nn * (nn - 1) / 2
	}
	for _, o := range ov {
		// singleton resolution: a singleton k is resolved iff its mention
		// forms a singleton in the response too.
		if len(key.Entities[o.k]) == 1 && len(response.Entities[o.r]) == 1 {
			kLinks[o.k] = 1
			rLinks[o.r] = 1
		}
	}
	for k, e := range key.Entities {
		s := float64(len(e))
		c.LEA[0] += s * kLinks[k] / linkCount(len(e))
		c.LEA[1] += s
	}
	for r, e := range response.Entities {
		s := float64(len(e))
		c.LEA[2] += s * rLinks[r] / linkCount(len(e))
		c.LEA[3] += s
	}

	// BLANC.
	var keyLinks, respLinks, keySame, respSame float64
	for k, e := range key.Entities {
		s := float64(len(e))
		keyLinks += s * (s - 1) / 2
		in := float64(kIn[k])
		keySame += in * (in - 1) / 2
	}
	for r, e := range response.Entities {
		s := float64(len(e))
		respLinks += s * (s - 1) / 2
		in := float64(rIn[r])
		respSame += in * (in - 1) / 2
	}
	km, rm, mm := float64(keyMentions), float64(respMentions), float64(matched)
	c.BlancC = [3]float64{bothLinks, keyLinks, respLinks}
	// non-coreference pairs among the matched mentions: all pairs, less those
	// coreferent in the key or in the response, plus those coreferent in both.
	c.BlancN = [3]float64{mm*(mm-1)/2 - keySame - respSame + bothLinks, km*(km-1)/2 - keyLinks, rm*(rm-1)/2 - respLinks}

	// CEAF: the best one-to-one alignment, solved exactly per connected
	// component of the overlap graph (entities that share no mention add 0).
	phiM, phiE := ceaf(key, response, ov)
	c.CEAFm = [4]float64{phiM, float64(keyMentions), phiM, float64(respMentions)}
	c.CEAFe = [4]float64{phiE, float64(nk), phiE, float64(nr)}
	return c
}

func linkCount(n int) float64 {
	if n == 1 {
		return 1
	}
	return float64(n) * float64(n-1) / 2
}

func entityOf(p Partition, n int) []int32 {
	ent := make([]int32, n)
	for i := range ent {
		ent[i] = -1
	}
	for k, e := range p.Entities {
		for _, m := range e {
			ent[m] = int32(k)
		}
	}
	return ent
}

// denseLimit is the size of the largest overlap component (key entities ×
// response entities) solved with the dense solver of internal/assign; larger
// components, sparse in practice, go to maxWeightMatching.
const denseLimit = 64 * 64

// ceaf returns the optimal Φ under φ3 = |k∩r| (CEAFm) and φ4 =
// 2|k∩r|/(|k|+|r|) (CEAFe). Each is maximised separately, exactly.
func ceaf(key, response Partition, ov []overlap) (phiM, phiE float64) {
	nk := len(key.Entities)
	// key entities [0, nk) and response entities [nk, nk+nr) that overlap
	// form one component
	uf := unionfind.New(nk + len(response.Entities))
	find := func(x int32) int32 { return int32(uf.Find(int(x))) }
	for _, o := range ov {
		uf.Union(int(o.k), nk+int(o.r))
	}
	comp := map[int32][]overlap{}
	var roots []int32
	for _, o := range ov {
		r := find(o.k)
		if _, ok := comp[r]; !ok {
			roots = append(roots, r)
		}
		comp[r] = append(comp[r], o)
	}
	for _, root := range roots {
		os := comp[root]
		if len(os) == 1 {
			o := os[0]
			n := float64(o.n)
			phiM += n
			phiE += 2 * n / float64(len(key.Entities[o.k])+len(response.Entities[o.r]))
			continue
		}
		rowOf, colOf := map[int32]int{}, map[int32]int{}
		var rows, cols []int32
		for _, o := range os {
			if _, ok := rowOf[o.k]; !ok {
				rowOf[o.k] = len(rows)
				rows = append(rows, o.k)
			}
			if _, ok := colOf[o.r]; !ok {
				colOf[o.r] = len(cols)
				cols = append(cols, o.r)
			}
		}
		if len(rows)*len(cols) > denseLimit {
			am := make([][]edge, len(rows))
			ae := make([][]edge, len(rows))
			for _, o := range os {
				i, j := rowOf[o.k], int32(colOf[o.r])
				n := float64(o.n)
				am[i] = append(am[i], edge{j, n})
				ae[i] = append(ae[i], edge{j, 2 * n / float64(len(key.Entities[o.k])+len(response.Entities[o.r]))})
			}
			phiM += maxWeightMatching(am, len(cols))
			phiE += maxWeightMatching(ae, len(cols))
			continue
		}
		cm := make([][]float64, len(rows))
		ce := make([][]float64, len(rows))
		for i := range cm {
			cm[i] = make([]float64, len(cols))
			ce[i] = make([]float64, len(cols))
		}
		for _, o := range os {
			i, j := rowOf[o.k], colOf[o.r]
			n := float64(o.n)
			cm[i][j] = -n
			ce[i][j] = -2 * n / float64(len(key.Entities[o.k])+len(response.Entities[o.r]))
		}
		_, tm := assign.MinCost(cm)
		_, te := assign.MinCost(ce)
		phiM -= tm
		phiE -= te
	}
	return phiM, phiE
}

// Compare scores annotator b (as the response) against annotator a (as the
// key) over all documents, micro-averaged. F1 values are symmetric in a and
// b; recall and precision swap.
func (c *Corpus) Compare(a, b int) Scores {
	var n Counts
	for _, dc := range c.DocumentCounts(a, b) {
		n.Add(dc)
	}
	return n.Scores()
}

// DocumentCounts returns the counts of each document with annotator a as
// the key and b as the response (zero for a document the pair is not
// compared on, see OnAnnotated); their sum gives Compare(a, b). Resampling
// documents and summing their counts is the document bootstrap.
func (c *Corpus) DocumentCounts(a, b int) []Counts {
	out := make([]Counts, len(c.docs))
	for d := range c.docs {
		if c.Shared(a, b, d) {
			out[d] = DocCounts(c.parts[a][d], c.parts[b][d], len(c.docs[d].mentions))
		}
	}
	return out
}

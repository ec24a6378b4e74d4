package coref

import (
	"agree/position"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"agree/coding"
	"agree/distance"
	"agree/internal/assign"
)

// genCorpus generates one document with n mentions in chains of 1–12
// mentions for annotator "A", and annotator "B" = A with a share of the
// mentions moved to another chain, dropped or invented (seeded).
func genCorpus(tb testing.TB, n int, seed uint64, sameMarkables bool) *Corpus {
	rng := rand.New(rand.NewPCG(seed, 42))
	b := NewBuilder(KeepFirst)
	chain := 0
	left := 0
	nChains := 0
	for m := 0; m < n; m++ {
		if left == 0 {
			chain = nChains
			nChains++
			left = 1 + rng.IntN(12)
		}
		left--
		id := fmt.Sprintf("%d-%d", 2*m, 2*m)
		if err := b.Add("A", "doc", id, fmt.Sprint(chain), position.Pos{}); err != nil {
			tb.Fatal(err)
		}
		c := chain
		switch r := rng.IntN(100); {
		case r < 10:
			c = rng.IntN(nChains + 1) // moved (possibly to a new chain)
		case r < 13 && !sameMarkables:
			continue // dropped
		case r < 16 && !sameMarkables:
			b.Add("B", "doc", fmt.Sprintf("%d-%d", 2*m+1, 2*m+1), fmt.Sprint(c), position.Pos{}) // invented
		}
		if err := b.Add("B", "doc", id, fmt.Sprint(c), position.Pos{}); err != nil {
			tb.Fatal(err)
		}
	}
	c, err := b.Build()
	if err != nil {
		tb.Fatal(err)
	}
	return c
}

// BenchmarkCompare: all scores (MUC, B³, CEAFm/e with exact alignment,
// BLANC, LEA) between two annotators of one generated document of 100 000
// mentions (about 15 000 chains).
func BenchmarkCompare(b *testing.B) {
	c := genCorpus(b, 100000, 1, false)
	for b.Loop() {
		c.Compare(0, 1)
	}
}

// BenchmarkChainSetAlphaMASI: α with MASI on chains as sets for 20 000
// mentions; with the mention removed from its set nearly every label is a
// distinct set (≈ 40 000 distinct values for the two annotators).
func BenchmarkChainSetAlphaMASI(b *testing.B) {
	c := genCorpus(b, 20000, 2, true)
	d, err := c.ChainsAsSets(OtherMembers)
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		an, err := coding.Analyze(d, coding.Options{Distance: distance.MASI(SetSeparator)})
		if err != nil {
			b.Fatal(err)
		}
		an.Coefficient(coding.KrippendorffAlpha)
	}
	b.ReportMetric(float64(len(d.Labels())), "distinct-sets")
}

// TestGeneratedSelfAgreement: on a generated corpus, the scores are within
// [0, 1], every annotator agrees perfectly with itself, and CEAF solved per
// component equals CEAF solved on the whole matrix (two paths).
func TestGeneratedSelfAgreement(t *testing.T) {
	c := genCorpus(t, 3000, 3, false)
	s := c.Compare(0, 0)
	for _, p := range []PRF{s.MUC, s.B3, s.CEAFm, s.CEAFe, s.BLANC, s.LEA} {
		if p != (PRF{1, 1, 1}) {
			t.Fatalf("self: %+v", s)
		}
	}
	s = c.Compare(0, 1)
	for _, p := range []PRF{s.MUC, s.B3, s.CEAFm, s.CEAFe, s.BLANC, s.LEA} {
		for _, x := range []float64{p.Recall, p.Precision, p.F1} {
			if !(x >= 0 && x <= 1) {
				t.Fatalf("out of range: %+v", s)
			}
		}
	}
	key, resp := c.Partition(0, 0), c.Partition(1, 0)
	if len(key.Entities)*len(resp.Entities) <= denseLimit {
		t.Fatal("the generated document is too small to exercise the sparse solver")
	}
	wantM, wantE := ceafDense(key, resp, c.NumMentions(0))
	n := DocCounts(key, resp, c.NumMentions(0))
	if d := n.CEAFm[0] - wantM; d > 1e-9 || d < -1e-9 {
		t.Errorf("CEAFm Φ per component %v, dense %v", n.CEAFm[0], wantM)
	}
	if d := n.CEAFe[0] - wantE; d > 1e-9 || d < -1e-9 {
		t.Errorf("CEAFe Φ per component %v, dense %v", n.CEAFe[0], wantE)
	}
}

// ceafDense solves CEAF on the full key × response matrix.
func ceafDense(key, resp Partition, n int) (phiM, phiE float64) {
	respEnt := entityOf(resp, n)
	cm := make([][]float64, len(key.Entities))
	ce := make([][]float64, len(key.Entities))
	for k, e := range key.Entities {
		cm[k] = make([]float64, len(resp.Entities))
		ce[k] = make([]float64, len(resp.Entities))
		for _, m := range e {
			if r := respEnt[m]; r >= 0 {
				cm[k][r]--
			}
		}
		for r := range cm[k] {
			ce[k][r] = 2 * cm[k][r] / float64(len(e)+len(resp.Entities[r]))
		}
	}
	_, tm := assign.MinCost(cm)
	_, te := assign.MinCost(ce)
	return -tm, -te
}

// TestMaxWeightMatchingAgainstDense: the sparse solver against the dense
// exact solver (internal/assign) on random sparse bipartite graphs, with
// ties (integer weights) and without.
func TestMaxWeightMatchingAgainstDense(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for trial := 0; trial < 400; trial++ {
		n, m := 1+rng.IntN(9), 1+rng.IntN(9)
		adj := make([][]edge, n)
		cost := make([][]float64, n)
		for r := range adj {
			cost[r] = make([]float64, m)
			for j := 0; j < m; j++ {
				if rng.IntN(3) == 0 {
					w := float64(1 + rng.IntN(3))
					if trial%2 == 0 {
						w = rng.Float64() + 0.01
					}
					adj[r] = append(adj[r], edge{int32(j), w})
					cost[r][j] = -w
				}
			}
		}
		_, want := assign.MinCost(cost)
		if got := maxWeightMatching(adj, m); math.Abs(got+want) > 1e-9 {
			t.Fatalf("trial %d: sparse %v, dense %v\n%v", trial, got, -want, adj)
		}
	}
}

// longChain is issue 25's corpus: 2 annotators × n mentions of one
// document in one chain each (B splits off every tenth mention as a
// singleton when split).
func longChain(tb testing.TB, n int, split bool) *Corpus {
	bl := NewBuilder(KeepFirst)
	for m := range n {
		bl.Add("A", "d", fmt.Sprint(m), "1", position.Pos{})
		ch := "1"
		if split && m%10 == 0 {
			ch = fmt.Sprint("s", m)
		}
		bl.Add("B", "d", fmt.Sprint(m), ch, position.Pos{})
	}
	c, err := bl.Build()
	if err != nil {
		tb.Fatal(err)
	}
	return c
}

// BenchmarkChainSetAlphasLongChain: issue 25, chains as sets on 2 × 20 000
// mentions in one chain (2.7 GB and a crash when every mention's label
// listed its chain; now linear in the mentions).
func BenchmarkChainSetAlphasLongChain(b *testing.B) {
	for _, split := range []bool{false, true} {
		c := longChain(b, 20000, split)
		b.Run(fmt.Sprint("split=", split), func(b *testing.B) {
			for b.Loop() {
				if _, err := c.ChainSetAlphas(OtherMembers); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

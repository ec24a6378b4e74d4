package coref

import (
	"agree/position"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"agree/coding"
	"agree/distance"
)

// engineChainSetAlphas is α on ChainsAsSets through the coding engine: the
// definition ChainSetAlphas computes without the labels.
func engineChainSetAlphas(t *testing.T, c *Corpus, mode ChainSets) SetAlphas {
	t.Helper()
	out := SetAlphas{Reasons: map[string]string{}}
	d, err := c.ChainsAsSets(mode)
	if err != nil {
		t.Fatal(err)
	}
	for _, x := range []struct {
		name string
		sp   distance.Spec
		dst  *float64
	}{
		{"masi", distance.MASI(SetSeparator), &out.MASI},
		{"jaccard", distance.Jaccard(SetSeparator), &out.Jaccard},
		{"dice", distance.Dice(SetSeparator), &out.Dice},
		{"passonneau", distance.Passonneau(SetSeparator), &out.Passonneau},
		{"nominal", distance.Nominal(), &out.Nominal},
	} {
		an, err := coding.Analyze(d, coding.Options{Distance: x.sp})
		if err != nil {
			t.Fatal(err)
		}
		r := an.Coefficient(coding.KrippendorffAlpha)
		*x.dst = r.Value
		if r.Reason != "" {
			out.Reasons[x.name] = r.Reason
		}
	}
	return out
}

// randomCorpus makes 1–3 documents of up to 12 mentions, 1–4 annotators,
// each marking a random subset of the mentions in random chains (few
// chains, so that chains are long and shared; sometimes all singletons,
// sometimes one chain).
func randomCorpus(t *testing.T, rng *rand.Rand) *Corpus {
	t.Helper()
	b := NewBuilder(RejectDuplicates)
	nAnn := 1 + rng.IntN(4)
	nDoc := 1 + rng.IntN(3)
	for a := range nAnn {
		b.Annotator(fmt.Sprint("a", a))
	}
	for d := range nDoc {
		M := 1 + rng.IntN(12)
		for a := range nAnn {
			chains := 1 + rng.IntN(4)
			switch rng.IntN(6) {
			case 0:
				chains = M // mostly singletons
			case 1:
				chains = 1
			}
			keep := rng.Float64()
			for m := range M {
				if rng.Float64() > 0.3+keep {
					continue
				}
				ch := rng.IntN(chains)
				if chains == M {
					ch = m
				}
				if err := b.Add(fmt.Sprint("a", a), fmt.Sprint("d", d), fmt.Sprint("m", m), fmt.Sprint(ch), position.Pos{}); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	c, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// TestChainSetAlphasEngine: ChainSetAlphas (from chain sizes and
// intersections) equals α of the coding engine on the ChainsAsSets labels,
// to 1e-12, on random corpora (several documents and annotators, missing
// mentions, singletons, one long chain), with the missing mentions as they
// are and added as singletons, in both modes; the same α are undefined, and
// for the same reason except where the engine's reason was misleading (all
// pairable sets equal while other sets occur only on mentions one annotator
// marked).
func TestChainSetAlphasEngine(t *testing.T) {
	rng := rand.New(rand.NewPCG(25, 1))
	undefined, misled := 0, 0
	for it := range 600 {
		c := randomCorpus(t, rng)
		if it%2 == 1 {
			c, _ = c.WithSingletons()
		}
		for _, mode := range []ChainSets{OtherMembers, WholeChain} {
			want := engineChainSetAlphas(t, c, mode)
			got, err := c.ChainSetAlphas(mode)
			if err != nil {
				t.Fatal(err)
			}
			for _, x := range []struct {
				name      string
				got, want float64
			}{{"masi", got.MASI, want.MASI}, {"jaccard", got.Jaccard, want.Jaccard}, {"dice", got.Dice, want.Dice},
				{"passonneau", got.Passonneau, want.Passonneau}, {"nominal", got.Nominal, want.Nominal}} {
				if math.IsNaN(x.want) {
					undefined++
					if !math.IsNaN(x.got) {
						t.Fatalf("case %d mode %d %s: got %v, want undefined (%s)", it, mode, x.name, x.got, want.Reasons[x.name])
					}
					g, w := got.Reasons[x.name], want.Reasons[x.name]
					misleading := strings.HasPrefix(w, "expected disagreement is 0 under the") &&
						strings.HasPrefix(g, "expected disagreement is 0: every mention that two or more annotators marked has the same set")
					if misleading {
						misled++
					}
					if g != w && !misleading {
						t.Errorf("case %d mode %d %s: reason %q, want %q", it, mode, x.name, g, w)
					}
					continue
				}
				if math.Abs(x.got-x.want) > 1e-12 {
					t.Fatalf("case %d mode %d %s: α = %.17g, engine %.17g", it, mode, x.name, x.got, x.want)
				}
			}
		}
	}
	if undefined == 0 || misled == 0 {
		t.Errorf("undefined cases generated: %d, of which %d with the engine's misleading reason; want both", undefined, misled)
	}
}

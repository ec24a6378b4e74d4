package coref

import (
	"agree/position"
	"context"
	"errors"
	"fmt"
	"testing"

	"agree/inference"
)

// bootCorpus is two annotators over five documents whose chains differ
// more in some documents than in others.
func bootCorpus(t *testing.T) *Corpus {
	t.Helper()
	b := NewBuilder(KeepFirst)
	for d := range 5 {
		doc := fmt.Sprint("doc", d)
		for m := range 6 {
			ms := fmt.Sprint("m", m)
			if err := b.Add("A", doc, ms, fmt.Sprint(m/2), position.Pos{}); err != nil {
				t.Fatal(err)
			}
			if err := b.Add("B", doc, ms, fmt.Sprint((m+d)/3), position.Pos{}); err != nil {
				t.Fatal(err)
			}
		}
	}
	c, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func TestBootstrapEstimatesAreCompare(t *testing.T) {
	// The bootstrap's estimates are the micro-averaged scores of Compare,
	// and the result does not depend on the number of workers.
	c := bootCorpus(t)
	s := c.Compare(0, 1)
	opt := inference.Options{Resamples: 200, Seed: 3, Workers: 1}
	b, err := c.Bootstrap(context.Background(), 0, 1, opt)
	if err != nil {
		t.Fatal(err)
	}
	for _, x := range []struct {
		name string
		r    *inference.Result
		want float64
	}{{"CoNLL", b.CoNLL, s.CoNLL}, {"MUC", b.MUC, s.MUC.F1}, {"B3", b.B3, s.B3.F1}, {"CEAFm", b.CEAFm, s.CEAFm.F1},
		{"CEAFe", b.CEAFe, s.CEAFe.F1}, {"BLANC", b.BLANC, s.BLANC.F1}, {"LEA", b.LEA, s.LEA.F1}} {
		if x.r.Estimate != x.want {
			t.Errorf("%s: estimate %v, Compare %v", x.name, x.r.Estimate, x.want)
		}
		if !(x.r.CI.Low <= x.r.CI.High) || x.r.SE <= 0 {
			t.Errorf("%s: interval %+v, SE %v", x.name, x.r.CI, x.r.SE)
		}
	}
	opt.Workers = 4
	b4, err := c.Bootstrap(context.Background(), 0, 1, opt)
	if err != nil {
		t.Fatal(err)
	}
	if b4.CoNLL.CI != b.CoNLL.CI || b4.LEA.SE != b.LEA.SE {
		t.Error("1 and 4 workers give different bootstraps")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := c.Bootstrap(ctx, 0, 1, opt); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v", err)
	}
}

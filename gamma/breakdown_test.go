package gamma

import (
	"context"
	"math"
	"strings"
	"testing"
	"time"

	"agree/unitizing"
)

// breakdownCorpus: three continua; a, b and c annotate d1 and d2, a and b
// only d3 (so the pair a/c shares two continua, a/b three).
func breakdownCorpus() unitizing.Corpus {
	cont := func(name string, anns []string, units ...unitizing.Unit) unitizing.Continuum {
		return unitizing.Continuum{Name: name, Annotators: anns, Units: units}
	}
	u := func(a int, cat string, s, e float64) unitizing.Unit {
		return unitizing.Unit{Annotator: a, Category: cat, Start: s, End: e}
	}
	return unitizing.Corpus{Continua: []unitizing.Continuum{
		cont("d1", []string{"a", "b", "c"}, u(0, "x", 0, 10), u(1, "x", 1, 10), u(2, "y", 0, 9), u(0, "y", 20, 30), u(1, "y", 21, 29)),
		cont("d2", []string{"a", "b", "c"}, u(0, "x", 0, 5), u(1, "x", 0, 6), u(2, "x", 1, 5), u(2, "y", 10, 15)),
		cont("d3", []string{"a", "b"}, u(0, "y", 3, 8), u(1, "y", 3, 9), u(0, "x", 12, 14)),
	}}
}

func TestAutoSampler(t *testing.T) {
	c := breakdownCorpus()
	for _, k := range []struct {
		why  string
		cs   []unitizing.Continuum
		want Sampler
		note string
	}{
		{"one continuum: shuffle, nothing to say", c.Continua[:1], Shuffle, ""},
		{"as many continua as annotators, all with three", append(c.Continua[:2:2], c.Continua[0]), Corpus, ""},
		{"a continuum with two annotators among three", c.Continua, Shuffle, "same number of annotators"},
		{"two continua for three annotators", c.Continua[:2], Shuffle, "at least as many continua as annotators"},
	} {
		got, note := AutoSampler(unitizing.Corpus{Continua: k.cs})
		if got != k.want || (k.note == "") != (note == "") || !strings.Contains(note, k.note) {
			t.Errorf("%s: %v (%q), want %v (%q)", k.why, got, note, k.want, k.note)
		}
	}
}

// TestByDocument: the breakdown is γ of each continuum alone and of each
// pair on the continua both annotated, computed as Compute does them;
// Macro is the mean of the defined documents.
func TestByDocument(t *testing.T) {
	ctx := context.Background()
	c := breakdownCorpus()
	d, err := NewCombined(1, 1, 1, nil, []string{"x", "y"})
	if err != nil {
		t.Fatal(err)
	}
	opt := Options{Samples: 5, Seed: 3, Precision: -1}
	b, err := ByDocument(ctx, c, d, opt)
	if err != nil {
		t.Fatal(err)
	}
	if len(b.Documents) != 3 {
		t.Fatalf("%d documents", len(b.Documents))
	}
	sum, n := 0.0, 0
	for k, dg := range b.Documents {
		r, err := Compute(ctx, unitizing.Corpus{Continua: c.Continua[k : k+1]}, d, opt)
		if err != nil {
			t.Fatal(err)
		}
		if dg.Name != c.Continua[k].Name || dg.Result == nil || dg.Result.Gamma != r.Gamma && !(math.IsNaN(r.Gamma) && math.IsNaN(dg.Result.Gamma)) {
			t.Errorf("document %d: %+v, want γ %v", k, dg, r.Gamma)
		}
		if !math.IsNaN(r.Gamma) {
			sum += r.Gamma
			n++
		}
	}
	if m, def, und := b.Macro(); def != n || und != 3-n || math.Abs(m-sum/float64(n)) > 0 {
		t.Errorf("Macro() = %v, %d, %d; want %v, %d, %d", m, def, und, sum/float64(n), n, 3-n)
	}
	if strings.Join(b.Annotators, ",") != "a,b,c" || len(b.Pairs) != 3 {
		t.Fatalf("annotators %q, %d rows", b.Annotators, len(b.Pairs))
	}
	for i, a := range b.Annotators {
		for j, x := range b.Annotators {
			if i == j {
				if b.Pairs[i][j] != 1 {
					t.Errorf("diagonal %d: %v", i, b.Pairs[i][j])
				}
				continue
			}
			lo, hi := min(i, j), max(i, j)
			r, shared, err := Pair(ctx, c, b.Annotators[lo], b.Annotators[hi], d, opt)
			if err != nil {
				t.Fatal(err)
			}
			want := map[string]int{"a,b": 3, "a,c": 2, "b,c": 2}[b.Annotators[lo]+","+b.Annotators[hi]]
			if shared != want || b.Pairs[i][j] != r.Gamma {
				t.Errorf("pair %s/%s: %v on %d continua, want %v on %d", a, x, b.Pairs[i][j], shared, r.Gamma, want)
			}
		}
	}
	// Past the deadline nothing more is computed.
	opt.Deadline = time.Now().Add(-time.Second)
	b, err = ByDocument(ctx, c, d, opt)
	if err != nil {
		t.Fatal(err)
	}
	for _, dg := range b.Documents {
		if dg.Result != nil || dg.Err != ErrTimeLimit {
			t.Errorf("%s computed past the deadline", dg.Name)
		}
	}
	if !b.PairsStopped {
		t.Error("the pairs are not said to be stopped")
	}
	if _, def, und := b.Macro(); def != 0 || und != 3 {
		t.Errorf("Macro past the deadline: %d defined, %d undefined", def, und)
	}
}

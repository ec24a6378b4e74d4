package alttest

import (
	"context"
	"math/rand/v2"
	"strconv"
	"testing"

	"agree/annotation"
	"agree/coref"
	"agree/gamma"
	"agree/position"
	"agree/spans"
	"agree/unitizing"
)

// TestSpansIdenticalModelPasses: on random span corpora (40 documents,
// three annotators who mark the same entities with boundary and label
// slips), a model that copies an annotator's spans passes under exact
// and overlap matching, one that marks random spans fails, and the
// verdict per label works alike.
func TestSpansIdenticalModelPasses(t *testing.T) {
	for seed := range uint64(4) {
		rng := rand.New(rand.NewPCG(seed, 9))
		c := &annotation.Corpus{}
		names := []string{"h1", "h2", "h3", "copy", "guess"}
		for _, n := range names {
			c.Annotator(n)
		}
		labels := []string{"PER", "LOC"}
		for d := range 40 {
			doc := c.Document("d" + strconv.Itoa(d))
			for range 2 + rng.IntN(4) {
				s := float64(rng.IntN(200))
				e := s + 1 + float64(rng.IntN(5))
				l := labels[rng.IntN(2)]
				for h := range 3 {
					ss, ee, ll := s, e, l
					switch x := rng.Float64(); {
					case x < 0.1:
						ee++
					case x < 0.15:
						ll = labels[rng.IntN(2)]
					case x < 0.2:
						continue
					}
					c.Spans = append(c.Spans, annotation.Span{Doc: doc, Annotator: h, Start: ss, End: ee, Label: ll})
					if h == 0 {
						c.Spans = append(c.Spans, annotation.Span{Doc: doc, Annotator: 3, Start: ss, End: ee, Label: ll})
					}
				}
				gs := float64(rng.IntN(200))
				c.Spans = append(c.Spans, annotation.Span{Doc: doc, Annotator: 4, Start: gs, End: gs + 3, Label: labels[rng.IntN(2)]})
			}
		}
		for _, m := range []spans.Match{{Kind: spans.Exact}, {Kind: spans.Overlap}} {
			for _, label := range []string{"", "PER"} {
				run := func(model string) *Result {
					in, err := SpansInput(context.Background(), c, model, []string{"h1", "h2", "h3"}, label, spans.Options{Match: m})
					if err != nil {
						t.Fatal(err)
					}
					r, err := Test(context.Background(), in, Options{})
					if err != nil {
						t.Fatal(err)
					}
					return r
				}
				if r := run("copy"); !r.Passed {
					t.Errorf("seed %d, match %v, label %q: a copy of h1 fails (ω %v, ρ %v)", seed, m.Kind, label, r.WinningRate, r.Rho)
				}
				if r := run("guess"); r.Passed {
					t.Errorf("seed %d, match %v, label %q: random spans pass (ω %v, ρ %v)", seed, m.Kind, label, r.WinningRate, r.Rho)
				}
			}
		}
	}
}

// TestRelationsIdenticalModelPasses: relations between shared spans (40
// documents, three annotators with type slips and omissions): a copy of an
// annotator's relations passes, random relations fail.
func TestRelationsIdenticalModelPasses(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 13))
	c := &annotation.Corpus{}
	names := []string{"h1", "h2", "h3", "copy", "guess"}
	for _, n := range names {
		c.Annotator(n)
	}
	types := []string{"works_for", "met"}
	for d := range 40 {
		doc := c.Document("d" + strconv.Itoa(d))
		first := make([]int, len(names)) // each annotator's first span in this document
		for a := range names {
			first[a] = len(c.Spans)
			for k := range 4 {
				c.Spans = append(c.Spans, annotation.Span{Doc: doc, Annotator: a, Start: float64(10 * k), End: float64(10*k + 5), Label: "E"})
			}
		}
		for range 1 + rng.IntN(3) {
			s, e, ty := rng.IntN(4), rng.IntN(4), types[rng.IntN(2)]
			for h := range 3 {
				tt := ty
				switch x := rng.Float64(); {
				case x < 0.08:
					tt = types[rng.IntN(2)]
				case x < 0.14:
					continue
				}
				c.Relations = append(c.Relations, annotation.Relation{Doc: doc, Annotator: h, Source: first[h] + s, Target: first[h] + e, Type: tt})
				if h == 0 {
					c.Relations = append(c.Relations, annotation.Relation{Doc: doc, Annotator: 3, Source: first[3] + s, Target: first[3] + e, Type: tt})
				}
			}
			c.Relations = append(c.Relations, annotation.Relation{Doc: doc, Annotator: 4, Source: first[4] + rng.IntN(4), Target: first[4] + rng.IntN(4), Type: types[rng.IntN(2)]})
		}
	}
	run := func(model string) *Result {
		in, err := RelationsInput(context.Background(), c, model, []string{"h1", "h2", "h3"}, "", spans.Options{Match: spans.Match{Kind: spans.Exact}})
		if err != nil {
			t.Fatal(err)
		}
		r, err := Test(context.Background(), in, Options{})
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	if r := run("copy"); !r.Passed {
		t.Errorf("a copy of h1's relations fails (ω %v, ρ %v)", r.WinningRate, r.Rho)
	}
	if r := run("guess"); r.Passed {
		t.Errorf("random relations pass (ω %v, ρ %v)", r.WinningRate, r.Rho)
	}
}

// TestCorefIdenticalModelPasses: chains over 40 documents (three
// annotators who split or merge a chain now and then): a copy of an
// annotator passes, random chains fail.
func TestCorefIdenticalModelPasses(t *testing.T) {
	rng := rand.New(rand.NewPCG(2, 17))
	b := coref.NewBuilder(coref.KeepFirst)
	names := []string{"h1", "h2", "h3", "copy", "guess"}
	for _, n := range names {
		b.Annotator(n)
	}
	for d := range 40 {
		doc := "d" + strconv.Itoa(d)
		for m := range 8 {
			chain := m % 3
			for h := range 3 {
				ch := chain
				if rng.Float64() < 0.1 {
					ch = rng.IntN(4)
				}
				if err := b.Add(names[h], doc, "m"+strconv.Itoa(m), strconv.Itoa(ch), position.Pos{}); err != nil {
					t.Fatal(err)
				}
				if h == 0 {
					b.Add("copy", doc, "m"+strconv.Itoa(m), strconv.Itoa(ch), position.Pos{})
				}
			}
			b.Add("guess", doc, "m"+strconv.Itoa(m), strconv.Itoa(rng.IntN(5)), position.Pos{})
		}
	}
	c, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	for model, pass := range map[int]bool{3: true, 4: false} {
		in, err := CorefInput(c, model, []int{0, 1, 2})
		if err != nil {
			t.Fatal(err)
		}
		r, err := Test(context.Background(), in, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if r.Passed != pass {
			t.Errorf("%s: passed %v (ω %v, ρ %v), want %v", names[model], r.Passed, r.WinningRate, r.Rho, pass)
		}
	}
}

// TestContinuaIdenticalModelPasses: 40 continua, three annotators with
// shifted bounds, relabelled and missing units: a copy of an annotator
// passes, random units fail.
func TestContinuaIdenticalModelPasses(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 19))
	var corpus unitizing.Corpus
	names := []string{"h1", "h2", "h3", "copy", "guess"}
	for ci := range 40 {
		c := unitizing.Continuum{Name: "c" + strconv.Itoa(ci), Annotators: names}
		for k := range 4 {
			s := float64(20*k + rng.IntN(5))
			e := s + 5 + float64(rng.IntN(5))
			cat := []string{"A", "B"}[rng.IntN(2)]
			for h := range 3 {
				u := unitizing.Unit{Annotator: h, Start: s, End: e, Category: cat}
				switch x := rng.Float64(); {
				case x < 0.1:
					u.End++
				case x < 0.15:
					u.Category = []string{"A", "B"}[rng.IntN(2)]
				case x < 0.2:
					continue
				}
				c.Units = append(c.Units, u)
				if h == 0 {
					u.Annotator = 3
					c.Units = append(c.Units, u)
				}
			}
			gs := float64(rng.IntN(100))
			c.Units = append(c.Units, unitizing.Unit{Annotator: 4, Start: gs, End: gs + 3, Category: "A"})
		}
		corpus.Continua = append(corpus.Continua, c)
	}
	d, err := gamma.NewCombined(1, 1, 1, nil, []string{"A", "B"})
	if err != nil {
		t.Fatal(err)
	}
	for model, pass := range map[string]bool{"copy": true, "guess": false} {
		in, err := ContinuaInput(context.Background(), corpus, d, model, []string{"h1", "h2", "h3"})
		if err != nil {
			t.Fatal(err)
		}
		r, err := Test(context.Background(), in, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if r.Passed != pass {
			t.Errorf("%s: passed %v (ω %v, ρ %v), want %v", model, r.Passed, r.WinningRate, r.Rho, pass)
		}
	}
}

package budget

import (
	"context"
	"errors"
	"fmt"
	"math"

	"agree/gamma"
	"agree/unitizing"
)

// Disorder kinds of a γ budget.
const (
	DisorderPositional = "positional"
	DisorderCategorial = "categorial"
	DisorderUnaligned  = "unaligned"
	KindDisorder       = "disorder"
	KindContinuum      = "continuum"
	MethodGamma        = "1 − γ = δ(â)/D_e split over the best alignment's pairs: α·d_pos of aligned units (positional), β·d_cat (categorial), Δ∅ of the pairs with an empty slot (unaligned); by continuum too; counterfactual γ + part with D_e held fixed"
)

// Gamma is the budget of γ over corpus under the combined dissimilarity d:
// the observed disorder of the best alignments (gamma.Align, the
// alignment γ reports) split into its positional, categorial and
// unaligned parts and by continuum, divided by the expected disorder of
// gamma.Compute with opt (its chance samples; seeded).
func Gamma(ctx context.Context, corpus unitizing.Corpus, d *gamma.Combined, opt gamma.Options) (*Result, error) {
	if opt.Samples < 0 {
		return nil, errors.New("budget: γ's budget needs the expected disorder (random samples)")
	}
	g, err := gamma.Compute(ctx, corpus, d, opt)
	if err != nil {
		return nil, err
	}
	if math.IsNaN(g.Gamma) {
		return nil, fmt.Errorf("budget: γ is undefined: %s", g.Undefined)
	}
	if !g.Exact {
		return nil, errors.New("budget: the alignments were not proven optimal (a time limit or gap): no exact budget")
	}
	xbar := 0.0
	for _, c := range corpus.Continua {
		if len(c.Annotators) > 0 {
			xbar += float64(len(c.Units)) / float64(len(c.Annotators))
		}
	}
	scale := 1 / (xbar * g.Expected)
	var pos, cat, empty sum
	var docs []Part
	for ci := range corpus.Continua {
		c := &corpus.Continua[ci]
		al, err := gamma.Align(ctx, c, d, gamma.AlignOptions{})
		if err != nil {
			return nil, err
		}
		n := len(c.Annotators)
		pairs := float64(n * (n - 1) / 2)
		var doc sum
		for _, u := range al.Unitary {
			k := len(u.Units)
			for x := 1; x < k; x++ {
				for y := range x {
					a, b := c.Units[u.Units[x]], c.Units[u.Units[y]]
					p := d.Alpha * d.Positional(a, b) / pairs * scale
					q := d.Beta * d.CategoryDistance(a, b) / pairs * scale
					pos.add(p)
					cat.add(q)
					doc.add(p)
					doc.add(q)
				}
			}
			e := (pairs - float64(k*(k-1)/2)) * d.Empty() / pairs * scale
			empty.add(e)
			doc.add(e)
		}
		if v := doc.value(); v != 0 {
			docs = append(docs, Part{Kind: KindContinuum, Name: c.Name, Share: v, Items: []string{c.Name}})
		}
	}
	res := &Result{Measure: "gamma", Value: g.Gamma, Whole: 1 - g.Gamma, Method: MethodGamma, Items: docs}
	for _, p := range []struct {
		name string
		s    sum
	}{{DisorderPositional, pos}, {DisorderCategorial, cat}, {DisorderUnaligned, empty}} {
		if v := p.s.value(); v != 0 {
			var names []string
			for _, dp := range docs[:min(len(docs), MaxItemsPerPart)] {
				names = append(names, dp.Name)
			}
			res.Errors = append(res.Errors, Part{Kind: KindDisorder, Name: p.name, Share: v, Items: names})
		}
	}
	for _, ps := range [][]Part{res.Errors, res.Items} {
		for k := range ps {
			ps[k].Counterfactual = res.Value + ps[k].Share
		}
		rank(ps)
	}
	return res, nil
}

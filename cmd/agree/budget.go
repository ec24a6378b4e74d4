package main

import (
	"context"
	"slices"

	"agree/annotation"
	"agree/budget"
	"agree/coding"
	"agree/gamma"
	"agree/internal/view/budgetview"
	"agree/report"
)

const budgetSynopsis = `budget [flags] FILE…

The disagreement budget: what to fix first in the guidelines. For α (a
table as agree coding reads it), 1 − α = D_o/D_e split additively by
pair of categories, by item and by coder; for spans (--measure spans,
annotation files as agree spans reads them), 1 − F1 (exact match) split
by kind of error: boundary, label, boundary and label, split or merge,
missed, spurious. Each part with the value if it were resolved, ranked,
and the rows to adjudicate (in the report, linked from the ranking).`

type budgetFlags struct {
	measure, metric, sep string
	maxRows, samples     int
	seed                 uint64
	in                   inputFlags
	docs                 documentsFlag
}

func runBudget(e env, args []string) error {
	var f budgetFlags
	fs := newFlagSet(e, "budget", budgetSynopsis)
	fs.StringVar(&f.measure, "measure", "alpha", "alpha (Krippendorff's α of a table), spans (span F1 of annotation files) or gamma (γ of unit files)")
	fs.StringVar(&f.metric, "metric", "nominal", "α's distance, as agree coding's --metric")
	fs.IntVar(&f.maxRows, "max-rows", 20, "most rows of the by-item table and of the rows to adjudicate per part (0: all)")
	bound(fs, "max-rows", between(0, maxPairRows))
	fs.IntVar(&f.samples, "samples", 30, "γ: random samples of the expected disorder")
	bound(fs, "samples", between(1, gamma.MaxSamples))
	fs.Uint64Var(&f.seed, "seed", 1, "γ: seed of the random samples")
	fs.StringVar(&f.sep, "sep", ",", `γ: field separator of CSV unit files`)
	f.in.register(fs, true)
	f.docs.registerContinua(fs)
	format := formatFlag(fs, "table")
	rep := reportFlag(fs)
	gateFlags(e, fs)
	files, rf, err := commandArgs(fs, args, format, 1, -1)
	if err != nil {
		return err
	}
	if err := rep.check(e, files); err != nil {
		return err
	}
	if err := e.checkGate(fs, files); err != nil {
		return err
	}
	if err := oneOf(fs, "measure", f.measure, "alpha", "spans", "gamma"); err != nil {
		return err
	}
	if err := f.in.check("budget"); err != nil {
		return err
	}
	if err := f.docs.check(fs); err != nil {
		return err
	}
	var res *budgetview.Result
	if f.measure == "alpha" {
		if len(files) != 1 {
			return usagef("budget: α's budget reads one table, got %d files", len(files))
		}
		res, err = f.alpha(e, files[0])
	} else if f.measure == "gamma" {
		res, err = f.gamma(e, files)
	} else {
		res, err = f.spans(e, files)
	}
	if err != nil {
		return err
	}
	finish(e, res)
	if err := rep.write(e, func() (*report.Page, error) { return budgetview.Page(res), nil }, files); err != nil || rep.only() {
		return err
	}
	return emit(e, rf, res)
}

func (f *budgetFlags) limit(n int) int {
	if f.maxRows == 0 {
		return n
	}
	return min(n, f.maxRows)
}

func (f *budgetFlags) alpha(e env, file string) (*budgetview.Result, error) {
	d, copt, err := readCodingTable(e, file, f.metric)
	if err != nil {
		return nil, err
	}
	a, err := coding.Analyze(d, copt)
	if err != nil {
		return nil, err
	}
	b, err := budget.Alpha(context.Background(), a)
	if err != nil {
		return nil, err
	}
	res := &budgetview.Result{File: file, Measure: b.Measure, Method: b.Method, Value: report.Number(b.Value), Whole: report.Number(b.Whole),
		CategoryPairs: budgetview.Parts(b.CategoryPairs, b.Whole, false), Coders: budgetview.Parts(b.Coders, b.Whole, false), CoderNames: d.Coders()}
	items := budgetview.Parts(b.Items, b.Whole, false)
	n := f.limit(len(items))
	res.Items, res.ItemsOmitted = items[:n], len(items)-n
	res.FixFirst = budgetview.Parts(b.CategoryPairs, b.Whole, true)
	res.Notes = append(res.Notes, "ranked by category pair: the pairs of categories the annotators confuse, the largest share first; by item and by coder below")
	index := map[string]int{}
	for i, id := range d.Items() {
		index[id] = i
	}
	labels := d.Labels()
	for _, p := range res.FixFirst {
		for _, id := range p.Items[:f.limit(len(p.Items))] {
			i := index[id]
			vals := make([]string, d.NumCoders())
			for c := range vals {
				if v := d.Value(i, c); v != coding.Missing {
					vals[c] = labels[v]
				}
			}
			res.Adjudicate = append(res.Adjudicate, budgetview.Adjudication{Part: p.Rank, Item: id, Values: vals})
		}
	}
	return res, nil
}

func (f *budgetFlags) spans(e env, files []string) (*budgetview.Result, error) {
	c, err := readCorpus(e, "budget", files, f.in.options(e, "budget", false))
	if err != nil {
		return nil, err
	}
	layer, err := c.SpanLayer(f.in.layer)
	if err != nil {
		return nil, err
	}
	c.Spans = slices.DeleteFunc(slices.Clone(c.Spans), func(s annotation.Span) bool { return s.Layer != layer })
	b, err := budget.Spans(context.Background(), c)
	if err != nil {
		return nil, err
	}
	name := files[0]
	if len(files) > 1 {
		name += ", …"
	}
	res := &budgetview.Result{File: name, Measure: b.Measure, Method: b.Method, Value: report.Number(b.Value), Whole: report.Number(b.Whole),
		Errors: budgetview.Parts(b.Errors, b.Whole, false), FixFirst: budgetview.Parts(b.Errors, b.Whole, true)}
	note := "every pair of annotators on every document"
	if c.DefaultScope() == annotation.AnnotatedDocuments {
		note = "each pair of annotators on the documents both annotated"
	}
	res.Notes = append(res.Notes, note+", the first of a pair as the reference (its unmatched spans are missed, the other's spurious)")
	for _, p := range res.FixFirst {
		for _, doc := range p.Items[:f.limit(len(p.Items))] {
			res.Adjudicate = append(res.Adjudicate, budgetview.Adjudication{Part: p.Rank, Item: doc, Values: []string{}})
		}
	}
	return res, nil
}

func (f *budgetFlags) gamma(e env, files []string) (*budgetview.Result, error) {
	comma, err := parseSep(f.sep)
	if err != nil {
		return nil, err
	}
	input, err := readUnits(e, "budget", files, &f.in, &f.docs, false, comma)
	if err != nil {
		return nil, err
	}
	corpus := input.corpus
	for _, c := range corpus.Continua {
		if err := c.Validate(); err != nil {
			return nil, err
		}
	}
	d, err := gamma.NewCombined(1, 1, 1, nil, corpusCategories(corpus))
	if err != nil {
		return nil, err
	}
	sampler, _ := gamma.AutoSampler(corpus)
	b, err := budget.Gamma(context.Background(), corpus, d, gamma.Options{Sampler: sampler, Samples: f.samples, Seed: f.seed})
	if err != nil {
		return nil, err
	}
	name := files[0]
	if len(files) > 1 {
		name += ", …"
	}
	res := &budgetview.Result{File: name, Measure: b.Measure, Method: b.Method, Value: report.Number(b.Value), Whole: report.Number(b.Whole),
		Errors: budgetview.Parts(b.Errors, b.Whole, false), Items: budgetview.Parts(b.Items, b.Whole, false), FixFirst: budgetview.Parts(b.Errors, b.Whole, true)}
	res.Notes = append(res.Notes, "the combined dissimilarity with α = β = Δ∅ = 1 and the nominal categorical distance (agree gamma's defaults); D_e from the chance samples (--samples, --seed; agree gamma's sampler)")
	for _, p := range res.FixFirst {
		for _, doc := range p.Items[:f.limit(len(p.Items))] {
			res.Adjudicate = append(res.Adjudicate, budgetview.Adjudication{Part: p.Rank, Item: doc, Values: []string{}})
		}
	}
	return res, nil
}

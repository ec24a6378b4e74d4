package main

import (
	"context"
	"maps"
	"math"
	"path/filepath"
	"slices"
	"strings"

	"agree/alttest"
	"agree/annotation"
	"agree/coding"
	"agree/coref"
	corefio "agree/formats/coref"
	"agree/gamma"
	"agree/internal/view/alttestview"
	"agree/report"
	"agree/spans"
)

const alttestSynopsis = `alttest [flags] --model COLUMN[,COLUMN…] FILE…

Can a model replace a human annotator? The alternative annotator test
(Calderon, Reichart & Dror, ACL 2025): each human annotator is left out in
turn and the model and that annotator are scored against the remaining
annotators, item by item; a one-sided paired t-test per annotator with the
cost-benefit margin --epsilon, Benjamini–Yekutieli over the annotators at
--q; the model passes when it wins against at least half of them. With
several model columns (runs), each run is tested, and their run-to-run
stability (α among the runs) and the cross-replication reliability of the
humans and the runs (κ_x, Wong et al. 2021) are given. Each FILE (a table
as agree coding reads it: a label, a layer) is tested on its own.`

type alttestFlags struct {
	model, humans, score, metric, match, test string
	epsilon, q                                float64
	minItems                                  int
	in                                        inputFlags
}

func runAlttest(e env, args []string) error {
	var f alttestFlags
	fs := newFlagSet(e, "alttest", alttestSynopsis)
	fs.StringVar(&f.model, "model", "", "COLUMN[,COLUMN…]: the model's column, or its runs' columns (required)")
	fs.StringVar(&f.humans, "humans", "", "COLUMN,COLUMN…: the human annotators (default: every other column)")
	fs.StringVar(&f.score, "score", "accuracy", "alignment score: accuracy (labels: the share of the others with the same label), neg_rmse (numbers), span_f1 (annotation files: the mean F1 of agree spans's matcher against the others, per document) relation_f1 (the same with agree relations's F1), disorder (unit files: minus the observed disorder of the pair's best alignment, γ's, per continuum), or conll_f1 (coreference files as agree coref reads them: the CoNLL-2012 F1 per document)")
	fs.StringVar(&f.match, "match", "exact", "span_f1: how spans match, as agree spans's --match (exact, overlap, iou:T, tolerance:N)")
	fs.StringVar(&f.metric, "metric", "nominal", "distance of the cross-replication reliability and the α of the pools and runs, as agree coding's --metric")
	fs.Float64Var(&f.epsilon, "epsilon", 0.2, "cost-benefit margin ε (0.2 experts, 0.15 skilled annotators, 0.1 crowd workers)")
	bound(fs, "epsilon", span(0, 1, ""))
	fs.Float64Var(&f.q, "q", 0.05, "false discovery rate of the Benjamini–Yekutieli procedure")
	bound(fs, "q", span(0, 1, "both"))
	fs.StringVar(&f.test, "test", "t", "the paired test per annotator: t (Student's t, the authors' choice from 30 items) or wilcoxon (the signed-rank test, their advice for fewer; lower --min-items with it)")
	fs.IntVar(&f.minItems, "min-items", 30, "fewest items an annotator must share with the model and another annotator to be tested (the t-test's normality; fewer are skipped)")
	bound(fs, "min-items", between(2, math.MaxInt32))
	f.in.register(fs, true)
	format := formatFlag(fs, "table")
	rep := reportFlag(fs)
	gateFlags(e, fs)
	files, rf, err := commandArgs(fs, args, format, 1, -1)
	if err != nil {
		return err
	}
	inputs := files
	if err := rep.check(e, files); err != nil {
		return err
	}
	if err := e.checkGate(fs, files); err != nil {
		return err
	}
	if strings.TrimSpace(f.model) == "" {
		return usagef("alttest: --model COLUMN is required (the model's labels)")
	}
	if err := oneOf(fs, "score", f.score, alttest.ScoreAccuracy, alttest.ScoreNegRMSE, "span_f1", "relation_f1", "disorder", "conll_f1"); err != nil {
		return err
	}
	if err := oneOf(fs, "test", f.test, "t", "wilcoxon"); err != nil {
		return err
	}
	match, err := spans.ParseMatch(f.match)
	if err != nil {
		return usagef("alttest: --match: %v", err)
	}
	if err := f.in.check("alttest"); err != nil {
		return err
	}
	eps := f.epsilon
	if eps == 0 {
		eps = alttest.NoEpsilon
	}
	res := &alttestview.Result{Method: alttest.Method, Test: f.test, Epsilon: f.epsilon, Q: f.q}
	opt := alttest.Options{Epsilon: eps, Q: f.q, MinItems: f.minItems, Wilcoxon: f.test == "wilcoxon"}
	if opt.Wilcoxon {
		res.Method = alttest.MethodWilcoxon
	}
	if f.score == "conll_f1" {
		if err := f.chains(e, files, opt, res); err != nil {
			return err
		}
		files = nil
	}
	if f.score == "disorder" {
		if err := f.continua(e, files, opt, res); err != nil {
			return err
		}
		files = nil
	}
	if f.score == "span_f1" || f.score == "relation_f1" {
		if err := f.spans(e, files, match, opt, res); err != nil {
			return err
		}
		files = nil
	}
	for _, file := range files {
		d, copt, err := readCodingTable(e, file, f.metric)
		if err != nil {
			return err
		}
		find := func(list string) ([]int, error) {
			var out []int
			for _, n := range strings.Split(list, ",") {
				n = strings.TrimSpace(n)
				k := slices.Index(d.Coders(), n)
				if k < 0 {
					return nil, usagef("alttest: %s has no annotator column %q (its columns: %s)", file, n, strings.Join(d.Coders(), ", "))
				}
				out = append(out, k)
			}
			return out, nil
		}
		runs, err := find(f.model)
		if err != nil {
			return err
		}
		var humans []int
		if f.humans != "" {
			if humans, err = find(f.humans); err != nil {
				return err
			}
		} else {
			for k := range d.Coders() {
				if !slices.Contains(runs, k) {
					humans = append(humans, k)
				}
			}
		}
		layer := alttestview.Layer{File: file, Score: f.score}
		for _, h := range humans {
			layer.Humans = append(layer.Humans, d.Coders()[h])
		}
		for _, m := range runs {
			input, err := alttest.FromData(d, m, humans, f.score)
			if err != nil {
				return usageError{err}
			}
			r, err := alttest.Test(context.Background(), input, opt)
			if err != nil {
				return err
			}
			layer.Runs = append(layer.Runs, alttestview.NewRun(d.Coders()[m], r))
		}
		res.Layers = append(res.Layers, layer)
		if f.score == alttest.ScoreAccuracy && len(d.Labels()) > 2 && len(d.Labels()) <= maxLabelVerdicts {
			// the verdict per label: each category against the others
			for v, lab := range d.Labels() {
				ll := alttestview.Layer{File: file, Label: lab, Score: f.score, Humans: layer.Humans}
				for _, m := range runs {
					input, err := alttest.FromDataLabel(d, m, humans, v)
					if err != nil {
						return usageError{err}
					}
					r, err := alttest.Test(context.Background(), input, opt)
					if err != nil {
						return err
					}
					ll.Runs = append(ll.Runs, alttestview.NewRun(d.Coders()[m], r))
				}
				res.Layers = append(res.Layers, ll)
			}
		}
		whole := &res.Layers[len(res.Layers)-1-perLabel(f.score, d)]
		x, err := alttest.CrossReplication(context.Background(), d, humans, runs, copt)
		if err != nil {
			return err
		}
		whole.CrossReplication = alttestview.NewXRR(x)
		if len(runs) > 1 {
			a, reason := alttest.Stability(d, runs, copt)
			whole.Stability = &alttestview.Stability{Runs: len(runs), Alpha: report.Number(a), Reason: reason}
		}
	}
	finish(e, res)
	if err := rep.write(e, func() (*report.Page, error) { return alttestview.Page(res), nil }, inputs); err != nil || rep.only() {
		return err
	}
	return emit(e, rf, res)
}

// spans tests the model on span (or relation) annotation: one layer for
// all the spans and one per label (relation type).
func (f *alttestFlags) spans(e env, files []string, match spans.Match, opt alttest.Options, res *alttestview.Result) error {
	c, err := readCorpus(e, "alttest", files, f.in.options(e, "alttest", false))
	if err != nil {
		return err
	}
	layer, err := c.SpanLayer(f.in.layer)
	if err != nil {
		return err
	}
	runs := strings.Split(f.model, ",")
	for k := range runs {
		runs[k] = strings.TrimSpace(runs[k])
		if c.LookupAnnotator(runs[k]) < 0 {
			return usagef("alttest: no annotator %q in the spans (the annotators: %s)", runs[k], strings.Join(c.Annotators, ", "))
		}
	}
	var humans []string
	if f.humans != "" {
		for _, h := range strings.Split(f.humans, ",") {
			humans = append(humans, strings.TrimSpace(h))
		}
	} else {
		for _, a := range c.Annotators {
			if !slices.Contains(runs, a) {
				humans = append(humans, a)
			}
		}
	}
	labels := map[string]bool{}
	input := alttest.SpansInput
	if f.score == "relation_f1" {
		input = alttest.RelationsInput
		for _, r := range c.Relations {
			labels[r.Type] = true
		}
	} else {
		for _, s := range c.Spans {
			if s.Layer == layer {
				labels[s.Label] = true
			}
		}
	}
	scopes := []string{""}
	if len(labels) > 1 {
		scopes = append(scopes, slices.Sorted(maps.Keys(labels))...)
	}
	name := files[0]
	if len(files) > 1 {
		name += ", …"
	}
	sopt := spans.Options{Match: match, Layer: layer}
	for _, label := range scopes {
		l := alttestview.Layer{File: name, Label: label, Score: f.score, Humans: humans}
		for _, m := range runs {
			in, err := input(context.Background(), c, m, humans, label, sopt)
			if err != nil {
				return usageError{err}
			}
			r, err := alttest.Test(context.Background(), in, opt)
			if err != nil {
				return err
			}
			l.Runs = append(l.Runs, alttestview.NewRun(m, r))
		}
		if len(runs) > 1 && f.score == "span_f1" {
			// run-to-run stability: the runs' average pairwise F1
			sub := &annotation.Corpus{}
			for _, m := range runs {
				sub.Annotator(m)
			}
			for _, d := range c.Documents {
				sub.Document(d.Name)
			}
			for _, s := range c.Spans {
				if k := slices.Index(runs, c.Annotators[s.Annotator]); k >= 0 && s.Layer == layer && (label == "" || s.Label == label) {
					s.Annotator, s.Layer = k, ""
					sub.Spans = append(sub.Spans, s)
				}
			}
			for k := range sub.Documents {
				sub.Documents[k].Text, sub.Documents[k].HasText, sub.Documents[k].Time = c.Documents[k].Text, c.Documents[k].HasText, c.Documents[k].Time
			}
			r, err := spans.Compare(context.Background(), sub, spans.Options{Match: match, Documents: spans.AllDocuments})
			if err != nil {
				return err
			}
			f1 := report.Number(r.AverageF1)
			l.Stability = &alttestview.Stability{Runs: len(runs), Alpha: report.Number(math.NaN()), AverageF1: &f1, Reason: "spans: the runs' average pairwise F1 (average_f1), not α"}
		}
		res.Layers = append(res.Layers, l)
	}
	return nil
}

// continua tests the model on unit files (γ's input): one layer.
func (f *alttestFlags) continua(e env, files []string, opt alttest.Options, res *alttestview.Result) error {
	var docs documentsFlag
	input, err := readUnits(e, "alttest", files, &f.in, &docs, false, ',')
	if err != nil {
		return err
	}
	corpus := input.corpus
	for _, c := range corpus.Continua {
		if err := c.Validate(); err != nil {
			return err
		}
	}
	d, err := gamma.NewCombined(1, 1, 1, nil, corpusCategories(corpus))
	if err != nil {
		return err
	}
	seen := map[string]bool{}
	var all []string
	for _, c := range corpus.Continua {
		for _, a := range c.Annotators {
			if !seen[a] {
				seen[a] = true
				all = append(all, a)
			}
		}
	}
	runs := strings.Split(f.model, ",")
	for k := range runs {
		runs[k] = strings.TrimSpace(runs[k])
		if !seen[runs[k]] {
			return usagef("alttest: no annotator %q in the unit files (the annotators: %s)", runs[k], strings.Join(all, ", "))
		}
	}
	var humans []string
	if f.humans != "" {
		for _, h := range strings.Split(f.humans, ",") {
			humans = append(humans, strings.TrimSpace(h))
		}
	} else {
		for _, a := range all {
			if !slices.Contains(runs, a) {
				humans = append(humans, a)
			}
		}
	}
	name := files[0]
	if len(files) > 1 {
		name += ", …"
	}
	l := alttestview.Layer{File: name, Score: f.score, Humans: humans}
	for _, m := range runs {
		in, err := alttest.ContinuaInput(context.Background(), corpus, d, m, humans)
		if err != nil {
			return usageError{err}
		}
		r, err := alttest.Test(context.Background(), in, opt)
		if err != nil {
			return err
		}
		l.Runs = append(l.Runs, alttestview.NewRun(m, r))
	}
	res.Layers = append(res.Layers, l)
	return nil
}

// chains tests the model on coreference chains (agree coref's inputs:
// its CSV, CoNLL files, and the files read through the annotation model):
// one layer.
func (f *alttestFlags) chains(e env, files []string, opt alttest.Options, res *alttestview.Result) error {
	c, err := readChains(e, files, &f.in)
	if err != nil {
		return err
	}
	anns := c.Annotators()
	index := func(n string) (int, error) {
		k := slices.Index(anns, strings.TrimSpace(n))
		if k < 0 {
			return 0, usagef("alttest: no annotator %q in the chains (the annotators: %s)", n, strings.Join(anns, ", "))
		}
		return k, nil
	}
	var runs, humans []int
	for _, m := range strings.Split(f.model, ",") {
		k, err := index(m)
		if err != nil {
			return err
		}
		runs = append(runs, k)
	}
	if f.humans != "" {
		for _, h := range strings.Split(f.humans, ",") {
			k, err := index(h)
			if err != nil {
				return err
			}
			humans = append(humans, k)
		}
	} else {
		for k := range anns {
			if !slices.Contains(runs, k) {
				humans = append(humans, k)
			}
		}
	}
	name := files[0]
	if len(files) > 1 {
		name += ", …"
	}
	l := alttestview.Layer{File: name, Score: f.score}
	for _, h := range humans {
		l.Humans = append(l.Humans, anns[h])
	}
	for _, m := range runs {
		in, err := alttest.CorefInput(c, m, humans)
		if err != nil {
			return usageError{err}
		}
		r, err := alttest.Test(context.Background(), in, opt)
		if err != nil {
			return err
		}
		l.Runs = append(l.Runs, alttestview.NewRun(anns[m], r))
	}
	res.Layers = append(res.Layers, l)
	return nil
}

// maxLabelVerdicts bounds the categories given a verdict of their own.
const maxLabelVerdicts = 50

// perLabel is the number of per-label layers a table adds after its own.
func perLabel(score string, d *coding.Data) int {
	if score == alttest.ScoreAccuracy && len(d.Labels()) > 2 && len(d.Labels()) <= maxLabelVerdicts {
		return len(d.Labels())
	}
	return 0
}

// readChains reads coreference chains as agree coref does by default
// (its CSV, CoNLL files, brat, and the annotation model's formats; the
// first mention of a duplicate kept).
func readChains(e env, files []string, in *inputFlags) (*coref.Corpus, error) {
	files, err := conllDirFiles(e, "auto", files)
	if err != nil {
		return nil, err
	}
	b := coref.NewBuilder(coref.KeepFirst)
	bc := &annotation.Corpus{}
	var viaModel []string
	for _, name := range files {
		kind, err := corefInputKind(e, "auto", name)
		if err != nil {
			return nil, err
		}
		if kind == "model" {
			viaModel = append(viaModel, name)
			continue
		}
		ann := strings.TrimSuffix(filepath.Base(name), filepath.Ext(name))
		if err := readCorefInput(e, kind, name, ".", ann, corefio.BratOptions{}, b, bc); err != nil {
			return nil, err
		}
	}
	if len(bc.Spans) > 0 {
		if err := corefio.BratMentions(bc, b, in.layer); err != nil {
			return nil, err
		}
	}
	if err := readCorefModel(e, viaModel, "auto", in, b); err != nil {
		return nil, err
	}
	c, err := b.Build()
	if err != nil {
		return nil, err
	}
	return c, nil
}

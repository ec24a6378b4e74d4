package main

import (
	"context"
	"fmt"
	"math"
	"strconv"
	"strings"

	"agree/coding"
	"agree/distance"
	"agree/gamma"
	"agree/inference"
	"agree/internal/view/planview"
	"agree/plan"
	"agree/report"
	"agree/spans"
)

const planSynopsis = `plan [flags] [PILOT.csv]

How many items to annotate for an agreement coefficient known to a
confidence-interval half-width (--width) or for power against a minimum
(--min), and when to stop.

A priori, without data:
    --rates R1,R2 --value K --min K0: Cohen's κ on a binary label (Cantor
      1996, as irr's N.cohen.kappa)
    --pc P --min A: Krippendorff's minimum number of values (Content
      Analysis, §11.4; two coders)
    --prevalence P1,P2,… --coders M --value V [--width W | --min A]: any
      coefficient with a delta-method variance under any --metric, by
      simulation
From a pilot: PILOT.csv (a table as agree coding reads it) and --width or
--min, with the projected interval for more items; or --estimate, --se and
--units from any command's JSON (span F1, γ, CoNLL F1 with their bootstrap).
Sequential: --max-items N [--looks n1,n2,…] with a pilot: stop, or how many
more items, with repeated confidence intervals (O'Brien–Fleming-type spending).`

type planFlags struct {
	rates, prevalence, measure, metric, looks  string
	value, min, width, pc, alpha, power, level float64
	estimate, se                               float64
	units, coders, maxItems, bootstrap, sims   int
	workers                                    int
	seed                                       uint64
	twoSided                                   bool
	in                                         inputFlags
}

func runPlan(e env, args []string) error {
	var f planFlags
	fs := newFlagSet(e, "plan", planSynopsis)
	fs.StringVar(&f.rates, "rates", "", "R1,R2: the two raters' probabilities of a positive label (Cohen's κ, binary)")
	fs.StringVar(&f.prevalence, "prevalence", "", "P1,P2,…: the categories' prevalences (a priori model; they sum to 1)")
	fs.StringVar(&f.measure, "measure", "krippendorff_alpha", "the coefficient, by its JSON key in agree coding; for a pilot also average_f1 (span files, as agree spans reads them), gamma (unit files, as agree gamma reads them) or conll_f1 (two annotators' chains, as agree coref reads them)")
	fs.StringVar(&f.metric, "metric", "nominal", "distance of the weighted coefficients, as agree coding's --metric (the model's categories are 1, 2, …)")
	fs.StringVar(&f.looks, "looks", "", "n1,n2,…: the numbers of items at the earlier looks (sequential, with --max-items)")
	fs.Float64Var(&f.value, "value", math.NaN(), "the expected (true) value of the coefficient")
	fs.Float64Var(&f.min, "min", math.NaN(), "the minimum acceptable value: plan for power against H0: coefficient ≤ min")
	fs.Float64Var(&f.width, "width", 0, "the wanted half-width of the confidence interval")
	bound(fs, "width", span(0, 2, ""))
	fs.Float64Var(&f.pc, "pc", 0, "the probability of the least frequent value (Krippendorff's minimum)")
	fs.Float64Var(&f.alpha, "alpha", 0.05, "significance level of the test (one-sided unless --two-sided)")
	bound(fs, "alpha", span(0, 1, "both"))
	fs.Float64Var(&f.power, "power", 0.8, "power of the test")
	bound(fs, "power", span(0, 1, "both"))
	fs.BoolVar(&f.twoSided, "two-sided", false, "Cohen's κ: a two-sided test")
	fs.Float64Var(&f.level, "level", 0.95, "confidence level of the intervals")
	bound(fs, "level", span(0, 1, "both"))
	fs.Float64Var(&f.estimate, "estimate", math.NaN(), "a pilot's estimate (with --se and --units, instead of PILOT.csv)")
	fs.Float64Var(&f.se, "se", math.NaN(), "the pilot's standard error")
	fs.IntVar(&f.units, "units", 0, "the pilot's number of independent units (items, documents)")
	bound(fs, "units", between(0, math.MaxInt32))
	fs.IntVar(&f.coders, "coders", 2, "coders per item (a priori model)")
	bound(fs, "coders", between(2, 1000))
	fs.IntVar(&f.maxItems, "max-items", 0, "sequential: the most items the project will annotate (0: not sequential)")
	bound(fs, "max-items", between(0, math.MaxInt32))
	fs.IntVar(&f.bootstrap, "bootstrap", 1000, "bootstrap resamples of the pilot's standard error")
	bound(fs, "bootstrap", between(2, maxResamples))
	fs.IntVar(&f.sims, "simulate", plan.DefaultModelItems, "items of the simulated sample of the a priori model")
	bound(fs, "simulate", between(100, 2_000_000))
	fs.Uint64Var(&f.seed, "seed", 1, "seed of the simulation and the bootstrap")
	fs.IntVar(&f.workers, "workers", 0, "parallel workers of the bootstrap (0: all cores)")
	bound(fs, "workers", between(0, maxWorkers))
	f.in.register(fs, true)
	format := formatFlag(fs, "table")
	rep := reportFlag(fs)
	files, rf, err := commandArgs(fs, args, format, 0, -1)
	if err != nil {
		return err
	}
	if len(files) > 1 && f.measure != "average_f1" && f.measure != "gamma" && f.measure != "conll_f1" {
		return usagef("plan: unexpected argument %q (one PILOT table; several files for --measure average_f1 or gamma)", files[1])
	}
	if err := f.in.check("plan"); err != nil {
		return err
	}
	if err := rep.check(e, files); err != nil {
		return err
	}
	res, err := f.plan(e, files)
	if err != nil {
		return err
	}
	finish(e, res)
	if err := rep.write(e, func() (*report.Page, error) { return planview.Page(res), nil }, files); err != nil || rep.only() {
		return err
	}
	return emit(e, rf, res)
}

func floats(name, s string, want int) ([]float64, error) {
	var out []float64
	for _, p := range strings.Split(s, ",") {
		x, err := strconv.ParseFloat(strings.TrimSpace(p), 64)
		if err != nil || math.IsNaN(x) || math.IsInf(x, 0) {
			return nil, usagef("plan: --%s %q: want numbers separated by commas", name, s)
		}
		out = append(out, x)
	}
	if want > 0 && len(out) != want {
		return nil, usagef("plan: --%s %q: want %d numbers", name, s, want)
	}
	return out, nil
}

// widths are the half-widths of the a priori table.
var widths = []float64{0.025, 0.05, 0.075, 0.1, 0.15, 0.2}

func (f *planFlags) plan(e env, files []string) (*planview.Result, error) {
	ctx := context.Background()
	hasMin, hasValue := !math.IsNaN(f.min), !math.IsNaN(f.value)
	pilotGiven := len(files) >= 1 || !math.IsNaN(f.estimate)
	modes := 0
	for _, b := range []bool{f.rates != "", f.pc != 0, f.prevalence != "", pilotGiven} {
		if b {
			modes++
		}
	}
	if modes != 1 {
		return nil, usagef("plan: give one of --rates (Cohen's κ), --pc (Krippendorff's minimum), --prevalence (a model), or a pilot (PILOT.csv or --estimate/--se/--units)")
	}
	if f.maxItems > 0 && !pilotGiven {
		return nil, usagef("plan: --max-items (sequential) needs a pilot: the latest look's data")
	}
	if f.looks != "" && f.maxItems == 0 {
		return nil, usagef("plan: --looks needs --max-items")
	}
	res := &planview.Result{Level: f.level}
	ptr := func(x float64) *float64 { return &x }
	switch {
	case f.rates != "":
		r, err := floats("rates", f.rates, 2)
		if err != nil {
			return nil, err
		}
		if !hasValue || !hasMin {
			return nil, usagef("plan: --rates needs --value (the true κ) and --min (κ under the null)")
		}
		s, err := plan.CohenKappa(r[0], r[1], f.value, f.min, f.alpha, f.power, f.twoSided)
		if err != nil {
			return nil, usageError{err}
		}
		res.Mode, res.Method, res.Items, res.Rates = planview.ModeCohenKappa, s.Method, s.Items, r
		res.Value, res.Min, res.Alpha, res.Power, res.Level = ptr(f.value), ptr(f.min), f.alpha, f.power, 0
		res.PerItemSD, res.PerItemSD0 = report.Number(s.SD), report.Number(s.SD0)
		res.Measure = "cohen_kappa"
		return res, nil
	case f.pc != 0:
		if !hasMin {
			return nil, usagef("plan: --pc needs --min (the smallest acceptable α)")
		}
		s, err := plan.KrippendorffMinimum(f.min, f.alpha, f.pc)
		if err != nil {
			return nil, usageError{err}
		}
		res.Mode, res.Method, res.Items, res.PC, res.Min, res.Alpha, res.Level = planview.ModeKrippendorff, s.Method, s.Items, f.pc, ptr(f.min), f.alpha, 0
		res.Coders, res.Measure = 2, "krippendorff_alpha"
		for _, min := range []float64{0.667, 0.8, 0.9} {
			for _, p := range []float64{0.1, 0.05, 0.01, 0.005} {
				t, err := plan.KrippendorffMinimum(min, p, f.pc)
				if err != nil {
					return nil, usageError{err}
				}
				res.Table = append(res.Table, planview.TableRow{Min: min, Significance: p, Items: t.Items})
			}
		}
		res.Notes = append(res.Notes, "the number of values is for two coders; with more coders this is a conservative (upper) number")
		return res, nil
	case f.prevalence != "":
		return f.model(ctx, e, res)
	}
	return f.pilot(ctx, e, files, res)
}

func (f *planFlags) model(ctx context.Context, e env, res *planview.Result) (*planview.Result, error) {
	prev, err := floats("prevalence", f.prevalence, 0)
	if err != nil {
		return nil, err
	}
	if math.IsNaN(f.value) {
		return nil, usagef("plan: --prevalence needs --value (the expected value of the coefficient)")
	}
	if f.width == 0 && math.IsNaN(f.min) {
		return nil, usagef("plan: --prevalence needs --width (a half-width) or --min (power against a minimum)")
	}
	coef, ok := coefficientByKey(f.measure)
	if !ok {
		return nil, usagef("plan: --measure %q: not a coefficient of agree coding", f.measure)
	}
	spec, err := distance.Parse(f.metric)
	if err != nil {
		return nil, usagef("plan: --metric: %v", err)
	}
	m := plan.Model{Coefficient: coef, Coders: f.coders, Prevalence: prev, Distance: spec, Items: f.sims, Seed: f.seed}
	e.status.phase("simulating the model", 0)
	sd, err := plan.ModelSD(ctx, m, f.value)
	if err != nil {
		return nil, usageError{err}
	}
	res.Mode, res.Coders, res.Prevalence, res.Measure, res.Metric = planview.ModeModel, f.coders, prev, f.measure, spec.Name()
	res.Value, res.PerItemSD, res.Seed = &f.value, report.Number(sd), &f.seed
	for _, w := range widths {
		s, err := plan.HalfWidthItems(sd, w, f.level)
		if err != nil {
			return nil, err
		}
		res.ByWidth = append(res.ByWidth, planview.WidthPlan{HalfWidth: report.Number(w), Items: s.Items})
	}
	if !math.IsNaN(f.min) {
		sd0, err := plan.ModelSD(ctx, m, f.min)
		if err != nil {
			return nil, usageError{err}
		}
		s, err := plan.PowerItems(sd0, sd, f.value, f.min, f.alpha, f.power)
		if err != nil {
			return nil, usageError{err}
		}
		res.Items, res.Min, res.Alpha, res.Power, res.PerItemSD0 = s.Items, &f.min, f.alpha, f.power, report.Number(sd0)
		res.Method = plan.MethodModel + "; " + s.Method
		return res, nil
	}
	s, err := plan.HalfWidthItems(sd, f.width, f.level)
	if err != nil {
		return nil, usageError{err}
	}
	res.Items, res.HalfWidth, res.Method = s.Items, report.Number(f.width), plan.MethodModel+"; "+s.Method
	return res, nil
}

func (f *planFlags) pilot(ctx context.Context, e env, files []string, res *planview.Result) (*planview.Result, error) {
	var p plan.Pilot
	res.Pilot = &planview.Pilot{Measure: f.measure}
	if len(files) >= 1 && (f.measure == "average_f1" || f.measure == "gamma" || f.measure == "conll_f1") {
		if !math.IsNaN(f.estimate) {
			return nil, usagef("plan: a PILOT file or --estimate, not both")
		}
		var err error
		if p, err = f.structuredPilot(ctx, e, files, res.Pilot); err != nil {
			return nil, err
		}
		res.Seed = &f.seed
	} else if len(files) == 1 {
		if !math.IsNaN(f.estimate) {
			return nil, usagef("plan: a PILOT file or --estimate, not both")
		}
		coef, ok := coefficientByKey(f.measure)
		if !ok {
			return nil, usagef("plan: --measure %q: not a coefficient of agree coding", f.measure)
		}
		d, copt, err := readCodingTable(e, files[0], f.metric)
		if err != nil {
			return nil, err
		}
		a, err := coding.Analyze(d, copt)
		if err != nil {
			return nil, err
		}
		e.status.phase("bootstrap resamples", int64(f.bootstrap))
		bs, err := inference.Bootstrap(ctx, a, []coding.Coefficient{coef}, inference.Options{Resamples: f.bootstrap, Seed: f.seed, Workers: f.workers, Level: f.level, Progress: e.status.set})
		if err != nil {
			return nil, err
		}
		if math.IsNaN(bs[0].Estimate) || math.IsNaN(bs[0].SE) {
			return nil, fmt.Errorf("plan: the pilot's %s or its standard error is undefined: %s", f.measure, bs[0].Reason)
		}
		p = plan.Pilot{Estimate: bs[0].Estimate, SE: bs[0].SE, Items: d.NumItems(), Level: f.level}
		res.Pilot.File = files[0]
		res.Pilot.SEMethod = fmt.Sprintf("item bootstrap, %d resamples, seed %d", f.bootstrap, f.seed)
		res.Seed = &f.seed
	} else {
		if math.IsNaN(f.se) || f.units == 0 {
			return nil, usagef("plan: --estimate needs --se and --units")
		}
		p = plan.Pilot{Estimate: f.estimate, SE: f.se, Items: f.units, Level: f.level}
		res.Pilot.SEMethod = "given (--se)"
	}
	res.Pilot.Estimate, res.Pilot.SE, res.Pilot.Items = report.Number(p.Estimate), report.Number(p.SE), p.Items
	res.Mode, res.PerItemSD = planview.ModePilot, report.Number(p.SD())
	var s plan.Size
	var err error
	switch {
	case f.width > 0:
		s, err = p.ItemsFor(f.width)
		res.HalfWidth = report.Number(f.width)
	case !math.IsNaN(f.min):
		s, err = p.PowerFor(f.min, f.alpha, f.power)
		res.Min, res.Alpha, res.Power = &f.min, f.alpha, f.power
	default:
		return nil, usagef("plan: with a pilot, give --width (a half-width) or --min (a minimum to clear)")
	}
	if err != nil {
		return nil, usageError{err}
	}
	more := max(s.Items-p.Items, 0)
	res.Items, res.MoreItems, res.Method = max(s.Items, p.Items), &more, s.Method
	horizon := max(more, p.Items)
	if f.maxItems > 0 {
		horizon = max(f.maxItems-p.Items, 1)
	}
	curve, err := p.Curve(horizon, 20)
	if err != nil {
		return nil, err
	}
	res.Projection = planview.NewPoints(curve)
	if f.maxItems > 0 {
		var prev []int
		if f.looks != "" {
			xs, err := floats("looks", f.looks, 0)
			if err != nil {
				return nil, err
			}
			for _, x := range xs {
				if x != math.Trunc(x) || x < 1 {
					return nil, usagef("plan: --looks %q: want numbers of items", f.looks)
				}
				prev = append(prev, int(x))
			}
		}
		rule := plan.Rule{MaxItems: f.maxItems, Alpha: 1 - f.level, HalfWidth: f.width, Min: f.min}
		d, err := rule.Decide(ctx, prev, plan.Look{Items: p.Items, Estimate: p.Estimate, SE: p.SE})
		if err != nil {
			return nil, usageError{err}
		}
		last := d.Interval
		res.Sequential = &planview.Sequential{Method: plan.MethodSequential, MaxItems: f.maxItems, Looks: append(prev, p.Items),
			Fraction: report.Number(last.Fraction), Critical: planview.Finite(last.Critical), Low: planview.Finite(last.Low), High: planview.Finite(last.High),
			Stop: d.Stop, Reason: d.Reason, MoreItems: d.More}
	}
	return res, nil
}

// structuredPilot is the pilot of span F1 or CoNLL F1 (documents
// resampled) or γ (continua resampled): the estimate and its bootstrap standard error,
// the documents as the units.
func (f *planFlags) structuredPilot(ctx context.Context, e env, files []string, out *planview.Pilot) (plan.Pilot, error) {
	bo := inference.Options{Resamples: f.bootstrap, Seed: f.seed, Workers: f.workers, Level: f.level, Progress: e.status.set}
	out.File = files[0]
	if len(files) > 1 {
		out.File += ", …"
	}
	e.status.phase("bootstrap resamples", int64(f.bootstrap))
	if f.measure == "conll_f1" {
		c, err := readChains(e, files, &f.in)
		if err != nil {
			return plan.Pilot{}, err
		}
		if n := len(c.Annotators()); n != 2 {
			return plan.Pilot{}, usagef("plan: --measure conll_f1 plans the CoNLL F1 of two annotators, and the files have %d (%s); give a pair's --estimate, --se and --units from agree coref --bootstrap", n, strings.Join(c.Annotators(), ", "))
		}
		bs, err := c.Bootstrap(ctx, 0, 1, bo)
		if err != nil {
			return plan.Pilot{}, err
		}
		out.SEMethod = fmt.Sprintf("document bootstrap of the CoNLL-2012 F1 (agree coref's), %d resamples, seed %d", f.bootstrap, f.seed)
		return plan.Pilot{Estimate: c.Compare(0, 1).CoNLL, SE: bs.CoNLL.SE, Items: c.SharedDocuments(0, 1), Level: f.level}, nil
	}
	if f.measure == "average_f1" {
		c, err := readCorpus(e, "plan", files, f.in.options(e, "plan", false))
		if err != nil {
			return plan.Pilot{}, err
		}
		r, err := spans.Compare(ctx, c, spans.Options{Match: spans.Match{Kind: spans.Exact}, Layer: f.in.layer, Workers: f.workers})
		if err != nil {
			return plan.Pilot{}, err
		}
		iv, err := r.Bootstrap(ctx, bo)
		if err != nil {
			return plan.Pilot{}, err
		}
		out.SEMethod = fmt.Sprintf("document bootstrap of agree spans's average F1 (exact match), %d resamples, seed %d", f.bootstrap, f.seed)
		return plan.Pilot{Estimate: r.AverageF1, SE: iv.AverageF1.SE, Items: r.Documents, Level: f.level}, nil
	}
	var docs documentsFlag
	input, err := readUnits(e, "plan", files, &f.in, &docs, false, ',')
	if err != nil {
		return plan.Pilot{}, err
	}
	corpus := input.corpus
	for _, c := range corpus.Continua {
		if err := c.Validate(); err != nil {
			return plan.Pilot{}, err
		}
	}
	d, err := gamma.NewCombined(1, 1, 1, nil, corpusCategories(corpus))
	if err != nil {
		return plan.Pilot{}, err
	}
	sampler, _ := gamma.AutoSampler(corpus)
	gopt := gamma.Options{Sampler: sampler, Samples: 30, Seed: f.seed}
	g, err := gamma.Compute(ctx, corpus, d, gopt)
	if err != nil {
		return plan.Pilot{}, err
	}
	bs, err := gamma.Bootstrap(ctx, corpus, d, gopt, bo)
	if err != nil {
		return plan.Pilot{}, err
	}
	out.SEMethod = fmt.Sprintf("bootstrap of the continua of γ (agree gamma's defaults), %d resamples, seed %d", f.bootstrap, f.seed)
	return plan.Pilot{Estimate: g.Gamma, SE: bs.SE, Items: len(corpus.Continua), Level: f.level}, nil
}

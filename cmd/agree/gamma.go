package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"agree/annotation"
	"agree/gamma"
	"agree/inference"
	"agree/internal/progress"
	"agree/internal/view/gammaview"
	"agree/report"
	"agree/unitizing"
)

const gammaSynopsis = `gamma [flags] FILE...

γ (Mathet, Widlöcher & Métivier 2015): agreement on unitizing and
categorization at once, from the exact best alignment of the annotators'
units, with γ-cat and γ-k (Mathet 2018). FILE is CSV annotator,category,start,end
(with or without header) or RTTM; several files or a directory form a corpus
(one continuum per file); "-" reads CSV from standard input. Any format of
--input (the span CSV, ELAN, Praat, Label Studio, …) gives one continuum per
document, from the spans of --layer.`

// Limits of gamma's flags (README, "Limits").
const (
	maxGammaWeight   = 1e6              // --alpha, --beta, --delta-empty
	maxGammaTime     = 1000 * time.Hour // --time-limit
	maxGammaWindow   = 1_000_000        // --approximate window:N
	defaultTimeLimit = 10 * time.Minute
)

func runGamma(e env, args []string) error {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	return runGammaCtx(ctx, e, args)
}

func runGammaCtx(ctx context.Context, e env, args []string) error {
	start := time.Now() // --time-limit counts from here, for everything the command does
	fs := newFlagSet(e, "gamma", gammaSynopsis)
	alpha := fs.Float64("alpha", 1, "weight α of the positional dissimilarity (the original Java software uses 3)")
	beta := fs.Float64("beta", 1, "weight β of the categorical dissimilarity")
	deltaEmpty := fs.Float64("delta-empty", 1, "Δ∅, the cost of leaving a unit unaligned")
	categorical := fs.String("categorical", "nominal", "categorical distance: nominal, ordinal:C1,C2,… (declared order), numeric, levenshtein, matrix:FILE (CSV matrix in [0,1])")
	catConv := fs.String("gamma-cat", "mathet2018", "how γ-cat and γ-k weigh pairs of units: mathet2018 (the paper: confidence 1 − d_pos, real units only), software (the Gamma Software's and pygamma's 1 − α·d_pos) or pygamma-empty (software, plus pairs with an empty slot at Δ∅², pygamma's experimental case)")
	samplerName := fs.String("sampler", "auto", "chance model: shuffle (single continuum), corpus (needs ≥ as many files as annotators, each with the same number of annotators), statistical (pygamma's), auto (corpus when it applies, else shuffle)")
	samples := fs.Int("samples", 30, "first batch of random samples; 0 computes only the best alignment and the observed disorder")
	precision := fs.Float64("precision", 0.02, "relative precision e of the expected disorder (more samples are drawn until it is reached); 0 disables the top-ups")
	confidence := fs.Float64("confidence", 0.95, "confidence of the precision")
	maxSamples := fs.Int("max-samples", 5000, "upper limit on the number of samples (the top-ups stop there)")
	seed := fs.Uint64("seed", 1, "random seed")
	workers := fs.Int("workers", 0, "parallel workers (0: all CPUs); results do not depend on it")
	showAlignment := fs.Bool("alignment", false, "list the best alignment (table formats; JSON always has it)")
	consensus := fs.String("consensus", "", "write a consensus annotation (majority unitary alignments: median bounds, majority category) to this span CSV file (document,annotator,start,end,label; gamma reads it back)")
	force := fs.Bool("force", false, "let --consensus overwrite an existing file")
	format := formatFlag(fs, "table")
	dropZero := fs.Bool("drop-zero-length", false, "skip units with start = end (with a warning) instead of failing")
	sep := sepFlag(fs)
	bootstrap := fs.Int("bootstrap", 0, "bootstrap resamples of the continua (a corpus of ≥ 2 files) for an interval of γ; each recomputes γ with its own chance samples")
	level := fs.Float64("level", 0.95, "confidence level of the bootstrap interval")
	timeLimit := fs.Duration("time-limit", defaultTimeLimit, "time allowed (e.g. 30s, 10m) for the whole command, which returns within it plus max(1 s, 5 %); past it, γ comes from the best alignments found, with proven bounds")
	maxGap := fs.Float64("max-gap", 0, "relative gap (best − lower bound)/best at which a component may stop; 0 = exact")
	approximate := fs.String("approximate", "", "window:N aligns approximately, in windows of about N units per annotator (like pygamma's fast mode); reported as approximate, without bounds")
	bound(fs, "alpha", span(0, maxGammaWeight, ""))
	bound(fs, "beta", span(0, maxGammaWeight, ""))
	bound(fs, "delta-empty", span(0, maxGammaWeight, "lo"))
	bound(fs, "samples", between(0, gamma.MaxSamples))
	bound(fs, "max-samples", between(1, gamma.MaxSamples))
	bound(fs, "precision", span(0, 1, "hi"))
	bound(fs, "confidence", span(0, 1, "both"))
	bound(fs, "workers", between(0, maxWorkers))
	bound(fs, "bootstrap", between(0, maxResamples))
	bound(fs, "level", span(0, 1, "both"))
	bound(fs, "max-gap", span(0, 1, "hi"))
	var in inputFlags
	in.register(fs, true)
	var docs documentsFlag
	docs.registerContinua(fs)
	var by byFlags
	by.register(fs, "pooled", "macro")
	reference := fs.String("reference", "", "also γ of each annotator with annotator NAME (a gold annotation, a model), on the continua both annotated")
	rep := reportFlag(fs)
	gateFlags(e, fs)
	files, f, err := commandArgs(fs, args, format, 1, -1)
	if err != nil {
		return err
	}
	if err := e.checkGate(fs, files); err != nil {
		return err
	}
	if err := rep.check(e, files); err != nil {
		return err
	}
	if err := by.check(fs); err != nil {
		return err
	}
	if by.active() && *samples == 0 {
		return usagef("gamma: --by document needs random samples (--samples > 0)")
	}
	if *samples > *maxSamples {
		return usagef("gamma: --samples %d is above --max-samples %d (raise --max-samples, at most %d)", *samples, *maxSamples, gamma.MaxSamples)
	}
	if *bootstrap > 0 && *samples == 0 {
		return usagef("gamma: --bootstrap needs random samples (--samples > 0)")
	}
	if !(*timeLimit > 0 && *timeLimit <= maxGammaTime) {
		return usagef("gamma: --time-limit %v: want a duration above 0 and at most %v", *timeLimit, maxGammaTime)
	}
	window, err := parseApproximate(*approximate)
	if err != nil {
		return err
	}
	comma, err := parseSep(*sep)
	if err != nil {
		return err
	}
	if err := checkOutput(e, *consensus, "--consensus", *force, files); err != nil {
		return err
	}
	catDist, err := gamma.ParseCategorical(*categorical)
	if err != nil {
		if errors.Is(err, gamma.ErrCategoricalSpec) {
			return usagef("gamma: --categorical: %v", err)
		}
		return err
	}
	var sampler gamma.Sampler
	if *samplerName != "auto" {
		if sampler, err = gamma.ParseSampler(*samplerName); err != nil {
			return usagef("gamma: --sampler: %v", err)
		}
	}
	if err := in.check("gamma"); err != nil {
		return err
	}
	if err := docs.check(fs); err != nil {
		return err
	}
	input, err := readUnits(e, "gamma", files, &in, &docs, *dropZero, comma)
	if err != nil {
		return err
	}
	corpus := input.corpus
	for _, c := range corpus.Continua {
		if err := c.Validate(); err != nil {
			return err
		}
	}
	if *bootstrap > 0 && len(corpus.Continua) < 2 {
		return usagef("gamma: --bootstrap resamples continua, and the corpus has %d; give several files or a directory", len(corpus.Continua))
	}
	cats := corpusCategories(corpus)
	if err := checkCategories(corpus, catDist); err != nil {
		return err
	}
	d, err := gamma.NewCombined(*alpha, *beta, *deltaEmpty, catDist, cats)
	if err != nil {
		return usageError{err}
	}
	if d.Cat, err = gamma.ParseCatConvention(*catConv); err != nil {
		return usagef("gamma: --gamma-cat: %v", err)
	}
	samplerNote := ""
	if *samplerName == "auto" {
		sampler, samplerNote = gamma.AutoSampler(corpus)
	}
	opt := gamma.Options{Sampler: sampler, Samples: *samples, Precision: *precision, Confidence: *confidence,
		MaxSamples: *maxSamples, Seed: *seed, Workers: *workers, Deadline: start.Add(*timeLimit), MaxGap: *maxGap, Window: window,
		KeepSamples: rep.active()}
	if *samples == 0 {
		opt.Samples = -1
	}
	if *precision == 0 {
		opt.Precision = -1
	}
	pl := startGammaProgress(e)
	opt.Progress = pl.set
	res, err := gamma.Compute(ctx, corpus, d, opt)
	pl.finish()
	if err != nil {
		return interrupted(err)
	}
	if *consensus != "" {
		if err := writeConsensus(e, *consensus, *force, corpus, res); err != nil {
			return err
		}
	}
	var boot *inference.Result
	bootStopped := ""
	if *bootstrap > 0 {
		e.status.phase("bootstrap of γ", int64(*bootstrap))
		bo := inference.Options{Resamples: *bootstrap, Seed: *seed, Workers: *workers, Level: *level, KeepSamples: rep.active(), Progress: e.status.set}
		boot, err = gamma.Bootstrap(ctx, corpus, d, opt, bo)
		e.status.phase("", 0)
		switch {
		case errors.Is(err, gamma.ErrTimeLimit):
			boot, bootStopped = nil, "time limit"
		case err != nil:
			return interrupted(err)
		}
	}
	out := gammaview.New(res, corpus, input.rule, gammaview.Settings{Sampler: sampler, SamplerNote: samplerNote, Seed: *seed,
		Alpha: *alpha, Beta: *beta, DeltaEmpty: *deltaEmpty, Categorical: catDist.Name(), GammaCatConv: d.Cat.String(), TimeLimit: *timeLimit, MaxGap: *maxGap}, boot)
	out.BootstrapStopped = bootStopped
	if by.active() {
		e.status.phase("γ by document", 0)
		if err := out.AddDocuments(ctx, corpus, d, opt, by.average); err != nil {
			return interrupted(err)
		}
	}
	if *reference != "" {
		e.status.phase("γ with the reference", 0)
		ref, err := gammaview.NewReference(ctx, corpus, d, opt, *reference)
		var ue *gammaview.UnknownReferenceError
		if errors.As(err, &ue) {
			return usagef("gamma: %v", err)
		}
		if err != nil {
			return interrupted(err)
		}
		out.Reference = ref
	}
	e.observe(out)
	if err := rep.write(e, func() (*report.Page, error) { return gammaview.Page(out, files), nil }, files); err != nil || rep.only() {
		return err
	}
	if f == report.JSON {
		return report.WriteJSON(e.stdout, out)
	}
	return report.WriteTables(e.stdout, f, append(gammaview.Tables(out, *showAlignment), out.Reference.Tables()...)...)
}

// interrupted rephrases a cancellation (Ctrl-C) as a short message.
func interrupted(err error) error {
	if errors.Is(err, context.Canceled) {
		return errors.New("gamma: interrupted")
	}
	return err
}

// parseApproximate parses --approximate: "" (exact) or window:N.
func parseApproximate(s string) (int, error) {
	if s == "" {
		return 0, nil
	}
	name, arg, _ := strings.Cut(s, ":")
	if name != "window" {
		return 0, usagef("gamma: --approximate %q: the approximate method is window:N", s)
	}
	n, err := strconv.Atoi(arg)
	if err != nil || n < 1 || n > maxGammaWindow {
		return 0, usagef("gamma: --approximate %q: want window:N with 1 ≤ N ≤ %d units per annotator", s, maxGammaWindow)
	}
	return n, nil
}

// sepFlag registers --sep, the field separator of unit CSV files.
func sepFlag(fs *flag.FlagSet) *string {
	return fs.String("sep", ",", `field separator of CSV unit files: one character; "\t" or tab for a tab`)
}

// parseSep returns the separator rune of --sep.
func parseSep(s string) (rune, error) {
	switch s {
	case `\t`, "tab":
		return '\t', nil
	}
	r := []rune(s)
	if len(r) != 1 || r[0] == '"' || r[0] == '#' || r[0] == '\n' || r[0] == '\r' || r[0] == 0xFFFD {
		return 0, usagef("--sep %q: want one character other than a quote, '#' or a line break", s)
	}
	return r[0], nil
}

// gammaProgress draws gamma's progress line: the phase (which alignment,
// components done / total, the gap of the component being solved) or the
// samples drawn / needed, with the elapsed time. Nil when there is no
// progress writer.
type gammaProgress struct {
	line  *progress.Line
	mu    sync.Mutex
	p     gamma.Progress
	start time.Time
	stop  chan struct{}
	wg    sync.WaitGroup
}

func startGammaProgress(e env) *gammaProgress {
	if e.progress == nil {
		return nil
	}
	return startGammaProgressLine(progress.New(e.progress, "gamma"))
}

func startGammaProgressLine(line *progress.Line) *gammaProgress {
	g := &gammaProgress{line: line, start: time.Now(), stop: make(chan struct{})}
	g.wg.Add(1)
	go func() {
		defer g.wg.Done()
		tk := time.NewTicker(tick)
		defer tk.Stop()
		for {
			select {
			case <-g.stop:
				return
			case <-tk.C:
				g.draw()
			}
		}
	}()
	return g
}

func (g *gammaProgress) set(p gamma.Progress) {
	if g == nil {
		return
	}
	g.mu.Lock()
	g.p = p
	g.mu.Unlock()
}

func (g *gammaProgress) text() string {
	g.mu.Lock()
	p := g.p
	g.mu.Unlock()
	var msg string
	switch p.Phase {
	case "samples":
		msg = fmt.Sprintf("random samples %d/%d", p.SamplesDone, p.SamplesNeeded)
	case "alignment":
		msg = fmt.Sprintf("best alignment, components %d/%d", p.ComponentsDone, p.Components)
		if p.Continua > 1 {
			msg = fmt.Sprintf("best alignment of continuum %d/%d, components %d/%d", p.Continuum, p.Continua, p.ComponentsDone, p.Components)
		}
	default:
		msg = "starting"
	}
	if p.Gap > 0 {
		msg += fmt.Sprintf(", gap %.2g", p.Gap)
	}
	return msg + ", " + roundDuration(time.Since(g.start))
}

func (g *gammaProgress) draw() { g.line.Update("%s", g.text()) }

func (g *gammaProgress) finish() {
	if g == nil {
		return
	}
	close(g.stop)
	g.wg.Wait()
	g.line.Done()
}

func corpusCategories(corpus unitizing.Corpus) []string {
	seen := map[string]bool{}
	var cats []string
	for _, c := range corpus.Continua {
		for _, u := range c.Units {
			if !seen[u.Category] {
				seen[u.Category] = true
				cats = append(cats, u.Category)
			}
		}
	}
	sort.Strings(cats)
	return cats
}

// checkCategories reports the first unit (file, annotator, span) whose
// category the categorical distance cannot place.
func checkCategories(corpus unitizing.Corpus, cd gamma.Categorical) error {
	checked := map[string]bool{}
	for _, c := range corpus.Continua {
		for _, u := range c.Units {
			if checked[u.Category] {
				continue
			}
			checked[u.Category] = true
			if _, err := cd.Table([]string{u.Category}); err != nil {
				return fmt.Errorf("%s: unit of %s at [%v, %v): category %q: %v", c.Name, c.Annotators[u.Annotator], u.Start, u.End, u.Category, err)
			}
		}
	}
	return nil
}

// writeConsensus writes the consensus of every continuum as a span CSV
// (document,annotator,start,end,label; annotator "consensus", document the
// continuum's name), the corpus format that gamma and every command with
// --input read back.
func writeConsensus(e env, path string, force bool, corpus unitizing.Corpus, res *gamma.Result) error {
	var out annotation.Corpus
	ann := out.Annotator("consensus")
	for ci, al := range res.Alignments {
		c := &corpus.Continua[ci]
		d := out.Document(c.Name)
		out.Documents[d].Time = true
		out.MarkAnnotated(d, ann)
		for _, u := range gamma.Consensus(c, al) {
			out.Spans = append(out.Spans, annotation.Span{Doc: d, Annotator: ann, Start: u.Start, End: u.End, Label: u.Category})
		}
	}
	return writeOutput(e, path, force, func(w io.Writer) error { return annotation.WriteCSV(w, &out) })
}

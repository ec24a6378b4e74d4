package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
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
	"agree/internal/version"
	"agree/internal/view"
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

type gammaJSON struct {
	version.Header
	Gamma              report.Number `json:"gamma"`
	UndefinedReason    string        `json:"undefined_reason,omitempty"`
	ObservedDisorder   report.Number `json:"observed_disorder"`
	ExpectedDisorder   report.Number `json:"expected_disorder"`
	ExpectedDisorderSD report.Number `json:"expected_disorder_sd"`
	Samples            int           `json:"samples"`
	PrecisionReached   report.Number `json:"precision_reached"`
	StoppedEarly       string        `json:"stopped_early,omitempty"`
	// The certificate (issue 12): exact, or bounds from the best
	// alignments found and proven lower bounds; approximate names an
	// approximate method (no bounds then).
	Exact         bool          `json:"exact"`
	Approximate   string        `json:"approximate,omitempty"`
	ObservedLower report.Number `json:"observed_disorder_lower_bound"`
	ExpectedLower report.Number `json:"expected_disorder_lower_bound"`
	Gap           report.Number `json:"gap"`
	GammaLow      report.Number `json:"gamma_low"`
	GammaHigh     report.Number `json:"gamma_high"`
	GammaLowWhy   string        `json:"gamma_low_reason,omitempty"`
	// Unproven lists the observed components not proven optimal;
	// SamplesInexact counts random samples not proven optimal.
	Unproven       []componentJSON `json:"unproven_components,omitempty"`
	SamplesInexact int             `json:"samples_not_proven,omitempty"`

	GammaCat          report.Number            `json:"gamma_cat"`
	GammaCatUndefined string                   `json:"gamma_cat_undefined_reason,omitempty"`
	ObservedCat       report.Number            `json:"observed_categorical_disorder"`
	ExpectedCat       report.Number            `json:"expected_categorical_disorder"`
	GammaK            map[string]report.Number `json:"gamma_k"`
	Annotators        int                      `json:"annotators"`
	Units             int                      `json:"units"`
	Continua          int                      `json:"continua"`
	DocumentRule      *view.DocumentRule       `json:"document_rule,omitempty"`
	Sampler           string                   `json:"sampler"`
	SamplerNote       string                   `json:"sampler_note,omitempty"`
	Seed              uint64                   `json:"seed"`
	Alpha             float64                  `json:"alpha"`
	Beta              float64                  `json:"beta"`
	DeltaEmpty        float64                  `json:"delta_empty"`
	Categorical       string                   `json:"categorical"`
	GammaCatConv      string                   `json:"gamma_cat_convention"`
	TimeLimit         float64                  `json:"time_limit_seconds"`
	MaxGap            float64                  `json:"max_gap"`
	Alignment         []unitaryJSON            `json:"alignment"`
	// With --bootstrap: γ over corpora of resampled continua (issue 6).
	SE     *report.Number           `json:"se,omitempty"`
	CI     *view.Interval           `json:"ci,omitempty"`
	PBelow map[string]report.Number `json:"p_below,omitempty"`
	// BootstrapStopped says why the bootstrap gave no interval ("time
	// limit"), or "".
	BootstrapStopped string `json:"bootstrap_stopped_early,omitempty"`

	// With --by document (gamma_breakdown.go).
	PerDocument []gammaDocJSON    `json:"per_document,omitempty"`
	Corpus      *view.CorpusValue `json:"corpus,omitempty"`
	Matrix      *gammaMatrixJSON  `json:"matrix,omitempty"`

	sampleDisorders, bootSamples []float64 // distributions, for the HTML report
}

type componentJSON struct {
	Continuum  string        `json:"continuum"`
	Start      float64       `json:"start"`
	End        float64       `json:"end"`
	Annotators int           `json:"annotators"`
	Units      int           `json:"units"`
	Gap        report.Number `json:"gap"`
}

type unitaryJSON struct {
	Continuum string     `json:"continuum"`
	Disorder  float64    `json:"disorder"`
	Units     []unitJSON `json:"units"`
}

type unitJSON struct {
	Annotator string  `json:"annotator"`
	Category  string  `json:"category"`
	Start     float64 `json:"start"`
	End       float64 `json:"end"`
}

// Limits of gamma's flags (README, "Limits").
const (
	maxGammaWeight   = 1e6              // --alpha, --beta, --delta-empty
	maxGammaTime     = 1000 * time.Hour // --time-limit
	maxGammaWindow   = 1_000_000        // --approximate window:N
	defaultTimeLimit = 10 * time.Minute
)

// gammaCatDescription describes a --gamma-cat convention by name.
func gammaCatDescription(name string) string {
	c, err := gamma.ParseCatConvention(name)
	if err != nil {
		return name
	}
	return c.Describe()
}

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
		sampler, samplerNote = autoSampler(corpus)
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
	out := gammaJSON{Header: version.NewHeader(),
		Gamma: report.Number(res.Gamma), UndefinedReason: res.Undefined,
		ObservedDisorder: report.Number(res.Observed), ExpectedDisorder: report.Number(res.Expected),
		ExpectedDisorderSD: report.Number(res.ExpectedSD), Samples: res.Samples,
		PrecisionReached: report.Number(res.PrecisionReached), StoppedEarly: res.StoppedEarly,
		Exact: res.Exact, Approximate: res.Approximate,
		ObservedLower: report.Number(res.ObservedLower), ExpectedLower: report.Number(res.ExpectedLower),
		Gap: report.Number(res.Gap), GammaLow: report.Number(res.GammaLow), GammaHigh: report.Number(res.GammaHigh),
		GammaCat: report.Number(res.GammaCat), GammaCatUndefined: res.CatUndefined,
		ObservedCat: report.Number(res.ObservedCat), ExpectedCat: report.Number(res.ExpectedCat),
		GammaK:     map[string]report.Number{},
		Annotators: res.Annotators, Units: res.Units, Continua: len(corpus.Continua), DocumentRule: input.rule,
		Sampler: sampler.String(), SamplerNote: samplerNote, Seed: *seed, Alpha: *alpha, Beta: *beta, DeltaEmpty: *deltaEmpty,
		Categorical: catDist.Name(), GammaCatConv: d.Cat.String(), TimeLimit: timeLimit.Seconds(), MaxGap: *maxGap, Alignment: []unitaryJSON{},
		BootstrapStopped: bootStopped,
	}
	if res.Samples == 0 {
		out.Sampler, out.SamplerNote = "none", ""
	}
	if boot != nil {
		out.SE, out.CI, out.PBelow = view.NumberPtr(boot.SE), view.NewInterval(boot.CI), view.PBelow(boot.PBelow)
		out.bootSamples = boot.Samples
	}
	out.sampleDisorders = res.SampleDisorders
	for k, v := range res.GammaK {
		out.GammaK[k] = report.Number(v)
	}
	out.SamplesInexact = res.SamplesInexact
	if math.IsInf(res.GammaLow, -1) {
		out.GammaLowWhy = "no positive lower bound on the expected disorder (the random samples were stopped before their first relaxation was solved): γ is bounded above only"
	}
	for ci, al := range res.Alignments {
		c := &corpus.Continua[ci]
		for _, u := range al.Unproven {
			out.Unproven = append(out.Unproven, componentJSON{c.Name, u.Start, u.End, u.Annotators, u.Units, report.Number(u.Gap)})
		}
		for _, ua := range al.Unitary {
			u := unitaryJSON{Continuum: c.Name, Disorder: ua.Disorder}
			for _, i := range ua.Units {
				x := c.Units[i]
				u.Units = append(u.Units, unitJSON{c.Annotators[x.Annotator], x.Category, x.Start, x.End})
			}
			out.Alignment = append(out.Alignment, u)
		}
	}
	if by.active() {
		e.status.phase("γ by document", 0)
		if err := out.gammaBreakdown(ctx, corpus, d, opt, by.average); err != nil {
			return interrupted(err)
		}
	}
	e.observe(out)
	if err := rep.write(e, func() (*report.Page, error) { return gammaPage(&out, files), nil }, files); err != nil || rep.only() {
		return err
	}
	if f == report.JSON {
		return report.WriteJSON(e.stdout, out)
	}
	return report.WriteTables(e.stdout, f, gammaTables(out, *showAlignment)...)
}

// interrupted rephrases a cancellation (Ctrl-C) as a short message.
func interrupted(err error) error {
	if errors.Is(err, context.Canceled) {
		return errors.New("gamma: interrupted")
	}
	return err
}

// autoSampler picks the corpus sampler when it applies (several continua,
// at least as many as annotators, all with the same number of
// annotators), and otherwise the shuffle sampler with a note saying why.
func autoSampler(corpus unitizing.Corpus) (gamma.Sampler, string) {
	cs := corpus.Continua
	if len(cs) < 2 {
		return gamma.Shuffle, ""
	}
	n := len(cs[0].Annotators)
	for _, c := range cs[1:] {
		if len(c.Annotators) != n {
			return gamma.Shuffle, fmt.Sprintf("auto: shuffle, since the corpus sampler needs the same number of annotators in every continuum (%q has %d, %q has %d)", cs[0].Name, n, c.Name, len(c.Annotators))
		}
	}
	if len(cs) < n {
		return gamma.Shuffle, fmt.Sprintf("auto: shuffle, since the corpus sampler needs at least as many continua as annotators (%d continua, %d annotators)", len(cs), n)
	}
	return gamma.Corpus, ""
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

func gammaTables(o gammaJSON, showAlignment bool) []report.Table {
	num := func(x report.Number) string { return report.Float(float64(x), 4) }
	main := report.Table{
		Title:  "γ (Mathet, Widlöcher & Métivier 2015)",
		Header: []string{"measure", "value"},
		Rows: [][]string{
			{"gamma", num(o.Gamma)},
			{"observed disorder", num(o.ObservedDisorder)},
			{"expected disorder", num(o.ExpectedDisorder)},
			{"expected disorder sd", num(o.ExpectedDisorderSD)},
			{"samples", strconv.Itoa(o.Samples)},
			{"precision reached", num(o.PrecisionReached)},
			{"exact", exactWord(o)},
			{"gamma-cat", num(o.GammaCat)},
			{"annotators", strconv.Itoa(o.Annotators)},
			{"units", strconv.Itoa(o.Units)},
			{"continua", strconv.Itoa(o.Continua)},
		},
		Notes: []string{fmt.Sprintf("α = %v, β = %v, Δ∅ = %v, categorical %s, sampler %s, seed %d", o.Alpha, o.Beta, o.DeltaEmpty, o.Categorical, o.Sampler, o.Seed)},
	}
	switch {
	case o.Approximate != "":
		main.Notes = append(main.Notes, "approximate: the alignments come from the "+o.Approximate+" method, not the proven optimum; γ is not bounded")
	case !o.Exact:
		main.Rows = append(main.Rows,
			[]string{"observed disorder lower bound", num(o.ObservedLower)},
			[]string{"expected disorder lower bound", num(o.ExpectedLower)},
			[]string{"gap", report.Float(float64(o.Gap), 6)},
			[]string{"gamma bounds", "[" + num(o.GammaLow) + ", " + num(o.GammaHigh) + "]"})
		main.Notes = append(main.Notes, fmt.Sprintf("not proven optimal within --time-limit %gs / --max-gap %g: the disorders come from the best alignments found, the lower bounds are proven, and γ of the optimal alignments lies in the bounds", o.TimeLimit, o.MaxGap))
		for k, u := range o.Unproven {
			if k == 3 {
				main.Notes = append(main.Notes, fmt.Sprintf("… and %d more components not proven optimal", len(o.Unproven)-3))
				break
			}
			main.Notes = append(main.Notes, fmt.Sprintf("not proven optimal: %s, [%v, %v), %d annotators, %d units, disorder gap %s",
				u.Continuum, u.Start, u.End, u.Annotators, u.Units, report.Float(float64(u.Gap), 6)))
		}
		if o.SamplesInexact > 0 {
			main.Notes = append(main.Notes, fmt.Sprintf("%d of %d random samples not proven optimal (the expected disorder's lower bound accounts for them)", o.SamplesInexact, o.Samples))
		}
		if o.GammaLowWhy != "" {
			main.Notes = append(main.Notes, "gamma bounds: "+o.GammaLowWhy)
		}
		main.Notes = append(main.Notes, "to prove the optimum: a longer --time-limit; to stop sooner with a guarantee: --max-gap G; for a fast estimate without bounds: --approximate window:N")
	}
	if o.StoppedEarly != "" {
		main.Notes = append(main.Notes, "the samples stopped before the required precision: "+o.StoppedEarly)
	}
	if o.SamplerNote != "" {
		main.Notes = append(main.Notes, "sampler "+o.SamplerNote)
	}
	if o.CI != nil {
		main.Rows = append(main.Rows,
			[]string{fmt.Sprintf("bootstrap %g%% interval", 100*o.CI.Level), "[" + num(o.CI.Low) + ", " + num(o.CI.High) + "]"},
			[]string{"bootstrap SE", num(*o.SE)},
			[]string{"P(gamma < 0.667)", num(o.PBelow[view.ThresholdKey(0.667)])},
			[]string{"P(gamma < 0.8)", num(o.PBelow[view.ThresholdKey(0.8)])})
		main.Notes = append(main.Notes, fmt.Sprintf("bootstrap: %d resamples of the continua, seed %d", o.CI.Resamples, o.Seed))
	}
	if o.BootstrapStopped != "" {
		main.Notes = append(main.Notes, "bootstrap stopped at the "+o.BootstrapStopped+": no interval (a longer --time-limit gives one)")
	}
	if o.UndefinedReason != "" {
		main.Notes = append(main.Notes, "gamma undefined: "+o.UndefinedReason)
	}
	if o.GammaCatUndefined != "" {
		main.Notes = append(main.Notes, "gamma-cat undefined: "+o.GammaCatUndefined)
	}
	if o.GammaCatConv != "" {
		main.Notes = append(main.Notes, "γ-cat and γ-k ("+o.GammaCatConv+"): "+gammaCatDescription(o.GammaCatConv))
	}
	r := o.DocumentRule
	if r.Shown(o.Continua) {
		main.Notes = append(main.Notes, r.Notes()...)
	}
	tables := []report.Table{main}
	if r.Shown(o.Continua) {
		tables = append(tables, r.PairTable())
	}
	if len(o.GammaK) > 0 {
		t := report.Table{Title: "γ-k (Mathet 2018)", Header: []string{"category", "gamma_k"}}
		var ks []string
		for k := range o.GammaK {
			ks = append(ks, k)
		}
		sort.Strings(ks)
		for _, k := range ks {
			t.Rows = append(t.Rows, []string{k, num(o.GammaK[k])})
		}
		tables = append(tables, t)
	}
	if showAlignment {
		t := report.Table{Title: "best alignment", Header: []string{"continuum", "#", "disorder", "annotator", "category", "start", "end"}}
		for i, ua := range o.Alignment {
			for _, u := range ua.Units {
				t.Rows = append(t.Rows, []string{ua.Continuum, strconv.Itoa(i + 1), report.Float(ua.Disorder, 4), u.Annotator, u.Category,
					strconv.FormatFloat(u.Start, 'g', -1, 64), strconv.FormatFloat(u.End, 'g', -1, 64)})
			}
		}
		tables = append(tables, t)
	}
	return append(tables, gammaDocumentTable(o)...)
}

// exactWord is the table form of "exact".
func exactWord(o gammaJSON) string {
	switch {
	case o.Approximate != "":
		return "no (approximate)"
	case o.Exact:
		return "yes"
	}
	return "no (certified gap)"
}

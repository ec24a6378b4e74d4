package main

import (
	"bufio"
	"context"
	"encoding/csv"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"sort"
	"strconv"
	"strings"

	"agree/distance"
	"agree/gamma"
	"agree/inference"
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
	Gamma              report.Number            `json:"gamma"`
	UndefinedReason    string                   `json:"undefined_reason,omitempty"`
	ObservedDisorder   report.Number            `json:"observed_disorder"`
	ExpectedDisorder   report.Number            `json:"expected_disorder"`
	ExpectedDisorderSD report.Number            `json:"expected_disorder_sd"`
	Samples            int                      `json:"samples"`
	PrecisionReached   report.Number            `json:"precision_reached"`
	GammaCat           report.Number            `json:"gamma_cat"`
	GammaCatUndefined  string                   `json:"gamma_cat_undefined_reason,omitempty"`
	ObservedCat        report.Number            `json:"observed_categorical_disorder"`
	ExpectedCat        report.Number            `json:"expected_categorical_disorder"`
	GammaK             map[string]report.Number `json:"gamma_k"`
	Annotators         int                      `json:"annotators"`
	Units              int                      `json:"units"`
	Continua           int                      `json:"continua"`
	Sampler            string                   `json:"sampler"`
	Seed               uint64                   `json:"seed"`
	Alpha              float64                  `json:"alpha"`
	Beta               float64                  `json:"beta"`
	DeltaEmpty         float64                  `json:"delta_empty"`
	Categorical        string                   `json:"categorical"`
	Alignment          []unitaryJSON            `json:"alignment"`
	// With --bootstrap: γ over corpora of resampled continua (issue 6).
	SE     *report.Number           `json:"se,omitempty"`
	CI     *intervalJSON            `json:"ci,omitempty"`
	PBelow map[string]report.Number `json:"p_below,omitempty"`

	sampleDisorders, bootSamples []float64 // distributions, for the HTML report
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

func runGamma(e env, args []string) error {
	fs := newFlagSet(e, "gamma", gammaSynopsis)
	alpha := fs.Float64("alpha", 1, "weight α of the positional dissimilarity (the original Java software uses 3)")
	beta := fs.Float64("beta", 1, "weight β of the categorical dissimilarity")
	deltaEmpty := fs.Float64("delta-empty", 1, "Δ∅, the cost of leaving a unit unaligned")
	categorical := fs.String("categorical", "nominal", "categorical distance: nominal, ordinal:C1,C2,… (declared order), numeric, levenshtein, matrix:FILE (CSV matrix in [0,1])")
	samplerName := fs.String("sampler", "auto", "chance model: shuffle (single continuum), corpus (needs ≥ as many files as annotators), statistical (pygamma's), auto (corpus when possible)")
	samples := fs.Int("samples", 30, "first batch of random samples; 0 computes only the best alignment and the observed disorder")
	precision := fs.Float64("precision", 0.02, "relative precision e of the expected disorder (more samples are drawn until it is reached); 0 disables the top-ups")
	confidence := fs.Float64("confidence", 0.95, "confidence of the precision")
	maxSamples := fs.Int("max-samples", 5000, "upper limit on the number of samples")
	seed := fs.Uint64("seed", 1, "random seed")
	workers := fs.Int("workers", 0, "parallel workers (default: all CPUs); results do not depend on it")
	showAlignment := fs.Bool("alignment", false, "list the best alignment (table formats; JSON always has it)")
	consensus := fs.String("consensus", "", "write a consensus annotation (majority unitary alignments: median bounds, majority category) to this CSV file")
	format := formatFlag(fs, "table")
	dropZero := fs.Bool("drop-zero-length", false, "skip units with start = end (with a warning) instead of failing")
	bootstrap := fs.Int("bootstrap", 0, "bootstrap resamples of the continua (a corpus of ≥ 2 files) for an interval of γ; each recomputes γ with its own chance samples")
	level := fs.Float64("level", 0.95, "confidence level of the bootstrap interval")
	var in inputFlags
	in.register(fs, true)
	rep := reportFlag(fs)
	files, f, err := commandArgs(fs, args, format, 1, -1)
	if err != nil {
		return err
	}
	if err := rep.check(files); err != nil {
		return err
	}
	if *samples < 0 || *maxSamples < 1 || *precision < 0 || !(*confidence > 0 && *confidence < 1) {
		return usagef("gamma: --samples ≥ 0, --max-samples ≥ 1, --precision ≥ 0 and 0 < --confidence < 1 are required")
	}
	if *bootstrap < 0 || (*bootstrap > 0 && *samples == 0) || !(*level > 0 && *level < 1) {
		return usagef("gamma: --bootstrap needs a positive number of resamples and --samples > 0; 0 < --level < 1")
	}
	if err := in.check("gamma"); err != nil {
		return err
	}
	input, err := readUnits(e, "gamma", files, &in, *dropZero)
	if err != nil {
		return err
	}
	corpus := input.corpus
	for _, c := range corpus.Continua {
		if err := c.Validate(); err != nil {
			return err
		}
	}
	catDist, err := parseCategorical(*categorical)
	if err != nil {
		return err
	}
	cats := corpusCategories(corpus)
	if err := checkCategories(corpus, catDist); err != nil {
		return err
	}
	d, err := gamma.NewCombined(*alpha, *beta, *deltaEmpty, catDist, cats)
	if err != nil {
		return usageError{err}
	}
	var sampler gamma.Sampler
	switch *samplerName {
	case "auto":
		sampler = gamma.Shuffle
		if n := len(corpus.Continua[0].Annotators); len(corpus.Continua) > 1 && len(corpus.Continua) >= n {
			sampler = gamma.Corpus
		}
	default:
		if sampler, err = gamma.ParseSampler(*samplerName); err != nil {
			return usageError{err}
		}
	}
	opt := gamma.Options{Sampler: sampler, Samples: *samples, Precision: *precision, Confidence: *confidence,
		MaxSamples: *maxSamples, Seed: *seed, Workers: *workers}
	if *samples == 0 {
		opt.Samples = -1
	}
	if *precision == 0 {
		opt.Precision = -1
	}
	if isTerminal(e.stderr) {
		opt.Progress = func(done, target int) {
			fmt.Fprintf(e.stderr, "\rgamma: sample %d/%d", done, target)
		}
	}
	res, err := gamma.Compute(corpus, d, opt)
	if opt.Progress != nil {
		fmt.Fprint(e.stderr, "\r\033[K")
	}
	if err != nil {
		return err
	}
	if *consensus != "" {
		if err := writeConsensus(*consensus, corpus, res); err != nil {
			return err
		}
	}
	var boot *inference.Result
	if *bootstrap > 0 {
		if boot, err = bootstrapGamma(corpus, d, opt, *bootstrap, *level, *workers, rep.active()); err != nil {
			return err
		}
	}
	out := gammaJSON{
		Gamma: report.Number(res.Gamma), UndefinedReason: res.Undefined,
		ObservedDisorder: report.Number(res.Observed), ExpectedDisorder: report.Number(res.Expected),
		ExpectedDisorderSD: report.Number(res.ExpectedSD), Samples: res.Samples,
		PrecisionReached: report.Number(res.PrecisionReached),
		GammaCat:         report.Number(res.GammaCat), GammaCatUndefined: res.CatUndefined,
		ObservedCat: report.Number(res.ObservedCat), ExpectedCat: report.Number(res.ExpectedCat),
		GammaK:     map[string]report.Number{},
		Annotators: res.Annotators, Units: res.Units, Continua: len(corpus.Continua),
		Sampler: sampler.String(), Seed: *seed, Alpha: *alpha, Beta: *beta, DeltaEmpty: *deltaEmpty,
		Categorical: catDist.Name(), Alignment: []unitaryJSON{},
	}
	if res.Samples == 0 {
		out.Sampler = "none"
	}
	if boot != nil {
		out.SE, out.CI, out.PBelow = numberPtr(boot.SE), newIntervalJSON(boot.CI), pBelowJSON(boot.PBelow)
		out.bootSamples = boot.Samples
	}
	out.sampleDisorders = res.SampleDisorders
	for k, v := range res.GammaK {
		out.GammaK[k] = report.Number(v)
	}
	for ci, al := range res.Alignments {
		c := &corpus.Continua[ci]
		for _, ua := range al.Unitary {
			u := unitaryJSON{Continuum: c.Name, Disorder: ua.Disorder}
			for _, i := range ua.Units {
				x := c.Units[i]
				u.Units = append(u.Units, unitJSON{c.Annotators[x.Annotator], x.Category, x.Start, x.End})
			}
			out.Alignment = append(out.Alignment, u)
		}
	}
	if err := rep.write(e, gammaPage(&out, files), files); err != nil || rep.only() {
		return err
	}
	if f == report.JSON {
		return report.WriteJSON(e.stdout, out)
	}
	return report.WriteTables(e.stdout, f, gammaTables(out, *showAlignment)...)
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

func parseCategorical(s string) (gamma.Categorical, error) {
	name, arg, _ := strings.Cut(s, ":")
	switch name {
	case "nominal":
		return gamma.Nominal(), nil
	case "numeric":
		return gamma.Numeric(), nil
	case "levenshtein":
		return gamma.Levenshtein(), nil
	case "ordinal":
		if arg == "" {
			return nil, usagef("--categorical ordinal needs the declared order: ordinal:low,mid,high")
		}
		var order []string
		for _, c := range strings.Split(arg, ",") {
			order = append(order, strings.TrimSpace(c))
		}
		return gamma.Ordinal(order), nil
	case "matrix":
		if arg == "" {
			return nil, usagef("--categorical matrix needs a file: matrix:FILE")
		}
		fh, err := os.Open(arg)
		if err != nil {
			return nil, err
		}
		defer fh.Close()
		m, err := distance.ReadMatrix(bufio.NewReader(fh), arg)
		if err != nil {
			return nil, err
		}
		return gamma.Matrix(m), nil
	}
	return nil, usagef("unknown --categorical %q (want nominal, ordinal:…, numeric, levenshtein or matrix:FILE)", s)
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

func writeConsensus(path string, corpus unitizing.Corpus, res *gamma.Result) error {
	fh, err := os.Create(path)
	if err != nil {
		return err
	}
	w := csv.NewWriter(fh)
	w.Write([]string{"annotator", "category", "start", "end", "continuum"})
	for ci, al := range res.Alignments {
		c := &corpus.Continua[ci]
		for _, u := range gamma.Consensus(c, al) {
			w.Write([]string{"consensus", u.Category, strconv.FormatFloat(u.Start, 'g', -1, 64), strconv.FormatFloat(u.End, 'g', -1, 64), c.Name})
		}
	}
	w.Flush()
	if err := w.Error(); err != nil {
		fh.Close()
		return fmt.Errorf("%s: %w", path, err)
	}
	return fh.Close()
}

func isTerminal(w any) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
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
			{"gamma-cat", num(o.GammaCat)},
			{"annotators", strconv.Itoa(o.Annotators)},
			{"units", strconv.Itoa(o.Units)},
			{"continua", strconv.Itoa(o.Continua)},
		},
		Notes: []string{fmt.Sprintf("α = %v, β = %v, Δ∅ = %v, categorical %s, sampler %s, seed %d", o.Alpha, o.Beta, o.DeltaEmpty, o.Categorical, o.Sampler, o.Seed)},
	}
	if o.CI != nil {
		main.Rows = append(main.Rows,
			[]string{fmt.Sprintf("bootstrap %g%% interval", 100*o.CI.Level), "[" + num(o.CI.Low) + ", " + num(o.CI.High) + "]"},
			[]string{"bootstrap SE", num(*o.SE)},
			[]string{"P(gamma < 0.667)", num(o.PBelow[thresholdKey(0.667)])},
			[]string{"P(gamma < 0.8)", num(o.PBelow[thresholdKey(0.8)])})
		main.Notes = append(main.Notes, fmt.Sprintf("bootstrap: %d resamples of the continua, seed %d", o.CI.Resamples, o.Seed))
	}
	if o.UndefinedReason != "" {
		main.Notes = append(main.Notes, "gamma undefined: "+o.UndefinedReason)
	}
	if o.GammaCatUndefined != "" {
		main.Notes = append(main.Notes, "gamma-cat undefined: "+o.GammaCatUndefined)
	}
	tables := []report.Table{main}
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
	return tables
}

// bootstrapGamma resamples the continua of the corpus with replacement and
// recomputes γ on each resample (alignments and chance samples included),
// seeding each resample's chance sampling from its own generator so that
// the result does not depend on the number of workers.
func bootstrapGamma(corpus unitizing.Corpus, d gamma.Dissimilarity, opt gamma.Options, n int, level float64, workers int, keep bool) (*inference.Result, error) {
	if len(corpus.Continua) < 2 {
		return nil, usagef("gamma: --bootstrap resamples continua, and the corpus has %d; give several files or a directory", len(corpus.Continua))
	}
	opt.Workers, opt.Progress = 1, nil // the bootstrap runs resamples in parallel
	stat := func() inference.RandStatistic {
		return func(items []int, rng *rand.Rand) (float64, error) {
			var c unitizing.Corpus
			for _, i := range items {
				c.Continua = append(c.Continua, corpus.Continua[i])
			}
			o := opt
			o.Seed = rng.Uint64()
			r, err := gamma.Compute(c, d, o)
			if err != nil {
				return math.NaN(), err
			}
			return r.Gamma, nil
		}
	}
	res, err := inference.ItemsRand(context.Background(), len(corpus.Continua), stat, inference.Options{Resamples: n, Seed: opt.Seed, Workers: workers, Level: level, KeepSamples: keep})
	if err != nil {
		return nil, fmt.Errorf("gamma bootstrap: %w", err)
	}
	return res, nil
}

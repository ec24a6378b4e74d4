package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"agree/coding"
	"agree/distance"
	"agree/formats/table"
	"agree/internal/limits"
	"agree/internal/view/codingview"
	"agree/report"
)

const codingSynopsis = `coding [flags] FILE

Agreement on categories or values given by two or more coders to the same
items: Krippendorff's α, Fleiss's κ, Cohen's κ, Scott's π, S, multi-κ, κ_w,
α_κ, Gwet's AC1/AC2, Brennan–Prediger, percent agreement, with diagnostics.
FILE is CSV (wide: item column + one column per coder; long: item,coder,value;
or header-less columns with --layout columns); "-" reads standard input. The
file is reduced to its sufficient statistics as it is read, so its size does
not matter (sorted long files: --sorted); --emit-stats and --merge-stats split
the work over shards.`

// codingFlags are the flags of agree coding.
type codingFlags struct {
	metric, missing, incomplete, categories string
	convention, order                       string
	layout, sep, columns, setSep, taxonomy  string
	na                                      *string // --na, when given
	closed, header                          bool
	in                                      inputFlags // --input NAME and its options (input.go)
	tok                                     tokenFlags // span inputs: token agreement (coding_tokens.go)
	by                                      byFlags    // --by document (breakdown.go)
	inf                                     inferenceFlags
	stream                                  streamFlags    // large data (coding_stream.go)
	ref                                     referenceFlags // --reference (reference.go)
	cmp                                     compareFlag    // --compare COLUMN=A,B (compare.go)
}

// inferenceFlags select intervals, diagnostics and error models.
type inferenceFlags struct {
	keepSamples bool // keep the bootstrap distributions (for --report)
	level       float64
	population  int
	bootstrap   int
	seed        uint64
	workers     int
	alphaBoot   string
	top         int
	dawidSkene  bool
	consensus   string
	noAnalytic  bool
	leaveOut    bool
	force       bool
	maxRows     int     // rows of the pairwise and leave-one-out tables (0: all)
	status      *status // the progress line of the run
	env         env     // the command's environment (writing --consensus)
}

func (f *codingFlags) register(fs *flag.FlagSet) {
	f.in.register(fs, true)
	f.tok.register(fs)
	f.by.register(fs, "pooled", "macro")
	f.cmp.register(fs)
	f.ref.register(fs, ", FILE (item ids and the reference's labels, a table as the input) or majority (each annotator against the majority of the others): accuracy, Cohen's κ and α with intervals")
	fs.StringVar(&f.metric, "metric", "nominal", "distance for the weighted coefficients: "+distance.Names+" (the last three need --taxonomy)")
	fs.StringVar(&f.missing, "missing", "judgment", "weighting of items with missing values: judgment (Krippendorff) or item (each item equal)")
	fs.StringVar(&f.incomplete, "incomplete", "drop", "κ-style coefficients on incomplete items: drop them (and say how many) or refuse")
	fs.StringVar(&f.convention, "convention", "survey", "estimators with missing values: survey (Krippendorff's weighting for π, Fleiss, α, S, percent agreement; κ-style on complete items; each standard error that of its estimate) or irrcac (Gwet's irrCAC: its estimates and standard errors)")
	fs.StringVar(&f.categories, "categories", "", "declared categories in order, comma-separated (for S, Gwet, ordinal order)")
	fs.BoolVar(&f.closed, "closed", false, "with --categories: any other value is an error")
	fs.StringVar(&f.order, "order", "", "the order of the values for the ordinal distances (ordinal, irrcac-ordinal, radical), comma-separated, e.g. low,mid,high; unlike --categories it declares no category")
	fs.StringVar(&f.layout, "layout", "auto", "file layout: auto, wide, long, columns, transposed (rows = coders), counts (item × category counts) or contingency (a two-coder square table)")
	fs.StringVar(&f.sep, "sep", "", `field separator (default ",", or tab for .tsv files); "\t" for tab`)
	fs.StringVar(&f.columns, "columns", "", "with --layout columns: the coders' columns, 1-based, e.g. 2,3 or 1-5")
	fs.BoolVar(&f.header, "header", false, "with --layout columns: the first line names the columns")
	naFlag(fs, &f.na)
	fs.StringVar(&f.setSep, "set-sep", "|", "separator of the elements of set-valued labels (set distances)")
	fs.StringVar(&f.taxonomy, "taxonomy", "", "child,parent CSV file for the hierarchical distances")
	fs.Float64Var(&f.inf.level, "level", 0.95, "confidence level of the intervals")
	fs.IntVar(&f.inf.population, "population", 0, "number of items in the population, for the finite-population correction of Gwet's variances (0: infinite)")
	fs.BoolVar(&f.inf.noAnalytic, "no-se", false, "skip the analytic standard errors (they cost one pass over the data per coefficient)")
	fs.IntVar(&f.inf.bootstrap, "bootstrap", 0, "bootstrap resamples of the items for intervals and P(coefficient < 0.667), P(< 0.8); 0: none")
	fs.Uint64Var(&f.inf.seed, "seed", 1, "seed of the bootstrap (results do not depend on --workers)")
	fs.IntVar(&f.inf.workers, "workers", 0, "parallel workers for the bootstrap (0: all cores)")
	fs.StringVar(&f.inf.alphaBoot, "alpha-bootstrap", "item", "bootstrap of α: item (resample items) or krippendorff (Hayes & Krippendorff 2007, resample pairable values)")
	fs.BoolVar(&f.inf.leaveOut, "leave-one-out", true, "with three or more coders, α without each coder in turn (one pass over the data per coder)")
	fs.IntVar(&f.inf.top, "top", 10, "number of items listed by disagreement (what to adjudicate first); 0: none")
	fs.BoolVar(&f.inf.dawidSkene, "dawid-skene", false, "fit the Dawid–Skene latent class model: per-coder confusion matrices, class priors")
	fs.StringVar(&f.inf.consensus, "consensus", "", "write the Dawid–Skene consensus labels (item,label,posterior,…) to this CSV file")
	f.limitFlags(fs)
	f.registerStream(fs)
}

func runCoding(e env, args []string) error {
	var f codingFlags
	fs := newFlagSet(e, "coding", codingSynopsis)
	f.register(fs)
	format := formatFlag(fs, "table")
	rep := reportFlag(fs)
	gateFlags(e, fs)
	files, format2, err := commandArgs(fs, args, format, 0, -1)
	if err != nil {
		return err
	}
	if err := e.checkGate(fs, files); err != nil {
		return err
	}
	if len(files) == 0 {
		fs.Usage()
		return usagef("coding: want one FILE, got 0")
	}
	model := false
	if !f.stream.mergeStats { // statistics are JSON, not annotation files
		if model, err = codingModelInput(e, &f.in, files); /* annotation files: document labels (input.go) */ err != nil {
			return err
		}
	}
	if err := f.validate(e, fs, files[0]); err != nil {
		return err
	}
	if err := f.tok.check(fs); err != nil {
		return err
	}
	f.by.columnsOK = !model
	if err := f.by.check(fs); err != nil {
		return err
	}
	if err := f.ref.check(fs, true); err != nil {
		return err
	}
	if err := f.cmp.check(fs, &f.by); err != nil {
		return err
	}
	if err := rep.check(e, files); err != nil {
		return err
	}
	if err := f.validateStream(e, fs, files, model, rep.active()); err != nil {
		return err
	}
	f.inf.keepSamples = rep.active()
	f.inf.status = e.status
	f.inf.env = e
	topt, copt, err := f.options(files[0])
	if err != nil {
		return err
	}
	if err := layoutNeedsIdentity(topt.Layout, f.inf.dawidSkene, f.inf.consensus != ""); err != nil { // coding_layouts.go
		return err
	}
	if !model {
		if n := f.tok.given(fs); n != "" {
			return usagef("coding: --%s is for span inputs (token agreement), not a table", n)
		}
	}
	an, name, notes, err := f.codingAnalysis(e, fs, files, model, topt, copt)
	if err != nil || an == nil {
		return err
	}
	if n := an.Counts().Coders; n < 2 {
		return fmt.Errorf("%s: %d coder; agreement needs at least two", name, n)
	}
	res, err := codingview.Analyze(an)
	if err != nil {
		return err
	}
	res.Notes = append(notes, res.Notes...)
	if f.tok.rule != nil {
		res.DocumentRule = f.tok.rule
		res.Notes = append(res.Notes, f.tok.rule.Notes()...)
	}
	if err := res.AddPerLabel(an.Stats(), f.setSep); err != nil {
		return err
	}
	if res.PairableItems == 0 {
		return fmt.Errorf("%s: no item has values from two or more coders, so nothing can be compared", name)
	}
	ds, err := res.Infer(f.inf.options())
	if err != nil {
		return err
	}
	if f.inf.consensus != "" {
		if err := writeOutput(e, f.inf.consensus, f.inf.force, func(w io.Writer) error { return ds.WriteConsensus(w, an.Data()) }); err != nil {
			return err
		}
		res.Notes = append(res.Notes, "Dawid–Skene consensus labels written to "+f.inf.consensus)
	}
	res.AddLight()
	if err := f.ref.addCoding(e, res, an.Data(), copt, topt, f.inf.level); err != nil {
		return err
	}
	if f.cmp.active() {
		if err := f.cmp.addCompare(e, res, an, f.inf); err != nil {
			return err
		}
	}
	if !model && table.CodersAnonymous(topt.Layout) {
		res.AnonymousCoders()
	}
	if f.by.groups != nil {
		res.By = f.by.columns()
		if err := res.AddGroups(an, f.by.groups, f.by.average, "group"); err != nil {
			return err
		}
	}
	if f.by.active() {
		if f.tok.items == nil {
			return usagef("coding: --by document needs documents of several items: span inputs, compared token by token (here the items are %s)", map[bool]string{true: "the documents", false: "the table's rows"}[model])
		}
		if err := res.AddDocuments(an, f.tok.items, f.by.average); err != nil {
			return err
		}
	}
	e.observe(res)
	if err := rep.write(e, func() (*report.Page, error) { return codingview.Page(res), nil }, files); err != nil || rep.only() {
		return err
	}
	return res.Write(e.stdout, format2)
}

// options turns the flags into reader and analysis options.
func (f *codingFlags) options(file string) (table.Options, coding.Options, error) {
	var topt table.Options
	var copt coding.Options
	var err error
	if topt.Layout, err = table.ParseLayout(f.layout); err != nil {
		return topt, copt, usageError{err}
	}
	switch sep := f.sep; {
	case sep == `\t` || sep == "tab":
		topt.Comma = '\t'
	case sep == "" && (strings.HasSuffix(file, ".tsv") || strings.HasSuffix(file, ".tab")):
		topt.Comma = '\t'
	case sep == "":
	case len([]rune(sep)) == 1:
		topt.Comma = []rune(sep)[0]
	default:
		return topt, copt, usagef("--sep must be one character, got %q", sep)
	}
	if f.columns != "" {
		if topt.Columns, err = table.ParseColumns(f.columns); err != nil {
			return topt, copt, usagef("--columns: %v", err)
		}
		if f.layout == "auto" {
			topt.Layout = table.Columns
		}
	}
	topt.Header = f.header
	if f.na != nil {
		topt.Missing = []string{""}
		for _, t := range strings.Split(*f.na, ",") {
			topt.Missing = append(topt.Missing, strings.TrimSpace(t))
		}
	}
	if f.categories != "" {
		for _, c := range strings.Split(f.categories, ",") {
			topt.Categories = append(topt.Categories, strings.TrimSpace(c))
		}
		topt.Closed = f.closed
	}
	switch f.missing {
	case "judgment", "judgement":
		copt.Missing = coding.ByJudgment
	case "item":
		copt.Missing = coding.ByItem
	default:
		return topt, copt, usagef("--missing must be judgment or item, got %q", f.missing)
	}
	if copt.Convention, err = coding.ParseConvention(f.convention); err != nil {
		return topt, copt, usagef("--convention: %v", err)
	}
	switch f.incomplete {
	case "drop":
		copt.Incomplete = coding.DropIncomplete
	case "refuse":
		copt.Incomplete = coding.RefuseIncomplete
	default:
		return topt, copt, usagef("--incomplete must be drop or refuse, got %q", f.incomplete)
	}
	order := topt.Categories
	if f.order != "" {
		if f.categories != "" {
			return topt, copt, usagef("--order and --categories both give the values' order: give one (--categories also declares them as categories)")
		}
		order = nil
		for _, c := range strings.Split(f.order, ",") {
			order = append(order, strings.TrimSpace(c))
		}
	}
	copt.Distance, err = resolveMetric(f.metric, f.setSep, f.taxonomy, order)
	return topt, copt, err
}

// naFlag declares --na (agree coding, agree ratings): *p is set when it is
// given.
func naFlag(fs *flag.FlagSet, p **string) {
	fs.Func("na", "comma-separated cell values meaning missing, besides the empty cell ('' for the empty cell only); default: "+naDefault,
		func(s string) error { *p = &s; return nil })
}

// naDefault describes table.DefaultMissing for -h.
var naDefault = strings.Join(table.DefaultMissing[1:], ",") + " (what R's read.csv and pandas' read_csv read as missing)"

// resolveMetric turns a --metric value into a distance (distance.ParseWith):
// a spec that is wrong in itself is a usage error; a taxonomy or matrix
// file that cannot be read is a data error.
func resolveMetric(spec, setSep, taxonomyFile string, order []string) (distance.Spec, error) {
	opt := distance.ParseOptions{Categories: order, SetSeparator: setSep}
	if taxonomyFile != "" {
		r, err := os.Open(taxonomyFile)
		if err != nil {
			return nil, err
		}
		defer r.Close()
		if opt.Taxonomy, err = distance.ReadTaxonomy(limits.Reader(r, taxonomyFile, "file", limits.MaxFile), taxonomyFile); err != nil {
			return nil, err
		}
	}
	sp, err := distance.ParseWith(spec, opt)
	var se *distance.SpecError
	if errors.Is(err, distance.ErrNeedsTaxonomy) {
		return nil, usagef("--metric %s needs --taxonomy FILE", spec)
	}
	if errors.As(err, &se) {
		return nil, usagef("--metric: %v", err)
	}
	return sp, err
}

// options are the inference options of the flags.
func (f inferenceFlags) options() codingview.InferOptions {
	return codingview.InferOptions{Level: f.level, Population: f.population, NoAnalytic: f.noAnalytic, LeaveOut: f.leaveOut,
		Top: f.top, MaxRows: f.maxRows, Bootstrap: f.bootstrap, Seed: f.seed, Workers: f.workers, AlphaBoot: f.alphaBoot,
		KeepSamples: f.keepSamples, DawidSkene: f.dawidSkene || f.consensus != "", Phase: f.status.phase, Progress: f.status.set}
}

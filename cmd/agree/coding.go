package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"agree/coding"
	"agree/distance"
	"agree/formats/table"
	"agree/internal/csvio"
	"agree/internal/limits"
	"agree/internal/plural"
	"agree/internal/version"
	"agree/internal/view"
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
	res, err := analyzeCoding(an)
	if err != nil {
		return err
	}
	res.Notes = append(notes, res.Notes...)
	if f.tok.rule != nil {
		res.DocumentRule = f.tok.rule
		res.Notes = append(res.Notes, f.tok.rule.Notes()...)
	}
	if err := res.addPerLabel(an.Stats(), f.setSep); err != nil {
		return err
	}
	if res.PairableItems == 0 {
		return fmt.Errorf("%s: no item has values from two or more coders, so nothing can be compared", name)
	}
	if err := res.infer(f.inf); err != nil {
		return err
	}
	res.addLight()
	if err := f.ref.addCoding(e, res, an.Data(), copt, topt, f.inf.level); err != nil {
		return err
	}
	if f.cmp.active() {
		if err := f.cmp.addCompare(e, res, an, f.inf); err != nil {
			return err
		}
	}
	if !model && table.CodersAnonymous(topt.Layout) {
		res.anonymousCoders() // coding_layouts.go
	}
	if f.by.groups != nil {
		res.By = f.by.columns()
		if err := res.addGroups(an, f.by.groups, f.by.average, "group"); err != nil {
			return err
		}
	}
	if f.by.active() {
		if f.tok.items == nil {
			return usagef("coding: --by document needs documents of several items: span inputs, compared token by token (here the items are %s)", map[bool]string{true: "the documents", false: "the table's rows"}[model])
		}
		if err := res.addDocuments(an, f.tok.items, f.by.average); err != nil {
			return err
		}
	}
	e.observe(res)
	if err := rep.write(e, func() (*report.Page, error) { return codingPage(res), nil }, files); err != nil || rep.only() {
		return err
	}
	return res.write(e.stdout, format2)
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

// codingResult is everything agree coding reports; its JSON form is a
// contract (snake_case keys, documented in the README).
type codingResult struct {
	version.Header
	File           string                     `json:"file,omitempty"`
	Items          int                        `json:"items"`
	Coders         int                        `json:"coders"`
	CoderNames     []string                   `json:"coder_names"`
	Values         int                        `json:"values"`
	PairableItems  int                        `json:"pairable_items"`
	PairableValues int                        `json:"pairable_values"`
	CompleteItems  int                        `json:"complete_items"`
	Categories     int                        `json:"categories"`
	Distance       string                     `json:"distance"`
	Missing        string                     `json:"missing"`
	Convention     string                     `json:"convention"`
	Coefficients   map[string]coefficientJSON `json:"coefficients"`
	order          []coding.Coefficient       // display order
	Bias           biasJSON                   `json:"annotator_bias"`
	PerCategory    []categoryJSON             `json:"per_category,omitempty"`
	PerLabel       []codingLabelJSON          `json:"per_label,omitempty"`    // set-valued data (coding_multilabel.go)
	PerDocument    []codingDocJSON            `json:"per_document,omitempty"` // --by document (coding_breakdown.go)
	// --by COLUMN[,COLUMN] (coding_by.go): the columns and each group's values.
	By       []string          `json:"by,omitempty"`
	PerGroup []codingDocJSON   `json:"per_group,omitempty"`
	Corpus   *codingCorpusJSON `json:"corpus,omitempty"`
	Matrix   *codingMatrixJSON `json:"matrix,omitempty"`
	Pairwise []pairJSON        `json:"pairwise,omitempty"`
	// PairwiseOmitted counts the pairs with shared items left out of
	// Pairwise by --max-rows (those with the fewest shared items).
	PairwiseOmitted int         `json:"pairwise_omitted,omitempty"`
	Coincidences    *matrixJSON `json:"coincidence_matrix,omitempty"`
	Contingency     *matrixJSON `json:"contingency_matrix,omitempty"`
	// DocumentRule is, for spans compared token by token, the documents
	// each annotator codes (--documents).
	DocumentRule *view.DocumentRule       `json:"document_rule,omitempty"`
	Notes        []string                 `json:"notes,omitempty"`
	results      map[string]coding.Result // for text output
	analysis     *coding.Analysis
	bootSamples  map[string][]float64 // bootstrap distributions by key, for the HTML report

	ItemsByDisagreement []view.ItemDisagreement `json:"items_by_disagreement,omitempty"`
	LeaveOneCoderOut    []view.CoderInfluence   `json:"leave_one_coder_out,omitempty"`
	// LeaveOneCoderOutOmitted counts the coders left out of
	// LeaveOneCoderOut by --max-rows (those whose removal changes α least).
	LeaveOneCoderOutOmitted int                  `json:"leave_one_coder_out_omitted,omitempty"`
	PrevalenceBias          *view.PrevalenceBias `json:"prevalence_bias,omitempty"`
	Aickin                  *view.Aickin         `json:"aickin,omitempty"`
	DawidSkene              *view.DawidSkene     `json:"dawid_skene,omitempty"`
	Bootstrap               *bootstrapJSON       `json:"bootstrap,omitempty"`
	// Reference is --reference's table (reference.go).
	Reference *codingReferenceJSON `json:"reference,omitempty"`
	// Compare is --compare COLUMN=A,B's (compare.go).
	Compare *compareJSON `json:"compare,omitempty"`
	// LightKappa is Light's κ (coding_light.go).
	LightKappa *view.Light `json:"light_kappa,omitempty"`
}

type bootstrapJSON struct {
	Resamples int    `json:"resamples"`
	Seed      uint64 `json:"seed"`
	Method    string `json:"method"`
}

type coefficientJSON struct {
	Value                report.Number `json:"value"`
	UndefinedReason      string        `json:"undefined_reason,omitempty"`
	Distance             string        `json:"distance"`
	ObservedDisagreement report.Number `json:"observed_disagreement"`
	ExpectedDisagreement report.Number `json:"expected_disagreement"`
	ObservedAgreement    report.Number `json:"observed_agreement"`
	ExpectedAgreement    report.Number `json:"expected_agreement"`
	Items                int           `json:"items"`
	Values               int           `json:"values"`
	DroppedItems         int           `json:"dropped_items"`
	Estimator            string        `json:"estimator,omitempty"`

	// Inference (issue 6): "se" and "ci" are analytic unless --bootstrap
	// is given, when "ci" and "p_below" come from the bootstrap and the
	// analytic interval moves to "analytic_ci".
	SE             *report.Number           `json:"se,omitempty"`
	SEMethod       string                   `json:"se_method,omitempty"`
	SEEstimate     *report.Number           `json:"se_estimate,omitempty"`
	SE0            *report.Number           `json:"se0,omitempty"`
	Z              *report.Number           `json:"z,omitempty"`
	P              *report.Number           `json:"p,omitempty"`
	CI             *view.Interval           `json:"ci,omitempty"`
	AnalyticCI     *view.Interval           `json:"analytic_ci,omitempty"`
	SEReason       string                   `json:"se_undefined_reason,omitempty"`
	BootstrapSE    *report.Number           `json:"bootstrap_se,omitempty"`
	PBelow         map[string]report.Number `json:"p_below,omitempty"`
	Interpretation *view.Interpretation     `json:"interpretation,omitempty"`
	NonArbitrary   *view.NonArbitrary       `json:"non_arbitrary,omitempty"`
}

type biasJSON struct {
	Nominal  report.Number `json:"nominal"`
	Weighted report.Number `json:"weighted"`
}

type categoryJSON struct {
	Category string        `json:"category"`
	Count    report.Number `json:"count"`
	Share    report.Number `json:"share"`
	Specific report.Number `json:"specific_agreement"`
	Alpha    report.Number `json:"alpha"`
}

type pairJSON struct {
	Coders [2]string     `json:"coders"`
	Items  int           `json:"items"`
	Kappa  report.Number `json:"cohen_kappa"`
	Alpha  report.Number `json:"krippendorff_alpha"`
}

type matrixJSON struct {
	Labels []string    `json:"labels"`
	Cells  [][]float64 `json:"cells"`
}

func analyzeCoding(an *coding.Analysis) (*codingResult, error) {
	opt := an.Options()
	c := an.Counts()
	res := &codingResult{Header: version.NewHeader(),
		File: an.Stats().Source(), Items: c.Items, Coders: c.Coders, CoderNames: an.Stats().Coders(), Values: c.Values,
		PairableItems: c.PairableItems, PairableValues: c.PairableValues, CompleteItems: c.CompleteItems,
		Categories: c.Categories, Distance: "nominal", Missing: opt.Missing.String(), Convention: opt.Convention.String(),
		Coefficients: map[string]coefficientJSON{}, results: map[string]coding.Result{}, analysis: an,
	}
	if opt.Distance != nil {
		res.Distance = opt.Distance.Name()
	}
	for _, k := range coding.All() {
		r := an.Coefficient(k)
		res.order = append(res.order, k)
		res.results[k.Key()] = r
		res.Coefficients[k.Key()] = coefficientJSON{
			Value: report.Number(r.Value), UndefinedReason: r.Reason, Distance: r.Distance,
			ObservedDisagreement: report.Number(r.ObservedDisagreement), ExpectedDisagreement: report.Number(r.ExpectedDisagreement),
			ObservedAgreement: report.Number(r.ObservedAgreement), ExpectedAgreement: report.Number(r.ExpectedAgreement),
			Items: r.Items, Values: r.Values, DroppedItems: r.Dropped, Estimator: r.Estimator,
		}
	}
	if m := an.Stats().MergedNumbers(); len(m) > 0 {
		res.Notes = append(res.Notes, mergedNumbersNote(m))
	}
	res.Bias = biasJSON{report.Number(an.Bias(false)), report.Number(an.Bias(true))}
	if cats, err := an.PerCategory(); err == nil {
		for _, s := range cats {
			res.PerCategory = append(res.PerCategory, categoryJSON{s.Label, report.Number(s.Count), report.Number(s.Share), report.Number(s.Specific), report.Number(s.Alpha)})
		}
		co, _ := an.Coincidences()
		res.Coincidences = &matrixJSON{co.Labels, co.Cells}
	} else {
		res.Notes = append(res.Notes, "no per-category table or coincidence matrix: "+err.Error())
	}
	if c.Coders == 2 {
		if ct, err := an.Contingency(); err == nil {
			res.Contingency = &matrixJSON{ct.Labels, ct.Cells}
		}
	}
	if dropped := c.Items - c.CompleteItems; dropped > 0 {
		verb := "dropped"
		if opt.Incomplete == coding.RefuseIncomplete {
			verb = "refused"
		}
		if opt.Convention == coding.IrrCAC {
			res.Notes = append(res.Notes, fmt.Sprintf("%d of %s %s a value from some coder; convention irrcac (Gwet's irrCAC): every coefficient averages over the items with two or more values, Fleiss's κ and π take their marginals over the items rated at least once, the κ-style coefficients each coder's distribution over the items it rated; the standard errors are irrCAC's (--convention survey: Krippendorff's weighting)", dropped, plural.Count(c.Items, "item"), plural.Verb(dropped, "lacks", "lack")))
		} else {
			res.Notes = append(res.Notes, fmt.Sprintf("%d of %s %s a value from some coder: κ, multi-κ, κ_w and α_κ %s them; α, π, S and percent agreement use every item with two or more values (weighting: %s); each coefficient's estimator is in its note, and its standard error is that of the estimate printed (--convention irrcac: Gwet's irrCAC estimates and standard errors)", dropped, plural.Count(c.Items, "item"), plural.Verb(dropped, "lacks", "lack"), verb, opt.Missing))
		}
	}
	if res.Distance != "nominal" {
		res.Notes = append(res.Notes, "weighted coefficients (α, α_b, κ_w, α_κ, AC2, Brennan–Prediger) use the "+res.Distance+" distance; their values depend on it and cannot be read on the scales made for nominal data (Artstein & Poesio 2008, §4.1)")
	}
	return res, nil
}

// shortEstimator is the table's short form of a coefficient's estimator
// (coding.Result.Estimator).
func shortEstimator(e string) string {
	switch {
	case strings.HasPrefix(e, "irrCAC's"):
		return "irrCAC's estimator"
	case strings.HasPrefix(e, "mean over the items with two or more values; Gwet's"):
		return "item mean, Gwet's marginals"
	case strings.HasPrefix(e, "the complete items"):
		return "complete items"
	case strings.Contains(e, "each item weighted equally"):
		return "items weighted equally"
	case strings.Contains(e, "each judgment weighted equally"):
		return "judgments weighted equally"
	}
	return e
}

// mergedNumbersNote says which spellings of equal numbers were read as one
// value: "every value is a number, and equal numbers are one value: "1" =
// "1.0", "2" = "2.0" = "2.00"" (at most 5 groups named).
func mergedNumbersNote(groups [][]string) string {
	var parts []string
	for i, g := range groups {
		if i == 5 {
			parts = append(parts, fmt.Sprintf("and %d more", len(groups)-i))
			break
		}
		q := make([]string, len(g))
		for j, l := range g {
			q[j] = csvio.Quote(l)
		}
		parts = append(parts, strings.Join(q, " = "))
	}
	return "every value is a number, and equal numbers are one value (kept as the first spelling): " + strings.Join(parts, ", ")
}

func (res *codingResult) write(w io.Writer, format report.Format) error {
	if format == report.JSON {
		return report.WriteJSON(w, res)
	}
	return report.WriteTables(w, format, res.tables()...)
}

func (res *codingResult) tables() []report.Table {
	title := fmt.Sprintf("%s, %s, %s (%d pairable in %s), %s; distance %s; missing-data weighting: %s",
		plural.Count(res.Items, "item"), plural.Count(res.Coders, "coder"), plural.Count(res.Values, "value"), res.PairableValues, plural.Count(res.PairableItems, "item"), plural.Count(res.Categories, "category"), res.Distance, res.Missing)
	if res.File != "" {
		title = res.File + ": " + title
	}
	ciTitle := "CI"
	main := report.Table{Title: title, Header: []string{"coefficient", "key", "value", "SE", ciTitle, "A_o", "A_e", "D_o", "D_e", "items", "reading", "note"}}
	for _, k := range res.order {
		r := res.results[k.Key()]
		note := r.Reason
		if r.Defined() && r.Dropped > 0 {
			note = fmt.Sprintf("%d incomplete items dropped", r.Dropped)
		}
		if r.Defined() && res.CompleteItems < res.Items {
			note = strings.TrimPrefix(note+"; "+shortEstimator(r.Estimator), "; ")
		}
		if r.Defined() && k.Weighted() && res.Distance != "nominal" {
			note = strings.TrimPrefix(note+"; "+r.Distance, "; ")
		}
		cj := res.Coefficients[k.Key()]
		se, reading := "", ""
		if cj.SE != nil {
			se = report.Float(float64(*cj.SE), 4)
		}
		if in := cj.Interpretation; in != nil {
			reading = in.LandisKoch + "; " + in.Krippendorff
			if in.Warning != "" {
				reading = "(weighted: no scale)"
			}
		}
		main.Rows = append(main.Rows, []string{k.String(), k.Key(), report.Float(r.Value, 4), se, view.IntervalText(cj.CI),
			report.Float(r.ObservedAgreement, 4), report.Float(r.ExpectedAgreement, 4),
			report.Float(r.ObservedDisagreement, 4), report.Float(r.ExpectedDisagreement, 4),
			strconv.Itoa(r.Items), reading, note})
	}
	main.Notes = append(main.Notes, fmt.Sprintf("annotator bias B (A&P 2008 §3.1): %s nominal, %s weighted",
		report.Float(float64(res.Bias.Nominal), 4), report.Float(float64(res.Bias.Weighted), 4)))
	if l := res.LightKappa; l != nil && res.Coders > 2 {
		main.Notes = append(main.Notes, strings.TrimSpace("Light's κ (the mean of the pairs' Cohen's κ, light_kappa): "+report.Float(float64(l.Value), 4)+" "+l.UndefinedReason))
	}
	main.Notes = append(main.Notes, res.Notes...)
	// The intervals' methods differ by coefficient: name them in a note, in
	// coefficient order, so the output is deterministic.
	var methods []string
	for _, k := range res.order {
		if cj := res.Coefficients[k.Key()]; cj.CI != nil {
			main.Header[4] = fmt.Sprintf("%g%% CI", 100*cj.CI.Level)
			m := cj.CI.Method + " (" + k.String() + ")"
			if n := len(methods); n > 0 && strings.HasPrefix(methods[n-1], cj.CI.Method+" (") {
				methods[n-1] = strings.TrimSuffix(methods[n-1], ")") + ", " + k.String() + ")"
				continue
			}
			methods = append(methods, m)
		}
	}
	if len(methods) > 0 {
		main.Notes = append(main.Notes, "intervals: "+strings.Join(methods, "; "))
	}
	var clipped []string
	for _, k := range res.order {
		cj := res.Coefficients[k.Key()]
		for _, ci := range []*view.Interval{cj.CI, cj.AnalyticCI} {
			if ci != nil && ci.Clipped {
				clipped = append(clipped, k.String())
			}
		}
	}
	if len(clipped) > 0 {
		main.Notes = append(main.Notes, "analytic intervals cut at the coefficient's bounds (1; below, 0 for percent agreement and −1 for nominal chance-corrected coefficients): "+strings.Join(clipped, ", "))
	}
	out := append(append([]report.Table{main}, res.perLabelTable()...), res.documentTable()...)
	if res.DocumentRule != nil {
		out = append(out, res.DocumentRule.PairTable())
	}
	if len(res.PerCategory) > 0 {
		t := report.Table{Title: "per category (nominal)", Header: []string{"category", "count", "share", "specific agreement", "α (k vs rest)"}}
		for _, c := range res.PerCategory {
			t.Rows = append(t.Rows, []string{c.Category, report.Float(float64(c.Count), 2), report.Float(float64(c.Share), 4),
				report.Float(float64(c.Specific), 4), report.Float(float64(c.Alpha), 4)})
		}
		out = append(out, t)
	}
	if len(res.Pairwise) > 0 {
		t := report.Table{Title: "pairs of coders", Header: []string{"coder", "coder", "items", "Cohen's κ", "α (" + res.Distance + ")"}}
		for _, p := range res.Pairwise {
			t.Rows = append(t.Rows, []string{p.Coders[0], p.Coders[1], strconv.Itoa(p.Items), report.Float(float64(p.Kappa), 4), report.Float(float64(p.Alpha), 4)})
		}
		t.Notes = view.OmittedNote(len(res.Pairwise), res.PairwiseOmitted, "pairs", "those with the most shared items")
		out = append(out, t)
	}
	if m := res.Contingency; m != nil {
		t := report.Table{Title: fmt.Sprintf("contingency table (rows %s, columns %s)", res.CoderNames[0], res.CoderNames[1]), Header: append([]string{""}, m.Labels...)}
		for i, row := range m.Cells {
			r := []string{m.Labels[i]}
			for _, x := range row {
				r = append(r, report.Float(x, 0))
			}
			t.Rows = append(t.Rows, r)
		}
		out = append(out, t)
	}
	out = append(out, res.Reference.tables()...)
	if res.Compare != nil {
		out = append(out, res.Compare.table())
	}
	return append(out, res.inferenceTables()...)
}

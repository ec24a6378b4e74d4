package main

import (
	"context"
	"flag"
	"fmt"
	"strings"

	"agree/annotation"
	"agree/inference"
	"agree/internal/view/spansview"
	"agree/reference"
	"agree/report"
	"agree/spans"
)

const spansSynopsis = `spans [flags] FILE...

Agreement on spans (named entities, mentions, evidence): for every pair of
annotators and every label, the spans matched one to one, precision, recall
and F1 (the first annotator of a pair is the reference; F1 is symmetric), the
average pairwise F1, micro and macro averages, κ and α on the labels of the
spans matched by extent, and an annotator × annotator matrix. FILEs are any
input with spans (--input: span CSV document,annotator,start,end,label[,…],
brat, WebAnno, XMI, Label Studio, doccano, Prodigy, BIO, …); several FILEs
(or a directory) are one corpus.`

// spansFlags are the flags agree spans and agree relations share.
type spansFlags struct {
	in                 inputFlags
	match, labels      string
	documents          documentsFlag
	disagreements      string
	force              bool
	bootstrap, workers int
	seed               uint64
	level              float64
	maxRows            int
	by                 byFlags
	schema             string // agree spans --schema (spans_semeval.go)
	ref                referenceFlags
}

func (f *spansFlags) register(fs *flag.FlagSet) {
	f.in.register(fs, true)
	fs.StringVar(&f.match, "match", "exact", "when two spans match: exact, overlap (a shared character), iou:T (intersection over union ≥ T) or boundary-tolerance:N (starts and ends within N)")
	fs.StringVar(&f.labels, "labels", "strict", "strict (matched spans must have the same label) or ignore (match by extent; labels are compared on the matched pairs with κ and α)")
	f.documents.register(fs)
	fs.StringVar(&f.disagreements, "disagreements", "", "write every disagreement (document, offsets, text, what each annotator marked) to this CSV file, sorted by document and offset")
	fs.BoolVar(&f.force, "force", false, "overwrite existing output files (--disagreements)")
	fs.IntVar(&f.bootstrap, "bootstrap", 0, "document bootstrap resamples for intervals of every F1 (needs ≥ 2 documents); 0: none")
	fs.Uint64Var(&f.seed, "seed", 1, "seed of the bootstrap (results do not depend on --workers)")
	fs.IntVar(&f.workers, "workers", 0, "parallel workers (0: all cores; results do not depend on it)")
	fs.Float64Var(&f.level, "level", 0.95, "confidence level of the bootstrap intervals")
	bound(fs, "bootstrap", between(0, maxResamples))
	bound(fs, "workers", between(0, maxWorkers))
	bound(fs, "level", span(0, 1, "both"))
	maxRowsFlag(fs, &f.maxRows, "most rows of the pairs-of-annotators table (those sharing the most documents) and annotators of the matrix, in every format (the others are counted); 0: all")
	f.by.register(fs, "micro", "macro")
}

// options checks the flags together, before any input is read.
func (f *spansFlags) options(e env, fs *flag.FlagSet, files []string) (spans.Options, error) {
	var opt spans.Options
	name := strings.TrimPrefix(fs.Name(), "agree ")
	if err := f.in.check(name); err != nil {
		return opt, err
	}
	m, err := spans.ParseMatch(f.match)
	if err != nil {
		return opt, usagef("%s: --match: %v", name, err)
	}
	if err := oneOf(fs, "labels", f.labels, "strict", "ignore"); err != nil {
		return opt, err
	}
	if err := f.documents.check(fs); err != nil {
		return opt, err
	}
	if err := requires(fs, "seed", "bootstrap"); err != nil {
		return opt, err
	}
	if err := requires(fs, "level", "bootstrap"); err != nil {
		return opt, err
	}
	if err := f.by.check(fs); err != nil {
		return opt, err
	}
	if f.disagreements == "-" {
		return opt, usagef("%s: --disagreements needs a file name (standard output carries the results)", name)
	}
	if err := checkOutput(e, f.disagreements, "--disagreements", f.force, files); err != nil {
		return opt, err
	}
	opt.Match = m
	opt.Labels, _ = spans.ParseLabelMode(f.labels)
	opt.Layer = f.in.layer
	opt.Workers = f.workers
	opt.Matches = f.disagreements != ""
	return opt, nil
}

// spansCommand is what agree spans and agree relations share before they
// compare: the flags, checked together, and the corpus read.
type spansCommand struct {
	f     spansFlags
	files []string
	rf    report.Format
	rep   *reportOutput
	opt   spans.Options
	c     *annotation.Corpus
}

// startSpans parses and checks the flags of the command name, then reads
// the corpus, which must hold some of what (spans or relations: count
// tells how many).
func startSpans(e env, name, synopsis string, args []string, what string, count func(*annotation.Corpus) int) (*spansCommand, error) {
	sc := &spansCommand{}
	f := &sc.f
	fs := newFlagSet(e, name, synopsis)
	f.register(fs)
	f.ref.register(fs, ", FILE (the reference's annotations, one annotator, named after the file) or, for spans, majority (the spans most of the others marked): its precision, recall and F1 as the reference for each other annotator")
	if name == "spans" {
		fs.StringVar(&f.schema, "schema", "pairwise", "pairwise (precision, recall, F1 of matched spans) or semeval: also the SemEval-2013 Task 9.1 counts under the strict, exact, partial and type schemas, as nervaluate defines them")
	}
	format := formatFlag(fs, "table")
	sc.rep = reportFlag(fs)
	gateFlags(e, fs)
	var err error
	if sc.files, sc.rf, err = commandArgs(fs, args, format, 1, -1); err != nil {
		return nil, err
	}
	if err := e.checkGate(fs, sc.files); err != nil {
		return nil, err
	}
	if name == "spans" {
		if err := oneOf(fs, "schema", f.schema, "pairwise", "semeval"); err != nil {
			return nil, err
		}
	}
	f.ref.majorityOK, f.ref.fileOK = name == "spans", true
	if err := f.ref.check(fs, false); err != nil {
		return nil, err
	}
	if err := sc.rep.check(e, sc.files); err != nil {
		return nil, err
	}
	if sc.opt, err = f.options(e, fs, sc.files); err != nil {
		return nil, err
	}
	sc.opt.Matches = sc.opt.Matches || sc.rep.active() // the report shows the disagreements
	if sc.c, err = readCorpus(e, name, sc.files, f.in.options(e, name, false)); err != nil {
		return nil, err
	}
	if count(sc.c) == 0 {
		return nil, missingContent(name, what, sc.c)
	}
	if f.ref.file {
		if err := f.ref.addFile(e, name, sc.c, f.in.options(e, name, false)); err != nil {
			return nil, err
		}
	}
	sc.opt.Documents = f.documents.scope(sc.c)
	if f.bootstrap > 0 && len(sc.c.Documents) < 2 {
		return nil, usagef("%s: --bootstrap resamples documents, and there is %d", name, len(sc.c.Documents))
	}
	return sc, nil
}

func runSpans(e env, args []string) error {
	sc, err := startSpans(e, "spans", spansSynopsis, args, "spans", func(c *annotation.Corpus) int { return len(c.Spans) })
	if err != nil {
		return err
	}
	f, files, rf, rep, opt, c := &sc.f, sc.files, sc.rf, sc.rep, sc.opt, sc.c
	ctx := context.Background()
	e.status.phase("pairs of annotators compared on a document", spans.Comparisons(c))
	opt.Progress = e.status.add
	res, err := spans.Compare(ctx, c, opt)
	if err != nil {
		return fmt.Errorf("spans: %w", err)
	}
	out := spansview.New(res, f.maxRows)
	out.SetRule(f.documents.rule(c, f.maxRows))
	if f.by.active() {
		out.AddDocuments(&res.Summary, c.Documents, f.by.average)
	}
	if f.bootstrap > 0 {
		e.status.phase("bootstrap resamples", int64(f.bootstrap))
		iv, err := res.Bootstrap(ctx, inference.Options{Resamples: f.bootstrap, Seed: f.seed, Workers: f.workers, Level: f.level, Progress: e.status.set})
		if err != nil {
			return err
		}
		out.AddBootstrap(iv, f.bootstrap, f.seed)
	}
	switch {
	case f.ref.value == reference.MajorityName:
		if out.Reference, err = spansMajority(ctx, e, c, opt, f); err != nil {
			return err
		}
	case f.ref.active():
		if out.Reference, err = out.NewReference(f.ref.value); err != nil {
			return referenceError(err)
		}
	}
	if f.schema == "semeval" {
		if out.SemEval, err = spansview.NewSemEval(ctx, c, opt, f.maxRows); err != nil {
			return fmt.Errorf("spans: %w", err)
		}
	}
	if f.disagreements != "" {
		if err := writeSpanDisagreements(e, f.disagreements, f.force, res); err != nil {
			return err
		}
	}
	e.observe(out)
	if err := rep.write(e, func() (*report.Page, error) { return spansview.Page(out, c, files) }, files); err != nil || rep.only() {
		return err
	}
	if rf == report.JSON {
		return report.WriteJSON(e.stdout, out)
	}
	tables, err := out.Tables()
	if err != nil {
		return err
	}
	if out.SemEval != nil {
		tables = append(tables, out.SemEval.Tables()...)
	}
	tables = append(tables, out.Reference.Tables("spans")...)
	return report.WriteTables(e.stdout, rf, tables...)
}

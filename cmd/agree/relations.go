package main

import (
	"context"
	"fmt"
	"io"

	"agree/annotation"
	"agree/inference"
	"agree/internal/view/spansview"
	"agree/report"
	"agree/spans"
)

const relationsSynopsis = `relations [flags] FILE...

Agreement on relations (typed links from a source span to a target span):
for every pair of annotators and every type, the relations matched one to
one — two relations match when their sources match and their targets match
under the span matching (--match, --labels) — precision, recall and F1, and
κ and α on the type of the relations matched by their ends. FILEs are any
input with relations: the relation CSV
(document,annotator,source_start,source_end,source_label,target_start,
target_end,target_label,relation), brat (R lines), WebAnno relation layers,
Label Studio relations, the JSONL of 'agree convert'.`

func runRelations(e env, args []string) error {
	sc, err := startSpans(e, "relations", relationsSynopsis, args, "relations", func(c *annotation.Corpus) int { return len(c.Relations) })
	if err != nil {
		return err
	}
	f, files, rf, rep, opt, c := &sc.f, sc.files, sc.rf, sc.rep, sc.opt, sc.c
	ctx := context.Background()
	e.status.phase("pairs of annotators compared on a document", spans.Comparisons(c))
	opt.Progress = e.status.add
	rr, err := spans.CompareRelations(ctx, c, opt)
	if err != nil {
		return fmt.Errorf("relations: %w", err)
	}
	avg := ""
	if f.by.active() {
		avg = f.by.average
	}
	view := spansview.NewRelations(rr, c.Documents, avg, f.maxRows)
	view.SetRule(f.documents.rule(c, f.maxRows))
	if f.bootstrap > 0 {
		e.status.phase("bootstrap resamples", int64(f.bootstrap))
		iv, err := rr.Bootstrap(ctx, inference.Options{Resamples: f.bootstrap, Seed: f.seed, Workers: f.workers, Level: f.level, Progress: e.status.set})
		if err != nil {
			return err
		}
		view.AddBootstrap(iv, f.bootstrap, f.seed)
	}
	if f.disagreements != "" {
		if err := writeRelationDisagreements(e, f.disagreements, f.force, rr); err != nil {
			return err
		}
	}
	if err := rep.write(e, func() (*report.Page, error) { return spansview.Page(view, c, files) }, files); err != nil || rep.only() {
		return err
	}
	out := spansview.RelationsOutput(view)
	if f.ref.active() {
		if out.Reference, err = view.NewReference(f.ref.value); err != nil {
			return referenceError(err)
		}
	}
	e.observe(out)
	if rf != report.JSON {
		tables, err := view.Tables()
		if err != nil {
			return err
		}
		tables = append(tables, out.Reference.Tables("relations")...)
		return report.WriteTables(e.stdout, rf, tables...)
	}
	return report.WriteJSON(e.stdout, out)
}

// writeRelationDisagreements writes the disagreements on relations as CSV:
// document, the source and target stretches (offsets and text), kind, then
// one column per annotator with its relations there ("TYPE: PER [0,5) →
// ORG [10,15)", several joined by "; "; "(not annotated)" when the
// annotator was not compared on the document).
func writeRelationDisagreements(e env, path string, force bool, rr *spans.RelationResult) error {
	return writeOutput(e, path, force, func(out io.Writer) error { return spansview.WriteRelationDisagreements(out, rr) })
}

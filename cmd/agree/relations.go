package main

import (
	"context"
	"encoding/csv"
	"fmt"
	"io"
	"strings"

	"agree/annotation"
	"agree/inference"
	"agree/internal/plural"
	"agree/internal/version"
	"agree/internal/view"
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

// relCountsJSON is prfCountsJSON with the keys of relations.
type relCountsJSON struct {
	Matched            int           `json:"matched"`
	ReferenceRelations int           `json:"reference_relations"`
	ResponseRelations  int           `json:"response_relations"`
	Precision          report.Number `json:"precision"`
	Recall             report.Number `json:"recall"`
	F1                 report.Number `json:"f1"`
}

func relCounts(c prfCountsJSON) relCountsJSON {
	return relCountsJSON{c.Matched, c.ReferenceSpans, c.ResponseSpans, c.Precision, c.Recall, c.F1}
}

func relCountsMap(m map[string]prfCountsJSON) map[string]relCountsJSON {
	out := make(map[string]relCountsJSON, len(m))
	for k, v := range m {
		out[k] = relCounts(v)
	}
	return out
}

// relationPairJSON is spanPairJSON with the keys of relations.
type relationPairJSON struct {
	Annotators [2]string `json:"annotators"`
	Documents  int       `json:"documents"`
	relCountsJSON
	Macro         averageJSON              `json:"macro"`
	PerType       map[string]relCountsJSON `json:"per_type"`
	TypeAgreement labelAgreementJSON       `json:"type_agreement"`
	Bootstrap     *view.BootstrapResult    `json:"bootstrap,omitempty"`
}

type relMicroJSON struct {
	Averaging string `json:"averaging"`
	relCountsJSON
	Bootstrap *view.BootstrapResult `json:"bootstrap,omitempty"`
}

// relationsJSON is the output of agree relations; its keys are a contract
// (README).
type relationsJSON struct {
	version.Header
	Match            string                   `json:"match"`
	Labels           string                   `json:"labels"`
	Layer            string                   `json:"layer"`
	Scope            string                   `json:"scope"`
	DocumentRule     *view.DocumentRule       `json:"document_rule"`
	Documents        int                      `json:"documents"`
	Relations        int                      `json:"relations"`
	IgnoredRelations int                      `json:"ignored_relations"`
	SpanAverageF1    report.Number            `json:"span_average_f1"`
	Annotators       []string                 `json:"annotators"`
	Pairs            *report.Array            `json:"pairs"` // relationPairJSON, as agree spans's
	PairsOmitted     int                      `json:"pairs_omitted,omitempty"`
	UnsharedPairs    int                      `json:"unshared_pairs,omitempty"`
	AverageF1        report.Number            `json:"average_f1"`
	Micro            relMicroJSON             `json:"micro"`
	Macro            averageJSON              `json:"macro"`
	PerType          map[string]relCountsJSON `json:"per_type"`
	Matrix           spanMatrixJSON           `json:"matrix"`
	MatrixOmitted    int                      `json:"matrix_omitted,omitempty"`
	Bootstrap        *bootstrapInfoJSON       `json:"bootstrap,omitempty"`
	PerDocument      []relDocJSON             `json:"per_document,omitempty"`
	Corpus           *view.CorpusValue        `json:"corpus,omitempty"`
	Notes            []string                 `json:"notes,omitempty"`
	// Reference is --reference's table (reference.go).
	Reference *spansReferenceJSON `json:"reference,omitempty"`
}

// relDocJSON is spanDocJSON with the keys of relations.
type relDocJSON struct {
	Document string `json:"document"`
	Pairs    int    `json:"pairs"`
	relCountsJSON
	AverageF1       report.Number `json:"average_f1"`
	UndefinedReason string        `json:"undefined_reason,omitempty"`
}

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
	view := pairwiseOutput(&rr.Summary, "relations", "type", f.maxRows)
	view.Layer, view.Relations = rr.Spans.Layer, rr.Relations
	if f.by.active() {
		view.addDocuments(&rr.Summary, c.Documents, f.by.average)
	}
	view.Notes = append(view.Notes,
		"two relations match when their sources are matched spans and their targets are matched spans (relations are directed); the span matching follows --match and --labels",
		"the first annotator of a pair is the reference: precision = matched/response relations, recall = matched/reference relations; F1 is symmetric, 0 when nothing matches")
	if opt.Labels == spans.Strict {
		view.Notes = append(view.Notes, "--labels strict: matched relations must have the same type (and their ends the same labels); type_agreement compares the types of the relations matched by their ends alone")
	} else {
		view.Notes = append(view.Notes, "--labels ignore: relations are matched by their ends alone; per_type pairs relations of the same type only; type_agreement compares the types of the matched pairs")
	}
	if rr.Ignored > 0 {
		view.Notes = append(view.Notes, fmt.Sprintf("%s %s spans of other layers than %q and %s left out", plural.Count(rr.Ignored, "relation"), plural.Verb(rr.Ignored, "links", "link"), rr.Spans.Layer, plural.Verb(rr.Ignored, "was", "were")))
	}
	view.Notes = append(view.Notes, view.unsharedNote()...)
	view.setRule(f.documents.rule(c, f.maxRows))
	if f.bootstrap > 0 {
		e.status.phase("bootstrap resamples", int64(f.bootstrap))
		iv, err := rr.Bootstrap(ctx, inference.Options{Resamples: f.bootstrap, Seed: f.seed, Workers: f.workers, Level: f.level, Progress: e.status.set})
		if err != nil {
			return err
		}
		view.addBootstrap(iv, f.bootstrap, f.seed)
	}
	if f.disagreements != "" {
		if err := writeRelationDisagreements(e, f.disagreements, f.force, rr); err != nil {
			return err
		}
	}
	view.rel = rr
	if err := rep.write(e, func() (*report.Page, error) { return spansPage(view, c, files) }, files); err != nil || rep.only() {
		return err
	}
	out := relationsJSON{Header: version.NewHeader(), Match: view.Match, Labels: view.Labels, Layer: view.Layer, Scope: view.Scope, DocumentRule: view.DocumentRule, Documents: view.Documents,
		Relations: rr.Relations, IgnoredRelations: rr.Ignored, SpanAverageF1: report.Number(rr.Spans.AverageF1),
		Annotators: view.Annotators, PairsOmitted: view.PairsOmitted, UnsharedPairs: view.UnsharedPairs,
		AverageF1: view.AverageF1, Macro: view.Macro, PerType: relCountsMap(view.PerLabel),
		Matrix: view.Matrix, MatrixOmitted: view.MatrixOmitted, Bootstrap: view.Bootstrap, Corpus: view.Corpus, Notes: view.Notes}
	for _, d := range view.PerDocument {
		out.PerDocument = append(out.PerDocument, relDocJSON{d.Document, d.Pairs, relCounts(d.prfCountsJSON), d.AverageF1, d.UndefinedReason})
	}
	out.Micro = relMicroJSON{view.Micro.Averaging, relCounts(view.Micro.prfCountsJSON), view.Micro.Bootstrap}
	out.Pairs = &report.Array{Len: len(view.shown), Elem: func(k int) (any, error) {
		p, err := view.pair(k)
		return relationPairJSON{Annotators: p.Annotators, Documents: p.Documents, relCountsJSON: relCounts(p.prfCountsJSON),
			Macro: p.Macro, PerType: relCountsMap(p.PerLabel), TypeAgreement: p.LabelAgreement, Bootstrap: p.Bootstrap}, err
	}}
	if f.ref.active() {
		if out.Reference, err = spansReference(f.ref.value, &rr.Summary, view.iv); err != nil {
			return err
		}
	}
	e.observe(out)
	if rf != report.JSON {
		tables, err := view.tables()
		if err != nil {
			return err
		}
		tables = append(tables, out.Reference.tables("relations")...)
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
	return writeOutput(e, path, force, func(out io.Writer) error { return relationDisagreements(out, rr) })
}

func relationDisagreements(out io.Writer, rr *spans.RelationResult) error {
	c := rr.Corpus()
	dis := rr.Disagreements()
	w := csv.NewWriter(out)
	w.Write(append([]string{"document", "source_start", "source_end", "source_text", "target_start", "target_end", "target_text", "kind"}, c.Annotators...))
	var row []string
	for _, d := range dis {
		row = append(row[:0], c.Documents[d.Doc].Name, formatOffset(d.Source[0]), formatOffset(d.Source[1]), d.SourceText,
			formatOffset(d.Target[0]), formatOffset(d.Target[1]), d.TargetText, strings.Join(d.Kinds, "+"))
		for a, rs := range d.Relations {
			if !d.Compared[a] {
				row = append(row, "(not annotated)")
				continue
			}
			var cell []string
			for _, r := range rs {
				rel := &c.Relations[r]
				cell = append(cell, rel.Type+": "+spanText(&c.Spans[rel.Source])+" → "+spanText(&c.Spans[rel.Target]))
			}
			row = append(row, strings.Join(cell, "; "))
		}
		w.Write(row)
	}
	w.Flush()
	return w.Error()
}

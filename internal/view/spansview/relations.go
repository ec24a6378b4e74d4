package spansview

import (
	"encoding/csv"
	"fmt"
	"io"
	"strings"

	"agree/annotation"
	"agree/internal/plural"
	"agree/internal/version"
	"agree/internal/view"
	"agree/report"
	"agree/spans"
)

// RelationCounts is Counts with the keys of relations.
type RelationCounts struct {
	Matched            int           `json:"matched"`
	ReferenceRelations int           `json:"reference_relations"`
	ResponseRelations  int           `json:"response_relations"`
	Precision          report.Number `json:"precision"`
	Recall             report.Number `json:"recall"`
	F1                 report.Number `json:"f1"`
}

func relationCounts(c Counts) RelationCounts {
	return RelationCounts{c.Matched, c.ReferenceSpans, c.ResponseSpans, c.Precision, c.Recall, c.F1}
}

func relationCountsMap(m map[string]Counts) map[string]RelationCounts {
	out := make(map[string]RelationCounts, len(m))
	for k, v := range m {
		out[k] = relationCounts(v)
	}
	return out
}

// RelationPair is spanPairJSON with the keys of relations.
type RelationPair struct {
	Annotators [2]string `json:"annotators"`
	Documents  int       `json:"documents"`
	RelationCounts
	Macro         Average                   `json:"macro"`
	PerType       map[string]RelationCounts `json:"per_type"`
	TypeAgreement LabelAgreement            `json:"type_agreement"`
	Bootstrap     *view.BootstrapResult     `json:"bootstrap,omitempty"`
}

// RelationMicro is the micro average of relations.
type RelationMicro struct {
	Averaging string `json:"averaging"`
	RelationCounts
	Bootstrap *view.BootstrapResult `json:"bootstrap,omitempty"`
}

// RelationsResult is the output of agree relations; its keys are a contract
// (README).
type RelationsResult struct {
	version.Header
	Match            string                    `json:"match"`
	Labels           string                    `json:"labels"`
	Layer            string                    `json:"layer"`
	Scope            string                    `json:"scope"`
	DocumentRule     *view.DocumentRule        `json:"document_rule"`
	Documents        int                       `json:"documents"`
	Relations        int                       `json:"relations"`
	IgnoredRelations int                       `json:"ignored_relations"`
	SpanAverageF1    report.Number             `json:"span_average_f1"`
	Annotators       []string                  `json:"annotators"`
	Pairs            *report.Array             `json:"pairs"` // relationPairJSON, as agree spans's
	PairsOmitted     int                       `json:"pairs_omitted,omitempty"`
	UnsharedPairs    int                       `json:"unshared_pairs,omitempty"`
	AverageF1        report.Number             `json:"average_f1"`
	Micro            RelationMicro             `json:"micro"`
	Macro            Average                   `json:"macro"`
	PerType          map[string]RelationCounts `json:"per_type"`
	Matrix           Matrix                    `json:"matrix"`
	MatrixOmitted    int                       `json:"matrix_omitted,omitempty"`
	Bootstrap        *BootstrapInfo            `json:"bootstrap,omitempty"`
	PerDocument      []RelationDocument        `json:"per_document,omitempty"`
	Corpus           *view.CorpusValue         `json:"corpus,omitempty"`
	Notes            []string                  `json:"notes,omitempty"`
	// Reference is --reference's table (reference.go).
	Reference *Reference `json:"reference,omitempty"`
}

// RelationDocument is spanDocJSON with the keys of relations.
type RelationDocument struct {
	Document string `json:"document"`
	Pairs    int    `json:"pairs"`
	RelationCounts
	AverageF1       report.Number `json:"average_f1"`
	UndefinedReason string        `json:"undefined_reason,omitempty"`
}

// WriteRelationDisagreements writes the disagreements on relations as CSV:
// document, the source and target stretches (offsets and text), kind, then
// one column per annotator with its relations there.
func WriteRelationDisagreements(out io.Writer, rr *spans.RelationResult) error {
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

// NewRelations is the view of a comparison of relations: at most maxRows
// pairs (0: all), and with average ("micro" or "macro"; "" for none) the
// breakdown by document.
func NewRelations(rr *spans.RelationResult, docs []annotation.Document, average string, maxRows int) *Result {
	view := pairwiseOutput(&rr.Summary, "relations", "type", maxRows)
	view.Layer, view.Relations = rr.Spans.Layer, rr.Relations
	if average != "" {
		view.AddDocuments(&rr.Summary, docs, average)
	}
	view.Notes = append(view.Notes,
		"two relations match when their sources are matched spans and their targets are matched spans (relations are directed); the span matching follows --match and --labels",
		"the first annotator of a pair is the reference: precision = matched/response relations, recall = matched/reference relations; F1 is symmetric, 0 when nothing matches")
	if rr.Options.Labels == spans.Strict {
		view.Notes = append(view.Notes, "--labels strict: matched relations must have the same type (and their ends the same labels); type_agreement compares the types of the relations matched by their ends alone")
	} else {
		view.Notes = append(view.Notes, "--labels ignore: relations are matched by their ends alone; per_type pairs relations of the same type only; type_agreement compares the types of the matched pairs")
	}
	if rr.Ignored > 0 {
		view.Notes = append(view.Notes, fmt.Sprintf("%s %s spans of other layers than %q and %s left out", plural.Count(rr.Ignored, "relation"), plural.Verb(rr.Ignored, "links", "link"), rr.Spans.Layer, plural.Verb(rr.Ignored, "was", "were")))
	}
	view.Notes = append(view.Notes, view.unsharedNote()...)
	view.rel = rr
	return view
}

// RelationsOutput is the JSON form of agree relations (its keys name types
// where agree spans has labels).
func RelationsOutput(view *Result) *RelationsResult {
	rr := view.rel
	out := &RelationsResult{Header: version.NewHeader(), Match: view.Match, Labels: view.Labels, Layer: view.Layer, Scope: view.Scope, DocumentRule: view.DocumentRule, Documents: view.Documents,
		Relations: rr.Relations, IgnoredRelations: rr.Ignored, SpanAverageF1: report.Number(rr.Spans.AverageF1),
		Annotators: view.Annotators, PairsOmitted: view.PairsOmitted, UnsharedPairs: view.UnsharedPairs,
		AverageF1: view.AverageF1, Macro: view.Macro, PerType: relationCountsMap(view.PerLabel),
		Matrix: view.Matrix, MatrixOmitted: view.MatrixOmitted, Bootstrap: view.Bootstrap, Corpus: view.Corpus, Notes: view.Notes}
	for _, d := range view.PerDocument {
		out.PerDocument = append(out.PerDocument, RelationDocument{d.Document, d.Pairs, relationCounts(d.Counts), d.AverageF1, d.UndefinedReason})
	}
	out.Micro = RelationMicro{view.Micro.Averaging, relationCounts(view.Micro.Counts), view.Micro.Bootstrap}
	out.Pairs = &report.Array{Len: len(view.shown), Elem: func(k int) (any, error) {
		p, err := view.pair(k)
		return RelationPair{Annotators: p.Annotators, Documents: p.Documents, RelationCounts: relationCounts(p.Counts),
			Macro: p.Macro, PerType: relationCountsMap(p.PerLabel), TypeAgreement: p.LabelAgreement, Bootstrap: p.Bootstrap}, err
	}}
	return out
}

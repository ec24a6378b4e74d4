package spansview

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"agree/annotation"
	"agree/coding"
	"agree/internal/plural"
	"agree/internal/version"
	"agree/internal/view"
	"agree/report"
	"agree/spans"
)

// Counts is precision, recall and F1 with the counts they come from.
type Counts struct {
	Matched        int           `json:"matched"`
	ReferenceSpans int           `json:"reference_spans"`
	ResponseSpans  int           `json:"response_spans"`
	Precision      report.Number `json:"precision"`
	Recall         report.Number `json:"recall"`
	F1             report.Number `json:"f1"`
}

func newCounts(c spans.Counts) Counts {
	return Counts{c.Matched, c.Reference, c.Response, report.Number(c.Precision()), report.Number(c.Recall()), report.Number(c.F1())}
}

// Average is a macro average.
type Average struct {
	Averaging string        `json:"averaging"`
	Labels    int           `json:"labels,omitempty"`
	Precision report.Number `json:"precision"`
	Recall    report.Number `json:"recall"`
	F1        report.Number `json:"f1"`
	// Bootstrap holds, with --bootstrap, the F1's document-bootstrap
	// summaries {"se","ci","p_below","undefined_resamples"}.
	Bootstrap *view.BootstrapResult `json:"bootstrap,omitempty"`
}

// Micro is the micro average, with its bootstrap interval.
type Micro struct {
	Averaging string `json:"averaging"`
	Counts
	Bootstrap *view.BootstrapResult `json:"bootstrap,omitempty"`
}

// LabelAgreement is κ and α on the labels of the matched pairs.
type LabelAgreement struct {
	Pairs           int               `json:"pairs"`
	Agreeing        int               `json:"agreeing"`
	Kappa           report.Number     `json:"kappa"`
	Alpha           report.Number     `json:"alpha"`
	UndefinedReason map[string]string `json:"undefined_reason,omitempty"`
}

// Pair is the comparison of two annotators.
type Pair struct {
	Annotators [2]string `json:"annotators"`
	Documents  int       `json:"documents"`
	Counts
	Macro          Average           `json:"macro"`
	PerLabel       map[string]Counts `json:"per_label"`
	LabelAgreement LabelAgreement    `json:"label_agreement"`
	// Bootstrap holds, with --bootstrap, the F1's document-bootstrap summaries.
	Bootstrap *view.BootstrapResult `json:"bootstrap,omitempty"`
}

// Matrix is the annotator × annotator F1 (null for a pair never
// compared).
type Matrix struct {
	Annotators []string          `json:"annotators"`
	F1         [][]report.Number `json:"f1"`
}

// BootstrapInfo describes the document bootstrap.
type BootstrapInfo struct {
	Resamples int                   `json:"resamples"`
	Seed      uint64                `json:"seed"`
	Method    string                `json:"method"`
	AverageF1 *view.BootstrapResult `json:"average_f1"`
}

// Result is the output of agree spans; its keys are a contract (README).
type Result struct {
	version.Header
	Match  string `json:"match"`
	Labels string `json:"labels"`
	Layer  string `json:"layer"`
	Scope  string `json:"scope"`
	// DocumentRule says which documents each annotator is compared on,
	// why, and how many each pair shares.
	DocumentRule *view.DocumentRule `json:"document_rule"`
	Documents    int                `json:"documents"`
	Spans        int                `json:"spans"`
	Relations    int                `json:"-"`
	Annotators   []string           `json:"annotators"`
	// Pairs are the pairs of annotators who share a document, at most
	// --max-rows of them (those sharing the most), written one by one
	// (spanPairJSON); PairsOmitted counts the others, UnsharedPairs the
	// pairs who share no document (never listed).
	Pairs         *report.Array     `json:"pairs"`
	PairsOmitted  int               `json:"pairs_omitted,omitempty"`
	UnsharedPairs int               `json:"unshared_pairs,omitempty"`
	AverageF1     report.Number     `json:"average_f1"`
	Micro         Micro             `json:"micro"`
	Macro         Average           `json:"macro"`
	PerLabel      map[string]Counts `json:"per_label"`
	Matrix        Matrix            `json:"matrix"`
	// MatrixOmitted counts the annotators left out of Matrix by --max-rows
	// (those who share documents with the fewest others).
	MatrixOmitted int            `json:"matrix_omitted,omitempty"`
	Bootstrap     *BootstrapInfo `json:"bootstrap,omitempty"`
	// With --by document: each document's value and the corpus value.
	PerDocument []Document        `json:"per_document,omitempty"`
	Corpus      *view.CorpusValue `json:"corpus,omitempty"`
	// SemEval is --schema semeval's (spans_semeval.go).
	SemEval *SemEval `json:"semeval,omitempty"`
	// Reference is --reference's table (reference.go).
	Reference *Reference `json:"reference,omitempty"`
	Notes     []string   `json:"notes,omitempty"`

	sum *spans.Summary
	res *spans.Result // agree spans only (the report draws its documents)
	// shown are the indexes in sum.Pairs of the pairs listed, in order;
	// iv the bootstrap intervals, when one ran
	shown []int
	iv    *spans.Intervals
	// rel is agree relations' result (the report lists its disagreements)
	rel *spans.RelationResult
	// unit and label name what is compared in tables ("spans", "label";
	// "relations", "type").
	unit, label string
}

func perLabel(ls []spans.LabelCounts) map[string]Counts {
	out := make(map[string]Counts, len(ls))
	for _, l := range ls {
		out[l.Label] = newCounts(l.Counts)
	}
	return out
}

const (
	microAveraging = "pooled: matched and marked %s summed over every pair (and %s) before dividing"
	macroAveraging = "mean over %[1]ss (equal weight) of each %[1]s's precision, recall and F1, counts pooled over pairs; macro F1 is the mean of the F1s"
	pairMacro      = "mean over the pair's %[1]ss (equal weight) of each %[1]s's precision, recall and F1"
)

// New is the view of a comparison of spans, listing at most maxRows
// pairs (0: all), those sharing the most documents.
func New(res *spans.Result, maxRows int) *Result {
	out := pairwiseOutput(&res.Summary, "spans", "label", maxRows)
	out.Layer, out.Spans, out.res = res.Layer, res.Spans, res
	out.Notes = append(out.Notes, "the first annotator of a pair is the reference: precision = matched/response spans, recall = matched/reference spans; F1 = 2·matched/(reference + response spans) is symmetric (and equals the positive specific agreement, Hripcsak & Rothschild 2005); F1 is 0 when nothing matches")
	if res.Options.Labels == spans.Strict {
		out.Notes = append(out.Notes, "--labels strict: a span found with another label counts as a miss and a false alarm; label_agreement compares the labels of the spans matched by extent alone")
	} else {
		out.Notes = append(out.Notes, "--labels ignore: spans are matched by extent alone; per_label counts pair spans of the same label only; label_agreement compares the labels of the matched pairs")
	}
	if res.Repeated > 0 {
		out.Notes = append(out.Notes, fmt.Sprintf("%s %s another span of the same annotator in the same document (same extent and label): each copy counts and can be matched once (a copy left unmatched lowers precision or recall)", plural.Count(res.Repeated, "span"), plural.Verb(res.Repeated, "repeats", "repeat")))
	}
	out.Notes = append(out.Notes, out.unsharedNote()...)
	return out
}

// SetRule adds the document rule applied (document_rule) and its notes.
func (out *Result) SetRule(r *view.DocumentRule) {
	out.DocumentRule = r
	out.Notes = append(out.Notes, r.Notes()...)
}

// unsharedNote says how the pairs who share no document count.
func (out *Result) unsharedNote() []string {
	n := out.UnsharedPairs
	if n == 0 {
		return nil
	}
	what := fmt.Sprintf("%s %s no document and %s not listed", plural.Count(n, "pair of annotators"), plural.Verb(n, "shares", "share"), plural.Verb(n, "is", "are"))
	if out.sum.Options.Documents == spans.AllDocuments {
		return []string{what + fmt.Sprintf(" (unshared_pairs): under --documents all each is compared on every document, where nothing can match (F1 0), and counts in average_f1, micro, per_label and macro with all the %s of both", out.unit)}
	}
	return []string{what + " (unshared_pairs): under --documents annotated " + plural.Verb(n, "it is", "they are") + " compared on nothing and count nowhere (average_f1 is the mean over the pairs who share a document; the matrix has null for them)"}
}

// pairwiseOutput is the JSON form of a pairwise comparison, spans or
// relations; unit and label name them in tables. It lists at most maxRows
// pairs (0: all), those sharing the most documents, and as many
// annotators in the matrix.
func pairwiseOutput(res *spans.Summary, unit, label string, maxRows int) *Result {
	out := &Result{Header: version.NewHeader(), Match: res.Options.Match.String(), Labels: res.Options.Labels.String(),
		Scope: res.Options.Documents.String(), Documents: res.Documents,
		Annotators: res.Annotators, AverageF1: report.Number(res.AverageF1), sum: res, unit: unit, label: label}
	out.shown, out.PairsOmitted = view.TopRows(len(res.Pairs), maxRows, func(k int) int { return res.Pairs[k].Shared })
	out.UnsharedPairs = res.Unshared
	out.Pairs = &report.Array{Len: len(out.shown), Elem: func(k int) (any, error) { return out.pair(k) }}
	out.Micro = Micro{Averaging: fmt.Sprintf(microAveraging, unit, label), Counts: newCounts(res.Micro)}
	out.Macro = Average{Averaging: fmt.Sprintf(macroAveraging, label), Labels: len(res.PerLabel), Precision: report.Number(res.Macro.Precision), Recall: report.Number(res.Macro.Recall), F1: report.Number(res.Macro.F1)}
	out.PerLabel = perLabel(res.PerLabel)
	// the matrix: the annotators in the most pairs, in annotator order
	partners := make([]int, len(res.Annotators))
	for _, p := range res.Pairs {
		partners[p.Annotators[0]]++
		partners[p.Annotators[1]]++
	}
	var anns []int
	anns, out.MatrixOmitted = view.TopRows(len(res.Annotators), maxRows, func(a int) int { return partners[a] })
	slices.Sort(anns)
	out.Matrix.Annotators = make([]string, len(anns))
	for x, i := range anns {
		out.Matrix.Annotators[x] = res.Annotators[i]
		r := make([]report.Number, len(anns))
		for y, j := range anns {
			r[y] = report.Number(res.F1Between(i, j))
		}
		out.Matrix.F1 = append(out.Matrix.F1, r)
	}
	return out
}

// pair is the JSON of the k-th pair listed: its counts, labels, label
// agreement (computed now) and bootstrap.
func (out *Result) pair(k int) (Pair, error) {
	res := out.sum
	i := out.shown[k]
	p := res.Pairs[i]
	la, err := res.LabelAgreement(i)
	if err != nil {
		return Pair{}, err
	}
	lj := LabelAgreement{Pairs: la.Pairs, Agreeing: la.Agreeing, Kappa: report.Number(la.Kappa.Value), Alpha: report.Number(la.Alpha.Value)}
	for _, r := range []struct {
		key    string
		res    coding.Result
		reason string
	}{{"kappa", la.Kappa, la.Kappa.Reason}, {"alpha", la.Alpha, la.Alpha.Reason}} {
		if !r.res.Defined() {
			if lj.UndefinedReason == nil {
				lj.UndefinedReason = map[string]string{}
			}
			lj.UndefinedReason[r.key] = r.reason
		}
	}
	pj := Pair{
		Annotators:     [2]string{res.Annotators[p.Annotators[0]], res.Annotators[p.Annotators[1]]},
		Documents:      p.Documents,
		Counts:         newCounts(p.Counts),
		Macro:          Average{Averaging: fmt.Sprintf(pairMacro, out.label), Labels: len(p.PerLabel), Precision: report.Number(p.Macro.Precision), Recall: report.Number(p.Macro.Recall), F1: report.Number(p.Macro.F1)},
		PerLabel:       perLabel(p.PerLabel),
		LabelAgreement: lj,
	}
	if out.iv != nil {
		pj.Bootstrap = view.NewBootstrapResult(out.iv.Pairs[i])
	}
	return pj, nil
}

// AddBootstrap adds the intervals of a bootstrap of n resamples with seed.
func (out *Result) AddBootstrap(iv *spans.Intervals, n int, seed uint64) {
	out.iv = iv
	out.Micro.Bootstrap = view.NewBootstrapResult(iv.MicroF1)
	out.Macro.Bootstrap = view.NewBootstrapResult(iv.MacroF1)
	out.Bootstrap = &BootstrapInfo{Resamples: n, Seed: seed, Method: "document bootstrap, percentile", AverageF1: view.NewBootstrapResult(iv.AverageF1)}
}

// ciText is " " and the interval, or "" without a bootstrap.
func ciText(r *view.BootstrapResult) string {
	if r == nil {
		return ""
	}
	return " " + view.IntervalText(r.CI)
}

// Tables are the text, CSV and Markdown forms of out.
func (out *Result) Tables() ([]report.Table, error) {
	n := out.Spans
	if out.unit != "spans" {
		n = out.Relations
	}
	title := fmt.Sprintf("%s in %s, %s; match %s, labels %s, documents %s", plural.Count(n, strings.TrimSuffix(out.unit, "s")), plural.Count(out.Documents, "document"), plural.Count(len(out.Annotators), "annotator"), out.Match, out.Labels, out.Scope)
	if out.Layer != "" {
		title += "; layer " + out.Layer
	}
	main := report.Table{Title: title, Header: []string{"reference", "response", "documents", "matched", "reference " + out.unit, "response " + out.unit, "precision", "recall", "F1", "macro F1", out.label + " κ", out.label + " α"}}
	if out.Bootstrap != nil {
		main.Header = append(main.Header, "F1 CI")
	}
	for k := range out.shown {
		p, err := out.pair(k)
		if err != nil {
			return nil, err
		}
		row := []string{p.Annotators[0], p.Annotators[1], strconv.Itoa(p.Documents), strconv.Itoa(p.Matched), strconv.Itoa(p.ReferenceSpans), strconv.Itoa(p.ResponseSpans),
			report.Float(float64(p.Precision), 4), report.Float(float64(p.Recall), 4), report.Float(float64(p.F1), 4), report.Float(float64(p.Macro.F1), 4),
			report.Float(float64(p.LabelAgreement.Kappa), 4), report.Float(float64(p.LabelAgreement.Alpha), 4)}
		if out.Bootstrap != nil {
			row = append(row, strings.TrimSpace(ciText(p.Bootstrap)))
		}
		main.Rows = append(main.Rows, row)
	}
	main.Notes = append(main.Notes, view.OmittedNote(len(out.shown), out.PairsOmitted, "pairs", "those sharing the most documents")...)
	avg := "average pairwise F1 " + report.Float(float64(out.AverageF1), 4)
	if out.Bootstrap != nil {
		avg += ciText(out.Bootstrap.AverageF1)
	}
	main.Notes = append(main.Notes, avg,
		fmt.Sprintf("micro (%s): precision %s, recall %s, F1 %s%s", out.Micro.Averaging, report.Float(float64(out.Micro.Precision), 4), report.Float(float64(out.Micro.Recall), 4), report.Float(float64(out.Micro.F1), 4), ciText(out.Micro.Bootstrap)),
		fmt.Sprintf("macro (%s): precision %s, recall %s, F1 %s%s", out.Macro.Averaging, report.Float(float64(out.Macro.Precision), 4), report.Float(float64(out.Macro.Recall), 4), report.Float(float64(out.Macro.F1), 4), ciText(out.Macro.Bootstrap)))
	if out.Bootstrap != nil {
		main.Notes = append(main.Notes, fmt.Sprintf("intervals: %s, %d resamples, seed %d", out.Bootstrap.Method, out.Bootstrap.Resamples, out.Bootstrap.Seed))
	}
	main.Notes = append(main.Notes, out.Notes...)
	per := report.Table{Title: fmt.Sprintf("per %s (pooled over pairs; %s of the same %s only)", out.label, out.unit, out.label),
		Header: []string{out.label, "matched", "reference " + out.unit, "response " + out.unit, "precision", "recall", "F1"}}
	for _, l := range out.sum.PerLabel {
		c := l.Counts
		per.Rows = append(per.Rows, []string{l.Label, strconv.Itoa(c.Matched), strconv.Itoa(c.Reference), strconv.Itoa(c.Response),
			report.Float(c.Precision(), 4), report.Float(c.Recall(), 4), report.Float(c.F1(), 4)})
	}
	tables := append([]report.Table{main, per}, out.documentTable()...)
	if len(out.Annotators) > 2 {
		m := report.Table{Title: "pairwise F1", Header: append([]string{""}, out.Matrix.Annotators...)}
		for i, row := range out.Matrix.F1 {
			r := []string{out.Matrix.Annotators[i]}
			for _, x := range row {
				r = append(r, report.Float(float64(x), 4))
			}
			m.Rows = append(m.Rows, r)
		}
		if out.MatrixOmitted > 0 {
			m.Notes = append(m.Notes, fmt.Sprintf("showing %d of %d annotators (those sharing documents with the most others; --max-rows); the JSON output counts the others", len(out.Matrix.Annotators), len(out.Annotators)))
		}
		tables = append(tables, m)
	}
	return tables, nil
}

// Document is one document of --by document: its counts pooled over the
// pairs compared on it, their F1 (the document's value; null with the
// reason when the document has no span) and the mean of the pairs' F1.
type Document struct {
	Document string `json:"document"`
	Pairs    int    `json:"pairs"`
	Counts
	AverageF1       report.Number `json:"average_f1"`
	UndefinedReason string        `json:"undefined_reason,omitempty"`
}

// AddDocuments adds the per-document table and the corpus F1 under the
// averaging convention avg (micro or macro).
func (out *Result) AddDocuments(s *spans.Summary, docs []annotation.Document, avg string) {
	for _, d := range s.PerDocument() {
		j := Document{Document: docs[d.Doc].Name, Pairs: d.Pairs, Counts: newCounts(d.Counts),
			AverageF1: report.Number(d.AverageF1), UndefinedReason: d.Reason}
		if d.Reason != "" {
			j.Precision, j.Recall, j.F1 = report.Number(math.NaN()), report.Number(math.NaN()), report.Number(math.NaN())
		}
		out.PerDocument = append(out.PerDocument, j)
	}
	a := spans.Micro
	desc := fmt.Sprintf("micro: matched and marked %s pooled over every document and pair before dividing (each %s weighs the same)", out.unit, strings.TrimSuffix(out.unit, "s"))
	if avg == "macro" {
		a = spans.Macro
		desc = "macro: the mean of the documents' F1 (each document weighs the same; documents without " + out.unit + " are left out)"
	}
	v, n, und := s.CorpusF1(a)
	out.Corpus = &view.CorpusValue{Average: a.String(), Description: desc, Value: report.Number(v), Documents: n, UndefinedDocuments: und}
}

// documentTable is the table of --by document.
func (out *Result) documentTable() []report.Table {
	if out.Corpus == nil {
		return nil
	}
	t := report.Table{Title: "per document (counts pooled over the pairs of annotators)",
		Header: []string{"document", "pairs", "matched", "reference " + out.unit, "response " + out.unit, "precision", "recall", "F1", "average pairwise F1", "note"}}
	for _, d := range out.PerDocument {
		t.Rows = append(t.Rows, []string{d.Document, strconv.Itoa(d.Pairs), strconv.Itoa(d.Matched), strconv.Itoa(d.ReferenceSpans), strconv.Itoa(d.ResponseSpans),
			report.Float(float64(d.Precision), 4), report.Float(float64(d.Recall), 4), report.Float(float64(d.F1), 4), report.Float(float64(d.AverageF1), 4), d.UndefinedReason})
	}
	t.Notes = append(t.Notes, fmt.Sprintf("corpus F1 %s (%s; %s, %d undefined)", report.Float(float64(out.Corpus.Value), 4), out.Corpus.Description, plural.Count(out.Corpus.Documents, "document"), out.Corpus.UndefinedDocuments))
	return []report.Table{t}
}

package spans

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"

	"agree/annotation"
	"agree/coding"
)

// LabelMode says whether labels take part in matching.
type LabelMode int

const (
	// Strict pairs only spans with the same label: a span found with the
	// wrong label counts as one miss and one false alarm (CoNLL's
	// convention).
	Strict LabelMode = iota
	// Ignore pairs spans by their extent alone; agreement on the labels of
	// the paired spans is then measured apart (LabelAgreement).
	Ignore
)

// String returns "strict" or "ignore".
func (l LabelMode) String() string {
	if l == Ignore {
		return "ignore"
	}
	return "strict"
}

// ParseLabelMode reads "strict" or "ignore".
func ParseLabelMode(s string) (LabelMode, error) {
	switch s {
	case "strict":
		return Strict, nil
	case "ignore":
		return Ignore, nil
	}
	return 0, fmt.Errorf("unknown label mode %q (want strict or ignore)", s)
}

// Scope says on which documents two annotators are compared.
type Scope int

const (
	// AllDocuments compares every pair of annotators on every document: an
	// annotator with no span in a document marked nothing there (the only
	// reading of a span CSV, which has no row for an empty annotation).
	AllDocuments Scope = iota
	// AnnotatedDocuments compares a pair only on the documents both
	// annotated (annotation.Corpus.Annotated: the reader saw their
	// annotation of it, or they marked something in it).
	AnnotatedDocuments
)

// String returns "all" or "annotated".
func (s Scope) String() string {
	if s == AnnotatedDocuments {
		return "annotated"
	}
	return "all"
}

// ParseScope reads "all" or "annotated".
func ParseScope(s string) (Scope, error) {
	switch s {
	case "all":
		return AllDocuments, nil
	case "annotated":
		return AnnotatedDocuments, nil
	}
	return 0, fmt.Errorf("unknown document scope %q (want all or annotated)", s)
}

// Options parameterise a comparison.
type Options struct {
	Match  Match
	Labels LabelMode
	// Layer chooses the spans' layer (annotation.Corpus.SpanLayer): ""
	// when the spans have a single one.
	Layer     string
	Documents Scope
	// Workers is the number of goroutines; 0 means GOMAXPROCS. Results do
	// not depend on it.
	Workers int
	// Progress, when not nil, is called (from several goroutines) with the
	// number of documents just compared.
	Progress func(docs int)
	// Matches keeps the matched pairs of spans: Disagreements needs them.
	Matches bool
}

// Counts are the counts of one comparison: Matched pairs of spans (one to
// one), Reference spans (of the first annotator, the reference) and
// Response spans (of the second).
type Counts struct {
	Matched, Reference, Response int
}

// Add adds o to c.
func (c *Counts) Add(o Counts) {
	c.Matched += o.Matched
	c.Reference += o.Reference
	c.Response += o.Response
}

// Precision is Matched/Response: the share of the response's spans that
// the reference has too; 0 when the response has no span.
func (c Counts) Precision() float64 { return ratio(c.Matched, c.Response) }

// Recall is Matched/Reference; 0 when the reference has no span.
func (c Counts) Recall() float64 { return ratio(c.Matched, c.Reference) }

// F1 is the harmonic mean of precision and recall,
// 2·Matched/(Reference + Response); 0 when nothing matches (also when
// neither annotator marked a span). It is symmetric: swapping the
// annotators swaps precision and recall and leaves F1 unchanged. With
// a = Matched, b and c the spans only one annotator marked, it is
// 2a/(2a + b + c), the positive specific agreement of Hripcsak &
// Rothschild (2005), who show that F1 between two annotators equals it
// (and approaches κ as the unknown number of negatives grows).
func (c Counts) F1() float64 { return ratio(2*c.Matched, c.Reference+c.Response) }

func ratio(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return float64(a) / float64(b)
}

// LabelCounts are the counts of one label: the spans of that label of
// each annotator, paired when they match (as under Strict) — in either
// label mode.
type LabelCounts struct {
	Label string
	Counts
}

// LabelAgreement is agreement on the labels of the spans paired by their
// extent alone (the matching of Ignore): two coders, one item per matched
// pair, its value the label each gave, through the coding engine.
type LabelAgreement struct {
	// Pairs is the number of matched pairs; Agreeing those with the same
	// label.
	Pairs, Agreeing int
	// Kappa is Cohen's κ and Alpha Krippendorff's α (nominal) on them; a
	// coefficient is undefined (NaN, with its Reason) when, for instance,
	// nothing was matched or a single label was used.
	Kappa, Alpha coding.Result
}

// PRF is an averaged precision, recall and F1.
type PRF struct {
	Precision, Recall, F1 float64
}

// Pair is the comparison of two annotators: Annotators[0] is the first (the
// reference for precision and recall), Annotators[1] the second (the
// response), indexes into Result.Annotators.
type Pair struct {
	Annotators [2]int
	// Documents is the number of documents compared (see Scope).
	Documents int
	// Counts are under the options' label mode.
	Counts
	// PerLabel are the counts of each label either annotator used, in
	// label order (Result.Labels).
	PerLabel []LabelCounts
	// Macro averages PerLabel with equal weight per label: the mean
	// precision, the mean recall and the mean F1 (not the F1 of the means).
	Macro PRF
	// LabelAgreement is agreement on the labels of spans matched by extent.
	LabelAgreement LabelAgreement
}

// Summary is what a comparison of annotators pair by pair gives, for spans
// (Result) and relations (RelationResult) alike.
type Summary struct {
	Options Options
	// Annotators are the corpus's annotators; Labels the distinct labels
	// (relation types) compared, sorted.
	Annotators []string
	Labels     []string
	// Pairs are the pairs (i, j), i < j, in annotator order.
	Pairs []Pair
	// AverageF1 is the mean of the pairs' F1 (each pair equal).
	AverageF1 float64
	// Micro pools the counts of every pair (and label) before dividing.
	Micro Counts
	// PerLabel pools each label's counts over the pairs; Macro averages
	// them with equal weight per label (mean precision, recall and F1).
	PerLabel []LabelCounts
	Macro    PRF
	// Matrix[i][j] is the F1 of annotators i and j (symmetric; 1 on the
	// diagonal).
	Matrix [][]float64
	// Documents is the number of documents.
	Documents int

	// per document (in corpus order): the counts of each pair, and the
	// label counts (pair, label, counts)
	docs []docResult
}

// Result is the comparison of every pair of annotators on spans.
type Result struct {
	Summary
	// Layer is the layer compared; Spans the number of its spans.
	Layer string
	Spans int
	// Repeated counts the spans identical to another span of the same
	// annotator in the same document (same parts and label), as tools let
	// a span be marked twice: each copy counts, and can be matched once.
	Repeated int

	corpus *annotation.Corpus
	prep   *prepared
	// matches[p] are the pairs of corpus span indexes matched for pair p
	// under the label mode, in document order.
	matches [][][2]int32
}

// docResult is what one document contributes.
type docResult struct {
	pairs  []docPair     // by pair
	labels []labelRecord // per pair and label (pair-major, label order)
}

// docPair holds one pair's counts in one document: spans of each
// annotator, pairs matched with labels (Strict) and by extent (Ignore).
type docPair struct {
	compared                    bool
	ref, resp, strict, byExtent int32
}

func (d docPair) counts(mode LabelMode) Counts {
	c := Counts{Matched: int(d.strict), Reference: int(d.ref), Response: int(d.resp)}
	if mode == Ignore {
		c.Matched = int(d.byExtent)
	}
	return c
}

type labelRecord struct {
	pair, label                  int32
	matched, reference, response int32
}

func (l labelRecord) counts() Counts {
	return Counts{int(l.matched), int(l.reference), int(l.response)}
}

// Compare compares every pair of annotators of the corpus's spans of one
// layer, document by document: the spans of the two annotators in a
// document are matched one to one (at most one partner each) under
// opt.Match and opt.Labels, choosing among the matchings with the most
// pairs one with the largest total overlap (shared characters) — and, with
// Ignore, then the most pairs with equal labels. The matching is exact
// (see solver) and only spans that overlap or lie within the tolerance are
// ever considered together (a sweep over the spans sorted by start), so the
// work grows with the number of spans, never with their product. Both
// matchings, with and without labels, are computed: the one of the label
// mode gives the pair's counts, Strict's gives the per-label counts, and
// Ignore's the agreement on labels. ctx stops the computation.
func Compare(ctx context.Context, c *annotation.Corpus, opt Options) (*Result, error) {
	layer, err := c.SpanLayer(opt.Layer)
	if err != nil {
		return nil, err
	}
	if len(c.Annotators) < 2 {
		return nil, fmt.Errorf("span agreement needs at least two annotators, got %d", len(c.Annotators))
	}
	if len(c.Spans) == 0 {
		return nil, errors.New("no spans in the data: span agreement needs spans (F1 would be a made-up 0)")
	}
	p := prepare(c, layer, opt)
	res := &Result{Layer: layer, Spans: p.nSpans, corpus: c, prep: p}
	res.Summary = Summary{Options: opt, Annotators: c.Annotators, Labels: p.labels, Documents: len(c.Documents)}
	nAnn := len(c.Annotators)
	var pairs [][2]int
	for i := 0; i < nAnn; i++ {
		for j := i + 1; j < nAnn; j++ {
			pairs = append(pairs, [2]int{i, j})
		}
	}
	res.docs = make([]docResult, len(c.Documents))
	var docMatches [][][3]int32
	if opt.Matches {
		docMatches = make([][][3]int32, len(c.Documents))
	}
	workers := opt.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	workers = max(1, min(workers, len(c.Documents)))
	var next atomic.Int64
	var wg sync.WaitGroup
	var stop atomic.Bool
	ws := make([]*worker, workers)
	for x := range workers {
		w := newWorker(p, pairs)
		ws[x] = w
		wg.Add(1)
		go func() {
			defer wg.Done()
			done := 0
			for !stop.Load() {
				d := int(next.Add(1) - 1)
				if d >= len(c.Documents) {
					break
				}
				if d%64 == 0 && ctx.Err() != nil {
					stop.Store(true)
					break
				}
				var m [][3]int32
				res.docs[d], m = w.document(d)
				if docMatches != nil {
					docMatches[d] = m
				}
				if done++; done == 32 && opt.Progress != nil {
					opt.Progress(done)
					done = 0
				}
			}
			if done > 0 && opt.Progress != nil {
				opt.Progress(done)
			}
		}()
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return nil, err
	}

	if docMatches != nil {
		res.matches = make([][][2]int32, len(pairs))
		for _, ms := range docMatches {
			for _, m := range ms {
				res.matches[m[0]] = append(res.matches[m[0]], [2]int32{m[1], m[2]})
			}
		}
	}
	tables := make([]labelTable, len(ws))
	for x, w := range ws {
		tables[x] = w.table
		res.Repeated += w.repeated
	}
	if err := res.Summary.summarize(ctx, pairs, tables, workers); err != nil {
		return nil, err
	}
	return res, nil
}

// labelTable counts the label pairs (reference's, response's) of the
// matchings by extent of every pair of annotators: key (pair, label,
// label). One map for all pairs, so that many annotators do not cost a map
// per pair.
type labelTable map[[3]int32]int

// labelCell is one cell of a pair's table of labels.
type labelCell struct {
	ref, resp int32
	n         int
}

// summarize sums the documents' counts (s.docs) into the pairs, the
// averages and the matrix, and computes the label agreement of each pair
// from tables (one per worker), the label pairs of the matchings by extent.
func (s *Summary) summarize(ctx context.Context, pairs [][2]int, tables []labelTable, workers int) error {
	nAnn := len(s.Annotators)
	s.Pairs = make([]Pair, len(pairs))
	perLabel := make([][]Counts, len(pairs))
	for k, pr := range pairs {
		s.Pairs[k] = Pair{Annotators: pr}
		perLabel[k] = make([]Counts, len(s.Labels))
	}
	// Integer counts: the order of the sums does not matter.
	for d := range s.docs {
		dr := &s.docs[d]
		for k, dp := range dr.pairs {
			if !dp.compared {
				continue
			}
			pr := &s.Pairs[k]
			pr.Documents++
			pr.Counts.Add(dp.counts(s.Options.Labels))
		}
		for _, r := range dr.labels {
			perLabel[r.pair][r.label].Add(r.counts())
		}
	}
	cells := make([][]labelCell, len(pairs))
	merged := tables[0]
	if len(tables) > 1 {
		merged = labelTable{}
		for _, t := range tables {
			for key, n := range t {
				merged[key] += n
			}
		}
	}
	for key, n := range merged {
		cells[key[0]] = append(cells[key[0]], labelCell{key[1], key[2], n})
	}
	for _, cs := range cells {
		// in label order, so that the data do not depend on map order
		slices.SortFunc(cs, func(x, y labelCell) int {
			if x.ref != y.ref {
				return int(x.ref - y.ref)
			}
			return int(x.resp - y.resp)
		})
	}
	pooled := make([]Counts, len(s.Labels))
	s.Matrix = make([][]float64, nAnn)
	for i := range s.Matrix {
		s.Matrix[i] = make([]float64, nAnn)
		s.Matrix[i][i] = 1
	}
	for k := range s.Pairs {
		pr := &s.Pairs[k]
		for l, cnt := range perLabel[k] {
			pooled[l].Add(cnt)
			if cnt.Reference+cnt.Response > 0 {
				pr.PerLabel = append(pr.PerLabel, LabelCounts{s.Labels[l], cnt})
			}
		}
		pr.Macro = macro(pr.PerLabel)
		s.Micro.Add(pr.Counts)
		s.AverageF1 += pr.F1() / float64(len(s.Pairs))
		s.Matrix[pr.Annotators[0]][pr.Annotators[1]] = pr.F1()
		s.Matrix[pr.Annotators[1]][pr.Annotators[0]] = pr.F1()
	}
	// Label agreement, one pair per goroutine at a time.
	errs := make([]error, len(s.Pairs))
	var next atomic.Int64
	var wg sync.WaitGroup
	for range max(1, workers) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				k := int(next.Add(1) - 1)
				if k >= len(s.Pairs) || ctx.Err() != nil {
					return
				}
				pr := &s.Pairs[k]
				pr.LabelAgreement, errs[k] = labelAgreement(s.Annotators[pr.Annotators[0]], s.Annotators[pr.Annotators[1]], s.Labels, cells[k])
			}
		}()
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return err
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	for l, cnt := range pooled {
		if cnt.Reference+cnt.Response > 0 {
			s.PerLabel = append(s.PerLabel, LabelCounts{s.Labels[l], cnt})
		}
	}
	s.Macro = macro(s.PerLabel)
	return nil
}

// macro averages per-label counts with equal weight per label.
func macro(ls []LabelCounts) PRF {
	var m PRF
	if len(ls) == 0 {
		return m
	}
	for _, l := range ls {
		m.Precision += l.Precision()
		m.Recall += l.Recall()
		m.F1 += l.F1()
	}
	n := float64(len(ls))
	return PRF{m.Precision / n, m.Recall / n, m.F1 / n}
}

// labelAgreement computes κ and α on the labels of matched pairs through
// the coding engine: one item per pair, the reference's label and the
// response's, added to the engine's statistics (an Accumulator) rather
// than built as data; cells count the pairs of each pair of labels, in
// label order.
func labelAgreement(ref, resp string, labels []string, cells []labelCell) (LabelAgreement, error) {
	var la LabelAgreement
	for _, c := range cells {
		la.Pairs += c.n
		if c.ref == c.resp {
			la.Agreeing += c.n
		}
	}
	if la.Pairs == 0 {
		const why = "no spans were matched, so there are no labels to compare"
		la.Kappa = coding.Result{Coefficient: coding.CohenKappa, Value: nan(), Reason: why}
		la.Alpha = coding.Result{Coefficient: coding.KrippendorffAlpha, Value: nan(), Reason: why}
		return la, nil
	}
	if ref == resp {
		return la, errors.New("two annotators have the same name")
	}
	// The engine's statistics directly: one pattern per cell of the table,
	// counted once per matched pair (memory does not grow with the pairs).
	acc, err := coding.NewAccumulator(coding.StatsOptions{Coders: []string{ref, resp}})
	if err != nil {
		return la, err
	}
	value := map[int32]int32{}
	var cv [4]int32
	for _, c := range cells {
		for k, l := range [2]int32{c.ref, c.resp} {
			v, ok := value[l]
			if !ok {
				x, err := acc.Value(labels[l], coding.Pos{})
				if err != nil {
					return la, err
				}
				v = int32(x)
				value[l] = v
			}
			cv[2*k], cv[2*k+1] = int32(k), v
		}
		for range c.n {
			if err := acc.Add("", cv[:]); err != nil {
				return la, err
			}
		}
	}
	an, err := coding.AnalyzeStats(acc.Stats(), coding.Options{})
	if err != nil {
		return la, err
	}
	la.Kappa = an.Coefficient(coding.CohenKappa)
	la.Alpha = an.Coefficient(coding.KrippendorffAlpha)
	return la, nil
}

// prepared is the corpus indexed for matching.
type prepared struct {
	c      *annotation.Corpus
	opt    Options
	labels []string
	nSpans int
	shapes []shape             // by corpus span index (zero for spans of other layers)
	disc   [][]annotation.Part // the parts of the discontinuous spans
	spans  []int32             // corpus span indexes grouped by (document, annotator)
	bucket []int32             // bucket[d·A + a] is where (d, a)'s spans start in spans
	ann    [][]bool            // ann[d][a]: a annotated d (AnnotatedDocuments only)
}

func prepare(c *annotation.Corpus, layer string, opt Options) *prepared {
	p := &prepared{c: c, opt: opt}
	labelIndex := map[string]int32{}
	for i := range c.Spans {
		s := &c.Spans[i]
		if s.Layer != layer {
			continue
		}
		if _, ok := labelIndex[s.Label]; !ok {
			labelIndex[s.Label] = 0
			p.labels = append(p.labels, s.Label)
		}
	}
	slices.Sort(p.labels)
	for k, l := range p.labels {
		labelIndex[l] = int32(k)
	}
	nAnn := len(c.Annotators)
	p.shapes = make([]shape, len(c.Spans))
	p.bucket = make([]int32, len(c.Documents)*nAnn+1)
	for i := range c.Spans {
		s := &c.Spans[i]
		if s.Layer != layer {
			continue
		}
		p.nSpans++
		sh := shape{start: s.Start, end: s.End, label: labelIndex[s.Label]}
		if len(s.Parts) > 0 {
			sh.start, sh.end = s.Parts[0].Start, s.Parts[len(s.Parts)-1].End
		}
		if len(s.Parts) > 1 {
			p.disc = append(p.disc, s.Parts)
			sh.disc = int32(len(p.disc))
		}
		p.shapes[i] = sh
		p.bucket[s.Doc*nAnn+s.Annotator+1]++
	}
	for k := 1; k < len(p.bucket); k++ {
		p.bucket[k] += p.bucket[k-1]
	}
	p.spans = make([]int32, p.nSpans)
	fillAt := slices.Clone(p.bucket[:len(p.bucket)-1])
	for i := range c.Spans {
		s := &c.Spans[i]
		if s.Layer != layer {
			continue
		}
		k := s.Doc*nAnn + s.Annotator
		p.spans[fillAt[k]] = int32(i)
		fillAt[k]++
	}
	if opt.Documents == AnnotatedDocuments {
		p.ann = make([][]bool, len(c.Documents))
		for d, anns := range c.Annotated() {
			p.ann[d] = make([]bool, nAnn)
			for _, a := range anns {
				p.ann[d][a] = true
			}
		}
	}
	return p
}

// of returns the spans of annotator a in document d.
func (p *prepared) of(d, a int) []int32 {
	k := d*len(p.c.Annotators) + a
	return p.spans[p.bucket[k]:p.bucket[k+1]]
}

// compared reports whether annotators i and j are compared on document d.
func (p *prepared) compared(d, i, j int) bool {
	return p.ann == nil || (p.ann[d][i] && p.ann[d][j])
}

// Corpus returns the compared corpus.
func (r *Result) Corpus() *annotation.Corpus { return r.corpus }

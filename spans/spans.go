package spans

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"math"
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

// Scope says on which documents two annotators are compared
// (annotation.Scope).
type Scope = annotation.Scope

const (
	// AllDocuments compares every pair of annotators on every document: an
	// annotator with no span in a document marked nothing there (the only
	// reading of a span CSV, which has no row for an empty annotation).
	AllDocuments = annotation.AllDocuments
	// AnnotatedDocuments compares a pair only on the documents both
	// annotated (annotation.Corpus.Annotated: the reader saw their
	// annotation of it, or they marked something in it).
	AnnotatedDocuments = annotation.AnnotatedDocuments
)

// ParseScope reads "all" or "annotated".
func ParseScope(s string) (Scope, error) { return annotation.ParseScope(s) }

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
	// number of comparisons just made: a comparison is one pair of
	// annotators on one document both annotated (Comparisons counts them).
	Progress func(n int)
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
	// Documents is the number of documents compared (see Scope): every
	// document with AllDocuments, the Shared ones with AnnotatedDocuments.
	Documents int
	// Shared is the number of documents both annotated
	// (annotation.Corpus.Annotated); at least 1.
	Shared int
	// Counts are under the options' label mode.
	Counts
	// PerLabel are the counts of each label either annotator used, in
	// label order (Result.Labels).
	PerLabel []LabelCounts
	// Macro averages PerLabel with equal weight per label: the mean
	// precision, the mean recall and the mean F1 (not the F1 of the means).
	Macro PRF
}

// Summary is what a comparison of annotators pair by pair gives, for spans
// (Result) and relations (RelationResult) alike.
//
// Only the pairs of annotators who share a document are compared span by
// span, so that the work and the memory grow with the documents each pair
// shares, not with the square of the number of annotators (crowd data has
// thousands, each on a few documents).
type Summary struct {
	Options Options
	// Annotators are the corpus's annotators; Labels the distinct labels
	// (relation types) compared, sorted.
	Annotators []string
	Labels     []string
	// Pairs are the pairs (i, j), i < j, of annotators who share a
	// document (both annotated it), in annotator order.
	Pairs []Pair
	// Unshared counts the other pairs of annotators: those who share no
	// document. With AllDocuments each is still compared on every
	// document — nothing can match, so its F1 is 0 — and enters AverageF1,
	// Micro, PerLabel and Macro with all the spans of both; with
	// AnnotatedDocuments it is compared on no document and enters nothing.
	Unshared int
	// AverageF1 is the mean of the pairs' F1, each pair equal: over every
	// pair of annotators with AllDocuments (an Unshared pair counts 0), over
	// Pairs with AnnotatedDocuments (the pairs compared on some document).
	AverageF1 float64
	// Micro pools the counts of every pair compared (and label) before
	// dividing.
	Micro Counts
	// PerLabel pools each label's counts over the pairs; Macro averages
	// them with equal weight per label (mean precision, recall and F1).
	PerLabel []LabelCounts
	Macro    PRF
	// Documents is the number of documents.
	Documents int

	// data[k] is what the comparison of Pairs[k] keeps for later.
	data []pairData
	// per document: the annotators who annotated it (in order) and the
	// units each marked, by label (marks), for the counts of the pairs
	// that did not both annotate it; the labels marked in it and, for
	// each, the pairs of units matched with labels, pooled over pairs
	docs []docTally
}

// docTally is what a summary keeps of one document.
type docTally struct {
	annotated []int
	marks     []mark  // by annotator, then label
	labels    []int32 // the labels of marks, sorted, distinct
	matched   []int64 // matched[x]: pairs matched with label labels[x], pooled over pairs
}

// mark counts annotator ann's units of one label in one document.
type mark struct{ ann, label, n int32 }

// pairData is what the comparison of one pair keeps: its records per
// shared document, the label pairs of its matchings by extent and, with
// Options.Matches, the matched units.
type pairData struct {
	recs  []docRec
	cells []labelCell
	// matches are the pairs of corpus indexes (spans or relations)
	// matched under the label mode, in document order.
	matches [][2]int32
}

// docRec is one pair's comparison on one document both annotated: the
// units of each annotator and the pairs matched under the label mode.
type docRec struct {
	doc, matched, ref, resp int32
}

func (d docRec) counts() Counts {
	return Counts{Matched: int(d.matched), Reference: int(d.ref), Response: int(d.resp)}
}

// labelRec are one label's counts of a pair over its shared documents.
type labelRec struct {
	label, matched, ref, resp int32
}

// labelCell is one cell of a pair's table of labels: the pairs matched by
// extent whose reference has label ref and response label resp.
type labelCell struct {
	ref, resp int32
	n         int
}

// pairResult is a row's comparison with annotator j: its data and its
// labels' counts.
type pairResult struct {
	j int32
	pairData
	labels []labelRec
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
}

// Comparisons returns how many comparisons Compare makes on c: the pairs
// of annotators of each document who both annotated it, summed over the
// documents (Options.Progress counts them).
func Comparisons(c *annotation.Corpus) int64 {
	var n int64
	for _, anns := range c.Annotated() {
		k := int64(len(anns))
		n += k * (k - 1) / 2
	}
	return n
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
// Ignore's the agreement on labels.
//
// Spans are matched only between annotators who both annotated a document
// (Summary.Pairs); the counts of the other pairs, and of a pair on the
// documents only one of them annotated, follow from the number of spans
// each marked (with AllDocuments, an annotator marked nothing where they
// have no span). The work grows with the pairs of annotators of each
// document, not with the square of the number of annotators. ctx stops
// the computation.
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
	workers := opt.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	workers = max(1, min(workers, len(c.Annotators)))
	p, repeated := prepare(c, layer, opt, workers)
	res := &Result{Layer: layer, Spans: p.nSpans, Repeated: repeated, corpus: c, prep: p}
	res.Summary = Summary{Options: opt, Annotators: c.Annotators, Labels: p.labels, Documents: len(c.Documents)}
	if err := res.checkShared(p.annotated); err != nil {
		return nil, err
	}
	res.docs = tallyDocs(p.annotated, &p.g, func(s int32) int32 { return p.shapes[s].label }, len(p.labels))
	ws := make([]*worker, workers)
	for x := range ws {
		ws[x] = newWorker(p, res.docs)
	}
	rows, err := eachRow(ctx, len(c.Annotators), workers, opt.Progress, func(x, i int) []pairResult {
		return ws[x].row(i)
	})
	if err != nil {
		return nil, err
	}
	res.summarize(rows)
	return res, nil
}

// checkShared refuses, with AnnotatedDocuments, a corpus in which no two
// annotators annotated a common document: no pair is compared.
func (s *Summary) checkShared(annotated [][]int) error {
	if s.Options.Documents != AnnotatedDocuments {
		return nil
	}
	for _, anns := range annotated {
		if len(anns) >= 2 {
			return nil
		}
	}
	return errors.New("no two annotators annotated a common document, so no pair can be compared (Options.Documents annotated compares a pair only on the documents both annotated)")
}

// eachRow runs row(x, i) for every annotator i on workers goroutines (x
// the goroutine, for its buffers) and returns the rows in annotator order:
// row i holds the comparisons of i with the annotators j > i with whom it
// shares a document. A row depends only on its own data, so the results do
// not depend on the number of workers. progress, when not nil, is called
// with the number of comparisons (pair × document) of each row done.
func eachRow(ctx context.Context, nAnn, workers int, progress func(int), row func(x, i int) []pairResult) ([][]pairResult, error) {
	rows := make([][]pairResult, nAnn)
	var next atomic.Int64
	var stop atomic.Bool
	var wg sync.WaitGroup
	for x := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for !stop.Load() {
				i := int(next.Add(1) - 1)
				if i >= nAnn {
					return
				}
				if ctx.Err() != nil {
					stop.Store(true)
					return
				}
				rows[i] = row(x, i)
				if progress != nil {
					n := 0
					for _, r := range rows[i] {
						n += len(r.recs)
					}
					if n > 0 {
						progress(n)
					}
				}
			}
		}()
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return rows, nil
}

// tallyDocs counts, for each document, the units of each annotator by
// label (label gives a unit's label) and lists the labels marked.
func tallyDocs(annotated [][]int, g *grouping, label func(int32) int32, nLabels int) []docTally {
	docs := make([]docTally, len(annotated))
	count := make([]int32, nLabels)
	var touched []int32
	for d := range docs {
		t := &docs[d]
		t.annotated = annotated[d]
		for _, gr := range g.docs[d] {
			touched = touched[:0]
			for _, u := range g.units[gr.lo:gr.hi] {
				l := label(u)
				if count[l] == 0 {
					touched = append(touched, l)
				}
				count[l]++
			}
			slices.Sort(touched)
			for _, l := range touched {
				t.marks = append(t.marks, mark{gr.ann, l, count[l]})
				count[l] = 0
				t.labels = append(t.labels, l)
			}
		}
		slices.Sort(t.labels)
		t.labels = slices.Compact(t.labels)
		t.matched = make([]int64, len(t.labels))
	}
	return docs
}

// addMatched adds n pairs matched with label l in document d (safe for
// concurrent use).
func (t *docTally) addMatched(l int32, n int) {
	x, _ := slices.BinarySearch(t.labels, l)
	atomic.AddInt64(&t.matched[x], int64(n))
}

// allPairs is the number of pairs of annotators.
func (s *Summary) allPairs() int {
	n := len(s.Annotators)
	return n * (n - 1) / 2
}

// averaged is the number of pairs AverageF1 averages over.
func (s *Summary) averaged() int {
	if s.Options.Documents == AllDocuments {
		return s.allPairs()
	}
	return len(s.Pairs)
}

// summarize makes the pairs, the averages and the pooled counts from the
// rows of comparisons.
func (s *Summary) summarize(rows [][]pairResult) {
	nAnn := len(s.Annotators)
	all := s.Options.Documents == AllDocuments
	n := 0
	for _, row := range rows {
		n += len(row)
	}
	s.Pairs = make([]Pair, 0, n)
	s.data = make([]pairData, 0, n)
	s.Unshared = s.allPairs() - n
	pooled := make([]Counts, len(s.Labels))
	// With AllDocuments, a pair's reference and response counts are all
	// the units of its annotators: their totals, overall and by label.
	var total []int
	var byLabel [][]labelRec // byLabel[a]: a's units by label (ref = n)
	if all {
		total = make([]int, nAnn)
		byLabel = make([][]labelRec, nAnn)
		for d := range s.docs {
			for _, m := range s.docs[d].marks {
				total[m.ann] += int(m.n)
				ls := byLabel[m.ann]
				if x, ok := slices.BinarySearchFunc(ls, m.label, func(r labelRec, l int32) int { return cmp.Compare(r.label, l) }); ok {
					ls[x].ref += m.n
				} else {
					byLabel[m.ann] = slices.Insert(ls, x, labelRec{label: m.label, ref: m.n})
				}
			}
		}
		for a, ls := range byLabel {
			for _, l := range ls {
				pooled[l.label].Reference += int(l.ref) * (nAnn - 1 - a)
				pooled[l.label].Response += int(l.ref) * a
			}
			s.Micro.Reference += total[a] * (nAnn - 1 - a)
			s.Micro.Response += total[a] * a
		}
	}
	for i, row := range rows {
		for _, r := range row {
			j := int(r.j)
			pr := Pair{Annotators: [2]int{i, j}, Shared: len(r.recs), Documents: len(r.recs)}
			for _, x := range r.recs {
				pr.Counts.Add(x.counts())
			}
			labels := r.labels
			if all {
				pr.Documents = s.Documents
				pr.Reference, pr.Response = total[i], total[j]
				labels = mergeTotals(r.labels, byLabel[i], byLabel[j])
			}
			for _, l := range labels {
				c := Counts{int(l.matched), int(l.ref), int(l.resp)}
				if c.Reference+c.Response == 0 {
					continue
				}
				pr.PerLabel = append(pr.PerLabel, LabelCounts{s.Labels[l.label], c})
				if all {
					pooled[l.label].Matched += c.Matched
				} else {
					pooled[l.label].Add(c)
				}
			}
			pr.Macro = macro(pr.PerLabel)
			if all {
				s.Micro.Matched += pr.Matched
			} else {
				s.Micro.Add(pr.Counts)
			}
			s.Pairs = append(s.Pairs, pr)
			s.data = append(s.data, r.pairData)
		}
		rows[i] = nil
	}
	if den := s.averaged(); den > 0 {
		for k := range s.Pairs {
			s.AverageF1 += s.Pairs[k].F1() / float64(den)
		}
	}
	for l, cnt := range pooled {
		if cnt.Reference+cnt.Response > 0 {
			s.PerLabel = append(s.PerLabel, LabelCounts{s.Labels[l], cnt})
		}
	}
	s.Macro = macro(s.PerLabel)
}

// mergeTotals returns a pair's label counts with its annotators' totals as
// reference and response: the labels of ref (a's units, in .ref), of resp
// (b's units, in .ref) and of shared (the matched pairs), in label order.
func mergeTotals(shared, ref, resp []labelRec) []labelRec {
	out := make([]labelRec, 0, max(len(ref), len(resp)))
	i, j, k := 0, 0, 0
	for i < len(ref) || j < len(resp) {
		l := int32(math.MaxInt32)
		if i < len(ref) {
			l = ref[i].label
		}
		if j < len(resp) {
			l = min(l, resp[j].label)
		}
		r := labelRec{label: l}
		if i < len(ref) && ref[i].label == l {
			r.ref = ref[i].ref
			i++
		}
		if j < len(resp) && resp[j].label == l {
			r.resp = resp[j].ref
			j++
		}
		for k < len(shared) && shared[k].label < l {
			k++
		}
		if k < len(shared) && shared[k].label == l {
			r.matched = shared[k].matched
		}
		out = append(out, r)
	}
	return out
}

// F1Between is the F1 of annotators i and j (symmetric; 1 when i == j): a
// pair's F1; for a pair that shares no document, 0 with AllDocuments
// (nothing can match) and NaN with AnnotatedDocuments (not compared).
func (s *Summary) F1Between(i, j int) float64 {
	if i == j {
		return 1
	}
	if k, ok := s.pairIndex(min(i, j), max(i, j)); ok {
		return s.Pairs[k].F1()
	}
	if s.Options.Documents == AllDocuments {
		return 0
	}
	return math.NaN()
}

// pairIndex finds pair (i, j), i < j, in Pairs.
func (s *Summary) pairIndex(i, j int) (int, bool) {
	return slices.BinarySearchFunc(s.Pairs, [2]int{i, j}, func(p Pair, t [2]int) int {
		if c := cmp.Compare(p.Annotators[0], t[0]); c != 0 {
			return c
		}
		return cmp.Compare(p.Annotators[1], t[1])
	})
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

// LabelAgreement is the agreement of Pairs[k] on the labels of the spans
// (relations) matched by extent (by their ends): Cohen's κ and
// Krippendorff's α through the coding engine. It is computed on demand,
// so that a corpus of many pairs pays only for the pairs looked at.
func (s *Summary) LabelAgreement(k int) (LabelAgreement, error) {
	p := s.Pairs[k]
	return labelAgreement(s.Annotators[p.Annotators[0]], s.Annotators[p.Annotators[1]], s.Labels, s.data[k].cells)
}

// LabelAlpha is Krippendorff's α on the labels of the spans matched by
// extent, over every pair of annotators at once: each matched pair of spans
// is an item with two values, the reference's label and the response's.
// α needs no coder identity, so the matched pairs of all the pairs of
// annotators pool into one coincidence table — the corpus's label
// agreement, where κ (LabelAgreement) is one pair's. The Result's Items
// count the matched pairs.
func (s *Summary) LabelAlpha() (coding.Result, error) {
	count := map[[2]int32]int{}
	for k := range s.Pairs {
		for _, c := range s.data[k].cells {
			count[[2]int32{c.ref, c.resp}] += c.n
		}
	}
	cells := make([]labelCell, 0, len(count))
	for k, n := range count {
		cells = append(cells, labelCell{k[0], k[1], n})
	}
	slices.SortFunc(cells, func(x, y labelCell) int {
		if x.ref != y.ref {
			return int(x.ref - y.ref)
		}
		return int(x.resp - y.resp)
	})
	la, err := labelAgreement("first", "second", s.Labels, cells)
	return la.Alpha, err
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

// grouping holds the indexes of units (spans, relations) grouped by
// document, then annotator: docs[d] lists the annotators with units in d,
// in annotator order, each with its units units[lo:hi]. It costs the
// units and the documents, never documents × annotators.
type grouping struct {
	units []int32
	docs  [][]group
}

type group struct{ ann, lo, hi int32 }

// newGrouping groups the n units; unit gives a unit's document and
// annotator, ok false to leave it out. Within a group units keep their
// order.
func newGrouping(nDocs, n int, unit func(i int) (doc, ann int, ok bool)) grouping {
	start := make([]int32, nDocs+1)
	for i := range n {
		if d, _, ok := unit(i); ok {
			start[d+1]++
		}
	}
	for d := 1; d <= nDocs; d++ {
		start[d] += start[d-1]
	}
	g := grouping{units: make([]int32, start[nDocs]), docs: make([][]group, nDocs)}
	fill := slices.Clone(start[:nDocs])
	for i := range n {
		if d, _, ok := unit(i); ok {
			g.units[fill[d]] = int32(i)
			fill[d]++
		}
	}
	annOf := func(u int32) int { _, a, _ := unit(int(u)); return a }
	for d := range nDocs {
		us := g.units[start[d]:start[d+1]]
		slices.SortStableFunc(us, func(x, y int32) int { return cmp.Compare(annOf(x), annOf(y)) })
		for k := 0; k < len(us); {
			a := annOf(us[k])
			e := k + 1
			for e < len(us) && annOf(us[e]) == a {
				e++
			}
			g.docs[d] = append(g.docs[d], group{int32(a), start[d] + int32(k), start[d] + int32(e)})
			k = e
		}
	}
	return g
}

// of returns annotator a's units in document d.
func (g *grouping) of(d, a int) []int32 {
	gs := g.docs[d]
	k, ok := slices.BinarySearchFunc(gs, int32(a), func(x group, a int32) int { return cmp.Compare(x.ann, a) })
	if !ok {
		return nil
	}
	return g.units[gs[k].lo:gs[k].hi]
}

// prepared is the corpus indexed for matching.
type prepared struct {
	c      *annotation.Corpus
	opt    Options
	labels []string
	nSpans int
	shapes []shape             // by corpus span index (zero for spans of other layers)
	disc   [][]annotation.Part // the parts of the discontinuous spans
	g      grouping            // the spans of the layer by document and annotator, in canonical order
	// annotated[d] are the annotators of document d (Corpus.Annotated);
	// docsOf[a] the documents annotator a annotated, in order.
	annotated [][]int
	docsOf    [][]int32
}

// prepare indexes the spans of layer and sorts each annotator's spans in
// each document canonically (on workers goroutines); it returns the number
// of repeated spans.
func prepare(c *annotation.Corpus, layer string, opt Options, workers int) (*prepared, int) {
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
	p.shapes = make([]shape, len(c.Spans))
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
	}
	p.g = newGrouping(len(c.Documents), len(c.Spans), func(i int) (int, int, bool) {
		s := &c.Spans[i]
		return s.Doc, s.Annotator, s.Layer == layer
	})
	// canonical order, so that results do not depend on the input's; the
	// copies of a span are adjacent then
	var repeated atomic.Int64
	var next atomic.Int64
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			n := 0
			for {
				d := int(next.Add(1) - 1)
				if d >= len(c.Documents) {
					break
				}
				for _, gr := range p.g.docs[d] {
					ss := p.g.units[gr.lo:gr.hi]
					slices.SortFunc(ss, p.canonical)
					for k := 1; k < len(ss); k++ {
						if x, y := &p.shapes[ss[k-1]], &p.shapes[ss[k]]; x.label == y.label && p.sameParts(x, y) {
							n++
						}
					}
				}
			}
			repeated.Add(int64(n))
		}()
	}
	wg.Wait()
	p.annotated = c.Annotated()
	p.docsOf = make([][]int32, len(c.Annotators))
	for d, anns := range p.annotated {
		for _, a := range anns {
			p.docsOf[a] = append(p.docsOf[a], int32(d))
		}
	}
	return p, int(repeated.Load())
}

// of returns the spans of annotator a in document d.
func (p *prepared) of(d, a int) []int32 { return p.g.of(d, a) }

// annotatedBy reports whether annotator a is compared on document d: with
// AllDocuments always, with AnnotatedDocuments when a annotated d.
func (p *prepared) annotatedBy(d, a int) bool {
	if p.opt.Documents == AllDocuments {
		return true
	}
	_, ok := slices.BinarySearch(p.annotated[d], a)
	return ok
}

// Corpus returns the compared corpus.
func (r *Result) Corpus() *annotation.Corpus { return r.corpus }

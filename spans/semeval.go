package spans

import (
	"context"
	"math"
	"slices"
	"sort"

	"agree/annotation"
)

// The SemEval-2013 Task 9.1 schemas (Segura-Bedmar, Martínez & Herrero
// Zazo 2013), as the Python package nervaluate implements them for named
// entities: each response span is compared with the reference's spans and
// counted, under each of four schemas, as correct, incorrect, partial or
// spurious; each reference span no response span reached is missed.
//
//	scenario                                   strict  exact  partial  type
//	same boundaries, same label                COR     COR    COR      COR
//	same boundaries, other label               INC     COR    COR      INC
//	overlapping, same label                    INC     INC    PAR      COR
//	overlapping, other label                   INC     INC    PAR      INC
//	overlapping no reference span              SPU     SPU    SPU      SPU
//	reference span reached by no response      MIS     MIS    MIS      MIS
//
// A response span is compared with the reference span of the same
// boundaries and label if there is one; else with the first reference span
// (in order of start, then end) that has the same boundaries or overlaps
// it. As in nervaluate, several response spans can reach one reference
// span, and a response span is counted once, against one reference span.
// Possible = COR + INC + PAR + MIS, actual = COR + INC + PAR + SPU (the
// reference's and the response's spans, unless several response spans
// reach one reference span: each counts); precision = COR/actual and recall =
// COR/possible under strict and exact, (COR + ½·PAR)/actual and
// (COR + ½·PAR)/possible under partial and type.
//
// Per label, a correct, incorrect or partial response counts under the
// label of the reference span it is compared with (nervaluate scores
// scenarios IV and VI "against the true entity"), a missed span under its
// own label, and — the rule for the ambiguity of nervaluate's issue #66,
// where every spurious span is added to every label — a spurious span under
// its own label only: it is a false positive of the label it was given, so
// that each count of the whole is the sum of the labels' counts.

// SemEvalSchema names one of the four schemas.
type SemEvalSchema int

// The schemas, in nervaluate's order of its README table.
const (
	SemEvalStrict SemEvalSchema = iota
	SemEvalExact
	SemEvalPartial
	SemEvalType
)

// SemEvalSchemas lists the schemas.
func SemEvalSchemas() []SemEvalSchema {
	return []SemEvalSchema{SemEvalStrict, SemEvalExact, SemEvalPartial, SemEvalType}
}

// Key is the schema's name in JSON: "strict", "exact", "partial", "type".
func (s SemEvalSchema) Key() string {
	return [...]string{"strict", "exact", "partial", "type"}[s]
}

// SemEvalCounts are the five counts of one schema.
type SemEvalCounts struct {
	Correct, Incorrect, Partial, Missed, Spurious int
}

// Add adds o to c.
func (c *SemEvalCounts) Add(o SemEvalCounts) {
	c.Correct += o.Correct
	c.Incorrect += o.Incorrect
	c.Partial += o.Partial
	c.Missed += o.Missed
	c.Spurious += o.Spurious
}

// Possible is COR + INC + PAR + MIS.
func (c SemEvalCounts) Possible() int { return c.Correct + c.Incorrect + c.Partial + c.Missed }

// Actual is COR + INC + PAR + SPU: the response's spans.
// (Possible is the reference's spans unless several response spans reach
// one reference span, each counted.)
func (c SemEvalCounts) Actual() int { return c.Correct + c.Incorrect + c.Partial + c.Spurious }

// credit is COR, or COR + ½·PAR under the partial and type schemas.
func (c SemEvalCounts) credit(s SemEvalSchema) float64 {
	if s == SemEvalPartial || s == SemEvalType {
		return float64(c.Correct) + 0.5*float64(c.Partial)
	}
	return float64(c.Correct)
}

// Precision is the credit over Actual (0 when there is no response span).
func (c SemEvalCounts) Precision(s SemEvalSchema) float64 {
	if c.Actual() == 0 {
		return 0
	}
	return c.credit(s) / float64(c.Actual())
}

// Recall is the credit over Possible (0 when there is no reference span).
func (c SemEvalCounts) Recall(s SemEvalSchema) float64 {
	if c.Possible() == 0 {
		return 0
	}
	return c.credit(s) / float64(c.Possible())
}

// F1 is the harmonic mean of Precision and Recall (0 when both are 0).
func (c SemEvalCounts) F1(s SemEvalSchema) float64 {
	p, r := c.Precision(s), c.Recall(s)
	if p+r == 0 {
		return 0
	}
	return 2 * p * r / (p + r)
}

// SemEvalTally holds the counts of every schema, overall and per label.
type SemEvalTally struct {
	Schemas  [4]SemEvalCounts
	PerLabel map[string]*[4]SemEvalCounts
}

func (t *SemEvalTally) label(l string) *[4]SemEvalCounts {
	if t.PerLabel == nil {
		t.PerLabel = map[string]*[4]SemEvalCounts{}
	}
	c := t.PerLabel[l]
	if c == nil {
		c = &[4]SemEvalCounts{}
		t.PerLabel[l] = c
	}
	return c
}

// Add adds o to t.
func (t *SemEvalTally) Add(o *SemEvalTally) {
	for s := range t.Schemas {
		t.Schemas[s].Add(o.Schemas[s])
	}
	for l, c := range o.PerLabel {
		mine := t.label(l)
		for s := range mine {
			mine[s].Add(c[s])
		}
	}
}

// Labels returns the labels of the tally, sorted.
func (t *SemEvalTally) Labels() []string {
	out := make([]string, 0, len(t.PerLabel))
	for l := range t.PerLabel {
		out = append(out, l)
	}
	sort.Strings(out)
	return out
}

// SemEvalSpan is a span as the schemas see it.
type SemEvalSpan struct {
	Parts []annotation.Part // one part for a contiguous span
	Label string
}

func (s SemEvalSpan) start() float64 { return s.Parts[0].Start }
func (s SemEvalSpan) end() float64   { return s.Parts[len(s.Parts)-1].End }

func sameBounds(a, b SemEvalSpan) bool { return slices.Equal(a.Parts, b.Parts) }

func overlaps(a, b SemEvalSpan) bool {
	i, j := 0, 0
	for i < len(a.Parts) && j < len(b.Parts) {
		p, q := a.Parts[i], b.Parts[j]
		if p.Start < q.End && q.Start < p.End {
			return true
		}
		if p.End <= q.End {
			i++
		} else {
			j++
		}
	}
	return false
}

// SemEvalDocument counts the response's spans against the reference's on
// one document and adds them to t. The spans may come in any order.
func SemEvalDocument(t *SemEvalTally, ref, resp []SemEvalSpan) {
	ref = slices.Clone(ref)
	slices.SortStableFunc(ref, func(a, b SemEvalSpan) int {
		if a.start() != b.start() {
			if a.start() < b.start() {
				return -1
			}
			return 1
		}
		switch {
		case a.end() < b.end():
			return -1
		case a.end() > b.end():
			return 1
		}
		return 0
	})
	// maxEnd[i] is the largest end among ref[:i+1], to find the first
	// reference span that can overlap a response span by a binary search.
	maxEnd := make([]float64, len(ref))
	for i, r := range ref {
		maxEnd[i] = r.end()
		if i > 0 && maxEnd[i-1] > maxEnd[i] {
			maxEnd[i] = maxEnd[i-1]
		}
	}
	exact := map[string][]int{} // boundaries and label → reference spans
	key := func(s SemEvalSpan) string {
		b := make([]byte, 0, 32)
		for _, p := range s.Parts {
			b = appendFloat(appendFloat(b, p.Start), p.End)
		}
		return string(b) + "\x00" + s.Label
	}
	for i, r := range ref {
		k := key(r)
		exact[k] = append(exact[k], i)
	}
	reached := make([]bool, len(ref))
	add := func(label string, res [4]int) {
		pl := t.label(label)
		for s, r := range res {
			switch r {
			case cor:
				t.Schemas[s].Correct++
				pl[s].Correct++
			case inc:
				t.Schemas[s].Incorrect++
				pl[s].Incorrect++
			case par:
				t.Schemas[s].Partial++
				pl[s].Partial++
			case spu:
				t.Schemas[s].Spurious++
				pl[s].Spurious++
			}
		}
	}
	for _, p := range resp {
		if ids := exact[key(p)]; len(ids) > 0 {
			reached[ids[0]] = true
			add(p.Label, [4]int{cor, cor, cor, cor})
			continue
		}
		first := sort.Search(len(ref), func(i int) bool { return maxEnd[i] > p.start() })
		found := false
		for i := first; i < len(ref) && ref[i].start() < p.end(); i++ {
			r := ref[i]
			switch {
			case sameBounds(r, p): // the label differs (else exact)
				add(r.Label, [4]int{inc, cor, cor, inc})
			case overlaps(r, p) && r.Label == p.Label:
				add(r.Label, [4]int{inc, inc, par, cor})
			case overlaps(r, p):
				add(r.Label, [4]int{inc, inc, par, inc})
			default:
				continue
			}
			reached[i], found = true, true
			break
		}
		if !found {
			add(p.Label, [4]int{spu, spu, spu, spu})
		}
	}
	for i, r := range ref {
		if !reached[i] {
			pl := t.label(r.Label)
			for s := range t.Schemas {
				t.Schemas[s].Missed++
				pl[s].Missed++
			}
		}
	}
}

const (
	cor = iota + 1
	inc
	par
	spu
)

func appendFloat(b []byte, x float64) []byte {
	u := uint64(0)
	if x != 0 {
		u = math.Float64bits(x)
	}
	for k := 0; k < 8; k++ {
		b = append(b, byte(u>>(8*k)))
	}
	return b
}

// SemEvalPair is the tally of one pair of annotators (Annotators[0] the
// reference), with the documents it was compared on.
type SemEvalPair struct {
	Annotators [2]int
	Documents  int
	SemEvalTally
}

// SemEvalResult is the schemas over a corpus: per pair of annotators who
// are compared on some document, and pooled over them.
type SemEvalResult struct {
	Annotators []string
	Pairs      []SemEvalPair // in annotator order
	Pooled     SemEvalTally
}

// SemEval compares every pair of annotators (i < j, i the reference) on the
// documents both are compared on under opt.Documents, spans of opt.Layer.
func SemEval(ctx context.Context, c *annotation.Corpus, opt Options) (*SemEvalResult, error) {
	layer, err := c.SpanLayer(opt.Layer)
	if err != nil {
		return nil, err
	}
	nd, na := len(c.Documents), len(c.Annotators)
	byDoc := make([][][]SemEvalSpan, nd)
	for d := range byDoc {
		byDoc[d] = make([][]SemEvalSpan, na)
	}
	for i := range c.Spans {
		s := &c.Spans[i]
		if s.Layer != layer {
			continue
		}
		byDoc[s.Doc][s.Annotator] = append(byDoc[s.Doc][s.Annotator], SemEvalSpan{Parts: s.PartsOrSelf(), Label: s.Label})
	}
	res := &SemEvalResult{Annotators: c.Annotators}
	pairs := map[[2]int]*SemEvalPair{}
	for d, anns := range c.Compared(opt.Documents) {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		for i, a := range anns {
			for _, b := range anns[i+1:] {
				p := pairs[[2]int{a, b}]
				if p == nil {
					p = &SemEvalPair{Annotators: [2]int{a, b}}
					pairs[[2]int{a, b}] = p
				}
				p.Documents++
				SemEvalDocument(&p.SemEvalTally, byDoc[d][a], byDoc[d][b])
			}
		}
	}
	for _, p := range pairs {
		res.Pairs = append(res.Pairs, *p)
	}
	slices.SortFunc(res.Pairs, func(x, y SemEvalPair) int {
		if x.Annotators[0] != y.Annotators[0] {
			return x.Annotators[0] - y.Annotators[0]
		}
		return x.Annotators[1] - y.Annotators[1]
	})
	for k := range res.Pairs {
		res.Pooled.Add(&res.Pairs[k].SemEvalTally)
	}
	return res, nil
}

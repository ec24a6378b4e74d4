package annotation

import (
	"fmt"
	"math"
	"slices"
	"strconv"

	"agree/position"
)

// Corpus is a set of annotated documents. Documents and annotators are
// referred to by index; Document and Annotator add them by name. The zero
// value is an empty corpus ready to use.
type Corpus struct {
	Documents  []Document
	Annotators []string
	Spans      []Span
	Labels     []Label
	Relations  []Relation
	// Notes say what readers skipped or ignored, with counts ("brat: 3
	// attribute lines ignored"), for the user to see.
	Notes []string

	docIndex map[string]int
	annIndex map[string]int
}

// Document is one annotated text or recording.
type Document struct {
	// Name identifies the document across annotators' files.
	Name string
	// Text is the document text when the format carries it (HasText).
	Text    string
	HasText bool
	// Time is true when offsets are seconds (audio, video) rather than
	// code points of Text.
	Time bool
	// Tokens is the tokenisation the format carries (code-point offsets),
	// or nil.
	Tokens []Token
	// Extent is the time continuum's [start, end] in seconds when the
	// format gives it (a Praat TextGrid's xmin and xmax), the zero value
	// when it does not; the unitizing measures take it as the continuum.
	Extent [2]float64
	// AnnotatedBy lists (sorted) the annotators known to have annotated
	// the document, even if they marked nothing in it (an annotator's
	// empty file). Annotators with spans or labels in the document count
	// as well; see Annotated.
	AnnotatedBy []int
}

// Token is one token of a document: [Start, End) in code points.
type Token struct {
	Start, End int
}

// Span is a stretch of a document marked by an annotator.
type Span struct {
	Doc       int // index into Corpus.Documents
	Annotator int // index into Corpus.Annotators
	// ID is the tool's identifier of the span (brat "T3", an XMI id, a
	// Label Studio region id), unique per document and annotator; it may
	// be empty when the tool has none.
	ID string
	// Start and End are the span's bounds, end exclusive; for a
	// discontinuous span, the first part's start and the last part's end.
	Start, End float64
	// Parts are the parts of a discontinuous span (at least two, in order,
	// not overlapping); nil for a contiguous span.
	Parts []Part
	Label string
	// Layer is the annotation layer or type (a WebAnno layer, an XMI type,
	// an ELAN tier type, a Label Studio control name); "" when the format
	// has a single one.
	Layer string
	// Chain is the id of the coreference chain the span belongs to,
	// unique per document and annotator; "" when it is in none.
	Chain string
	// Attrs are other features of the span, by name.
	Attrs map[string]string
	// Text is the covered text as the file gives it ("" when it does not).
	Text string
	// Pos is where the span was read.
	Pos Pos
}

// Part is one part of a discontinuous span.
type Part struct {
	Start, End float64
}

// PartsOrSelf returns the span's parts, or the span itself as one part.
func (s *Span) PartsOrSelf() []Part {
	if len(s.Parts) > 0 {
		return s.Parts
	}
	return []Part{{s.Start, s.End}}
}

// Label is a label an annotator gave a whole document (text
// classification), or one question about it (Item). An annotator's
// several labels for one document, item and layer form a set.
type Label struct {
	Doc, Annotator int
	Layer          string
	// Item is the question about the document that the label answers,
	// when a tool asks several (Prodigy's binary ner.teach asks about each
	// suggested span, named "[start,end)"); "" when the label is about the
	// document itself. Each (document, item) is an item of the coding
	// projection.
	Item  string
	Value string
	Pos   Pos
}

// Relation is a typed link between two spans of one annotator in one
// document.
type Relation struct {
	Doc, Annotator int
	// Source and Target index Corpus.Spans.
	Source, Target int
	Type           string
	// Layer is the relation layer or type (a WebAnno relation layer, a UIMA
	// type); "" when the format has a single one.
	Layer string
	Pos   Pos
}

// Pos is where something was read: a file with a line and column, or a
// path inside a structured file (position.Pos).
type Pos = position.Pos

// Document returns the index of the named document, adding it if new.
func (c *Corpus) Document(name string) int {
	if c.docIndex == nil || len(c.docIndex) != len(c.Documents) {
		c.reindex()
	}
	if i, ok := c.docIndex[name]; ok {
		return i
	}
	c.docIndex[name] = len(c.Documents)
	c.Documents = append(c.Documents, Document{Name: name})
	return len(c.Documents) - 1
}

// Annotator returns the index of the named annotator, adding it if new.
func (c *Corpus) Annotator(name string) int {
	if c.annIndex == nil || len(c.annIndex) != len(c.Annotators) {
		c.reindex()
	}
	if i, ok := c.annIndex[name]; ok {
		return i
	}
	c.annIndex[name] = len(c.Annotators)
	c.Annotators = append(c.Annotators, name)
	return len(c.Annotators) - 1
}

// LookupDocument returns the index of the named document, or -1.
func (c *Corpus) LookupDocument(name string) int {
	if c.docIndex == nil || len(c.docIndex) != len(c.Documents) {
		c.reindex()
	}
	if i, ok := c.docIndex[name]; ok {
		return i
	}
	return -1
}

// LookupAnnotator returns the index of the named annotator, or -1.
func (c *Corpus) LookupAnnotator(name string) int {
	if c.annIndex == nil || len(c.annIndex) != len(c.Annotators) {
		c.reindex()
	}
	if i, ok := c.annIndex[name]; ok {
		return i
	}
	return -1
}

func (c *Corpus) reindex() {
	c.docIndex = make(map[string]int, len(c.Documents))
	for i, d := range c.Documents {
		c.docIndex[d.Name] = i
	}
	c.annIndex = make(map[string]int, len(c.Annotators))
	for i, a := range c.Annotators {
		c.annIndex[a] = i
	}
}

// MarkAnnotated records that annotator a annotated document d (even if it
// marked nothing there).
func (c *Corpus) MarkAnnotated(d, a int) {
	by := c.Documents[d].AnnotatedBy
	i, found := slices.BinarySearch(by, a)
	if !found {
		c.Documents[d].AnnotatedBy = slices.Insert(by, i, a)
	}
}

// Annotated returns, in annotator order, the annotators of document d:
// those marked with MarkAnnotated and those with a span or a label in it.
// It costs O(n log n) in the spans and labels, not documents × annotators
// (crowd data has thousands of each).
func (c *Corpus) Annotated() [][]int {
	out := make([][]int, len(c.Documents))
	for d := range c.Documents {
		out[d] = slices.Clone(c.Documents[d].AnnotatedBy)
	}
	add := func(d, a int) {
		// spans and labels come grouped by file: skip the common repeat
		if n := len(out[d]); n == 0 || out[d][n-1] != a {
			out[d] = append(out[d], a)
		}
	}
	for i := range c.Spans {
		add(c.Spans[i].Doc, c.Spans[i].Annotator)
	}
	for i := range c.Labels {
		add(c.Labels[i].Doc, c.Labels[i].Annotator)
	}
	for d := range out {
		if !slices.IsSorted(out[d]) {
			slices.Sort(out[d])
		}
		out[d] = slices.Compact(out[d])
	}
	return out
}

// SetText gives document d its text. A document read from several files
// (one per annotator) must have the same text in each.
func (c *Corpus) SetText(d int, text string, where Pos) error {
	doc := &c.Documents[d]
	if doc.HasText && doc.Text != text {
		return where.Errorf("the text of document %q differs from the text read before for it", doc.Name)
	}
	doc.Text, doc.HasText = text, true
	return nil
}

// Layers returns the distinct layers of the spans, in order of first
// appearance.
func (c *Corpus) Layers() []string {
	var out []string
	seen := map[string]bool{}
	for _, s := range c.Spans {
		if !seen[s.Layer] {
			seen[s.Layer] = true
			out = append(out, s.Layer)
		}
	}
	return out
}

// Merge adds the documents, annotators, spans, labels, relations and notes
// of o to c, matching documents and annotators by name. A document present
// in both with a text must have the same text.
// An empty c takes o's contents without copying them (the spans of a
// large file are not copied once more), so o must not be used afterwards.
func (c *Corpus) Merge(o *Corpus) error {
	if len(c.Documents) == 0 && len(c.Annotators) == 0 && len(c.Spans) == 0 && len(c.Labels) == 0 && len(c.Relations) == 0 {
		notes := c.Notes
		*c = *o
		c.Notes = append(notes, o.Notes...)
		c.docIndex, c.annIndex = nil, nil
		return nil
	}
	docMap := make([]int, len(o.Documents))
	for i, d := range o.Documents {
		j := c.Document(d.Name)
		docMap[i] = j
		if d.HasText {
			if err := c.SetText(j, d.Text, Pos{Path: "document " + strconv.Quote(d.Name)}); err != nil {
				return err
			}
		}
		if d.Time {
			c.Documents[j].Time = true
		}
		if c.Documents[j].Extent == ([2]float64{}) {
			c.Documents[j].Extent = d.Extent
		}
		if c.Documents[j].Tokens == nil {
			c.Documents[j].Tokens = d.Tokens
		}
	}
	annMap := make([]int, len(o.Annotators))
	for i, a := range o.Annotators {
		annMap[i] = c.Annotator(a)
	}
	for i, d := range o.Documents {
		for _, a := range d.AnnotatedBy {
			c.MarkAnnotated(docMap[i], annMap[a])
		}
	}
	base := len(c.Spans)
	for _, s := range o.Spans {
		s.Doc, s.Annotator = docMap[s.Doc], annMap[s.Annotator]
		c.Spans = append(c.Spans, s)
	}
	for _, l := range o.Labels {
		l.Doc, l.Annotator = docMap[l.Doc], annMap[l.Annotator]
		c.Labels = append(c.Labels, l)
	}
	for _, r := range o.Relations {
		r.Doc, r.Annotator = docMap[r.Doc], annMap[r.Annotator]
		r.Source += base
		r.Target += base
		c.Relations = append(c.Relations, r)
	}
	c.Notes = append(c.Notes, o.Notes...)
	return nil
}

// Validate checks the corpus: indexes in range, finite offsets with
// 0 ≤ start ≤ end (seconds may be negative), the parts of a discontinuous
// span ordered, disjoint and spanning [Start, End], text offsets whole
// numbers within the document text, and relations linking spans of their
// own document and annotator. Errors name the position the item was read at.
func (c *Corpus) Validate() error {
	textLen := make([]int, len(c.Documents))
	for d, doc := range c.Documents {
		textLen[d] = -1
		if doc.HasText && !doc.Time {
			textLen[d] = CodePoints(doc.Text)
		}
	}
	for i := range c.Spans {
		if err := c.checkSpan(&c.Spans[i], textLen); err != nil {
			return err
		}
	}
	for _, l := range c.Labels {
		if l.Doc < 0 || l.Doc >= len(c.Documents) || l.Annotator < 0 || l.Annotator >= len(c.Annotators) {
			return l.Pos.Errorf("document label refers to an unknown document or annotator")
		}
	}
	for _, r := range c.Relations {
		if r.Source < 0 || r.Source >= len(c.Spans) || r.Target < 0 || r.Target >= len(c.Spans) {
			return r.Pos.Errorf("relation %q refers to an unknown span", r.Type)
		}
		for _, e := range []int{r.Source, r.Target} {
			if s := c.Spans[e]; s.Doc != r.Doc || s.Annotator != r.Annotator {
				return r.Pos.Errorf("relation %q links a span of another document or annotator (%v)", r.Type, s.Pos)
			}
		}
	}
	return nil
}

func (c *Corpus) checkSpan(s *Span, textLen []int) error {
	if s.Doc < 0 || s.Doc >= len(c.Documents) || s.Annotator < 0 || s.Annotator >= len(c.Annotators) {
		return s.Pos.Errorf("span refers to an unknown document or annotator")
	}
	doc := &c.Documents[s.Doc]
	parts := s.PartsOrSelf()
	if len(s.Parts) == 1 {
		return s.Pos.Errorf("a discontinuous span needs at least two parts")
	}
	for k, p := range parts {
		if err := CheckBounds(p.Start, p.End, doc.Time); err != nil {
			return s.Pos.Errorf("%w", err)
		}
		if k > 0 && p.Start < parts[k-1].End {
			return s.Pos.Errorf("the parts of a discontinuous span must be in order and not overlap")
		}
		if n := textLen[s.Doc]; n >= 0 && p.End > float64(n) {
			return s.Pos.Errorf("span ends at %v, after the end of the text of %q (%d code points)", p.End, doc.Name, n)
		}
	}
	if parts[0].Start != s.Start || parts[len(parts)-1].End != s.End {
		return s.Pos.Errorf("span [%v, %v) is not the hull of its parts", s.Start, s.End)
	}
	return nil
}

// CheckBounds checks one [start, end): finite numbers with start ≤ end,
// whose length is finite; for text offsets (time false) whole numbers
// ≥ 0 below 2^53.
func CheckBounds(start, end float64, time bool) error {
	switch {
	case math.IsNaN(start) || math.IsNaN(end) || math.IsInf(start, 0) || math.IsInf(end, 0):
		return fmt.Errorf("offsets [%v, %v) are not finite numbers", start, end)
	case start > end:
		return fmt.Errorf("start %v is after end %v", start, end)
	case math.IsInf(end-start, 0):
		return fmt.Errorf("the length of [%v, %v) overflows", start, end)
	}
	if !time {
		const maxInt = 1 << 53
		if start < 0 || start != math.Trunc(start) || end != math.Trunc(end) || end > maxInt {
			return fmt.Errorf("text offsets [%v, %v) must be whole numbers from 0 to 2^53", start, end)
		}
	}
	return nil
}

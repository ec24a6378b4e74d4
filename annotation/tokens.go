package annotation

import (
	"errors"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode"

	"agree/coding"
)

// Outside says what token agreement does with the tokens outside every
// span (the "O" tokens).
type Outside int

const (
	// OutsideCategory codes a token outside an annotator's spans with the
	// outside label: "O" is a category like the others.
	OutsideCategory Outside = iota
	// OutsideExclude leaves out the tokens no annotator marked; a token
	// some annotators marked is still coded outside for the others. With
	// most tokens outside every span, this choice moves token κ more than
	// any other.
	OutsideExclude
)

// String returns "category" or "exclude".
func (o Outside) String() string {
	if o == OutsideExclude {
		return "exclude"
	}
	return "category"
}

// ParseOutside reads "category" or "exclude".
func ParseOutside(s string) (Outside, error) {
	switch s {
	case "category":
		return OutsideCategory, nil
	case "exclude":
		return OutsideExclude, nil
	}
	return 0, fmt.Errorf("unknown outside treatment %q (want category or exclude)", s)
}

// TokenOptions parameterise the projection of spans onto tokens.
type TokenOptions struct {
	// Layer chooses the spans' layer (SpanLayer).
	Layer   string
	Outside Outside
	// OutsideLabel is the value of a token outside every span; "" means
	// "O".
	OutsideLabel string
	// BIO codes a token B-LABEL when it is the first token of a span and
	// I-LABEL otherwise (so that two adjacent spans of one label differ
	// from one long span); otherwise a token's value is its span's label.
	BIO bool
	// Whitespace tokenises every document's text at white space even when
	// the format gives tokens (Document.Tokens).
	Whitespace bool
	// SetSep joins the labels of a token that several spans of one
	// annotator cover (sorted, distinct); "" means "|".
	SetSep string
	// Documents says which annotators code a document's tokens: with
	// AnnotatedDocuments those who annotated it (Corpus.Annotated), the
	// others having missing values, and a document fewer than two
	// annotated is left out (TokenStats.Single); with AllDocuments (the
	// zero value) every annotator codes every document (a document without
	// spans of an annotator is all outside). Corpus.DefaultScope is the
	// default of the command line.
	Documents Scope
}

// TokenStats says what a projection did.
type TokenStats struct {
	Documents, Tokens int
	// Excluded counts the tokens left out (OutsideExclude); Multiple the
	// (token, annotator) cells covered by spans of several labels.
	Excluded, Multiple int
	// Single counts the documents left out because fewer than two
	// annotators annotated them (AnnotatedDocuments).
	Single int
	// Tokenisation is "whitespace", "format" (the tokens the input
	// carries) or "format and whitespace" when documents differ.
	Tokenisation string
	// Items are each document's items, [First, End) in the data, in
	// document order (documents without items are left out).
	Items []DocumentItems
}

// DocumentItems are the items of one document in token data.
type DocumentItems struct {
	Document   string
	First, End int
}

// TokenCoding projects the spans of one layer onto the tokens of their
// documents: reliability data with one item per token (id
// "document:k", k counted from 1 in the document) and one coder per
// annotator, a token's value being the label of the span that covers it
// (shares a character with it), opt.OutsideLabel when none does. Tokens
// are those the format carries (Document.Tokens) or else the maximal runs
// of non-space characters of the document's text; a document with
// neither is an error. This is the token grid on which every coefficient
// of the coding engine applies (token-level κ/α), and on which a label's
// F1 between two annotators is the positive specific agreement of that
// label (Hripcsak & Rothschild 2005).
func (c *Corpus) TokenCoding(opt TokenOptions) (*coding.Data, TokenStats, error) {
	var st TokenStats
	layer, err := c.SpanLayer(opt.Layer)
	if err != nil {
		return nil, st, err
	}
	out := opt.OutsideLabel
	if out == "" {
		out = "O"
	}
	sep := opt.SetSep
	if sep == "" {
		sep = "|"
	}
	nAnn := len(c.Annotators)
	if nAnn == 0 {
		return nil, st, errors.New("no annotators")
	}
	byDoc := make([][]int, len(c.Documents))
	for i := range c.Spans {
		s := &c.Spans[i]
		if s.Layer == layer {
			if s.Label == out {
				return nil, st, s.Pos.Errorf("a span labelled %q, the label of tokens outside every span; choose another outside label", out)
			}
			byDoc[s.Doc] = append(byDoc[s.Doc], i)
		}
	}
	annotatedOnly := opt.Documents == AnnotatedDocuments
	var annotated [][]int
	if annotatedOnly {
		annotated = c.Annotated()
	}
	b := coding.NewBuilder()
	for _, a := range c.Annotators {
		b.Coder(a)
	}
	kinds := map[string]bool{}
	for d := range c.Documents {
		doc := &c.Documents[d]
		if annotatedOnly && len(annotated[d]) < 2 {
			st.Single++
			continue
		}
		toks, kind, err := documentTokens(doc, opt.Whitespace)
		if err != nil {
			return nil, st, err
		}
		kinds[kind] = true
		st.Documents++
		// labels[a][t]: the labels annotator a gave token t
		labels := make([][][]string, nAnn)
		for _, i := range byDoc[d] {
			s := &c.Spans[i]
			if labels[s.Annotator] == nil {
				labels[s.Annotator] = make([][]string, len(toks))
			}
			first := true
			for _, p := range s.PartsOrSelf() {
				if p.End <= p.Start {
					continue // an empty part shares no character with a token
				}
				// the first token ending after the part starts
				t := sort.Search(len(toks), func(k int) bool { return float64(toks[k].End) > p.Start })
				for ; t < len(toks) && float64(toks[t].Start) < p.End; t++ {
					l := s.Label
					if opt.BIO {
						if first {
							l = "B-" + l
						} else {
							l = "I-" + l
						}
					}
					first = false
					if !slices.Contains(labels[s.Annotator][t], l) {
						labels[s.Annotator][t] = append(labels[s.Annotator][t], l)
					}
				}
			}
		}
		coded := make([]bool, nAnn)
		for a := range coded {
			coded[a] = !annotatedOnly
		}
		if annotatedOnly {
			for _, a := range annotated[d] {
				coded[a] = true
			}
		}
		first := st.Tokens
		for t := range toks {
			marked := false
			for a := range nAnn {
				if coded[a] && labels[a] != nil && len(labels[a][t]) > 0 {
					marked = true
				}
			}
			if !marked && opt.Outside == OutsideExclude {
				st.Excluded++
				continue
			}
			i := b.AppendItem(doc.Name + ":" + strconv.Itoa(t+1))
			st.Tokens++
			for a := range nAnn {
				if !coded[a] {
					continue
				}
				v := out
				if labels[a] != nil && len(labels[a][t]) > 0 {
					ls := labels[a][t]
					if len(ls) > 1 {
						st.Multiple++
						ls = slices.Clone(ls)
						slices.Sort(ls)
					}
					v = strings.Join(ls, sep)
				}
				if err := b.Set(i, a, v, coding.Pos{}); err != nil {
					return nil, st, err
				}
			}
		}
		if st.Tokens > first {
			st.Items = append(st.Items, DocumentItems{doc.Name, first, st.Tokens})
		}
	}
	switch {
	case kinds["format"] && kinds["whitespace"]:
		st.Tokenisation = "format and whitespace"
	case kinds["format"]:
		st.Tokenisation = "format"
	default:
		st.Tokenisation = "whitespace"
	}
	if st.Tokens == 0 && st.Single > 0 {
		return nil, st, fmt.Errorf("no document was annotated by two annotators (%d annotated by fewer): nothing to compare", st.Single)
	}
	if st.Tokens == 0 {
		return nil, st, errors.New("no tokens to compare")
	}
	d, err := b.Build()
	return d, st, err
}

// documentTokens returns the tokens of a document: the format's, or the
// runs of non-space characters of its text.
func documentTokens(doc *Document, whitespace bool) ([]Token, string, error) {
	if doc.Time {
		return nil, "", fmt.Errorf("document %q is a time continuum: token agreement needs a text or tokens", doc.Name)
	}
	if len(doc.Tokens) > 0 && !whitespace {
		return doc.Tokens, "format", nil
	}
	if !doc.HasText {
		return nil, "", fmt.Errorf("document %q has no text and no tokens, so it cannot be cut into tokens (a span CSV carries neither: read a format with the text, such as brat, WebAnno, Label Studio, the JSONL of agree convert, or BIO files)", doc.Name)
	}
	var toks []Token
	start := -1
	k := 0
	for _, r := range doc.Text {
		if unicode.IsSpace(r) {
			if start >= 0 {
				toks = append(toks, Token{start, k})
				start = -1
			}
		} else if start < 0 {
			start = k
		}
		k++
	}
	if start >= 0 {
		toks = append(toks, Token{start, k})
	}
	return toks, "whitespace", nil
}

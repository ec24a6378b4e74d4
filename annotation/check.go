package annotation

import (
	"fmt"
	"strings"
	"unicode"
)

// TextMismatch is the error of CheckText: the covered text a file gives for
// a span differs from the document text between the span's offsets.
type TextMismatch struct {
	Span    *Span
	Doc     string
	InText  string // the document text between the span's offsets
	InFile  string // the covered text the file gives
	Quoted  string // a short description of the span ("T3 [6, 10)")
	Message string
}

func (e *TextMismatch) Error() string { return e.Message }

// CheckText checks the covered text of every span that has one (Span.Text)
// against the text of its document, where the document has a text: the
// text between the offsets (the parts joined by one space for a
// discontinuous span) must equal it, whitespace characters counting as
// equal to each other (tools write a line break in covered text as a
// space). A mismatch is the most common silent error in this field (offsets
// counted in another unit than the reader assumed); the first one is
// returned as a *TextMismatch naming the file position, the span and both
// strings.
func (c *Corpus) CheckText() error {
	offs := make(map[int]*Offsets)
	for i := range c.Spans {
		s := &c.Spans[i]
		if s.Text == "" || s.Doc < 0 || s.Doc >= len(c.Documents) {
			continue
		}
		doc := &c.Documents[s.Doc]
		if !doc.HasText || doc.Time {
			continue
		}
		o := offs[s.Doc]
		if o == nil {
			var err error
			if o, err = NewOffsets(doc.Text, CodePoint); err != nil {
				return err
			}
			offs[s.Doc] = o
		}
		var b strings.Builder
		for k, p := range s.PartsOrSelf() {
			if k > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(o.Text(int(p.Start), int(p.End)))
		}
		got := b.String()
		if got == s.Text || sameUpToSpace(got, s.Text) {
			continue
		}
		desc := fmt.Sprintf("[%v, %v)", s.Start, s.End)
		if s.ID != "" {
			desc = s.ID + " " + desc
		}
		return &TextMismatch{Span: s, Doc: doc.Name, InText: got, InFile: s.Text, Quoted: desc,
			Message: fmt.Sprintf("%v: span %s of document %q covers %q in the text, but the file gives %q",
				s.Pos, desc, doc.Name, truncate(got), truncate(s.Text))}
	}
	return nil
}

// sameUpToSpace reports whether a and b are equal when every whitespace
// character counts as the same character.
func sameUpToSpace(a, b string) bool {
	ra, rb := []rune(a), []rune(b)
	if len(ra) != len(rb) {
		return false
	}
	for i := range ra {
		if ra[i] != rb[i] && !(unicode.IsSpace(ra[i]) && unicode.IsSpace(rb[i])) {
			return false
		}
	}
	return true
}

// SameText reports whether the text between a span's offsets and the
// covered text a file gives for it are the same, as CheckText compares them
// (whitespace characters equal to each other). Readers use it to report a
// mismatch at the span itself.
func SameText(inText, inFile string) bool { return inText == inFile || sameUpToSpace(inText, inFile) }

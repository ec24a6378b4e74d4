package coref

import (
	"fmt"
	"io"
	"io/fs"
	"path"
	"path/filepath"
	"strings"

	"agree/annotation"
	"agree/coref"
	"agree/formats/brat"
)

// BratOptions select what a brat .ann file contributes.
type BratOptions struct {
	// Relations are the relation types (case-insensitive) that link two
	// mentions of one chain, besides Equiv lines. Nil means the default
	// "Coreference", "Coref", "Anaphora".
	Relations []string
	// Types, if non-empty, keeps only text-bound annotations of these types
	// (case-sensitive) as mentions; nil keeps every text-bound annotation.
	Types []string
}

func (o BratOptions) brat() brat.Options {
	return brat.Options{ChainRelations: o.Relations, Types: o.Types}
}

// ReadBrat reads one annotator's brat standoff file (shared/reference/
// formats.md §3.1) for document doc into b, with the brat reader
// (agree/formats/brat) and Corpus.Coref. Mentions are the text-bound
// annotations ("T<n>\t<Type> <start> <end>[;<start> <end>…]\t<text>"),
// identified by their character offsets ("12-17", or "32-37;48-55" for a
// discontinuous span) so that annotators' files can be compared; chains are
// the connected components of the "*\tEquiv T1 T2 …" lines (or "*" lines of
// a configured relation type, brat's symmetric-transitive relations) and of
// the coreference relations ("R<n>\tCoreference Arg1:T1 Arg2:T2"). A mention in
// no chain is a singleton. The chain id is the lowest T id of the
// component. Other lines (events, attributes, notes, normalisations) are
// ignored. Two text-bound annotations with the same offsets are one mention
// repeated, handled by the Builder's duplicate policy. Errors name the file
// and line: malformed lines, and links to unknown or filtered-out T ids.
//
// A file must hold at least one mention: an empty file, a file of other
// annotations only, or one whose mentions --brat-types filters out is an
// error (within a directory, ReadBratDir requires one mention in all). A
// line whose id is not a brat id (T, R, E, A, M, N or # followed by a
// number, or *) is an error: the file is not brat standoff.
// The document text is not known here, so covered texts are not checked
// (ReadBratDir checks them against the .txt files).
func ReadBrat(r io.Reader, name, annotator, doc string, opt BratOptions, b *coref.Builder) error {
	c := &annotation.Corpus{}
	if err := brat.ReadAnn(c, r, name, nil, doc, annotator, opt.brat()); err != nil {
		return err
	}
	if len(c.Spans) == 0 {
		return noBratMention(name, opt)
	}
	return bratMentions(c, b)
}

func noBratMention(name string, opt BratOptions) error {
	if len(opt.Types) > 0 {
		return fmt.Errorf("%s: no text-bound annotation of the types %s (--brat-types)", name, strings.Join(opt.Types, ", "))
	}
	return fmt.Errorf("%s: no text-bound annotation (T lines): no mention to compare", name)
}

// ReadBratDir reads every .ann file under dir (recursively, in lexical
// order) as annotator's annotation; a file's document name is its path
// relative to dir without the .ann extension, so that two annotators'
// directories with the same layout are compared document by document.
// Where a .txt is next to the .ann, offsets and covered texts are checked
// against it.
func ReadBratDir(dir, annotator string, opt BratOptions, b *coref.Builder) error {
	c := &annotation.Corpus{}
	if err := brat.ReadDir(c, dir, annotator, opt.brat()); err != nil {
		return err
	}
	if len(c.Spans) == 0 {
		return noBratMention(dir+" (every .ann file)", opt)
	}
	return bratMentions(c, b)
}

// ReadBratFS is ReadBratDir on the directory dir of a file system (a
// slash path in fsys, "." for its root); root names fsys in messages (the
// folder or archive it is).
func ReadBratFS(fsys fs.FS, dir, root, annotator string, opt BratOptions, b *coref.Builder) error {
	c := &annotation.Corpus{}
	o := opt.brat()
	o.Root = root
	if err := brat.ReadFS(c, fsys, dir, annotator, o); err != nil {
		return err
	}
	if len(c.Spans) == 0 {
		return noBratMention(path.Join(filepath.ToSlash(root), dir)+" (every .ann file)", opt)
	}
	return bratMentions(c, b)
}

// bratMentions adds every text-bound annotation (entities and event
// triggers alike) as a mention; one in no chain is a singleton named by its
// own id, as the lowest id of its one-member component.
func bratMentions(c *annotation.Corpus, b *coref.Builder) error {
	for i := range c.Spans {
		s := &c.Spans[i]
		s.Layer = ""
		if s.Chain == "" {
			s.Chain = s.ID
		}
	}
	return c.Coref(b, "")
}

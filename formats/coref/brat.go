package coref

import (
	"fmt"
	"io"
	"io/fs"
	"path"
	"path/filepath"
	"strconv"
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
// annotations ("T<n>\t<Type> <start> <end>[;<start> <end>…]\t<text>") of
// one layer (see MentionLayer: entities, `entity`, unless event triggers
// are in chains too), identified by their character offsets ("12-17", or
// "32-37;48-55" for a discontinuous span: one mention, never split into its
// parts) so that annotators' files can be compared; chains are
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
//
// These are the mentions that the same files give through the annotation
// model (agree convert --to jsonl, then Mentions): one convention on every
// route.
func ReadBrat(r io.Reader, name, annotator, doc string, opt BratOptions, b *coref.Builder) error {
	c := &annotation.Corpus{}
	if err := ReadBratTo(c, r, name, annotator, doc, opt); err != nil {
		return err
	}
	return BratMentions(c, b, "")
}

// ReadBratTo is ReadBrat into a corpus, so that several annotators' files
// are read before the mentions are chosen (BratMentions).
func ReadBratTo(c *annotation.Corpus, r io.Reader, name, annotator, doc string, opt BratOptions) error {
	n := len(c.Spans)
	if err := brat.ReadAnn(c, r, name, nil, doc, annotator, opt.brat()); err != nil {
		return err
	}
	if len(c.Spans) == n {
		return noBratMention(name, opt)
	}
	return nil
}

func noBratMention(name string, opt BratOptions) error {
	if len(opt.Types) > 0 {
		return fmt.Errorf("%s: no text-bound annotation of the types %s (BratOptions.Types)", name, strings.Join(opt.Types, ", "))
	}
	return fmt.Errorf("%s: no text-bound annotation (T lines): no mention to compare", name)
}

// ReadBratDir reads every .ann file under dir (recursively, in lexical
// order) as annotator's annotation; a file's document name is its path
// relative to dir without the .ann extension, so that two annotators'
// directories with the same layout are compared document by document.
// Where a .txt is next to the .ann, offsets and covered texts are checked
// against it. Mentions are chosen as by ReadBrat.
func ReadBratDir(dir, annotator string, opt BratOptions, b *coref.Builder) error {
	c := &annotation.Corpus{}
	if err := ReadBratDirTo(c, dir, annotator, opt); err != nil {
		return err
	}
	return BratMentions(c, b, "")
}

// ReadBratDirTo is ReadBratDir into a corpus (see ReadBratTo).
func ReadBratDirTo(c *annotation.Corpus, dir, annotator string, opt BratOptions) error {
	n := len(c.Spans)
	if err := brat.ReadDir(c, dir, annotator, opt.brat()); err != nil {
		return err
	}
	if len(c.Spans) == n {
		return noBratMention(dir+" (every .ann file)", opt)
	}
	return nil
}

// ReadBratFS is ReadBratDir on the directory dir of a file system (a
// slash path in fsys, "." for its root); root names fsys in messages (the
// folder or archive it is).
func ReadBratFS(fsys fs.FS, dir, root, annotator string, opt BratOptions, b *coref.Builder) error {
	c := &annotation.Corpus{}
	if err := ReadBratFSTo(c, fsys, dir, root, annotator, opt); err != nil {
		return err
	}
	return BratMentions(c, b, "")
}

// ReadBratFSTo is ReadBratFS into a corpus (see ReadBratTo).
func ReadBratFSTo(c *annotation.Corpus, fsys fs.FS, dir, root, annotator string, opt BratOptions) error {
	n := len(c.Spans)
	o := opt.brat()
	o.Root = root
	if err := brat.ReadFS(c, fsys, dir, annotator, o); err != nil {
		return err
	}
	if len(c.Spans) == n {
		return noBratMention(path.Join(filepath.ToSlash(root), dir)+" (every .ann file)", opt)
	}
	return nil
}

// BratMentions adds the mentions of a corpus read from brat files to b:
// those of layer (see MentionLayer), a mention in no chain being a
// singleton named by its own T id (the lowest id of its one-member
// component).
func BratMentions(c *annotation.Corpus, b *coref.Builder, layer string) error {
	layer, err := MentionLayer(c, layer)
	if err != nil {
		return err
	}
	for i := range c.Spans {
		if s := &c.Spans[i]; s.Chain == "" && s.Layer == layer {
			s.Chain = s.ID
		}
	}
	return c.Coref(b, layer)
}

// Mentions adds the spans of one layer of c (see MentionLayer) to b as
// mentions, with their chains (annotation.Corpus.Coref): how agree coref
// reads every annotation format.
func Mentions(c *annotation.Corpus, b *coref.Builder, layer string) error {
	layer, err := MentionLayer(c, layer)
	if err != nil {
		return err
	}
	return c.Coref(b, layer)
}

// MentionLayer chooses the layer whose spans are the mentions: layer when
// it is given, else the only span layer, else the only layer whose spans
// are in chains (brat files keep entities in layer "entity" and event
// triggers in "event"; coreference chains are usually the entities', and
// entity and event coreference are scored apart). Several layers with
// chains, or several layers none with chains, are an error listing them.
func MentionLayer(c *annotation.Corpus, layer string) (string, error) {
	layers := c.Layers()
	if layer != "" || len(layers) <= 1 {
		return c.SpanLayer(layer)
	}
	chained := map[string]bool{}
	for i := range c.Spans {
		if s := &c.Spans[i]; s.Chain != "" {
			chained[s.Layer] = true
		}
	}
	var with []string
	for _, l := range layers {
		if chained[l] {
			with = append(with, l)
		}
	}
	if len(with) == 1 {
		return with[0], nil
	}
	quoted := func(xs []string) string {
		q := make([]string, len(xs))
		for i, x := range xs {
			q[i] = strconv.Quote(x)
		}
		return strings.Join(q, ", ")
	}
	if len(with) == 0 {
		return "", fmt.Errorf("the spans are in %d layers (%s), none in a chain: choose the mentions' layer with Options.Layer", len(layers), quoted(layers))
	}
	return "", fmt.Errorf("the spans are in %d layers (%s) and those of %s are in chains: choose the mentions' layer with Options.Layer (entity and event coreference are scored apart)", len(layers), quoted(layers), quoted(with))
}

package main

import (
	"flag"
	"fmt"
	"slices"
	"strings"

	"agree/annotation"
	"agree/coref"
	"agree/formats"
	corefio "agree/formats/coref"
	"agree/formats/units"
	"agree/internal/view"
	"agree/unitizing"
)

// inputFlags are the flags of the commands that read annotation files
// through the annotation model (package formats): --input and the reading
// options. They are registered by register and turned into
// formats.Options by options.
type inputFlags struct {
	input, offsetUnit, tiers, layer, unaligned, labelFeature string
	column                                                   int
	curation                                                 bool
}

// register adds the flags to fs; withInput is false for a command that
// defines its own --input (coref).
func (f *inputFlags) register(fs *flag.FlagSet, withInput bool) {
	if withInput {
		fs.StringVar(&f.input, "input", "auto", "input format: auto (from each file's extension and content) or one of "+strings.Join(formats.Names(), ", "))
	}
	fs.StringVar(&f.offsetUnit, "offset-unit", "", "what text offsets count: codepoint, utf16 or byte (default: the tool's documented unit, e.g. utf16 for WebAnno, INCEpTION, XMI and doccano)")
	fs.StringVar(&f.tiers, "tiers", "", "ELAN/Praat tiers → annotators: A=TierA,B=TierB, a regular expression whose first group names the annotator, annotator (ELAN's ANNOTATOR attribute), dir or file (one file per annotator, named by its directory or by itself); default: the ANNOTATOR attribute if any, else the tier names")
	fs.StringVar(&f.layer, "layer", "", "the span layer or document-label layer to measure (needed when the data has several; an error lists them)")
	fs.StringVar(&f.labelFeature, "label-feature", "", "WebAnno TSV, INCEpTION and UIMA files: the feature whose value is the label, in the layers that have it (default: value, else the DKPro Core tag feature, else a layer's only feature)")
	fs.IntVar(&f.column, "column", 0, "BIO files: the column of the tags, counted from 1 (default: the last column)")
	bound(fs, "column", between(1, 10_000))
	fs.StringVar(&f.unaligned, "unaligned", "interpolate", "ELAN time slots without a time: interpolate (evenly between the aligned slots around them, as ELAN shows them) or refuse")
	fs.BoolVar(&f.curation, "curation", false, "INCEpTION/WebAnno project exports: read the curation documents too (as annotator CURATION_USER)")
}

// options returns the reading options; cmd names the command in warnings.
func (f *inputFlags) options(e env, cmd string, dropZero bool) formats.Options {
	return formats.Options{Format: f.input, OffsetUnit: f.offsetUnit, Tiers: f.tiers, Column: f.column,
		Layer: f.layer, LabelFeature: f.labelFeature, Curation: f.curation, Unaligned: f.unaligned, DropZeroLength: dropZero, Stdin: e.stdin,
		Warn: func(msg string) { fmt.Fprintf(e.stderr, "agree %s: warning: %s\n", cmd, msg) }}
}

// check validates the flags before any file is read (usage errors).
func (f *inputFlags) check(cmd string) error {
	o := formats.Options{Format: f.input, OffsetUnit: f.offsetUnit, Tiers: f.tiers, Column: f.column, Unaligned: f.unaligned}
	if err := o.Check(); err != nil {
		return usagef("%s: %v", cmd, err)
	}
	return nil
}

// readCorpus reads the files through the annotation model and prints the
// readers' notes (what they skipped, with counts) on standard error.
func readCorpus(e env, cmd string, files []string, opt formats.Options) (*annotation.Corpus, error) {
	c, err := formats.ReadInputs(e.inputs(files), opt)
	if err != nil {
		return nil, err
	}
	printNotes(e, cmd, c.Notes)
	return c, nil
}

func printNotes(e env, cmd string, notes []string) {
	if e.quiet != nil && e.quiet.quiet {
		return
	}
	for _, n := range notes {
		fmt.Fprintf(e.stderr, "agree %s: note: %s\n", cmd, n)
	}
}

// unitInput is what gamma and unitizing read: continua, and the natural
// extent of each continuum read from a document that has one.
type unitInput struct {
	corpus unitizing.Corpus
	// extent maps a continuum name to its document's extent: [0, the
	// length of its text in code points], or the extent the format gives
	// (a TextGrid's xmin and xmax); absent when neither is known.
	extent map[string]unitizing.Extent
	// rule is the document rule applied (--documents), with the continua
	// skipped for having fewer than two annotators.
	rule *view.DocumentRule
}

// readUnits reads the unit files of gamma and unitizing. Unit CSV and RTTM
// files (and directories of them) are read as they always were, one
// continuum per file (formats.UnitFiles); any other input goes through the
// annotation model, one continuum per document, from the spans of --layer.
// The annotators of a continuum follow --documents (docs), and a continuum
// with fewer than two is left out (unitContinua).
func readUnits(e env, cmd string, files []string, in *inputFlags, docs *documentsFlag, dropZero bool, comma rune) (unitInput, error) {
	out := unitInput{extent: map[string]unitizing.Extent{}}
	ins := e.inputs(files)
	legacy, err := formats.UnitFiles(ins, in.input)
	if err != nil {
		return out, err
	}
	warn := func(msg string) { fmt.Fprintf(e.stderr, "agree %s: warning: %s\n", cmd, msg) }
	if legacy {
		rd := units.Reader{DropZeroLength: dropZero, Comma: comma, Warn: warn}
		if out.corpus, err = formats.ReadUnitFiles(ins, rd); err != nil {
			return out, err
		}
		return out, unitContinua(cmd, &out, docs)
	}
	if comma != 0 && comma != ',' {
		return out, usagef("%s: --sep applies to unit CSV files (annotator,category,start,end); these inputs are read as %s", cmd, in.input)
	}
	c, err := readCorpus(e, cmd, files, in.options(e, cmd, dropZero))
	if err != nil {
		return out, err
	}
	if len(c.Spans) == 0 {
		return out, missingContent(cmd, "spans (units)", c)
	}
	layer, err := c.SpanLayer(in.layer)
	if err != nil {
		return out, err
	}
	for i := range c.Spans {
		s := &c.Spans[i]
		if s.Layer == layer && s.Start == s.End {
			return out, fmt.Errorf("%v: zero-length unit at %v (a point, e.g. of a Praat point tier); units must have start < end: give --drop-zero-length to skip such units", s.Pos, s.Start)
		}
	}
	scope := docs.scope(c)
	if out.corpus, err = c.Continua(layer, scope); err != nil {
		return out, err
	}
	out.rule = docs.rule(c, view.DefaultMaxRows)
	if len(out.corpus.Continua) == 0 {
		return out, fmt.Errorf("%s: no spans in layer %q", strings.Join(files, ", "), layer)
	}
	for _, d := range c.Documents {
		switch {
		case d.HasText && !d.Time:
			out.extent[d.Name] = unitizing.Extent{Begin: 0, End: float64(annotation.CodePoints(d.Text))}
		case d.Extent != [2]float64{}:
			out.extent[d.Name] = unitizing.Extent{Begin: d.Extent[0], End: d.Extent[1]}
		}
	}
	return out, unitContinua(cmd, &out, docs)
}

// codingModelInput reports whether agree coding reads its files through
// the annotation model (their document labels) rather than as one CSV
// table (formats.IsTable). A table is one FILE.
func codingModelInput(e env, in *inputFlags, files []string) (bool, error) {
	if err := in.check("coding"); err != nil {
		return false, err
	}
	model := false
	for _, name := range files {
		table, err := formats.IsTable(e.input(name), in.input)
		if err != nil {
			return false, err
		}
		model = model || !table
	}
	if !model && len(files) > 1 {
		return false, usagef("coding: unexpected argument %q (a table is one FILE; several files need an annotation --input)", files[1])
	}
	return model, nil
}

// readCorefModel reads the files of agree coref that go through the
// annotation model, and adds the spans of --layer as mentions (their
// chains; a span in no chain is a singleton).
func readCorefModel(e env, files []string, input string, in *inputFlags, b *coref.Builder) error {
	if len(files) == 0 {
		return nil
	}
	in.input = input
	if input == "csv" || !slices.Contains(formats.Names(), input) {
		in.input = "auto"
	}
	if err := in.check("coref"); err != nil {
		return err
	}
	c, err := readCorpus(e, "coref", files, in.options(e, "coref", false))
	if err != nil {
		return err
	}
	return corefio.Mentions(c, b, in.layer)
}

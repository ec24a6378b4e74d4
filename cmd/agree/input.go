package main

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"agree/annotation"
	"agree/coref"
	"agree/formats"
	corefio "agree/formats/coref"
	"agree/formats/units"
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
	c, err := formats.Read(files, opt)
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
	rule *documentRuleJSON
}

// readUnits reads the unit files of gamma and unitizing. Unit CSV and RTTM
// files (and directories of them) are read as they always were, one
// continuum per file; any other input goes through the annotation model,
// one continuum per document, from the spans of --layer. The annotators of
// a continuum follow --documents (docs), and a continuum with fewer than
// two is left out (unitContinua).
func readUnits(e env, cmd string, files []string, in *inputFlags, docs *documentsFlag, dropZero bool, comma rune) (unitInput, error) {
	out := unitInput{extent: map[string]unitizing.Extent{}}
	var stdin []byte
	for _, f := range files {
		if f == "-" && stdin == nil {
			var err error
			if stdin, err = io.ReadAll(e.stdin); err != nil {
				return out, fmt.Errorf("stdin: %w", err)
			}
			if stdin == nil {
				stdin = []byte{}
			}
		}
	}
	legacy := true
	for _, f := range files {
		ok, err := legacyUnitInput(in.input, f, stdin)
		if err != nil {
			return out, err
		}
		legacy = legacy && ok
	}
	warn := func(msg string) { fmt.Fprintf(e.stderr, "agree %s: warning: %s\n", cmd, msg) }
	if legacy {
		rd := units.Reader{DropZeroLength: dropZero, Comma: comma, Warn: warn}
		for _, name := range files {
			if err := refuseEmptyFile(name); err != nil {
				return out, err
			}
			if name == "-" {
				if err := formats.CheckEmpty(stdin, "stdin"); err != nil {
					return out, err
				}
				c, err := rd.Read(bytes.NewReader(stdin), "stdin")
				if err != nil {
					return out, err
				}
				out.corpus.Continua = append(out.corpus.Continua, c)
				continue
			}
			cs, err := rd.ReadCorpus(name)
			if err != nil {
				return out, err
			}
			out.corpus.Continua = append(out.corpus.Continua, cs.Continua...)
		}
		return out, unitContinua(cmd, &out, docs)
	}
	if comma != 0 && comma != ',' {
		return out, usagef("%s: --sep applies to unit CSV files (annotator,category,start,end); these inputs are read as %s", cmd, in.input)
	}
	opt := in.options(e, cmd, dropZero)
	opt.Stdin = bytes.NewReader(stdin)
	c, err := readCorpus(e, cmd, files, opt)
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
	out.rule = docs.rule(c, defaultMaxRows)
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

// legacyUnitInput reports whether a path is read by the unit reader of
// formats/units as before the annotation model: a unit CSV or RTTM file,
// standard input in those formats, or a directory holding only such files
// (which that reader takes, not recursively).
func legacyUnitInput(input, name string, stdin []byte) (bool, error) {
	switch input {
	case "", "auto", "csv", "rttm":
	default:
		return false, nil
	}
	if name == "-" {
		return legacyData(input, stdin, "stdin"), nil
	}
	st, err := os.Stat(name)
	if err != nil {
		return false, err
	}
	if !st.IsDir() {
		if strings.EqualFold(filepath.Ext(name), ".zip") {
			return false, nil
		}
		data, err := readHead(name)
		if err != nil {
			return false, err
		}
		return legacyData(input, data, name), nil
	}
	ents, err := os.ReadDir(name)
	if err != nil {
		return false, err
	}
	for _, ent := range ents {
		if strings.HasPrefix(ent.Name(), ".") {
			continue
		}
		if ent.IsDir() {
			return false, nil
		}
		ext := strings.ToLower(filepath.Ext(ent.Name()))
		switch ext {
		case ".csv", ".rttm":
			data, err := readHead(filepath.Join(name, ent.Name()))
			if err != nil {
				return false, err
			}
			if !legacyData(input, data, ent.Name()) {
				return false, nil
			}
		case ".txt", ".md", "":
		default:
			if formats.KnownExtension(ext) {
				return false, nil
			}
		}
	}
	return true, nil
}

// legacyData reports whether a file's content is for the unit reader: not a
// span CSV, and not another format the annotation model reads.
func legacyData(input string, data []byte, name string) bool {
	if formats.IsSpanCSV(data) {
		return false
	}
	if input == "csv" || input == "rttm" {
		return true
	}
	f, err := formats.Detect(data, name)
	return err != nil || f == "csv" || f == "rttm"
}

// readHead returns the first 64 KiB of a file (enough to tell its format).
func readHead(name string) ([]byte, error) {
	fh, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer fh.Close()
	buf := make([]byte, 64<<10)
	n, err := io.ReadFull(fh, buf)
	if err == io.ErrUnexpectedEOF || err == io.EOF {
		err = nil
	}
	return buf[:n], err
}

// codingModelInput reports whether agree coding reads its files through
// the annotation model (their document labels) rather than as one CSV
// table: --input names an annotation format other than csv, or, with
// --input auto, a file is a directory, an archive or detected as such a
// format (a .json, .jsonl, … file). A table is one FILE.
func codingModelInput(in *inputFlags, files []string) (bool, error) {
	if err := in.check("coding"); err != nil {
		return false, err
	}
	model := false
	switch in.input {
	case "csv":
	case "", "auto":
		for _, name := range files {
			if name == "-" {
				continue
			}
			st, err := os.Stat(name)
			if err != nil {
				return false, err
			}
			if st.IsDir() || strings.EqualFold(filepath.Ext(name), ".zip") {
				model = true
				continue
			}
			data, err := readHead(name)
			if err != nil {
				return false, err
			}
			if f, err := formats.Detect(data, name); err == nil && (f != "csv" || formats.IsSpanCSV(data) || formats.IsRelationCSV(data)) {
				model = true // an annotation format, or the span CSV (token agreement)
			}
		}
	default:
		model = true
	}
	if !model && len(files) > 1 {
		return false, usagef("coding: unexpected argument %q (a table is one FILE; several files need an annotation --input)", files[1])
	}
	return model, nil
}

// corefCSVKind tells a span CSV (read through the annotation model: spans
// and their chain column) from coref's own annotator,mention,chain CSV.
func corefCSVKind(name string) (string, error) {
	if name == "-" {
		return "csv", nil
	}
	data, err := readHead(name)
	if err != nil {
		return "", err
	}
	if formats.IsSpanCSV(data) {
		return "model", nil
	}
	return "csv", nil
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

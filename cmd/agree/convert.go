package main

import (
	"fmt"
	"io"

	"agree/annotation"
	"agree/internal/plural"
)

const convertSynopsis = `convert [flags] FILE|DIR...

Reads annotation files (any --input format: the span CSV, Label Studio,
doccano, Prodigy, ELAN, Praat, BIO, brat, WebAnno/INCEpTION, UIMA, …) into
the annotation model and writes it, so that you can see what was read: the
span CSV (--to csv: document,annotator,start,end,label[,layer,chain,part_of,
text], offsets in code points or seconds) or the JSONL form of the whole
model (--to jsonl: annotators, documents with their text, spans, document
labels, relations, notes). --layer writes one layer only: its spans, its
document labels, and its relations (those of a relation layer of that
name, with their ends, and those between two of its spans). Output goes to
standard output, or to -o FILE.`

func runConvert(e env, args []string) error {
	fs := newFlagSet(e, "convert", convertSynopsis)
	to := fs.String("to", "csv", "output: csv (the span CSV) or jsonl (the whole model)")
	out := fs.String("o", "", "write to this file instead of standard output (never overwritten without --force)")
	force := fs.Bool("force", false, "overwrite the -o file if it exists")
	dropZero := fs.Bool("drop-zero-length", false, "leave out spans with start = end (with a warning each)")
	var in inputFlags
	in.register(fs, true)
	files, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(files) == 0 {
		fs.Usage()
		return usagef("convert: no input file (want at least one FILE)")
	}
	if err := oneOf(fs, "to", *to, "csv", "jsonl"); err != nil {
		return err
	}
	if err := in.check("convert"); err != nil {
		return err
	}
	if err := checkOutput(e, *out, "-o", *force, files); err != nil {
		return err
	}
	c, err := readCorpus(e, "convert", files, in.options(e, "convert", *dropZero))
	if err != nil {
		return err
	}
	if in.layer != "" {
		if c, err = c.Select(in.layer); err != nil {
			return fmt.Errorf("convert: %w", err)
		}
	}
	if *to == "csv" && (len(c.Labels) > 0 || len(c.Relations) > 0) {
		fmt.Fprintf(e.stderr, "agree convert: note: the span CSV holds spans only; %s and %s are left out (--to jsonl writes them)\n", plural.Count(len(c.Labels), "document label"), plural.Count(len(c.Relations), "relation"))
	}
	if *out != "" {
		return writeOutput(e, *out, *force, func(w io.Writer) error { return writeAnnotations(w, c, *to) })
	}
	return writeAnnotations(e.stdout, c, *to)
}

func writeAnnotations(w io.Writer, c *annotation.Corpus, to string) error {
	if to == "jsonl" {
		return annotation.WriteJSONL(w, c)
	}
	return annotation.WriteCSV(w, c)
}

package main

import (
	"context"
	"fmt"
	"io/fs"
	"path"
	"path/filepath"
	"strings"

	"agree/annotation"
	"agree/coref"
	"agree/formats"
	corefio "agree/formats/coref"
	"agree/inference"
	"agree/internal/version"
	"agree/internal/view/corefview"
	"agree/report"
)

func runCoref(e env, args []string) error {
	fs := newFlagSet(e, "coref", "coref [flags] FILE|DIR...  (CSV annotator,mention,chain[,document]; CoNLL-2012 or brat .ann/dir: one per annotator)")
	format := formatFlag(fs, "table")
	input := fs.String("input", "auto", "input format: auto (by extension; directories are brat, or CoNLL when they hold CoNLL files and no .ann), csv, conll, brat, or an annotation format ("+strings.Join(formats.Names(), ", ")+"; spans of --layer with their chains)")
	var in inputFlags
	in.register(fs, false)
	var docs documentsFlag
	docs.register(fs)
	names := fs.String("annotators", "", "comma-separated annotator names for CoNLL/brat inputs, one per FILE (default: file names without extension)")
	dups := fs.String("duplicates", "first", "repeated mentions: first (keep the first, as the reference scorer) or error")
	missing := fs.String("missing", "fail", "markables marked by only one annotator, for the link table and chains as sets (the scorer metrics take any mentions): fail (leave both out and list the differences), singletons (add them as singletons, Passonneau 1997) or skip (no link table; chains as sets with missing values)")
	chainSets := fs.String("chain-sets", "others", "chains as sets: others (the chain's other mentions, Passonneau 2006) or whole (the whole chain)")
	bratRel := fs.String("brat-relations", "Coreference,Coref,Anaphora", "brat relation types that link coreferent mentions (besides Equiv)")
	bratTypes := fs.String("brat-types", "", "comma-separated brat entity types to keep as mentions (default: all)")
	bootstrap := fs.Int("bootstrap", 0, "bootstrap resamples of the documents for intervals of every F1 (needs ≥ 2 documents); 0: none")
	seed := fs.Uint64("seed", 1, "seed of the bootstrap")
	workers := fs.Int("workers", 0, "parallel workers for the bootstrap (0: all cores; results do not depend on it)")
	level := fs.Float64("level", 0.95, "confidence level of the bootstrap intervals")
	bound(fs, "bootstrap", between(0, maxResamples))
	bound(fs, "workers", between(0, maxWorkers))
	bound(fs, "level", span(0, 1, "both"))
	var by byFlags
	by.register(fs, "micro", "macro")
	reference := fs.String("reference", "", "score each annotator's chains against annotator NAME's (the key): MUC, B³, CEAFe, LEA and CoNLL F1 with the reference as key")
	rep := reportFlag(fs)
	gateFlags(e, fs)
	files, f, err := commandArgs(fs, args, format, 1, -1)
	if err != nil {
		return err
	}
	if err := e.checkGate(fs, files); err != nil {
		return err
	}
	if err := by.check(fs); err != nil {
		return err
	}
	if err := in.check("coref"); err != nil {
		return err
	}
	if err := docs.check(fs); err != nil {
		return err
	}
	if err := rep.check(e, files); err != nil {
		return err
	}
	var policy coref.Duplicates
	switch *dups {
	case "first":
		policy = coref.KeepFirst
	case "error":
		policy = coref.RejectDuplicates
	default:
		return usagef("coref: --duplicates must be first or error, got %q", *dups)
	}
	if *missing != "fail" && *missing != "singletons" && *missing != "skip" {
		return usagef("coref: --missing must be fail, singletons or skip, got %q", *missing)
	}
	mode := coref.OtherMembers
	switch *chainSets {
	case "others":
	case "whole":
		mode = coref.WholeChain
	default:
		return usagef("coref: --chain-sets must be others or whole, got %q", *chainSets)
	}
	files, err = conllDirFiles(e, *input, files)
	if err != nil {
		return err
	}
	var annNames []string
	if *names != "" {
		annNames = strings.Split(*names, ",")
		if len(annNames) != len(files) {
			return usagef("coref: --annotators names %d annotators for %d files", len(annNames), len(files))
		}
	}
	opt := corefio.BratOptions{Relations: splitList(*bratRel), Types: splitList(*bratTypes)}

	b := coref.NewBuilder(policy)
	bc := &annotation.Corpus{} // brat inputs
	used := map[string]string{}
	var model []string // files read through the annotation model (input.go)
	for i, name := range files {
		kind, err := corefInputKind(e, *input, name)
		if err != nil {
			return err
		}
		if kind == "model" {
			model = append(model, name)
			continue
		}
		if kind == "brat" && annNames == nil {
			// a directory of annotators' folders (brat/alice, brat/bob),
			// perhaps in wrapping folders: one annotator per folder, as
			// the other commands read it
			if dirs := bratAnnotatorDirs(e, name); len(dirs) > 0 {
				for _, dir := range dirs {
					ann := path.Base(dir)
					if prev, dup := used[ann]; dup {
						return usagef("coref: %s and %s both give annotator %q; name them with --annotators", prev, filepath.Join(name, dir), ann)
					}
					used[ann] = filepath.Join(name, dir)
					if err := readCorefInput(e, kind, name, dir, ann, opt, b, bc); err != nil {
						return err
					}
				}
				continue
			}
		}
		ann := strings.TrimSuffix(filepath.Base(name), filepath.Ext(name))
		if annNames != nil {
			ann = strings.TrimSpace(annNames[i])
		}
		if kind != "csv" {
			if prev, dup := used[ann]; dup {
				return usagef("coref: %s and %s both give annotator %q; name them with --annotators", prev, name, ann)
			}
			used[ann] = name
		}
		if err := readCorefInput(e, kind, name, ".", ann, opt, b, bc); err != nil {
			return err
		}
	}
	if len(bc.Spans) > 0 {
		printNotes(e, "coref", bc.Notes)
		if err := corefio.BratMentions(bc, b, in.layer); err != nil {
			return err
		}
	}
	if err := readCorefModel(e, model, *input, &in, b); err != nil {
		return err
	}
	c, err := b.Build()
	if err != nil {
		return err
	}
	anns := c.Annotators()
	if len(anns) < 2 {
		return fmt.Errorf("coref: need at least two annotators, got %d (%s)", len(anns), strings.Join(anns, ", "))
	}
	if *bootstrap > 0 && len(c.Documents()) < 2 {
		return usagef("coref: --bootstrap resamples documents, and there is %d", len(c.Documents()))
	}
	out := corefview.Result{Header: version.NewHeader(), Annotators: anns, Documents: len(c.Documents()), Warnings: c.Warnings()}

	c, out.DocumentRule = docs.coref(c)
	if out.DocumentRule.Shown(out.Documents) {
		out.Notes = append(out.Notes, out.DocumentRule.Notes()...)
	}
	// Markables for the link table and chains as sets.
	rel := c
	var diffs []*coref.MarkableError
	for i := range anns {
		for j := i + 1; j < len(anns); j++ {
			if d := c.MarkableDifferences(i, j); d != nil {
				diffs = append(diffs, d)
			}
		}
	}
	setsOK := true
	if len(diffs) > 0 {
		switch *missing {
		case "fail":
			setsOK = false
			out.Notes = append(out.Notes, "markables differ between annotators: MUC, B³, CEAF, BLANC and LEA are defined for any mentions and use them as given (strict matching); the link table and chains as sets need the same markables and are left out (--missing singletons adds the missing ones as singletons, as Passonneau 1997 does; --missing skip leaves only the link table out)")
			for _, d := range diffs {
				out.Notes = append(out.Notes, corefview.MarkableSummary(d))
			}
		case "singletons":
			var added []string
			rel, added = c.WithSingletons()
			out.Notes = append(out.Notes, "markables differ between annotators: the link table and chains as sets use every annotator's markables plus the others' as singletons; the scorer metrics use the markables as given (strict matching)")
			out.Notes = append(out.Notes, added...)
		case "skip":
			out.Notes = append(out.Notes, "markables differ between annotators: no link table for the pairs concerned; chains as sets treat unmarked mentions as missing values")
		}
	}
	cs, err := corefview.NewChainSets(rel, mode, setsOK)
	if err != nil {
		return err
	}
	out.ChainsAsSets = cs

	for i := range anns {
		for j := i + 1; j < len(anns); j++ {
			if c.SharedDocuments(i, j) == 0 {
				continue // compared on nothing (document_rule.unshared_pairs)
			}
			p, err := corefview.NewPair(c, rel, i, j, mode, setsOK)
			if err != nil {
				return err
			}
			if *bootstrap > 0 {
				opt := inference.Options{Resamples: *bootstrap, Seed: *seed, Workers: *workers, Level: *level, Progress: e.status.set, KeepSamples: rep.active()}
				e.status.phase(fmt.Sprintf("bootstrap of %s/%s", anns[i], anns[j]), int64(*bootstrap))
				b, err := c.Bootstrap(context.Background(), i, j, opt)
				if err != nil {
					return err
				}
				p.Bootstrap = corefview.NewBootstrap(b)
			}
			out.Pairs = append(out.Pairs, p)
		}
	}
	if by.active() {
		out.AddDocuments(c, by.average)
	}
	if *reference != "" {
		ref, err := corefview.NewReference(&out, *reference)
		if err != nil {
			return usagef("coref: %v", err)
		}
		out.Reference = ref
	}
	e.observe(out)
	if err := rep.write(e, func() (*report.Page, error) { return corefview.Page(&out, files), nil }, files); err != nil || rep.only() {
		return err
	}
	if f == report.JSON {
		return report.WriteJSON(e.stdout, out)
	}
	return report.WriteTables(e.stdout, f, append(corefview.Tables(&out), out.Reference.Tables()...)...)
}

func splitList(s string) []string {
	var out []string
	for _, x := range strings.Split(s, ",") {
		if x = strings.TrimSpace(x); x != "" {
			out = append(out, x)
		}
	}
	return out
}

// bratAnnotatorDirs returns the annotators' folders of a brat directory
// (formats.BratAnnotators), or nil for one annotator's directory.
func bratAnnotatorDirs(e env, name string) []string {
	fsys, done, ok := bratTree(e, name)
	if !ok {
		return nil
	}
	defer done()
	dirs, err := formats.BratAnnotators(fsys)
	if err != nil {
		return nil
	}
	return dirs
}

// bratTree opens a directory input as a file system; ok is false for
// other inputs.
func bratTree(e env, name string) (fs.FS, func() error, bool) {
	in := e.input(name)
	if in.Stream() {
		return nil, nil, false
	}
	if dir, err := in.IsDir(); err != nil || !dir {
		return nil, nil, false
	}
	fsys, done, err := in.Tree()
	if err != nil {
		return nil, nil, false
	}
	return fsys, done, true
}

// conllDirFiles replaces each directory of CoNLL files among paths
// (formats.CoNLLFiles) by its files, each one annotator's as a CoNLL file
// given on its own.
func conllDirFiles(e env, flagValue string, paths []string) ([]string, error) {
	if flagValue != "auto" && flagValue != "conll" {
		return paths, nil
	}
	var out []string
	for _, name := range paths {
		in := e.input(name)
		files, err := formats.CoNLLFiles(in)
		if err != nil {
			return nil, err
		}
		if len(files) == 0 {
			out = append(out, name)
			continue
		}
		for _, f := range files {
			out = append(out, filepath.Join(name, filepath.FromSlash(f)))
		}
	}
	return out, nil
}

func corefInputKind(e env, flagValue, name string) (string, error) {
	kind, err := formats.CorefKind(e.input(name), flagValue)
	if err != nil && !strings.HasPrefix(err.Error(), "--input") {
		return "", err
	}
	if err != nil {
		return "", usagef("coref: %v", err)
	}
	return kind, nil
}

// readCorefInput reads one input of agree coref (not through the model):
// name is a path, or a folder of a brat directory (dir, a slash path in
// it). brat goes to the corpus bc, whose mentions are added once every
// input is read (corefio.BratMentions chooses their layer over all
// annotators, as for the other annotation formats); the annotator and
// documents are declared in b in the order read.
func readCorefInput(e env, kind, name, dir, ann string, opt corefio.BratOptions, b *coref.Builder, bc *annotation.Corpus) error {
	if kind == "brat" {
		docs := len(bc.Documents)
		if err := readBrat(e, name, dir, ann, opt, bc); err != nil {
			return err
		}
		b.Annotator(ann)
		for _, d := range bc.Documents[docs:] {
			b.Document(d.Name)
		}
		return nil
	}
	r, err := openInput(e, name)
	if err != nil {
		return err
	}
	defer r.Close()
	if kind == "csv" {
		return corefio.ReadCSV(r, name, b)
	}
	return corefio.ReadCoNLL(r, name, ann, b)
}

// readBrat reads a brat directory (its folder dir) or .ann file as
// annotator ann's into bc.
func readBrat(e env, name, dir, ann string, opt corefio.BratOptions, bc *annotation.Corpus) error {
	if fsys, done, ok := bratTree(e, name); ok {
		defer done()
		return corefio.ReadBratFSTo(bc, fsys, dir, name, ann, opt)
	}
	r, err := openInput(e, name)
	if err != nil {
		return err
	}
	defer r.Close()
	return corefio.ReadBratTo(bc, r, name, ann, strings.TrimSuffix(filepath.Base(name), ".ann"), opt)
}

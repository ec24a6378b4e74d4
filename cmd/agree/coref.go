package main

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"path"
	"path/filepath"
	"strings"

	"agree/annotation"
	"agree/coref"
	"agree/formats"
	corefio "agree/formats/coref"
	"agree/inference"
	"agree/internal/plural"
	"agree/internal/version"
	"agree/internal/view"
	"agree/report"
)

type prfJSON struct {
	Recall    report.Number `json:"recall"`
	Precision report.Number `json:"precision"`
	F1        report.Number `json:"f1"`
}

func toPRF(p coref.PRF) prfJSON {
	return prfJSON{report.Number(p.Recall), report.Number(p.Precision), report.Number(p.F1)}
}

type linkTableJSON struct {
	A int `json:"a"`
	B int `json:"b"`
	C int `json:"c"`
	D int `json:"d"`
}

type chainSetsJSON struct {
	Mode            string            `json:"mode"`
	MASI            report.Number     `json:"masi"`
	Jaccard         report.Number     `json:"jaccard"`
	Dice            report.Number     `json:"dice"`
	Passonneau      report.Number     `json:"passonneau"`
	Nominal         report.Number     `json:"nominal"`
	UndefinedReason map[string]string `json:"undefined_reason,omitempty"`
}

// corefPairJSON is one pair of annotators: the first is the key, the second
// the response (F1 values do not depend on the order).
type corefPairJSON struct {
	Annotators [2]string `json:"annotators"`
	// Documents is the number of documents the pair is compared on
	// (--documents).
	Documents       int               `json:"documents"`
	MUC             prfJSON           `json:"muc"`
	B3              prfJSON           `json:"b3"`
	CEAFm           prfJSON           `json:"ceafm"`
	CEAFe           prfJSON           `json:"ceafe"`
	BLANC           prfJSON           `json:"blanc"`
	LEA             prfJSON           `json:"lea"`
	Mentions        prfJSON           `json:"mentions"`
	CoNLLF1         report.Number     `json:"conll_f1"`
	LinkTable       *linkTableJSON    `json:"link_table"`
	LinkKappa       report.Number     `json:"link_kappa"`
	LinkAlpha       report.Number     `json:"link_alpha"`
	LinkPi          report.Number     `json:"link_pi"`
	LinkKrippAlpha  report.Number     `json:"link_krippendorff_alpha"`
	ChainsAsSets    chainSetsJSON     `json:"chains_as_sets"`
	UndefinedReason map[string]string `json:"undefined_reason,omitempty"`
	Notes           []string          `json:"notes,omitempty"`
	// Bootstrap holds, with --bootstrap, each F1's document-bootstrap
	// summaries: {"se","ci":{…},"p_below":{…}} under the metric's name.
	Bootstrap map[string]*view.BootstrapResult `json:"bootstrap,omitempty"`
}

type corefJSON struct {
	version.Header
	Annotators   []string           `json:"annotators"`
	Documents    int                `json:"documents"`
	DocumentRule *view.DocumentRule `json:"document_rule"`
	Pairs        []corefPairJSON    `json:"pairs"`
	ChainsAsSets chainSetsJSON      `json:"chains_as_sets"`
	Warnings     []string           `json:"warnings,omitempty"`
	Notes        []string           `json:"notes,omitempty"`
	// With --by document (coref_breakdown.go).
	PerDocument []corefDocJSON   `json:"per_document,omitempty"`
	Corpus      *corefCorpusJSON `json:"corpus,omitempty"`
	Matrix      *corefMatrixJSON `json:"matrix,omitempty"`
}

func runCoref(e env, args []string) error {
	fs := newFlagSet(e, "coref", "coref [flags] FILE|DIR...  (CSV annotator,mention,chain[,document]; CoNLL-2012 or brat .ann/dir: one per annotator)")
	format := formatFlag(fs, "table")
	input := fs.String("input", "auto", "input format: auto (by extension; directories are brat), csv, conll, brat, or an annotation format ("+strings.Join(formats.Names(), ", ")+"; spans of --layer with their chains)")
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
	out := corefJSON{Header: version.NewHeader(), Annotators: anns, Documents: len(c.Documents()), Warnings: c.Warnings()}

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
				out.Notes = append(out.Notes, markableSummary(d))
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
	cs, err := chainSetsFor(rel, mode, setsOK)
	if err != nil {
		return err
	}
	out.ChainsAsSets = cs

	for i := range anns {
		for j := i + 1; j < len(anns); j++ {
			if c.SharedDocuments(i, j) == 0 {
				continue // compared on nothing (document_rule.unshared_pairs)
			}
			p, err := corefPair(c, rel, i, j, mode, setsOK)
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
				p.Bootstrap = corefBootstrapJSON(b)
			}
			out.Pairs = append(out.Pairs, p)
		}
	}
	if by.active() {
		out.addCorefDocuments(c, by.average)
	}
	e.observe(out)
	if err := rep.write(e, func() (*report.Page, error) { return corefPage(&out, files), nil }, files); err != nil || rep.only() {
		return err
	}
	if f == report.JSON {
		return report.WriteJSON(e.stdout, out)
	}
	return report.WriteTables(e.stdout, f, corefTables(out)...)
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

// chainSetsFor computes the chains as sets of c; when ok is false (the
// markables differ and --missing fail) every α is undefined with the reason.
func chainSetsFor(c *coref.Corpus, mode coref.ChainSets, ok bool) (chainSetsJSON, error) {
	m := "others"
	if mode == coref.WholeChain {
		m = "whole"
	}
	if !ok {
		nan := report.Number(math.NaN())
		why := "the annotators marked different mentions (see --missing)"
		return chainSetsJSON{Mode: m, MASI: nan, Jaccard: nan, Dice: nan, Passonneau: nan, Nominal: nan,
			UndefinedReason: map[string]string{"masi": why, "jaccard": why, "dice": why, "passonneau": why, "nominal": why}}, nil
	}
	al, err := c.ChainSetAlphas(mode)
	if err != nil {
		return chainSetsJSON{}, err
	}
	cs := chainSetsJSON{Mode: m, MASI: report.Number(al.MASI), Jaccard: report.Number(al.Jaccard),
		Dice: report.Number(al.Dice), Passonneau: report.Number(al.Passonneau), Nominal: report.Number(al.Nominal)}
	if len(al.Reasons) > 0 {
		cs.UndefinedReason = al.Reasons
	}
	return cs, nil
}

// corefPair computes the scores of annotators i (key) and j (response) on c
// and the link table and chains as sets on rel (c, or c with singletons).
func corefPair(c, rel *coref.Corpus, i, j int, mode coref.ChainSets, setsOK bool) (corefPairJSON, error) {
	anns := c.Annotators()
	s := c.Compare(i, j)
	p := corefPairJSON{
		Annotators: [2]string{anns[i], anns[j]},
		MUC:        toPRF(s.MUC), B3: toPRF(s.B3), CEAFm: toPRF(s.CEAFm), CEAFe: toPRF(s.CEAFe),
		BLANC: toPRF(s.BLANC), LEA: toPRF(s.LEA), Mentions: toPRF(s.Mentions),
		CoNLLF1: report.Number(s.CoNLL), Notes: s.Notes,
	}
	undef := map[string]string{}
	nan := report.Number(math.NaN())
	p.LinkKappa, p.LinkAlpha, p.LinkPi, p.LinkKrippAlpha = nan, nan, nan, nan
	tab, err := rel.LinkTable(i, j)
	var me *coref.MarkableError
	switch {
	case errors.As(err, &me):
		undef["link_table"] = fmt.Sprintf("the annotators marked different mentions (%d only by %q, %d only by %q); see --missing", len(me.OnlyA), me.A, len(me.OnlyB), me.B)
	case err != nil:
		undef["link_table"] = err.Error()
	default:
		p.LinkTable = &linkTableJSON{tab.A, tab.B, tab.C, tab.D}
		ag, err := tab.Agreement()
		if err != nil {
			return p, err
		}
		p.LinkKappa, p.LinkAlpha, p.LinkPi = report.Number(ag.Kappa), report.Number(ag.PassonneauAlpha), report.Number(ag.Pi)
		p.LinkKrippAlpha = report.Number(ag.KrippendorffAlpha)
		for k, r := range map[string]string{"link_kappa": ag.KappaReason, "link_alpha": ag.AlphaReason, "link_pi": ag.PiReason, "link_krippendorff_alpha": ag.KrippendorffReason} {
			if r != "" {
				undef[k] = r
			}
		}
	}
	if _, ok := undef["link_table"]; ok {
		for _, k := range []string{"link_kappa", "link_alpha", "link_pi", "link_krippendorff_alpha"} {
			undef[k] = "no link table"
		}
	}
	p.Documents = c.SharedDocuments(i, j)
	pairCorpus, err := rel.Select(i, j)
	if err != nil {
		return p, err
	}
	cs, err := chainSetsFor(pairCorpus, mode, setsOK || c.MarkableDifferences(i, j) == nil)
	if err != nil {
		return p, err
	}
	p.ChainsAsSets = cs
	if len(undef) > 0 {
		p.UndefinedReason = undef
	}
	return p, nil
}

// chainSetNotes gives the reasons of the undefined α of the chains as sets
// in the table's row order, one note per distinct reason.
func chainSetNotes(cs chainSetsJSON) []string {
	var notes []string
	var names []string
	reason := ""
	flush := func() {
		if len(names) > 0 {
			notes = append(notes, strings.Join(names, ", ")+" undefined: "+reason)
		}
	}
	for _, k := range []struct{ key, name string }{{"masi", "MASI"}, {"jaccard", "Jaccard"}, {"dice", "Dice"}, {"passonneau", "Passonneau"}, {"nominal", "nominal"}} {
		r, ok := cs.UndefinedReason[k.key]
		if !ok {
			continue
		}
		if r != reason {
			flush()
			names, reason = nil, r
		}
		names = append(names, k.name)
	}
	flush()
	return notes
}

// markableSummary is one line per pair whose markables differ: the counts
// and the first few mentions on each side.
func markableSummary(e *coref.MarkableError) string {
	const show = 3
	list := func(ms []string) string {
		if len(ms) <= show {
			return strings.Join(ms, "; ")
		}
		return strings.Join(ms[:show], "; ") + fmt.Sprintf("; … %d more", len(ms)-show)
	}
	line := fmt.Sprintf("%q and %q: %s only by %q, %d only by %q", e.A, e.B, plural.Count(len(e.OnlyA), "mention"), e.A, len(e.OnlyB), e.B)
	if len(e.OnlyA) > 0 {
		line += fmt.Sprintf(" (only %q: %s)", e.A, list(e.OnlyA))
	}
	if len(e.OnlyB) > 0 {
		line += fmt.Sprintf(" (only %q: %s)", e.B, list(e.OnlyB))
	}
	return line
}

func corefTables(out corefJSON) []report.Table {
	num := func(x report.Number) string { return report.Float(float64(x), 4) }
	scores := report.Table{
		Title:      "Coreference scores (reference scorer conventions; first annotator = key)",
		Header:     []string{"key", "response", "metric", "recall", "precision", "F1"},
		KeyColumns: 3,
	}
	links := report.Table{
		Title:      "Passonneau (1997) link table: a = links in both, b = second only, c = first only, d = neither",
		Header:     []string{"first", "second", "a", "b", "c", "d", "κ", "π", "α (Passonneau)", "α (Krippendorff)"},
		KeyColumns: 2,
	}
	for _, p := range out.Pairs {
		for _, m := range []struct {
			name string
			v    prfJSON
		}{{"MUC", p.MUC}, {"B3", p.B3}, {"CEAFm", p.CEAFm}, {"CEAFe", p.CEAFe}, {"BLANC", p.BLANC}, {"LEA", p.LEA}, {"mentions", p.Mentions}} {
			scores.Rows = append(scores.Rows, []string{p.Annotators[0], p.Annotators[1], m.name, num(m.v.Recall), num(m.v.Precision), num(m.v.F1)})
		}
		scores.Rows = append(scores.Rows, []string{p.Annotators[0], p.Annotators[1], "CoNLL", "", "", num(p.CoNLLF1)})
		scores.Notes = append(scores.Notes, p.Notes...)
		if p.LinkTable != nil {
			t := p.LinkTable
			links.Rows = append(links.Rows, []string{p.Annotators[0], p.Annotators[1], fmt.Sprint(t.A), fmt.Sprint(t.B), fmt.Sprint(t.C), fmt.Sprint(t.D), num(p.LinkKappa), num(p.LinkPi), num(p.LinkAlpha), num(p.LinkKrippAlpha)})
			for _, k := range []struct{ key, name string }{{"link_kappa", "κ"}, {"link_pi", "π"}, {"link_alpha", "α (Passonneau)"}, {"link_krippendorff_alpha", "α (Krippendorff)"}} {
				if r := p.UndefinedReason[k.key]; r != "" {
					links.Notes = append(links.Notes, fmt.Sprintf("%s/%s: %s undefined: %s", p.Annotators[0], p.Annotators[1], k.name, r))
				}
			}
		} else {
			links.Rows = append(links.Rows, []string{p.Annotators[0], p.Annotators[1], "", "", "", "", "undefined", "undefined", "undefined", "undefined"})
			links.Notes = append(links.Notes, fmt.Sprintf("%s/%s: %s", p.Annotators[0], p.Annotators[1], p.UndefinedReason["link_table"]))
		}
	}
	links.Notes = append(links.Notes, "α (Passonneau) is the paper's α (eqs. 24–27): chance from each annotator's own marginals, hence equal to κ; α (Krippendorff) pools the marginals and corrects for sample size")
	cs := out.ChainsAsSets
	sets := report.Table{
		Title:  fmt.Sprintf("Chains as sets: Krippendorff's α over all annotators (each mention coded with its chain, mode %s)", cs.Mode),
		Header: []string{"distance", "α"},
		Rows: [][]string{{"MASI", num(cs.MASI)}, {"Jaccard", num(cs.Jaccard)}, {"Dice", num(cs.Dice)},
			{"Passonneau", num(cs.Passonneau)}, {"nominal", num(cs.Nominal)}},
	}
	sets.Notes = append(sets.Notes, chainSetNotes(cs)...)
	sets.Notes = append(sets.Notes, out.Notes...)
	sets.Notes = append(sets.Notes, out.Warnings...)
	tables := []report.Table{scores, links, sets}
	if len(out.Pairs) > 0 && out.Pairs[0].Bootstrap != nil {
		b := report.Table{Title: "document bootstrap of the F1 scores", Header: []string{"first", "second", "F1", "SE", "interval", "P(< 0.667)", "P(< 0.8)"}}
		for _, p := range out.Pairs {
			for _, m := range []string{"conll_f1", "muc_f1", "b3_f1", "ceafm_f1", "ceafe_f1", "blanc_f1", "lea_f1"} {
				r := p.Bootstrap[m]
				b.Rows = append(b.Rows, []string{p.Annotators[0], p.Annotators[1], m, num(r.SE),
					"[" + num(r.CI.Low) + ", " + num(r.CI.High) + "]", num(r.PBelow[view.ThresholdKey(0.667)]), num(r.PBelow[view.ThresholdKey(0.8)])})
			}
		}
		b.Notes = []string{fmt.Sprintf("%s, %d resamples of the documents", out.Pairs[0].Bootstrap["conll_f1"].CI.Method, out.Pairs[0].Bootstrap["conll_f1"].CI.Resamples)}
		tables = append(tables, b)
	}
	if n := len(out.Annotators); n > 2 {
		m := report.Table{Title: "CoNLL F1 between annotators", Header: append([]string{""}, out.Annotators...)}
		idx := map[string]int{}
		for i, a := range out.Annotators {
			idx[a] = i
		}
		cell := make([][]string, n)
		for i := range cell {
			cell[i] = make([]string, n)
			cell[i][i] = num(1)
		}
		for _, p := range out.Pairs {
			i, j := idx[p.Annotators[0]], idx[p.Annotators[1]]
			cell[i][j], cell[j][i] = num(p.CoNLLF1), num(p.CoNLLF1)
		}
		for i, a := range out.Annotators {
			m.Rows = append(m.Rows, append([]string{a}, cell[i]...))
		}
		tables = append(tables, m)
	}
	if out.DocumentRule.Shown(out.Documents) {
		tables = append(tables, out.DocumentRule.PairTable())
	}
	return append(tables, corefDocumentTable(out)...)
}

// corefBootstrapJSON is the "bootstrap" object of a pair: each F1's
// summaries under the metric's key.
func corefBootstrapJSON(b coref.F1Bootstrap) map[string]*view.BootstrapResult {
	return map[string]*view.BootstrapResult{
		"conll_f1": view.NewBootstrapResult(b.CoNLL), "muc_f1": view.NewBootstrapResult(b.MUC),
		"b3_f1": view.NewBootstrapResult(b.B3), "ceafm_f1": view.NewBootstrapResult(b.CEAFm),
		"ceafe_f1": view.NewBootstrapResult(b.CEAFe), "blanc_f1": view.NewBootstrapResult(b.BLANC),
		"lea_f1": view.NewBootstrapResult(b.LEA),
	}
}

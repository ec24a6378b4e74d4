package formats

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"

	"agree/internal/suggest"
	"agree/position"

	"agree/annotation"
	"agree/formats/internal/names"
	"agree/formats/internal/textenc"
	"agree/formats/webanno"
)

// Options are the reading options shared by the formats; the zero value
// detects each file's format and reads it with the tool's defaults.
type Options struct {
	// Format is the input name (see Names); "" or "auto" detects it from
	// each file's extension and content.
	Format string
	// OffsetUnit is what the text offsets of the files count: "codepoint",
	// "utf16" or "byte"; "" takes the format's documented default (see
	// DefaultOffsetUnit).
	OffsetUnit string
	// Tiers chooses the tiers of ELAN and Praat files and who annotated
	// them: "A=TierA,B=TierB" (annotator A is tier TierA…), a regular
	// expression whose first group names the annotator ("Gesture_(.+)"),
	// "annotator" (ELAN's ANNOTATOR attribute), "dir" or "file" (one file
	// per annotator, named by its directory or by itself; the tiers are
	// layers); "" takes ELAN's ANNOTATOR attributes when the tiers have
	// them and each tier's name otherwise.
	Tiers string
	// Column is the 1-based column of the tags in BIO files; 0 means the
	// last column.
	Column int
	// Layer is passed to readers that read one layer of several (WebAnno
	// TSV, XMI); the measures choose their layer themselves.
	Layer string
	// LabelFeature is the feature whose value is a span's label in the
	// layers of WebAnno TSV, INCEpTION and UIMA files that have it (the
	// others take their default: value, a DKPro Core tag feature, or their
	// only feature); "" for the defaults. A feature that no layer read has
	// is an error (a typo would otherwise go unseen).
	LabelFeature string
	// Curation reads the curation documents of an INCEpTION/WebAnno
	// project export too (as annotator CURATION_USER).
	Curation bool
	// Unaligned says what to do with ELAN time slots that have no time:
	// "interpolate" (the default: evenly between the aligned slots around
	// them, as ELAN shows them) or "refuse".
	Unaligned string
	// DropZeroLength drops spans with start = end (a Praat point tier, a
	// zero-length unit) with a warning each, instead of keeping them.
	DropZeroLength bool
	// Warn receives warnings; nil discards them.
	Warn func(msg string)
	// Stdin is read for the path "-" (Read; ReadInputs takes inputs).
	Stdin io.Reader

	// labelFeatureFound is told of each layer read that has LabelFeature.
	labelFeatureFound func(layer string)
}

// fixedUnit says what the offsets of the formats that do not take
// Options.OffsetUnit count.
var fixedUnit = map[string]string{
	"csv": "code points or seconds", "jsonl": "code points or seconds", "rttm": "seconds",
	"eaf": "milliseconds", "textgrid": "seconds", "bio": "tokens",
}

// honoursUnit reports whether the format reads Options.OffsetUnit.
func (f *format) honoursUnit() bool { _, fixed := fixedUnit[f.name]; return !fixed }

// format is one input name and its reader.
type format struct {
	name string
	// exts are the lower-case file extensions the format is detected by;
	// sure are those of them that identify it without a look at the
	// content (.eaf, but not .json).
	exts, sure []string
	// sniff tells from the first bytes of a file (a UTF-8 prefix; UTF-16
	// files are decoded) whether it is in the format; nil: by extension
	// only.
	sniff func(head []byte, base string) bool
	// unit is the documented offset unit of a text format.
	unit annotation.OffsetUnit
	// read reads one file.
	read func(data []byte, name string, o *Options, unit annotation.OffsetUnit) (*annotation.Corpus, error)
	// readIn, if set, is read for a format whose files have neighbours
	// (a brat .ann its .txt): the file is p in fsys.
	readIn func(data []byte, name string, o *Options, unit annotation.OffsetUnit, fsys fs.FS, p string) (*annotation.Corpus, error)
	// isTree tells whether a directory (or archive) is an export in the
	// format's layout, read as a whole by tree; nil for file formats.
	isTree func(fsys fs.FS) bool
	tree   func(fsys fs.FS, name string, o *Options, unit annotation.OffsetUnit) (*annotation.Corpus, error)
}

// registry returns the formats in detection order.
func registry() []*format {
	return []*format{
		csvFormat, rttmFormat, jsonlFormat, inceptionFormat, bratFormat, webannoFormat, xmiFormat, jsoncasFormat,
		labelstudioFormat, prodigyFormat, doccanoFormat, eafFormat, textgridFormat, bioFormat,
	}
}

// Names returns the input names, in a stable order.
func Names() []string {
	var out []string
	for _, f := range registry() {
		out = append(out, f.name)
	}
	return out
}

func lookup(name string) *format {
	for _, f := range registry() {
		if f.name == name {
			return f
		}
	}
	return nil
}

// DefaultOffsetUnit returns the offset unit a format's tool documents
// (UTF-16 for WebAnno, INCEpTION, UIMA and doccano; code points for the
// others), or an error for an unknown name.
func DefaultOffsetUnit(name string) (annotation.OffsetUnit, error) {
	f := lookup(name)
	if f == nil {
		return 0, unknownFormat(name)
	}
	return f.unit, nil
}

func unknownFormat(name string) error {
	return fmt.Errorf("unknown input %q%s (want one of %s, or auto)", name, suggest.DidYouMean(name, Names()), strings.Join(Names(), ", "))
}

// Check validates the options (the format name, the offset unit, the
// tier selection, the column) before any file is read; a command reports
// its error as a usage error.
func (o *Options) Check() error {
	if o.Format != "" && o.Format != "auto" && lookup(o.Format) == nil {
		return unknownFormat(o.Format)
	}
	if o.OffsetUnit != "" {
		if _, err := annotation.ParseOffsetUnit(o.OffsetUnit); err != nil {
			return err
		}
	}
	if f := lookup(o.Format); f != nil && o.OffsetUnit != "" && !f.honoursUnit() {
		return fmt.Errorf("offset unit %q: %s files have their own (%s), which Options.OffsetUnit does not change", o.OffsetUnit, f.name, fixedUnit[f.name])
	}
	if o.Column < 0 {
		return fmt.Errorf("column %d: columns are counted from 1", o.Column)
	}
	switch o.Unaligned {
	case "", "interpolate", "refuse":
	default:
		return fmt.Errorf("unaligned %q: want interpolate or refuse", o.Unaligned)
	}
	return checkTiers(o.Tiers)
}

// Read reads the paths (files, "-", directories, ZIP archives) of the
// operating system into one corpus (ReadInputs of OS inputs). See the
// package documentation.
func Read(paths []string, opt Options) (*annotation.Corpus, error) {
	o := &OS{Stdin: opt.Stdin}
	return ReadInputs(o.Inputs(paths), opt)
}

// ReadInputs reads the inputs (files, directories, ZIP archives of any
// file system, streams) into one corpus. Each input is opened once.
func ReadInputs(inputs []*Input, opt Options) (*annotation.Corpus, error) {
	if err := opt.Check(); err != nil {
		return nil, err
	}
	labelFeature := false
	opt.labelFeatureFound = func(string) { labelFeature = true }
	r := &reading{opt: &opt, owner: map[[2]string]string{}, corpus: &annotation.Corpus{}}
	for _, in := range inputs {
		if err := r.input(in); err != nil {
			return nil, err
		}
	}
	c := r.corpus
	if opt.LabelFeature != "" && !labelFeature {
		var names []string
		for _, in := range inputs {
			names = append(names, in.Name)
		}
		return nil, fmt.Errorf("%s: no layer has the feature %q (Options.LabelFeature applies to the layers of WebAnno TSV, INCEpTION and UIMA files that have it; the notes and agree convert --to jsonl show the features as span attributes)",
			strings.Join(names, ", "), opt.LabelFeature)
	}
	if opt.DropZeroLength {
		dropZeroLength(c, opt.Warn)
	}
	if err := c.Validate(); err != nil {
		return nil, err
	}
	if err := c.CheckText(); err != nil {
		var tm *annotation.TextMismatch
		if errors.As(err, &tm) {
			if f := r.formatOf[tm.Span.Pos.File]; f != nil && !f.honoursUnit() {
				// --offset-unit would not help: say what the format counts
				return nil, fmt.Errorf("%w (%s offsets are code points of the document text, whatever Options.OffsetUnit says: is the span or the text wrong?)", err, f.name)
			}
			return nil, fmt.Errorf("%w (are the offsets counted in another unit? Options.OffsetUnit codepoint, utf16 or byte)", err)
		}
		return nil, err
	}
	return c, nil
}

// reading is the state of one Read.
type reading struct {
	opt    *Options
	corpus *annotation.Corpus
	// owner maps (document, annotator) to the file that gave them.
	owner map[[2]string]string
	// textFrom maps a document to the file its text was first read from.
	textFrom map[string]string
	// formatOf is the format each file was read by (files, not trees).
	formatOf map[string]*format
}

// textDiffers is the error of two files that give one document different
// texts: it shows where they part.
func textDiffers(file, before, doc, a, b string) error {
	ra, rb := []rune(a), []rune(b)
	k := 0
	for k < len(ra) && k < len(rb) && ra[k] == rb[k] {
		k++
	}
	excerpt := func(r []rune) string {
		lo, hi := max(k-15, 0), min(k+15, len(r))
		s := string(r[lo:hi])
		if lo > 0 {
			s = "…" + s
		}
		if hi < len(r) {
			s += "…"
		}
		return strconv.Quote(s)
	}
	return fmt.Errorf("%s: the text of document %q differs from the one in %s from code point %d on: %s here, %s there (the files must hold the same text, or the same tokens)",
		file, doc, before, k, excerpt(rb), excerpt(ra))
}

// input reads one input: a directory or an archive as a tree, a file
// through the reader of its format.
func (r *reading) input(in *Input) error {
	if !in.Stream() {
		dir, err := in.IsDir()
		if err != nil {
			return err
		}
		if dir || in.IsArchive() {
			fsys, done, err := in.Tree()
			if err != nil {
				return err
			}
			defer done()
			return r.tree(fsys, in.Name)
		}
	}
	f, err := in.Open()
	if err != nil {
		return err
	}
	defer f.Close()
	return r.open(f, in.Name, in.FS, in.Path)
}

// open reads one opened file (p in fsys, named name): its format is told
// from its head before it is read whole.
func (r *reading) open(f *File, name string, fsys fs.FS, p string) error {
	if err := f.CheckEmpty(); err != nil {
		return err
	}
	fm := r.chosen()
	if fm == nil {
		head, err := f.Peek(sniffSize)
		if err != nil {
			return readError(name, err)
		}
		if fm, err = detect(head, name); err != nil {
			return err
		}
	}
	if fm.read == nil {
		return fmt.Errorf("%s: %s input is a directory or an archive, not a single file", name, fm.name)
	}
	data, err := f.ReadAll()
	if err != nil {
		return err
	}
	return r.file(fm, data, name, fsys, p)
}

// tree reads a directory or an archive: as a project export when a format
// recognises it, else file by file.
func (r *reading) tree(fsys fs.FS, name string) error {
	if f := r.chosen(); f != nil && f.tree != nil && (f.isTree == nil || f.isTree(fsys)) {
		c, err := f.tree(fsys, name, r.opt, r.unit(f))
		if err != nil {
			return err
		}
		return r.add(c, name)
	}
	if r.chosen() == nil {
		for _, f := range registry() {
			if f.isTree != nil && f.isTree(fsys) {
				c, err := f.tree(fsys, name, r.opt, r.unit(f))
				if err != nil {
					return err
				}
				return r.add(c, name)
			}
		}
	}
	if f := r.chosen(); f == nil || slices.Contains([]*format{inceptionFormat, webannoFormat, xmiFormat, jsoncasFormat}, f) {
		// an INCEpTION export with no annotation/ folder: say so, rather
		// than fail on its exportedproject.json
		if json, ok := webanno.ExportWithoutAnnotations(fsys); ok {
			return webanno.WithoutAnnotationsError(name, json)
		}
	}
	var files []string
	err := fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if p != "." && names.Ignored(d.Name()) {
			if d.IsDir() {
				return fs.SkipDir
			}
			return nil
		}
		if !d.IsDir() && r.wanted(p) {
			files = append(files, p)
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	if len(files) == 0 {
		return fmt.Errorf("%s: no file with a known extension (%s)", name, strings.Join(r.extensions(), " "))
	}
	sort.Strings(files)
	for _, p := range files {
		if err := r.member(fsys, p, path.Join(filepath.ToSlash(name), p)); err != nil {
			return err
		}
	}
	return nil
}

// member reads the file p of a tree, named shown.
func (r *reading) member(fsys fs.FS, p, shown string) error {
	fh, err := fsys.Open(p)
	if err != nil {
		return err
	}
	f := &File{Name: shown, f: fh, r: fh}
	if st, err := fh.Stat(); err == nil {
		f.info = st
	}
	defer f.Close()
	return r.open(f, shown, fsys, p)
}

// chosen returns the format named by the options, or nil to detect.
func (r *reading) chosen() *format {
	if r.opt.Format == "" || r.opt.Format == "auto" {
		return nil
	}
	return lookup(r.opt.Format)
}

// wanted reports whether a file found in a directory is read.
func (r *reading) wanted(p string) bool {
	ext := strings.ToLower(path.Ext(p))
	if f := r.chosen(); f != nil {
		return slices.Contains(f.exts, ext)
	}
	for _, f := range registry() {
		if f.read != nil && slices.Contains(f.exts, ext) {
			return true
		}
	}
	return false
}

func (r *reading) extensions() []string {
	var out []string
	for _, f := range registry() {
		if c := r.chosen(); c != nil && c != f {
			continue
		}
		for _, e := range f.exts {
			if !slices.Contains(out, e) {
				out = append(out, e)
			}
		}
	}
	return out
}

func (r *reading) unit(f *format) annotation.OffsetUnit {
	if r.opt.OffsetUnit != "" {
		u, _ := annotation.ParseOffsetUnit(r.opt.OffsetUnit) // checked by Check
		return u
	}
	return f.unit
}

// file reads the content of one file (p in fsys, named name) in the
// format f.
func (r *reading) file(f *format, data []byte, name string, fsys fs.FS, p string) error {
	var c *annotation.Corpus
	var err error
	if f.readIn != nil {
		c, err = f.readIn(data, name, r.opt, r.unit(f), fsys, p)
	} else {
		c, err = f.read(data, name, r.opt, r.unit(f))
	}
	if err != nil {
		return err
	}
	if r.formatOf == nil {
		r.formatOf = map[string]*format{}
	}
	r.formatOf[name] = f
	return r.add(c, name)
}

// add merges a partial corpus read from one file or tree, refusing a
// document and annotator that an earlier file gave already.
func (r *reading) add(c *annotation.Corpus, from string) error {
	if r.textFrom == nil {
		r.textFrom = map[string]string{}
	}
	for _, doc := range c.Documents {
		if !doc.HasText {
			continue
		}
		j := r.corpus.LookupDocument(doc.Name)
		if j < 0 || !r.corpus.Documents[j].HasText {
			r.textFrom[doc.Name] = from
			continue
		}
		if before := r.corpus.Documents[j].Text; before != doc.Text {
			return textDiffers(from, r.textFrom[doc.Name], doc.Name, before, doc.Text)
		}
	}
	for d, anns := range c.Annotated() {
		for _, a := range anns {
			k := [2]string{c.Documents[d].Name, c.Annotators[a]}
			if prev, ok := r.owner[k]; ok && prev != from {
				hint := ""
				if media(r.formatOf[from]) && media(r.formatOf[prev]) {
					hint = "; for ELAN or Praat files of one annotator each, Options.Tiers dir or Options.Tiers file"
				}
				return fmt.Errorf("%s: annotator %q of document %q was read from %s already (two files give one annotator's annotations of one document: give one of them, or rename a file%s)", from, k[1], k[0], prev, hint)
			}
			r.owner[k] = from
		}
	}
	return r.corpus.Merge(c)
}

// media reports whether f reads ELAN or Praat files (whose tiers --tiers
// maps to annotators).
func media(f *format) bool { return f == eafFormat || f == textgridFormat }

// dropZeroLength removes the spans with start = end, with a warning each,
// and the relations that link them.
func dropZeroLength(c *annotation.Corpus, warn func(string)) {
	keep := make([]int, len(c.Spans))
	n := 0
	for i, s := range c.Spans {
		if s.Start == s.End {
			keep[i] = -1
			if warn != nil {
				warn(fmt.Sprintf("%v: zero-length unit at %v skipped", s.Pos, s.Start))
			}
			continue
		}
		keep[i] = n
		c.Spans[n] = s
		n++
	}
	if n == len(c.Spans) {
		return
	}
	c.Spans = c.Spans[:n]
	rels := c.Relations[:0]
	for _, rel := range c.Relations {
		if keep[rel.Source] < 0 || keep[rel.Target] < 0 {
			continue
		}
		rel.Source, rel.Target = keep[rel.Source], keep[rel.Target]
		rels = append(rels, rel)
	}
	c.Relations = rels
}

// detect chooses the format of one file from its extension and content.
func detect(data []byte, name string) (*format, error) {
	head := sniffHead(data)
	base := path.Base(filepath.ToSlash(name))
	ext := strings.ToLower(path.Ext(base))
	var byExt []*format
	for _, f := range registry() {
		if f.read != nil && ext != "" && slices.Contains(f.exts, ext) {
			byExt = append(byExt, f)
		}
	}
	for _, f := range byExt {
		if f.sniff != nil && f.sniff(head, base) {
			return f, nil
		}
	}
	for _, f := range byExt {
		if f.sniff == nil || slices.Contains(f.sure, ext) {
			return f, nil // the extension identifies the format (csv, eaf)
		}
	}
	for _, f := range registry() {
		if f.read != nil && f.sniff != nil && !slices.Contains(byExt, f) && f.sniff(head, base) {
			return f, nil
		}
	}
	if IsSpanCSV(head) {
		return csvFormat, nil // a span CSV without a .csv name (standard input)
	}
	if strings.HasPrefix(base, "exportedproject") && ext == ".json" {
		return nil, fmt.Errorf("%s: the project description of an INCEpTION/WebAnno project export, which holds no annotations: give the whole export (its ZIP, or the folder with annotation/ in it)", name)
	}
	return nil, position.Errorf(name, 0, 0, "cannot tell the format from the name or the content; give Options.Format NAME (%s)", strings.Join(Names(), ", "))
}

// sniffSize is the number of bytes of a file that detect looks at
// (sniffHead's: 4096 bytes of UTF-8, twice as many of UTF-16).
const sniffSize = 8192

// sniffHead returns the first bytes of a file as UTF-8: UTF-16 with a
// byte-order mark is decoded, a UTF-8 byte-order mark removed.
func sniffHead(data []byte) []byte {
	const n = sniffSize / 2
	if u, ok := textenc.UTF16(data[:min(len(data), 2*n)&^1]); ok {
		return []byte(u)
	}
	data = bytes.TrimPrefix(data, []byte("\ufeff"))
	return data[:min(len(data), n)]
}

// Detect returns the input name of a file from its name and content (its
// first bytes suffice), or an error when no format recognises it.
func Detect(data []byte, name string) (string, error) {
	f, err := detect(data, name)
	if err != nil {
		return "", err
	}
	return f.name, nil
}

// KnownExtension reports whether some format is detected by the file
// extension ext (".eaf"; any case).
func KnownExtension(ext string) bool {
	ext = strings.ToLower(ext)
	for _, f := range registry() {
		if slices.Contains(f.exts, ext) {
			return true
		}
	}
	return false
}
